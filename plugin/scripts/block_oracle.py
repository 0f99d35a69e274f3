#!/usr/bin/env python3
"""What the segmenter's blocks allow on WCXB: the word F1 of the best choice of blocks, per page type.

    build/plugin/boilerdex-extract -q -e keep-everything -f json --blocks -o ALL $S/wcxb-dev/html/*.html.gz
    build/plugin/boilerdex-extract -q -f json --blocks -o OURS $S/wcxb-dev/html/*.html.gz
    python3 plugin/scripts/block_oracle.py --gold $S/wcxb-dev/ground-truth ALL OURS [--held-out]

For each page of the tune half (best_split.py's: the first byte of the SHA-1 of the page id is
even; --held-out reads the other half instead), this scores with WCXB's measure (word F1 over
lower-cased `\\w+` tokens, counted with repeats; a page whose gold and output are both empty
scores 1):
- ours: the blocks OURS kept (its `content` flags), which is what `boilerdex-extract eval`
  reports for that extractor;
- choice: a choice of ALL's blocks made knowing the gold: blocks in order of the share of their
  tokens the gold holds, each added when it raises the page's F1. Greedy, so a lower bound on
  the best choice; what a perfect block classifier could reach on these blocks;
- all: every block (keep-everything).
It prints the means per page type (the gold's `_internal.page_type.primary`, `category` as
collection, none as article, as the eval reads them). A gap between ours and choice is the
blocks' classification; a gap between choice and 1 is the segmentation (text the blocks mix,
text no block holds). Data: WCXB (Foley, 2026), CC-BY-4.0; the data stays outside the
repository.
"""
import argparse
import ast
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metadata_halves import part_of  # noqa: E402

WORD = re.compile(r"\w+")


def tokens(text):
    return collections.Counter(WORD.findall((text or "").lower()))


def word_f1(gold, ours):
    gold_n, ours_n = sum(gold.values()), sum(ours.values())
    if gold_n == 0 or ours_n == 0:
        return 1.0 if gold_n == ours_n else 0.0
    common = sum((gold & ours).values())
    if common == 0:
        return 0.0
    p, r = common / ours_n, common / gold_n
    return 2 * p * r / (p + r)


def page_type(record):
    internal = record.get("_internal")
    if isinstance(internal, str):
        try:
            internal = ast.literal_eval(internal)
        except (ValueError, SyntaxError):
            internal = None
    kind = internal.get("page_type") if isinstance(internal, dict) else None
    if isinstance(kind, str) and kind.startswith("{"):
        kind = ast.literal_eval(kind)
    if isinstance(kind, dict):
        kind = kind.get("primary")
    kind = kind or "article"
    return "collection" if kind == "category" else kind


def greedy_choice(gold, blocks):
    """The F1 of blocks added in order of precision, each only when it raises F1."""
    def precision(b):
        return sum((b & gold).values()) / sum(b.values())
    chosen, best = collections.Counter(), word_f1(gold, collections.Counter())
    for b in sorted((b for b in blocks if b), key=precision, reverse=True):
        f1 = word_f1(gold, chosen + b)
        if f1 > best:
            chosen, best = chosen + b, f1
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", required=True, help="a WCXB ground-truth directory")
    parser.add_argument("all", help="boilerdex-extract -e keep-everything -f json --blocks -o directory")
    parser.add_argument("ours", help="boilerdex-extract -e E -f json --blocks -o directory")
    parser.add_argument("--held-out", action="store_true", help="the held-out half instead of the tune half")
    args = parser.parse_args()
    scores = collections.defaultdict(lambda: collections.defaultdict(list))
    try:
        names = sorted(os.listdir(args.gold))
    except OSError as e:
        sys.exit("block_oracle: %s: %s" % (args.gold, e.strerror))
    for name in names:
        if not name.endswith(".json"):
            continue
        page = name[:-5]
        if (part_of(page) == "held-out") != args.held_out:
            continue
        path = os.path.join(args.gold, name)
        try:
            with open(path, encoding="utf-8") as f:
                record = json.load(f)
            gold = tokens(record["ground_truth"].get("main_content"))
        except (OSError, ValueError, KeyError, AttributeError) as e:
            sys.exit("block_oracle: %s: not a WCXB ground-truth file (%s)" % (path, e))
        try:
            with open(os.path.join(args.all, page + ".json"), encoding="utf-8") as f:
                every = json.load(f)["blocks"]
            with open(os.path.join(args.ours, page + ".json"), encoding="utf-8") as f:
                ours = json.load(f)["blocks"]
        except (OSError, ValueError, KeyError) as e:
            sys.exit("block_oracle: %s: %s (write both with -f json --blocks)" % (page, e))
        blocks = [tokens(b["text"]) for b in every]
        kept = sum((tokens(b["text"]) for b in ours if b["content"]), collections.Counter())
        page_scores = {"ours": word_f1(gold, kept), "choice": greedy_choice(gold, blocks),
                       "all": word_f1(gold, sum(blocks, collections.Counter()))}
        for kind in (page_type(record), "all pages"):
            for k, v in page_scores.items():
                scores[kind][k].append(v)
    print("| page type | pages | ours | choice | all |")
    print("|---|---:|---:|---:|---:|")
    for kind in sorted(scores, key=lambda k: (k == "all pages", k)):
        s = scores[kind]
        mean = {k: sum(v) / len(v) for k, v in s.items()}
        print("| %s | %d | %.3f | %.3f | %.3f |" % (kind, len(s["ours"]), mean["ours"], mean["choice"], mean["all"]))


if __name__ == "__main__":
    main()
