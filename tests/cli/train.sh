#!/usr/bin/env bash
# boilerdex-train end to end on the hand-written labelled pages: cross-validation table,
# a saved model used by boilerdex-extract (-e learned:FILE, and eval) and boilerdex-index
# (--view extractor:learned:FILE), usage errors, and a broken model file named with its
# position. Skipped when boilerdex-train is not built (no XGBoost/OpenCV).
# Usage: train.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
mini=$(cd "$2/train/l3s-mini" && pwd)
train=$build/plugin/boilerdex-train
extract=$build/plugin/boilerdex-extract
index=$build/indexer/boilerdex-index
[ -x "$train" ] || { echo "SKIP: $train not built (needs libxgboost-dev, libopencv-ml-dev)"; exit 77; }
[ -x "$extract" ] || { echo "SKIP: $extract not built"; exit 77; }
. "$(dirname "$0")/lib/expect.bash"

# Cross-validation prints both tables beside the paper's figures; progress goes to stderr.
expect_rc 0 "cv" -- "$train" --dataset "l3s-gn1:$mini" --cv 4 --learner cart --learner xgboost \
  --features current --classes 2 --classes 4 --rounds 10 --cart-min-samples 2
grep -q '^| current | cart | ' "$work/out" || fail "cv: cart row missing"
grep -q '^| current | xgboost (4-class model) | ' "$work/out" || fail "cv: 4-class model row missing"
grep -q '^## 4-class' "$work/out" || fail "cv: 4-class table missing"
grep -q 'paper: all local' "$work/out" || fail "cv: paper row missing"
grep -q '8 labelled page' "$work/err" || fail "cv: progress not on stderr"

# The same seed gives the same table.
cp "$work/out" "$work/cv1"
expect_rc 0 "cv again" -- "$train" --dataset "l3s-gn1:$mini" --cv 4 --learner cart --learner xgboost \
  --features current --classes 2 --classes 4 --rounds 10 --cart-min-samples 2
diff <(grep -v 'training time\|^| [a-z-]* | [a-z]* | [24] |' "$work/cv1") \
     <(grep -v 'training time\|^| [a-z-]* | [a-z]* | [24] |' "$work/out") >/dev/null ||
  fail "cv: figures differ between two runs with one seed"

# A model file, then the extractor by name.
model=$work/model.json
expect_rc 0 "train" -- "$train" --dataset "l3s-gn1:$mini" -o "$model" --rounds 20
[ -s "$model" ] || fail "train: no model file"
grep -q '"format": "boilerdex-block-classifier"' "$model" || fail "train: model format"
expect_rc 0 "extract learned" -- "$extract" -e "learned:$model" "$mini/original/page3.html"
grep -q 'Harbour works to start in summer' "$work/out" || fail "extract: headline lost"
grep -q 'Privacy' "$work/out" && fail "extract: footer kept"
expect_rc 0 "eval learned" -- "$extract" eval --dataset "l3s-gn1:$mini" -e "learned:$model" -e article
grep -q "learned:$model" "$work/out" || fail "eval: learned row missing"

# A view of an index set.
if [ -x "$index" ]; then
  expect_rc 0 "index view" -- "$index" --format files --input "$mini/original" --out "$work/set" --view all \
    --view "extractor:learned:$model" -q
  ls "$work/set/views" | grep -q '^extractor-learned-' || fail "index: no learned view ($(ls "$work/set/views"))"
fi

# --pages: only the listed pages, each optionally with its weight after a tab; a weight that
# is not a positive number is a usage error naming the file and line.
printf 'l3s-mini/page1\nl3s-mini/page2\t2.5\n' >"$work/pages.txt"
expect_rc 0 "weighted pages" -- "$train" --dataset "l3s-gn1:$mini" --pages "$work/pages.txt" --cv 2 --rounds 5
grep -q '2 labelled page' "$work/err" || fail "weighted pages: not the two listed ($(cat "$work/err"))"
printf 'l3s-mini/page1\nl3s-mini/page2\theavy\n' >"$work/bad-pages.txt"
expect_rc 2 "bad page weight" -- "$train" --dataset "l3s-gn1:$mini" --pages "$work/bad-pages.txt" --cv 2
grep -q "bad-pages.txt:2: the weight" "$work/err" || fail "bad page weight: no file:line ($(cat "$work/err"))"

