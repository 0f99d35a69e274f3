"""The Python package's tests (ctest `python`): run with PYTHONPATH pointing at the built
package and BOILERDEX_FIXTURES/BOILERDEX_BUILD set by CMake."""
import os
import pathlib
import subprocess
import threading

import pytest

import boilerdex

FIXTURES = pathlib.Path(os.environ.get("BOILERDEX_FIXTURES", "tests/fixtures"))
BUILD = pathlib.Path(os.environ.get("BOILERDEX_BUILD", "build"))
ARTICLE = FIXTURES / "plugin" / "pages" / "article.html"


def test_extract_text_from_bytes_and_str():
    html = ARTICLE.read_bytes()
    text = boilerdex.extract(html)
    assert "promenade & flooded" in text
    assert "Home" not in text  # the navigation is boilerplate
    assert boilerdex.extract(html.decode("utf-8")) == text
    assert boilerdex.__version__


def test_formats():
    html = ARTICLE.read_bytes()
    md = boilerdex.extract(html, format="markdown")
    assert md.startswith("# Storm closes harbour\n")
    page = boilerdex.extract(html, format="json")
    assert page["metadata"]["author"] == "A. Reporter"
    assert page["metadata"]["date"] == "2010-02-04"
    assert page["metadata"]["sitename"] is None
    assert page["content"] == boilerdex.extract(html)
    assert any(b["content"] for b in page["blocks"]) and not all(b["content"] for b in page["blocks"])
    clean = boilerdex.extract(html, format="html")
    assert clean.startswith("<!DOCTYPE html>") and "<h1>Storm closes harbour</h1>" in clean
    import xml.etree.ElementTree as ET
    doc = ET.fromstring(boilerdex.extract(html, format="xml").encode("utf-8"))
    assert doc.get("author") == "A. Reporter" and doc.find("main/head").text == "Storm closes harbour"


def test_links_resolve_against_the_url():
    html = b'<html><body><ul><li><a href="/a">First link</a></li><li><a href="b">Second</a></li></ul></body></html>'
    md = boilerdex.extract(html, extractor="keep-everything", format="markdown", links=True,
                           url="https://example.org/x/page.html")
    assert md == "- [First link](https://example.org/a)\n- [Second](https://example.org/x/b)\n"


def test_the_url_is_the_page_s_address_in_its_metadata():
    html = b'<html><head><link rel="canonical" href="/x/a.html"></head><body><p>Words of it.</p></body></html>'
    page = boilerdex.extract(html, format="json", url="https://example.org/y/b.html")
    assert page["metadata"]["url"] == "https://example.org/x/a.html"
    bare = boilerdex.extract(b"<html><body><p>Words.</p></body></html>", format="json",
                             url="https://example.org/2024/05/06/post.html")
    assert bare["metadata"]["url"] == "https://example.org/2024/05/06/post.html"
    assert bare["metadata"]["date"] == "2024-05-06"


def test_formatting_is_kept_unless_turned_off():
    html = b"<html><body><p>Some <b>bold</b> and <em>italic</em> words of a paragraph.</p></body></html>"
    md = boilerdex.extract(html, extractor="keep-everything", format="markdown")
    assert md == "Some **bold** and *italic* words of a paragraph.\n"
    flat = boilerdex.extract(html, extractor="keep-everything", format="markdown", formatting=False)
    assert flat == "Some bold and italic words of a paragraph.\n"


def test_an_extractor_is_reused_and_named():
    e = boilerdex.Extractor("article")
    assert e.name == "article"
    assert "promenade" in e.extract(ARTICLE.read_bytes())
    assert "best" in boilerdex.extractors() and "article" in boilerdex.extractors()


def test_errors_carry_the_library_messages():
    with pytest.raises(boilerdex.UsageError, match="no-such-extractor"):
        boilerdex.Extractor("no-such-extractor")
    with pytest.raises(boilerdex.UsageError, match="valid: text, markdown, html, xml, json"):
        boilerdex.extract(b"<p>x</p>", format="pdf")
    with pytest.raises(TypeError):
        boilerdex.extract(42)
    assert issubclass(boilerdex.InputError, boilerdex.Error)


def test_extraction_runs_without_the_gil():
    # Threads extracting at once give what one thread gives (the GIL is released inside).
    html = ARTICLE.read_bytes()
    e = boilerdex.Extractor()
    want = e.extract(html)
    results = []
    threads = [threading.Thread(target=lambda: results.append(e.extract(html))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [want] * 4


def test_read_collection_yields_docno_url_and_text():
    pages = list(boilerdex.read_collection(FIXTURES / "indexer" / "trec" / "sample.trec"))
    assert pages and all(p.docno for p in pages)
    assert len({p.docno for p in pages}) == len(pages)
    broken = boilerdex.read_collection(FIXTURES / "indexer" / "trec" / "broken.trec")
    list(broken)
    assert broken.skipped  # a broken record is reported, and reading goes on
    with pytest.raises(boilerdex.UsageError):
        boilerdex.read_collection(FIXTURES, format="zip")


def test_evaluate_gives_trec_eval_values():
    values = boilerdex.evaluate(str(FIXTURES / "trec" / "worked.qrels"), str(FIXTURES / "trec" / "worked.run"),
                                ["P.5", "map"])
    assert set(values) == {"P_5", "map"}
    assert "all" in values["map"]
    out = subprocess.run([str(BUILD / "trec" / "boilerdex-trec"), "eval", "-m", "P.5", "-m", "map",
                          str(FIXTURES / "trec" / "worked.qrels"), str(FIXTURES / "trec" / "worked.run")],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        name, qid, value = line.split()
        if name in values:
            assert f"{values[name][qid]:.4f}" == value


def test_search_an_index_set(tmp_path):
    index = tmp_path / "idx"
    subprocess.run([str(BUILD / "indexer" / "boilerdex-index"), "--input", str(FIXTURES / "indexer" / "trec" / "sample.trec"),
                    "--out", str(index), "--view", "all", "--view", "extractor:best", "-q"], check=True)
    s = boilerdex.IndexSet(str(index))
    assert "all" in s.views and "extractor:best" in s.views
    first = next(iter(boilerdex.read_collection(FIXTURES / "indexer" / "trec" / "sample.trec")))
    word = max(first.text.split(), key=len)
    hits = s.search(word, view="all", k=5)
    assert hits and hits[0]["rank"] == 1 and hits[0]["docno"]
    assert {"date", "author", "site", "language", "page_type"} <= set(hits[0])
    with pytest.raises(boilerdex.UsageError):
        s.search(word, view="no-such-view")
    with pytest.raises(boilerdex.IndexError):
        boilerdex.IndexSet(str(tmp_path / "none"))
