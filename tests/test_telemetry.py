"""OpenTelemetry traces of runs: the span tree of a scripted run in the SDK's in-memory
exporter, and OTLP over HTTP from the CLI to a loopback receiver written here."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk")

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from sleuth import telemetry
from sleuth.corpus import load_corpus
from sleuth.decision import Decision
from sleuth.result import Usage
from sleuth.runtime import Turn, run
from sleuth.state import Budgets, RunState, Task
from sleuth.store import RunStore
from stored import run_json, runs_json

WIKI = "https://wiki.example/Acme_Robotics"
QUOTE = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
USAGE = Usage(input_tokens=100, output_tokens=20, cached_input_tokens=50)


def _call(finish_reason: str) -> dict[str, Any]:
    """A model call as the model policies record it (`sleuth.models.policy`)."""
    return {
        "provider": "openai",
        "model": "gpt-test",
        "protocol": "tools",
        "request": {"model": "gpt-test", "messages": []},
        "response": {
            "id": "chatcmpl-1",
            "model": "gpt-test-2026-01-01",
            "choices": [{"index": 0, "finish_reason": finish_reason, "message": {}}],
        },
        "attempts": [{"attempt": 1, "ok": True, "latency_ms": 3.0}],
    }


class ModelLike:
    """A scripted policy whose turns carry model calls and usage, as a model's do."""

    name = "openai:gpt-test"

    def __init__(self) -> None:
        self.script = [
            Decision("search", {"query": "Acme Robotics founded"}),
            Decision("open", {"url": WIKI}),
            Decision(
                "finish",
                {
                    "answer": "Ada Ortiz",
                    "citations": [WIKI],
                    "cannot_answer": False,
                    "evidence": QUOTE,
                },
            ),
        ]

    def decide(self, state: RunState) -> Turn:
        decision = self.script[len(state.steps)]
        reason = "stop" if decision.tool == "finish" else "tool_calls"
        return Turn(parsed=decision, usage=USAGE, calls=(_call(reason),))


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    telemetry.use(provider)
    try:
        yield exporter
    finally:
        telemetry.use(None)
        provider.shutdown()


def test_off_and_free_without_a_provider(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    try:
        assert telemetry.observed(store) is store
        assert telemetry.observed(None) is None
    finally:
        store.close()


def test_the_span_tree_of_a_scripted_run(tmp_path: Path, spans: InMemorySpanExporter) -> None:
    store = RunStore(tmp_path / "runs.db")
    try:
        result = run(
            Task(question="Who founded Acme Robotics?"),
            load_corpus("acme"),
            ModelLike(),
            recorder=store,
        )
        stored = run_json(store, result.run_id)
    finally:
        store.close()
    assert result.status.value == "ready_for_review"
    finished: tuple[ReadableSpan, ...] = spans.get_finished_spans()
    by_name = {s.name: s for s in finished}
    root = by_name["invoke_agent sleuth"]
    assert root.parent is None and root.kind is SpanKind.INTERNAL
    assert dict(root.attributes or {}) == {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "sleuth",
        "gen_ai.conversation.id": result.run_id,
        "sleuth.run.id": result.run_id,
        "sleuth.run.corpus": "acme",
        "sleuth.run.policy": "openai:gpt-test",
        "sleuth.budget.max_steps": 6,
        "sleuth.budget.timeout_s": 120.0,
        "sleuth.run.status": "ready_for_review",
        "sleuth.run.cannot_answer": False,
        "sleuth.run.steps": 3,
        "gen_ai.usage.input_tokens": 450,  # uncached + cached, as the conventions count
        "gen_ai.usage.output_tokens": 60,
        "gen_ai.usage.cache_read.input_tokens": 150,
        "gen_ai.usage.cache_creation.input_tokens": 0,
    }
    # the trace id is stored with the run
    assert stored is not None and stored["trace_id"] == format(root.context.trace_id, "032x")
    assert {s.context.trace_id for s in finished} == {root.context.trace_id}

    def children(span: ReadableSpan) -> list[str]:
        kids = [
            s for s in finished if s.parent is not None and s.parent.span_id == span.context.span_id
        ]
        return [s.name for s in sorted(kids, key=lambda s: (s.start_time, s.name))]

    assert children(root) == ["step 1", "step 2", "step 3"]
    for index, tool in enumerate(["search", "open", "finish"], start=1):
        step = by_name[f"step {index}"]
        assert step.attributes["sleuth.step.index"] == index  # type: ignore[index]
        assert step.attributes["sleuth.step.tool"] == tool  # type: ignore[index]
        assert children(step) == ["chat gpt-test", f"execute_tool {tool}"]
        assert step.start_time <= step.end_time  # type: ignore[operator]
    chats = [s for s in finished if s.name == "chat gpt-test"]
    assert len(chats) == 3
    chat = chats[0]
    assert chat.kind is SpanKind.CLIENT
    assert dict(chat.attributes or {}) == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-test",
        "gen_ai.response.model": "gpt-test-2026-01-01",
        "gen_ai.response.id": "chatcmpl-1",
        "gen_ai.response.finish_reasons": ("tool_calls",),
        "gen_ai.usage.input_tokens": 150,
        "gen_ai.usage.output_tokens": 20,
        "gen_ai.usage.cache_read.input_tokens": 50,
        "gen_ai.usage.cache_creation.input_tokens": 0,
        "sleuth.call.protocol": "tools",
        "sleuth.call.attempts": 1,
    }
    assert by_name["execute_tool finish"].attributes["gen_ai.tool.name"] == "finish"  # type: ignore[index]
    assert {c.attributes["gen_ai.response.finish_reasons"] for c in chats} == {  # type: ignore[index]
        ("tool_calls",),
        ("stop",),
    }
    tool = by_name["execute_tool search"]
    assert tool.attributes["gen_ai.operation.name"] == "execute_tool"  # type: ignore[index]
    assert tool.attributes["gen_ai.tool.type"] == "function"  # type: ignore[index]
    # a model call ends before its tool runs, and both lie within their step
    step1 = by_name["step 1"]
    assert step1.start_time <= chat.start_time <= chat.end_time <= tool.start_time  # type: ignore[operator]
    assert tool.end_time == step1.end_time


