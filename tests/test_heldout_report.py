"""`benchmarks/heldout_report.py`'s target checks, on small synthetic figures (the full
run takes minutes and is the script's job, not the tests')."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "heldout_report.py"


@pytest.fixture(scope="module")
def hr() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heldout_report", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["heldout_report"] = module
    spec.loader.exec_module(module)
    return module


def row(
    case_id: str,
    *,
    answered: bool,
    passed: bool,
    should_abstain: bool = False,
    confidence: float | None = None,
    status: str | None = None,
    steps: int = 3,
    latency_s: float = 0.01,
) -> dict[str, Any]:
    return {
        "case_id": case_id,
        "passed": passed,
        "answered": answered,
        "abstained": not answered,
        "should_abstain": should_abstain,
        "citations_valid": True if answered else None,
        "failure": None if passed else "answering",
        "status": status or ("ready_for_review" if answered else "incomplete"),
        "steps": steps,
        "tokens": 0,
        "latency_s": latency_s,
        "em": float(passed),
        "f1": float(passed),
        "confidence": confidence,
    }


def two_hop_rows() -> list[dict[str, Any]]:
    """10 answerable questions and their 10 derived copies: 2 answered right, 1 wrong,
    and one derived copy answered."""
    rows = []
    for i in range(10):
        answered, passed = i < 3, i < 2
        rows.append(row(f"q{i}", answered=answered, passed=passed, confidence=0.7, steps=5))
        derived_answered = i == 9
        rows.append(
            row(
                f"q{i}::derived",
                answered=derived_answered,
                passed=not derived_answered,
                should_abstain=True,
                confidence=0.4 if derived_answered else None,
                steps=6,
            )
        )
    return rows


def test_part_figures_from_rows(hr: ModuleType) -> None:
    f = hr.part_figures(two_hop_rows())
    assert f["cases"] == 20 and f["answered"] == 4 and f["answerable"] == 10
    assert f["accuracy"] == round((2 + 9) / 20, 4) and f["floor"] == 0.5
    assert f["answered_precision"] == 0.5  # 2 of the 4 answers
    assert f["right_of_answerable"] == 0.2 and f["derived_answered"] == 0.1
    assert f["wrong_ready_for_review"] == 2
    assert f["mean_steps_answered"] == round((5 + 5 + 5 + 6) / 4, 2)
    assert f["mean_steps"] == 5.5 and f["mean_time_s"] == 0.01


def test_floor_precision_and_derived_checks(hr: ModuleType) -> None:
    f = hr.part_figures(two_hop_rows())
    floor = hr.floor_check("two", f)
    assert floor.met is True and floor.value == "0.550" and floor.bar == ">= 0.500"
    precision, coverage = hr.precision_checks("two", f, 0.6, 0.1)
    assert (precision.met, precision.value) == (False, "0.500")
    assert (coverage.met, coverage.value) == (True, "20.0%")
    derived = hr.derived_check("two", f)
    assert derived.met is False and derived.value == "10.0%"  # 1 of 10 > 5%
    below = hr.floor_check("two", f | {"accuracy": 0.49})
    assert below.met is False
    nothing = hr.precision_checks("two", f | {"answered_precision": None}, 0.6, 0.1)
    assert nothing[0].met is False and nothing[0].value == "-"  # no answer is no precision


def test_squad_bars_are_80_percent_at_5_percent_coverage(hr: ModuleType) -> None:
    rows = [row(f"a{i}", answered=i < 5, passed=i < 4, confidence=0.9) for i in range(60)]
    rows += [row(f"u{i}", answered=False, passed=True, should_abstain=True) for i in range(40)]
    f = hr.part_figures(rows)
    assert f["answered_precision"] == 0.8 and f["right_of_answerable"] == round(4 / 60, 4)
    parts = [("squad closed", "squad", "closed", f), ("squad open", "squad", "open", f)]
    checks = hr.checks_for(parts, hr.pooled_calibration(rows))
    named = {(c.target, c.part): c for c in checks}
    assert named[("answered precision", "squad closed")].met is True
    assert named[("answerable answered right", "squad closed")].met is True  # 6.7% >= 5%
    # the precision bar is for the closed setting only; the floor is for both
    assert ("answered precision", "squad open") not in named
    assert named[("accuracy >= always-abstain floor", "squad open")].met is True


def test_docs_checks(hr: ModuleType) -> None:
    rows = [row(f"d{i}", answered=i < 3, passed=i < 2) for i in range(3)]
    rows.append(row("u", answered=False, passed=True, should_abstain=True))
    f = hr.part_figures(rows)
    right, wrong = hr.docs_checks("docs", f)
    assert right.met is True and right.value == "66.7%"  # two of three is enough
    assert wrong.met is False and wrong.value == "1"
    hedged = [*rows[:2], row("d2", answered=True, passed=False, status="conflict"), rows[3]]
    _, wrong = hr.docs_checks("docs", hr.part_figures(hedged))
    assert wrong.met is True  # a wrong answer not marked ready_for_review is allowed


def test_decile_monotonicity_and_ece(hr: ModuleType) -> None:
    def answers(confidence: float, right: int, wrong: int) -> list[dict[str, Any]]:
        return [row("r", answered=True, passed=True, confidence=confidence)] * right + [
            row("w", answered=True, passed=False, confidence=confidence)
        ] * wrong

    rising = answers(0.15, 1, 4) + answers(0.55, 3, 2) + answers(0.95, 5, 0)
    monotone, ece = hr.decile_checks(hr.pooled_calibration(rising))
    assert monotone.met is True and monotone.value == "3 deciles, no drop"
    assert ece.met is True  # gaps 0.05, 0.05, 0.05
    # a drop of exactly 5 points is allowed, more is not
    slight = answers(0.45, 10, 10) + answers(0.55, 9, 11)
    assert hr.decile_checks(hr.pooled_calibration(slight))[0].met is True
    falling = answers(0.45, 10, 10) + answers(0.85, 4, 6)
    monotone, ece = hr.decile_checks(hr.pooled_calibration(falling))
    assert monotone.met is False and "0.4-0.5 0.50 -> 0.8-0.9 0.40" in monotone.value
    assert ece.met is False  # |0.85 - 0.4| weighs in
    none = hr.decile_checks(hr.pooled_calibration([row("x", answered=False, passed=True)]))
    assert [c.met for c in none] == [False, False]  # no confidence is no calibration


def test_time_and_steps_checks(hr: ModuleType) -> None:
    f = hr.part_figures(two_hop_rows())  # 20 cases at 10 ms
    g = hr.part_figures(
        [row(f"s{i}", answered=True, passed=True, latency_s=0.04) for i in range(5)]
    )
    parts = [
        ("two", "two-hop", "closed", f | {"reference_time_s": 0.006}),
        ("one", "squad", "closed", g | {"reference_time_s": 0.01}),
    ]
    pooled = hr.time_check(parts)  # (20*10 + 5*40)/25 = 16 ms against 2 x (20*6 + 5*10)/25
    assert pooled.value == "16.0 ms" and pooled.bar == "<= 2 x 6.8 ms" and pooled.met is False
    parts[0] = ("two", "two-hop", "closed", f | {"reference_time_s": 0.012})
    assert hr.time_check(parts).met is True  # against 2 x 11.6 ms
    parts[1] = ("one", "squad", "closed", g | {"reference_time_s": None})
    unmeasured = hr.time_check(parts)
    assert unmeasured.met is None and unmeasured.bar == "no reference"
    steps = hr.steps_check("two", "two-hop", f)
    assert steps.met is False and steps.value == "5.25 (all cases 5.50)"  # over 5
    assert (
        hr.steps_check("one", "squad", g).met is True
        and hr.steps_check("one", "squad", g).bar == "<= 3"
    )
    silent = hr.part_figures([row("u", answered=False, passed=True, should_abstain=True)])
    assert hr.steps_check("u", "squad", silent).met is None  # nothing answered


def test_reference_mean_cuts_the_records_as_the_fit_script_does(hr: ModuleType) -> None:
    times = {f"q{i}": 0.01 for i in range(50)} | {f"q{i}::derived": 0.01 for i in range(50)}
    times |= {f"q{i}": 0.03 for i in range(50, 75)} | {f"q{i}": 0.05 for i in range(75, 100)}
    rules = hr.fit.Part("hotpotqa:x", "closed", True, (0, 50))
    side_1 = hr.fit.Part("hotpotqa:x", "closed", True, (50, 75))
    side_2 = hr.fit.Part("hotpotqa:x", "closed", True, (75, 100))
    assert hr.reference_mean(rules, times) == 0.01
    assert hr.reference_mean(side_1, times) == 0.03
    assert hr.reference_mean(side_2, times) == 0.05
    assert hr.reference_mean(hr.fit.Part("squad2:x", "open"), {"a": 0.1, "b": 0.3}) == 0.2


def test_reference_mean_cuts_the_paragraphs_as_the_fit_script_does(hr: ModuleType) -> None:
    """The reference reader runs the whole Rhine file; a part's mean is over the questions
    `fit.cases_of` runs for that part (its paragraphs), in either setting."""
    from shared import SHARED_DATA

    path = SHARED_DATA / "squad2-dev-rhine.json"
    if not path.is_file():
        pytest.skip(f"no shared data at {SHARED_DATA}")
    paragraph = hr.fit.paragraphs(f"squad2:{path}")
    times = {case_id: float(n % 2) for case_id, n in paragraph.items()}  # odd: 1 s
    for setting in ("closed", "open"):
        even = hr.fit.Part(f"squad2:{path}", setting, paragraphs=(0, 2))
        odd = hr.fit.Part(f"squad2:{path}", setting, paragraphs=(1, 3))
        assert (hr.reference_mean(even, times), hr.reference_mean(odd, times)) == (0.0, 1.0)
        ran = [c.id for c in hr.fit.cases_of(odd)]
        assert hr.fit.cut(odd, list(times)) == ran and ran


def test_held_out_parts_are_the_fit_scripts_plus_open_two_hop(hr: ModuleType) -> None:
    for fold in ("A", "B"):
        fitted = hr.fit.fold(fold)[1]
        parts = hr.held_out(fold)
        assert [p for p in parts if p.setting != "open" or hr.kind(p) != "two-hop"] == fitted
        opened = [p for p in parts if p.setting == "open" and hr.kind(p) == "two-hop"]
        assert [p.spec for p in opened] == [p.spec for p in fitted if hr.kind(p) == "two-hop"]
        assert [p.records for p in opened] == [p.records for p in fitted if hr.kind(p) == "two-hop"]
        assert all(p.derive for p in opened)
        reported = {(p.spec, p.records, p.paragraphs) for p in parts}
        for fit_on in hr.fit.FIT_ON:  # nothing reported is fitted on, nor in R
            train = hr.fit.fitted_parts(fold, fit_on)
            assert not reported & {(p.spec, p.records, p.paragraphs) for p in train}


def test_the_shipped_model_is_used_only_for_the_fold_and_data_it_records(
    hr: ModuleType,
) -> None:
    labels = [p.label for p in hr.fit.fitted_parts("A", "C")]
    data = {"fold": "A", "fit_on": "C", "train": labels, "target_precision": 0.8}
    assert hr.shipped_fits("A", "C", data)
    assert not hr.shipped_fits("B", "C", data)  # fold B's held-out side is A's calibration
    assert not hr.shipped_fits("A", "RC", data)
    assert not hr.shipped_fits("A", "C", {k: v for k, v in data.items() if k != "fit_on"})
    assert not hr.shipped_fits("A", "C", data | {"train": labels[:-1]})  # a part since
    assert hr.refit_rule(data) == ("target", 0.8)  # a file from before the rule was recorded
    assert hr.refit_rule({}) == ("decision", hr.fit.TARGET)
    assert hr.refit_rule({"threshold_rule": "decision", "target_precision": None}) == (
        "decision",
        hr.fit.TARGET,
    )


def test_a_refitted_fold_says_so(hr: ModuleType) -> None:
    refitted = {"train": ["t"], "threshold": 0.6, "target_precision": 0.9}
    shipped = {"fold": "AB", "fit_on": "C"}
    note = hr.model_note("B", "C", refitted, "fitted", shipped)
    assert note["weights"].startswith("refitted in memory: fit_offline_confidence.py --fold B")
    assert note["model_threshold"] == 0.6 and note["fitted_on"] == ["t"]
    assert note["caveats"] == []  # two-hop paths are refitted per fold too: nothing to own
    assert "the file records fold AB, fit on C" in note["note"]
    note = hr.model_note("A", "RC", refitted, 0.5, {})
    assert note["threshold"] == "0.5 (fixed)" and "fold ?, fit on unrecorded" in note["note"]
    assert len(note["caveats"]) == 1 and "rule parts R" in note["caveats"][0]


def test_render_marks_each_target(hr: ModuleType) -> None:
    rows = two_hop_rows()
    f = hr.part_figures(rows) | {"reference_time_s": None}
    parts = [("two closed", "two-hop", "closed", f)]
    checks = hr.checks_for(parts, hr.pooled_calibration(rows))
    result = {
        "folds": {
            "B": {
                "model": {
                    "weights": "refitted in memory",
                    "note": "not the shipped weights",
                    "caveats": ["the rules were developed here"],
                    "threshold": "0.0 (fixed)",
                    "model_threshold": 0.32,
                },
                "train": ["t"],
                "held_out": ["two closed"],
                "parts": {"two closed": f},
                "calibration": hr.pooled_calibration(rows),
                "checks": [c.__dict__ for c in checks],
            }
        },
        "reference_commit": None,
        "wall_s": 1.0,
        "workers": 2,
    }
    text = hr.render(result)
    assert "== Fold B ==" in text and "weights:    refitted in memory" in text
    assert "not measured" in text and "NOT MET" in text
    assert "caveat:     the rules were developed here" in text
    met = sum(c.met is True for c in checks)
    measured = sum(c.met is not None for c in checks)
    assert f"fold B: {met} of {measured} measured targets met" in text


def test_each_fold_scores_two_hop_paths_fitted_on_its_own_calibration_records(
    hr: ModuleType,
) -> None:
    """A fold's two-hop paths are refitted on the two-hop parts of its calibration side
    (the shared files' records and the questions written over them), never on a part it
    holds out; the shipped file (AB) is fitted on both sides."""
    parts = hr.fit_two_hop.two_hop_parts
    for name in ("A", "B"):
        calibration, held_out = hr.fit.fold(name)
        fitted, held = parts(name), parts(name, held_out=True)
        kinds = {p.spec.split(":", 1)[0] for p in fitted}
        assert kinds == {"hotpotqa", "musique"} and len(fitted) == 4
        assert set(fitted) <= set(calibration) and set(held) <= set(held_out)
        assert not set(fitted) & set(held_out)
        assert any("twohop_side" in p.spec for p in fitted)
    assert set(parts("AB")) == set(parts("A")) | set(parts("B"))
    assert parts("AB", held_out=True) == []


def test_a_two_hop_model_in_use_replaces_the_shipped_one() -> None:
    from sleuth.policies import twohop_confidence

    model = {"paths": {"comparison:date": {"p": 0.125}}, "unseen": 0.25}
    try:
        twohop_confidence.use(model)
        assert twohop_confidence.confidence("comparison:date") == 0.125
        assert twohop_confidence.confidence("bridge:nowhere") == 0.25
    finally:
        twohop_confidence.use(None)
    shipped = twohop_confidence.shipped()
    assert shipped is not None
    assert twohop_confidence.confidence("bridge:nowhere") == float(shipped["unseen"])


@pytest.mark.subprocess  # runs git archive
def test_reference_tree_takes_a_source_folder_or_names_what_is_missing(
    hr: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "src" / "sleuth").mkdir(parents=True)
    (tmp_path / "src" / "sleuth" / "__init__.py").write_text("", encoding="utf-8")
    assert hr.reference_tree(str(tmp_path)) == tmp_path / "src"
    assert hr.reference_tree(str(tmp_path / "src")) == tmp_path / "src"
    with pytest.raises(LookupError, match=r"git archive no-such-commit-here src: "):
        hr.reference_tree("no-such-commit-here")


def test_a_fixed_threshold_reaches_the_policy_whatever_its_weights(hr: ModuleType) -> None:
    model = hr.shipped()
    assert model is not None and model.threshold > 0
    assert hr.threshold_rule() == "fitted"  # the default install takes the shipped threshold
    assert hr.rule_for(None) == "fitted" and hr.rule_for(0.8) == 0.8
    default = hr.policy_for(None, hr.rule_for(None))
    assert default.min_confidence == model.threshold
    stricter = hr.policy_for(None, hr.rule_for(0.8))  # the shipped weights at 0.8
    assert stricter.min_confidence == 0.8
    assert stricter.calibration.threshold == model.threshold  # the shipped model, unchanged
    assert stricter.calibration.meta == model.meta
    refitted = hr.policy_for(hr.shipped_data(), 0.65)  # a refit's weights at 0.65
    assert refitted.min_confidence == 0.65
    assert hr.policy_for(hr.shipped_data(), "fitted").min_confidence == model.threshold


def test_min_confidence_reaches_the_report(
    hr: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(hr.fit, "SHARED", tmp_path)  # the data's presence is not the point

    def report(*args: Any) -> dict[str, Any]:
        calls.append(args)
        return {"folds": {}}

    monkeypatch.setattr(hr, "report", report)
    assert hr.main(["--fold", "A", "--no-reference", "--json", "--min-confidence", "0.8"]) == 0
    assert hr.main(["--fold", "B", "--no-reference", "--json"]) == 0
    assert calls[0] == (["A"], 2, None, "C", 0, 0.8)
    assert calls[1] == (["B"], 2, None, "C", 0, None)  # the default's rule (`rule_for`)
    assert capsys.readouterr().out.count('"folds"') == 2


@pytest.mark.parametrize("value", ["-0.1", "1.5"])
def test_min_confidence_outside_0_1_is_an_argument_error(
    hr: ModuleType, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        hr.main(["--min-confidence", value])
    assert exc.value.code == 2
    assert "--min-confidence is between 0 and 1" in capsys.readouterr().err
