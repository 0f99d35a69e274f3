#!/usr/bin/env bash
# best_model_codegen, the build step that compiles best's model into libboilerdex: a broken
# model file stops it with a message naming the file and the byte, a file of another shape
# with one naming the file, a tree that breaks a model's rules with one naming the file and
# the tree's JSON pointer, and writes nothing; a logistic model's dense form is written with
# it; no model file writes the empty model.
# Usage: best_model_codegen.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/expect.bash"
tool=$1/plugin/extractors/boilerdex_best_model_codegen
[ -x "$tool" ] || { echo "best_model_codegen: SKIPPED: no $tool"; exit 77; }

printf '{"format": "boilerdex-block-classifier", "trees": [{"nodes": [' > "$work/broken.json"
expect_rc 1 "broken JSON" -- "$tool" "$work/broken.json" "$work/broken.cpp"
grep -q "broken.json: byte [0-9]" "$work/err" || fail "broken JSON: no file and byte in: $(cat "$work/err")"
[ ! -e "$work/broken.cpp" ] || fail "broken JSON: wrote an output"

echo '{"trees": [{"nodes": [{"feature": 1, "threshold": "x", "left": 1, "right": 2}]}]}' > "$work/shape.json"
expect_rc 1 "a node of another shape" -- "$tool" "$work/shape.json" "$work/shape.cpp"
grep -q "shape.json: not a model file" "$work/err" || fail "other shape: no file named in: $(cat "$work/err")"
[ ! -e "$work/shape.cpp" ] || fail "other shape: wrote an output"

# Each tree's target goes with its nodes, and the header written is the file less "/trees".
cat > "$work/targets.json" <<'JSON'
{"format": "boilerdex-block-classifier", "version": 1, "feature_set": "current", "features": [],
 "classes": ["boilerplate", "full-text", "headline", "supplemental"], "output": "softmax",
 "base_margin": [0, 0, 0, 0], "threshold": 0.5,
 "trees": [{"target": 2, "nodes": [{"leaf": [1.5]}]}, {"nodes": [{"leaf": [-1]}]}]}
JSON
expect_rc 0 "a model with targets" -- "$tool" "$work/targets.json" "$work/targets.cpp"
grep -q "{k_nodes_0, k_values_0, 2u, 1u}" "$work/targets.cpp" || fail "targets: tree 0 not at output 2"
grep -q "{k_nodes_1, k_values_1, 0u, 1u}" "$work/targets.cpp" || fail "targets: tree 1 (no target) not at output 0"
grep "k_best_model_header = " "$work/targets.cpp" | grep -q '"trees"' && fail "targets: the header holds the trees"
sed 's/"target": 2/"target": "two"/' "$work/targets.json" > "$work/badtarget.json"
expect_rc 1 "a target that is no index" -- "$tool" "$work/badtarget.json" "$work/badtarget.cpp"
grep -q "badtarget.json: not a model file" "$work/err" || fail "bad target: no file named in: $(cat "$work/err")"

grep -q "k_best_model_dense = nullptr;" "$work/targets.cpp" || fail "targets: a softmax model given a dense form"

# A logistic model gets its trees' dense form compiled in beside them; its trees are checked
# here with LearnedModel's own checks, a broken one named by its JSON pointer.
cat > "$work/logistic.json" <<'JSON'
{"format": "boilerdex-block-classifier", "version": 1, "feature_set": "current",
 "features": ["a", "b", "c"], "classes": ["boilerplate", "content"], "output": "logistic",
 "base_margin": [0], "threshold": 0.5,
 "trees": [{"nodes": [{"feature": 2, "threshold": 0.5, "left": 1, "right": 2}, {"leaf": [0.25]}, {"leaf": [-1]}]}]}
JSON
expect_rc 0 "a logistic model" -- "$tool" "$work/logistic.json" "$work/logistic.cpp"
grep -q "constexpr DenseForestArrays k_dense = {1, 1u, k_dense_features, " "$work/logistic.cpp" ||
  fail "logistic: no dense form of depth 1 and one tree"
grep -q "k_dense_features\[\] = {2u,};" "$work/logistic.cpp" || fail "logistic: the split's feature not in the dense form"
grep -q "k_best_model_dense = &k_dense;" "$work/logistic.cpp" || fail "logistic: the dense form not given to the model"
sed 's/"left": 1, "right": 2/"left": 0, "right": 2/' "$work/logistic.json" > "$work/links.json"
expect_rc 1 "a split that is its own child" -- "$tool" "$work/links.json" "$work/links.cpp"
grep -q "links.json: /trees/0/nodes/0/left: child 0 must come after its parent" "$work/err" ||
  fail "bad link: no file and pointer in: $(cat "$work/err")"
[ ! -e "$work/links.cpp" ] || fail "bad link: wrote an output"
sed 's/"feature": 2/"feature": 3/' "$work/logistic.json" > "$work/feature.json"
expect_rc 1 "a feature past the header's" -- "$tool" "$work/feature.json" "$work/feature.cpp"
grep -q "feature.json: /trees/0/nodes/0/feature: 3 is not below" "$work/err" ||
  fail "bad feature: no file and pointer in: $(cat "$work/err")"

# An output that is no name is for the reader at run time to name: no dense form here.
sed 's/"output": "logistic"/"output": 1/' "$work/logistic.json" > "$work/output.json"
expect_rc 0 "an output that is no name" -- "$tool" "$work/output.json" "$work/output.cpp"
grep -q "k_best_model_dense = nullptr;" "$work/output.cpp" || fail "output 1: given a dense form"

expect_rc 0 "no model file" -- "$tool" "$work/none.json" "$work/none.cpp"
grep -q "k_best_model_header;" "$work/none.cpp" || fail "no model file: not the empty model"

[ "$failures" -eq 0 ] && echo "best_model_codegen: ok"
exit $((failures > 0))
