"""`sleuth mcp --http` served as `sleuth serve` is: the service's gate in front of the MCP
app (API keys, rate limits), driven by the MCP SDK's own client over real loopback HTTP
with two keys and an admin, a key limited to one corpus, and a rate-limited key."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

import httpx2 as httpx
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

from sleuth.mcp_server import build_server, gated_app
from sleuth.service import KeyStore, Rate
from sleuth.service.config import DEFAULT_MAX_BODY
from sleuth.service.ratelimit import MemoryLimiter
from sleuth.service.testing import LiveServer
from sleuth.sources import Sources
from sleuth.store import RunStore
from sleuth.store.researches import ResearchStore

pytestmark = pytest.mark.anyio

FOUNDER = {"question": "Who founded Acme Robotics?"}
WIKI = "https://wiki.example/Acme_Robotics"
QUOTE = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
GOOD = {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False, "evidence": QUOTE}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RunStore]:
    opened = RunStore(tmp_path / "runs.db")
    yield opened
    opened.close()


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    body = "The Zorblat was built by Mira Sol in 1999."
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(
        json.dumps({"url": "https://notes.example/a", "title": "Notes", "body": body})
    )
    return corpus


class Clock:
    """The rate limiter's clock, moved by the test (no sleeps)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _served(sources: Sources, store: RunStore, limiter: MemoryLimiter | None = None) -> Any:
    limiter = limiter or MemoryLimiter(Rate(10_000, 60))
    server = build_server(sources, store)
    return gated_app(server, "127.0.0.1", KeyStore(store), limiter, DEFAULT_MAX_BODY)


