"""`benchmarks/rule_report.py`: its JSON round trip, `diff` on two small runs, and the
categories of a real run (six cases of the vendored SQuAD-style development set, in this
process; the whole of R is the script's job, not the tests')."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "rule_report.py"


@pytest.fixture(scope="module")
def rr() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_report", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rule_report"] = module
    spec.loader.exec_module(module)
    return module


def case(
    rr: ModuleType, part: str, case_id: str, category: str, answer: str | None, **kw: object
) -> Any:
    answered = category in ("right", "wrong")
    fields: dict[str, object] = {
        "part": part,
        "case_id": case_id,
        "question": f"question of {case_id}?",
        "answer": answer,
        "reason": None if answered else "fact_missing",
        "status": "ready_for_review" if answered else "incomplete",
        "confidence": 0.8125 if answered else None,
        "steps": 3,
        "answered": answered,
        "should_abstain": category == "abstained",
        "passed": category in ("right", "abstained"),
        "category": category,
        "gold": ("middleware.md",),
        "opened": ("middleware.md#corsmiddleware", "requests.md#p3"),
    }
    fields.update(kw)
    return rr.CaseRow(**fields)


CANNOT = "cannot: no opened page states the answer"


def old_new(rr: ModuleType) -> tuple[Any, Any]:
    parts = (rr.PartInfo("starlette-dev", "docs-starlette starlette_dev questions"),)
    docs = "starlette-dev"
    old = rr.Report(
        parts=parts,
        limit=None,
        cases=(
            case(rr, docs, "middleware.md:cors-max-age", "right", "600"),
            case(rr, docs, "middleware.md:session-expiry", "unread", CANNOT),
            case(rr, docs, "middleware.md:gzip-minimum-size", "wrong", "9"),
            case(rr, docs, "unanswerable:cors-default-origin", "abstained", CANNOT),
        ),
    )
    squad = rr.PartInfo("squad-dev", "squad2_style_dev closed")
    new = rr.Report(
        parts=(*parts, squad),
        limit=None,
        cases=(
            case(rr, docs, "middleware.md:cors-max-age", "right", "600"),
            case(rr, docs, "middleware.md:session-expiry", "right", "two weeks"),
            case(rr, docs, "middleware.md:gzip-minimum-size", "wrong", "500 ms"),
            case(rr, docs, "unanswerable:cors-default-origin", "abstained", CANNOT),
            case(
                rr, "squad-dev", "sqdev-0002-ans", "right", "13", gold=("squad2://Demon%20Dice/p0",)
            ),
        ),
    )
    return old, new


def test_json_round_trip(rr: ModuleType, tmp_path: Path) -> None:
    old, new = old_new(rr)
    for report in (old, new, rr.Report(parts=(), limit=3, cases=())):
        path = tmp_path / "r.json"
        rr.save(report, path)
        assert rr.load(path) == report
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = 0
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="not a rule_report file"):
        rr.load(path)


def test_diff(rr: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = old_new(rr)
    d = rr.deltas(old, new)
    assert list(d) == ["starlette-dev", "squad-dev"]
    assert d["starlette-dev"] == {
        "cases": 0,
        "answered": 1,
        "right": 1,
        "wrong": 0,
        "abstained": 0,
        "unread": -1,
        "not_opened": 0,
        "error": 0,
    }
    assert d["squad-dev"] == {**dict.fromkeys(rr.COUNTS, 0), "cases": 1, "answered": 1, "right": 1}
    found = rr.changes(old, new)
    assert [(c.part, c.case_id, c.old_category, c.new_category) for c in found] == [
        ("starlette-dev", "middleware.md:session-expiry", "unread", "right"),
        ("starlette-dev", "middleware.md:gzip-minimum-size", "wrong", "wrong"),
        ("squad-dev", "sqdev-0002-ans", None, "right"),
    ]
    assert (found[0].old_answer, found[0].new_answer) == (CANNOT, "two weeks")
    assert (found[1].old_answer, found[1].new_answer) == ("9", "500 ms")
    a, b = tmp_path / "old.json", tmp_path / "new.json"
    rr.save(old, a)
    rr.save(new, b)
    assert rr.main(["diff", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "3 cases changed:" in out
    assert "starlette-dev middleware.md:session-expiry: unread -> right" in out
    assert "squad-dev sqdev-0002-ans: absent -> right" in out
    assert rr.main(["diff", str(a), str(a)]) == 0
    assert "0 cases changed:" in capsys.readouterr().out


def test_category_rules(rr: ModuleType) -> None:
    gold = ["hotpotqa://The%20Prestige%20(film)", "hotpotqa://Christopher%20Nolan"]
    assert rr.category(True, True, False, gold, []) == "right"
    assert rr.category(True, False, True, gold, gold) == "wrong"  # an unanswerable answered
    assert rr.category(False, True, True, gold, []) == "abstained"
    assert rr.category(False, False, False, gold, gold[::-1]) == "unread"
    assert rr.category(False, False, False, gold, gold[:1]) == "not_opened"  # one hop only
    assert rr.category(False, False, False, [], ["x.md"]) == "not_opened"
    assert rr.category(False, False, False, ["x.md"], ["x.md#p3"]) == "unread"
    assert rr.category(False, False, False, ["x.md"], ["guide/x.md#p3"]) == "not_opened"
    assert rr.category(False, False, False, gold, gold, error=True) == "error"
    folder = Path("/corpora/starlette")
    url = "file:///corpora/starlette/guide/middle%20ware.md#cors"
    assert rr.docs_page(url, folder) == "guide/middle ware.md#cors"
    assert rr.docs_page("file:///corpora/starlette/a.md", folder) == "a.md"
    assert rr.docs_page("squad2://Normans/p0", folder) == "squad2://Normans/p0"


def test_parts_and_missing_data(
    rr: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [n for n, _ in rr.all_parts()]
    assert names[:4] == ["normans-closed", "normans-open", "rhine-closed", "rhine-open"]
    assert {"squad-dev", "twohop-dev", "starlette-dev", "flask-train"} <= set(names)
    assert [n for n, _ in rr.choose("dev")] == [
        "squad-dev",
        "squad-dev2",
        "squad-dev3",
        "squad-dev4",
        "squad-dev5",
        "squad-dev6",
        "squad-dev7",
        "twohop-dev",
        "twohop-dev2",
        "musique-dev",
        "musique-dev2",
        "musique-dev3",
        "marshmallow-dev",
        "structlog-dev",
        "starlette-dev",
        "alembic-dev",
        "babel-dev",
        "apscheduler-dev",
        "celery-dev",
        "pytest-dev",
        "mypy-dev",
        "aiohttp-dev",
        "pygments-dev",
        "tox-dev",
        "tornado-dev",
        "lxml-dev",
        "scrapy-dev",
        "peewee-dev",
        "huey-dev",
        "cryptography-dev",
        "packaging-dev",
        "docutils-dev",
        "webob-dev",
        "nose2-dev",
        "flask-sqlalchemy-dev",
        "simpy-dev",
        "behave-dev",
        "deform-dev",
        "gevent-dev",
        "whoosh-dev",
        "oslo-config-dev",
        "sphinx-dev",
    ]
    assert len(rr.choose("rules")) == len(rr.fit.RULE_PARTS)
    with pytest.raises(ValueError, match="no part 'nope'"):
        rr.choose("squad-dev,nope")
    gone = rr.fit.Part("squad2:/nowhere/squad2-dev-normans.json", "closed")
    monkeypatch.setattr(rr, "all_parts", lambda: [("normans-closed", gone)])
    assert rr.main(["run", "--out", "/nowhere/out.json"]) == 2
    err = capsys.readouterr().err
    assert "data missing (normans-closed: /nowhere/squad2-dev-normans.json)" in err
    assert str(rr.fit.SHARED) in err


def test_real_run_categories(
    rr: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Six cases of `benchmarks/squad_dev` (vendored: no shared data), run end to end in
    this process: each category agrees with its record, and the known ones are as read."""
    out = tmp_path / "run.json"
    code = rr.main(
        ["run", "--parts", "squad-dev", "--limit", "6", "--workers", "1", "--out", str(out)]
    )
    assert code == 0
    report = rr.load(out)
    assert [c.case_id for c in report.cases] == [
        f"sqdev-000{i}-{k}"
        for i, k in enumerate(("ans", "ans", "ans", "ent", "exc", "other"), start=1)
    ]
    for c in report.cases:
        assert c.part == "squad-dev" and c.opened
        assert bool(c.gold) is (not c.should_abstain)  # a trap has no gold page
        if c.answered:
            assert c.category == ("right" if c.passed else "wrong")
            assert c.confidence is not None and not c.answer.startswith("cannot:")
        else:
            assert c.answer is not None and c.answer.startswith("cannot:")
            assert c.category in (("abstained",) if c.should_abstain else ("unread", "not_opened"))
    by_id = {c.case_id: c for c in report.cases}
    right = by_id["sqdev-0002-ans"]  # "How many dice make up the demon ...?": 13
    assert (right.category, right.answer, right.passed) == ("right", "13", True)
    unread = by_id["sqdev-0001-ans"]  # its one paragraph opened, no sentence read
    assert unread.category == "unread" and unread.opened == unread.gold
    assert by_id["sqdev-0004-ent"].category == "abstained"
    assert "squad-dev" in capsys.readouterr().out
    again = tmp_path / "again.json"
    assert (
        rr.main(
            ["run", "--parts", "squad-dev", "--limit", "6", "--workers", "1", "--out", str(again)]
        )
        == 0
    )
    assert again.read_bytes() == out.read_bytes()  # deterministic
    assert rr.main(["show", str(out), "--category", "right"]) == 0
    shown = capsys.readouterr().out
    # the confidence is the shipped model's, which every refit moves: its form only
    assert re.search(r"sqdev-0002-ans \[right\] confidence 0\.\d{3}, 3 steps\n", shown), shown
    assert "A: 13" in shown


