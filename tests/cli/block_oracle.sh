#!/usr/bin/env bash
# plugin/scripts/block_oracle.py on four made-up pages: p11, p15 and p3 in the WCXB tune half,
# p1 in the held-out half (by the SHA-1 of the id, as metadata_halves.sh). Checks the word F1
# of the kept blocks, of the greedy choice made knowing the gold, and of every block, worked
# out by hand below; the page types as the eval reads them (none: article; a Python dict
# literal; category as collection); the held-out half only when asked for; and that a missing
# page, a missing gold folder and a broken gold file are named. Skips (77) without python3.
# Usage: block_oracle.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "block_oracle: SKIPPED: no python3"; exit 77; }
source "$here/lib/expect.bash"
script=$here/../../plugin/scripts/block_oracle.py
mkdir -p "$work/gold" "$work/all" "$work/ours"
gold() { echo "{\"ground_truth\": {\"main_content\": $2}${3:+, \"_internal\": $3}}" > "$work/gold/$1.json"; }
# blocks DIR PAGE TEXT:KEPT...: a -f json --blocks file with one block per argument
blocks() {
  local dir=$1 page=$2 sep="" list=""
  shift 2
  for b in "$@"; do
    list+="$sep{\"text\": \"${b%:*}\", \"content\": ${b##*:}}"
    sep=", "
  done
  echo "{\"blocks\": [$list]}" > "$work/$dir/$page.json"
}
# p11, an article: ours keeps "Alpha beta" and the menu (P 0.5, R 0.5: 0.5); the choice takes
# the two gold blocks (1.0); every block: P 4/6, R 1 (0.8).
gold p11 '"alpha beta gamma delta"'
blocks all p11 "Alpha beta:true" "gamma delta:true" "menu home:true"
blocks ours p11 "Alpha beta:true" "gamma delta:false" "menu home:true"
# p15, a product: ours keeps nothing (0); the choice takes the first block (P 2/3, R 1: 0.8)
# and not "buy now"; every block: P 2/5, R 1 (0.571).
gold p15 '"red shoe"' '{"page_type": {"primary": "product"}}'
blocks all p15 "red shoe size:true" "buy now:true"
blocks ours p15 "red shoe size:false" "buy now:false"
# p3, a category page whose gold is empty: keeping nothing scores 1 (ours, the choice), every
# block 0.
gold p3 '""' "\"{'page_type': {'primary': 'category'}}\""
blocks all p3 "x y:true"
blocks ours p3 "x y:false"
# p1, held-out, a forum thread kept whole.
gold p1 '"a b"' '{"page_type": {"primary": "forum"}}'
blocks all p1 "a b:true"
blocks ours p1 "a b:true"

expect_rc 0 "the tune half" -- python3 "$script" --gold "$work/gold" "$work/all" "$work/ours"
for row in '| article | 1 | 0.500 | 1.000 | 0.800 |' '| collection | 1 | 1.000 | 1.000 | 0.000 |' \
           '| product | 1 | 0.000 | 0.800 | 0.571 |' '| all pages | 3 | 0.500 | 0.933 | 0.457 |'; do
  grep -qF -- "$row" "$work/out" || fail "tune half: no row '$row' in: $(cat "$work/out")"
done
grep -q "forum" "$work/out" && fail "the held-out half is read unasked: $(cat "$work/out")"

expect_rc 0 "the held-out half" -- python3 "$script" --gold "$work/gold" "$work/all" "$work/ours" --held-out
grep -qF '| forum | 1 | 1.000 | 1.000 | 1.000 |' "$work/out" || fail "held-out: $(cat "$work/out")"
grep -q "article" "$work/out" && fail "held-out: the tune half is read too: $(cat "$work/out")"

rm "$work/all/p15.json"
expect_rc 1 "a page missing" -- python3 "$script" --gold "$work/gold" "$work/all" "$work/ours"
grep -q "p15" "$work/err" || fail "a missing page is not named: $(cat "$work/err")"

expect_rc 1 "no gold folder" -- python3 "$script" --gold "$work/none" "$work/all" "$work/ours"
grep -q "$work/none" "$work/err" || fail "a missing gold folder is not named: $(cat "$work/err")"
echo '{"ground_truth":' > "$work/gold/p11.json"
expect_rc 1 "a broken gold file" -- python3 "$script" --gold "$work/gold" "$work/all" "$work/ours"
grep -q "p11.json: not a WCXB ground-truth file" "$work/err" || fail "a broken gold file is not named: $(cat "$work/err")"

[ "$failures" -eq 0 ] && echo "block_oracle: ok"
exit $((failures > 0))
