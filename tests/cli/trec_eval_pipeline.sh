#!/usr/bin/env bash
# boilerdex-index -> boilerdex-trec run -> boilerdex-trec eval on the tiny fixture
# collection: every topic is in the run file (topic 2 matches nothing), ranks follow
# trec_eval's order, the tag names the view, and the file evaluates.
set -u
build=$1 fixtures=$2
indexer=$build/indexer/boilerdex-index tool=$build/trec/boilerdex-trec
for b in "$indexer" "$tool"; do [ -x "$b" ] || { echo "skip: $b not built"; exit 77; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
tab=$'\t'
"$indexer" --input "$fixtures/query/tiny.trec" --format trec --out "$tmp/idx" --view all --view min-words:5 -q \
  >"$tmp/index.log" 2>&1 || fail "indexing: $(cat "$tmp/index.log")"

"$tool" run --index "$tmp/idx" --min-words 5 --topics "$fixtures/query/tiny.topics" -o "$tmp/run" 2>"$tmp/log" \
  || fail "run: $(cat "$tmp/log")"
grep -q "2 topics (1 without results)" "$tmp/log" || fail "summary: $(cat "$tmp/log")"
[ "$(awk '$1 == 2' "$tmp/run")" = "2 Q0 boilerdex-no-result 1 0 boilerdex.min-words-5.title.bm25=1,0.5" ] \
  || fail "empty topic line: $(cat "$tmp/run")"
awk '$1 == 1 { if ($4 != ++r) bad = 1; if (r > 1 && ($5 > s || ($5 == s && $3 > d))) bad = 1; s = $5; d = $3 }
     END { exit bad }' "$tmp/run" || fail "ranks are not in score-desc, docno-desc order: $(cat "$tmp/run")"

"$tool" eval -c -q -m num_q -m num_ret -m P.5 "$fixtures/query/tiny.qrels" "$tmp/run" >"$tmp/eval" 2>&1 \
  || fail "eval: $(cat "$tmp/eval")"
grep -q "^num_q *${tab}all${tab}2$" "$tmp/eval" || fail "num_q: $(cat "$tmp/eval")"
grep -q "^P_5 *${tab}1${tab}0.2000$" "$tmp/eval" || fail "P_5 of topic 1: $(cat "$tmp/eval")"

"$tool" run --index "$tmp/idx" --view all --field narr --tag x --topics "$fixtures/query/tiny.topics" -o "$tmp/run2" \
  2>/dev/null || fail "run with an empty field"
[ "$(wc -l <"$tmp/run2")" -eq 2 ] || fail "no narratives: one placeholder line per topic"
"$tool" run --index "$tmp/idx" --view min-words:3 --topics "$fixtures/query/tiny.topics" -o "$tmp/run3" 2>"$tmp/err"
[ $? -eq 2 ] || fail "unknown view: exit status"
grep -q "available: all, min-words:5" "$tmp/err" || fail "unknown view lists views: $(cat "$tmp/err")"
echo "trec_eval_pipeline.sh: all checks passed"
