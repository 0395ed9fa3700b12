"""The `sleuth` command line, in-process through `sleuth.cli.main` and, for a couple of
cases, as the installed console script."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli import EXIT_CODES, main
from sleuth.corpus import load_corpus
from sleuth.store import RunStore
from stored import run_json, runs_json

WIKI = "https://wiki.example/Acme_Robotics"
PROFILE = "https://people.example/profiles/ada-ortiz"
NEWS = "https://news.example/2025/06/acme-robotics-new-chief"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
FOUNDER_Q = "Who founded Acme Robotics?"
CEO_Q = "Who is the current CEO of Acme Robotics?"
FOOD_Q = "What is Ada Ortiz's favourite food?"
WORKSHOP_Q = "When and where is the Retrieval Workshop?"

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def sleuth(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr), colour codes stripped."""
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, ANSI.sub("", captured.out), ANSI.sub("", captured.err)


def ask_json(capsys: pytest.CaptureFixture[str], db: Path, *args: str | Path) -> dict[str, Any]:
    """``sleuth ask ... --json``: the Result, checked to exit with its outcome's code."""
    code, out, err = sleuth(capsys, "ask", *args, "--json", "--db", db)
    assert "Traceback" not in out + err
    result: dict[str, Any] = json.loads(out)
    assert code == EXIT_CODES[result["status"]], err
    return result


def only_run(db: Path) -> dict[str, Any]:
    store = RunStore(db)
    try:
        (row,) = runs_json(store.list_runs())
        run = run_json(store, row["id"])
    finally:
        store.close()
    assert run is not None
    return run


def assert_one_error_line(out: str, err: str, prefix: str = "sleuth: error:") -> str:
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(prefix), err
    return lines[0]


@pytest.fixture(autouse=True)
def _plain_wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich reads these when it prints: no forced colour, a width that fits a run id row."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")


# -- ask --json -------------------------------------------------------------------------


