#!/usr/bin/env python3
"""Rebuild the title ranker's weights, plugin/page/src/page_metadata_title_model.cpp.

    python3 plugin/scripts/train_title_model.py --rows-tool build/plugin/eval/boilerdex-title-rows \
        [--data ../shared/data/extraction] [--out plugin/page/src/page_metadata_title_model.cpp] [--cv 5]
        [--held-out] [--no-l3s]

read_page_metadata chooses the title among the candidates the markup offers (<title> cleaned,
whole, one side of its first separator or the part after its last, og:title, twitter:title,
JSON-LD headline or name, the <h1>s, the first <h2>, microdata headline, the first element
marked as a headline by its class or id, the hand rules' choice) by a linear score over each
candidate's features (page_metadata_title_ranker.cpp). This script gets every candidate's
features from `boilerdex-title-rows wcxb:DATA/wcxb-dev` and `boilerdex-title-rows
l3s-gn1:DATA/l3s-gn1-dev` (the headline its assessors marked as the gold: news pages of 2008,
older markup than WCXB's of 2025-26) and fits the weights on the *tune* halves only
(best_split.py: the first byte of the SHA-1 of the page id is even): a softmax over each
page's candidates, maximising the probability of the candidates that equal the gold title (as
the eval compares them; an L3S-GN1 headline by its words), L2-regularised, full-batch Adam for
a fixed number of steps from zero weights, so the same rows give the same file bit for bit.
With --cv K it first prints the accuracy of K-fold cross-validation by page inside the tune
halves; with --held-out it prints the held-out halves' accuracy too (report it once, do not
tune on it). --no-l3s trains on WCXB alone, as before the L3S-GN1 rows.
Data: WCXB (Foley, 2026), CC-BY-4.0; L3S-GN1 (Kohlschütter et al., 2010); the data stays
outside the repository.
"""
import argparse
import collections
import hashlib
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from best_split import split_of  # noqa: E402

L2 = 0.003   # per page, on every weight (chosen by --cv on the tune half)
STEPS = 400
RATE = 0.05
QUOTES = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}


def normalised(text):
    """As plugin/eval/src/metadata_evaluation.cpp compares titles (case and whitespace), with
    typographic quotes read as ASCII ones: a label says which source the gold took, and the gold
    writes "Here's" for a page's "Here\u2019s" as often as not (labelled strictly, the weights
    score 0.825 on the tune half and 0.778 held-out under the strict eval, against 0.827 and
    0.782 for these)."""
    text = text.lower()
    for k, v in QUOTES.items():
        text = text.replace(k, v)
    return " ".join(text.split())


def read_rows(lines):
    """{page id: (gold, [(text, [features])])} and the feature names, from the rows TSV."""
    header = next(lines).rstrip("\n").split("\t")
    names = header[4:]
    pages = collections.OrderedDict()
    for line in lines:
        cells = line.rstrip("\n").split("\t")
        page, gold, _, text = cells[:4]
        pages.setdefault(page, (gold, []))[1].append((text, [float(x) for x in cells[4:]]))
    return names, pages


def words(text):
    """WCXB's word tokens (`\\w+`, lower-cased): how an L3S-GN1 headline is compared."""
    return re.findall(r"\w+", text.lower())


def examples(pages, ids, same=None):
    """(sparse features per candidate, labels) of each page in ids. A candidate is labelled
    right when it is the gold title as the eval compares them (normalised), or, with
    same=words, when it has the gold's words: L3S-GN1's headlines are the assessors' marked
    text, whose spaces and punctuation (a mojibake '?' for an apostrophe) are not the page's."""
    out = []
    for pid in ids:
        gold, cands = pages[pid]
        key = same or normalised
        g = key(gold)
        feats = [[(k, v) for k, v in enumerate(f) if v != 0.0] for _, f in cands]
        labels = [key(t) == g for t, _ in cands]
        out.append((feats, labels))
    return out


def fit(data, n):
    """Weights maximising sum over pages of log P(a matching candidate), softmax per page."""
    w = [0.0] * n
    m = [0.0] * n
    v = [0.0] * n
    train = [(f, y) for f, y in data if any(y)]
    b1, b2, eps = 0.9, 0.999, 1e-8
    for step in range(1, STEPS + 1):
        grad = [2.0 * L2 * len(train) * x for x in w]
        for feats, labels in train:
            scores = [sum(w[k] * x for k, x in f) for f in feats]
            top = max(scores)
            e = [math.exp(s - top) for s in scores]
            z = sum(e)
            zpos = sum(x for x, y in zip(e, labels) if y)
            for f, ex, y in zip(feats, e, labels):
                # d(-log(zpos/z))/ds = p_all - p_pos
                g = ex / z - (ex / zpos if y else 0.0)
                if g != 0.0:
                    for k, x in f:
                        grad[k] += g * x
        scale = 1.0 / len(train)
        for k in range(n):
            g = grad[k] * scale
            m[k] = b1 * m[k] + (1 - b1) * g
            v[k] = b2 * v[k] + (1 - b2) * g * g
            w[k] -= RATE * (m[k] / (1 - b1 ** step)) / (math.sqrt(v[k] / (1 - b2 ** step)) + eps)
    return w


def accuracy(data, w):
    """Share of pages whose highest-scored candidate (the first of equal ones) matches."""
    hits = 0
    for feats, labels in data:
        best, best_score = None, 0.0
        for i, f in enumerate(feats):
            s = sum(w[k] * x for k, x in f)
            if best is None or s > best_score:
                best, best_score = i, s
        hits += 1 if best is not None and labels[best] else 0
    return hits / len(data) if data else 0.0


