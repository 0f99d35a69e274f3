#!/usr/bin/env bash
# boilerdex-extract --jsonl: JSON lines in, one JSON line out per record, in order, with an
# error line for a bad record and exit 1; as Hadoop Streaming or Spark's pipe would run it.
# Skips (77) while boilerdex-extract has no --jsonl. Needs python3 to read the output.
# Usage: jsonl.sh BUILD_DIR FIXTURES_DIR [SHARED_DIR]
set -u
build=$1
site=$2/faces/site
bin=$build/plugin/boilerdex-extract
if [ ! -x "$bin" ]; then
  echo "jsonl.sh: boilerdex-extract not built under $build" >&2
  exit 1
fi
if ! "$bin" --help 2>/dev/null | grep -q -- '--jsonl'; then
  echo "jsonl.sh: boilerdex-extract has no --jsonl option yet: skipped" >&2
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "jsonl.sh: python3 not found: skipped" >&2
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Three records: a page as a JSON string, a page in base64 (raw windows-1252 bytes), a bad line.
python3 - "$site" >"$work/in.jsonl" <<'PY'
import base64, json, sys
site = sys.argv[1]
print(json.dumps({"url": "https://example.org/fruit/orchard.html", "html": open(site + "/orchard.html", encoding="ascii").read()}))
print(json.dumps({"docno": "V-1", "html_base64": base64.b64encode(open(site + "/volcano.html", "rb").read()).decode()}))
print("{broken")
PY
"$bin" --jsonl --extractor article <"$work/in.jsonl" >"$work/out.jsonl" 2>"$work/err"
rc=$?
[ "$rc" -eq 1 ] || { echo "FAIL: exit $rc, expected 1 (one bad record): $(cat "$work/err")" >&2; exit 1; }
grep -q '^stdin:3: ' "$work/err" || { echo "FAIL: no message for line 3: $(cat "$work/err")" >&2; exit 1; }
python3 - "$work/out.jsonl" <<'PY' || exit 1
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert len(lines) == 3, lines
a, b, c = lines
assert a["url"] == "https://example.org/fruit/orchard.html" and a["title"] == "Apple orchard harvest", a
# The record's url is the page's address: the page names none of its own.
assert a["metadata"]["url"] == a["url"] and b["metadata"]["url"] is None, (a["metadata"], b["metadata"])
assert "russet apples" in a["text"] and "Quokkashop" not in a["text"], a["text"]
assert any(x["content"] for x in a["blocks"]) and not all(x["content"] for x in a["blocks"])
assert a["metadata"]["title"] == "Apple orchard harvest", a["metadata"]
assert list(a["metadata"])[:3] == ["title", "author", "date"] and "metadata" in b, a["metadata"]
assert b["docno"] == "V-1" and "caf\u00e9 guide" in b["text"] and b["charset"] == "windows-1252", b
assert "error" in c and c["error"].startswith("stdin:3: "), c
PY
# Without --extractor the records go through the default, best, not boilerpipe's article
# (the two keep different blocks of this page).
python3 - "$2/plugin/best/article_nav_comments.html" >"$work/nav.jsonl" <<'PY'
import json, sys
print(json.dumps({"docno": "N-1", "html": open(sys.argv[1], encoding="utf-8").read()}))
PY
for e in default best article; do
  opt=(--extractor "$e")
  [ "$e" = default ] && opt=()
  "$bin" --jsonl "${opt[@]}" <"$work/nav.jsonl" >"$work/nav-$e.jsonl" 2>"$work/err" ||
    { echo "FAIL: --jsonl ${opt[*]}: $(cat "$work/err")" >&2; exit 1; }
done
cmp -s "$work/nav-default.jsonl" "$work/nav-best.jsonl" ||
  { echo "FAIL: --jsonl without --extractor differs from --extractor best" >&2; exit 1; }
python3 - "$work/nav-default.jsonl" "$work/nav-article.jsonl" <<'PY' || exit 1
import json, sys
d, a = (json.loads(open(p, encoding="utf-8").read()) for p in sys.argv[1:])
assert d["extractor"] == "best", d["extractor"]
assert d["text"] != a["text"], "best and article agree on this page; pick one where they differ"
PY
echo "jsonl.sh: all checks passed"
