#!/usr/bin/env bash
# boilerdex-trec eval on the hand-written worked example: trec_eval's exact output format,
# -q/-c/-l/-J/-M, and errors that name the file and line with the house exit codes.
set -u
build=$1 fixtures=$2
tool=$build/trec/boilerdex-trec
[ -x "$tool" ] || { echo "skip: $tool not built"; exit 77; }
qrels=$fixtures/trec/worked.qrels run=$fixtures/trec/worked.run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
tab=$'\t'

# Values worked out by hand in tests/trec/test_evaluator.cpp.
"$tool" eval -q -m P.10,5 -m num_ret -m map -m ndcg_cut.10 -m runid -m num_q -m gm_map "$qrels" "$run" \
  >"$tmp/out" 2>"$tmp/err" || fail "eval exit $?: $(cat "$tmp/err")"
cat >"$tmp/expected" <<END
num_ret               ${tab}851${tab}6
map                   ${tab}851${tab}0.3083
P_5                   ${tab}851${tab}0.4000
P_10                  ${tab}851${tab}0.3000
ndcg_cut_10           ${tab}851${tab}0.4540
num_ret               ${tab}852${tab}3
map                   ${tab}852${tab}0.2500
P_5                   ${tab}852${tab}0.2000
P_10                  ${tab}852${tab}0.1000
ndcg_cut_10           ${tab}852${tab}0.3869
runid                 ${tab}all${tab}worked
num_q                 ${tab}all${tab}2
num_ret               ${tab}all${tab}9
map                   ${tab}all${tab}0.2792
gm_map                ${tab}all${tab}0.2776
P_5                   ${tab}all${tab}0.3000
P_10                  ${tab}all${tab}0.2000
ndcg_cut_10           ${tab}all${tab}0.4204
END
diff -u "$tmp/expected" "$tmp/out" || fail "output differs"
grep -q "999" "$tmp/err" || fail "run topic 999 without qrels not reported"

# TREC.md's numbers for topic 851: -l 2, -J; -c brings in the qrels-only topic 853.
"$tool" eval -q -l2 -m P.10 "$qrels" "$run" 2>/dev/null | grep -q "^P_10 *${tab}851${tab}0.2000$" || fail "-l2"
"$tool" eval -q -J -m ndcg_cut.10 "$qrels" "$run" 2>/dev/null | grep -q "^ndcg_cut_10 *${tab}851${tab}0.6819$" || fail "-J"
"$tool" eval -q -c -m P.10 "$qrels" "$run" >"$tmp/c" 2>/dev/null || fail "-c"
grep -q "^P_10 *${tab}853${tab}0.0000$" "$tmp/c" || fail "-c per-topic line for 853"
grep -q "^P_10 *${tab}all${tab}0.1333$" "$tmp/c" || fail "-c mean over 3 topics"
# 851 keeps 1 of its first 3 (-M3, then -J), 852 keeps 2 of 3: 3, where -J first would give 5.
"$tool" eval -M3 -J -m num_ret "$qrels" "$run" 2>/dev/null | grep -q "^num_ret *${tab}all${tab}3$" || fail "-M before -J"

# Default measures: trec_eval's official set, runid first.
"$tool" eval "$qrels" "$run" 2>/dev/null >"$tmp/official"
head -n 5 "$tmp/official" | cut -f1,3 | tr -d ' ' | tr '\t' ' ' >"$tmp/head"
printf 'runid worked\nnum_q 2\nnum_ret 9\nnum_rel 6\nnum_rel_ret 4\n' | diff -u - "$tmp/head" || fail "official set"
[ "$(wc -l <"$tmp/official")" -eq 30 ] || fail "official set has $(wc -l <"$tmp/official") lines"

# -m takes exactly one argument, as trec_eval's getopt does: the positionals after it are
# the qrels and the runs. With several runs every line starts with its run's file name.
sed 's/tagA$/tagB/' "$run" >"$tmp/second.run"
"$tool" eval -m P.10 -q "$qrels" "$run" "$tmp/second.run" >"$tmp/two" 2>/dev/null || fail "-m P.10 QRELS RUN RUN: exit $?"
cat >"$tmp/expected" <<END
$run${tab}P_10                  ${tab}851${tab}0.3000
$run${tab}P_10                  ${tab}852${tab}0.1000
$run${tab}P_10                  ${tab}all${tab}0.2000
$tmp/second.run${tab}P_10                  ${tab}851${tab}0.3000
$tmp/second.run${tab}P_10                  ${tab}852${tab}0.1000
$tmp/second.run${tab}P_10                  ${tab}all${tab}0.2000
END
diff -u "$tmp/expected" "$tmp/two" || fail "two runs: lines do not say their run"
"$tool" eval -mP.5 -m runid "$qrels" -m map "$run" "$tmp/second.run" 2>/dev/null | grep -c "^$tmp/second.run${tab}" |
  grep -qx 3 || fail "attached -mP.5, -m between positionals, runid line of the second run"
# One run: trec_eval's three columns, no run column.
"$tool" eval -m P.10 "$qrels" "$run" 2>/dev/null | grep -q "^P_10 *${tab}all${tab}0.2000$" || fail "one run"

