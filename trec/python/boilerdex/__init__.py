"""boilerdex: the main content of web pages (boilerpipe's shallow text features and beyond),
Xapian indexes of what matters, and trec_eval-exact evaluation.

    >>> import boilerdex
    >>> boilerdex.extract(b"<html><body><p>Some words of a page ...</p></body></html>")
"""
from ._boilerdex import (  # noqa: F401
    Collection,
    CollectionPage,
    Error,
    Extractor,
    IndexError,
    IndexSet,
    InputError,
    UsageError,
    __version__,
    evaluate,
    extractors,
)


def extract(html, extractor="best", charset=None, format="text", url=None,
            links=False, images=False, tables=True, formatting=True):
    """The main content of one page.

    html: the page as bytes (any charset: declared, sniffed or detected) or str.
    format: "text" (str), "markdown" (str), "html" (a clean page, str), "xml" (str) or "json" (a dict
    with title, metadata, charset, content and blocks). url: the page's address, for links
    in markdown and html. formatting=False writes bold, italic and struck-out words as plain
    text in markdown, html and xml. For many pages, build an Extractor once and reuse it.
    """
    return Extractor(extractor, format, links, images, tables, formatting).extract(html, charset=charset, url=url)


def read_collection(paths, format="trec", extractor="best"):
    """Iterates over the pages of a collection (TREC <DOC> files, WARC files, or a tree of
    HTML files: format "trec", "warc" or "files"), yielding CollectionPage(docno, url, text)."""
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        paths = [paths]
    return Collection([str(p) for p in paths], format, extractor)
