#!/usr/bin/env python3
"""The nested protocol for `best`'s learned stages: out-of-fold figures on the tune half.

    python3 plugin/scripts/nested_best.py train --train build/plugin/boilerdex-train --work DIR \
        [--data ../shared/data/extraction] [--seed S] [--rounds R]
    python3 plugin/scripts/nested_best.py eval --extract build/plugin/boilerdex-extract --work DIR \
        [--data ../shared/data/extraction] [--variant 'keep_code=0' ...] -o pages.tsv
    python3 plugin/scripts/nested_best.py score pages.tsv [-v]

The shipped stages were trained on the whole tune half (train_best_model.py), so reading them
on tune pages is reading them in sample, and the held-out half is read once per idea. An idea
is designed on the tune half with models that did not see the page they score: the tune pages
in two outer folds (best_split.outer_fold_of: the second byte of the MD5 of the page id,
modulo 2), and for each fold K a first and a stacked second stage trained by
train_best_model.py's settings on the other fold only (`train`: DIR/foldK.json and
DIR/foldK-stacked.json). `eval` scores both fold models, with each variant of `best`'s options
(`KEY=VALUE,...`; the first variant is always the options as shipped), over the six
development sets, as `boilerdex-extract eval --pages-tsv`. `score` keeps, for each tune page,
the row of the model trained without its fold, and prints per variant the mean over the six
sets of WCXB word F1 (WCXB) or bag-of-words F1 (the others), each set's mean and WCXB's page
types; beside the first variant, each other's pages that changed, gained and lost (-v: the 15
largest changes each way), and its paired differences from the first over the tune pages,
the six-set mean's and WCXB's, each with its standard error (as best_split.py --base): a
difference within about two errors is the pages' noise, which other seeds do not show. The
held-out half is never read. Fold models from other settings (--seed, --rounds) go in their
own DIR, read by `score` on one TSV concatenated from both.
plugin/docs/EVALUATION_RESULTS.md reports its figures as "the nested protocol" (the tenth
round onwards).
"""
import argparse
import collections
import csv
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from best_split import (WCXB_TYPES, mean_of_sets, outer_fold_of, paired_differences,  # noqa: E402
                        signed, split_of)
from train_best_model import SETS  # noqa: E402  the six development sets the stages learn from
FOLD_MODEL = re.compile(r"model=(?P<dir>.*)/fold(?P<fold>[01])\.json")


def fold_system(system):
    """(fold, variant) of a system `eval` names best:[OPTIONS,]model=DIR/foldK.json,
    stacked_model=...[,OPTIONS] (in whatever order it writes the options), variant being DIR
    and the other options; None for any other system."""
    if not system.startswith("best:"):
        return None
    options = system[len("best:"):].split(",")
    models = [m for m in map(FOLD_MODEL.fullmatch, options) if m]
    if len(models) != 1:
        return None
    rest = [o for o in options if not o.startswith(("model=", "stacked_model="))]
    return int(models[0]["fold"]), " ".join([models[0]["dir"], *rest])


def fold_models(work, fold):
    """best's options naming fold K's two stages."""
    return "model=%s,stacked_model=%s" % (os.path.join(work, "fold%d.json" % fold),
                                            os.path.join(work, "fold%d-stacked.json" % fold))


def train(args):
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "train_best_model.py")
    os.makedirs(args.work, exist_ok=True)
    for fold in (0, 1):
        command = [sys.executable, script, "--train", args.train, "--data", args.data,
                   "--threads", args.threads, "--outer-fold", str(fold),
                   "--out", os.path.join(args.work, "fold%d.json" % fold)]
        if args.seed is not None:
            command += ["--seed", str(args.seed)]
        if args.rounds is not None:
            command += ["--rounds", str(args.rounds)]
        subprocess.run(command, check=True)


