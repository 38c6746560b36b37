#!/bin/sh
# Builds the seed corpora of the fuzz targets from the project's test data:
#   mail        tests/mail/in/*.eml and turns/vopaliec/mail/*.eml
#   order       every order line of tests/datc, tests/diable and turns (one file each)
#   position    tests/datc/*.yaml, tests/diable/*.yaml, turns/*.yaml
#   adjudicate  starts empty: its input is arbitrary's bytes, not text
# Run from anywhere; writes fuzz/corpus/<target>/ (ignored by git).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
corpus="$here/corpus"
mkdir -p "$corpus/mail" "$corpus/order" "$corpus/position" "$corpus/adjudicate"

for f in "$top"/tests/mail/in/*.eml "$top"/turns/vopaliec/mail/*.eml; do
    cp "$f" "$corpus/mail/"
done
for f in "$top"/tests/datc/*.yaml "$top"/tests/diable/*.yaml "$top"/turns/*.yaml; do
    cp "$f" "$corpus/position/"
done
# Order lines: the `- ...` items under `orders:` (and the casts under `divine:`).
n=0
for f in "$top"/tests/datc/*.yaml "$top"/tests/diable/*.yaml "$top"/turns/*.yaml; do
    awk '/^[a-z_]+:/ { inside = ($1 == "orders:") ; next }
         inside && /^ +- / { sub(/^ +- /, ""); print }
         /^ +(blessing|curse): / { sub(/^ +[a-z]+: /, ""); print }' "$f"
done | sort -u | while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" > "$corpus/order/seed-$n"
done
for t in mail order position adjudicate; do
    echo "$t: $(ls "$corpus/$t" | wc -l) seed(s)"
done
