"""Where `--index` points: a folder, or a ``postgresql://`` URL kept as it was written — a
socket URL (``postgresql:///db``, no host) included, which a `Path` used to fold into
``postgresql:/db`` and then into a host named ``db``."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

import sleuth
from sleuth.cli import cli
from sleuth.cli_corpus import IndexTarget
from sleuth.index.pg import connection_url, display_name


def test_the_index_option_keeps_a_url_as_text_and_a_folder_as_a_path() -> None:
    target = IndexTarget()
    assert target.convert("postgresql:///docs?schema=s", None, None) == (
        "postgresql:///docs?schema=s"
    )
    assert target.convert("postgresql://h/db", None, None) == "postgresql://h/db"
    assert target.convert("./idx", None, None) == Path("idx")
    with pytest.raises(Exception, match="mysql:// databases are not supported"):
        target.convert("mysql://h/db", None, None)


@pytest.mark.parametrize(
    ("given", "connects_to"),
    [
        ("postgresql:///docs?schema=s", "postgresql:///docs?options="),  # the socket
        ("postgresql://h:5433/docs?schema=s", "postgresql://h:5433/docs?options="),
        (Path("postgresql://h/docs?schema=s"), "postgresql://h/docs?options="),  # folded
        ("postgres://u:pw@h/docs", "postgres://u:pw@h/docs?options="),
    ],
)
def test_connection_urls_keep_their_host_or_its_absence(given: str, connects_to: str) -> None:
    url, _ = connection_url(given)
    assert url.startswith(connects_to)
    assert "-cjit%3Doff" in url


def test_messages_name_a_socket_url_as_written() -> None:
    assert display_name("postgresql:///docs?schema=s") == "postgresql:///docs?schema=s"
    assert display_name(Path("postgresql://u:pw@h/docs")) == "postgresql://u:***@h/docs"


@pytest.mark.postgres
def test_index_search_and_ask_over_the_socket(tmp_path: Path) -> None:
    """A real index through the server's Unix socket, from the CLI."""
    psycopg = pytest.importorskip("psycopg")
    from test_store_postgres import server_url

    database = server_url().rsplit("/", 1)[1].split("?")[0]
    socket_url = f"postgresql:///{database}"
    try:
        psycopg.connect(socket_url, connect_timeout=3).close()
    except psycopg.Error as exc:
        why = f"the PostgreSQL server has no socket here: {' '.join(str(exc).split())}"
        if os.environ.get("CI"):  # every machine here and CI has one
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    schema = f"sleuth_socket_{uuid.uuid4().hex[:12]}"
    url = f"{socket_url}?schema={schema}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tea.md").write_text("# Tea\n\nOolong is a partially oxidised tea from Fujian.\n")
    runner = CliRunner()
    try:
        built = runner.invoke(cli, ["index", str(docs), "--index", url])
        assert built.exit_code == 0, built.output
        assert url in built.output and "added 1" in built.output
        found = runner.invoke(cli, ["search", "oolong", "--index", url, "--json"])
        assert found.exit_code == 0, found.output
        assert '"url": "' + (docs / "tea.md").as_uri() + "#" in found.output
        db, question = str(tmp_path / "r.db"), "Where is oolong from?"
        # the index is under test, not the confidence model: no threshold (the one-line
        # page's answer scores about 0.49 against the fitted 0.5)
        ask = ["ask", question, "--index", url, "--db", db, "--json", "--min-confidence", "0"]
        asked = runner.invoke(cli, ask)
        assert asked.exit_code == 0, asked.output
        assert "Fujian" in asked.output
        from_python = sleuth.ask(  # the URL as written
            question, index=url, db=False, policy=sleuth.OfflinePolicy(min_confidence=0.0)
        )
        assert from_python.citations and "Fujian" in from_python.evidence[0].text
    finally:
        with psycopg.connect(socket_url, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
