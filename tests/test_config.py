"""Defaults from SLEUTH_* variables and TOML files: precedence flag > env > ./sleuth.toml >
user config, groups taken together, paths relative to their file, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli import main
from sleuth.config import load_defaults, user_config_path
from sleuth.errors import UsageError
from sleuth.ingest import ingest
from sleuth.store import RunStore
from stored import run_json

FOUNDER_Q = "Who founded Acme Robotics?"


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A project folder (the working directory) and a user config folder."""
    project = tmp_path / "project"
    project.mkdir()
    user = tmp_path / "xdg" / "sleuth"
    user.mkdir(parents=True)
    monkeypatch.chdir(project)
    monkeypatch.delenv("SLEUTH_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return {"project": project, "user": user}


def _index(where: Path) -> Path:
    source = where / "docs.jsonl"
    page = {"url": "https://x.example/a", "title": "Acme", "body": "Acme Robotics was founded "
            "by Ada Ortiz in 2014."}  # fmt: skip
    source.write_text(json.dumps(page) + "\n", encoding="utf-8")
    ingest([source], where / "idx")
    return where / "idx"


def ask(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = main(["ask", FOUNDER_Q, *args, "--json", "--exit-zero"])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else {}, captured.err


def test_nothing_configured_is_the_built_in_defaults(places: dict[str, Path]) -> None:
    defaults = load_defaults()
    assert dict(defaults.values) == {}
    assert user_config_path() == places["user"] / "config.toml"


def test_precedence_flag_env_project_user(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (places["user"] / "config.toml").write_text("max_steps = 1\ntimeout = 30\n")
    code, result, err = ask(capsys)
    assert code == 0, err
    assert result["status"] == "budget_exhausted" and result["steps"] == 1  # the user file
    (places["project"] / "sleuth.toml").write_text("max_steps = 2\n")
    _, result, _ = ask(capsys)
    assert result["steps"] == 2  # ./sleuth.toml beats the user file
    monkeypatch.setenv("SLEUTH_MAX_STEPS", "6")
    _, result, _ = ask(capsys)
    assert result["status"] == "ready_for_review"  # the environment beats both files
    _, result, _ = ask(capsys, "--max-steps", "1")
    assert result["steps"] == 1  # a flag beats everything
    defaults = load_defaults()
    assert defaults.get("max_steps") == 6 and defaults.origins["max_steps"] == "SLEUTH_MAX_STEPS"
    assert defaults.get("timeout") == 30.0
    assert defaults.origins["timeout"] == str(places["user"] / "config.toml")


def test_an_index_from_a_file_is_relative_to_it_and_a_corpus_flag_overrides_it(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    index = _index(places["user"])
    (places["user"] / "config.toml").write_text('index = "idx"\n')  # beside the file
    _, result, err = ask(capsys)
    assert result["corpus"] == f"index:{index}", err
    assert result["citations"] == ["https://x.example/a#p1"]
    _, result, err = ask(capsys, "--corpus", "acme")  # not "both": the flag decides
    assert result["corpus"] == "acme", err
    monkeypatch.setenv("SLEUTH_CORPUS", "workshop")  # the env's corpus drops the file's index
    assert load_defaults().values.keys() == {"corpus"}
    _, result, _ = ask(capsys)
    assert result["corpus"] == "workshop"
    monkeypatch.setenv("SLEUTH_INDEX", str(index))
    code, _, err = ask(capsys)
    assert code == 2 and "names both a corpus and an index" in err


def test_db_from_the_environment_for_every_command(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = places["project"] / "shared.db"
    monkeypatch.setenv("SLEUTH_DB", str(db))
    _, result, err = ask(capsys)
    assert result["status"] == "ready_for_review", err
    store = RunStore(db)
    try:
        assert run_json(store, result["run_id"]) is not None
    finally:
        store.close()
    assert main(["runs", "list", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["id"] == result["run_id"]
    other = places["project"] / "other.db"
    assert main(["runs", "list", "--json", "--db", str(other)]) == 0  # the flag wins
    assert json.loads(capsys.readouterr().out) == []


def test_model_defaults_give_way_to_a_policy_flag(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (places["project"] / "sleuth.toml").write_text(
        'model = "openai:never-called"\nbase_url = "http://127.0.0.1:9/v1"\n'
    )
    script = places["project"] / "script.json"
    finish = {"answer": "cannot: no", "citations": [], "cannot_answer": True, "evidence": ""}
    script.write_text(json.dumps([f"Action: finish\nAction Input: {json.dumps(finish)}"]))
    code, result, err = ask(capsys, "--script", str(script))
    assert code == 0, err
    assert result["policy"] == "scripted"
    code, result, err = ask(capsys, "--policy", "offline")
    assert result["policy"] == "offline", err
    monkeypatch.setenv("SLEUTH_MODEL", "anthropic:also-never")  # drops the file's base_url too
    defaults = load_defaults()
    assert defaults.get("model") == "anthropic:also-never" and defaults.get("base_url") is None


@pytest.mark.server
def test_a_configured_model_is_used(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth.testing import ScriptedModelServer

    finish = {"answer": "cannot: no", "citations": [], "cannot_answer": True, "evidence": ""}
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with ScriptedModelServer([{"tool_calls": [{"name": "finish", "arguments": finish}]}]) as srv:
        (places["project"] / "sleuth.toml").write_text(
            f'model = "openai:configured"\nbase_url = "{srv.openai_base_url}"\n'
        )
        code, result, err = ask(capsys)
        sent = [r["json"]["model"] for r in srv.requests]
    assert code == 0, err
    assert result["policy"].startswith("openai:configured") and sent == ["configured"]


@pytest.mark.parametrize(
    ("where", "content", "message"),
    [
        ("project", "max_steps = [", "not valid TOML"),
        ("project", "modle = 'x'", "unknown setting 'modle'"),
        ("project", "max_steps = 0", "max_steps must be a whole number of at least 1"),
        ("user", "timeout = 'soon'", "timeout must be a number of seconds"),
        ("user", "protocol = 'smoke'", 'protocol must be "tools" or "react"'),
        ("project", "corpus = 'acme'\nindex = 'idx'", "names both a corpus and an index"),
        ("env:SLEUTH_MAX_STEPS", "many", "SLEUTH_MAX_STEPS must be a whole number"),
        ("env:SLEUTH_TIMEOUT", "inf", "SLEUTH_TIMEOUT must be a number of seconds"),
        ("env:SLEUTH_DB", "mysql://x/y", "mysql"),
    ],
)
def test_bad_defaults_are_one_line_usage_errors(
    places: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    content: str,
    message: str,
) -> None:
    if where.startswith("env:"):
        monkeypatch.setenv(where.removeprefix("env:"), content)
    else:
        name = "sleuth.toml" if where == "project" else "config.toml"
        (places[where] / name).write_text(content)
    code = main(["ask", FOUNDER_Q])
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("sleuth: error:")
    assert message in err and "Traceback" not in err


def test_an_empty_variable_is_unset_and_sleuth_config_names_the_user_file(
    places: dict[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SLEUTH_MODEL", "")
    assert "model" not in load_defaults().values
    mine = tmp_path / "mine.toml"
    mine.write_text("max_steps = 3\n")
    monkeypatch.setenv("SLEUTH_CONFIG", str(mine))
    assert load_defaults().origins == {"max_steps": str(mine)}
    monkeypatch.setenv("SLEUTH_CONFIG", "")
    (places["user"] / "config.toml").write_text("max_steps = 4\n")
    assert user_config_path() is None and dict(load_defaults().values) == {}


def test_sleuth_config_shows_each_default_and_its_origin(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (places["project"] / "sleuth.toml").write_text('db = "runs.db"\nmax_steps = 4\n')
    monkeypatch.setenv("SLEUTH_TIMEOUT", "15")
    assert main(["config", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["settings"] == {
        "db": {"value": str(places["project"] / "runs.db"), "from": str(places["project"] /
               "sleuth.toml")},
        "max_steps": {"value": 4, "from": str(places["project"] / "sleuth.toml")},
        "timeout": {"value": 15.0, "from": "SLEUTH_TIMEOUT"},
    }  # fmt: skip
    assert shown["files"]["project_exists"] and not shown["files"]["user_exists"]
    assert main(["config"]) == 0
    text = capsys.readouterr().out
    assert "max_steps = 4" in text and "# SLEUTH_TIMEOUT" in text


def test_eval_takes_model_and_budget_defaults_but_not_the_index(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _index(places["project"])
    (places["project"] / "sleuth.toml").write_text('index = "idx"\nmax_steps = 1\n')
    assert main(["eval", "acme", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert {c["status"] for c in record["cases"]} == {"budget_exhausted"}  # max_steps applied
    assert all(c["citations"] == [] for c in record["cases"])


def test_load_defaults_is_explicit_about_its_inputs(tmp_path: Path) -> None:
    (tmp_path / "sleuth.toml").write_text('corpus = "pages.json"\n')
    defaults = load_defaults(environ={"SLEUTH_CONFIG": ""}, cwd=tmp_path)
    assert defaults.get("corpus") == str(tmp_path / "pages.json")
    assert load_defaults(environ={"SLEUTH_CONFIG": "", "SLEUTH_CORPUS": "acme"},
                         cwd=tmp_path).values == {"corpus": "acme"}  # fmt: skip
    with pytest.raises(UsageError, match="SLEUTH_PROTOCOL"):
        load_defaults(environ={"SLEUTH_CONFIG": "", "SLEUTH_PROTOCOL": "x"}, cwd=tmp_path)


def test_search_uses_the_configured_index_unless_a_source_is_typed(
    places: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    index = _index(places["user"])
    (places["user"] / "config.toml").write_text('index = "idx"\n')
    assert main(["search", "founded", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["source"] == f"index {index}"
    assert found["hits"][0]["url"] == "https://x.example/a#p1"
    assert main(["search", "founded", "--json", "--corpus", "acme"]) == 0  # the flag decides
    found = json.loads(capsys.readouterr().out)
    assert found["source"] == "corpus acme"
    assert found["hits"] and "x.example" not in json.dumps(found)
    monkeypatch.setenv("SLEUTH_CORPUS", "workshop")
    assert main(["search", "founded", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["source"] == "corpus workshop"
    monkeypatch.setenv("SLEUTH_INDEX", str(index))
    assert main(["search", "founded"]) == 2
    assert "names both a corpus and an index" in capsys.readouterr().err
