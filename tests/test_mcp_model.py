"""`sleuth mcp --model`: the MCP `ask` tool researching with a model (the scripted
OpenAI-compatible server on loopback), over stdio with the SDK's own client; the run's
trajectory, citation and quote are the model's, held to the same contract."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")
pytest.importorskip("openai")

import anyio
from mcp import Client, StdioServerParameters

from sleuth.store import RunStore
from sleuth.testing import ScriptedModelServer

WIKI = "https://wiki.example/Acme_Robotics"
QUOTE = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


def _server(tmp_path: Path, *args: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "sleuth", "mcp", "--db", str(tmp_path / "runs.db"), *args],
        env={
            "SLEUTH_HOME": str(tmp_path),
            "PATH": "/usr/bin:/bin",
            "OPENAI_API_KEY": "k",
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}),
        },
    )


def test_ask_researches_with_the_model(tmp_path: Path) -> None:
    finish = {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False, "evidence": QUOTE}
    replies = [
        {"tool_calls": [{"name": "search", "arguments": {"query": "Acme Robotics founder"}}]},
        {"tool_calls": [{"name": "open", "arguments": {"url": WIKI}}]},
        {"tool_calls": [{"name": "finish", "arguments": {**finish, "citations": [WIKI + "x"]}}]},
        {"tool_calls": [{"name": "finish", "arguments": finish}]},  # after the repair turn
    ]

    async def ask(base_url: str) -> dict[str, object]:
        params = _server(tmp_path, "--model", "openai:test-model", "--base-url", base_url)
        async with Client(params) as client:
            called = await client.call_tool("ask", {"question": "Who founded Acme Robotics?"})
            assert not called.is_error, called.content
            assert called.structured_content is not None
            return called.structured_content

    with ScriptedModelServer(replies, api_key="k") as model:
        result = anyio.run(ask, model.openai_base_url)
        calls = len(model.requests)
    assert calls == 4  # every scripted reply was asked for
    assert result["status"] == "ready_for_review" and result["answer"] == "Ada Ortiz"
    assert result["citations"] == [WIKI] and result["opened"] == [WIKI]
    assert str(result["policy"]).startswith("openai:test-model")
    assert result["rejected_finishes"] == ["cite_not_opened"]
    store = RunStore(tmp_path / "runs.db")
    try:
        stored = store.get_run(str(result["run_id"]))
    finally:
        store.close()
    assert stored is not None
    assert [step.tool for step in stored.steps] == ["search", "open", "finish", "finish"]


def test_a_bad_model_fails_before_serving(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "sleuth", "mcp", "--model", "nonsense"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2
    assert "model 'nonsense': give PROVIDER:MODEL" in done.stderr
