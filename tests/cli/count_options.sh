#!/usr/bin/env bash
# Every count option of every tool has a range (config/tools/boilerdex/config/count_options.hpp):
# a negative, zero-where-not-allowed, absurd or non-numeric value is a usage error (exit 2)
# naming the option and stating the range, found before any work is done (issue #16, item 4:
# `sample --docs -5` used to wrap to 2^64 and fill the disk, `--sites -1` died in vector,
# `--commit-interval 0` printed a 300-digit range, `--threads 100000` took 2.4 GB).
# Usage: count_options.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
. "$(dirname "$0")/lib/expect.bash"

tool() {
  local t
  for t in "$build/$2/$1" "$build/$1"; do [ -x "$t" ] && { echo "$t"; return; }; done
  echo "count_options.sh: $1 not built under $build" >&2
  exit 1
}
index=$(tool boilerdex-index indexer)
search=$(tool boilerdex-search query)
trec=$(tool boilerdex-trec trec)
extract=$(tool boilerdex-extract plugin)

# refused RANGE DESCRIPTION -- command...: exit 2, the message states RANGE, nothing written.
refused() {
  local range=$1 what=$2
  shift 2
  expect_rc 2 "$what" "$@"
  grep -q "must be a whole number from $range, not" "$work/err" ||
    fail "$what: the message does not state the range $range: $(head -c 300 "$work/err")"
}

mkdir -p "$work/in"
printf '<DOC>\n<DOCNO>d1</DOCNO>\n<html><body><p>one two three</p></body></html>\n</DOC>\n' >"$work/in/a.trec"
idx=(--input "$work/in" --out "$work/idx" -q)
refused "0 to 256" "index --threads 100000" -- "$index" "${idx[@]}" --threads 100000
refused "0 to 256" "index --jobs -1" -- "$index" "${idx[@]}" --jobs -1
refused "1 to 1000000000" "index --commit-interval 0" -- "$index" "${idx[@]}" --commit-interval 0
refused "1 to 1073741824" "index --max-page-bytes -1" -- "$index" "${idx[@]}" --max-page-bytes -1
refused "0 to 1048576" "index --snippet-bytes -1" -- "$index" "${idx[@]}" --snippet-bytes -1
refused "1 to 10000000" "index --auto-sample 1e3" -- "$index" "${idx[@]}" --auto-sample 1e3
[ -e "$work/idx" ] && fail "index: a refused option still created the index set"
expect_rc 0 "index within the ranges" -- "$index" "${idx[@]}" --threads 2 --commit-interval 1 --snippet-bytes 0

refused "1 to 1000000" "search --k -1" -- "$search" --index "$work/idx" --k -1 one
refused "1 to 1000000" "search --k 0" -- "$search" --index "$work/idx" --k 0 one
expect_rc 0 "search --k 1" -- "$search" --index "$work/idx" --k 1 one

refused "1 to 10000000" "sample --docs -5" -- "$trec" sample --out "$work/sample" --docs -5
refused "1 to 10000000" "sample --docs 18446744073709551611" -- "$trec" sample --out "$work/sample" --docs 18446744073709551611
refused "0 to 100000" "sample --sites -1" -- "$trec" sample --out "$work/sample" --sites -1
refused "1 to 1000000" "sample --docs-per-file 0" -- "$trec" sample --out "$work/sample" --docs-per-file 0
expect_rc 2 "sample --topics 0" -- "$trec" sample --out "$work/sample" --topics 0
grep -q -- '--topics: must be a whole number from 1 to' "$work/err" || fail "sample --topics 0: $(cat "$work/err")"
[ -e "$work/sample" ] && fail "sample: a refused option still wrote files"
refused "1 to 1000000" "run --k -1" -- "$trec" run --index "$work/idx" --topics /dev/null --k -1 -o "$work/run"
refused "1 to 1000000000" "eval -M -1" -- "$trec" eval -M -1 /dev/null /dev/null
refused "0 to 256" "experiment --threads 100000" -- "$trec" experiment --config /dev/null --threads 100000
refused "1 to 100000000" "experiment --permutations 0" -- "$trec" experiment --config /dev/null --permutations 0

refused "0 to 256" "extract -j -1" -- "$extract" -j -1 -
refused "0 to 256" "extract --jobs 100000" -- "$extract" --jobs 100000 -
refused "0 to 100000000" "extract stats --limit -1" -- "$extract" stats --limit -1 -
refused "0 to 256" "extract eval --threads 100000" -- "$extract" eval --dataset cleaneval:/nonexistent --threads 100000

train=$build/plugin/boilerdex-train
[ -x "$train" ] || train=$build/boilerdex-train
if [ -x "$train" ]; then
  refused "2 to 4" "train --classes 5" -- "$train" --dataset cleaneval:/nonexistent --classes 5
  refused "2 to 1000" "train --cv 1" -- "$train" --dataset cleaneval:/nonexistent --cv 1
  refused "1 to 256" "train --threads 0" -- "$train" --dataset cleaneval:/nonexistent --threads 0
  refused "1 to 100000" "train --rounds -1" -- "$train" --dataset cleaneval:/nonexistent --rounds -1
fi

[ "$failures" -eq 0 ] || { echo "count_options.sh: $failures failure(s)" >&2; exit 1; }
echo "count_options.sh: ok"