def fold_of(pid, k):
    return hashlib.sha1(("fold:" + pid).encode("utf-8")).digest()[0] % k


def write_model(path, names, w):
    lines = [
        "// Written by plugin/scripts/train_title_model.py from the tune halves of WCXB (Foley, 2026,",
        "// CC-BY-4.0) and L3S-GN1's marked headlines: the title ranker's weights",
        "// (page_metadata_internal.hpp). Do not edit.",
        '#include "page_metadata_internal.hpp"',
        "",
        "namespace boilerdex::plugin::detail {",
        "namespace {",
        "",
        "constexpr std::array<std::string_view, k_title_features> k_model_names{",
    ]
    lines += ['    "%s",' % n for n in names]
    lines += ["};", "", "constexpr std::array<double, k_title_features> k_model_weights{"]
    lines += ["    %s,  // %s" % (repr(round(x, 6)), n) for x, n in zip(w, names)]
    lines += [
        "};",
        "",
        "}  // namespace",
        "",
        "const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }",
        "",
        "const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {",
        "  return k_model_names;",
        "}",
        "",
        "}  // namespace boilerdex::plugin::detail",
        "",
    ]
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


def load_rows(args, spec_dir, spec_format, given):
    """(names, pages) of one data set: from a rows file given, else by running the rows tool
    on DATA/spec_dir; (None, {}) when neither is there (L3S-GN1 is optional)."""
    if given:
        with open(given, encoding="utf-8") as f:
            return read_rows(iter(f))
    if not args.rows_tool:
        return None, {}
    folder = os.path.join(args.data, spec_dir)
    if not os.path.isdir(folder):
        return None, {}
    text = subprocess.run([args.rows_tool, spec_format + ":" + folder], check=True,
                          capture_output=True, text=True).stdout
    return read_rows(iter(text.splitlines(keepends=True)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows-tool", help="boilerdex-title-rows, run on DATA/wcxb-dev and DATA/l3s-gn1-dev")
    ap.add_argument("--rows", help="its output on wcxb-dev, already written (instead of --rows-tool)")
    ap.add_argument("--l3s-rows", help="its output on l3s-gn1-dev, already written")
    ap.add_argument("--no-l3s", action="store_true", help="train on WCXB's tune half alone")
    ap.add_argument("--data", default=os.path.join(root, "..", "shared", "data", "extraction"))
    ap.add_argument("--out", default=os.path.join(root, "plugin", "page", "src", "page_metadata_title_model.cpp"))
    ap.add_argument("--cv", type=int, default=0, help="K-fold cross-validation inside the tune halves first")
    ap.add_argument("--held-out", action="store_true", help="print the held-out halves' accuracy")
    ap.add_argument("--dry-run", action="store_true", help="do not write --out")
    args = ap.parse_args()
    if not args.rows and not args.rows_tool:
        ap.error("give --rows-tool or --rows")
    names, pages = load_rows(args, "wcxb-dev", "wcxb", args.rows)
    if names is None:
        ap.error("no WCXB rows: give --rows, or --rows-tool with --data holding wcxb-dev")
    sets = [("wcxb", pages, None)]
    if not args.no_l3s:
        l3s_names, l3s_pages = load_rows(args, "l3s-gn1-dev", "l3s-gn1", args.l3s_rows)
        if l3s_names is not None:
            if l3s_names != names:
                sys.exit("the L3S-GN1 rows have other features than the WCXB rows")
            sets.append(("l3s-gn1", l3s_pages, words))
        else:
            print("no L3S-GN1 rows (no --l3s-rows, nor DATA/l3s-gn1-dev): training on WCXB alone,"
                  " which is not the shipped model", file=sys.stderr)
    n = len(names)
    rule = [1.0 if name == "src_rule" else 0.0 for name in names]

    def part(which, keep):
        """Each set's examples of the pages of one half (\p which) that \p keep admits."""
        return [(label, examples(p, [i for i in p if split_of(i) == which and keep(i)], same))
                for label, p, same in sets]

    def report(title, data, w):
        print(title + ": " + ", ".join("%s %.3f (%d pages; hand rules %.3f)"
                                      % (label, accuracy(d, w), len(d), accuracy(d, rule))
                                      for label, d in data))

    if args.cv:
        per_set = {label: [0, 0, 0] for label, _, _ in sets}  # hits, rule hits, pages
        for k in range(args.cv):
            train = [e for _, d in part("tune", lambda i: fold_of(i, args.cv) != k) for e in d]
            w = fit(train, n)
            for label, d in part("tune", lambda i: fold_of(i, args.cv) == k):
                per_set[label][0] += accuracy(d, w) * len(d)
                per_set[label][1] += accuracy(d, rule) * len(d)
                per_set[label][2] += len(d)
        print("cv %d folds on the tune half: " % args.cv + ", ".join(
            "%s ranker %.3f, hand rules %.3f (%d pages)" % (label, h / t, r / t, t)
            for label, (h, r, t) in per_set.items()))
    tune = part("tune", lambda i: True)
    w = fit([e for _, d in tune for e in d], n)
    report("tune half (trained on)", tune, w)
    if args.held_out:
        report("held-out half", part("held", lambda i: True), w)
    if not args.dry_run:
        write_model(args.out, names, w)
        print("wrote", args.out)


if __name__ == "__main__":
    main()
