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

    python3 plugin/scripts/best_split.py new.tsv --base old.tsv [--part held]

compares each system of new.tsv with the system of the same name in old.tsv (two builds'
eval of the same pages), page by page: per data set and part, the mean of the per-page
differences of the score (WCXB's word F1 where a row has one, else bag-of-words F1, as
nested_best.py scores), its standard error (the differences' standard deviation over the
square root of the pages), and how many pages changed; and the same for the mean over the
data sets. A difference within about two standard errors is what retraining alone can give:
one held-out reading does not tell it from noise (plugin/docs/EVALUATION_RESULTS.md,
"Seventeenth round").
"""
import argparse
import collections
import csv
import hashlib
import math
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


def page_scores(path, systems=None):
    """{system: {(dataset, page): score}}: WCXB's word F1 where the row has one, else
    bag-of-words F1."""
    scores = collections.defaultdict(dict)
    try:
        with open(path, newline="", encoding="utf-8") as f:
            for line, row in enumerate(csv.DictReader(f, delimiter="\t"), start=2):
                if systems and row["system"] not in systems:
                    continue
                try:
                    score = float(row.get("word_f1") or row["bow_f1"])
                except (KeyError, TypeError, ValueError) as e:
                    sys.exit(f"best_split: {path}: line {line}: no score ({e!r})")
                scores[row["system"]][(row["dataset"], row["page"])] = score
    except OSError as e:
        sys.exit(f"best_split: {path}: {e.strerror}")
    except KeyError as e:
        sys.exit(f"best_split: {path}: no {e} column")
    return scores


def paired_differences(new, base, part):
    """{dataset: (mean difference, standard error, pages, pages changed)} of one system's
    scores `new` against `base` ({(dataset, page): score} each) over the pages of `part`
    (tune, held or all) that both have; the standard error is None for one page."""
    differences = collections.defaultdict(list)
    for key, score in new.items():
        if key in base and part in (split_of(key[1]), "all"):
            differences[key[0]].append(score - base[key])
    out = {}
    for dataset, d in differences.items():
        mean = sum(d) / len(d)
        se = (math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
              if len(d) > 1 else None)
        out[dataset] = (mean, se, len(d), sum(1 for x in d if x != 0))
    return out


def mean_of_sets(by_set):
    """(mean, standard error) over the data sets of paired_differences' `by_set`: the mean
    of the sets' mean differences, and the root of the sum of their squared errors over the
    number of sets (None where a set's error is)."""
    k = len(by_set)
    mean = sum(v[0] for v in by_set.values()) / k
    if any(v[1] is None for v in by_set.values()):
        return mean, None
    return mean, math.sqrt(sum(v[1] ** 2 for v in by_set.values())) / k


def signed(mean, se):
    """'+0.0012 ± 0.0008' ('+0.0012' without an error)."""
    return f"{mean:+.4f}" + ("" if se is None else f" ± {se:.4f}")


def print_against(new_path, base_path, systems, parts):
    """The --base table: each system's paired differences per data set and part."""
    new, base = page_scores(new_path, systems), page_scores(base_path, systems)
    common = [s for s in new if s in base]
    if not common:
        sys.exit(f"best_split: {base_path} has none of the systems of {new_path}")
    datasets = sorted({d for s in common for d, _ in new[s]})
    print()
    print(f"Against {base_path} (per page: difference ± standard error, pages changed):")
    print()
    print("| system | part | " + " | ".join(datasets) + " | mean of the sets |")
    print("|---|---|" + "---|" * (len(datasets) + 1))
    for system in common:
        for part in parts:
            by_set = paired_differences(new[system], base[system], part)
            cells = [f"{signed(*by_set[d][:2])} ({by_set[d][3]})" if d in by_set else "–" for d in datasets]
            cells.append(signed(*mean_of_sets(by_set)) if by_set else "–")
            print(f"| {system} | {part} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tsv")
    ap.add_argument("--systems", help="comma-separated systems (default: all)")
    ap.add_argument("--part", default="tune,held,all", help="parts to print")
    ap.add_argument("--floor", action="append", default=[],
                    help="DATASET=F: fail when a system's held-out bow F1 there is below F")
    ap.add_argument("--word-floor", action="append", default=[],
                    help="DATASET=F: fail when a system's held-out WCXB word F1 there is below F")
    ap.add_argument("--base", help="another build's TSV of the same pages, to compare with")
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
    if args.base:
        print_against(args.tsv, args.base, systems, parts)
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
