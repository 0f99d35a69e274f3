#!/usr/bin/env python3
"""Parity of boilerdex-extract with the original Java boilerpipe 1.2 (Debian's jar).

For each data set and extractor, runs `bp batch` (../shared/tools/boilerpipe-ref) and
`boilerdex-extract -o` over the same pages and compares their outputs after collapsing runs
of whitespace (NekoHTML chunks text differently, spec section 9.4). Reports, per extractor,
the share of pages with identical output and the mean bag-of-words F1 of boilerdex against
Java; fails when a share is below --min-identical or a mean below --min-f1.

Both tools read the same clean UTF-8 copies of the pages: spec section 9.2 explains that
NekoHTML lets a <meta> charset override the declared one, so the copies are decoded once
here (by each data set's rule) and their <meta ... charset ...> tags are removed. Java reads
text encoded in UTF-8 twice ("â€™") as it is, so boilerdex-extract runs with
--keep-double-encoding: decoding is not what parity measures.

Exit status: 0 pass, 1 below target, 77 skipped (no Java harness or no shared data).
"""
import argparse
import collections
import gzip
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

EXTRACTORS = {
    "article": "ArticleExtractor",
    "default": "DefaultExtractor",
    "num-words-rules": "NumWordsRulesExtractor",
    "keep-everything": "KeepEverythingExtractor",
    "largest-content": "LargestContentExtractor",
    "canola": "CanolaExtractor",
    "article-sentences": "ArticleSentencesExtractor",
    "keep-everything-min-words:10": "KeepEverythingWithMinKWordsExtractor:10",
}
META_CHARSET = re.compile(rb"<meta\b[^>]*charset[^>]*>", re.IGNORECASE)
CLEANEVAL_WRAPPER = re.compile(rb"^\s*<text\b[^>]*>", re.IGNORECASE)
CLEANEVAL_ENCODING = re.compile(rb'encoding="([^"]*)"', re.IGNORECASE)
WORD = re.compile(r"\w+", re.UNICODE)


def decode(raw, encoding):
    for enc in (encoding, "utf-8", "windows-1252"):
        if not enc:
            continue
        try:
            return raw.decode(enc)
        except (LookupError, UnicodeDecodeError):
            continue
    return raw.decode("utf-8", errors="replace")


def pages(dataset_dir, name):
    """Yields (page name, clean UTF-8 bytes) by the data set's own layout and decoding rule."""
    if name == "scrapinghub-aeb":
        folder = os.path.join(dataset_dir, "html")
        for f in sorted(os.listdir(folder)):
            if f.endswith(".html.gz"):
                with gzip.open(os.path.join(folder, f), "rb") as fh:
                    yield f[: -len(".html.gz")], decode(fh.read(), "utf-8")
    elif name == "l3s-gn1-dev":
        folder = os.path.join(dataset_dir, "original")
        for f in sorted(os.listdir(folder)):
            if f.endswith(".html"):
                with open(os.path.join(folder, f), "rb") as fh:
                    yield f[: -len(".html")], decode(fh.read(), "utf-8")
    elif name == "cleaneval-dev":
        folder = os.path.join(dataset_dir, "input")
        for f in sorted(os.listdir(folder)):
            if f.endswith(".html"):
                with open(os.path.join(folder, f), "rb") as fh:
                    raw = fh.read()
                m = CLEANEVAL_ENCODING.search(raw[:2000])
                enc = m.group(1).decode("ascii", "replace") if m else ""
                enc = {"utf8": "utf-8", "unset": "", "unknown-us-ascii": "utf-8"}.get(enc.lower(), enc)
                raw = CLEANEVAL_WRAPPER.sub(b"", raw, count=1)
                raw = re.sub(rb"</text>\s*$", b"", raw)
                yield f[: -len(".html")], decode(raw, enc)
    else:
        raise SystemExit(f"unknown data set {name}")


def words(text):
    return collections.Counter(WORD.findall(text))


def bow_f1(pred, ref):
    p, r = words(pred), words(ref)
    if not p and not r:
        return 1.0
    common = sum((p & r).values())
    if common == 0:
        return 0.0
    prec, rec = common / sum(p.values()), common / sum(r.values())
    return 2 * prec * rec / (prec + rec)


