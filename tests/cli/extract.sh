#!/usr/bin/env bash
# boilerdex-extract on the hand-written pages: formats, -o naming, stdin, directories,
# .html.gz, and a corrupt page among good ones (exit 1, the others still written).
# Usage: extract.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
pages=$2/plugin/pages
bin=$build/plugin/boilerdex-extract
[ -x "$bin" ] || bin=$build/boilerdex-extract
if [ ! -x "$bin" ]; then
  echo "extract.sh: boilerdex-extract not built under $build" >&2
  exit 1
fi
. "$(dirname "$0")/lib/expect.bash"

# Text to stdout: boilerpipe's getContent, one line per block, final newline.
expect_rc 0 "article to stdout" -- "$bin" "$pages/article.html"
head -n 1 "$work/out" | grep -qx 'Storm closes harbour' || fail "article: first line"
grep -q 'Comments' "$work/out" && fail "article: comments not cut"
[ "$(tail -c 1 "$work/out" | od -An -c | tr -d ' ')" = '\n' ] || fail "article: no final newline"

# Every listed extractor runs.
expect_rc 0 "list" -- "$bin" --list-extractors
grep -q '^article	' "$work/out" || fail "list: article missing"
grep -q '^min-words:K	' "$work/out" || fail "list: min-words:K missing"
# Families that need a file argument (learned:PATH, boilernet:MODEL) are tested where they live.
for e in $(cut -f1 "$work/out" | grep -v -E ':[A-Z]+$|:K$' ; cut -f1 "$work/out" | grep -E ':K$' | sed 's/:K$/:5/'); do
  e=${e%%\[*}
  expect_rc 0 "extractor $e" -- "$bin" --extractor "$e" "$pages/article.html"
done
expect_rc 2 "unknown extractor" -- "$bin" --extractor nope "$pages/article.html"
grep -q 'nope' "$work/err" || fail "unknown extractor: message does not name it"
expect_rc 2 "unknown format" -- "$bin" --format pdf "$pages/article.html"
expect_rc 2 "no input" -- "$bin"

# stdin, gzip on stdin, charset option.
expect_rc 0 "stdin" -- bash -c "\"$bin\" - < \"$pages/article.html\""
head -n 1 "$work/out" | grep -qx 'Storm closes harbour' || fail "stdin: first line"
expect_rc 0 "gzip stdin" -- bash -c "\"$bin\" -e keep-everything - < \"$pages/zipped.html.gz\""
grep -q '^Gzipped page' "$work/out" || fail "gzip stdin: text"
expect_rc 0 "latin1" -- "$bin" "$pages/latin1.html"
grep -q "^Café crème brûlée" "$work/out" || fail "latin1: not decoded"

# JSON parses (one object per line) and carries the page's metadata; compact by default,
# with features and decisions per block on request (--blocks).
expect_rc 0 "json" -- "$bin" -f json "$pages/article.html" "$pages/links.htm"
if command -v python3 >/dev/null; then
  python3 - "$work/out" <<'PY' || fail "json: does not parse, lacks fields or is not compact"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
assert len(lines) == 2, len(lines)
page = json.loads(lines[0])
assert page["title"] == "Storm closes harbour | Example Times"
assert page["charset"]["name"] == "UTF-8"
assert "blocks" not in page and "result_blocks" not in page, list(page)
meta = page["metadata"]
assert list(meta) == ["title", "author", "date", "sitename", "description", "language", "url",
                      "image", "categories", "tags", "page_type"], list(meta)
assert meta["title"] == "Storm closes harbour", meta
assert meta["author"] == "A. Reporter", meta
assert meta["date"] == "2010-02-04", meta
assert meta["description"] is None and meta["tags"] == [], meta
assert json.loads(lines[1])["content"] == ""
PY
fi
expect_rc 0 "json --blocks" -- "$bin" -f json --blocks "$pages/article.html"
if command -v python3 >/dev/null; then
  python3 - "$work/out" <<'PY' || fail "json --blocks: lacks its blocks or metadata"
import json, sys
page = json.loads(open(sys.argv[1], encoding="utf-8").read())
assert any(b["content"] for b in page["blocks"]) and not page["blocks"][0]["content"]
assert "text_density" in page["blocks"][3]["features"]
assert page["result_blocks"] and page["metadata"]["title"] == "Storm closes harbour"
PY
fi

# Clean HTML and the debug view are self-contained and escaped.
expect_rc 0 "html" -- "$bin" -f html "$pages/article.html"
grep -q '<!DOCTYPE html>' "$work/out" || fail "html: no doctype"
grep -q '<h1>Storm closes harbour</h1>' "$work/out" || fail "html: no heading"
grep -q 'promenade &amp; flooded' "$work/out" || fail "html: text not escaped"
grep -q '<script' "$work/out" && fail "html: contains a script"
grep -q 'Home' "$work/out" && fail "html: navigation kept"
expect_rc 0 "debug-html" -- "$bin" -f debug-html "$pages/article.html"
grep -q 'promenade &amp; flooded' "$work/out" || fail "debug-html: text not escaped"
grep -q 'class="b n"' "$work/out" || fail "debug-html: boilerplate not shown"

# Markdown: the kept text with its structure; links on request, resolved against --url.
expect_rc 0 "markdown" -- "$bin" -f markdown "$pages/article.html"
head -1 "$work/out" | grep -qx '# Storm closes harbour' || fail "markdown: no heading ($(head -1 "$work/out"))"
grep -q 'promenade & flooded' "$work/out" || fail "markdown: text"
expect_rc 0 "markdown links" -- "$bin" -f markdown --links --url https://example.org/x/page.html -e keep-everything "$pages/links.htm"
grep -qx -- '- \[Second link\](https://example.org/b)' "$work/out" || fail "markdown links: $(cat "$work/out")"
printf '<html><body><p>Some <b>bold</b> and <em>italic</em> words.</p></body></html>' > "$work/styled.html"
expect_rc 0 "markdown formatting" -- "$bin" -f markdown -e keep-everything "$work/styled.html"
grep -qx 'Some \*\*bold\*\* and \*italic\* words.' "$work/out" || fail "markdown formatting: $(cat "$work/out")"
expect_rc 0 "markdown --no-formatting" -- "$bin" -f markdown --no-formatting -e keep-everything "$work/styled.html"
grep -qx 'Some bold and italic words.' "$work/out" || fail "markdown --no-formatting: $(cat "$work/out")"
# --url is the page's address for the metadata too: relative ones resolve against it.
printf '<html><head><title>T</title><link rel="canonical" href="/x/page.html"><meta property="og:image" content="img/a.png"></head><body><p>Words.</p></body></html>' > "$work/relative.html"
expect_rc 0 "json --url" -- "$bin" -f json --url https://example.org/x/page.html?ref=feed "$work/relative.html"
grep -q '"url":"https://example.org/x/page.html"' "$work/out" || fail "json --url: url not resolved: $(cat "$work/out")"
grep -q '"image":"https://example.org/x/img/a.png"' "$work/out" || fail "json --url: image not resolved: $(cat "$work/out")"
expect_rc 0 "xml" -- "$bin" -f xml "$pages/article.html"
grep -q '<head rend="h1">Storm closes harbour</head>' "$work/out" || fail "xml: no head ($(head -c 300 "$work/out"))"
grep -q '<doc title="Storm closes harbour" author="A. Reporter"' "$work/out" || fail "xml: metadata attributes"
expect_rc 0 "markdown files" -- "$bin" -f markdown -o "$work/m" "$pages/article.html"
[ -f "$work/m/article.md" ] || fail "markdown files: article.md missing"

# The switches that move best's parameters, and their refusal for other extractors.
comments=$2/plugin/best/article_nav_comments.html
expect_rc 0 "default drops comments" -- "$bin" "$comments"
grep -q 'bakery all night' "$work/out" && fail "default: comment kept"
expect_rc 0 "--comments" -- "$bin" --comments "$comments"
grep -q 'bakery all night' "$work/out" || fail "--comments: comment dropped"
expect_rc 0 "--recall" -- "$bin" --recall -f json "$comments"
grep -q '"extractor": *"best:model_threshold=0.18,expected_f1=2"' "$work/out" || fail "--recall: not best's recall settings"
expect_rc 0 "--precision" -- "$bin" --precision -f json "$comments"
grep -q '"extractor": *"best:model_threshold=0.5,expected_f1=0.4"' "$work/out" || fail "--precision: not best's precision settings"
expect_rc 2 "--comments with article" -- "$bin" -e article --comments "$pages/article.html"
grep -q 'set the best extractor' "$work/err" || fail "--comments with article: message"
expect_rc 2 "--precision and --recall" -- "$bin" --precision --recall "$pages/article.html"

# Block dumps.
expect_rc 0 "blocks" -- "$bin" -f blocks "$pages/article.html"
grep -q '^# idx' "$work/out" || fail "blocks: no header"
expect_rc 0 "parse-blocks" -- "$bin" -f parse-blocks "$pages/article.html"
[ "$(grep -vc '^#' "$work/out")" -eq 9 ] || fail "parse-blocks: expected 9 blocks"

# A directory with a corrupt .gz among good pages: exit 1, the others written.
expect_rc 1 "directory" -- "$bin" -o "$work/o" "$pages"
for n in article latin1 links zipped; do
  [ -f "$work/o/$n.txt" ] || fail "directory: $n.txt missing"
done
[ -e "$work/o/broken.txt" ] && fail "directory: broken page written"
grep -q 'broken.html.gz@60: truncated gzip data' "$work/err" || fail "directory: no message for the broken page"
grep -q '^Gzipped page' "$work/o/zipped.txt" || fail "directory: zipped text"
[ -z "$(ls -A "$work/o" | grep '^\.')" ] || fail "directory: temporary files left"

# An image given as a page: exit 1, the reason and position on stderr, no text from its bytes.
mkdir -p "$work/img"
printf '\211PNG\r\n\032\n\000\000\000\rIHDR' > "$work/img/photo.html"
expect_rc 1 "binary input" -- "$bin" "$work/img/photo.html" "$pages/article.html"
grep -q 'photo.html@0: binary data (a PNG image), not a web page' "$work/err" || fail "binary input: message"
grep -q 'PNG' "$work/out" && fail "binary input: its bytes written as text"
grep -q '^Storm closes harbour' "$work/out" || fail "binary input: the other page not written"

# Parallel jobs give the same bytes, in input order.
expect_rc 1 "jobs 1" -- "$bin" -f json -j 1 "$pages"
cp "$work/out" "$work/jobs1"
expect_rc 1 "jobs 2" -- "$bin" -f json -j 2 "$pages"
cmp -s "$work/out" "$work/jobs1" || fail "jobs: -j 2 output differs from -j 1"

# -o with other formats and stdin naming; outputs stay inside OUTDIR.
expect_rc 0 "json files" -- bash -c "\"$bin\" -f json -o \"$work/j\" \"$pages/links.htm\" - < \"$pages/article.html\""
[ -f "$work/j/links.json" ] && [ -f "$work/j/stdin.json" ] || fail "json files: names"
expect_rc 0 "html files" -- "$bin" -f html -o "$work/h" "$pages/zipped.html.gz"
[ -f "$work/h/zipped.html" ] || fail "html files: zipped.html missing"
mkdir -p "$work/evil"
cp "$pages/links.htm" "$work/evil/..html"
expect_rc 0 "odd name" -- "$bin" -o "$work/h2" "$work/evil/..html"
[ -f "$work/h2/..html.txt" ] || fail "odd name: expected ..html.txt inside OUTDIR ($(ls -A "$work/h2"))"
[ -z "$(ls -A "$work" | grep -v -e '^o$' -e '^j$' -e '^h$' -e '^m$' -e '^h2$' -e '^evil$' -e '^img$' -e '^out$' -e '^err$' -e '^jobs1$' -e '^styled.html$' -e '^relative.html$')" ] ||
  fail "odd name: something written outside OUTDIR"

# A missing input is reported by name; the rest go on.
expect_rc 1 "missing input" -- "$bin" -o "$work/m" "$work/nothing.html" "$pages/links.htm"
grep -q 'nothing.html' "$work/err" || fail "missing input: not named"
[ -f "$work/m/links.txt" ] || fail "missing input: links.txt not written"

# Without -e the extractor is the default, best (also on stdin and with -o), not
# boilerpipe's article: the two keep different blocks of this page.
page=$2/plugin/best/article_nav_comments.html
expect_rc 0 "best" -- "$bin" -e best "$page"
cp "$work/out" "$work/best.txt"
expect_rc 0 "article" -- "$bin" -e article "$page"
cp "$work/out" "$work/article.txt"
cmp -s "$work/best.txt" "$work/article.txt" && fail "default: best and article agree on $page; pick a page where they differ"
expect_rc 0 "default" -- "$bin" "$page"
cmp -s "$work/out" "$work/best.txt" || fail "default: output differs from -e best"
expect_rc 0 "default stdin" -- bash -c "\"$bin\" - < \"$page\""
cmp -s "$work/out" "$work/best.txt" || fail "default stdin: output differs from -e best"
expect_rc 0 "default -o" -- "$bin" -o "$work/d" "$page"
cmp -s "$work/d/article_nav_comments.txt" "$work/best.txt" || fail "default -o: output differs from -e best"
expect_rc 0 "default json" -- "$bin" -f json "$page"
grep -q '"extractor":"best"' "$work/out" || fail "default json: extractor is not best ($(head -c 200 "$work/out"))"

if [ "$failures" -ne 0 ]; then
  echo "extract.sh: $failures failure(s)" >&2
  exit 1
fi
echo "extract.sh: all checks passed"
