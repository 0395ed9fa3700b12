"""--min-confidence on `sleuth ask` and `sleuth eval`: the offline policy's abstention
threshold, a probability or ``fitted``."""

from __future__ import annotations

import json

import pytest

from sleuth.cli import main
from sleuth.policies.calibration import shipped


def _sleuth(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_ask_reports_confidence_and_abstains_under_the_threshold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _sleuth(capsys, "ask", "Who founded Acme Robotics?", "--json")
    answered = json.loads(out)
    assert code == 0 and answered["status"] == "ready_for_review"
    assert 0.0 < answered["confidence"] < 1.0
    code, out, _ = _sleuth(
        capsys, "ask", "Who founded Acme Robotics?", "--json", "--min-confidence", "0.99"
    )
    refused = json.loads(out)
    assert code == 3 and refused["status"] == "incomplete"
    assert refused["reason"] == "fact_missing" and refused["confidence"] is None
    code, out, _ = _sleuth(
        capsys,
        "ask",
        "Who founded Acme Robotics?",
        "--json",
        "--min-confidence",
        str(answered["confidence"]),
    )
    assert json.loads(out)["status"] == "ready_for_review"  # at the threshold is enough


def test_fitted_is_the_shipped_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    model = shipped()
    assert model is not None and 0.0 <= model.threshold <= 1.0
    _, out, _ = _sleuth(
        capsys, "ask", "Who founded Acme Robotics?", "--json", "--min-confidence", "fitted"
    )
    result = json.loads(out)
    if result["status"] == "ready_for_review":
        assert result["confidence"] >= model.threshold
    else:
        assert result["reason"] == "fact_missing"


def test_the_fitted_threshold_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    """No flag, no argument: the model file's threshold (the decision threshold of the
    calibrated model), which the quick start's answer clears; 0 still answers whatever
    passes the hard rules."""
    from sleuth.policies.offline import OfflinePolicy

    model = shipped()
    assert model is not None and model.threshold > 0.0
    assert OfflinePolicy().min_confidence == model.threshold
    assert OfflinePolicy(min_confidence=0).min_confidence == 0.0
    code, out, _ = _sleuth(capsys, "ask", "Who founded Acme Robotics?", "--json")
    result = json.loads(out)
    assert code == 0 and result["answer"] == "Ada Ortiz"
    assert result["confidence"] >= model.threshold
    code, out, _ = _sleuth(capsys, "ask", "--help")
    assert "model file's threshold (the default: 0.5" in " ".join(out.split())


def test_a_fact_the_corpus_lacks_is_no_answer_at_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Loose candidates (one name of the question is enough to be weighed) never turn a
    missing fact into an answer at the default threshold."""
    code, out, _ = _sleuth(capsys, "ask", "What is Ada Ortiz's favourite food?", "--json")
    result = json.loads(out)
    assert code == 3 and result["reason"] == "fact_missing" and result["confidence"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--min-confidence", "1.5"], "not a probability"),
        (["--min-confidence", "often"], "not a probability"),
        (["--min-confidence", "0.5", "--model", "openai:x"], "for the offline policy"),
        (["--min-confidence", "0.5", "--policy", "scripted"], "for the offline policy"),
    ],
)
def test_bad_thresholds_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = _sleuth(capsys, "ask", "Who founded Acme Robotics?", *args)
    assert code == 2 and message in err and err.count("\n") == 1


def test_eval_with_a_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _sleuth(capsys, "eval", "acme", "--json")
    everything = json.loads(out)["summary"]
    code, out, _ = _sleuth(capsys, "eval", "acme", "--json", "--min-confidence", "1")
    assert code == 0
    nothing = json.loads(out)
    assert nothing["summary"]["coverage"] == 0.0 < everything["coverage"]
    assert all(c["confidence"] is None for c in nothing["cases"])