def collapse(text):
    return " ".join(text.split())


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=os.path.join(root, "..", "shared"))
    ap.add_argument("--extract", default=os.path.join(root, "build", "plugin", "boilerdex-extract"))
    ap.add_argument("--datasets", default="l3s-gn1-dev,scrapinghub-aeb,cleaneval-dev")
    ap.add_argument("--extractors", default="article,default,num-words-rules,keep-everything")
    ap.add_argument("--min-identical", type=float, default=0.97)
    ap.add_argument("--min-f1", type=float, default=0.995)
    ap.add_argument("--keep", help="keep the work folder here and list differing pages")
    args = ap.parse_args()

    bp = os.path.join(args.shared, "tools", "boilerpipe-ref", "bp")
    if not os.path.exists(bp) or shutil.which("java") is None:
        print("parity: SKIPPED: no Java boilerpipe harness (need ../shared/tools/boilerpipe-ref and java)")
        return 77
    classes = os.environ.get("BP_REF_CLASSES", "/tmp/boilerpipe-ref-classes")
    if not os.path.exists(os.path.join(classes, "BpHarness.class")):
        build = subprocess.run([os.path.join(os.path.dirname(bp), "build.sh")], capture_output=True, text=True)
        if build.returncode != 0:
            print("parity: SKIPPED: the Java harness does not build (is libboilerpipe-java installed?)\n" + build.stderr)
            return 77
    if not os.access(args.extract, os.X_OK):
        print(f"parity: {args.extract} not found: build boilerdex first")
        return 1

    work = args.keep or tempfile.mkdtemp(prefix="bdx-parity-")
    os.makedirs(work, exist_ok=True)
    failed = False
    print(f"{'data set':16} {'extractor':30} {'pages':>6} {'identical':>10} {'mean F1':>8} {'java s':>7} {'bdx s':>7}")
    for ds in args.datasets.split(","):
        ds_dir = os.path.join(args.shared, "data", "extraction", ds)
        if not os.path.isdir(ds_dir):
            print(f"parity: SKIPPED {ds}: {ds_dir} absent")
            continue
        inp = os.path.join(work, ds, "input")
        os.makedirs(inp, exist_ok=True)
        names = []
        for name, text in pages(ds_dir, ds):
            data = META_CHARSET.sub(b"", text.encode("utf-8"))
            with open(os.path.join(inp, name + ".html"), "wb") as fh:
                fh.write(data)
            names.append(name)
        for ex in args.extractors.split(","):
            jdir, cdir = os.path.join(work, ds, "java", ex), os.path.join(work, ds, "bdx", ex)
            for d in (jdir, cdir):
                shutil.rmtree(d, ignore_errors=True)
                os.makedirs(d)
            t0 = time.time()
            subprocess.run([bp, "batch", EXTRACTORS[ex], inp, jdir], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t1 = time.time()
            subprocess.run([args.extract, "--extractor", ex, "--charset", "UTF-8", "--keep-double-encoding",
                            "-o", cdir, inp],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            t2 = time.time()
            same, f1s, diffs = 0, [], []
            for n in names:
                j, c = read(os.path.join(jdir, n + ".txt")), read(os.path.join(cdir, n + ".txt"))
                if j is None:  # Java failed on the page: nothing to compare against
                    continue
                c = c or ""
                if collapse(j) == collapse(c):
                    same += 1
                    f1s.append(1.0)
                else:
                    f1s.append(bow_f1(c, j))
                    diffs.append((f1s[-1], n))
            total = len(f1s)
            share = same / total if total else 0.0
            mean = sum(f1s) / total if total else 0.0
            ok = share >= args.min_identical and mean >= args.min_f1
            failed |= not ok
            print(f"{ds:16} {ex:30} {total:6d} {share:10.4f} {mean:8.4f} {t1 - t0:7.1f} {t2 - t1:7.1f}{'' if ok else '  BELOW TARGET'}")
            if args.keep:
                for f, n in sorted(diffs)[:10]:
                    print(f"    differs: {n} (F1 {f:.4f})")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
