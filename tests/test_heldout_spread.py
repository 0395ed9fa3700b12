"""`benchmarks/heldout_spread.py`: several held-out runs of one reader side by side, on
small report files written here (a real run takes minutes and is the script's job)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "heldout_spread.py"


@pytest.fixture(scope="module")
def hs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heldout_spread", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["heldout_spread"] = module
    spec.loader.exec_module(module)
    return module


def part(answered: int, precision: float | None) -> dict[str, Any]:
    return {"answered": answered, "answered_precision": precision, "cases": 40}


def report(docs: tuple[int, float | None], squad: tuple[int, float | None], met: bool) -> dict:
    checks = [
        {"target": "ECE", "part": "all", "value": "0.05", "bar": "<= 0.10", "met": True},
        {"target": "deciles", "part": "all", "value": "-", "bar": "-", "met": met},
        {"target": "time", "part": "all", "value": "-", "bar": "-", "met": None},
    ]
    parts = {
        "docs-click click_heldout questions": part(*docs),
        "squad2_style_side2 closed": part(*squad),
        "hotpotqa-train100-distractor records 76-100 closed +derived": part(0, None),
    }
    fold = {"parts": parts, "checks": checks, "calibration": {"ece": 0.05}}
    return {"folds": {"A": fold}, "bag_seed": 0}


def write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_kinds_and_right_wrong_from_a_parts_figures(hs: ModuleType) -> None:
    assert hs.kind_of("docs-pip pip_side2 questions") == "docs"
    assert hs.kind_of("musique-ans-train100 records 76-100 open +derived") == "two-hop"
    assert hs.kind_of("hotpot_style_side2 closed +derived") == "two-hop"
    assert hs.kind_of("squad2-dev-rhine paragraphs 3 mod 4 closed") == "squad"
    assert hs.right_wrong(part(7, 6 / 7)) == (6, 1)
    assert hs.right_wrong(part(0, None)) == (0, 0)


def test_runs_side_by_side_name_the_unstable_targets(
    hs: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = [
        write(tmp_path, "s0.json", report((10, 0.9), (20, 0.5), True)),
        write(tmp_path, "s1.json", report((12, 0.75), (20, 0.55), False)),
    ]
    assert hs.main([str(p) for p in runs]) == 0
    out = capsys.readouterr().out
    assert "fold A: 2 runs" in out
    assert "docs     right 9/9" in out and "wrong 1/3" in out and "(mean   2.0, range 2)" in out
    assert "squad    right 10/11" in out
    assert "targets met 2/2, 1/2" in out  # the unmeasured time target is not counted
    assert "unstable: deciles on all: met NOT" in out
    assert "unstable: ECE" not in out


def test_two_readers_differ_by_their_means_beside_the_larger_range(
    hs: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = [
        write(tmp_path, "o0.json", report((10, 0.9), (20, 0.5), True)),
        write(tmp_path, "o1.json", report((10, 0.8), (20, 0.5), True)),
    ]
    new = [
        write(tmp_path, "n0.json", report((14, 1.0), (20, 0.5), True)),
        write(tmp_path, "n1.json", report((12, 1.0), (20, 0.5), False)),
    ]
    assert hs.main([*map(str, new), "--against", *map(str, old)]) == 0
    out = capsys.readouterr().out
    assert "== old ==" in out and "== new ==" in out and "== difference ==" in out
    # docs right: old 9 and 8 (mean 8.5), new 14 and 12 (mean 13): +4.5; ranges 1 and 2
    assert "docs     right  +4.5 (range 2)   wrong  -1.5 (range 1)" in out
    assert "targets met: 2.0 -> 1.5 (mean)" in out


def test_a_file_that_is_not_a_report_is_refused(
    hs: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(tmp_path, "bad.json", {"cases": []})
    assert hs.main([str(bad)]) == 2
    assert "not a heldout_report.py --json file" in capsys.readouterr().err
    good = write(tmp_path, "good.json", report((1, 1.0), (1, 1.0), True))
    other = {"folds": {"B": report((1, 1.0), (1, 1.0), True)["folds"]["A"]}}
    assert hs.main([str(good), str(write(tmp_path, "b.json", other))]) == 2
    assert "folds ['B'], not ['A']" in capsys.readouterr().err


def test_common_parts_compare_runs_before_and_after_a_set_joined_the_sides(
    hs: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = [write(tmp_path, "o0.json", report((10, 0.9), (20, 0.5), True))]
    grown = report((10, 0.9), (20, 0.5), True)
    fold = grown["folds"]["A"]
    fold["parts"]["docs-kombu kombu_side1 questions"] = part(8, 0.5)
    fold["checks"].append(
        {"target": "docs wrong", "part": "docs-kombu kombu_side1 questions", "met": False}
    )
    new = [write(tmp_path, "n0.json", grown)]
    assert hs.main([*map(str, new), "--against", *map(str, old)]) == 0
    plain = capsys.readouterr().out
    # Without the flag the new set's 4 right and 4 wrong answers count, and its target.
    assert "docs     right  +4.0 (range 0)   wrong  +4.0 (range 0)" in plain
    assert "targets met: 2.0 -> 2.0 (mean)" in plain and "targets met 2/3" in plain
    assert hs.main([*map(str, new), "--against", *map(str, old), "--common-parts"]) == 0
    out = capsys.readouterr().out
    assert "fold A: not counted (not in every run): docs-kombu kombu_side1 questions" in out
    assert "docs     right  +0.0 (range 0)   wrong  +0.0 (range 0)" in out
    # The fold-wide targets (ECE, deciles) stay; the new part's own target does not count.
    assert "targets met 2/2" in out and "targets met 2/3" not in out
