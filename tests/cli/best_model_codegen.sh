#!/usr/bin/env bash
# best_model_codegen, the build step that compiles best's model into libboilerdex: a broken
# model file stops it with a message naming the file and the byte, a file of another shape
# with one naming the file, and writes nothing; no model file writes the empty model.
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

expect_rc 0 "no model file" -- "$tool" "$work/none.json" "$work/none.cpp"
grep -q "k_best_model_rest;" "$work/none.cpp" || fail "no model file: not the empty model"

[ "$failures" -eq 0 ] && echo "best_model_codegen: ok"
exit $((failures > 0))