@pytest.mark.subprocess  # indexes the vendored Starlette docs with `sleuth index`
def test_docs_run_in_processes(rr: ModuleType, tmp_path: Path) -> None:
    """Three Starlette development questions, in a pool of two processes: a docs case's
    page is the one its id names, and a run that opened it without answering is unread."""
    out = tmp_path / "docs.json"
    argv = ["run", "--parts", "starlette-dev", "--limit", "3", "--workers", "2"]
    assert rr.main([*argv, "--out", str(out)]) == 0
    report = rr.load(out)
    by_id = {c.case_id: c for c in report.cases}
    assert list(by_id) == [
        "middleware.md:cors-max-age",
        "middleware.md:session-expiry",
        "middleware.md:gzip-minimum-size",
    ]
    right = by_id["middleware.md:cors-max-age"]
    assert (right.category, right.answer, right.gold) == ("right", "600", ("middleware.md",))
    for c in report.cases:
        assert all(not o.startswith("file:") for o in c.opened)  # relative to the folder
        if not c.answered:
            opened = any(o.split("#")[0] == "middleware.md" for o in c.opened)
            assert c.category == ("unread" if opened else "not_opened")


def test_show_keeps_the_cases_of_at_least_min_steps(
    rr: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, new = old_new(rr)
    slow = rr.Report(
        parts=new.parts,
        limit=None,
        cases=tuple(
            c if c.case_id != "middleware.md:session-expiry" else dataclasses.replace(c, steps=5)
            for c in new.cases
        ),
    )
    path = tmp_path / "run.json"
    rr.save(slow, path)
    assert rr.main(["show", str(path), "--category", "right", "--min-steps", "4"]) == 0
    shown = capsys.readouterr().out
    assert "middleware.md:session-expiry [right] confidence 0.812, 5 steps" in shown
    assert "cors-max-age" not in shown and shown.rstrip().endswith("1 cases")
    assert rr.main(["show", str(path), "--min-steps", "5"]) == 0  # at least N: N is in
    assert capsys.readouterr().out.rstrip().endswith("1 cases")
    assert rr.main(["show", str(path), "--min-steps", "6"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("0 cases")


def test_trace_prints_each_step_and_the_outcome(
    rr: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """A vendored development case run again: its search (with the hit it opens), the
    open, the finish, and the graded outcome; an unknown id is named, not fatal."""
    assert rr.main(["trace", "--part", "squad-dev", "sqdev-0002-ans", "sqdev-9999-none"]) == 0
    out = capsys.readouterr().out
    steps = re.findall(r"^    (\d)\. (\w+)", out, re.M)
    assert steps == [("1", "search"), ("2", "open"), ("3", "finish")]
    assert "hit 0: squad2://Demon%20Dice/p0  'Demon Dice'" in out
    assert "2. open squad2://Demon%20Dice/p0" in out
    assert "    A: 13\n    passed; confidence 0." in out and "; 3 steps" in out
    assert "squad-dev sqdev-9999-none: no such case in this part" in out


@pytest.mark.parametrize(
    ("part", "said"), [("no-such-part", "no-such-part"), ("rules", "trace takes one part")]
)
def test_trace_takes_one_known_part(
    rr: ModuleType, capsys: pytest.CaptureFixture[str], part: str, said: str
) -> None:
    with pytest.raises(SystemExit) as exc:
        rr.main(["trace", "--part", part, "x"])
    assert exc.value.code == 2
    assert said in capsys.readouterr().err


def test_trace_of_a_part_whose_data_is_missing(
    rr: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    gone = rr.fit.Part("squad2:/nowhere/squad2-dev-normans.json", "closed")
    monkeypatch.setattr(rr, "all_parts", lambda: [("normans-closed", gone)])
    assert rr.main(["trace", "--part", "normans-closed", "x"]) == 2
    assert "data missing (/nowhere/squad2-dev-normans.json)" in capsys.readouterr().err


@pytest.mark.subprocess  # indexes the vendored Starlette docs with `sleuth index`
def test_trace_shows_docs_pages_relative_to_their_folder(
    rr: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert rr.main(["trace", "--part", "starlette-dev", "middleware.md:cors-max-age"]) == 0
    out = capsys.readouterr().out
    opened = re.findall(r"^    \d\. open (\S+)", out, re.M)
    assert opened and all(o.startswith("middleware.md#") for o in opened), out
    hits = re.findall(r"hit \d: (\S+)", out)
    assert hits and not any(h.startswith("file:") for h in hits), out
    assert "    A: 600\n    passed;" in out
