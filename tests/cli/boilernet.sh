#!/usr/bin/env bash
# boilerdex-boilernet on the hand-written pages of tests/fixtures/boilernet (an L3S-GN1
# layout): train a tiny model, extract with it, evaluate it next to article, and refuse
# bad model files and bad options with the house's exit codes. Skipped (77) when the
# tool is not built (BOILERDEX_WITH_TORCH off).
# Usage: boilernet.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
fixtures=$2/boilernet
bin=$build/plugin/boilerdex-boilernet
if [ ! -x "$bin" ]; then
  echo "boilernet.sh: boilerdex-boilernet not built under $build (libtorch absent): skipped"
  exit 77
fi
. "$(dirname "$0")/lib/expect.bash"

tiny=(--tags 12 --words 60 --dense 16 --hidden 8 --layers 1 --dropout 0 --epochs 40 --batch 2
      --learning-rate 0.02 --seed 7)
expect_rc 0 "train" -- "$bin" train --dataset "l3s-gn1:$fixtures" --split all -m "$work/m.bnet" "${tiny[@]}"
grep -q '^trained on 6 pages, 78 blocks (24 content)' "$work/out" || fail "train: summary ($(cat "$work/out"))"
grep -q '^epoch 40/40' "$work/err" || fail "train: no progress per epoch"
[ -s "$work/m.bnet" ] || fail "train: no model file"

# Same seed, same model file, byte for byte (the archive's folder is named after the file,
# so the second copy has the same name in another folder).
mkdir -p "$work/again"
expect_rc 0 "train again" -- "$bin" train --dataset "l3s-gn1:$fixtures" --split all -m "$work/again/m.bnet" "${tiny[@]}"
cmp -s "$work/m.bnet" "$work/again/m.bnet" || fail "train: two runs with one seed wrote different models"

expect_rc 0 "extract" -- "$bin" extract -m "$work/m.bnet" "$fixtures/original/harbour.html"
printf '%s\n' "Storm closes the harbour" \
  "The harbour master closed the port on Tuesday after waves broke over the outer wall." \
  "Fishing boats stayed at their moorings while crews secured nets and lines against the wind." \
  "Forecasters expect the storm to ease by Thursday, when the ferries should sail again." >"$work/want"
cmp -s "$work/out" "$work/want" || fail "extract: text differs ($(head -c 300 "$work/out"))"

# One unreadable input among good ones: exit 1, the good one still extracted.
expect_rc 1 "extract, one input missing" -- "$bin" extract -m "$work/m.bnet" "$work/none.html" "$fixtures/original/choir.html"
grep -q '^Village choir wins national prize$' "$work/out" || fail "extract: good input lost"
grep -q 'none.html' "$work/err" || fail "extract: missing input not named"

expect_rc 0 "eval" -- "$bin" eval --dataset "l3s-gn1:$fixtures" --split all -m "$work/m.bnet" -e article
grep -q "^| boilernet:$work/m.bnet | 6 | 0 | 1.000 | 1.000 | 1.000 |" "$work/out" || fail "eval: bow row ($(grep boilernet "$work/out" | head -1))"
grep -q '^## Speed' "$work/out" || fail "eval: no speed table"
grep -q '^| boilernet .* 2c AUC' "$work/out" && fail "eval: header garbled"
grep -q "^| boilernet:$work/m.bnet | 78 |" "$work/out" || fail "eval: no block-level row"

# The model by name in the other tools: boilerdex-extract prints the same text, and
# boilerdex-index holds it as a view beside the baseline.
expect_rc 0 "boilerdex-extract -e boilernet:" -- "$build/plugin/boilerdex-extract" -e "boilernet:$work/m.bnet" "$fixtures/original/harbour.html"
cmp -s "$work/out" "$work/want" || fail "boilerdex-extract: text differs from boilerdex-boilernet extract ($(head -c 300 "$work/out"))"
if [ -x "$build/indexer/boilerdex-index" ]; then
  expect_rc 0 "boilerdex-index --view extractor:boilernet:" -- "$build/indexer/boilerdex-index" \
    --format files --input "$fixtures/original" --out "$work/set" --view all --view "extractor:boilernet:$work/m.bnet"
  ls "$work/set/views" | grep -q '^extractor-boilernet' || fail "boilerdex-index: no boilernet view ($(ls "$work/set/views"))"
fi
# Those tools do not link the BoilerNet library: they load it (and libtorch) from beside
# libboilerdex when a boilernet extractor is built, and say so when it is not there.
for tool in "$build/plugin/boilerdex-extract" "$build/indexer/boilerdex-index"; do
  [ -x "$tool" ] || continue
  ldd "$tool" | grep -q 'torch\|boilernet' && fail "$(basename "$tool") links libtorch or the BoilerNet library"
done
mkdir -p "$work/lonely"
cp -L "$(ldd "$build/plugin/boilerdex-extract" | sed -n 's/.*libboilerdex\.so[^ ]* => \([^ ]*\).*/\1/p')" "$work/lonely/"
LD_LIBRARY_PATH=$work/lonely expect_rc 2 "boilernet library missing" -- \
  "$build/plugin/boilerdex-extract" -e "boilernet:$work/m.bnet" "$fixtures/original/harbour.html"
grep -q "extractor 'boilernet' lives in $work/lonely/libboilerdex-boilernet.*could not be loaded" "$work/err" ||
  fail "boilernet library missing: message ($(cat "$work/err"))"
LD_LIBRARY_PATH=$work/lonely expect_rc 0 "other extractors without the BoilerNet library" -- \
  "$build/plugin/boilerdex-extract" -e article "$fixtures/original/harbour.html"

# Bad model files and usage.
printf 'not a model\n' >"$work/bad.bnet"
expect_rc 1 "corrupt model" -- "$bin" extract -m "$work/bad.bnet" "$fixtures/original/harbour.html"
grep -q "bad.bnet.*not a usable BoilerNet model" "$work/err" || fail "corrupt model: message ($(cat "$work/err"))"
expect_rc 1 "missing model" -- "$bin" extract -m "$work/absent.bnet" "$fixtures/original/harbour.html"
grep -q "absent.bnet.*no such model file" "$work/err" || fail "missing model: message"
expect_rc 2 "no subcommand" -- "$bin"
expect_rc 2 "bad split" -- "$bin" train --dataset "l3s-gn1:$fixtures" --split dev -m "$work/x.bnet"
expect_rc 2 "bad option value" -- "$bin" train --dataset "l3s-gn1:$fixtures" -m "$work/x.bnet" --epochs 0
expect_rc 2 "eval without a system" -- "$bin" eval --dataset "l3s-gn1:$fixtures"

[ "$failures" -eq 0 ] || { echo "boilernet.sh: $failures failure(s)" >&2; exit 1; }
echo "boilernet.sh: all passed"
