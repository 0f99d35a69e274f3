#!/usr/bin/env bash
# Crash safety of boilerdex-index (DESIGN.md: "a re-run resumes or starts clean"): a run
# killed with SIGKILL, twice, at different points, then resumed with --resume, gives the
# same index set as an uninterrupted run: every view holds the same documents under the
# same docids with the same data, values, terms, wdfs and positions, and the manifests
# agree on every count. The collection (a few thousand generated pages, some broken) is
# written at test time. tests/indexer/test_nothing_lost.cpp covers the accounting half.
set -u
build=$1
indexer=$build/indexer/boilerdex-index
[ -x "$indexer" ] || { echo "skip: $indexer not built"; exit 77; }
delve=$(command -v xapian-delve || command -v delve) || { echo "skip: xapian-delve (xapian-tools) not installed"; exit 77; }
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 3,000 pages in two files, deterministic, with a broken record every 500 and a duplicate.
awk -v from=1 -v to=1500 -f /dev/stdin >"$tmp/a.trec" <<'AWK'
BEGIN {
  split("harbour storm ferry engineer pier council budget river bridge school teacher museum " \
        "painting concert garden winter railway station market farmer harvest", w, " ")
  for (i = from; i <= to; i++) {
    if (i % 500 == 0) { printf "stray text between records %d\n<DOC>\n<html>no docno</html>\n</DOC>\n", i; continue }
    printf "<DOC>\n<DOCNO>KILL-%05d</DOCNO>\n<html><head><title>Page %d</title></head><body>", i, i
    printf "<div><a href=/>Home</a> | <a href=/news>News</a></div><p>"
    for (j = 0; j < 40 + i % 60; j++) printf "%s%s ", w[1 + (i * 7 + j * 13) % 21], (j % 9 == 0 ? "s" : "")
    printf "</p><p>Short line %d.</p></body></html>\n</DOC>\n", i
  }
}
AWK
sed -e 's/KILL-/KALL-/' "$tmp/a.trec" >"$tmp/b.trec"
printf '<DOC>\n<DOCNO>KALL-00001</DOCNO>\n<html><p>duplicate</p></html>\n</DOC>\n' >>"$tmp/b.trec"

common=(--input "$tmp/a.trec" --input "$tmp/b.trec" --format trec --view all --view min-words:10
        --view extractor:article --commit-interval 100 --threads 2 -q)
"$indexer" "${common[@]}" --out "$tmp/clean" >"$tmp/clean.log" 2>&1 || fail "clean run: $(cat "$tmp/clean.log")"

# The documents state.json says are committed (0 before the first commit).
committed() { sed -n 's/.*"documents": *\([0-9]*\).*/\1/p' "$tmp/killed/state.json" 2>/dev/null | head -1; }

# Start (or resume) a run and SIGKILL it once more than $1 documents are committed.
run_and_kill() {
  local after=$1 resume=$2 i
  "$indexer" "${common[@]}" --out "$tmp/killed" $resume >>"$tmp/killed.log" 2>&1 &
  pid=$!
  for ((i = 0; i < 6000; i++)); do
    local n; n=$(committed)
    [ -n "$n" ] && [ "$n" -gt "$after" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  kill -9 "$pid" 2>/dev/null || fail "the run ended before it could be killed (after $after documents)"
  wait "$pid" 2>/dev/null
  pid=
  [ ! -e "$tmp/killed/manifest.json" ] || fail "a killed run left a manifest.json"
}
run_and_kill 0 ""
first=$(committed)
run_and_kill $((first + 400)) --resume
second=$(committed)
[ "${second:-0}" -gt "${first:-0}" ] || fail "the resumed run committed nothing before the second kill ($first, $second)"
"$indexer" "${common[@]}" --out "$tmp/killed" --resume >>"$tmp/killed.log" 2>&1 ||
  fail "final resume: $(cat "$tmp/killed.log")"
echo "killed after $first and $second committed documents, then resumed"

# Same documents, docids, data, values, terms, wdfs and positions in every view.
dump() {
  local db=$1 n args=()
  n=$("$delve" "$db" | sed -n 's/^number of documents = //p')
  for ((d = 1; d <= n; d++)); do args+=(-r "$d"); done
  echo "documents $n"
  "$delve" -1 -v -d -V "${args[@]}" "$db"
  "$delve" -1 -v -a "$db"
  for t in QKILL-00042 harbour storm page; do "$delve" -1 -t "$t" "$db"; done
}
for view in all min-words-10 extractor-article; do
  [ -d "$tmp/clean/views/$view" ] || fail "clean run has no view $view"
  dump "$tmp/clean/views/$view" >"$tmp/clean.$view" 2>&1
  dump "$tmp/killed/views/$view" >"$tmp/killed.$view" 2>&1
  [ "$(wc -l <"$tmp/clean.$view")" -gt 3000 ] || fail "$view: dump too small: $(head -5 "$tmp/clean.$view")"
  cmp -s "$tmp/clean.$view" "$tmp/killed.$view" ||
    fail "view $view differs after kill+resume: $(diff "$tmp/clean.$view" "$tmp/killed.$view" | head -10)"
done

# The manifests agree on every count (timestamps and paths aside).
counts() { grep -E '"(documents|empty|skipped|empty_documents|terms|complete)"' "$1/manifest.json" | tr -d ' ,'; }
[ "$(counts "$tmp/clean")" = "$(counts "$tmp/killed")" ] ||
  fail "manifest counts differ: $(diff <(counts "$tmp/clean") <(counts "$tmp/killed"))"
grep -q '"skipped": *13' "$tmp/clean/manifest.json" || fail "expected 13 skipped records: $(counts "$tmp/clean")"
echo "PASS: killed twice and resumed == uninterrupted ($(grep -m1 "\"documents\"" "$tmp/clean/manifest.json" | tr -d " ,"))"
