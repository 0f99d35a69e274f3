#!/usr/bin/env bash
# plugin/scripts/nested_best.py score on a made-up pages TSV: each tune page is read from the
# fold model trained without it (p6, p7: outer fold 0; p3: outer fold 1, by the MD5 of the id),
# the other fold's row and the held-out page p1 are left out, the first variant is the
# baseline, and the pages a variant changes are counted, with the paired differences (WCXB's
# standard error over its two pages; none for Dragnet's one, so none for the six-set mean); a
# file without fold models' rows and a missing file are named. Skips (77) without python3.
# Usage: nested_best.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 > /dev/null || { echo "nested_best: SKIPPED: no python3"; exit 77; }
source "$here/lib/expect.bash"
script=$here/../../plugin/scripts/nested_best.py

# fold K [OPTIONS]: a fold model's system name, its options first as the eval writes them
fold() { echo "best:${2:+$2,}model=/m/fold$1.json,stacked_model=/m/fold$1-stacked.json"; }
{
  printf 'dataset\tsystem\tpage\tbow_f1\tpage_type\tword_f1\n'
  # WCXB's word F1 is the score where it is given; the other sets' bag-of-words F1.
  printf 'wcxb-dev\t%s\tp6\t0.0\tproduct\t0.5\n' "$(fold 0)"
  printf 'wcxb-dev\t%s\tp6\t0.0\tproduct\t0.9\n' "$(fold 1)"   # saw p6: left out
  printf 'wcxb-dev\t%s\tp3\t0.0\tarticle\t0.1\n' "$(fold 0)"   # saw p3: left out
  printf 'wcxb-dev\t%s\tp3\t0.0\tarticle\t0.8\n' "$(fold 1)"
  printf 'wcxb-dev\t%s\tp1\t0.0\tarticle\t0.0\n' "$(fold 0)"   # held-out: never read
  printf 'dragnet-train\t%s\tp7\t0.6\t\t\n' "$(fold 0)"
  printf 'wcxb-dev\t%s\tp6\t0.0\tproduct\t0.7\n' "$(fold 0 keep_code=0)"
  printf 'wcxb-dev\t%s\tp3\t0.0\tarticle\t0.8\n' "$(fold 1 keep_code=0)"
  printf 'dragnet-train\t%s\tp7\t0.4\t\t\n' "$(fold 0 keep_code=0)"
  printf 'dragnet-train\tarticle\tp7\t0.9\t\t\n'   # not a fold model: left out
} > "$work/pages.tsv"

expect_rc 0 "score" -- python3 "$script" score "$work/pages.tsv" -v
for line in '| /m | 0.6250 | 0.6000 | 0.6500 | 0.800 | 0.500 |' \
            '| /m keep_code=0 | 0.5750 | 0.4000 | 0.7500 | 0.800 | 0.700 |' \
            '/m keep_code=0: 2 pages change, 1 gain, 1 lose; six-set mean -0.0500, WCXB +0.1000 ± 0.1000' \
            '  wcxb-dev p6 +0.200' '  dragnet-train p7 -0.200'; do
  grep -qF -- "$line" "$work/out" || fail "no line '$line' in: $(cat "$work/out")"
done

grep -v fold "$work/pages.tsv" > "$work/none.tsv"
expect_rc 1 "no fold models" -- python3 "$script" score "$work/none.tsv"
grep -q "$work/none.tsv: no out-of-fold rows" "$work/err" || fail "not named: $(cat "$work/err")"
expect_rc 1 "a missing file" -- python3 "$script" score "$work/missing.tsv"
grep -q "$work/missing.tsv" "$work/err" || fail "a missing file is not named: $(cat "$work/err")"

[ "$failures" -eq 0 ] && echo "nested_best: ok"
exit $((failures > 0))