@asynccontextmanager
async def _client(url: str, key: str | None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    http = create_mcp_http_client(headers=headers)
    async with Client(streamable_http_client(url, http_client=http)) as client:
        yield client


def _refusal(exc: BaseException) -> MCPError:
    """The MCP error inside what the SDK raised (it wraps errors of its task group)."""
    while isinstance(exc, BaseExceptionGroup):
        (exc,) = exc.exceptions
    assert isinstance(exc, MCPError), repr(exc)
    return exc


def _text(called: Any) -> str:
    return str(called.content[0].text)


async def _uris(client: Client) -> set[str]:
    return {str(r.uri) for r in (await client.list_resources()).resources}


async def test_keys_keep_runs_and_researches_their_own(tmp_path: Path, store: RunStore) -> None:
    keys = KeyStore(store)
    (alice_key, alice), (_, bob), (_, ops) = (
        keys.create("alice"),
        keys.create("bob"),
        keys.create("ops", admin=True),
    )
    sources = Sources.open()
    with LiveServer(_served(sources, store)) as live:
        url = live.url + "/mcp"
        # no key, a wrong key, a malformed header: 401 with a JSON-RPC error that says why
        for headers, expected in [
            ({}, "an API key is required: send `Authorization: Bearer KEY`"),
            ({"Authorization": "Bearer sleuth_nope"}, "the API key is unknown or revoked"),
            ({"Authorization": f"Basic {alice}"}, "use the header `Authorization: Bearer KEY`"),
        ]:
            response = httpx.post(url, json=INITIALIZE, headers={**MCP_HEADERS, **headers})
            assert response.status_code == 401
            assert response.headers["www-authenticate"] == 'Bearer realm="sleuth"'
            body = response.json()
            assert body["error"]["message"] == expected and body["id"] is None
            assert body["error"]["data"] == {"status": 401, "error": "unauthorized"}
        for key in (None, "sleuth_nope"):
            with pytest.raises(BaseException) as raised:
                async with _client(url, key):
                    pass
            assert "API key" in str(_refusal(raised.value))

        async with _client(url, alice) as a, _client(url, bob) as b, _client(url, ops) as admin:
            # alice asks: the run records her key, and is hers to list and read
            asked = await a.call_tool("ask", FOUNDER)
            result = asked.structured_content
            assert result is not None and result["status"] == "ready_for_review"
            assert result["citations"] == [WIKI] and result["evidence"][0]["text"] == QUOTE
            run = store.get_run(result["run_id"])
            assert run is not None and run.key_id == alice_key.id
            uri = f"sleuth://runs/{result['run_id']}"
            assert uri in await _uris(a)
            read = await a.read_resource(uri)
            assert json.loads(read.contents[0].text)["key_id"] == alice_key.id  # type: ignore[union-attr]
            # bob neither lists nor reads it: to him there is no such run
            assert uri not in await _uris(b)
            with pytest.raises(MCPError, match="no stored run"):
                await b.read_resource(uri)
            theirs = (await b.call_tool("ask", FOUNDER)).structured_content
            assert theirs is not None
            bobs = f"sleuth://runs/{theirs['run_id']}"
            assert await _uris(b) == {bobs} and bobs not in await _uris(a)
            # the admin sees every run
            assert {uri, bobs} <= await _uris(admin)
            seen = await admin.read_resource(uri)
            assert json.loads(seen.contents[0].text)["id"] == result["run_id"]  # type: ignore[union-attr]

            # a research is its key's too
            searched = await a.call_tool("search", {"query": "Acme Robotics founded", "k": 3})
            assert WIKI in [h["url"] for h in searched.structured_content["hits"]]  # type: ignore[index]
            opened = (await a.call_tool("open_page", {"url": WIKI})).structured_content
            assert opened is not None and QUOTE in opened["text"]
            research = opened["research"]
            stored = ResearchStore(store).get(research)
            assert stored is not None and stored.key_id == alice_key.id
            check = {"research": research, "question": FOUNDER["question"], "finish": GOOD}
            mine = await a.call_tool("check_finish", check)
            assert mine.structured_content["accepted"] is True  # type: ignore[index]
            other = await b.call_tool("check_finish", check)
            assert other.is_error and "unknown research" in _text(other)
            grown = await b.call_tool("open_page", {"url": WIKI, "research": research})
            assert grown.is_error and "unknown research" in _text(grown)
            audited = await admin.call_tool("check_finish", check)
            assert audited.structured_content["accepted"] is True  # type: ignore[index]
    sources.close()


async def test_a_key_limited_to_a_corpus_sees_and_uses_only_it(
    store: RunStore, notes: Path
) -> None:
    keys = KeyStore(store)
    (limited_key, limited), (_, everything) = (
        keys.create("notes-only", corpora=["notes"]),
        keys.create("all"),
    )
    sources = Sources.open(corpora=[f"notes={notes}"], builtins=True)
    with LiveServer(_served(sources, store)) as live:
        url = live.url + "/mcp"
        async with _client(url, limited) as client, _client(url, everything) as full:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            for name in ("ask", "search", "open_page", "check_finish"):
                properties = tools[name].input_schema["properties"]
                assert properties["corpus"]["enum"] == ["notes", None], name
                assert properties["index"]["enum"] == [None], name
            wide = {t.name: t for t in (await full.list_tools()).tools}
            assert "acme" in wide["search"].input_schema["properties"]["corpus"]["enum"]
            # what it names by default, and what it may not name
            searched = await client.call_tool("search", {"query": "Zorblat"})
            assert searched.structured_content["source"] == "notes"  # type: ignore[index]
            for tool, arguments in [
                ("search", {"query": "Acme", "corpus": "acme"}),
                ("ask", {**FOUNDER, "corpus": "acme"}),
                ("open_page", {"url": WIKI, "corpus": "acme"}),
            ]:
                refused = await client.call_tool(tool, arguments)
                assert refused.is_error, tool
                assert "unknown corpus 'acme'; the corpora are notes;" in _text(refused), tool
            wiki = await client.call_tool("open_page", {"url": WIKI})  # not in its corpus
            assert wiki.is_error and "not_found" in _text(wiki)
            page = await client.call_tool("open_page", {"url": "https://notes.example/a"})
            assert page.structured_content["source"] == "notes"  # type: ignore[index]
            asked = await client.call_tool("ask", {"question": "Who built the Zorblat?"})
            result = asked.structured_content
            assert result is not None and result["corpus"] == "notes"
            run = store.get_run(result["run_id"])
            assert run is not None and run.key_id == limited_key.id
            assert await _uris(client) == {f"sleuth://runs/{result['run_id']}"}
            # the unlimited key still reads acme
            other = await full.call_tool("search", {"query": "Acme", "corpus": "acme"})
            assert other.structured_content["source"] == "acme"  # type: ignore[index]
    sources.close()


async def test_a_rate_limited_key_is_told_when_to_come_back(store: RunStore) -> None:
    keys = KeyStore(store)
    (_, slow), (_, other) = keys.create("slow"), keys.create("other")
    clock = Clock()
    limiter = MemoryLimiter(Rate(6, 60), clock=clock)  # a burst of 6, then one every 10 s
    sources = Sources.open()
    with LiveServer(_served(sources, store, limiter)) as live:
        url = live.url + "/mcp"
        async with _client(url, slow) as client:
            calls = 0
            with pytest.raises(MCPError) as refused:
                while calls < 6:  # the handshake took some of the six
                    assert not (await client.call_tool("search", {"query": "Acme"})).is_error
                    calls += 1
            assert 1 <= calls < 6
            assert str(refused.value) == "too many requests; try again in 10 s"
            assert refused.value.error.data == {"status": 429, "error": "rate_limited"}
            response = httpx.post(
                url, json=INITIALIZE, headers={**MCP_HEADERS, "Authorization": f"Bearer {slow}"}
            )
            assert response.status_code == 429 and response.headers["retry-after"] == "10"
            # another key has its own bucket
            async with _client(url, other) as theirs:
                assert not (await theirs.call_tool("search", {"query": "Acme"})).is_error
            clock.now += 10  # one token back
            assert not (await client.call_tool("search", {"query": "Acme"})).is_error
            with pytest.raises(MCPError, match="try again in 10 s"):
                await client.call_tool("search", {"query": "Acme"})
    sources.close()


async def test_a_public_address_needs_a_key_even_before_one_exists(store: RunStore) -> None:
    sources = Sources.open()
    server = build_server(sources, store)
    app = gated_app(server, "0.0.0.0", KeyStore(store), MemoryLimiter(Rate(60, 60)), 65536)
    with LiveServer(app) as live:  # served on loopback; the gate judges by the address given
        response = httpx.post(live.url + "/mcp", json=INITIALIZE, headers=MCP_HEADERS)
        assert response.status_code == 401
        assert "an API key is required" in response.json()["error"]["message"]
        # without keys on loopback, the same app is open (and still rate limited)
        open_app = _served(sources, store)
    with LiveServer(open_app) as live:
        async with _client(live.url + "/mcp", None) as client:
            asked = (await client.call_tool("ask", FOUNDER)).structured_content
            assert asked is not None and asked["status"] == "ready_for_review"
            run = store.get_run(asked["run_id"])
            assert run is not None and run.key_id is None
    sources.close()


@pytest.mark.subprocess
async def test_the_cli_serves_the_keys_sleuth_keys_creates(tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    env = {**os.environ, "SLEUTH_HOME": str(tmp_path)}
    created = subprocess.run(
        [sys.executable, "-m", "sleuth", "keys", "create", "ci", "--db", db],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    )
    key = created.stdout.strip()
    key_id = created.stderr.split()[1]
    command = [sys.executable, "-m", "sleuth", "mcp", "--http", "--port", "0", "--db", db]
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert server.stderr is not None
        # the first line names the port it listens on (bound before it is printed)
        first, second = server.stderr.readline(), server.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/mcp", first)
        assert found, first + second
        assert "per key" in second and "auth: API key required (1 active key(s))" in second
        url = found[0]
        refused = httpx.post(url, json=INITIALIZE, headers=MCP_HEADERS)
        assert refused.status_code == 401 and "API key" in refused.json()["error"]["message"]
        async with _client(url, key) as client:
            asked = (await client.call_tool("ask", FOUNDER)).structured_content
        assert asked is not None and asked["citations"] == [WIKI]
    finally:
        server.terminate()
        server.wait(timeout=30)
    store = RunStore(db)
    try:
        run = store.get_run(asked["run_id"])
        assert run is not None and run.key_id == key_id
    finally:
        store.close()


REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.mark.redis
def test_a_keys_limit_in_redis_spans_mcp_servers_and_the_http_api(
    tmp_path: Path, store: RunStore
) -> None:
    import redis

    from sleuth.service import ServiceConfig
    from sleuth.service.app import create_app
    from sleuth.service.ratelimit import RedisLimiter

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2)
    client.ping()  # Redis runs on every machine and in CI: unreachable is a failure
    prefix = f"sleuth-test:{uuid.uuid4().hex}:"
    _, key = KeyStore(store).create("shared")
    auth = {**MCP_HEADERS, "Authorization": f"Bearer {key}"}
    rate = Rate.parse("3/60")
    sources = Sources.open()
    try:
        mcp_apps = [
            gated_app(
                build_server(sources, store),
                "127.0.0.1",
                KeyStore(store),
                RedisLimiter(rate, REDIS_URL, prefix),
                DEFAULT_MAX_BODY,
            )
            for _ in range(2)
        ]
        config = ServiceConfig(
            db=store.location, rate=rate, redis_url=REDIS_URL, redis_prefix=prefix
        )
        with (
            LiveServer(mcp_apps[0]) as one,
            LiveServer(mcp_apps[1]) as two,
            LiveServer(create_app(config)) as api,
        ):
            codes = [
                httpx.post(s.url + "/mcp", json=INITIALIZE, headers=auth).status_code
                for s in (one, two, one)
            ]
            limited = httpx.post(two.url + "/mcp", json=INITIALIZE, headers=auth)
            over_http = httpx.get(api.url + "/v1/runs", headers={"Authorization": f"Bearer {key}"})
        assert codes == [200, 200, 200]
        assert limited.status_code == 429 and 19 <= int(limited.headers["retry-after"]) <= 20
        assert limited.json()["error"]["message"].startswith("too many requests; try again in")
        assert over_http.status_code == 429  # the same bucket as sleuth serve's
    finally:
        sources.close()
        for name in client.scan_iter(match=prefix + "*"):
            client.delete(name)
        client.close()
