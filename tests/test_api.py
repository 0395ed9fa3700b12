"""The short Python API: `sleuth.ask` / `sleuth.aask`, an opened index passed to the
runtime, ``python -m sleuth`` and the typed package."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import sleuth
from sleuth import OfflinePolicy, Result, RunStore, ScriptedPolicy, Status, Task, UsageError, run
from sleuth.errors import CorpusError
from sleuth.index import open_index
from sleuth.ingest import ingest
from sleuth.runtime import arun, run_steps
from stored import run_json

DOCS = [
    {
        "url": "https://docs.example/models",
        "title": "Models",
        "body": "The default model of the gateway is openai/gpt-5-mini. "
        "The fallback model is anthropic/claude-haiku-4-5.",
    },
    {
        "url": "https://docs.example/history",
        "title": "History",
        "body": "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon.",
    },
]


@pytest.fixture
def index_dir(tmp_path: Path) -> Path:
    source = tmp_path / "docs.jsonl"
    source.write_text("\n".join(json.dumps(d) for d in DOCS) + "\n", encoding="utf-8")
    where = tmp_path / "idx"
    ingest([source], where)
    return where


def _stored(run_id: str, db: Path | None = None) -> dict[str, object] | None:
    store = RunStore(db)
    try:
        return run_json(store, run_id)
    finally:
        store.close()


def test_ask_in_one_line_answers_with_a_stored_cited_quote() -> None:
    result = sleuth.ask("Who founded Acme Robotics?")
    assert isinstance(result, Result)
    assert result.status is Status.READY_FOR_REVIEW and not result.cannot_answer
    assert result.answer == "Ada Ortiz"
    assert result.citations == ["https://wiki.example/Acme_Robotics"]
    assert result.evidence and result.evidence[0].url in result.opened
    stored = _stored(result.run_id)  # the default store ($SLEUTH_HOME, per test)
    assert stored is not None and stored["result"] == result.model_dump(mode="json")


def test_ask_over_an_index_folder(index_dir: Path) -> None:
    steps: list[str] = []
    result = sleuth.ask(
        "Who founded Acme Robotics?", index=index_dir, on_step=lambda s: steps.append(s.tool)
    )
    assert result.status is Status.READY_FOR_REVIEW and result.answer == "Ada Ortiz"
    assert result.citations == ["https://docs.example/history#p1"]
    assert result.corpus == f"index:{index_dir}"
    assert steps == ["search", "open", "finish"]


def test_ask_and_run_take_an_opened_index(index_dir: Path) -> None:
    with open_index(index_dir) as index:
        first = sleuth.ask("Who founded Acme Robotics?", index=index, db=False)
        again = sleuth.ask("Who founded Acme Robotics?", index=index, db=False)  # still open
        # the runtime itself: an opened index is a corpus that searches itself
        ran = run(Task("Who founded Acme Robotics?"), index, OfflinePolicy())
        steps = run_steps(Task("Who founded Acme Robotics?"), index, OfflinePolicy())
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                stepped = stop.value
                break
        awaited = asyncio.run(arun(Task("Who founded Acme Robotics?"), index, OfflinePolicy()))
    for result in (first, again, ran, stepped, awaited):
        assert isinstance(result, Result)
        assert result.status is Status.READY_FOR_REVIEW, result
        assert result.citations == ["https://docs.example/history#p1"]


def test_run_refuses_what_is_no_corpus_with_a_clear_type_error() -> None:
    with pytest.raises(TypeError, match="a Corpus or an opened index"):
        run(Task("Who founded Acme Robotics?"), "acme", OfflinePolicy())  # type: ignore[arg-type]


def test_ask_stores_where_db_says_and_nowhere_with_false(tmp_path: Path) -> None:
    db = tmp_path / "elsewhere.db"
    kept = sleuth.ask("Who founded Acme Robotics?", db=db)
    assert _stored(kept.run_id, db) is not None
    assert _stored(kept.run_id) is None  # not in the default store
    store = RunStore(tmp_path / "mine.db")
    try:
        mine = sleuth.ask("Who founded Acme Robotics?", db=store)
        assert run_json(store, mine.run_id) is not None  # a store passed in stays open
    finally:
        store.close()
    unkept = sleuth.ask("Who founded Acme Robotics?", db=False)
    assert unkept.status is Status.READY_FOR_REVIEW
    assert _stored(unkept.run_id) is None


def test_ask_outcomes_budgets_briefs_and_rules() -> None:
    missing = sleuth.ask("What is Ada Ortiz's favourite food?")
    assert (missing.status, missing.reason and missing.reason.value) == (
        Status.INCOMPLETE,
        "fact_missing",
    )
    assert missing.cannot_answer and missing.answer.startswith("cannot:")
    assert not missing.citations and not missing.evidence
    stopped = sleuth.ask("Who founded Acme Robotics?", max_steps=1)
    assert stopped.status is Status.BUDGET_EXHAUSTED and stopped.steps == 1
    disputed = sleuth.ask("Where is the head office of Acme Robotics?")
    assert disputed.status is Status.CONFLICT
    assert {c.value for c in disputed.conflicts} >= {"Lisbon", "Porto"}
    resolved = sleuth.ask("Where is the head office of Acme Robotics?", conflict_rule="newest")
    assert resolved.status is Status.READY_FOR_REVIEW and resolved.answer == "Porto"
    brief = sleuth.ask(
        "When and where is the Retrieval Workshop?",
        corpus="workshop",
        require=["venue", "time"],
        max_steps=10,
    )
    assert brief.fields is not None and set(brief.fields) == {"venue", "time"}


def test_ask_with_a_scripted_policy(tmp_path: Path) -> None:
    script = [
        'Thought: look\nAction: search\nAction Input: {"query": "Acme founder"}',
        'Action: open\nAction Input: {"url": "https://wiki.example/Acme_Robotics"}',
        "Action: finish\nAction Input: "
        + json.dumps(
            {
                "answer": "Ada Ortiz",
                "citations": ["https://wiki.example/Acme_Robotics"],
                "cannot_answer": False,
                "evidence": "Acme Robotics was founded by Ada Ortiz",
            }
        ),
    ]
    policy = ScriptedPolicy(script)
    result = sleuth.ask("Who founded Acme Robotics?", policy=policy, db=False)
    assert result.status is Status.READY_FOR_REVIEW and result.policy == "scripted"
    policy.assert_used_up()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"question": "  "}, "non-empty question"),
        ({"index": "x", "corpus": "acme"}, "not both"),
        ({"max_steps": 0}, "max_steps must be at least 1"),
        ({"timeout": float("nan")}, "timeout_s must be a positive"),
        ({"model": "openai:m", "policy": OfflinePolicy()}, "model= or policy="),
        ({"base_url": "http://127.0.0.1:1/v1"}, "base_url= needs model="),
        ({"conflict_rule": "loudest"}, "unknown conflict_rule"),
        ({"require": "venue"}, "list of field names"),
        ({"protocol": "smoke"}, "'tools' or 'react'"),
        ({"model": "nobody:m"}, "^model 'nobody:m': give PROVIDER:MODEL"),  # not "--model"
        ({"corpus": " "}, "corpus= is empty"),
        ({"index": 42}, "not int"),
        ({"db": True}, "db= is a path"),
    ],
)
def test_ask_refuses_bad_arguments_with_a_usage_error(
    kwargs: dict[str, object], message: str
) -> None:
    question = kwargs.pop("question", "Who founded Acme Robotics?")
    with pytest.raises(UsageError, match=message):
        sleuth.ask(question, **kwargs)  # type: ignore[arg-type]


def test_ask_names_a_missing_index_or_corpus(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such index"):
        sleuth.ask("q?", index=tmp_path / "nowhere")
    with pytest.raises(CorpusError):
        sleuth.ask("q?", corpus="no-such-corpus")


def test_aask_is_the_same_run_without_blocking(index_dir: Path) -> None:
    async def main() -> list[Result]:
        return list(
            await asyncio.gather(
                sleuth.aask("Who founded Acme Robotics?"),
                sleuth.aask("Who founded Acme Robotics?", index=index_dir),
                sleuth.aask("What is Ada Ortiz's favourite food?", db=False),
            )
        )

    builtin, indexed, missing = asyncio.run(main())
    assert builtin.answer == "Ada Ortiz" and builtin.citations == [
        "https://wiki.example/Acme_Robotics"
    ]
    assert indexed.citations == ["https://docs.example/history#p1"]
    assert missing.status is Status.INCOMPLETE
    assert _stored(builtin.run_id) is not None


@pytest.mark.server
def test_aask_with_a_model_over_loopback(index_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sleuth.testing import ScriptedModelServer

    monkeypatch.setenv("OPENAI_API_KEY", "k")
    finish = {
        "answer": "openai/gpt-5-mini",
        "citations": ["https://docs.example/models#p1"],
        "cannot_answer": False,
        "evidence": "The default model of the gateway is openai/gpt-5-mini.",
    }
    replies = [
        {"tool_calls": [{"name": "search", "arguments": {"query": "default model"}}]},
        {"tool_calls": [{"name": "open", "arguments": {"url": "https://docs.example/models#p1"}}]},
        {"tool_calls": [{"name": "finish", "arguments": finish}]},
    ]
    with ScriptedModelServer(replies, api_key="k") as server:
        result = asyncio.run(
            sleuth.aask(
                "What is the gateway's default model?",
                index=index_dir,
                model="openai:test-model",
                base_url=server.openai_base_url,
            )
        )
        requests = len(server.requests)
    assert result.status is Status.READY_FOR_REVIEW, result
    assert result.answer == "openai/gpt-5-mini" and result.policy.startswith("openai:test-model")
    assert requests == 3


@pytest.mark.subprocess
def test_python_m_sleuth_is_the_cli(tmp_path: Path) -> None:
    env_home = tmp_path / "home"
    done = subprocess.run(
        [sys.executable, "-m", "sleuth", "ask", "Who founded Acme Robotics?", "--json"],
        capture_output=True,
        text=True,
        env={"SLEUTH_HOME": str(env_home), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["answer"] == "Ada Ortiz"
    bad = subprocess.run(
        [sys.executable, "-m", "sleuth", "ask", "q?", "--max-steps", "0"],
        capture_output=True,
        text=True,
        env={"SLEUTH_HOME": str(env_home), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        cwd=tmp_path,
        timeout=120,
    )
    assert bad.returncode == 2 and bad.stderr.startswith("sleuth: error:")
    assert "Usage: sleuth ask" not in bad.stderr and "Traceback" not in bad.stderr


def test_the_package_is_typed_and_documented() -> None:
    assert resources.files("sleuth").joinpath("py.typed").is_file()
    for function in (sleuth.ask, sleuth.aask):
        assert function.__doc__ and "Result" in function.__doc__
    assert "index" in (sleuth.ask.__doc__ or "") and "Returns:" in (sleuth.ask.__doc__ or "")
    assert {"ask", "aask", "arun"} <= set(sleuth.__all__)


def test_the_readme_python_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    readme = Path(__file__).resolve().parents[1] / "README.md"
    section = readme.read_text(encoding="utf-8").split("## Python API", 1)[1]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 13  # about ten lines
    source = tmp_path / "office.jsonl"
    page = {"url": "https://x.example/office", "title": "Office", "body": "We moved offices."}
    source.write_text(json.dumps(page) + "\n", encoding="utf-8")
    ingest([source], tmp_path / "idx")
    monkeypatch.chdir(tmp_path)
    scope: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), scope)
    printed = capsys.readouterr().out
    assert "ready_for_review Ada Ortiz ['https://wiki.example/Acme_Robotics']" in printed
    assert '"Acme Robotics was founded by Ada Ortiz' in printed
    mine = scope["mine"]
    assert isinstance(mine, Result) and mine.cannot_answer and mine.corpus == "index:idx"
    results = scope["results"]
    assert isinstance(results, list) and [r.status for r in results] == [
        Status.READY_FOR_REVIEW,
        Status.CONFLICT,
    ]
