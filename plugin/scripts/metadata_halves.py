#!/usr/bin/env python3
"""Score read_page_metadata's title, author and date on the two inner halves of the WCXB tune half.

    build/plugin/boilerdex-extract -q -e keep-everything -f json -o NEW $S/wcxb-dev/html/*.html.gz
    python3 plugin/scripts/metadata_halves.py --gold $S/wcxb-dev/ground-truth NEW [BASE] [-v]
        [--held-out]

A rule tuned on the tune half (best_split.py: the first byte of the SHA-1 of the page id is
even) fits it: held-out, its gains shrink. So a rule is designed on one *inner* half of the tune
half (the second byte of the same SHA-1 even: inner 0, odd: inner 1) and kept only when it also
wins on the other (docs/eval.md, "Metadata"). For each field and part this prints the pages whose
gold has the field and how many of them the JSON files of NEW (one `ID.json` per page, as
boilerdex-extract -o writes them) match, and the pages whose gold lacks it and how many of them
get a value (invented), compared as `boilerdex-extract eval` compares them. With BASE, a second
such directory, it prints both and the change; -v lists the pages whose value changed.
--held-out adds the held-out half, to be read once, at the end of a round. Data: WCXB (Foley,
2026), CC-BY-4.0; the data stays outside the repository.
"""
import argparse
import hashlib
import json
import os
import re
import sys

FIELDS = (("title", "title"), ("author", "author"), ("date", "publish_date"))


def normalised(text):
    """Lower-cased, ASCII whitespace runs as one space (the eval's: case and whitespace only)."""
    return " ".join(w for w in re.split("[ \t\n\r\f\v]+", (text or "").lower()) if w)


def part_of(page_id):
    """'inner 0' or 'inner 1' (tune half), or 'held-out'."""
    digest = hashlib.sha1(page_id.encode("utf-8")).digest()
    return "held-out" if digest[0] % 2 else "inner %d" % (digest[1] % 2)


def outcome(field, gold, ours):
    """'found', 'missed', 'invented' or 'absent'."""
    if not normalised(gold):
        return "invented" if ours else "absent"
    if field == "date":  # the gold's ISO day (a month alone, "2015-11", is never matched)
        same = bool(ours) and gold.strip()[:10] == ours
    else:
        same = bool(ours) and normalised(gold) == normalised(ours)
    return "found" if same else "missed"


def read_values(directory, ids):
    """{page id: metadata} from DIRECTORY/ID.json."""
    values = {}
    for page_id in ids:
        path = os.path.join(directory, page_id + ".json")
        try:
            with open(path, encoding="utf-8") as f:
                values[page_id] = json.load(f).get("metadata") or {}
        except (OSError, ValueError) as e:
            sys.exit("metadata_halves: %s: %s" % (path, e))
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", required=True, help="a WCXB ground-truth directory")
    parser.add_argument("new", help="boilerdex-extract -f json -o directory")
    parser.add_argument("base", nargs="?", help="another such directory, to compare with")
    parser.add_argument("--held-out", action="store_true", help="also the held-out half")
    parser.add_argument("-v", action="store_true", help="list the pages whose value changed")
    args = parser.parse_args()
    gold = {}
    for name in sorted(os.listdir(args.gold)):
        if name.endswith(".json"):
            with open(os.path.join(args.gold, name), encoding="utf-8") as f:
                gold[name[:-5]] = json.load(f)["ground_truth"]
    parts = ["inner 0", "inner 1"] + (["held-out"] if args.held_out else [])
    ids = [i for i in gold if part_of(i) in parts]
    new = read_values(args.new, ids)
    base = read_values(args.base, ids) if args.base else None
    print("| field | part | with gold | found | without gold | invented |")
    print("|---|---|---:|---:|---:|---:|")
    for field, gold_key in FIELDS:
        for part in parts + ["tune"]:
            members = [i for i in ids if part_of(i) == part or (part == "tune" and part_of(i) != "held-out")]
            counts = {}
            for label, values in (("new", new), ("base", base)):
                if values is None:
                    continue
                kinds = [outcome(field, gold[i].get(gold_key), values[i].get(field, "")) for i in members]
                counts[label] = {k: kinds.count(k) for k in ("found", "missed", "invented", "absent")}
            n = counts["new"]

            def cell(kind):
                if base is None:
                    return str(n[kind])
                b = counts["base"][kind]
                return "%d → %d (%+d)" % (b, n[kind], n[kind] - b)

            print("| %s | %s | %d | %s | %d | %s |" % (field, part, n["found"] + n["missed"], cell("found"),
                                                   n["invented"] + n["absent"], cell("invented")))
            if args.v and base is not None and part != "tune":
                for i in members:
                    old, now = base[i].get(field, ""), new[i].get(field, "")
                    if old != now:
                        print("    %s %s: %r -> %r (gold %r)" % (part, i, old, now, gold[i].get(gold_key)))


if __name__ == "__main__":
    main()
