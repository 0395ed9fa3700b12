"""The shared index on PostgreSQL (`sleuth.index.pg`) against the real server at
127.0.0.1:5432 (see `test_store_postgres`: skipped when unreachable, a failure under CI).
Each test indexes into a schema of its own (``?schema=NAME``), dropped afterwards."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from sleuth import OfflinePolicy, Task
from sleuth.cli import cli
from sleuth.errors import CorpusError, UsageError
from sleuth.index import PassageIndex, open_index
from sleuth.index.pg import PostgresIndex, connection_url, display_name
from sleuth.ingest import ingest
from sleuth.result import Result
from sleuth.runtime import run_steps
from test_store_postgres import admin, server_url, wait_until, with_query

FILLER = " ".join(
    f"Filler sentence number {n} talks about nothing in particular." for n in range(40)
)


@pytest.fixture
def index_url() -> Iterator[str]:
    """A URL naming a fresh schema for an index (created by the first ingest)."""
    name = f"sleuth_test_ix_{uuid.uuid4().hex[:12]}"
    yield with_query(server_url(), schema=name)
    admin(f"SET lock_timeout = '20s'; DROP SCHEMA IF EXISTS \"{name}\" CASCADE")


def write_docs(docs: Path) -> None:
    docs.mkdir()
    (docs / "history.md").write_text(
        "# Acme Robotics history\n\n"
        + FILLER
        + "\n\n## Founding\n\nAcme Robotics was founded by Ada Ortiz in 2014 in Lisbon.\n\n"
        + FILLER
        + "\n\n## Products\n\nThe company builds warehouse robots and drones.\n",
        encoding="utf-8",
    )
    (docs / "falcons.txt").write_text("Falcons nest on cliffs and hunt pigeons.", encoding="utf-8")
    (docs / "release.md").write_text(
        "# Release notes\n\nVersion 2.1 was released on a Tuesday; the café re-opened.\n",
        encoding="utf-8",
    )


QUERIES = (
    "Who founded Acme Robotics?",
    "falcons nesting",
    "warehouse robots drones",
    "cafe release",  # ASCII folding: café
    "products",  # a heading word
)


def test_search_returns_what_the_tantivy_index_returns(tmp_path: Path, index_url: str) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], tmp_path / "folder")
    report = ingest([docs], index_url)
    assert (report.added, report.passages) == (3, ingest([docs], tmp_path / "folder").passages)
    with open_index(tmp_path / "folder") as folder, open_index(index_url) as shared:
        assert isinstance(shared, PostgresIndex)
        assert shared.counts() == folder.counts()
        for query in QUERIES:
            mine, theirs = shared.search(query, 5), folder.search(query, 5)
            assert mine, query
            assert mine[0].url == theirs[0].url, query
            assert [(h.url, h.title, h.snippet) for h in mine] == [
                (h.url, h.title, h.snippet) for h in theirs
            ], query
            for a, b in zip(mine, theirs, strict=True):
                assert a.score == pytest.approx(b.score, rel=0.05), query
        # the same passage anchors, and `open` shows the same page
        hit = shared.search("Who founded Acme Robotics?", 1)[0]
        assert shared.page(hit.url) == folder.page(hit.url)
        anchored = [h.url for q in QUERIES for h in shared.search(q, 5) if "#p" not in h.url]
        assert anchored  # a passage that starts a section is named by its heading
        for url in anchored:
            assert shared.page(url) == folder.page(url) and shared.page(url) is not None
        whole = (docs / "history.md").resolve().as_uri()
        assert shared.page(whole) == folder.page(whole)
        assert shared.search("the of and", 5) == []  # no content words
        assert shared.search('it\'s (a) "quoted" OR title:x AND NOT * \\', 5) is not None


def test_reindexing_skips_unchanged_rereads_changed_removes_deleted(
    tmp_path: Path, index_url: str
) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    first = ingest([docs], index_url)
    assert first.added == 3
    again = ingest([docs], index_url)
    assert (again.added, again.updated, again.removed, again.files_unchanged) == (0, 0, 0, 3)
    with open_index(index_url) as index:
        build = index.build()[0]
    (docs / "falcons.txt").write_text("Falcons nest on skyscrapers now.", encoding="utf-8")
    (docs / "release.md").unlink()
    changed = ingest([docs], index_url)
    assert (changed.added, changed.updated, changed.removed, changed.files_unchanged) == (
        0,
        1,
        1,
        1,
    )
    with open_index(index_url) as index:
        assert index.build()[0] != build
        assert index.counts() == open_index_counts(tmp_path, docs)
        assert [h.url for h in index.search("skyscrapers", 5)] == [
            (docs / "falcons.txt").resolve().as_uri() + "#p1"
        ]
        assert index.search("cliffs pigeons", 5) == []
        assert index.search("release notes", 5) == []
        assert index.engine.count() == index.counts()[1]
        # document frequencies and lengths were kept up to date: the scores of a fresh build
        with open_index(tmp_path / "again") as fresh:
            for query in QUERIES:
                mine, theirs = index.search(query, 5), fresh.search(query, 5)
                assert {h.url for h in mine} == {h.url for h in theirs}, query  # ties may swap
                assert [h.score for h in mine] == pytest.approx(
                    [h.score for h in theirs], rel=0.05
                ), query


def open_index_counts(tmp_path: Path, docs: Path) -> tuple[int, int]:
    """What a folder index of the same files counts."""
    ingest([docs], tmp_path / "again")
    with open_index(tmp_path / "again") as folder:
        return folder.counts()


def test_ask_over_it_end_to_end(tmp_path: Path, index_url: str) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "history.md").write_text(
        "# Acme Robotics history\n\nAcme Robotics was founded by Ada Ortiz in 2014.\n",
        encoding="utf-8",
    )
    (docs / "falcons.txt").write_text("Falcons nest on cliffs.", encoding="utf-8")
    ingest([docs], index_url)
    with open_index(index_url) as index:
        corpus = index.corpus()
        assert corpus.name.startswith("index:postgresql://")
        steps = run_steps(Task("Who founded Acme Robotics?"), corpus, OfflinePolicy(), index=index)
        tools = []
        try:
            while True:
                tools.append(next(steps).tool)
        except StopIteration as done:
            result = done.value
        assert isinstance(result, Result)
        assert tools == ["search", "open", "finish"]
        assert result.status.value == "ready_for_review", result
        assert result.answer == "Ada Ortiz"
        (citation,) = result.citations
        page = index.page(citation)
        assert page is not None and result.evidence[0].text in page.body


def test_the_cli_indexes_and_asks(tmp_path: Path, index_url: str) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    runner = CliRunner()
    built = runner.invoke(cli, ["index", str(docs), "--index", index_url])
    assert built.exit_code == 0, built.output
    assert built.output.startswith(display_name(index_url) + ": added 3")
    asked = runner.invoke(
        cli, ["ask", "Who founded Acme Robotics?", "--index", index_url, "--json"]
    )
    assert asked.exit_code == 0, asked.output
    answer = json.loads(asked.output)
    assert answer["answer"] == "Ada Ortiz" and answer["status"] == "ready_for_review"


def test_two_processes_read_the_same_index(tmp_path: Path, index_url: str) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    command = [sys.executable, "-m", "sleuth", "search", "falcons", "--index", index_url, "--json"]
    procs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=60) for p in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
        hits = json.loads(out)["hits"]
        assert [h["url"] for h in hits] == [(docs / "falcons.txt").resolve().as_uri() + "#p1"]
    # a change made by one process is what the next reader sees
    (docs / "falcons.txt").write_text("Falcons nest on skyscrapers now.", encoding="utf-8")
    ingest([docs], index_url)
    out = subprocess.run(
        [*command[:4], "skyscrapers", *command[5:]], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)["hits"]) == 1


def test_a_served_index_on_postgres(tmp_path: Path, index_url: str) -> None:
    from fastapi.testclient import TestClient

    from sleuth.service import ServiceConfig
    from sleuth.service.app import create_app
    from sleuth.sources import parse_spec

    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    spec = parse_spec(f"docs={index_url}", "index", "--index")
    assert spec.path == index_url
    config = ServiceConfig(db=tmp_path / "runs.db", corpora=(spec,))
    with TestClient(create_app(config)) as client:
        listed = client.get("/v1/corpora").json()["corpora"]
        assert [(c["name"], c["engine"], c["pages"]) for c in listed] == [("docs", "postgresql", 3)]
        found = client.get("/v1/search", params={"corpus": "docs", "q": "falcons"}).json()
        assert found["hits"][0]["url"].endswith("falcons.txt#p1")
        asked = client.post(
            "/v1/ask", json={"question": "Who founded Acme Robotics?", "corpus": "docs"}
        )
        assert asked.json()["answer"] == "Ada Ortiz"
        # a rebuild by another process (machine) is picked up without a restart
        (docs / "falcons.txt").write_text("Falcons nest on skyscrapers now.", encoding="utf-8")
        ingest([docs], index_url)

        def rebuilt() -> bool:
            params = {"corpus": "docs", "q": "skyscrapers"}
            return bool(client.get("/v1/search", params=params).json()["hits"])

        wait_until(rebuilt, timeout_s=30)


def test_bad_urls_and_missing_indexes_are_one_line_errors(tmp_path: Path, index_url: str) -> None:
    with pytest.raises(CorpusError, match="no such index"):
        open_index(index_url)
    with pytest.raises(UsageError, match="schema"):
        connection_url("postgresql://127.0.0.1/test?schema=bad;name")
    runner = CliRunner()
    for url, expected in (
        ("postgresql://nobody:secret@127.0.0.1:1/test?schema=x", "cannot open the index"),
        (index_url, "no such index"),
        ("postgresql://127.0.0.1/test?schema=1bad", "schema"),
    ):
        out = runner.invoke(cli, ["search", "falcons", "--index", url])
        assert out.exit_code != 0
        lines = out.output.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], out.output
        assert "secret" not in out.output and "Traceback" not in out.output


def test_path_folded_urls_and_passage_index_dispatch(index_url: str) -> None:
    # click and pathlib turn "postgresql://h/db" into "postgresql:/h/db": still the URL
    url, schema = connection_url(Path(index_url))
    assert url.startswith("postgresql://") and "search_path" in url and schema
    with pytest.raises(CorpusError, match="no such index"):
        open_index(Path(index_url))
    with pytest.raises(UsageError, match=r"a PostgreSQL index; open it with sleuth\.index"):
        PassageIndex.open(index_url)  # the folder index's own opener says where to go


def _schema_of(index_url: str) -> str:
    schema = connection_url(index_url)[1]
    assert schema is not None
    return schema


def _ranked(url: str) -> list[list[tuple[str, float]]]:
    with open_index(url) as index:
        return [index.search_urls(query, 5) for query in QUERIES]


def test_the_first_build_leaves_statistics_and_both_postings_indexes(
    tmp_path: Path, index_url: str
) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)  # an empty index_postings: filled without indexes, then built
    schema = _schema_of(index_url)
    indexes = "SELECT indexname FROM pg_indexes WHERE schemaname = %s AND tablename = %s"
    expected = [("index_postings_by_passage",), ("index_postings_by_term",)]
    assert sorted(admin(indexes, schema, "index_postings")) == expected
    # ANALYZE ran in the ingest: the planner knows the tables without waiting for autovacuum
    stats = "SELECT count(*) FROM pg_stats WHERE schemaname = %s AND tablename = %s"
    assert admin(stats, schema, "index_postings")[0][0] > 0
    assert admin(stats, schema, "index_terms")[0][0] > 0
    before = _ranked(index_url)
    (docs / "more.txt").write_text("Pigeons avoid the falcons of Lisbon.", encoding="utf-8")
    assert ingest([docs], index_url).added == 1  # into a filled table: indexes kept
    assert sorted(admin(indexes, schema, "index_postings")) == expected
    after = _ranked(index_url)
    assert after != before and any("more.txt" in u for hits in after for u, _ in hits)


def test_postings_agree_with_a_fresh_analysis(tmp_path: Path, index_url: str) -> None:
    from sleuth.index.tantivy_engine import analyzer

    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    schema = _schema_of(index_url)
    rows = admin(
        "SELECT h.doc_url, h.n, p.term, p.title_tf, p.body_tf, p.title_len, p.body_len "
        f'FROM "{schema}".index_postings p JOIN "{schema}".index_terms h ON h.id = p.passage '
        "WHERE h.doc_url LIKE %s",
        "%falcons.txt",
    )
    words = analyzer().analyze("Falcons nest on cliffs and hunt pigeons.")
    title = analyzer().analyze("falcons")  # a text file's title is its file name
    body_tf = {r[2]: r[4] for r in rows}
    assert body_tf == {w: words.count(w) for w in words} | {t: 0 for t in title if t not in words}
    assert {r[2]: r[3] for r in rows if r[3]} == {t: title.count(t) for t in title}
    assert {(r[1], r[5], r[6]) for r in rows} == {(1, len(title), len(words))}


def test_array_text_round_trips_through_the_server(index_url: str) -> None:
    from sleuth.db import Database
    from sleuth.index.pg import _array

    tricky = ["plain", 'a "quote"', "back\\slash\\", "comma, {brace}", "", "NULL", "ünï", "x'y"]
    db = Database(server_url())
    try:
        row = db.query_one(
            "SELECT ?::text[] AS t, ?::bigint[] AS n, ?::integer[] AS e",
            (_array(tricky), _array([1, -2]), _array([])),
        )
    finally:
        db.close()
    assert row is not None and (row["t"], row["n"], row["e"]) == (tricky, [1, -2], [])


def _downgrade_to_format_2(schema: str) -> None:
    """The tables as sleuth-pg-index-2 left them: each passage's terms in a ``tsvector``
    (title positions weighted A, text ones D) with a GIN index, no ``index_postings``."""
    admin(
        f"""
        SET search_path = "{schema}";
        ALTER TABLE index_terms ADD COLUMN tsv TSVECTOR;
        UPDATE index_terms h SET tsv = coalesce((
            SELECT string_agg(
                '''' || replace(p.term, '''', '''''') || ''':' || array_to_string(
                    array(SELECT g || 'A' FROM generate_series(1, p.title_tf) g)
                    || array(SELECT g::text FROM generate_series(p.title_tf + 1,
                                                               p.title_tf + p.body_tf) g),
                    ','), ' ')
            FROM index_postings p WHERE p.passage = h.id), '')::tsvector;
        ALTER TABLE index_terms ALTER COLUMN tsv SET NOT NULL;
        CREATE INDEX index_terms_tsv ON index_terms USING GIN (tsv);
        DROP TABLE index_postings;
        UPDATE index_meta SET value = 'sleuth-pg-index-2' WHERE key = 'format';
        """
    )


def test_a_format_2_index_is_refused_for_reading_and_upgraded_by_sleuth_index(
    tmp_path: Path, index_url: str
) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    before = _ranked(index_url)
    schema = _schema_of(index_url)
    _downgrade_to_format_2(schema)
    with pytest.raises(CorpusError, match=r"older format \(sleuth-pg-index-2.*`sleuth index "):
        open_index(index_url)
    report = ingest([docs], index_url)  # the fix the message names
    assert (report.added, report.updated, report.removed, report.files_unchanged) == (0, 0, 0, 3)
    assert report.repaired == []  # upgraded, not taken for damage
    assert admin(f'SELECT value FROM "{schema}".index_meta WHERE key = %s', "format") == [
        ("sleuth-pg-index-3",)
    ]
    columns = "SELECT column_name FROM information_schema.columns WHERE table_schema = %s"
    assert ("tsv",) not in admin(columns + " AND table_name = 'index_terms'", schema)
    after = _ranked(index_url)
    assert [[u for u, _ in hits] for hits in after] == [[u for u, _ in hits] for hits in before]
    for mine, theirs in zip(after, before, strict=True):
        assert [s for _, s in mine] == pytest.approx([s for _, s in theirs])
    # and it stays a working index: a change is indexed incrementally
    (docs / "falcons.txt").write_text("Falcons nest on skyscrapers now.", encoding="utf-8")
    assert ingest([docs], index_url).updated == 1
    with open_index(index_url) as index:
        assert [h.url for h in index.search("skyscrapers", 5)] == [
            (docs / "falcons.txt").resolve().as_uri() + "#p1"
        ]
        assert index.search("cliffs pigeons", 5) == []


def test_the_search_bench_measures_it_beside_tantivy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth import search_bench as bench

    pages, queries = tmp_path / "pages.jsonl", tmp_path / "queries.jsonl"
    rows = [
        {"url": f"u{i}", "title": f"Page {i}", "body": f"word{i} common text"} for i in range(20)
    ]
    pages.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    queries.write_text(
        "\n".join(json.dumps({"query": f"word{i}", "relevant": [f"u{i}"]}) for i in range(5))
    )
    monkeypatch.delenv(bench.POSTGRES_ENV, raising=False)
    with pytest.raises(UsageError, match=bench.POSTGRES_ENV):
        bench.run_bench(pages, queries, ("sleuth+postgres",), min_query_seconds=0)
    monkeypatch.setenv(bench.POSTGRES_ENV, server_url())
    report = bench.run_bench(pages, queries, ("sleuth", "sleuth+postgres"), min_query_seconds=0)
    by_engine = {r.engine: r for r in report.results}
    assert by_engine["sleuth+postgres"].recall == by_engine["sleuth"].recall
    assert by_engine["sleuth+postgres"].passages == 20 and by_engine["sleuth+postgres"].qps > 0
    left = admin("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'sleuth_bench_%'")
    assert left == []  # its schema is dropped


def test_two_ingests_at_once_take_turns(tmp_path: Path, index_url: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    docs = tmp_path / "docs"
    write_docs(docs)
    with ThreadPoolExecutor(2) as pool:
        reports = list(pool.map(lambda _: ingest([docs], index_url), range(2)))
    assert sorted(r.added for r in reports) == [0, 3]  # the second found the first's work
    with open_index(index_url) as index:
        assert index.counts()[0] == 3
        assert index.engine.count() == index.counts()[1]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str, body: dict[str, object] | None = None) -> dict[str, object]:
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        loaded: dict[str, object] = json.loads(response.read())
        return loaded


def test_two_serve_processes_share_one_index_and_one_runs_store(
    tmp_path: Path, index_url: str
) -> None:
    pytest.importorskip("uvicorn", reason="the server extra is not installed")
    from test_store_postgres import pg_schema, wait_until

    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    with pg_schema() as runs_url:
        ports = [_free_port(), _free_port()]
        serve = [sys.executable, "-m", "sleuth", "serve", "--index", f"docs={index_url}"]
        servers = [
            subprocess.Popen(
                [*serve, "--db", runs_url, "--port", str(port)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for port in ports
        ]
        try:

            def up(port: int, server: subprocess.Popen[str]) -> bool:
                if server.poll() is not None:
                    return True  # it died: said below
                try:
                    _get(f"http://127.0.0.1:{port}/healthz")
                    return True
                except OSError:
                    return False

            for port, server in zip(ports, servers, strict=True):
                wait_until(functools.partial(up, port, server), timeout_s=60)
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
            answers = [
                _get(
                    f"http://127.0.0.1:{port}/v1/ask",
                    {"question": "Who founded Acme Robotics?", "corpus": "docs"},
                )
                for port in ports
            ]
            assert [a["answer"] for a in answers] == ["Ada Ortiz", "Ada Ortiz"]
            assert answers[0]["citations"] == answers[1]["citations"]
            listed = _get(f"http://127.0.0.1:{ports[0]}/v1/runs")["runs"]
            assert isinstance(listed, list)  # both servers' runs, in the one runs store
            assert {a["run_id"] for a in answers} <= {r["id"] for r in listed}
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)


def test_without_psycopg_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if not installed
    with pytest.raises(UsageError, match=r"PostgreSQL index needs psycopg.*sleuth\[postgres\]"):
        open_index("postgresql://127.0.0.1/test?schema=x")


# -- damage: opening checks the tables; `sleuth index` repairs what it can ---------------------


def _schema_of(index_url: str) -> str:
    schema = connection_url(index_url)[1]
    assert schema is not None
    return schema


@pytest.mark.parametrize(
    ("harm", "found", "reread"),
    [
        ("DELETE FROM {s}.index_postings", "the search engine's passages have no postings", 0),
        ("DROP TABLE {s}.index_df", "table index_df is missing", 0),
        ("DROP INDEX {s}.index_postings_by_term", "the index index_postings_by_term is missing", 0),
        ("DELETE FROM {s}.index_terms WHERE n = 1", "the search engine holds", 0),
        ("DELETE FROM {s}.index_stats", "index_stats has no row", 0),
        ("DROP TABLE {s}.index_passages", "table index_passages is missing", 3),
        (
            "DELETE FROM {s}.index_passages WHERE n = 2",
            "the page store's documents count 8 passages but it holds 7",
            3,
        ),
    ],
)
def test_a_damaged_index_names_the_fix_and_sleuth_index_repairs_it(
    tmp_path: Path, index_url: str, harm: str, found: str, reread: int
) -> None:
    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    with open_index(index_url) as index:
        before = [[h.url for h in index.search(q, 5)] for q in QUERIES]
        assert index.counts() == (3, 8)
    admin(harm.format(s=f'"{_schema_of(index_url)}"'))

    with pytest.raises(CorpusError) as damaged:
        open_index(index_url)
    message = str(damaged.value)
    assert message.startswith(f"{display_name(index_url)}: the index is damaged ({found}")
    assert (
        message.endswith(
            f"run `sleuth index` with --index {index_url} on the same documents to repair it"
        )
        and "\n" not in message
    )

    runner = CliRunner()
    repaired = runner.invoke(cli, ["index", str(docs), "--index", index_url])
    assert repaired.exit_code == 0, repaired.output
    assert f"repaired {display_name(index_url)}: {found}" in repaired.stderr
    assert f": added {reread}," in repaired.stdout  # a damaged page store is read again
    with open_index(index_url) as index:
        assert index.repaired == []
        assert index.counts() == (3, 8) and index.engine.count() == 8
        assert [[h.url for h in index.search(q, 5)] for q in QUERIES] == before


def test_two_repairs_at_once_take_turns(tmp_path: Path, index_url: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    docs = tmp_path / "docs"
    write_docs(docs)
    ingest([docs], index_url)
    admin(f'DELETE FROM "{_schema_of(index_url)}".index_postings')
    with ThreadPoolExecutor(2) as pool:
        reports = list(pool.map(lambda _: ingest([docs], index_url), range(2)))
    # both found the damage on opening; the first repaired it, the second then found none
    assert sorted(len(r.repaired) for r in reports) == [0, 1]
    with open_index(index_url) as index:
        assert index.engine.count() == 8 and index.search("falcons nesting", 1)
