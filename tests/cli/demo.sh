#!/usr/bin/env bash
# The bundled demo, small: `boilerdex-trec sample` then `boilerdex-trec experiment` on the
# generated collection; checks every output exists, the table has every view (the default
# extractor's among them) and the gold row, the figure is well-formed SVG and names both,
# and a second run reuses the index sets.
# Usage: demo.sh BUILD_DIR [FIXTURES_DIR SHARED_DIR]   (exit 77 = skipped)
set -euo pipefail
build=$1
tool=$build/trec/boilerdex-trec
if [[ ! -x $tool ]]; then echo "skip: $tool is not built"; exit 77; fi
if ! "$tool" sample --help > /dev/null 2>&1; then echo "skip: boilerdex-trec has no sample subcommand"; exit 77; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$tool" sample --out "$work/sample" --docs 300 --topics 10 --docs-per-file 100 --seed 42 --gold -q > "$work/sample.out"
grep -q "300 documents in 3 files" "$work/sample.out" || fail "sample summary: $(cat "$work/sample.out")"
for f in topics.txt qrels.txt; do [[ -s $work/sample/$f ]] || fail "sample/$f missing"; done
[[ $(find "$work/sample/collection" -name 'permalinks-*.gz' | wc -l) -eq 3 ]] || fail "expected 3 collection files"

# Same seed, same bytes.
"$tool" sample --out "$work/again" --docs 300 --topics 10 --docs-per-file 100 --seed 42 -q > /dev/null
cmp -s "$work/sample/qrels.txt" "$work/again/qrels.txt" || fail "qrels differ for the same seed"
cmp -s "$work/sample/collection/20051206/permalinks-000.gz" "$work/again/collection/20051206/permalinks-000.gz" \
  || fail "collection differs for the same seed"

cat > "$work/demo.toml" << 'TOML'
[collection]
inputs = ["sample/collection"]
format = "trec"
[views]
specs = ["all", "min-words:5,10,20", "min-density:5,10", "extractor:best", "extractor:article"]
[indexing]
output = "index"
[trec]
topics = "sample/topics.txt"
qrels = "sample/qrels.txt"
output_dir = "experiment"
run_tag = "bdx-demo"
gold = "sample/gold"
TOML

"$tool" experiment --config "$work/demo.toml" --permutations 5000 -q > "$work/table.out" 2> "$work/progress.err" \
  || fail "experiment failed: $(cat "$work/progress.err")"
out=$work/experiment
views=(all min-words:5 min-words:10 min-words:20 min-density:5 min-density:10 extractor:best extractor:article)
for v in "${views[@]}"; do
  grep -q "^| $v " "$work/table.out" || fail "printed table lacks view $v"
  grep -q "^| $v " "$out/table.md" || fail "table.md lacks view $v"
  grep -q "^$v	" "$out/table.tsv" || fail "table.tsv lacks view $v"
done
grep -q "^| all (baseline)" "$work/table.out" || fail "no baseline row"
# The gold texts, indexed alone, are the row the default extractor is measured against.
grep -q "^| gold (gold text) " "$work/table.out" || fail "printed table lacks the gold row"
grep -q "^gold	gold	" "$out/table.tsv" || fail "table.tsv lacks the gold row"
grep -q "^P@10 as a share of gold's: extractor:best " "$work/table.out" || fail "no share of gold for best"
grep -q "gold: P@10" "$out/figure.svg" || fail "figure.svg does not show the gold row"
[[ -s $out/runs/gold.run ]] || fail "no gold run"
[[ $(find "$out/runs" -name '*.run' | wc -l) -eq $((${#views[@]} + 1)) ]] || fail "expected ${#views[@]} run files and gold's"
qids=$(cut -d' ' -f1 "$work/sample/qrels.txt" | sort -u | wc -l)
[[ $(wc -l < "$out/per_topic.tsv") -eq $((1 + (${#views[@]} + 1) * qids)) ]] || fail "per_topic.tsv: wrong number of rows"
tail -n 1 "$out/figure.svg" | grep -q "</svg>" || fail "figure.svg is not complete"
grep -q "extractor:best: P@10" "$out/figure.svg" || fail "figure.svg does not show the default extractor's view"
if command -v python3 > /dev/null; then
  python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$out/figure.svg" || fail "figure.svg is not well-formed XML"
fi

# The index set is reused, and the numbers are the same.
"$tool" experiment --config "$work/demo.toml" --permutations 5000 -q > "$work/table2.out" 2> "$work/progress2.err"
grep -q "index set .*/index is up to date" "$work/progress2.err" || fail "second run rebuilt the index set"
grep -q "gold index set .*/index-gold is up to date" "$work/progress2.err" || fail "second run rebuilt the gold index set"
cmp -s "$work/table.out" "$work/table2.out" || fail "second run printed a different table"
echo "demo: ok ($qids topics, ${#views[@]} views)"
