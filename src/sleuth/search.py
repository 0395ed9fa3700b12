"""Search: BM25 over pages behind one small interface.

`SearchIndex` is what tools, the CLI and (later) the service talk to. `Fts5Index` keeps
the tiny built-in corpora in an in-memory SQLite FTS5 table: BM25 with the title
weighted above the body, Porter stemming, and snippets cut around the query terms.
Terms are OR-ed, so a hit needs only some of the query's words; stop words are dropped
from queries so that "who is the" does not match every page.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from dataclasses import dataclass
from typing import Protocol

from sleuth.corpus import Corpus
from sleuth.text import STOPWORDS, words

TITLE_WEIGHT = 3.0
BODY_WEIGHT = 1.0
SNIPPET_TOKENS = 12


@dataclass(frozen=True)
class Hit:
    url: str
    title: str
    snippet: str
    score: float


class SearchIndex(Protocol):
    def search(self, query: str, k: int = 5) -> list[Hit]:
        """The best ``k`` pages for ``query``, best first; [] when nothing matches."""
        ...


def match_expression(query: str) -> str:
    """An FTS5 MATCH expression OR-ing the query's words (stop words dropped unless the
    query has nothing else). Every term is quoted, so no user text is FTS syntax."""
    tokens = [w.lower() for w in words(query)]
    content = [t for t in tokens if t not in STOPWORDS] or tokens
    unique = list(dict.fromkeys(t.replace('"', "") for t in content if t))
    return " OR ".join(f'"{t}"' for t in unique)


class Fts5Index:
    """An in-memory FTS5 index of a corpus, built once at construction."""

    def __init__(self, corpus: Corpus) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE pages USING fts5("
            "url UNINDEXED, title, body, tokenize='porter unicode61 remove_diacritics 2')"
        )
        self._db.executemany(
            "INSERT INTO pages (url, title, body) VALUES (?, ?, ?)",
            [(p.url, p.title, p.body) for p in corpus],
        )
        self._db.commit()

    def search(self, query: str, k: int = 5) -> list[Hit]:
        expression = match_expression(query)
        if not expression:
            return []
        with self._lock:
            rows = self._db.execute(
                "SELECT url, title, snippet(pages, 2, '', '', ' … ', ?), "
                "bm25(pages, 0.0, ?, ?) AS rank FROM pages WHERE pages MATCH ? "
                "ORDER BY rank, url LIMIT ?",
                (SNIPPET_TOKENS, TITLE_WEIGHT, BODY_WEIGHT, expression, k),
            ).fetchall()
        return [Hit(url=u, title=t, snippet=s.strip(), score=-r) for u, t, s, r in rows]


_INDEXES: weakref.WeakKeyDictionary[Corpus, Fts5Index] = weakref.WeakKeyDictionary()
_INDEXES_LOCK = threading.Lock()


def index_for(corpus: Corpus) -> Fts5Index:
    """The in-memory index of ``corpus``, built once and shared by every run over it."""
    with _INDEXES_LOCK:
        index = _INDEXES.get(corpus)
        if index is None:
            index = _INDEXES[corpus] = Fts5Index(corpus)
        return index