# ir_measures names print as trec_eval's, with trec_eval's values; the measures of #20.
"$tool" eval -m nDCG@10 -m P@10 -m AP -m R@1000 -m Judged@10 -m RR "$qrels" "$run" >"$tmp/ir" 2>/dev/null ||
  fail "ir_measures names: exit $?"
"$tool" eval -m ndcg_cut.10 -m P.10 -m map -m recall.1000 -m judged.10 -m recip_rank "$qrels" "$run" >"$tmp/te" 2>/dev/null
diff -u "$tmp/te" "$tmp/ir" || fail "ir_measures names differ from trec_eval's"
cut -f1 "$tmp/ir" | tr -d ' ' | tr '\n' ' ' | grep -qx "map recip_rank P_10 recall_1000 ndcg_cut_10 judged_10 " ||
  fail "ir_measures names: $(cut -f1 "$tmp/ir" | tr -d ' ' | tr '\n' ' ')"
# Topic 851 by hand in tests/trec/test_measures.cpp; 852 ranks X3 (0), X1 (1), X9 (absent).
"$tool" eval -q -m success.1,3 -m map_cut.5 -m set_F -m infAP -m Rprec_mult.1.0 "$qrels" "$run" >"$tmp/new" 2>/dev/null ||
  fail "new measures: exit $?"
for line in "infAP${tab}852${tab}0.2500" "Rprec_mult_1.00${tab}851${tab}0.2500" "map_cut_5${tab}851${tab}0.1833" \
  "success_1${tab}851${tab}0.0000" "success_3${tab}851${tab}1.0000" "success_3${tab}all${tab}1.0000" \
  "set_F${tab}851${tab}0.6000" "set_F${tab}852${tab}0.4000"; do
  sed "s/ *${tab}/${tab}/" "$tmp/new" | grep -qx "$line" || fail "new measures: no line '$line'"
done

# trec_eval's own values, as pytrec_eval (trec_eval's code) computed them for ir_measures'
# tests (tests/fixtures/trec/README.md): infAP with pooled-unjudged documents, Success, IPrec.
prun=$fixtures/trec/pytrec.run
ir_check() {  # EXPECTED_SUMMARY OPTIONS... : the "qid value" pairs printed, space-separated
  local expected=$1
  shift
  local got
  got=$("$tool" eval -q "$@" 2>&1 | awk -F'\t' '{print $2, $3}' | tr '\n' ' ')
  [ "$got" = "$expected" ] || fail "eval -q $*: '$got', pytrec_eval gives '$expected'"
}
ir_check "0 0.8333 1 0.1875 all 0.5104 " -m infAP "$fixtures/trec/pytrec_infap.qrels" "$prun"
ir_check "0 0.3333 1 0.3750 all 0.3542 " -l2 -m infAP "$fixtures/trec/pytrec_infap.qrels" "$prun"
ir_check "0 0.8333 1 0.1250 all 0.4792 " -m AP "$fixtures/trec/pytrec_infap.qrels" "$prun"
ir_check "0 1.0000 1 0.0000 all 0.5000 " -m Success@2 "$fixtures/trec/pytrec_success.qrels" "$prun"
ir_check "0 1.0000 1 0.0000 all 0.5000 " -l2 -m success.2 "$fixtures/trec/pytrec_success.qrels" "$prun"
ir_check "0 0.0000 1 0.0000 all 0.0000 " -l3 -m Success@2 "$fixtures/trec/pytrec_success.qrels" "$prun"
ir_check "0 1.0000 1 0.2500 all 0.6250 " -m IPrec@0.25 "$fixtures/trec/pytrec_iprec.qrels" "$prun"
ir_check "0 1.0000 1 0.0000 all 0.5000 " -m IPrec@0.75 "$fixtures/trec/pytrec_iprec.qrels" "$prun"
ir_check "0 0.6667 1 0.2500 all 0.4583 " -l2 -m IPrec@0.1 "$fixtures/trec/pytrec_iprec.qrels" "$prun"
# Judged@k as ir_measures' own test gives it (divided by min(k, num_ret)).
ir_check "0 1.0000 1 0.2500 all 0.6250 " -m Judged@1000 "$fixtures/trec/ir_judged.qrels" "$fixtures/trec/ir_judged.run"
ir_check "0 1.0000 1 0.3333 all 0.6667 " -m Judged@3 "$fixtures/trec/ir_judged.qrels" "$fixtures/trec/ir_judged.run"
ir_check "0 1.0000 1 0.0000 all 0.5000 " -m judged.1 "$fixtures/trec/ir_judged.qrels" "$fixtures/trec/ir_judged.run"

# Errors: file and line, exit 1; usage, exit 2.
printf '851 Q0 a 1 1 t\n851 Q0 b 2\n' >"$tmp/bad.run"
"$tool" eval "$qrels" "$tmp/bad.run" 2>"$tmp/err"
[ $? -eq 1 ] || fail "malformed run: exit status"
grep -q "bad.run:2: expected 6 fields" "$tmp/err" || fail "malformed run: $(cat "$tmp/err")"
"$tool" eval -m nonsense "$qrels" "$run" 2>"$tmp/err"
[ $? -eq 2 ] || fail "unknown measure: exit status"
"$tool" eval "$qrels" 2>/dev/null
[ $? -eq 2 ] || fail "missing run argument: exit status"
echo "trec_eval.sh: all checks passed"
