#!/usr/bin/env bash
# plugin/scripts/metadata_halves.py on four made-up pages: page p11 and p15 fall in inner half
# 0 of the WCXB tune half, p3 in inner half 1, p1 in the held-out half (by the SHA-1 of the
# id). Checks found and invented counts per inner half, the change from a base directory, the
# eval's comparison (case and whitespace only: p3's typographic quote is another character; the
# gold's day), and that the held-out half is left out unless asked for. Skips (77) without python3.
# Usage: metadata_halves.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "metadata_halves: SKIPPED: no python3"; exit 77; }
source "$here/lib/expect.bash"
script=$here/../../plugin/scripts/metadata_halves.py
mkdir -p "$work/gold" "$work/new" "$work/base"
gold() { echo "{\"ground_truth\": {\"title\": $2, \"author\": $3, \"publish_date\": $4}}" > "$work/gold/$1.json"; }
ours() { echo "{\"metadata\": {\"title\": $3, \"author\": $4, \"date\": $5}}" > "$work/$1/$2.json"; }
gold p11 '"A Title"' '"Ann Lee"' '"2024-05-06"'
gold p15 '"B"' null null
gold p3 '"C\u2019s page"' '""' '"2023-01-02T10:00:00Z"'
gold p1 '"D"' '"X"' null
ours new p11 '"a  title"' '"Ann Lee"' '"2024-05-06"'
ours new p15 '"B"' '"Someone"' null
ours new p3 "\"C's page\"" null '"2023-01-02"'
ours new p1 '"D"' '"X"' '"2020-01-01"'
ours base p11 '"a  title"' null '"2024-05-07"'
ours base p15 '"B"' null '"2024-01-01"'
cp "$work/new/p3.json" "$work/new/p1.json" "$work/base/"

expect_rc 0 "one directory" -- python3 "$script" --gold "$work/gold" "$work/new"
for row in '| title | tune | 3 | 2 | 0 | 0 |' '| title | inner 0 | 2 | 2 | 0 | 0 |' \
           '| author | inner 0 | 1 | 1 | 1 | 1 |' \
           '| author | inner 1 | 0 | 0 | 1 | 0 |' '| date | inner 0 | 1 | 1 | 1 | 0 |' \
           '| date | inner 1 | 1 | 1 | 0 | 0 |'; do
  grep -qF -- "$row" "$work/out" || fail "one directory: no row '$row' in: $(cat "$work/out")"
done
grep -q "held-out" "$work/out" && fail "the held-out half is shown unasked"

expect_rc 0 "against a base" -- python3 "$script" --gold "$work/gold" "$work/new" "$work/base" -v
for row in '| author | inner 0 | 1 | 0 → 1 (+1) | 1 | 0 → 1 (+1) |' \
           '| date | inner 0 | 1 | 0 → 1 (+1) | 1 | 1 → 0 (-1) |' \
           "inner 0 p15: None -> 'Someone'"; do
  grep -qF -- "$row" "$work/out" || fail "against a base: no '$row' in: $(cat "$work/out")"
done

expect_rc 0 "with the held-out half" -- python3 "$script" --gold "$work/gold" "$work/new" --held-out
grep -qF '| date | held-out | 0 | 0 | 1 | 1 |' "$work/out" || fail "held-out: $(cat "$work/out")"

rm "$work/new/p3.json"
expect_rc 1 "a page missing" -- python3 "$script" --gold "$work/gold" "$work/new"
grep -q "p3.json" "$work/err" || fail "a missing page is not named: $(cat "$work/err")"

[ "$failures" -eq 0 ] && echo "metadata_halves: ok"
exit $((failures > 0))
