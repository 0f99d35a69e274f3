#!/usr/bin/env python3
"""Classify the title ranker's misses on the tune half of WCXB, with the committed weights.

    build/plugin/eval/boilerdex-title-rows wcxb:../shared/data/extraction/wcxb-dev > rows.tsv
    python3 plugin/scripts/title_misses.py --rows rows.tsv [--half tune|held-out] [-v]

For each page whose chosen title (the highest-scored candidate, the first of equal ones, as
read_page_metadata chooses it) is not the gold title (compared as the eval compares them), it
asks whether some candidate is the gold title and how the chosen text stands to it, and prints
the count of each cause (docs/eval.md, "Metadata"); -v lists the pages. Data: WCXB (Foley,
2026), CC-BY-4.0; the data stays outside the repository.
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from best_split import split_of  # noqa: E402
from train_title_model import normalised, read_rows  # noqa: E402

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "page", "src",
                     "page_metadata_title_model.cpp")


def weights(path, names):
    """The committed weights, by feature name, in the rows' order."""
    text = open(path, encoding="utf-8").read()
    by_name = {n: float(v) for v, n in re.findall(r"^\s+(-?[0-9.e+-]+),\s+//\s+(\S+)$", text, re.M)}
    missing = [n for n in names if n not in by_name]
    if missing:
        sys.exit("%s has no weight for %s: rebuild it with train_title_model.py" % (path, ", ".join(missing)))
    return [by_name[n] for n in names]


def family(names, features):
    """Where a candidate comes from, coarsely: 'h1', 'title' (<title>, og:, twitter:, JSON-LD,
    microdata) or 'h2'; the hand rules' choice is no source of its own."""
    sources = {n[4:] for n, x in zip(names, features) if n.startswith("src_") and n != "src_rule" and x > 0}
    if any(s.startswith("h1") for s in sources):
        return "h1"
    return "h2" if sources == {"h2_first"} else "title"


def cause(names, gold, cands, pick):
    g = normalised(gold)
    texts = [normalised(t) for t, _ in cands]
    p = texts[pick] if pick is not None else ""
    if g not in texts:
        if any(g in t for t in texts):
            return "not a candidate: inside a longer one (cleaning kept a section, board, variant or count)"
        return "not a candidate: worded, punctuated or decoded otherwise"
    if g in p:
        return "a candidate: chose a longer text holding it (a site name, section or subtitle the gold drops)"
    if p in g:
        return "a candidate: chose a shorter text inside it (the gold keeps a site name, year or subtitle)"
    chosen = family(names, cands[pick][1])
    right = family(names, cands[texts.index(g)][1])
    if chosen == "h1" and right != "h1":
        return "a candidate: chose the <h1> over the <title>'s other wording"
    if right == "h1" and chosen != "h1":
        return "a candidate: chose the <title>'s wording over the <h1>'s other wording"
    return "a candidate: chose another part of the <title> (a home page's name or motto, a docs section)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", required=True, help="boilerdex-title-rows' output")
    ap.add_argument("--model", default=MODEL)
    ap.add_argument("--half", default="tune", choices=["tune", "held-out"])
    ap.add_argument("-v", action="store_true", help="list the pages of each cause")
    args = ap.parse_args()
    with open(args.rows, encoding="utf-8") as f:
        names, pages = read_rows(iter(f))
    w = weights(args.model, names)
    counts, listed, total = collections.Counter(), collections.defaultdict(list), 0
    for pid, (gold, cands) in pages.items():
        if (split_of(pid) == "tune") != (args.half == "tune"):
            continue
        total += 1
        pick, top = None, 0.0
        for i, (_, f) in enumerate(cands):
            s = sum(a * b for a, b in zip(w, f))
            if pick is None or s > top:
                pick, top = i, s
        if pick is not None and normalised(cands[pick][0]) == normalised(gold):
            continue
        why = cause(names, gold, cands, pick)
        counts[why] += 1
        listed[why].append((pid, gold, cands[pick][0] if pick is not None else ""))
    print("%s half: %d pages, %d misses (%.3f right)" % (args.half, total, sum(counts.values()),
                                                         1 - sum(counts.values()) / total if total else 0))
    for why, n in counts.most_common():
        print("%4d  %s" % (n, why))
        if args.v:
            for pid, gold, chosen in listed[why]:
                print("        %s gold %r, chose %r" % (pid, gold, chosen))


if __name__ == "__main__":
    main()
