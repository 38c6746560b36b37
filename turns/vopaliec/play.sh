#!/bin/sh
# Plays the first turn of the example game, Diable et Bon Dieu by mail:
#   1. `arbitre new` creates the game folder from players.yaml (welcomes in the outbox);
#   2. `arbitre mail` reads the players' mails in mail/ (orders, casts, press, a forged
#      sender, a message sent twice), one at a time as procmail would pipe them;
#   3. `arbitre process` adjudicates Spring 1901 and writes the reports;
#   4. `arbitre status` prints the referee's view.
# The game folder is vopaliec/ in the build folder (target/, or $CARGO_TARGET_DIR when set);
# read its outbox/ and pages/ afterwards.
set -eu
# The release profile is the quick one to build (cargo's default codegen); the binary to
# install is `--profile dist` (README, "Two commands").
cd "$(dirname "$0")/../.."
cargo build --release --locked --quiet
target="${CARGO_TARGET_DIR:-target}"
arbitre="$target/release/arbitre"
game="$target/vopaliec"
rm -rf "$game"
"$arbitre" new "$game" --players turns/vopaliec/players.yaml --now 2026-11-28T10:00:00+01:00
for m in turns/vopaliec/mail/*.eml; do
    "$arbitre" mail "$game" --now 2026-11-30T19:00:00+01:00 < "$m"
done
"$arbitre" process "$game" --now 2026-12-01T20:00:00+01:00
"$arbitre" status "$game"
echo
echo "The outbox ($game/outbox), one message per file and recipient:"
ls "$game/outbox"
echo
echo "The public report of Spring 1901 as a web page: $game/pages/S1901M.html"
