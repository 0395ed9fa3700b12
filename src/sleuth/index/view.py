"""`IndexedCorpus`: an on-disk index seen as a `sleuth.corpus.Corpus`, so the runtime's
tools work on it unchanged.

Its ``pages`` are the passages (``URL#p1``, ``URL#p2``, ...; a passage that starts a
section is ``URL#section-slug`` too), read lazily from the page store: ``open`` on a
passage URL shows that passage (its title names the next one), and
``open`` on a document's URL shows the whole document, a window at a time with the
usual ``offset`` continuation. Either way the validator sees exactly the text shown.
It is also the `sleuth.search.SearchIndex` of itself: pass it as both the corpus and
the ``index`` of a run.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sleuth.corpus import Corpus, Page
from sleuth.passages import parse_passage_url
from sleuth.search import Hit

if TYPE_CHECKING:
    from .passage_index import PassageIndex


class PassagePages(Mapping[str, Page]):
    """Passage URL -> `Page`, read from the store on demand. Document URLs are found
    too (``url in pages``, ``pages[url]``) but are not listed when iterating."""

    def __init__(self, index: PassageIndex) -> None:
        self._index = index

    def __getitem__(self, url: str) -> Page:
        if not isinstance(url, str):
            raise KeyError(url)
        page = self._index.page(url)
        if page is None:
            raise KeyError(url)
        return page

    def __contains__(self, url: object) -> bool:
        return isinstance(url, str) and self._index.has_page(url)

    def __iter__(self) -> Iterator[str]:
        return self._index.page_urls()

    def __len__(self) -> int:
        return self._index.counts()[1]


@dataclass(frozen=True, eq=False)
class IndexedCorpus(Corpus):
    """A `Corpus` over a `PassageIndex`; ``search`` makes it a `SearchIndex` too."""

    index: PassageIndex = field(repr=False, kw_only=True)

    @classmethod
    def of(cls, index: PassageIndex, name: str | None = None) -> IndexedCorpus:
        """The index as a corpus named ``name`` (by default ``index:PATH``), recording
        the build it was opened at (`PassageIndex.build`)."""
        return cls(
            name=name or f"index:{index.path}",
            pages=PassagePages(index),
            index=index,
            build=index.build()[0],
        )

    def search(self, query: str, k: int = 5) -> list[Hit]:
        return self.index.search(query, k)

    def document_url(self, url: str) -> str:
        """The document a passage URL (``URL#pN`` or ``URL#section``) belongs to (a
        document URL is its own)."""
        parsed = parse_passage_url(url)
        if parsed is not None and self.index.store.has_passage(*parsed):
            return parsed[0]
        if parsed is None and "#" in url and not self.index.store.has_document(url):
            stored = self.index.passage(url)
            if stored is not None:
                return stored.doc.url
        return url
