#!/usr/bin/env bash
# Acceptance: blogs-dev with the default views gives 1,548 documents in every view and the
# same docno at every docid in every view. (That each view's terms equal TermGenerator's on
# the kept blocks is checked by tests/indexer/test_index_builder.cpp.)
# Usage: index_blogs_dev.sh BUILD_DIR FIXTURES_DIR SHARED_DIR
set -u
build=$1 shared=$3
bin=$build/indexer/boilerdex-index
collection=$shared/data/blogs-dev/collection
[ -x "$bin" ] || { echo "SKIP: $bin not built"; exit 77; }
[ -d "$collection" ] || { echo "SKIP: $collection absent"; exit 77; }
command -v jq >/dev/null && command -v xapian-delve >/dev/null || { echo "SKIP: jq or xapian-delve missing"; exit 77; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$bin" --input "$collection" --out "$tmp/set" -q 2>"$tmp/err" || fail "indexing failed: $(tail -5 "$tmp/err")"
m=$tmp/set/manifest.json
[ "$(jq -r .counts.documents "$m")" = 1548 ] || fail "documents: $(jq -r .counts.documents "$m")"
[ "$(jq -r .counts.skipped "$m")" = 0 ] || fail "skipped: $(jq -r .counts.skipped "$m")"
[ "$(jq -r '.views | length' "$m")" -ge 52 ] || fail "default views: $(jq -r '.views | length' "$m")"
[ "$(jq -r '[.views[].documents] | unique | .[]' "$m")" = 1548 ] || fail "a view lacks documents"

# docid -> docno in every view equals the baseline's (all docids, via document data).
# (delve prints each record's data after a "Data for record #N:" line, then its term list.)
dump() { seq 1 1548 | sed 's/^/-r /' | xargs xapian-delve -d "$1" | awk '/^Data for record #/ { getline d; print $4, d }'; }
dump "$tmp/set/views/all" >"$tmp/all.map"
[ "$(wc -l <"$tmp/all.map")" -eq 1548 ] || fail "baseline map has $(wc -l <"$tmp/all.map") lines"
for v in $(jq -r '.views[].path' "$m"); do
  dump "$tmp/set/$v" | cmp -s - "$tmp/all.map" || fail "docid map of $v differs from all"
done
echo "ok"