def evaluate(args):
    command = [args.extract, "eval", "--no-blocks", "--threads", args.threads, "--pages-tsv", args.output]
    for fmt, name, _ in SETS:
        folder = os.path.join(args.data, name)
        if not os.path.isdir(folder):
            sys.exit(f"nested_best: {folder} is missing")
        command += ["--dataset", f"{fmt}:{folder}"]
    for variant in ["", *args.variant]:
        for fold in (0, 1):
            command += ["-e", "best:" + fold_models(args.work, fold) + ("," + variant if variant else "")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def out_of_fold(path):
    """{variant: {(dataset, page): (score, page_type)}}: each tune page's row from the fold
    model trained without it; a variant is the fold models' folder and its other options."""
    scores = collections.defaultdict(dict)
    try:
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                system = fold_system(row["system"])
                if system is None or split_of(row["page"]) != "tune":
                    continue
                fold, variant = system
                if fold != outer_fold_of(row["page"]):
                    continue  # the model of the other fold saw this page
                score = row["word_f1"] if row.get("word_f1") else row["bow_f1"]
                scores[variant][(row["dataset"], row["page"])] = (float(score), row.get("page_type", ""))
    except (OSError, KeyError, ValueError) as e:
        sys.exit(f"nested_best: {path}: {e!r}")
    if not scores:
        sys.exit(f"nested_best: {path}: no out-of-fold rows (systems best:model=DIR/foldK.json,...)")
    return scores


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def score(args):
    scores = out_of_fold(args.pages_tsv)
    variants = list(scores)  # in the file's order: the first is the baseline
    datasets = sorted({d for pages in scores.values() for d, _ in pages})
    types = [t for t in WCXB_TYPES if any(pt == t for pages in scores.values() for _, pt in pages.values())]
    print("| variant | six-set mean | " + " | ".join(datasets) + " | " + " | ".join(types) + " |")
    print("|---|" + "---:|" * (1 + len(datasets) + len(types)))
    for variant in variants:
        pages = scores[variant]
        per_set = [mean([s for (d, _), (s, _) in pages.items() if d == dataset]) for dataset in datasets]
        per_type = [mean([s for (d, _), (s, t) in pages.items() if d == "wcxb-dev" and t == name]) for name in types]
        print("| %s | %.4f | %s | %s |" % (variant, mean(per_set), " | ".join("%.4f" % v for v in per_set),
                                           " | ".join("%.3f" % v for v in per_type)))
    base = scores[variants[0]]
    for variant in variants[1:]:
        changes = sorted(((s - base[key][0], key) for key, (s, _) in scores[variant].items()
                          if key in base and s != base[key][0]), key=lambda c: c[0])
        gains = sum(1 for delta, _ in changes if delta > 0)
        # The paired differences' standard errors: the pages' own noise, which seeds do not show.
        by_set = paired_differences({k: v[0] for k, v in scores[variant].items()},
                                    {k: v[0] for k, v in base.items()}, "tune")
        wcxb = by_set.get("wcxb-dev")
        print("%s: %d pages change, %d gain, %d lose; six-set mean %s%s" % (
            variant, len(changes), gains, len(changes) - gains, signed(*mean_of_sets(by_set)),
            "" if wcxb is None else ", WCXB " + signed(*wcxb[:2])))
        if args.verbose:
            losses = [c for c in changes if c[0] < 0][:15]
            wins = [c for c in reversed(changes) if c[0] > 0][:15]
            for delta, (dataset, page) in wins + losses:
                print("  %s %s %+.3f" % (dataset, page, delta))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train the two outer folds' models")
    t.add_argument("--train", required=True, help="path to boilerdex-train")
    e = sub.add_parser("eval", help="score the fold models' variants over the six sets")
    e.add_argument("--extract", required=True, help="path to boilerdex-extract")
    e.add_argument("--variant", action="append", default=[], help="best's options, KEY=VALUE,... (repeatable)")
    e.add_argument("-o", "--output", required=True, help="the pages TSV to write")
    for p in (t, e):
        p.add_argument("--work", required=True, help="folder of the fold models")
        p.add_argument("--data", default="../shared/data/extraction")
        p.add_argument("--threads", default="2")
    t.add_argument("--seed", type=int, help="XGBoost's seed")
    t.add_argument("--rounds", type=int, help="trees per stage")
    s = sub.add_parser("score", help="out-of-fold means from a pages TSV")
    s.add_argument("pages_tsv")
    s.add_argument("-v", "--verbose", action="store_true", help="list the largest changes")
    args = ap.parse_args()
    try:
        {"train": train, "eval": evaluate, "score": score}[args.command](args)
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"nested_best: {e}")


if __name__ == "__main__":
    main()
