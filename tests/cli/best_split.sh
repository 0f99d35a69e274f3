#!/usr/bin/env bash
# plugin/scripts/best_split.py --base on made-up pages TSVs: each system is compared with the
# same-named system of the base file page by page on the part asked for (p1, p2, p4 held-out;
# p3 tune, by the SHA-1 of the id), WCXB's word F1 where a row has one and bag-of-words F1
# elsewhere, with the standard error of the per-page differences and the pages changed, and the
# mean over the data sets; a system the base lacks is left out, and a base with none of the
# systems, a missing base and a score that is no number are named (file and line). Skips
# (77) without python3.
# Usage: best_split.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "best_split: SKIPPED: no python3"; exit 77; }
source "$here/lib/expect.bash"
script=$here/../../plugin/scripts/best_split.py

# rows SCORES...: one row per "dataset page bow word" (word "-": none), system best
rows() {
  printf 'dataset\tsystem\tpage\tbow_f1\tsh4_p\tsh4_r\tpage_type\tword_f1\n'
  while [ $# -gt 0 ]; do
    local word=$4
    [ "$word" = - ] && word=
    printf '%s\tbest\t%s\t%s\t\t\t%s\t%s\n' "$1" "$2" "$3" "${word:+article}" "$word"
    shift 4
  done
}
rows wcxb-dev p1 0 0.5  wcxb-dev p2 0 0.5  wcxb-dev p4 0 0.4  wcxb-dev p3 0 0.1 \
     dragnet-train p1 0.9 -  dragnet-train p2 0.9 - > "$work/base.tsv"
{
  rows wcxb-dev p1 0 0.7  wcxb-dev p2 0 0.5  wcxb-dev p4 0 0.6  wcxb-dev p3 0 0.9 \
       dragnet-train p1 0.8 -  dragnet-train p2 0.9 -
  printf 'wcxb-dev\tarticle\tp1\t0\t\t\tarticle\t0.1\n'   # not in the base: left out
} > "$work/new.tsv"

expect_rc 0 "against a base" -- python3 "$script" "$work/new.tsv" --base "$work/base.tsv" --part held
for line in '| best | held | -0.0500 ± 0.0500 (1) | +0.1333 ± 0.0667 (2) | +0.0417 ± 0.0417 |'; do
  grep -qF -- "$line" "$work/out" || fail "no line '$line' in: $(cat "$work/out")"
done
grep -q '| article | held |.*±' "$work/out" && fail "a system the base lacks is compared: $(cat "$work/out")"

sed 's/\tbest\t/\tother\t/' "$work/base.tsv" > "$work/other.tsv"
expect_rc 1 "no common system" -- python3 "$script" "$work/new.tsv" --base "$work/other.tsv"
grep -q "$work/other.tsv has none of the systems" "$work/err" || fail "not named: $(cat "$work/err")"

expect_rc 1 "a missing base" -- python3 "$script" "$work/new.tsv" --base "$work/missing.tsv"
grep -q "$work/missing.tsv: No such file" "$work/err" || fail "a missing base is not named: $(cat "$work/err")"
printf 'dataset\tsystem\tpage\tbow_f1\tword_f1\nwcxb-dev\tbest\tp1\tx\t\n' > "$work/bad.tsv"
expect_rc 1 "a score that is no number" -- python3 "$script" "$work/new.tsv" --base "$work/bad.tsv"
grep -q "$work/bad.tsv: line 2: no score" "$work/err" || fail "a bad score is not placed: $(cat "$work/err")"

[ "$failures" -eq 0 ] && echo "best_split: ok"
exit $((failures > 0))
