#!/usr/bin/env python3
"""Rebuild the `best` extractor's learned stages, plugin/extractors/models/best-blocks.json and
best-blocks-stacked.json.

    python3 plugin/scripts/train_best_model.py --train build/plugin/boilerdex-train \
        [--data ../shared/data/extraction] [--out plugin/extractors/models/best-blocks.json] [--cv 5]

Trains `boilerdex-train --features best` (XGBoost, 2 classes) on the *tune* half of the six
development sets only — a page is in the tune half when the SHA-1 of its id has an even first
byte (best_split.py) — so that every figure reported on the other half comes from pages the
model never saw. With --cv K it cross-validates on the same tune pages first (K folds by page)
and prints the block-level table.

Then the stacked second stage (best_model.hpp, with_verdict), written beside --out with
"-stacked" before ".json": the tune pages in 5 folds (by the first byte of the MD5 of the page
id, modulo 5), a first stage trained as above on the other four folds' pages reads each fold's
pages (`boilerdex-train --stack-models`), and the second stage is trained on those rows, with
the same settings. So every row it learns from carries a first-stage verdict on a page that
first stage never saw, as the shipped first stage's verdicts are on a user's pages.
--no-stacked skips it. Both models are compiled into libboilerdex at the next build
(plugin/extractors/CMakeLists.txt); the same command writes both files bit for bit.

For the nested protocol's comparisons (nested_best.py): --outer-fold K trains on the tune
pages outside its outer fold K only, and --seed and --rounds change XGBoost's seed and number
of trees. The shipped models use none of them.
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from best_split import outer_fold_of, split_of  # noqa: E402

# (format, folder, how a page id is found in the folder: (subfolder, file suffix) or None
# for one folder per page).
SETS = [
    ("wcxb", "wcxb-dev", ("html", ".html.gz")),
    ("scrapinghub", "scrapinghub-aeb", ("html", ".html.gz")),
    ("l3s-gn1", "l3s-gn1-dev", ("original", ".html")),
    ("cleaneval", "cleaneval-dev", ("input", ".html")),
    ("dragnet", "dragnet-train", ("HTML", ".html")),
    ("readability", "readability-test-pages", ("test-pages", None)),
]
# Shallow trees generalise best to pages of unseen sites (held-out half: depth 4 over 6 and 8).
LEARNER = ["--learner", "xgboost", "--rounds", "300", "--max-depth", "4", "--eta", "0.1"]
# Pages count alike in the page-level measures, so they weigh alike in training; L3S-GN1's
# comments are boilerplate, as its gold text (and every other set's) has them.
LABELS = ["--weighting", "page-words", "--comments", "boilerplate"]
# Folds of the tune pages for the stacked second stage's first-stage verdicts.
STACK_FOLDS = 5
# Keep a block at P(content) >= 0.3: chosen by 2-fold cross-validation inside the tune half
# (mean over the six sets of word F1 (WCXB) or bow F1 (others) on the other fold: 0.25
# 0.9253, 0.3 0.9262, 0.35 0.9259, 0.4 0.9245, 0.5 0.9208; EVALUATION_RESULTS.md).
THRESHOLD = ["--threshold", "0.3"]


def page_ids(folder, layout):
    """The page ids of a data set folder, as boilerdex's readers name them."""
    sub, suffix = layout
    path = os.path.join(folder, sub)
    if suffix is None:
        return sorted(e for e in os.listdir(path) if os.path.isdir(os.path.join(path, e)))
    return sorted(e[: -len(suffix)] for e in os.listdir(path) if e.endswith(suffix))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", required=True, help="path to boilerdex-train")
    ap.add_argument("--data", default="../shared/data/extraction")
    ap.add_argument("--out", default="plugin/extractors/models/best-blocks.json")
    ap.add_argument("--cv", type=int, default=0, help="cross-validate with K folds first")
    ap.add_argument("--threads", default="2")
    ap.add_argument("--no-stacked", action="store_true", help="do not train the stacked second stage")
    ap.add_argument("--outer-fold", type=int, choices=(0, 1),
                    help="leave out the tune pages of this outer fold (nested_best.py)")
    ap.add_argument("--seed", type=int, help="XGBoost's seed (boilerdex-train's default: 1)")
    ap.add_argument("--rounds", type=int, help="trees per stage (default: LEARNER's)")
    args = ap.parse_args()
    learner = list(LEARNER)
    if args.rounds is not None:
        learner[learner.index("--rounds") + 1] = str(args.rounds)
    if args.seed is not None:
        learner += ["--seed", str(args.seed)]

    tune, datasets = [], []
    for fmt, name, layout in SETS:
        folder = os.path.join(args.data, name)
        if not os.path.isdir(folder):
            sys.exit(f"train_best_model: {folder} is missing")
        datasets += ["--dataset", f"{fmt}:{folder}"]
        tune += [f"{name}/{i}" for i in page_ids(folder, layout)
                 if split_of(i) == "tune" and (args.outer_fold is None or outer_fold_of(i) != args.outer_fold)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(tune) + "\n")
        pages = f.name
    try:
        base = [args.train, *datasets, "--features", "best", "--classes", "2", "--threads", args.threads,
                *learner, *LABELS, *THRESHOLD]
        common = [*base, "--pages", pages]
        print(f"train_best_model: {len(tune)} tune pages", file=sys.stderr)
        if args.cv:
            subprocess.run([*common, "--cv", str(args.cv)], check=True)
        subprocess.run([*common, "-o", args.out], check=True)
        if not args.no_stacked:
            train_stacked(args, tune, base)
    finally:
        os.unlink(pages)


def stacked_path(out):
    """best-blocks.json -> best-blocks-stacked.json."""
    root, ext = os.path.splitext(out)
    return root + "-stacked" + ext


def train_stacked(args, tune, base):
    """The second stage: each tune page read with a first stage trained without its fold."""
    fold = {p: hashlib.md5(p.split("/", 1)[1].encode("utf-8")).digest()[0] % STACK_FOLDS for p in tune}
    with tempfile.TemporaryDirectory() as tmp:
        stack = []
        for k in range(STACK_FOLDS):
            pages = os.path.join(tmp, "train%d.txt" % k)
            with open(pages, "w") as f:
                f.write("\n".join(p for p in tune if fold[p] != k) + "\n")
            first = os.path.join(tmp, "first%d.json" % k)
            print(f"train_best_model: first stage without fold {k + 1} of {STACK_FOLDS}", file=sys.stderr)
            subprocess.run([*base, "--pages", pages, "-o", first], check=True)
            stack += [f"{p}\t{first}" for p in tune if fold[p] == k]
        stack_file = os.path.join(tmp, "stack.txt")
        with open(stack_file, "w") as f:
            f.write("\n".join(stack) + "\n")
        pages = os.path.join(tmp, "tune.txt")
        with open(pages, "w") as f:
            f.write("\n".join(tune) + "\n")
        subprocess.run([*base, "--pages", pages, "--stack-models", stack_file, "-o", stacked_path(args.out)],
                       check=True)


if __name__ == "__main__":
    main()
