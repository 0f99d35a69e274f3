#!/usr/bin/env bash
# boilerdex-index on the hand-written fixtures: exit codes, summary, manifest, refusals.
# Usage: index_fixtures.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -u
build=$1 fixtures=$(cd "$2/indexer" && pwd)
bin=$build/indexer/boilerdex-index
[ -x "$bin" ] || { echo "SKIP: $bin not built"; exit 77; }
command -v jq >/dev/null || { echo "SKIP: jq not installed"; exit 77; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A run with bad records: exit 0, every skip reported with file@offset, a summary.
"$bin" --input "$fixtures/trec/sample.trec" "$fixtures/trec/broken.trec" --out "$tmp/set" \
  --view all --view min-words:10,20 --view extractor:article >"$tmp/out" 2>"$tmp/err" || fail "indexing failed: $(cat "$tmp/err")"
grep -q "broken.trec@249 (BROKEN-1): broken-record" "$tmp/err" || fail "skip not reported: $(cat "$tmp/err")"
grep -q "^indexed 7 documents (1 with no text, 6 skipped) into 4 views" "$tmp/err" || fail "summary: $(cat "$tmp/err")"
grep -Eq "^min-words:20 +7 " "$tmp/err" || fail "per-view summary missing"
[ ! -s "$tmp/out" ] || fail "stdout should stay empty"

m=$tmp/set/manifest.json
[ "$(jq -r .complete "$m")" = true ] || fail "manifest not complete"
[ "$(jq -r .counts.documents "$m")" = 7 ] || fail "manifest documents"
[ "$(jq -r .counts.skipped "$m")" = 6 ] || fail "manifest skipped"
[ "$(jq -r '[.views[].documents] | unique | .[]' "$m")" = 7 ] || fail "views differ in size"
[ "$(jq -r '.views | length' "$m")" = 4 ] || fail "view count"
[ "$(jq -r '.inputs[0].sha256 | length' "$m")" = 64 ] || fail "checksum"
[ -d "$tmp/set/views/min-words-20" ] || fail "view directory"
[ ! -e "$tmp/set/state.json" ] || fail "state.json left behind"
[ ! -e "$tmp/set/inputs.jsonl" ] || fail "inputs.jsonl left behind"
[ "$(jq -r '.inputs | map(.path | split("/") | last) | join(" ")' "$m")" = "sample.trec broken.trec" ] || fail "inputs in order"
[ "$(jq -r '.inputs[1].skipped_by_reason["broken-record"], .inputs[1].documents' "$m" | tr '\n' ' ')" = "3 3 " ] \
  || fail "per-input counts: $(jq -c '.inputs[1]' "$m")"
grep -Eq "^all 2 inputs +7 +1 +6 " "$tmp/err" || fail "inputs total row: $(cat "$tmp/err")"

# An existing index set is refused (exit 1) unless --overwrite.
"$bin" --input "$fixtures/trec/sample.trec" --out "$tmp/set" --view all 2>"$tmp/err"
[ $? -eq 1 ] || fail "existing output not refused"
grep -q -- "--overwrite" "$tmp/err" || fail "refusal does not name --overwrite"
"$bin" --input "$fixtures/trec/sample.trec" --out "$tmp/set" --view all --overwrite -q 2>/dev/null || fail "--overwrite"
[ "$(jq -r '.views | length' "$m")" = 1 ] || fail "overwrite kept old views"

# --strict: the first skip is fatal, and the run is left resumable.
"$bin" --input "$fixtures/trec/broken.trec" --out "$tmp/strict" --view all --strict 2>"$tmp/err"
[ $? -eq 1 ] || fail "--strict did not fail"
grep -q "strict: .*broken.trec@249" "$tmp/err" || fail "--strict message: $(cat "$tmp/err")"
"$bin" --input "$fixtures/trec/broken.trec" --out "$tmp/strict" --view all 2>"$tmp/err"
grep -q -- "--resume" "$tmp/err" || fail "interrupted run not detected"
"$bin" --input "$fixtures/trec/broken.trec" --out "$tmp/strict" --view all --resume 2>/dev/null || fail "--resume"
[ "$(jq -r .counts.documents "$tmp/strict/manifest.json")" = 3 ] || fail "resumed count"

# Without --view: the default set, which has the default extractor's view (best) beside the
# paper's sweeps and boilerpipe's extractors; an interrupted default run resumes as one.
"$bin" --input "$fixtures/trec/sample.trec" --out "$tmp/defaults" -q 2>"$tmp/err" || fail "default views: $(cat "$tmp/err")"
d=$tmp/defaults/manifest.json
for v in all min-words:10 min-density:7 extractor:best extractor:article extractor:default; do
  [ "$(jq -r --arg v "$v" '[.views[] | select(.spec == $v)] | length' "$d")" = 1 ] || fail "default views: no $v view"
done
[ -d "$tmp/defaults/views/extractor-best" ] || fail "default views: no views/extractor-best"
[ "$(jq -r '[.views[].documents] | unique | .[]' "$d")" = "$(jq -r .counts.documents "$d")" ] || fail "default views differ in size"
"$bin" --input "$fixtures/trec/broken.trec" --out "$tmp/dstrict" --strict -q 2>/dev/null
[ $? -eq 1 ] || fail "default views --strict did not fail"
"$bin" --input "$fixtures/trec/broken.trec" --out "$tmp/dstrict" --resume -q 2>"$tmp/err" || fail "default views --resume: $(cat "$tmp/err")"
[ "$(jq -r '.views | map(.spec) | join(" ")' "$tmp/dstrict/manifest.json")" = "$(jq -r '.views | map(.spec) | join(" ")' "$d")" ] \
  || fail "default views --resume: another view list"

# Usage and configuration errors exit 2 and name the file and line.
"$bin" --input "$fixtures/trec/sample.trec" --out "$tmp/x" --view min-words:abc 2>/dev/null; [ $? -eq 2 ] || fail "bad view spec"
"$bin" --input "$fixtures/trec/sample.trec" --out "$tmp/x" --resume --overwrite 2>/dev/null; [ $? -eq 2 ] || fail "--resume --overwrite"
printf '[indexing]\ncommit_interval = "often"\n' >"$tmp/bad.toml"
"$bin" --config "$tmp/bad.toml" 2>"$tmp/err"; [ $? -eq 2 ] || fail "bad config accepted"
grep -q "bad.toml:2:19: indexing.commit_interval: expected an integer" "$tmp/err" || fail "config message: $(cat "$tmp/err")"

# Configuration file with relative paths, HTML file trees and WARC.
cat >"$tmp/c.toml" <<TOML
[collection]
inputs = ["$fixtures/files"]
format = "files"
[views]
specs = ["all", "extractor:article"]
[indexing]
output = "files-set"
TOML
"$bin" --config "$tmp/c.toml" -q 2>"$tmp/err" || fail "config run: $(cat "$tmp/err")"
[ "$(jq -r .counts.documents "$tmp/files-set/manifest.json")" = 3 ] || fail "files format"
"$bin" --input "$fixtures/warc/sample.warc.gz" --format warc --out "$tmp/warc" --view all -q 2>/dev/null || fail "warc"
[ "$(jq -r .counts.documents "$tmp/warc/manifest.json")" = 3 ] || fail "warc count"
echo "ok"
