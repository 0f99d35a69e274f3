#!/usr/bin/env bash
# Nothing lost from WARC records whose Content-Length is too long (plain and .warc.gz):
# the broken record is skipped with its file, offset and WARC-TREC-ID, and the record it
# reached into is indexed and searchable.
#
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

# ---- WARC: Content-Length too long ----------------------------------------------------
export LC_ALL=C  # ${#var} counts bytes
# warc_record ID WORD [EXTRA [LENGTH]]: a response record whose Content-Length is EXTRA
# bytes too long, or LENGTH when given.
warc_record() {
  local http=$'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n'
  http+="<html><head><title>Record $1</title></head><body><p>The council report about $2 was published "
  http+="on Tuesday, after a review that lasted most of the year.</p></body></html>"
  local n=${4:-$((${#http} + ${3:-0}))}
  printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-TREC-ID: %s\r\nWARC-Target-URI: http://example.org/%s\r\n' "$1" "$1"
  printf 'Content-Type: application/http; msgtype=response\r\nContent-Length: %s\r\n\r\n%s\r\n\r\n' "$n" "$http"
}
mkdir "$tmp/warc" "$tmp/warcgz"
records=("W-1 aardvark" "W-2 bison 300" "W-3 capybara" "W-4 dugong 0 99999999999" "W-5 echidna" "W-6 fossa")
for r in "${records[@]}"; do
  # shellcheck disable=SC2086  # the fields are words
  warc_record $r >>"$tmp/warc/over.warc"
  warc_record $r | gzip -c >>"$tmp/warcgz/over.warc.gz"  # one gzip member per record
done
for kind in warc warcgz; do
  "$indexer" --input "$tmp/$kind" --format warc --view all --out "$tmp/$kind-idx" >"$tmp/$kind.log" 2>&1 ||
    fail "$kind: $(cat "$tmp/$kind.log")"
  grep -q '"counts": *{[^}]*"documents": *4[^}]*"skipped": *2' <(tr -d '\n' <"$tmp/$kind-idx/manifest.json") ||
    fail "$kind: expected 4 indexed and 2 skipped: $(grep -A3 '"counts"' "$tmp/$kind-idx/manifest.json")"
  # Each broken record once, by file, offset and id, naming where the next record starts.
  for id in W-2 W-4; do
    [ "$(grep -c "^skipped .*over.warc.*@[0-9]* ($id): broken-record: .*Content-Length.* starts at offset [0-9]" "$tmp/$kind.log")" = 1 ] ||
      fail "$kind: $id not reported once as a broken record: $(grep skipped "$tmp/$kind.log")"
  done
  for word in aardvark capybara echidna fossa; do
    [ -n "$("$delve" -1 -t "$word" "$tmp/$kind-idx/views/all" 2>/dev/null)" ] ||
      fail "$kind: '$word' is not searchable"
  done
done
echo "WARC: records after a too-long Content-Length indexed (plain and .warc.gz), broken ones reported"

# 3,000 pages in two files, deterministic, with a broken record every 500 and a duplicate,
# under a directory whose name is Latin-1 (not UTF-8: paths are bytes, issue #16 item 1),
# one of them named with a stray 0xFF, and a record whose DOCNO and title are not UTF-8.
lat=$tmp/caf$'\xe9'
mkdir "$lat"
awk -v from=1 -v to=1500 -f /dev/stdin >"$lat/a.trec" <<'AWK'
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
b=$lat/b$'\xff'.trec
sed -e 's/KILL-/KALL-/' "$lat/a.trec" >"$b"
printf '<DOC>\n<DOCNO>KALL-00001</DOCNO>\n<html><p>duplicate</p></html>\n</DOC>\n' >>"$b"
printf '<DOC>\n<DOCNO>KALL-\xe9\xff</DOCNO>\n<html><head><title>t\xe9te</title></head><body><p>harbour bytes</p></body></html>\n</DOC>\n' >>"$b"

common=(--input "$lat/a.trec" --input "$b" --format trec --view all --view min-words:10
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

# Paths that are not UTF-8 are kept exactly (readable "path", exact "path_hex") and --resume
# found its inputs by them above.
grep -q '"path_hex":"[0-9a-f]*636166e92f62ff2e74726563"' "$tmp/clean/manifest.json" ||
  fail "no exact path_hex for the Latin-1 path: $(grep -o '"path[^,]*' "$tmp/clean/manifest.json" | head -4)"
"$build/query/boilerdex-search" --index "$lat/none" volcano >/dev/null 2>"$tmp/search.err" && fail "search of a missing set succeeded"
grep -q 'caf\\xe9/none' "$tmp/search.err" || fail "a Latin-1 path is not shown readably: $(od -c "$tmp/search.err" | head -3)"
echo "PASS: non-UTF-8 paths, DOCNO and title indexed, kept exactly and resumed, and shown readably"

# DOCNOs a run line cannot carry (issue #16 item 2): skipped as bad-docno, by file, offset
# and byte, in TREC and in --format files (the DOCNO is the relative path).
mkdir -p "$tmp/ws/files"
printf '<DOC>\n<DOCNO>BLOG 06 01</DOCNO>\n<html><p>volcano</p></html>\n</DOC>\n<DOC>\n<DOCNO>ok</DOCNO>\n<html><p>volcano</p></html>\n</DOC>\n' >"$tmp/ws/ws.trec"
"$indexer" --input "$tmp/ws/ws.trec" --view all --out "$tmp/ws/idx" >"$tmp/ws/log" 2>&1 || fail "whitespace DOCNO: $(cat "$tmp/ws/log")"
grep -q '^skipped .*ws.trec@0 (BLOG 06 01): bad-docno: DOCNO contains a space at byte 4' "$tmp/ws/log" ||
  fail "whitespace DOCNO not reported: $(cat "$tmp/ws/log")"
grep -q '"bad-docno":1' "$tmp/ws/idx/manifest.json" || fail "whitespace DOCNO not counted as bad-docno"
printf '<html><p>volcano</p></html>' >"$tmp/ws/files/my page.html"
printf '<html><p>volcano</p></html>' >"$tmp/ws/files/ok.html"
"$indexer" --input "$tmp/ws/files" --format files --view all --out "$tmp/ws/fidx" >"$tmp/ws/flog" 2>&1 ||
  fail "files with a space: $(cat "$tmp/ws/flog")"
grep -q '(my page.html): bad-docno: DOCNO contains a space' "$tmp/ws/flog" || fail "file name with a space not reported: $(cat "$tmp/ws/flog")"
echo "PASS: DOCNOs with whitespace skipped as bad-docno (TREC and files)"

# Planted symlinks (issue #16 item 3): temporaries are created exclusively under fresh
# names, so links at the old fixed names are never written through; a view that leads
# outside the index set is refused, not opened.
extract=$build/plugin/boilerdex-extract
search=$build/query/boilerdex-search
mkdir -p "$tmp/sym/out" "$tmp/sym/pages"
echo precious >"$tmp/sym/victim"
printf '<html><body><p>%s</p></body></html>' "A paragraph long enough to be kept as the content of this page, about volcanoes." >"$tmp/sym/pages/page.html"
ln -s "$tmp/sym/victim" "$tmp/sym/out/.page.txt.tmp"
"$extract" -e keep-everything -o "$tmp/sym/out" "$tmp/sym/pages/page.html" >"$tmp/sym/log" 2>&1 || fail "extract -o: $(cat "$tmp/sym/log")"
[ "$(cat "$tmp/sym/victim")" = precious ] || fail "extract -o wrote through a planted symlink"
grep -q volcanoes "$tmp/sym/out/page.txt" || fail "extract -o: no output"
ln -s "$tmp/sym/victim" "$tmp/ws/idx/manifest.json.tmp"
"$indexer" --input "$tmp/ws/ws.trec" --view all --out "$tmp/ws/idx" --overwrite -q >"$tmp/sym/log" 2>&1 ||
  fail "index --overwrite: $(cat "$tmp/sym/log")"
[ "$(cat "$tmp/sym/victim")" = precious ] || fail "index --overwrite wrote through a planted manifest.json.tmp"
mkdir -p "$tmp/sym/etc"
rm -rf "$tmp/ws/idx/views/all" && ln -s ../../../sym/etc "$tmp/ws/idx/views/all"
"$search" --index "$tmp/ws/idx" volcano >"$tmp/sym/log" 2>&1 && fail "search opened a view that links outside the set"
grep -q 'leads outside the index set' "$tmp/sym/log" || fail "search: $(cat "$tmp/sym/log")"
echo "PASS: planted symlinks neither redirect outputs nor open views outside the set"

# A page cut at a limit is said on stderr, page and limit, in text mode too, and counted
# (issue #16 item 6); the run still succeeds.
printf '[extraction]\nmax_blocks = 2\n' >"$tmp/sym/limits.toml"
for i in 1 2 3 4; do printf '<p>Paragraph %s of a page with more blocks than the limit allows.</p>' "$i"; done >"$tmp/sym/pages/many.html"
"$extract" --config "$tmp/sym/limits.toml" -e keep-everything "$tmp/sym/pages/many.html" >"$tmp/sym/out.txt" 2>"$tmp/sym/err" ||
  fail "extract at max_blocks: exit $?: $(cat "$tmp/sym/err")"
grep -q 'many.html: page hit a limit: blocks after the first 2 were dropped (max_blocks)' "$tmp/sym/err" ||
  fail "max_blocks truncation not reported: $(cat "$tmp/sym/err")"
grep -q '1 of 1 page(s) hit a limit' "$tmp/sym/err" || fail "truncation not counted: $(cat "$tmp/sym/err")"
grep -q 'Paragraph 3' "$tmp/sym/out.txt" && fail "max_blocks: blocks past the limit written"
echo "PASS: truncation at a limit reported and counted in text mode"

# Clearer errors (issue #16 item 8): a WARC file with the default --format trec, a
# directory as qrels, a binary topics file, library text in --jsonl errors.
trec=$build/trec/boilerdex-trec
cp "$tmp/warc/over.warc" "$tmp/sym/crawl.warc"
"$indexer" --input "$tmp/sym/crawl.warc" --view all --out "$tmp/sym/widx" >"$tmp/sym/log" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q 'crawl.warc: a WARC file by its name.*give --format warc' "$tmp/sym/log" ||
  fail "a .warc with --format trec: exit $rc: $(cat "$tmp/sym/log")"
[ -e "$tmp/sym/widx" ] && fail "a .warc with --format trec still created the index set"
cp "$tmp/warc/over.warc" "$tmp/sym/crawl.trec"
"$indexer" --input "$tmp/sym/crawl.trec" --view all --out "$tmp/sym/widx" >"$tmp/sym/log" 2>&1 || fail "misnamed WARC: $(cat "$tmp/sym/log")"
grep -q 'crawl.trec@0: broken-record: a WARC file .*index it with --format warc' "$tmp/sym/log" ||
  fail "a WARC file named .trec not reported: $(cat "$tmp/sym/log")"
head -c 2000 "$indexer" >"$tmp/sym/topics.bin"
printf '901 Q0 d1 1 1.0 t\n' >"$tmp/sym/run"
"$trec" eval "$tmp/sym" "$tmp/sym/run" >"$tmp/sym/log" 2>&1 && fail "a directory as qrels was accepted"
grep -q 'is a directory, not a file' "$tmp/sym/log" || fail "qrels directory: $(cat "$tmp/sym/log")"
"$trec" run --index "$tmp/ws/fidx" --topics "$tmp/sym/topics.bin" -o "$tmp/sym/run2" >"$tmp/sym/log" 2>&1 &&
  fail "a binary topics file was accepted"
grep -q 'topics.bin: no topics: binary data' "$tmp/sym/log" || fail "binary topics: $(cat "$tmp/sym/log")"
printf '{not json\n' | "$extract" --jsonl -e keep-everything >/dev/null 2>"$tmp/sym/log"
grep -q 'stdin:1: invalid JSON at byte' "$tmp/sym/log" && ! grep -q 'json.exception' "$tmp/sym/log" ||
  fail "--jsonl error text: $(cat "$tmp/sym/log")"
echo "PASS: clearer errors for WARC as TREC, qrels directories, binary topics and bad JSON lines"

# Charsets (issue #16 item 7): --charset utf-16 is UTF-16LE (WHATWG), and a UTF-16 page
# without a BOM is recognised by its NULs (extracted, and indexed rather than skipped as
# binary).
page='<html><body><p>Caf&eacute; volcanoes erupted along the ridge for most of the week.</p></body></html>'
printf '%s' "$page" | iconv -f UTF-8 -t UTF-16LE >"$tmp/sym/pages/le.html"
"$extract" -e keep-everything --charset utf-16 "$tmp/sym/pages/le.html" >"$tmp/sym/out.txt" 2>"$tmp/sym/err" ||
  fail "--charset utf-16: $(cat "$tmp/sym/err")"
grep -q 'volcanoes erupted' "$tmp/sym/out.txt" || fail "--charset utf-16 is not read as UTF-16LE: $(head -c 200 "$tmp/sym/out.txt")"
"$extract" -e keep-everything "$tmp/sym/pages/le.html" >"$tmp/sym/out.txt" 2>"$tmp/sym/err" || fail "UTF-16LE without BOM: $(cat "$tmp/sym/err")"
grep -q 'volcanoes erupted' "$tmp/sym/out.txt" || fail "UTF-16LE without a BOM not detected"
mkdir -p "$tmp/sym/u16" && printf '%s' "$page" | iconv -f UTF-8 -t UTF-16BE >"$tmp/sym/u16/be.html"
"$indexer" --input "$tmp/sym/u16" --format files --view all --out "$tmp/sym/u16idx" >"$tmp/sym/log" 2>&1 || fail "UTF-16BE index: $(cat "$tmp/sym/log")"
grep -q '"documents": *1' "$tmp/sym/u16idx/manifest.json" && grep -q '"skipped": *0' "$tmp/sym/u16idx/manifest.json" ||
  fail "a UTF-16BE page without BOM was not indexed: $(cat "$tmp/sym/log")"
echo "PASS: utf-16 label and UTF-16 without BOM"
