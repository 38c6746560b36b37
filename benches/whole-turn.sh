#!/bin/sh
# The whole turn, timed: mails in, adjudication, reports rendered, outbox written.
#
#   benches/whole-turn.sh [N ...]        (default: 1 1000)
#
# For each N: N games of Diable et Bon Dieu under one ROOT, each with its own name
# (g0001, g0002, …) and its own players, made from turns/vopaliec/players.yaml. Every game
# gets the example turn's nine messages (turns/vopaliec/mail/01-09: the seven powers' spring
# orders with press, God's blessing, the Devil's curse), renamed for its game. Timed apart,
# each under /usr/bin/time -v (wall clock, and the peak RSS of the largest process):
#
#   mail, one process per message   `arbitre mail ROOT < m.eml`, as procmail delivers
#   mail, one process per game      `arbitre mail ROOT 01.eml … 09.eml` (a second ROOT)
#   process                         one `arbitre process ROOT --now DEADLINE` for all games
#                                   (on each ROOT: both must end the same)
#
# `arbitre new` (nine salted, stretched password hashes per game) is set-up, not timed.
# Wall time includes waiting for the disk: every file is written atomically and synced.
# Needs GNU time (Debian package `time`). Work folder: $WHOLE_TURN_DIR or target/whole-turn.
set -eu
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "whole-turn.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ $# -gt 0 ] || set -- 1 1000
cargo build --release --locked --quiet
bin=$PWD/target/release/arbitre
work=${WHOLE_TURN_DIR:-$PWD/target/whole-turn}
created=2026-11-28T10:00:00+01:00
evening=2026-11-30T19:00:00+01:00
deadline=2026-12-01T20:00:00+01:00

# timed LOG COMMAND...: runs the command under GNU time, quietly.
timed() {
    log=$1
    shift
    /usr/bin/time -v -o "$log" "$@" > "$log.out" 2> "$log.err" || {
        echo "whole-turn.sh: failed: $*" >&2
        tail "$log.err" >&2
        exit 1
    }
}
# row N PHASE MESSAGES LOG: one line of the table from a GNU time log.
row() {
    awk -v n="$1" -v phase="$2" -v msgs="$3" '
        /Elapsed \(wall clock\)/ {
            t = $NF; k = split(t, p, ":"); s = 0
            for (i = 1; i <= k; i++) s = s * 60 + p[i]
        }
        /User time \(seconds\)/ { cpu += $NF }
        /System time \(seconds\)/ { cpu += $NF }
        /Maximum resident set size/ { rss = $NF }
        END {
            printf "| %d | %s | %d | %.2f s | %.2f s | %.1f MiB | %.1f ms |\n", n, phase, msgs, s, cpu, rss / 1024, 1000 * s / n
        }' "$4"
}

echo "| N | phase | messages | wall time | CPU (user + sys) | peak RSS | wall per game |"
echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: |"
for n in "$@"; do
    dir=$work/$n
    rm -rf "$dir"
    mkdir -p "$dir/players" "$dir/msgs" "$dir/pipe" "$dir/logs"
    i=1
    while [ "$i" -le "$n" ]; do
        g=$(printf 'g%04d' "$i")
        sed "s/vopaliec/$g/g" turns/vopaliec/players.yaml > "$dir/players/$g.yaml"
        mkdir -p "$dir/msgs/$g"
        for m in turns/vopaliec/mail/0[1-9]-*.eml; do
            sed "s/vopaliec/$g/g" "$m" > "$dir/msgs/$g/$(basename "$m")"
        done
        "$bin" new "$dir/pipe/$g" --players "$dir/players/$g.yaml" --now "$created" > "$dir/logs/new.out" 2>&1 ||
            { cat "$dir/logs/new.out" >&2; exit 1; }
        i=$((i + 1))
    done
    cp -R "$dir/pipe" "$dir/files"
    msgs=$((9 * n))

    timed "$dir/logs/mail-pipe" sh -c '
        bin=$1 root=$2 msgs=$3 now=$4
        for g in "$msgs"/*; do
            for m in "$g"/*.eml; do "$bin" mail "$root" --now "$now" < "$m"; done
        done' sh "$bin" "$dir/pipe" "$dir/msgs" "$evening"
    row "$n" "mail, a process per message" "$msgs" "$dir/logs/mail-pipe"

    timed "$dir/logs/mail-files" sh -c '
        bin=$1 root=$2 msgs=$3 now=$4
        for g in "$msgs"/*; do "$bin" mail "$root" --now "$now" "$g"/*.eml; done' \
        sh "$bin" "$dir/files" "$dir/msgs" "$evening"
    row "$n" "mail, a process per game" "$msgs" "$dir/logs/mail-files"

    timed "$dir/logs/process" "$bin" process "$dir/pipe" --now "$deadline"
    row "$n" "process" "$n" "$dir/logs/process"
    timed "$dir/logs/process-files" "$bin" process "$dir/files" --now "$deadline"

    # Every game has moved on, and both roots wrote the same messages.
    moved=$(grep -l '^phase: Fall 1901 Movement' "$dir"/pipe/*/state.yaml | wc -l)
    [ "$moved" -eq "$n" ] || { echo "whole-turn.sh: only $moved of $n games reached Fall 1901" >&2; exit 1; }
    (cd "$dir/pipe" && find . -path '*/outbox/*' | sort) > "$dir/logs/outbox-pipe"
    (cd "$dir/files" && find . -path '*/outbox/*' | sort) > "$dir/logs/outbox-files"
    cmp -s "$dir/logs/outbox-pipe" "$dir/logs/outbox-files" || {
        echo "whole-turn.sh: the two ways of delivering mail wrote different outboxes" >&2
        exit 1
    }
    echo "N=$n: $(wc -l < "$dir/logs/outbox-pipe") messages in the outboxes" >&2
done
