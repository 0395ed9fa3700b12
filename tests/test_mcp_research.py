"""The researches of `sleuth mcp` (``open_page`` → ``check_finish``) are stored in the
runs store: a new server over the same store rebuilds one by replaying its opens, with
the same page windows; a rebuilt source cannot, and says so. In process (no port)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from mcp import Client

from sleuth.mcp_server import build_server
from sleuth.sources import Sources
from sleuth.store import RunStore
from sleuth.store.researches import ResearchStore

pytestmark = pytest.mark.anyio

URL = "https://notes.example/zorblat"
FACT = "The Zorblat was built by Mira Sol in 1999."
QUESTION = "Who built the Zorblat?"
FINISH = {"answer": "Mira Sol", "citations": [URL], "cannot_answer": False, "evidence": FACT}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    opened = RunStore(tmp_path / "runs.db")
    yield opened
    opened.close()


def _write(corpus: Path, body: str) -> None:
    corpus.write_text(json.dumps({"url": URL, "title": "The Zorblat", "body": body}))


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    """One page whose fact lies past the first window open_page shows."""
    corpus = tmp_path / "notes.jsonl"
    filler = " ".join(f"Filler sentence number {n} says nothing much." for n in range(150))
    _write(corpus, f"{filler} {FACT}")
    return corpus


async def _check(sources: Sources, store: RunStore, research: str) -> dict[str, Any]:
    """check_finish on a server started now over ``store`` (nothing in its memory)."""
    async with Client(build_server(sources, store)) as client:
        called = await client.call_tool(
            "check_finish", {"research": research, "question": QUESTION, "finish": FINISH}
        )
    assert not called.is_error, called.content
    assert called.structured_content is not None
    return called.structured_content


async def test_a_research_outlives_its_server_with_its_windows(
    store: RunStore, notes: Path
) -> None:
    sources = Sources.open(corpora=[f"notes={notes}"])
    try:
        async with Client(build_server(sources, store)) as client:
            first = (await client.call_tool("open_page", {"url": URL})).structured_content
        assert first is not None and FACT not in first["text"] and first["next_offset"]
        research = first["research"]
        stored = ResearchStore(store).get(research)
        assert stored is not None and stored.opens == ((URL, 0),) and stored.key_id is None
        assert stored.source == "notes" and stored.build is not None

        # a new server: the page is opened, but the fact's window was never shown
        checked = await _check(sources, store, research)
        assert checked["opened"] == [URL] and checked["accepted"] is False
        assert checked["problems"][0]["code"] == "evidence"

        # read on under the same research, on yet another server
        async with Client(build_server(sources, store)) as client:
            arguments = {"url": URL, "offset": first["next_offset"], "research": research}
            more = (await client.call_tool("open_page", arguments)).structured_content
        assert more is not None and more["research"] == research and FACT in more["text"]
        again = ResearchStore(store).get(research)
        assert again is not None and again.opens == ((URL, 0), (URL, first["next_offset"]))

        checked = await _check(sources, store, research)
        assert checked["accepted"] is True, checked["problems"]
        assert checked["citations"] == [URL] and checked["evidence"][0]["text"] == FACT
    finally:
        sources.close()


async def test_a_rebuilt_source_ends_its_researches(store: RunStore, notes: Path) -> None:
    sources = Sources.open(corpora=[f"notes={notes}"])
    try:
        async with Client(build_server(sources, store)) as client:
            opened = (await client.call_tool("open_page", {"url": URL})).structured_content
            assert opened is not None
            _write(notes, f"Rewritten. {FACT}")  # a new build of the served file
            called = await client.call_tool(
                "check_finish",
                {"research": opened["research"], "question": QUESTION, "finish": FINISH},
            )
            assert called.is_error
            assert "before it was rebuilt: open the pages again without a research id" in (
                called.content[0].text  # type: ignore[union-attr]
            )
            # a new research reads the new build
            fresh = (await client.call_tool("open_page", {"url": URL})).structured_content
            assert fresh is not None and fresh["research"] != opened["research"]
            assert fresh["text"].startswith("Rewritten.")
    finally:
        sources.close()


async def test_a_failed_open_stores_no_research(store: RunStore, notes: Path) -> None:
    sources = Sources.open(corpora=[f"notes={notes}"])
    try:
        async with Client(build_server(sources, store)) as client:
            missing = await client.call_tool("open_page", {"url": "https://notes.example/none"})
        assert missing.is_error
        assert store.db.query("SELECT id FROM researches") == []
    finally:
        sources.close()
