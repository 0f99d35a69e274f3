#!/usr/bin/env bash
# Compares `boilerdex-trec eval` with a trec_eval binary, value for value, on the same
# qrels and runs, per topic (-q) and for the summary, under several option sets.
#
#   compare_trec_eval.sh [--trec-eval PATH] [--options 'SET;SET;...'] BOILERDEX_TREC QRELS RUN...
#
# trec_eval is found with --trec-eval, $TREC_EVAL, or on PATH; when there is none the
# script says so and exits 77 (skipped). trec_eval is not packaged for Debian: build
# usnistgov/trec_eval (make) and point TREC_EVAL at it.
# Each option set (default: '' -c -l2 -J -M5 '-c -J -l2') is run with every measure
# boilerdex implements, and once with no -m (trec_eval's "official" set, runid included).
# Note: without -c, trec_eval 10.0 evaluates a qrels topic that the run lacks with the
# previous topic's ranking (trec_eval.c has no skip there), so compare such runs with -c.
# Exit status: 0 all equal, 1 a difference (shown as a diff), 2 usage, 77 no trec_eval.
set -u

trec_eval=${TREC_EVAL:-}
option_sets=";-c;-l2;-J;-M5;-c -J -l2"
while [ $# -gt 0 ]; do
  case $1 in
    --trec-eval) trec_eval=$2; shift 2 ;;
    --options) option_sets=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 3 ]; then
  sed -n '2,8p' "$0" >&2
  exit 2
fi
boilerdex_trec=$1 qrels=$2
shift 2
if [ -z "$trec_eval" ]; then trec_eval=$(command -v trec_eval || true); fi
if [ -z "$trec_eval" ] || [ ! -x "$trec_eval" ]; then
  echo "compare_trec_eval: no trec_eval binary (set TREC_EVAL or put trec_eval on PATH); skipped"
  exit 77
fi

measures=(-m num_q -m num_ret -m num_rel -m num_rel_ret -m map -m gm_map -m Rprec -m bpref -m recip_rank
          -m iprec_at_recall -m P -m recall -m ndcg -m ndcg_cut -m P.5,10,20,30,100 -m ndcg_cut.5,10,20
          -m infAP -m Rprec_mult -m map_cut -m success -m set_F)
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
IFS=';' read -r -a sets <<<"$option_sets"
for run in "$@"; do
  for set in "${sets[@]}"; do
    # shellcheck disable=SC2206  # an option set is several words on purpose
    options=($set)
    for with_measures in yes no; do
      if [ $with_measures = yes ]; then m=("${measures[@]}"); label="measures"; else m=(); label="official"; fi
      "$trec_eval" -q "${options[@]}" "${m[@]}" "$qrels" "$run" >"$tmp/expected" 2>"$tmp/expected.err"
      expected_rc=$?
      "$boilerdex_trec" eval -q "${options[@]}" "${m[@]}" "$qrels" "$run" >"$tmp/actual" 2>"$tmp/actual.err"
      actual_rc=$?
      what="$(basename "$run") [${set:-no options}, $label]"
      if [ $expected_rc -ne 0 ] && [ $actual_rc -ne 0 ]; then
        echo "both refuse: $what"
      elif [ $expected_rc -ne $actual_rc ]; then
        echo "DIFFERENT exit status ($expected_rc vs $actual_rc): $what"
        cat "$tmp/expected.err" "$tmp/actual.err"
        status=1
      elif diff -u --label trec_eval --label boilerdex-trec "$tmp/expected" "$tmp/actual"; then
        echo "equal: $what ($(wc -l <"$tmp/expected") lines)"
      else
        echo "DIFFERENT: $what"
        status=1
      fi
    done
  done
done
exit $status
