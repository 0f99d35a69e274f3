#!/usr/bin/env bash
# boilerdex-trec eval against a real trec_eval binary (skipped, exit 77, when none is
# installed: trec_eval is not in Debian; set TREC_EVAL=/path/to/trec_eval).
# Runs the comparison on the hand-written fixtures (with -c: the run lacks qrels topic
# 853, which trec_eval 10.0 mishandles without it) and, when ../shared has the blogs-dev
# qrels, on a run written by the test itself from those qrels.
set -u
build=$1 fixtures=$2 shared=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
script=$here/../../trec/scripts/compare_trec_eval.sh
tool=$build/trec/boilerdex-trec
[ -x "$tool" ] || { echo "skip: $tool not built"; exit 77; }
"$script" --options "-c;-c -l2;-c -J;-c -M3;-c -J -M3" "$tool" \
  "$fixtures/trec/worked.qrels" "$fixtures/trec/worked.run" || exit $?
qrels=$shared/data/blogs-dev/qrels.txt
if [ -n "$shared" ] && [ -f "$qrels" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # A run with many ties and unjudged documents: every judged document of a topic with a
  # score from its docno's last digit, plus documents of the next topic (unjudged here).
  awk '{ s = substr($3, length($3)) % 4; print $1, "Q0", $3, NR, s, "synthetic"; n[$1] = $3 }
       END { for (q in n) print q, "Q0", "UNJUDGED-" q, 0, 2, "synthetic" }' "$qrels" >"$tmp/synthetic.run"
  "$script" "$tool" "$qrels" "$tmp/synthetic.run" || exit $?
fi
