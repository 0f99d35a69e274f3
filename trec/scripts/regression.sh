#!/usr/bin/env bash
# The effectiveness regression of the bundled demo, in the Anserini manner: run the demo
# (trec/scripts/demo.sh: `boilerdex-trec sample` with its defaults, then the experiment of
# config/examples/sample.toml, in a scratch folder), and compare every
# view's P_10, ndcg_cut_10 and map, at four decimals, with trec/regressions/sample.tsv.
# Usage: regression.sh [--update] BUILD_DIR
#   exit 0: every value as expected (or, with --update, the file rewritten); 1: a value moved
#   (the diff is printed); 2: usage or a failed step.
set -euo pipefail
update=0
if [[ ${1:-} == --update ]]; then update=1; shift; fi
[[ $# -eq 1 ]] || { echo "usage: regression.sh [--update] BUILD_DIR" >&2; exit 2; }
build=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tool=$build/trec/boilerdex-trec
expected=$root/trec/regressions/sample.tsv
[[ -x $tool ]] || { echo "regression.sh: $tool is not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The demo as README runs it (trec/scripts/demo.sh); p-values are not part of the
# regression: few sign flips keep it quick.
bash "$root/trec/scripts/demo.sh" --tool "$tool" "$work" --permutations 1000 -q > "$work/table.out" \
  2> "$work/experiment.err" || { cat "$work/experiment.err" >&2; exit 2; }

# table.tsv: view, kind, threshold, empty_documents, then P_10 ... ndcg_cut_10 ... map ...
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; print "view\tP_10\tndcg_cut_10\tmap"; next }
  { printf "%s\t%.4f\t%.4f\t%.4f\n", $1, $col["P_10"], $col["ndcg_cut_10"], $col["map"] }' \
  "$work/sample-experiment/table.tsv" > "$work/measured.tsv"

if [[ $update -eq 1 ]]; then
  { grep '^#' "$expected"; cat "$work/measured.tsv"; } > "$work/new.tsv"
  cp "$work/new.tsv" "$expected"
  echo "regression.sh: wrote $expected ($(($(wc -l < "$work/measured.tsv") - 1)) views)"
  exit 0
fi
if ! diff -u <(grep -v '^#' "$expected") "$work/measured.tsv"; then
  echo "regression.sh: effectiveness moved on the bundled demo (- expected, + measured); if meant," \
    "run trec/scripts/regression.sh --update BUILD_DIR and say why in the commit" >&2
  exit 1
fi
echo "regression.sh: $(($(wc -l < "$work/measured.tsv") - 1)) views as expected"