# --stack-models: best's stacked second stage, each page read with the first-stage model
# listed for it; the pair then decides in boilerdex-extract. A line without a model, or a
# model of another feature set, is a usage error naming the file and line; a page with no
# model listed is left out, saying why.
first=$work/first.json
expect_rc 0 "train best" -- "$train" --dataset "l3s-gn1:$mini" --features best -o "$first" --rounds 10
for p in page1 page2 page3 page4 page5 page6 page7 page8; do printf 'l3s-mini/%s\t%s\n' "$p" "$first"; done >"$work/stack.txt"
expect_rc 0 "train stacked" -- "$train" --dataset "l3s-gn1:$mini" --features best --stack-models "$work/stack.txt" \
  -o "$work/stacked.json" --rounds 10
grep -q '"stacked_on": *"1 first-stage models' "$work/stacked.json" || fail "train stacked: not recorded in the model"
expect_rc 0 "extract stacked" -- "$extract" -e "best:model=$first,stacked_model=$work/stacked.json" \
  "$mini/original/page3.html"
grep -q 'Harbour works to start in summer' "$work/out" || fail "extract stacked: headline lost"
head -3 "$work/stack.txt" >"$work/stack3.txt"
expect_rc 0 "stack three pages" -- "$train" --dataset "l3s-gn1:$mini" --features best --stack-models "$work/stack3.txt" \
  --cv 2 --rounds 5
grep -q 'names no first-stage model for page l3s-mini/page4' "$work/err" || fail "stack three pages: no note ($(cat "$work/err"))"
printf 'l3s-mini/page1\t%s\nl3s-mini/page2\n' "$first" >"$work/bad-stack.txt"
expect_rc 2 "stack line without a model" -- "$train" --dataset "l3s-gn1:$mini" --features best \
  --stack-models "$work/bad-stack.txt" --cv 2
grep -q "bad-stack.txt:2: expected DATASET/PAGE, a tab and a model file" "$work/err" ||
  fail "stack line without a model: no file:line ($(cat "$work/err"))"
printf 'l3s-mini/page1\t%s\n' "$model" >"$work/other-stack.txt"
expect_rc 2 "stack model of another set" -- "$train" --dataset "l3s-gn1:$mini" --features best \
  --stack-models "$work/other-stack.txt" --cv 2
grep -q "other-stack.txt:1: model .* reads feature set 'local+page', not 'best'" "$work/err" ||
  fail "stack model of another set: message ($(cat "$work/err"))"

# Usage errors exit 2; a broken model names the file and the position.
expect_rc 2 "no work" -- "$train" --dataset "l3s-gn1:$mini"
grep -q -- '--cv' "$work/err" || fail "no work: message"
expect_rc 2 "two configs to one file" -- "$train" --dataset "l3s-gn1:$mini" -o "$work/x.json" --learner cart --learner xgboost
expect_rc 2 "unknown learner" -- "$train" --dataset "l3s-gn1:$mini" --cv 2 --learner svm
expect_rc 2 "unknown feature set" -- "$train" --dataset "l3s-gn1:$mini" --cv 2 --features global
printf '{"format": "boilerdex-block-classifier",\n "version": 1, "trees": [}' >"$work/bad.json"
expect_rc 1 "broken model" -- "$extract" -e "learned:$work/bad.json" "$mini/original/page1.html"
grep -q "bad.json@" "$work/err" || fail "broken model: no file@offset ($(cat "$work/err"))"
sed 's/"threshold": 0.5/"threshold": 2/' "$model" >"$work/thr.json"
expect_rc 1 "bad threshold" -- "$extract" -e "learned:$work/thr.json" "$mini/original/page1.html"
grep -q "thr.json: /threshold" "$work/err" || fail "bad threshold: no pointer ($(cat "$work/err"))"

[ "$failures" -eq 0 ] || { echo "train.sh: $failures failure(s)"; exit 1; }
echo "train.sh: ok"
