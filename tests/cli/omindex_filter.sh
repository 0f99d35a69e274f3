#!/usr/bin/env bash
# boilerdex-omindex-filter as omindex runs it: exit codes, pass-through, both boilerplate
# handlings, and the full site-search recipe (omindex with the filter, then a search with
# Omega's quest) on the hand-written pages. The recipe part skips, saying so, without
# omindex/quest (Debian: xapian-omega, xapian-tools).
# Usage: omindex_filter.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
if [[ -n ${BOILERDEX_SANITIZED:-} ]]; then echo "skip: sanitized build: omindex (unsanitized) cannot run a sanitized filter under its rlimit"; exit 77; fi
build=$1
site=$2/faces/site
bin=$build/plugin/boilerdex-omindex-filter
if [ ! -x "$bin" ]; then
  echo "omindex_filter.sh: boilerdex-omindex-filter not built under $build" >&2
  exit 1
fi
. "$(dirname "$0")/lib/expect.bash"

# Drop (default): title, meta description, content; no navigation; UTF-8 declared first.
expect_rc 0 "drop" -- "$bin" --extractor article "$site/volcano.html"
grep -q '<title>Volcano observatory report</title>' "$work/out" || fail "drop: title"
grep -q 'name="description" content="Weekly seismograph' "$work/out" || fail "drop: meta description"
grep -q 'swarm of small earthquakes' "$work/out" || fail "drop: content"
grep -q 'Quokkashop' "$work/out" && fail "drop: navigation kept"
[ -s "$work/err" ] && fail "drop: unexpected stderr: $(cat "$work/err")"

# Noindex: the page with markers; stdin works as well as a file.
expect_rc 0 "noindex" -- "$bin" -b noindex - <"$site/orchard.html"
grep -q '<!--htdig_noindex-->' "$work/out" || fail "noindex: no marker"
sed 's/<!--htdig_noindex-->.*<!--\/htdig_noindex-->//g' "$work/out" | grep -q 'russet apples' || fail "noindex: content hidden"

# Bytes that are not text (corrupt gzip data, a gzip bomb of NULs, an image named .html)
# never reach omindex: exit 4, "cannot handle", nothing on stdout (issue #16 item 9).
printf '\037\213\010\000not really gzip' >"$work/page.html.gz"
head -c 50000000 /dev/zero | gzip -1 >"$work/bomb.html.gz"
printf '\211PNG\r\n\032\n\0\0\0\rIHDR' >"$work/image.html"
for f in page.html.gz bomb.html.gz image.html; do
  expect_rc 4 "not text: $f" -- "$bin" "$work/$f"
  [ -s "$work/out" ] && fail "not text: $f: bytes passed to omindex"
  grep -q 'cannot handle' "$work/err" || fail "not text: $f: no reason given: $(cat "$work/err")"
done
rm -f "$work/bomb.html.gz"

# Usage errors: 2; unreadable input: 1 (omindex records the file as failed); never 127.
expect_rc 2 "unknown extractor" -- "$bin" --extractor nope "$site/volcano.html"
grep -q 'nope' "$work/err" || fail "unknown extractor: message does not name it"
expect_rc 2 "unknown handling" -- "$bin" --boilerplate hide "$site/volcano.html"
expect_rc 2 "no input" -- "$bin"
expect_rc 1 "missing file" -- "$bin" "$work/missing.html"
grep -q 'missing.html' "$work/err" || fail "missing file: message does not name it"

# Without --extractor the filter uses the default, best, not boilerpipe's article (the two
# keep different blocks of this page), in both handlings. What best keeps is its own
# tests' business (test_best_extractor, best_extractor.sh).
page=$2/plugin/best/article_nav_comments.html
for h in drop noindex; do
  expect_rc 0 "best $h" -- "$bin" -b "$h" --extractor best "$page"
  cp "$work/out" "$work/best-$h"
  expect_rc 0 "article $h" -- "$bin" -b "$h" --extractor article "$page"
  cmp -s "$work/out" "$work/best-$h" && fail "default $h: best and article agree on $page"
  expect_rc 0 "default $h" -- "$bin" -b "$h" "$page"
  cmp -s "$work/out" "$work/best-$h" || fail "default $h: output differs from --extractor best"
done

# The recipe of the README: omindex with the filter, then Omega's quest.
if ! command -v omindex >/dev/null || ! command -v quest >/dev/null; then
  echo "omindex_filter.sh: omindex or quest not installed: recipe part skipped" >&2
else
  omindex --db "$work/db" --url / \
    --filter=text/html,html:"$bin --extractor article" "$site" >"$work/omindex.log" 2>&1 ||
    fail "omindex with the filter: $(tail -5 "$work/omindex.log")"
  quest -d "$work/db" earthquakes >"$work/q1" 2>&1 || fail "quest: $(cat "$work/q1")"
  grep -q 'MSet:' "$work/q1" && grep -q 'url=/volcano.html' "$work/q1" || fail "quest earthquakes: $(cat "$work/q1")"
  quest -d "$work/db" quokkashop >"$work/q2" 2>&1
  grep -q 'url=' "$work/q2" && fail "quest quokkashop matched boilerplate: $(cat "$work/q2")"
  # The Omega CGI, run as a web server would (CGI parameters as arguments), with its own config.
  omega=/usr/lib/cgi-bin/omega/omega
  if [ -x "$omega" ] && [ -d /var/lib/xapian-omega/templates ]; then
    printf 'database_dir %s\ntemplate_dir /var/lib/xapian-omega/templates\nlog_dir %s\n' "$work" "$work" >"$work/omega.conf"
    OMEGA_CONFIG_FILE=$work/omega.conf "$omega" DB=db P=earthquakes FMT=xml >"$work/cgi" 2>&1 || fail "omega CGI: $(head -5 "$work/cgi")"
    grep -q 'url="/volcano.html" title="Volcano observatory report"' "$work/cgi" || fail "omega CGI: no hit: $(head -c 600 "$work/cgi")"
  else
    echo "omindex_filter.sh: Omega CGI not installed: CGI check skipped" >&2
  fi
  omindex --db "$work/plain" --url / "$site" >/dev/null 2>&1
  quest -d "$work/plain" quokkashop >"$work/q3" 2>&1
  grep -q 'url=' "$work/q3" || fail "plain omindex: quokkashop should match there: $(cat "$work/q3")"
fi

if [ "$failures" -gt 0 ]; then
  echo "omindex_filter.sh: $failures failure(s)" >&2
  exit 1
fi
echo "omindex_filter.sh: all checks passed"
