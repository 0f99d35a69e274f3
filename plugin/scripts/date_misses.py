#!/usr/bin/env python3
"""Classify why read_page_metadata gives no date or a wrong day where the WCXB gold has one.

    build/plugin/boilerdex-extract -q -e keep-everything -f json -o OUT $S/wcxb-dev/html/*.html.gz
    python3 plugin/scripts/date_misses.py --data $S/wcxb-dev OUT [--part tune|inner 0|inner 1] [-v]

For each page of the part (default: the tune half, metadata_halves.py's parts) whose gold
`publish_date` is a day we do not give, it looks for the gold day in the page (ISO, English
and numeric forms) and prints the count of each cause, per inner half: the gold is the page's
modification date (JSON-LD `dateModified`, a `<meta>` modification time) where we give the
publication date; a day off (a time zone's); the day written only in a numeric form
("23.07.2025", "2/24/2026"); the day only in markup (an attribute, a script) or in the text,
with how far from the first <h1> it first appears (bytes of markup); or nowhere in the page.
-v lists the pages with the context of the first occurrences (docs/eval.md, "Metadata").
Data: WCXB (Foley, 2026), CC-BY-4.0; the data stays outside the repository.
"""
import argparse
import collections
import datetime
import gzip
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metadata_halves import part_of  # noqa: E402

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
MODIFIED = re.compile(r'(?:"dateModified"\s*:\s*"|(?:modified_time|updated_time|datemodified)["\'][^>]*?'
                      r'content=["\'])(\d{4}-\d\d-\d\d)', re.I)


def forms(day):
    """The ways a page writes DAY (YYYY-MM-DD): ('iso' | 'english' | 'numeric', text), lower-case."""
    y, m, d = day.split("-")
    month = MONTHS[int(m) - 1]
    out = [("iso", day)]
    n = int(d)
    ordinal = str(n) + ("th" if n // 10 == 1 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))
    for name in (month, month[:3], month[:3] + "."):
        for day_text in (str(n), ordinal):
            for pattern in ("{m} {d}, {y}", "{m} {d} {y}", "{d} {m} {y}", "{d} {m}, {y}"):
                out.append(("english", pattern.format(m=name, d=day_text, y=y)))
    for a, b in ((d, m), (m, d), (str(int(d)), str(int(m))), (str(int(m)), str(int(d)))):
        out += [("numeric", "%s%s%s%s%s" % (a, sep, b, sep, y)) for sep in "./-"]
    return out


def occurrences(html, day):
    """(position, kind, where) of DAY in HTML: where is 'text', 'attribute' or 'script'."""
    low = html.lower()
    found = []
    for kind, text in forms(day):
        for m in re.finditer(re.escape(text), low):
            a, b = m.start(), m.end()
            if (a > 0 and low[a - 1].isalnum()) or (b < len(low) and low[b].isdigit()):
                continue
            if low.rfind("<", 0, a) > low.rfind(">", 0, a):
                where = "attribute"
            elif low.rfind("<script", 0, a) > low.rfind("</script", 0, a):
                where = "script"
            else:
                where = "text"
            found.append((a, kind, where))
    return sorted(found)


def cause(html, gold, ours):
    """The cause of one miss, as a short label."""
    if ours and abs((datetime.date.fromisoformat(ours) - datetime.date.fromisoformat(gold)).days) == 1:
        return "a day off"
    if ours and gold in MODIFIED.findall(html):
        return "gold is the modification date"
    seen = occurrences(html, gold)
    if not seen:
        return "not in the page"
    text = [s for s in seen if s[2] == "text"]
    if not text:
        return "only in markup (%s)" % "/".join(sorted({s[2] for s in seen}))
    if all(s[1] == "numeric" for s in text):
        return "in the text, numeric forms only"
    h1 = re.search(r"<h1[\s>]", html, re.I)
    if not h1:
        return "in the text, no <h1>"
    distance = text[0][0] - h1.start()
    band = "above" if distance < 0 else "below"
    near = "within 600 bytes" if abs(distance) <= 600 else "further"
    return "in the text, %s the <h1>, %s" % (band, near)


def arguments():
    """The command line's arguments."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="a WCXB data set (ground-truth/, html/)")
    parser.add_argument("out", help="boilerdex-extract -f json -o directory")
    parser.add_argument("--part", default="tune", choices=("tune", "inner 0", "inner 1", "held-out"))
    parser.add_argument("-v", action="store_true", help="list the pages")
    return parser.parse_args()


def main():
    args = arguments()
    counts = collections.Counter()
    gold_dir = os.path.join(args.data, "ground-truth")
    for name in sorted(os.listdir(gold_dir)):
        if not name.endswith(".json"):
            continue
        page_id = name[:-5]
        part = part_of(page_id)
        if part != args.part and not (args.part == "tune" and part != "held-out"):
            continue
        with open(os.path.join(gold_dir, name), encoding="utf-8") as f:
            gold = (json.load(f)["ground_truth"].get("publish_date") or "").strip()[:10]
        if not re.fullmatch(r"\d{4}-\d\d-\d\d", gold):
            continue  # no gold day (none, or a month alone: never matched)
        try:
            with open(os.path.join(args.out, page_id + ".json"), encoding="utf-8") as f:
                ours = (json.load(f).get("metadata") or {}).get("date") or ""
            with gzip.open(os.path.join(args.data, "html", page_id + ".html.gz"), "rb") as f:
                html = f.read().decode("utf-8", "replace")
        except (OSError, ValueError) as e:
            sys.exit("date_misses: %s: %s" % (page_id, e))
        if ours == gold:
            continue
        label = ("none given: " if not ours else "wrong day: ") + cause(html, gold, ours)
        counts[(part, label)] += 1
        if args.v:
            print("%s [%s] gold %s ours %r: %s" % (page_id, part, gold, ours, label))
            for position, kind, where in occurrences(html, gold)[:3]:
                context = " ".join(html[max(0, position - 100):position + 30].split())
                print("    %-9s %-7s %s" % (where, kind, context))
    parts = sorted({p for p, _ in counts})
    print("| cause | %s |" % " | ".join(parts))
    print("|---|" + "---:|" * len(parts))
    for label in sorted({c for _, c in counts}):
        print("| %s | %s |" % (label, " | ".join(str(counts[(p, label)]) for p in parts)))


if __name__ == "__main__":
    main()