def test_a_cannot_answer_run_carries_its_status_and_reason(spans: InMemorySpanExporter) -> None:
    question = Task(question="Who founded Acme Robotics?")
    result = run(question, load_corpus("acme"), ModelLike(), Budgets(max_steps=1))
    root = next(s for s in spans.get_finished_spans() if s.name == "invoke_agent sleuth")
    assert root.attributes["sleuth.run.status"] == "budget_exhausted"  # type: ignore[index]
    assert root.attributes["sleuth.run.reason"] == "budget"  # type: ignore[index]
    assert root.attributes["sleuth.run.id"] == result.run_id  # type: ignore[index]


def test_a_resumed_run_keeps_the_trace_of_each_stretch(
    tmp_path: Path, spans: InMemorySpanExporter, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli import main
    from sleuth.resume import rebuild
    from sleuth.runtime import run_steps

    acme = load_corpus("acme")
    store = RunStore(tmp_path / "runs.db")
    try:
        # the first stretch: one step, then the process "dies" (its run span never ends)
        steps = run_steps(
            Task(question="Who founded Acme Robotics?"), acme, ModelLike(), recorder=store
        )
        first = next(steps)
        steps.close()
        assert first.index == 1
        (row,) = store.list_runs()
        store.release(row.id)
        assert store.claim(row.id)
        stored = store.get_run(row.id)
        assert stored is not None and len(stored.trace_ids) == 1
        # the second stretch goes on from step 2 under a trace of its own
        result = run(rebuild(stored, acme), acme, ModelLike(), recorder=store)
        again = run_json(store, row.id)
    finally:
        store.close()
    assert result.status.value == "ready_for_review" and result.steps == 3
    finished = spans.get_finished_spans()
    by_step = {s.name: s.context.trace_id for s in finished if s.name.startswith("step ")}
    (root,) = [s for s in finished if s.name == "invoke_agent sleuth"]  # the resumed stretch
    stretches = [format(by_step["step 1"], "032x"), format(root.context.trace_id, "032x")]
    assert stretches[0] != stretches[1]
    assert by_step["step 2"] == by_step["step 3"] == root.context.trace_id
    assert again is not None
    assert again["trace_ids"] == stretches and again["trace_id"] == stretches[0]
    assert main(["runs", "show", row.id, "--db", str(tmp_path / "runs.db")]) == 0
    assert f"traces {stretches[0]}, {stretches[1]}" in capsys.readouterr().out


# --- OTLP over HTTP ---------------------------------------------------------------------------


class Receiver:
    """An OTLP/HTTP trace receiver on a loopback port: keeps each export request."""

    def __init__(self) -> None:
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
            ExportTraceServiceRequest,
            ExportTraceServiceResponse,
        )

        self.requests: list[Any] = []
        self.paths: list[str] = []
        received = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                request = ExportTraceServiceRequest()
                request.ParseFromString(body)
                received.requests.append(request)
                received.paths.append(self.path)
                reply = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def spans(self) -> list[Any]:
        return [
            span
            for request in self.requests
            for resource in request.resource_spans
            for scope in resource.scope_spans
            for span in scope.spans
        ]


def _attributes(span: Any) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for kv in span.attributes:
        kind = kv.value.WhichOneof("value")
        values[kv.key] = getattr(kv.value, kind) if kind else None
    return values


