#!/usr/bin/env python3
"""Grid-search the `best` extractor's parameters on the tune half of the development sets.

    python3 plugin/scripts/tune_best.py --extract build/plugin/boilerdex-extract \
        [--data ../shared/data/extraction] [--work DIR] [--grid 'lambda=0.35,0.4;keep_inside=0.3']

Runs `boilerdex-extract eval` once over the five development sets with one `best:...`
variant per grid point (every combination of the --grid values over the defaults), splits
the per-page scores with best_split.py (SHA-1 of the page id, even first byte = tune), and
ranks the variants by the mean over the five sets of the tune half's bag-of-words F1. It
prints the ranking (tune) and, for the winner, the tune, held-out and all-page figures, so
that the figures reported for the chosen parameters come from pages they were not chosen on.
"""
import argparse
import itertools
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from best_split import summarise  # noqa: E402

SETS = [("scrapinghub", "scrapinghub-aeb"), ("l3s-gn1", "l3s-gn1-dev"),
        ("cleaneval", "cleaneval-dev"), ("dragnet", "dragnet-train"),
        ("readability", "readability-test-pages")]
# The last round of plugin/docs/EVALUATION_RESULTS.md.
DEFAULT_GRID = "caption_penalty=0,0.5,0.6,0.8,1;caption_max_share=0.3,0.5,1"


def variants(grid):
    axes = []
    for axis in filter(None, grid.split(";")):
        key, values = axis.split("=", 1)
        axes.append([f"{key}={v}" for v in values.split(",")])
    for combo in itertools.product(*axes):
        yield "best:" + ",".join(combo) if combo else "best"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--extract", required=True, help="path to boilerdex-extract")
    ap.add_argument("--data", default="../shared/data/extraction")
    ap.add_argument("--work", default=".", help="where pages TSV and report go")
    ap.add_argument("--grid", default=DEFAULT_GRID, help="key=v1,v2;key=v1,...")
    ap.add_argument("--threads", default="2")
    args = ap.parse_args()
    systems = list(variants(args.grid))
    tsv = os.path.join(args.work, "tune_pages.tsv")
    cmd = [args.extract, "eval", "--no-blocks", "--threads", args.threads, "--pages-tsv", tsv]
    for fmt, folder in SETS:
        cmd += ["--dataset", f"{fmt}:{os.path.join(args.data, folder)}"]
    for s in systems:
        cmd += ["-e", s]
    with open(os.path.join(args.work, "tune_results.md"), "w", encoding="utf-8") as out:
        subprocess.run(cmd, check=True, stdout=out, stderr=subprocess.DEVNULL)
    table = summarise(tsv)
    # The eval names a variant by its canonical name (parameters equal to the defaults
    # dropped), so rank whatever systems came back.
    def mean(system, part):
        cells = [table[system][d][part][0] for _, d in SETS]
        return sum(cells) / len(cells)
    ranking = sorted(table, key=lambda s: mean(s, "tune"), reverse=True)
    print("| rank | system | mean tune bow F1 | mean held-out bow F1 |")
    print("|---:|---|---:|---:|")
    for rank, system in enumerate(ranking, 1):
        print(f"| {rank} | {system} | {mean(system, 'tune'):.4f} | {mean(system, 'held'):.4f} |")
    winner = ranking[0]
    print(f"\nchosen on the tune half: {winner}\n")
    print("| part | " + " | ".join(d for _, d in SETS) + " |")
    print("|---|" + "---|" * len(SETS))
    for part in ("tune", "held", "all"):
        cells = [f"{table[winner][d][part][0]:.3f} / {table[winner][d][part][1]:.3f}"
                 for _, d in SETS]
        print(f"| {part} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
