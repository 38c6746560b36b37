"""aiosmtpd for arbitre's tests: keeps each message it accepts as NNNNN.eml (the bytes of
DATA, dot-stuffing undone) with NNNNN.json beside it (envelope, TLS, login). Scripted
failures: --refuse (550) and --defer (451) recipients, --delay before each reply to DATA,
--exit-at-mail N (the whole server dies at the Nth MAIL FROM, as a crashed or restarted
server would, without a reply)."""
import argparse, asyncio, json, os, signal, ssl, sys, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

p = argparse.ArgumentParser()
p.add_argument('--port', type=int, required=True)
p.add_argument('--out', required=True)
p.add_argument('--mode', choices=['plain', 'starttls', 'smtps'], default='plain')
p.add_argument('--cert')
p.add_argument('--key')
p.add_argument('--login')
p.add_argument('--refuse', action='append', default=[])
p.add_argument('--defer', action='append', default=[])
p.add_argument('--delay', type=float, default=0.0)
p.add_argument('--exit-at-mail', type=int, default=0)
args = p.parse_args()
lock = threading.Lock()
count = [len([n for n in os.listdir(args.out) if n.endswith('.eml')])]
mails = [0]

class Handler:
    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        # One line per EHLO that opens a session (not the one after STARTTLS).
        if session.ssl is None or args.mode == 'smtps':
            with lock, open(os.path.join(args.out, 'sessions'), 'a') as f:
                f.write(hostname + '\n')
        session.host_name = hostname
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        with lock:
            mails[0] += 1
            if mails[0] == args.exit_at_mail:
                os._exit(0)
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return '250 OK'

    async def handle_RCPT(self, server, session, envelope, address, options):
        if address in args.refuse:
            return '550 5.1.1 <%s>: no such user here' % address
        if address in args.defer:
            return '451 4.3.0 <%s>: try again later' % address
        envelope.rcpt_tos.append(address)
        return '250 2.1.5 OK'

    async def handle_DATA(self, server, session, envelope):
        if args.delay:
            await asyncio.sleep(args.delay)
        with lock:
            count[0] += 1
            stem = os.path.join(args.out, '%05d' % count[0])
        meta = {'from': envelope.mail_from, 'to': envelope.rcpt_tos,
                'tls': server.transport.get_extra_info('ssl_object') is not None,
                'login': session.auth_data if isinstance(session.auth_data, str) else None}
        for ext, data in (('.eml', envelope.original_content), ('.json', json.dumps(meta).encode())):
            with open(stem + ext + '.tmp', 'wb') as f:
                f.write(data)
            os.rename(stem + ext + '.tmp', stem + ext)
        return '250 2.0.0 kept'

def authenticator(server, session, envelope, mechanism, auth_data):
    user, password = args.login.split(':', 1)
    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
    return AuthResult(success=ok, handled=False) if not ok else AuthResult(success=True, auth_data=user)

context = None
if args.cert:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)
kwargs = {}
if args.mode == 'starttls':
    kwargs.update(tls_context=context, require_starttls=True)
if args.login:
    kwargs.update(authenticator=authenticator, auth_required=True, auth_require_tls=False)
controller = Controller(Handler(), hostname='127.0.0.1', port=args.port,
                        ssl_context=context if args.mode == 'smtps' else None,
                        server_hostname='localhost', **kwargs)
controller.start()
print('ready', flush=True)
signal.sigwait([signal.SIGTERM, signal.SIGINT])
controller.stop()
