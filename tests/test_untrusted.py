"""Untrusted text at the boundaries: what a page, a model or a question says never drives
the operator's terminal, control characters never enter a question, and the errors say
what happened (issue 15, "the boundaries")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth import OfflinePolicy, Task, UsageError, ask, load_corpus
from sleuth.cli import main
from sleuth.runtime import run_steps
from sleuth.store import RunStore
from sleuth.untrusted import escape, printable, question_problem
from stored import run_json, runs_json

ESCAPES = "\x1b[2J\x1b]0;owned\x07\x1b[31m\r\x08\u202e"


def sleuth(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_printable_shows_controls_as_escapes_and_keeps_text() -> None:
    assert printable("Porto\tand\nLisbon — Hervé 日本") == "Porto\tand\nLisbon — Hervé 日本"
    shown = printable(ESCAPES)
    assert shown == "\\x1b[2J\\x1b]0;owned\\x07\\x1b[31m\\x0d\\x08\\u202e"
    assert not any(c in shown for c in "\x1b\x07\r\x08\u202e")
    assert escape("[bold]x\x1b[0m") == "\\[bold]x\\x1b[0m"


@pytest.mark.parametrize("bad", ["\x00", "\x1b", "\x7f", "\x85", "\x08"])
def test_questions_with_control_characters_are_refused(bad: str) -> None:
    problem = question_problem(f"Who{bad} founded it?")
    assert problem is not None and f"U+{ord(bad):04X}" in problem
    assert question_problem("Who founded it?\n(two lines)\tok") is None


def test_the_cli_and_the_api_refuse_them_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "runs.db"
    code, out, err = sleuth(capsys, "ask", "Who\x00 founded Acme Robotics?", "--db", db)
    assert code == 2 and out == ""
    assert err.strip() == (
        "sleuth: error: the question contains control characters (U+0000); remove them"
    )
    assert not db.exists() or not runs_json(RunStore(db).list_runs())
    with pytest.raises(UsageError, match="control characters"):
        ask("Who\x1b[2J founded Acme Robotics?", db=False)


def test_page_text_with_escapes_is_printed_harmlessly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    corpus = tmp_path / "pages.json"
    body = f"Zeta Labs was founded by Mara Voss in 2019.{ESCAPES} It makes lenses."
    corpus.write_text(
        json.dumps({"https://zeta.example/": {"title": f"Zeta{ESCAPES} Labs", "body": body}})
    )
    db = tmp_path / "runs.db"
    code, out, _ = sleuth(capsys, "ask", "Who founded Zeta Labs?", "--corpus", corpus, "--db", db)
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    code, out, _ = sleuth(capsys, "runs", "list", "--db", db)
    assert code == 0 and "\x1b" not in out
    run_id = out.split()[0] if out.strip() else ""
    code, out, _ = sleuth(capsys, "runs", "show", run_id, "--db", db, "--full")
    assert code == 0 and "Zeta" in out
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out and "\u202e" not in out
    assert "\\x1b" in out  # shown, not executed
    code, out, _ = sleuth(capsys, "search", "Zeta founded", "--corpus", corpus)
    assert code == 0 and "\x1b" not in out and "\\x1b" in out


def test_an_empty_corpus_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = sleuth(
        capsys, "ask", "Who founded Acme Robotics?", "--corpus", "", "--db", tmp_path / "r.db"
    )
    assert code == 2 and out == ""
    assert err.strip() == "sleuth: error: --corpus needs a built-in name or a file; it was empty"


def test_the_losing_side_of_two_resumes_is_told_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(db)
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    next(steps), next(steps)
    steps.close()
    (row,) = runs_json(store.list_runs(1))
    store.release(row["id"])
    assert run_json(store, row["id"])["status"] == "interrupted"  # type: ignore[index]
    assert store.claim(row["id"])  # another process got there first
    code, out, err = sleuth(capsys, "runs", "resume", row["id"], "--db", db)
    assert code == 2 and out == ""
    assert err.strip() == (
        f"sleuth: error: run {row['id']} is already being resumed by another process"
    )
