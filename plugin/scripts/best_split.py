#!/usr/bin/env python3
"""Summarise a `boilerdex-extract eval --pages-tsv` file on the fixed tune / held-out split.

A page belongs to the *tune* half when the SHA-1 of its id (the TSV's `page` column, as
`boilerdex-extract eval` names it) has an even first byte, else to the *held-out* half.
The split depends on nothing but the id, so it is the same on every run and machine.

    python3 plugin/scripts/best_split.py pages.tsv [--systems best,article] [--part held]
        [--floor scrapinghub-aeb=0.93 ...] [--word-floor wcxb-dev=0.75 ...]

prints, per system and data set, the mean bag-of-words F1 / sh4 F1 (sh4 from the per-page
means, as the eval tool does) on the tune half, the held-out half and all pages. When the
file has WCXB rows (a `word_f1` column, filled on WCXB data sets), a second table gives
their mean WCXB word F1 per part, overall and per page type (WCXB's order). With
--floor DATASET=F it exits 1 when some listed system's held-out bag-of-words F1 on DATASET
is below F (or DATASET is missing), for regression tests; --word-floor DATASET=F does the same
with the held-out WCXB word F1 of a WCXB data set.
"""
import argparse
import collections
import csv
import hashlib
import sys


def split_of(page_id: str) -> str:
    """'tune' or 'held' for a page id (first byte of its SHA-1, even = tune)."""
    return "tune" if hashlib.sha1(page_id.encode("utf-8")).digest()[0] % 2 == 0 else "held"


def outer_fold_of(page_id: str) -> int:
    """0 or 1: a tune page's outer fold in the nested protocol (nested_best.py), the second
    byte of the MD5 of its id, modulo 2."""
    return hashlib.md5(page_id.encode("utf-8")).digest()[1] % 2


def sh4_f1(rows):
    """The Scrapinghub measure over rows: F1 of the mean shingle precision and recall
    (pages where one is undefined, an empty cell, left out of that mean, as the eval does)."""

    def mean(column):
        values = [float(row[column]) for row in rows if row[column] != ""]
        return sum(values) / len(values) if values else 0.0

    precision, recall = mean("sh4_p"), mean("sh4_r")
    total = precision + recall
    return 0.0 if total == 0 else 2 * precision * recall / total


def summarise(path, systems=None):
    """{system: {dataset: {part: (bow_f1, sh4_f1, pages)}}} with part in tune/held/all."""
    groups = collections.defaultdict(list)
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if systems and row["system"] not in systems:
                continue
            for part in (split_of(row["page"]), "all"):
                groups[(row["system"], row["dataset"], part)].append(row)
    out = collections.defaultdict(dict)
    for (system, dataset, part), rows in groups.items():
        bow = sum(float(r["bow_f1"]) for r in rows) / len(rows)
        out[system].setdefault(dataset, {})[part] = (bow, sh4_f1(rows), len(rows))
    return out


WCXB_TYPES = ("article", "forum", "product", "collection", "listing", "documentation",
              "service")


def summarise_wcxb(path, systems=None):
    """{(system, dataset): {part: {type: (word_f1, pages)}}} over the rows with a `word_f1`
    value, type "overall" included; {} for a file without that column."""
    groups = collections.defaultdict(list)
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if not row.get("word_f1") or (systems and row["system"] not in systems):
                continue
            for part in (split_of(row["page"]), "all"):
                for group in ("overall", row["page_type"]):
                    groups[(row["system"], row["dataset"], part, group)].append(
                        float(row["word_f1"]))
    out = collections.defaultdict(lambda: collections.defaultdict(dict))
    for (system, dataset, part, group), values in groups.items():
        out[(system, dataset)][part][group] = (sum(values) / len(values), len(values))
    return out


def print_wcxb(table, parts):
    """The WCXB word-F1 table: one row per system, data set and part."""
    if not table:
        return
    columns = ("overall",) + WCXB_TYPES
    print()
    print("WCXB word F1 (pages):")
    print()
    print("| system | data set | part | " + " | ".join(columns) + " |")
    print("|---|---|---|" + "---|" * len(columns))
    for (system, dataset), by_part in table.items():
        for part in parts:
            cells = []
            for c in columns:
                v = by_part.get(part, {}).get(c)
                cells.append("–" if v is None else f"{v[0]:.3f} ({v[1]})")
            print(f"| {system} | {dataset} | {part} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tsv")
    ap.add_argument("--systems", help="comma-separated systems (default: all)")
    ap.add_argument("--part", default="tune,held,all", help="parts to print")
    ap.add_argument("--floor", action="append", default=[],
                    help="DATASET=F: fail when a system's held-out bow F1 there is below F")
    ap.add_argument("--word-floor", action="append", default=[],
                    help="DATASET=F: fail when a system's held-out WCXB word F1 there is below F")
    args = ap.parse_args()
    systems = set(args.systems.split(",")) if args.systems else None
    table = summarise(args.tsv, systems)
    datasets = sorted({d for s in table.values() for d in s})
    parts = args.part.split(",")
    print("| system | part | " + " | ".join(datasets) + " |")
    print("|---|---|" + "---|" * len(datasets))
    for system in table:
        for part in parts:
            cells = []
            for d in datasets:
                v = table[system].get(d, {}).get(part)
                cells.append("–" if v is None else f"{v[0]:.3f} / {v[1]:.3f}")
            print(f"| {system} | {part} | " + " | ".join(cells) + " |")
    wcxb = summarise_wcxb(args.tsv, systems)
    print_wcxb(wcxb, parts)
    failed = False
    for floor in args.floor:
        dataset, value = floor.split("=", 1)
        for system in table:
            held = table[system].get(dataset, {}).get("held")
            if held is None or held[0] < float(value):
                got = "missing" if held is None else f"{held[0]:.3f}"
                print(f"FAIL: {system} held-out bow F1 on {dataset}: {got} < {value}")
                failed = True
    for floor in args.word_floor:
        dataset, value = floor.split("=", 1)
        for system in table:
            held = wcxb.get((system, dataset), {}).get("held", {}).get("overall")
            if held is None or held[0] < float(value):
                got = "missing" if held is None else f"{held[0]:.3f}"
                print(f"FAIL: {system} held-out WCXB word F1 on {dataset}: {got} < {value}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