@pytest.mark.server
@pytest.mark.parametrize("switch", ["flag", "env"])
def test_the_cli_exports_over_otlp_http_and_flushes_before_it_exits(
    switch: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli import main

    db = tmp_path / "runs.db"
    with Receiver() as receiver:
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url)
        monkeypatch.setenv("OTEL_SERVICE_NAME", "sleuth-test")
        if switch == "env":
            monkeypatch.setenv("OTEL_TRACES_EXPORTER", "otlp")
            monkeypatch.setenv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
        args = ["--otel"] if switch == "flag" else []
        code = main([*args, "ask", "Who founded Acme Robotics?", "--db", str(db), "--json"])
        assert code in (0, 3), capsys.readouterr().err
        # main returned: the spans were flushed before it did
        assert receiver.paths and set(receiver.paths) == {"/v1/traces"}
        exported = receiver.spans()
    names = [s.name for s in exported]
    assert names.count("invoke_agent sleuth") == 1 and "step 1" in names
    assert "execute_tool search" in names
    root = next(s for s in exported if s.name == "invoke_agent sleuth")
    attributes = _attributes(root)
    resource = receiver.requests[0].resource_spans[0].resource
    assert _attributes(resource)["service.name"] == "sleuth-test"
    store = RunStore(db)
    try:
        stored = run_json(store, attributes["sleuth.run.id"])
    finally:
        store.close()
    assert stored is not None and stored["trace_id"] == root.trace_id.hex()
    assert attributes["sleuth.run.status"] == stored["result"]["status"]
    assert main(["runs", "show", stored["id"], "--db", str(db)]) == 0
    assert f"trace {root.trace_id.hex()}" in capsys.readouterr().out
    assert telemetry._provider is None  # shut down with the command


def test_no_tracing_without_the_switch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sleuth.cli import main

    for name in ("OTEL_TRACES_EXPORTER", "OTEL_EXPORTER_OTLP_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)
    assert not telemetry.enabled_by_env({})
    assert not telemetry.enabled_by_env(
        {"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "x"}
    )
    assert telemetry.enabled_by_env(
        {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://h:4318/v1/traces"}
    )
    db = tmp_path / "runs.db"
    assert main(["ask", "Who founded Acme Robotics?", "--db", str(db), "--exit-zero"]) == 0
    store = RunStore(db)
    try:
        (row,) = runs_json(store.list_runs())
        stored = run_json(store, row["id"])
    finally:
        store.close()
    assert stored is not None and stored["trace_id"] is None


@pytest.mark.server
def test_chat_spans_from_a_real_sdk_call(
    spans: InMemorySpanExporter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The openai SDK against the loopback model server: the chat spans read real bodies."""
    pytest.importorskip("openai")
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    import sleuth
    from sleuth.testing import ScriptedModelServer

    finish = {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False, "evidence": QUOTE}
    replies = [
        {
            "tool_calls": [{"name": "open", "arguments": {"url": WIKI}}],
            "usage": {"input": 900, "output": 12, "cached": 512},
        },
        {
            "tool_calls": [{"name": "finish", "arguments": finish}],
            "usage": {"input": 1000, "output": 40, "cached": 512},
        },
    ]
    with ScriptedModelServer(replies, api_key="k") as server:
        result = sleuth.ask(
            "Who founded Acme Robotics?",
            model="openai:test-model",
            base_url=server.openai_base_url,
            db=tmp_path / "runs.db",
        )
    assert result.status.value == "ready_for_review", result
    chats = sorted(
        (s for s in spans.get_finished_spans() if s.name == "chat test-model"),
        key=lambda s: s.start_time or 0,
    )
    assert len(chats) == 2
    first = dict(chats[0].attributes or {})
    assert (
        first["gen_ai.provider.name"] == "openai" and first["gen_ai.request.model"] == "test-model"
    )
    assert first["gen_ai.response.finish_reasons"] == ("tool_calls",)
    assert first["gen_ai.usage.cache_read.input_tokens"] == 512
    assert first["gen_ai.usage.output_tokens"] == 12
    assert first["gen_ai.usage.input_tokens"] == 900  # OpenAI's prompt_tokens include cached ones


SERVE_TWO_WORKERS = ("-m", "sleuth", "--otel", "serve", "--workers", "2")


@pytest.mark.subprocess
def test_serve_with_workers_traces_in_each_worker(tmp_path: Path) -> None:
    """`sleuth --otel serve --workers 2`, a real process: a run answered by a worker is
    exported from that worker, flushed when the server is stopped."""
    pytest.importorskip("uvicorn", reason="the server extra is not installed")
    import json
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base, db = f"http://127.0.0.1:{port}", tmp_path / "runs.db"
    with Receiver() as receiver:
        env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
        env |= {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url, "OTEL_SERVICE_NAME": "workers"}
        server = subprocess.Popen(
            [sys.executable, *SERVE_TWO_WORKERS, "--port", str(port), "--db", str(db)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 60
            while True:  # until the workers listen (or the server died)
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=5).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the server did not come up"
                    time.sleep(0.05)
            request = urllib.request.Request(
                f"{base}/v1/ask",
                data=json.dumps({"question": "Who founded Acme Robotics?"}).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=60) as reply:
                run_id = json.load(reply)["run_id"]
        finally:
            server.send_signal(signal.SIGINT)  # uvicorn stops its workers; they flush
            server.wait(timeout=60)
        roots = [s for s in receiver.spans() if s.name == "invoke_agent sleuth"]
    assert [_attributes(root)["sleuth.run.id"] for root in roots] == [run_id]
    resource = receiver.requests[0].resource_spans[0].resource
    assert _attributes(resource)["service.name"] == "workers"
