"""`sleuth mcp`, driven by the MCP SDK's own client: over stdio (a real `sleuth mcp`
process), over streamable HTTP (uvicorn on a loopback port) and in process."""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

import anyio
from mcp import Client, StdioServerParameters

from sleuth.mcp_server import build_server
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import Result
from sleuth.runtime import Turn
from sleuth.service.testing import LiveServer
from sleuth.sources import Sources
from sleuth.state import RunState
from sleuth.store import RunStore
from stored import run_json

pytestmark = pytest.mark.anyio

FOUNDER = {"question": "Who founded Acme Robotics?"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class WatchedStore(RunStore):
    """The runs store, telling the test when a run has ended (rather than polling)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.finished = threading.Event()

    def finish_run(self, result: Result) -> None:
        super().finish_run(result)
        self.finished.set()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[WatchedStore]:
    opened = WatchedStore(tmp_path / "runs.db")
    yield opened
    opened.close()


@pytest.fixture
def sources() -> Iterator[Sources]:
    opened = Sources.open()
    yield opened
    opened.close()


def _stdio(tmp_path: Path, *args: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "sleuth", "mcp", "--db", str(tmp_path / "runs.db"), *args],
        env={"SLEUTH_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )


async def _ask_and_check(client: Client) -> dict[str, Any]:
    progress: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert set(tools) == {"ask", "search", "open_page", "check_finish"}
    assert tools["ask"].output_schema == Result.model_json_schema()
    assert tools["ask"].input_schema["properties"]["question"]["maxLength"] == 2000
    called = await client.call_tool("ask", FOUNDER, progress_callback=on_progress)
    assert not called.is_error
    result = called.structured_content
    assert result is not None
    assert result["status"] == "ready_for_review" and result["reason"] is None
    assert result["answer"] == "Ada Ortiz"
    assert result["citations"] == ["https://wiki.example/Acme_Robotics"]
    quote = result["evidence"][0]
    assert quote["url"] == "https://wiki.example/Acme_Robotics"
    assert quote["text"] == "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
    assert quote["opened_step"] >= 1 and quote["end"] - quote["start"] == len(quote["text"])
    assert json.loads(called.content[0].text) == result  # type: ignore[union-attr]
    # one notification per step, in order, each naming the run
    assert [p[0] for p in progress] == [float(n) for n in range(1, result["steps"] + 1)]
    assert all(p[1] == 6.0 and f"run {result['run_id']}" in (p[2] or "") for p in progress)
    assert "search" in (progress[0][2] or "")
    # the run is a resource
    listed = await client.list_resources()
    uri = f"sleuth://runs/{result['run_id']}"
    assert uri in [str(r.uri) for r in listed.resources]
    templates = await client.list_resource_templates()
    assert templates.resource_templates[0].uri_template == "sleuth://runs/{id}"
    read = await client.read_resource(uri)
    stored = json.loads(read.contents[0].text)  # type: ignore[union-attr]
    assert stored["result"]["answer"] == "Ada Ortiz" and len(stored["steps"]) == result["steps"]
    assert "thought" not in stored["steps"][0]
    return result


async def _bad_arguments(client: Client) -> None:
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("ask", {}, "question: Field required"),
        ("ask", {"question": "   "}, "question"),
        ("ask", {"question": "x", "budgets": {"max_steps": 0}}, "budgets.max_steps"),
        ("ask", {"question": "x", "corpus": "nope"}, "unknown corpus 'nope'"),
        ("ask", {"question": "x", "index": "docs"}, "unknown index 'docs'"),
        ("ask", {"question": "x", "corpus": "acme", "index": "docs"}, "not both"),
        ("ask", {"question": "x", "policy": "offline"}, "policy: Extra inputs are not permitted"),
        ("ask", {"question": 7}, "question: Input should be a valid string"),
        ("search", {"query": ""}, "query"),
        ("search", {"query": "?!"}, "the query has no words"),
        ("open_page", {"url": "https://nowhere.example/"}, "not_found"),
        ("open_page", {"url": "https://wiki.example/Acme_Robotics", "offset": 10**6}, "offset"),
        ("check_finish", {"research": "r", "question": "Who?"}, "finish: Field required"),
        ("check_finish", {"question": "Who?", "finish": {}}, "research: Field required"),
        ("check_finish", {"research": "r", "question": "Who?", "finish": {}}, "unknown research"),
        ("open_page", {"url": "https://wiki.example/Acme_Robotics", "research": "x"}, "unknown"),
        ("no_such_tool", {}, "unknown tool"),
    ]
    for tool, arguments, expected in cases:
        called = await client.call_tool(tool, arguments)
        assert called.is_error, (tool, arguments)
        text = called.content[0].text  # type: ignore[union-attr]
        assert expected in text, (tool, arguments, text)
    # the server is still there
    searched = await client.call_tool("search", {"query": "Acme founder", "k": 2})
    assert not searched.is_error


async def _research_by_hand(client: Client) -> None:
    searched = await client.call_tool("search", {"query": "Acme Robotics founded", "k": 3})
    hits = searched.structured_content["hits"]  # type: ignore[index]
    assert 1 <= len(hits) <= 3 and {"url", "title", "snippet"} == set(hits[0])
    opened = await client.call_tool("open_page", {"url": "https://wiki.example/Acme_Robotics"})
    page = opened.structured_content
    assert page is not None and page["source"] == "acme" and page["start"] == 0
    assert "founded by Ada Ortiz" in page["text"]
    assert page["next_offset"] is None or page["next_offset"] == page["end"]
    # the assistant's own finish, checked against what this session opened
    wiki, news = (
        "https://wiki.example/Acme_Robotics",
        "https://news.example/2025/06/acme-robotics-new-chief",
    )
    quote = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
    good = {
        "answer": "According to the page, Ada Ortiz.",
        "citations": [wiki],
        "cannot_answer": False,
        "evidence": quote,
    }
    cases = [
        (good, True, None),
        ({**good, "citations": [news]}, False, "cite_not_opened"),
        ({**good, "answer": "Kenji Ito"}, False, "unsupported"),
        ({**good, "answer": "Acme Robotics was not founded by Ada Ortiz"}, False, "ungrounded"),
        (
            {**good, "evidence": "Acme Robotics was founded by Ada Ortiz in 2015."},
            False,
            "evidence",
        ),
    ]
    research = page["research"]
    for finish, accepted, code in cases:
        asked = {"research": research, "question": "Who founded Acme Robotics?", "finish": finish}
        called = await client.call_tool("check_finish", asked)
        assert not called.is_error, called.content
        checked = called.structured_content
        assert checked is not None and checked["accepted"] is accepted, (finish, checked)
        assert wiki in checked["opened"] and news not in checked["opened"]
        if accepted:
            assert checked["citations"] == [wiki] and checked["evidence"][0]["text"] == quote
        else:
            assert checked["problems"][0]["code"] == code and checked["problems"][0]["detail"]
    # another research opened the news page only: the wiki page is not its own
    other = await client.call_tool("open_page", {"url": news})
    theirs = other.structured_content["research"]  # type: ignore[index]
    assert theirs != research
    called = await client.call_tool(
        "check_finish",
        {"research": theirs, "question": "Who founded Acme Robotics?", "finish": good},
    )
    assert called.structured_content["problems"][0]["code"] == "cite_not_opened"  # type: ignore[index]
    again = await client.call_tool("open_page", {"url": wiki, "research": research})
    assert again.structured_content["research"] == research  # type: ignore[index]


async def test_stdio_ask_search_open_and_bad_arguments(tmp_path: Path) -> None:
    async with Client(_stdio(tmp_path)) as client:
        result = await _ask_and_check(client)
        await _research_by_hand(client)
        await _bad_arguments(client)
    stored = RunStore(tmp_path / "runs.db")
    try:
        run = run_json(stored, result["run_id"])
        assert run is not None and run["status"] == "ready_for_review"
    finally:
        stored.close()


async def test_http_ask_search_open_and_bad_arguments(
    sources: Sources, store: WatchedStore
) -> None:
    app = build_server(sources, store).streamable_http_app(host="127.0.0.1")
    with LiveServer(app) as live:
        async with Client(live.url + "/mcp") as client:
            await _ask_and_check(client)
            await _research_by_hand(client)
            await _bad_arguments(client)


async def test_in_process_and_a_user_corpus(tmp_path: Path, store: WatchedStore) -> None:
    body = "The Zorblat was built by Mira Sol in 1999."
    pages = [{"url": "https://notes.example/a", "title": "Notes", "body": body}]
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text("\n".join(json.dumps(p) for p in pages))
    sources = Sources.open(corpora=[f"notes={corpus}"])
    try:
        assert sources.default == "notes"
        server = build_server(sources, store)
        async with Client(server) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert "notes" in tools["ask"].input_schema["properties"]["corpus"]["enum"]
            called = await client.call_tool("search", {"query": "Zorblat"})
            assert called.structured_content["source"] == "notes"  # type: ignore[index]
            asked = await client.call_tool("ask", {"question": "Who built the Zorblat?"})
            result = asked.structured_content
            assert result is not None and result["corpus"] == "notes"
            assert result["citations"] in ([], ["https://notes.example/a"])
    finally:
        sources.close()


class GatedPolicy:
    """The offline policy, holding its second decision until the test lets it go."""

    name = "offline"

    def __init__(self) -> None:
        self.inner = OfflinePolicy()
        self.release = threading.Event()

    def decide(self, state: RunState) -> Turn:
        if len(state.steps) == 1:
            assert self.release.wait(30), "the cancellation never reached the server"
        return self.inner.decide(state)


class _ReleaseOnCancel(logging.Handler):
    def __init__(self, policy: GatedPolicy) -> None:
        super().__init__()
        self.policy = policy

    def emit(self, record: logging.LogRecord) -> None:
        if "cancelled" in record.getMessage():
            self.policy.release.set()


@pytest.mark.parametrize("transport", ["http", "in_process"])
async def test_a_cancelled_call_ends_its_run_incomplete_and_keeps_it(
    transport: str, sources: Sources, store: WatchedStore
) -> None:
    policy = GatedPolicy()
    handler = _ReleaseOnCancel(policy)
    logger = logging.getLogger("sleuth")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    server = build_server(sources, store, policy=lambda: policy)
    try:
        if transport == "http":
            with LiveServer(server.streamable_http_app(host="127.0.0.1")) as live:
                run_id = await _cancel_after_first_step(live.url + "/mcp", store)
        else:
            run_id = await _cancel_after_first_step(server, store)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    run = run_json(store, run_id)
    assert run is not None and run["status"] == "incomplete"
    assert run["result"]["reason"] == "cancelled" and run["result"]["cannot_answer"]
    assert len(run["steps"]) == 2  # the step in flight was kept


async def _cancel_after_first_step(target: Any, store: WatchedStore) -> str:
    first = anyio.Event()
    messages: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        messages.append(message or "")
        first.set()

    async with Client(target) as client:
        async with anyio.create_task_group() as group:

            async def call() -> None:
                await client.call_tool("ask", FOUNDER, progress_callback=on_progress)
                raise AssertionError("the call was not cancelled")

            group.start_soon(call)
            await first.wait()
            group.cancel_scope.cancel()
        assert await anyio.to_thread.run_sync(store.finished.wait, 30)
        # the connection is still usable after a cancelled call
        assert not (await client.call_tool("search", {"query": "Acme"})).is_error
    return messages[0].split()[1]


async def test_a_run_asked_over_mcp_is_cancelled_through_the_store(
    sources: Sources, store: WatchedStore
) -> None:
    """`sleuth runs cancel` / the HTTP API cancel a run that an MCP `ask` is running: the
    loop reads the request before its next turn, and the call returns the cancelled run."""
    from sleuth import lifecycle

    policy = GatedPolicy()
    server = build_server(sources, store, policy=lambda: policy)
    first = anyio.Event()
    messages: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        messages.append(message or "")
        first.set()

    async with Client(server) as client, anyio.create_task_group() as group:
        answered: list[Any] = []

        async def call() -> None:
            answered.append(await client.call_tool("ask", FOUNDER, progress_callback=on_progress))

        group.start_soon(call)
        await first.wait()
        run_id = messages[0].split()[1]
        running = store.get_run(run_id)
        assert running is not None
        asked = lifecycle.cancel(store, running, by="cli:test")
        assert not asked.ended  # a running run is asked; its loop ends it
        policy.release.set()
    result = answered[0].structured_content
    assert result["status"] == "incomplete" and result["reason"] == "cancelled"
    run = run_json(store, run_id)
    assert run is not None and run["status"] == "incomplete"
    assert [step["tool"] for step in run["steps"]] == ["search"]  # no turn after the request


def test_sources_refuse_bad_names_and_paths(tmp_path: Path) -> None:
    from sleuth.errors import UsageError

    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    for corpora, indexes, expected in [
        (["docs"], [], "expected NAME=FILE"),
        (["bad name=x.json"], [], "a served corpus name is"),
        (["_x=x.json"], [], "a served corpus name is"),
        ([f"a={tmp_path}/missing.json"], [], "missing.json"),
        ([], [f"idx={tmp_path}/none"], "none"),
        ([f"x={tmp_path}/a.json", f"x={tmp_path}/b.json"], [], "served twice"),
    ]:
        with pytest.raises(UsageError, match=expected):
            Sources.open(corpora, indexes)


def test_sources_expose_an_index_by_name(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Zorblat\n\nThe Zorblat was built by Mira Sol in 1999.\n")
    _index(docs, tmp_path / "idx")
    sources = Sources.open(indexes=[f"docs={tmp_path / 'idx'}"])
    try:
        assert sources.default == "docs" and sources.pick().kind == "index"
        assert sources.pick(index="docs").index.search("Zorblat", 3)
    finally:
        sources.close()


def _index(docs: Path, where: Path) -> None:
    from sleuth.cli import main

    assert main(["index", str(docs), "--index", str(where)]) == 0


def test_cli_refuses_a_public_http_address_without_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli import main

    db = str(tmp_path / "runs.db")
    assert main(["mcp", "--http", "--host", "0.0.0.0", "--db", db]) == 2
    err = capsys.readouterr().err
    assert "needs API keys, and none exists: create one with `sleuth keys create NAME`" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # the gate's options are for --http
    assert main(["mcp", "--rate", "5/60", "--db", db]) == 2
    assert "apply to sleuth mcp --http only" in capsys.readouterr().err


async def test_stdio_exposes_what_serve_would(tmp_path: Path) -> None:
    body = "The Zorblat was built by Mira Sol in 1999."
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(
        json.dumps({"url": "https://notes.example/a", "title": "Notes", "body": body})
    )
    async with Client(_stdio(tmp_path, "--corpus", f"notes={corpus}", "--builtins")) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        names = tools["search"].input_schema["properties"]["corpus"]["enum"]
        assert names[0] == "notes" and "acme" in names
        searched = await client.call_tool("search", {"query": "Zorblat"})
        assert searched.structured_content["source"] == "notes"  # type: ignore[index]
        other = await client.call_tool("search", {"query": "Acme", "corpus": "acme"})
        assert other.structured_content["source"] == "acme"  # type: ignore[index]


def test_cli_names_a_missing_corpus_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli import main

    assert main(["mcp", "--corpus", f"x={tmp_path}/nope.json"]) == 2
    err = capsys.readouterr().err
    assert "nope.json" in err and "Traceback" not in err
