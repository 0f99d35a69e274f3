#!/usr/bin/env bash
# boilerdex-extract stats: the stochastic text model on the hand-written pages (a corrupt
# one among them: exit 1, the report still written), the SVG, usage errors; and on
# L3S-GN1 when the shared data is there (by class, the paper's figures within reach).
# Usage: extract_stats.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
pages=$2/plugin/pages
shared=${3:-}
bin=$build/plugin/boilerdex-extract
[ -x "$bin" ] || bin=$build/boilerdex-extract
if [ ! -x "$bin" ]; then
  echo "extract_stats.sh: boilerdex-extract not built under $build" >&2
  exit 1
fi
. "$(dirname "$0")/lib/expect.bash"

expect_rc 1 "pages with a corrupt one" -- "$bin" stats "$pages" --svg "$work/d.svg"
grep -q 'broken.html.gz' "$work/err" || fail "corrupt page not named"
grep -q '^| mixture of two |' "$work/out" || fail "no mixture row"
grep -q '^| 1-displaced geometric |' "$work/out" || fail "no geometric row"
grep -q '^4 page(s), 1 failed' "$work/out" || fail "page counts: $(sed -n 3p "$work/out")"
head -c 4 "$work/d.svg" | grep -q '<svg' || fail "SVG not written"
grep -q 'all blocks' "$work/d.svg" || fail "SVG legend"

expect_rc 2 "no input" -- "$bin" stats
expect_rc 2 "both data set and inputs" -- "$bin" stats --dataset "l3s-gn1:$pages" "$pages"
expect_rc 2 "unknown format" -- "$bin" stats --dataset "nope:$pages"

l3s=$shared/data/extraction/l3s-gn1-dev
if [ -n "$shared" ] && [ -d "$l3s" ]; then
  expect_rc 0 "l3s-gn1" -- "$bin" stats --dataset "l3s-gn1:$l3s"
  grep -q '^| full text |' "$work/out" || fail "l3s-gn1: no class table"
  # P_S(N) near the paper's 0.3968 and a threshold between 5 and 12 words.
  awk -F'|' '/^\| mixture of two/ { exit !($4 > 0.35 && $4 < 0.45) }' "$work/out" ||
    fail "l3s-gn1: P_S(N) far from the paper's"
  grep -Eq 'threshold: \*\*([5-9]|1[0-2])\*\*' "$work/out" || fail "l3s-gn1: threshold"
else
  echo "extract_stats.sh: $l3s absent, L3S-GN1 part skipped"
fi

[ "$failures" -eq 0 ] || exit 1
echo "extract_stats.sh: all passed"
