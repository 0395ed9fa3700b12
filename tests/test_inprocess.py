"""The in-process model backend: the same requests and replies as over HTTP, by a call."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from sleuth import Task, load_corpus, run
from sleuth.models import ModelPolicy, RetryPolicy
from sleuth.models.anthropic_messages import AnthropicMessages
from sleuth.models.openai_chat import OpenAIChat
from sleuth.result import Reason, Result, Status
from sleuth.runtime import arun
from sleuth.testing import InProcessBackend, InProcessModel, ScriptedModelServer, ScriptExhausted

ACME = load_corpus("acme")
WIKI = "https://wiki.example/Acme_Robotics"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
FOUNDER = "Who founded Acme Robotics?"
EVERY = pytest.mark.parametrize(
    ("provider", "protocol", "stream"),
    [(p, q, s) for p in ("openai", "anthropic") for q in ("tools", "react") for s in (False, True)],
)


def say(protocol: str, tool: str, args: Any) -> dict[str, Any]:
    if protocol == "tools":
        return {"tool_calls": [{"name": tool, "arguments": args}], "text": "next"}
    return {"text": f"Thought: next\nAction: {tool}\nAction Input: {json.dumps(args)}"}


def grounded(protocol: str) -> list[dict[str, Any]]:
    finish = {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False}
    return [
        say(protocol, "search", {"query": "Acme Robotics founder"}),
        say(protocol, "open", {"url": WIKI}),
        say(protocol, "finish", {**finish, "evidence": FOUNDED}),
    ]


def comparable(result: Result) -> dict[str, Any]:
    """A result without what differs from run to run (ids, times)."""
    data = result.model_dump(mode="json")
    for key in ("run_id", "elapsed_s", "started_at", "finished_at"):
        data.pop(key, None)
    return data


@EVERY
def test_a_grounded_run_in_process(provider: Any, protocol: Any, stream: bool) -> None:
    model = InProcessModel(grounded(protocol))
    result = run(Task(FOUNDER), ACME, model.policy(provider, protocol, stream=stream))
    assert result.status is Status.READY_FOR_REVIEW and result.answer == "Ada Ortiz"
    assert model.remaining == 0 and len(model.requests) == 3
    assert all(r["json"].get("stream", False) is stream for r in model.requests)
    assert FOUNDED in json.dumps(model.requests[2]["json"]["messages"])


@pytest.mark.server
@EVERY
def test_in_process_and_over_http_send_and_decide_alike(
    provider: Any, protocol: Any, stream: bool
) -> None:
    """The bodies sent and the run's result are the same in process as over HTTP."""
    pytest.importorskip("openai")
    pytest.importorskip("anthropic")
    model = InProcessModel(grounded(protocol))
    here = run(Task(FOUNDER), ACME, model.policy(provider, protocol, stream=stream, model="m"))
    with ScriptedModelServer(grounded(protocol)) as server:
        backend: Any = (
            OpenAIChat("m", base_url=server.openai_base_url, api_key="k", stream=stream)
            if provider == "openai"
            else AnthropicMessages("m", base_url=server.url, api_key="k", stream=stream)
        )
        there = run(Task(FOUNDER), ACME, ModelPolicy(backend, protocol))
    assert [r["json"] for r in model.requests] == [r["json"] for r in server.requests]
    assert comparable(here) == comparable(there)


def test_an_async_transport_serves_arun() -> None:
    seen: list[dict[str, Any]] = []
    script = InProcessModel(grounded("tools"))

    async def transport(body: dict[str, Any]) -> Any:
        seen.append(body)
        await asyncio.sleep(0)
        return script.respond("openai", body)

    backend = InProcessBackend("openai", transport)
    result = asyncio.run(arun(Task(FOUNDER), ACME, ModelPolicy(backend)))
    assert isinstance(result, Result) and result.answer == "Ada Ortiz" and len(seen) == 3
    with pytest.raises(TypeError, match="async runs only"):
        run(Task(FOUNDER), ACME, ModelPolicy(InProcessBackend("openai", transport)))


def test_a_script_that_runs_out_fails_the_run_loudly() -> None:
    model = InProcessModel(grounded("tools")[:1])
    with pytest.raises(ScriptExhausted, match="request 2"):
        run(Task(FOUNDER), ACME, model.policy())


@pytest.mark.parametrize(
    "entry",
    [{"status": 429}, {"hang": True}, {"text": "x", "cut": True}, {"text": "x", "latency_s": 1}],
)
def test_wire_behaviour_is_for_the_server(entry: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="only ScriptedModelServer plays"):
        InProcessModel([entry])


def test_the_responder_answers_each_request() -> None:
    finish = {"answer": "cannot: no", "citations": [], "cannot_answer": True, "evidence": ""}
    model = InProcessModel(responder=lambda provider, body: say("tools", "finish", finish))
    result = run(Task(FOUNDER), ACME, model.policy("anthropic"))
    assert result.reason is Reason.FACT_MISSING and model.requests[0]["path"] == "/v1/messages"


def test_the_readme_example_runs() -> None:
    import re
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    section = readme.read_text(encoding="utf-8").split("## Scripted transcripts", 1)[1]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    scope: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["model"].remaining == 0 and len(scope["model"].requests) == 6


def test_a_transport_error_is_classified_and_retried_as_over_http() -> None:
    def transport(body: dict[str, Any]) -> Any:
        raise TimeoutError

    sleeps: list[float] = []
    retry = RetryPolicy(max_attempts=2)
    chosen = ModelPolicy(InProcessBackend("anthropic", transport), retry=retry, sleep=sleeps.append)
    result = run(Task(FOUNDER), ACME, chosen)
    assert isinstance(result, Result) and result.reason is Reason.MODEL_ERROR
    assert "did not answer in time" in result.answer and len(sleeps) == 1