def test_ask_founder_json(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    result = ask_json(capsys, db_path, FOUNDER_Q)

    assert {
        "status",
        "cannot_answer",
        "answer",
        "reason",
        "citations",
        "evidence",
        "run_id",
        "steps",
    } <= set(result)
    assert result["status"] == "ready_for_review"
    assert result["cannot_answer"] is False
    assert result["reason"] is None
    assert "Ada Ortiz" in result["answer"]
    assert result["citations"] == [WIKI]
    assert result["steps"] >= 3
    assert result["run_id"]
    quote = result["evidence"][0]
    assert {"url", "text", "opened_step", "start", "end"} <= set(quote)
    assert quote["url"] in result["citations"]
    page = load_corpus("acme").get(quote["url"])
    assert page is not None
    assert 0 <= quote["start"] < quote["end"] <= len(page.body)
    assert page.body[quote["start"] : quote["end"]] == quote["text"]
    assert "Ada Ortiz" in quote["text"]
    assert 1 <= quote["opened_step"] <= result["steps"]
    # What was printed is what was stored.
    assert only_run(db_path)["result"] == result


def test_ask_ceo_json(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    result = ask_json(capsys, db_path, CEO_Q)

    assert result["status"] == "ready_for_review"
    assert "Kenji Ito" in result["answer"]
    assert NEWS in result["opened"]
    assert NEWS in result["citations"]
    assert set(result["citations"]) <= set(result["opened"])
    assert all(q["url"] in result["citations"] for q in result["evidence"])


def test_ask_favourite_food_cannot_answer(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    result = ask_json(capsys, db_path, FOOD_Q)

    assert result["cannot_answer"] is True
    assert result["status"] == "incomplete"
    assert result["reason"] == "fact_missing"
    assert result["answer"].startswith("cannot:")
    assert result["citations"] == []
    assert result["evidence"] == []


def test_ask_max_steps_one_is_budget_exhausted(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    result = ask_json(capsys, db_path, FOUNDER_Q, "--max-steps", "1")

    assert result["status"] == "budget_exhausted"
    assert result["reason"] == "budget"
    assert result["steps"] == 1
    assert result["cannot_answer"] is True
    assert result["citations"] == []
    assert len(only_run(db_path)["steps"]) == 1


# -- human output -----------------------------------------------------------------------


def line_positions(out: str, pattern: str) -> list[int]:
    return [i for i, line in enumerate(out.splitlines()) if re.match(pattern, line)]


def test_human_output_shows_actions_and_answer(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = sleuth(capsys, "ask", CEO_Q, "--db", db_path)

    assert code == 0, err
    assert "Traceback" not in out + err
    run = only_run(db_path)
    result = run["result"]
    tools = [s["tool"] for s in run["steps"]]
    assert tools[0] == "search" and "open" in tools and tools[-1] == "finish"
    lines = out.splitlines()
    # One action line per step, in order, each followed by its observation.
    action_lines = [i for i, line in enumerate(lines) if re.match(r"^\s*\d+ \S", line)]
    assert len(action_lines) == len(run["steps"])
    for i, step in zip(action_lines, run["steps"], strict=True):
        assert lines[i].split()[:2] == [str(step["index"]), step["tool"]]
        assert lines[i + 1].strip().startswith("→")
    assert f"search {run['steps'][0]['args']['query']!r}" in out
    assert f"open {NEWS}" in out
    assert re.search(r"^\s*\d+ finish$", out, re.MULTILINE)
    assert f"ANSWER (ready_for_review): {result['answer']}" in out
    assert "Kenji Ito" in result["answer"]
    quote = result["evidence"][0]
    assert f'"{quote["text"]}"' in out
    assert (
        f"— {quote['url']} (opened at step {quote['opened_step']}, "
        f"characters {quote['start']}-{quote['end']})"
    ) in out
    assert "thought:" not in out
    assert "CANNOT ANSWER" not in out


def test_human_output_cannot_answer(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, err = sleuth(capsys, "ask", FOOD_Q, "--db", db_path)

    assert code == 3, err
    assert "CANNOT ANSWER (incomplete: fact_missing): cannot:" in out
    assert "ANSWER (ready_for_review)" not in out


def test_thoughts_flag_shows_thought_lines(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = sleuth(capsys, "ask", FOUNDER_Q, "--thoughts", "--db", db_path)

    assert code == 0, err
    run = only_run(db_path)
    thought_lines = [line.strip() for line in out.splitlines() if "thought:" in line]
    assert len(thought_lines) == len(run["steps"])
    first = run["steps"][0]["thought"]
    assert first
    assert thought_lines[0] == f"thought: {first}"
    # Each thought comes before its action line.
    lines = out.splitlines()
    assert lines.index(f"  thought: {first}") < line_positions(out, r"^\s*1 search")[0]


# -- scripted transcripts ---------------------------------------------------------------

BAD_FINISH = {
    "answer": "Ada Ortiz",
    "citations": [PROFILE],
    "cannot_answer": False,
    "evidence": FOUNDED,
}


def native(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"tool_calls": [{"function": {"name": name, "arguments": json.dumps(args)}}]}


def react(name: str, args: dict[str, Any]) -> str:
    return f"Thought: next, {name}.\nAction: {name}\nAction Input: {json.dumps(args)}"


def transcript(turn: Any) -> list[Any]:
    """Search, open one page, then finish twice citing a page that was never opened."""
    return [
        turn("search", {"query": "Acme Robotics founder"}),
        turn("open", {"url": WIKI}),
        turn("finish", BAD_FINISH),
        turn("finish", BAD_FINISH),
    ]


@pytest.mark.parametrize("turn", [native, react], ids=["native-tool-calls", "react-text"])
def test_scripted_finish_citing_unopened_page_is_rejected_twice(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path, turn: Any
) -> None:
    script = tmp_path / "transcript.json"
    script.write_text(json.dumps(transcript(turn)), encoding="utf-8")

    result = ask_json(capsys, db_path, FOUNDER_Q, "--script", script)

    assert result["status"] == "incomplete"
    assert result["reason"] == "invalid_finish"
    assert result["cannot_answer"] is True
    assert result["rejected_finishes"] == ["cite_not_opened", "cite_not_opened"]
    assert result["citations"] == []
    assert result["opened"] == [WIKI]
    assert result["steps"] == 4
    assert result["policy"] == "scripted"
    run = only_run(db_path)
    assert [s["tool"] for s in run["steps"]] == ["search", "open", "finish", "finish"]


def test_script_that_runs_out_is_an_error(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "short.json"
    script.write_text(json.dumps(transcript(native)[:2]), encoding="utf-8")

    code, out, err = sleuth(
        capsys, "ask", FOUNDER_Q, "--policy", "scripted", "--script", script, "--db", db_path
    )

    assert code == 1
    line = assert_one_error_line(out, err)
    run = only_run(db_path)
    assert run["id"] in line
    assert run["status"] == "error"
    assert len(run["steps"]) == 2


# -- briefs -----------------------------------------------------------------------------


def test_brief_keeps_a_conflict(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    result = ask_json(
        capsys,
        db_path,
        WORKSHOP_Q,
        "--corpus",
        "workshop",
        "--require",
        "venue",
        "--require",
        "time",
    )

    assert result["status"] == "conflict"
    assert result["cannot_answer"] is True
    venue = result["fields"]["venue"]
    assert venue["cannot_answer"] is False
    assert "Room 204" in venue["answer"]
    assert len(venue["citations"]) >= 1
    assert venue["evidence"]
    assert venue["evidence"][0]["url"] in venue["citations"]
    assert "Room 204" in venue["evidence"][0]["text"]
    time = result["fields"]["time"]
    assert time["cannot_answer"] is True
    assert len(time["conflicts"]) >= 2
    assert {c["value"] for c in time["conflicts"]} >= {"09:30", "10:15"}
    for conflict in time["conflicts"]:
        assert conflict["value"] in conflict["evidence"]["text"]
        assert conflict["citation"] == conflict["evidence"]["url"]


def test_brief_conflict_rule_newest(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    result = ask_json(
        capsys,
        db_path,
        WORKSHOP_Q,
        "--corpus",
        "workshop",
        "--require",
        "venue",
        "--require",
        "time",
        "--conflict-rule",
        "newest",
    )

    assert result["status"] == "ready_for_review"
    time = result["fields"]["time"]
    assert time["cannot_answer"] is False
    assert time["answer"] == "10:15"
    assert time["resolution"]["rule"] == "newest"
    assert time["citations"] == [time["resolution"]["picked"]]
    assert "Room 204" in result["fields"]["venue"]["answer"]


# -- runs -------------------------------------------------------------------------------


def two_runs(capsys: pytest.CaptureFixture[str], db: Path) -> tuple[str, str]:
    first = ask_json(capsys, db, FOUNDER_Q)["run_id"]
    second = ask_json(capsys, db, FOOD_Q)["run_id"]
    return first, second


def test_runs_list(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    first, second = two_runs(capsys, db_path)

    code, out, err = sleuth(capsys, "runs", "list", "--db", db_path)

    assert code == 0, err
    assert first in out and second in out
    assert out.index(second) < out.index(first)  # newest first
    assert "ready_for_review" in out
    assert "fact_missing" in out
    assert FOUNDER_Q in out and FOOD_Q in out

    code, out, _ = sleuth(capsys, "runs", "list", "--json", "--db", db_path)
    assert code == 0
    assert [r["id"] for r in json.loads(out)] == [second, first]
    code, out, _ = sleuth(capsys, "runs", "list", "--json", "--limit", "1", "--db", db_path)
    assert [r["id"] for r in json.loads(out)] == [second]


def test_runs_list_empty(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _ = sleuth(capsys, "runs", "list", "--db", db_path)

    assert code == 0
    assert "no runs yet" in out


def test_runs_list_shows_whole_ids_at_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    """80 columns is what a pipe or a standard terminal gets. (Regression: a table
    cropped the run column to '20251129-235330-5a5…', which `runs show` cannot use.)"""
    first, second = two_runs(capsys, db_path)
    monkeypatch.setenv("COLUMNS", "80")

    code, out, _ = sleuth(capsys, "runs", "list", "--db", db_path)

    assert code == 0
    assert first in out
    assert second in out


def test_runs_show_replays_every_step(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    result = ask_json(capsys, db_path, CEO_Q)
    run = only_run(db_path)

    code, out, err = sleuth(capsys, "runs", "show", result["run_id"][:-2], "--db", db_path)

    assert code == 0, err
    assert f"run {result['run_id']}" in out
    assert f"question: {CEO_Q}" in out
    positions = []
    for step in run["steps"]:
        found = line_positions(out, rf"^\s*{step['index']} {step['tool']}\b")
        assert len(found) == 1, step
        positions.append(found[0])
    assert positions == sorted(positions)
    assert len(positions) == result["steps"]
    assert f"ANSWER (ready_for_review): {result['answer']}" in out
    assert f'"{result["evidence"][0]["text"]}"' in out
    assert "thought:" not in out

    code, out, _ = sleuth(capsys, "runs", "show", result["run_id"], "--thoughts", "--db", db_path)
    assert code == 0
    assert f"thought: {run['steps'][0]['thought']}" in out


def test_runs_show_of_a_failed_script_run(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "short.json"
    script.write_text(json.dumps(transcript(react)[:2]), encoding="utf-8")
    code, _, _ = sleuth(capsys, "ask", FOUNDER_Q, "--script", script, "--db", db_path)
    assert code == 1
    run = only_run(db_path)

    code, out, err = sleuth(capsys, "runs", "show", run["id"], "--db", db_path)

    assert code == 0, err
    assert line_positions(out, r"^\s*1 search") < line_positions(out, r"^\s*2 open")
    assert f"ERROR: {run['error']}" in out


def test_runs_show_json_hides_thoughts_unless_asked(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    run_id = ask_json(capsys, db_path, FOUNDER_Q)["run_id"]
    stored = only_run(db_path)
    assert all(s["thought"] for s in stored["steps"])

    code, out, _ = sleuth(capsys, "runs", "show", run_id, "--json", "--db", db_path)
    assert code == 0
    shown = json.loads(out)
    assert all("thought" not in s for s in shown["steps"])
    assert [s["tool"] for s in shown["steps"]] == [s["tool"] for s in stored["steps"]]
    assert shown["result"] == stored["result"]

    code, out, _ = sleuth(capsys, "runs", "show", run_id, "--json", "--thoughts", "--db", db_path)
    assert code == 0
    assert json.loads(out) == stored


def test_runs_show_unknown_id(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    ask_json(capsys, db_path, FOUNDER_Q)

    code, out, err = sleuth(capsys, "runs", "show", "no-such-run", "--db", db_path)

    assert code == 2
    assert out == ""
    assert "no-such-run" in assert_one_error_line(out, err)


# -- usage errors -----------------------------------------------------------------------


def usage_error_cases(tmp_path: Path) -> dict[str, list[str]]:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"https://x.example": {"title": "x", ', encoding="utf-8")
    a_list = tmp_path / "list.json"
    a_list.write_text(json.dumps([{"url": "https://x.example", "body": "x"}]), encoding="utf-8")
    not_json = tmp_path / "script.json"
    not_json.write_text("Thought: this is not JSON", encoding="utf-8")
    good_script = tmp_path / "good.json"
    good_script.write_text(json.dumps(transcript(react)), encoding="utf-8")
    return {
        "unknown-corpus": ["ask", FOUNDER_Q, "--corpus", "no-such-corpus"],
        "malformed-corpus": ["ask", FOUNDER_Q, "--corpus", str(bad_json)],
        "corpus-is-a-list": ["ask", FOUNDER_Q, "--corpus", str(a_list)],
        "max-steps-0": ["ask", FOUNDER_Q, "--max-steps", "0"],
        "max-steps-abc": ["ask", FOUNDER_Q, "--max-steps", "abc"],
        "unknown-flag": ["ask", FOUNDER_Q, "--no-such-flag"],
        "missing-question": ["ask"],
        "empty-question": ["ask", ""],
        "scripted-without-script": ["ask", FOUNDER_Q, "--policy", "scripted"],
        "script-not-json": ["ask", FOUNDER_Q, "--script", str(not_json)],
        "script-with-offline": [
            "ask",
            FOUNDER_Q,
            "--script",
            str(good_script),
            "--policy",
            "offline",
        ],
    }


@pytest.mark.parametrize(
    "case",
    [
        "unknown-corpus",
        "malformed-corpus",
        "corpus-is-a-list",
        "max-steps-0",
        "max-steps-abc",
        "unknown-flag",
        "missing-question",
        "empty-question",
        "scripted-without-script",
        "script-not-json",
        "script-with-offline",
    ],
)
def test_usage_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path, case: str
) -> None:
    args = usage_error_cases(tmp_path)[case]

    code, out, err = sleuth(capsys, *args, "--db", db_path)

    assert code == 2
    assert out == ""
    assert_one_error_line(out, err)
    # Nothing was run, so nothing was recorded.
    assert not db_path.exists()


def test_usage_error_lines_say_what_is_wrong(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    cases = usage_error_cases(tmp_path)
    expected = {
        "unknown-corpus": "no-such-corpus",
        "malformed-corpus": "bad.json",
        "corpus-is-a-list": "list.json",
        "max-steps-0": "--max-steps",
        "max-steps-abc": "--max-steps",
        "unknown-flag": "--no-such-flag",
        "missing-question": "QUESTION",
        "scripted-without-script": "--script",
        "script-not-json": "script.json",
    }
    for case, needle in expected.items():
        _, out, err = sleuth(capsys, *cases[case], "--db", db_path)
        assert needle in assert_one_error_line(out, err), case


# -- corpora ----------------------------------------------------------------------------


def test_ask_with_a_corpus_file(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    about = "https://zeta.example/about"
    corpus = tmp_path / "zeta.json"
    corpus.write_text(
        json.dumps(
            {
                about: {
                    "title": "About Zeta Widgets",
                    "body": "Zeta Widgets makes small brass widgets for clocks. Zeta Widgets "
                    "was founded by Mira Kowalski in 2019 in Gdansk. The company has twelve "
                    "staff.",
                    "tags": ["company"],
                    "published": "2024-03-01",
                },
                "https://zeta.example/blog/brass": {
                    "title": "Why brass?",
                    "body": "Brass resists corrosion and is easy to machine. Our widgets last "
                    "for decades.",
                },
            }
        ),
        encoding="utf-8",
    )

    result = ask_json(capsys, db_path, "Who founded Zeta Widgets?", "--corpus", corpus)

    assert result["status"] == "ready_for_review"
    assert "Mira Kowalski" in result["answer"]
    assert result["citations"] == [about]
    assert result["evidence"][0]["url"] == about
    assert "Mira Kowalski" in result["evidence"][0]["text"]
    assert result["corpus"] == str(corpus)


def test_corpora_lists_the_builtins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = sleuth(capsys, "corpora")

    assert code == 0
    listed = dict(line.split("\t") for line in out.splitlines())
    assert {"acme", "workshop", "brand"} <= set(listed)
    for name in ("acme", "workshop", "brand"):
        assert listed[name] == f"{len(load_corpus(name))} pages"


def test_ask_help_mentions_every_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = sleuth(capsys, "ask", "--help")

    assert code == 0
    for flag in (
        "--corpus",
        "--policy",
        "--script",
        "--require",
        "--conflict-rule",
        "--max-steps",
        "--timeout",
        "--db",
        "--json",
    ):
        assert flag in out, flag


# -- the installed console script -------------------------------------------------------


@pytest.fixture
def sleuth_script() -> str:
    path = shutil.which("sleuth")
    if path is None:
        pytest.skip("the `sleuth` console script is not on PATH (install the package)")
    return path


@pytest.mark.subprocess
def test_console_script_answers_as_json(sleuth_script: str, db_path: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sleuth_script, "ask", FOUNDER_Q, "--json", "--db", str(db_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        check=False,
    )

    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["status"] == "ready_for_review"
    assert "Ada Ortiz" in result["answer"]
    assert result["citations"] == [WIKI]
    assert only_run(db_path)["id"] == result["run_id"]


@pytest.mark.subprocess
def test_console_script_usage_error(sleuth_script: str, tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sleuth_script,
            "ask",
            "x",
            "--corpus",
            "/nonexistent.json",
            "--db",
            str(tmp_path / "runs.db"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        check=False,
    )

    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith("sleuth: error:")
    assert "/nonexistent.json" in proc.stderr
    assert "Traceback" not in proc.stderr


# --- found in review ------------------------------------------------------------------


def test_non_finite_timeout_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    for value in ("nan", "inf"):
        code, out, err = sleuth(
            capsys, "ask", "Who founded Acme Robotics?", "--timeout", value, "--db", db_path
        )
        assert code == 2
        assert_one_error_line(out, err)


def test_runs_show_json_hides_raw_replies_unless_asked(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "thinks.json"
    script.write_text(
        json.dumps(
            [
                "Thought: SECRET-THOUGHT about the search\nAction: search\n"
                'Action Input: {"query": "Acme Robotics founder"}',
                react(
                    "finish",
                    {
                        "answer": "cannot: not stated",
                        "citations": [],
                        "cannot_answer": True,
                        "evidence": "",
                    },
                ),
            ]
        )
    )
    result = ask_json(capsys, db_path, "Who founded Acme Robotics?", "--script", script)
    code, out, _ = sleuth(capsys, "runs", "show", result["run_id"], "--json", "--db", db_path)
    assert code == 0 and "SECRET-THOUGHT" not in out
    code, out, _ = sleuth(
        capsys, "runs", "show", result["run_id"], "--json", "--thoughts", "--db", db_path
    )
    assert code == 0 and "SECRET-THOUGHT" in out


def test_markup_in_field_names_is_printed_not_interpreted(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    result = ask_json(
        capsys,
        db_path,
        "When is the Retrieval Workshop?",
        "--corpus",
        "workshop",
        "--require",
        "[/x]",
    )
    code, out, err = sleuth(capsys, "runs", "show", result["run_id"], "--db", db_path)
    assert code == 0, err
    assert "[/x]" in out


def test_deeply_nested_corpus_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = sleuth(capsys, "ask", "x", "--corpus", deep, "--db", db_path)
    assert code == 2
    assert_one_error_line(out, err)


def test_unopenable_runs_store_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    code, out, err = sleuth(
        capsys, "ask", "Who founded Acme Robotics?", "--db", blocker / "runs.db"
    )
    assert code == 2
    assert "cannot open" in assert_one_error_line(out, err)


# -- approvals and resumed runs --------------------------------------------------------------

BRIEF_ARGS = (
    "ask",
    "When and where is the Retrieval Workshop?",
    "--corpus",
    "workshop",
    "--require",
    "venue",
    "--require",
    "time",
    "--conflict-rule",
    "newest",
    "--publish",
)


def test_publish_waits_for_runs_approve(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _ = sleuth(capsys, *BRIEF_ARGS, "--db", db_path)
    assert code == 6 and "AWAITING APPROVAL: publish_brief" in out
    run = only_run(db_path)
    assert run["status"] == "awaiting_approval"
    step = run["approval"]["action"]["step"]
    code, out, _ = sleuth(capsys, "outbox", "--db", db_path)
    assert "the outbox is empty" in out

    code, out, err = sleuth(
        capsys, "runs", "approve", run["id"][:12], "--step", str(step + 1), "--db", db_path
    )
    assert code == 2 and "nothing was decided" in assert_one_error_line(out, err)
    code, out, _ = sleuth(
        capsys, "runs", "approve", run["id"], "--step", str(step), "--db", db_path, "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result["status"] == "ready_for_review" and result["steps"] == step
    code, out, err = sleuth(capsys, "runs", "approve", run["id"], "--db", db_path)
    assert code == 2 and "already approved" in assert_one_error_line(out, err)
    code, out, err = sleuth(capsys, "runs", "resume", run["id"], "--db", db_path)
    assert code == 2 and "only an interrupted run" in assert_one_error_line(out, err)
    assert only_run(db_path)["approval"]["decided_by"].startswith("cli:")
    code, out, _ = sleuth(capsys, "outbox", "--db", db_path, "--json")
    (item,) = json.loads(out)
    assert item["key"] == f"{run['id']}:{step}" and item["tool"] == "publish_brief"


def test_runs_reject_ends_the_run(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _ = sleuth(capsys, *BRIEF_ARGS, "--db", db_path, "--json")
    paused = json.loads(out)
    assert paused["status"] == "awaiting_approval"
    assert paused["approval"]["tool"] == "publish_brief"
    code, out, _ = sleuth(
        capsys, "runs", "reject", paused["run_id"], "--note", "wrong room", "--db", db_path
    )
    assert code == 0 and "CANNOT ANSWER (incomplete: rejected)" in out and "wrong room" in out
    assert RunStore(db_path).outbox.items() == []


def test_runs_cancel_ends_a_paused_run_and_asks_a_running_one(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    from sleuth.policies.offline import OfflinePolicy
    from sleuth.result import Result
    from sleuth.runtime import drain, run_steps
    from sleuth.state import Task

    code, out, _ = sleuth(capsys, *BRIEF_ARGS, "--db", db_path, "--json")
    paused = json.loads(out)["run_id"]
    code, out, _ = sleuth(capsys, "runs", "cancel", paused[:14], "--db", db_path, "--json")
    result = json.loads(out)
    assert code == 0 and (result["status"], result["reason"]) == ("incomplete", "cancelled")
    assert result["answer"].startswith("cannot: the run was cancelled (by cli:")
    code, out, err = sleuth(capsys, "runs", "cancel", paused, "--db", db_path)
    assert code == 2 and "has already ended (incomplete)" in assert_one_error_line(out, err)
    assert RunStore(db_path).outbox.items() == []

    running = RunStore(db_path)  # another process, running a run now
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=running
    )
    next(steps)
    run_id = running.list_runs(1)[0].id
    code, out, _ = sleuth(capsys, "runs", "cancel", run_id, "--db", db_path)
    assert code == 0 and f"run {run_id} is running: it ends after its step in flight" in out
    ended = drain(steps)
    running.close()
    assert isinstance(ended, Result) and ended.reason == "cancelled"
    code, out, _ = sleuth(capsys, "runs", "show", run_id, "--db", db_path)
    assert "CANNOT ANSWER (incomplete: cancelled)" in out


def test_runs_resume_goes_on_with_an_interrupted_run(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    from sleuth.policies.offline import OfflinePolicy
    from sleuth.runtime import run_steps
    from sleuth.state import Task

    store = RunStore(db_path)
    steps = run_steps(
        Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(), recorder=store
    )
    next(steps), next(steps)
    steps.close()
    run_id = runs_json(store.list_runs())[0]["id"]
    store.close()  # the process ends with the run unfinished: it is interrupted

    code, out, _ = sleuth(capsys, "runs", "show", run_id, "--db", db_path)
    assert "interrupted" in out and f"sleuth runs resume {run_id}" in out
    code, out, _ = sleuth(capsys, "runs", "resume", run_id, "--db", db_path)
    assert code == 0
    assert "ANSWER (ready_for_review): Ada Ortiz" in out
    assert re.search(r"^ 3 open", out, re.M) and not re.search(r"^ 1 ", out, re.M)
    assert only_run(db_path)["status"] == "ready_for_review"


# -- exit codes scripts can trust ---------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "status", "expected"),
    [
        ((FOUNDER_Q,), "ready_for_review", 0),
        ((FOOD_Q,), "incomplete", 3),
        (("Where is the head office of Acme Robotics?",), "conflict", 4),
        (
            ("Where is the head office of Acme Robotics?", "--conflict-rule", "newest"),
            "ready_for_review",
            0,
        ),
        ((FOUNDER_Q, "--max-steps", "1"), "budget_exhausted", 5),
        (BRIEF_ARGS[1:], "awaiting_approval", 6),
    ],
)
def test_ask_exits_with_its_outcome_unless_exit_zero(
    capsys: pytest.CaptureFixture[str],
    db_path: Path,
    args: tuple[str, ...],
    status: str,
    expected: int,
) -> None:
    code, out, err = sleuth(capsys, "ask", *args, "--db", db_path)
    assert code == expected, err
    assert err == "" and "Traceback" not in out
    code, out, err = sleuth(capsys, "ask", *args, "--db", db_path, "--json")
    assert code == expected and json.loads(out)["status"] == status
    code, out, err = sleuth(capsys, "ask", *args, "--db", db_path, "--exit-zero")
    assert code == 0, err
    assert EXIT_CODES.get(status, 6) == expected


def test_exit_zero_keeps_errors_as_errors(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = sleuth(capsys, "ask", FOUNDER_Q, "--max-steps", "0", "--exit-zero")
    assert code == 2 and "--max-steps" in assert_one_error_line(out, err)
    code, out, err = sleuth(capsys, "ask", FOUNDER_Q, "--corpus", "nope.json", "--exit-zero")
    assert code == 2
    assert_one_error_line(out, err)


def test_the_exit_codes_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = sleuth(capsys, "ask", "--help")
    assert code == 0
    table = out.split("Exit codes:", 1)[1]
    lines = ["0  answered", "3  cannot answer", "4  conflict", "5  budget exhausted"]
    lines += ["6  paused, awaiting approval", "1  internal error", "2  usage error"]
    for line in lines:
        assert line in table
    assert "--exit-zero" in out
    for command in (("runs", "resume"), ("runs", "approve")):
        code, out, _ = sleuth(capsys, *command, "--help")
        assert code == 0 and "Exit codes:" in out and "--exit-zero" in out


def test_resumed_and_approved_runs_exit_with_their_outcome(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    from sleuth.policies.offline import OfflinePolicy
    from sleuth.runtime import run_steps
    from sleuth.state import Task

    store = RunStore(db_path)
    steps = run_steps(Task(FOOD_Q), load_corpus("acme"), OfflinePolicy(), recorder=store)
    next(steps)
    steps.close()
    run_id = runs_json(store.list_runs())[0]["id"]
    store.close()  # interrupted
    code, out, err = sleuth(capsys, "runs", "resume", run_id, "--db", db_path)
    assert code == 3 and "CANNOT ANSWER (incomplete: fact_missing)" in out, err

    code, out, _ = sleuth(capsys, *BRIEF_ARGS, "--db", db_path, "--json")
    assert code == 6
    paused = json.loads(out)["run_id"]
    code, out, err = sleuth(capsys, "runs", "approve", paused, "--db", db_path)
    assert code == 0 and "ANSWER (ready_for_review)" in out, err


@pytest.mark.subprocess
def test_the_installed_script_exits_with_the_outcome(tmp_path: Path) -> None:
    exe = shutil.which("sleuth")
    if exe is None:
        pytest.skip("the sleuth console script is not installed")
    db = str(tmp_path / "runs.db")
    food = subprocess.run([exe, "ask", FOOD_Q, "--db", db], capture_output=True, text=True)
    assert food.returncode == 3 and food.stderr == ""
    zero = subprocess.run(
        [exe, "ask", FOOD_Q, "--db", db, "--exit-zero", "--json"], capture_output=True, text=True
    )
    assert zero.returncode == 0 and json.loads(zero.stdout)["reason"] == "fact_missing"
