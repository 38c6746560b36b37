#!/usr/bin/env bash
# The real mail servers the tests start on loopback (issue #16): Dovecot for IMAP (Debian's
# dovecot-imapd, 2.3 on Debian 12; tests/support/servers.rs writes a 2.3 configuration and
# skips a 2.4), aiosmtpd (PyPI) for SMTP, openssl. Installs what is missing, as root, with
# apt-get and pip; does nothing when all is there, so it is safe to run every time.
# When something cannot be installed, it says so and goes on: the tests that need it then
# print that they are skipped and why.
set -uo pipefail

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
    else echo "setup-servers: not root (and no sudo): cannot run: $*" >&2; return 1
    fi
}

missing=()
command -v openssl >/dev/null || missing+=(openssl)
{ command -v dovecot >/dev/null || [ -x /usr/sbin/dovecot ]; } || missing+=(dovecot-imapd)
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null; then
        echo "setup-servers: installing ${missing[*]} with apt-get"
        as_root apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
            echo "setup-servers: could not install ${missing[*]}; the tests that need them will be skipped" >&2
    else
        echo "setup-servers: no apt-get here: install ${missing[*]} by hand; the tests that need them will be skipped" >&2
    fi
fi

python=${ARBITRE_TEST_PYTHON:-python3}
if ! "$python" -c 'import aiosmtpd' 2>/dev/null; then
    echo "setup-servers: installing aiosmtpd with pip"
    "$python" -m pip install --quiet aiosmtpd ||
        echo "setup-servers: could not install aiosmtpd; the SMTP tests that need it will be skipped" >&2
fi

dovecot_bin=$(command -v dovecot || echo /usr/sbin/dovecot)
echo "setup-servers: dovecot $("$dovecot_bin" --version 2>/dev/null || echo missing)," \
    "aiosmtpd $("$python" -c 'import aiosmtpd; print(aiosmtpd.__version__)' 2>/dev/null || echo missing)," \
    "$(openssl version 2>/dev/null || echo 'openssl missing')"

# What the tests of the web pages need (html5lib, headless Chromium).
bash "$(dirname "$0")/setup-pages.sh"
