"""Docs that run: the README's commands and its sample output are checked here."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from sleuth.cli import EXIT_CODES, main

README = Path(__file__).resolve().parents[1] / "README.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def _commands() -> list[tuple[str, str]]:
    """Each ``sleuth`` command of the README's sh blocks, with its "# → ..." promise."""
    commands = []
    for block in _blocks("sh"):
        for line in block.splitlines():
            line, _, comment = line.partition("   #")
            promise = comment.split("→", 1)[1].strip() if "→" in comment else ""
            for part in line.strip().split("&&"):
                part = part.strip()
                if part.startswith("sleuth ") and "..." not in part and "RUN_ID" not in part:
                    commands.append((part, promise))
    return commands


def test_quick_start_has_exactly_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("##", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", quick, re.S)[0]
    lines = [line for line in block.splitlines() if line.strip()]
    assert len(lines) == 2
    assert 'sleuth ask "Who founded Acme Robotics?"' in lines[0]
    assert lines[1].split("#")[0].strip() == "make test"
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in ci


@pytest.mark.parametrize(("command", "promise"), _commands())
def test_readme_command_runs_and_keeps_its_promise(
    command: str, promise: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = shlex.split(command)[1:]
    if argv[0] == "ask" or argv[:2] in (["runs", "list"], ["runs", "show"]):
        argv += ["--db", str(tmp_path / "runs.db")]
    if promise or argv[0] == "ask":
        argv.append("--json")
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    if argv[0] == "ask":  # it exits with its outcome's code
        assert code == EXIT_CODES[json.loads(captured.out)["status"]], captured.err
    else:
        assert code == 0, captured.err
    if promise:  # "status/reason: words the answer or conflicts contain"
        result = json.loads(captured.out)
        outcome, _, words = promise.partition(":")
        status, _, reason = outcome.strip().partition("/")
        assert result["status"] == status
        assert (result["reason"] or "") == reason
        shown = result["answer"] + " ".join(c["value"] for c in result["conflicts"])
        for word in words.replace(" vs ", " ").split():
            assert word in shown


def test_readme_sample_output_is_real(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = _blocks("text")[0].splitlines()
    command = sample[0].removeprefix("$ ")
    assert main([*shlex.split(command)[1:], "--db", str(tmp_path / "runs.db")]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    for line in sample[1:]:
        for piece in line.split("…"):
            piece = " ".join(piece.split())
            if piece:
                assert piece in printed, f"README shows {piece!r}, the CLI does not print it"
