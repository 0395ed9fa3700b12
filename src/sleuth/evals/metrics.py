"""Metrics over graded cases, always beside their floors.

* accuracy — share of cases that passed (a right answer or a right abstention);
* coverage — share answered; answered precision — share of the answered that passed
  (the figure PaperQA2 reports as precision);
* abstention precision / recall / F1 — abstaining treated as the positive class;
* citation validity — share of answered cases whose citations were all opened;
* EM / F1 — SQuAD 2.0 style over cases with accepted answers (an abstention on an
  unanswerable question scores 1);
* mean steps, tokens and latency;
* calibration — when the policy gives confidences: answered precision per confidence
  decile (a reliability diagram's points) and the expected calibration error (ECE, the
  count-weighted mean gap between a decile's mean confidence and its precision);
* precision vs coverage — answering the most confident first, the answered precision at
  each coverage (one point per distinct confidence);
* skipped records — the bad records a dataset file had, left out of the eval.

The summary's shape is `sleuth.evals.summary.EvalSummary`; `summarize` returns it as
the JSON-ready dict the store keeps.

Baselines for the same cases: *always abstain* (right exactly on the cases that should
be abstained on) and *always answer, perfectly* (right exactly on the answerable ones).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.evals.summary import EvalSummary, SkippedRecord


@dataclass(frozen=True)
class CaseOutcome:
    """What the metrics need of one graded case."""

    passed: bool
    answered: bool
    should_abstain: bool | None
    abstained: bool  # finished saying the corpus does not give it (not a budget or crash)
    citations_valid: bool | None
    failure: str | None
    steps: int
    tokens: int
    latency_s: float
    em: float | None
    f1: float | None
    confidence: float | None


def _ratio(part: float, whole: float) -> float | None:
    return round(part / whole, 4) if whole else None


def summarize(cases: list[CaseOutcome], skipped: Sequence[SkippedRecord] = ()) -> dict[str, Any]:
    """The eval's figures (an `EvalSummary`, as a JSON-ready dict); ``skipped`` are the
    bad records of the dataset file, counted beside the cases."""
    n = len(cases)
    answered = [c for c in cases if c.answered]
    labelled = [c for c in cases if c.should_abstain is not None]
    true_abstain = sum(1 for c in labelled if c.should_abstain and c.abstained)
    abstained = sum(1 for c in labelled if c.abstained)
    should = sum(1 for c in labelled if c.should_abstain)
    precision = _ratio(true_abstain, abstained)
    recall = _ratio(true_abstain, should)
    f1 = (
        round(2 * precision * recall / (precision + recall), 4)
        if precision and recall
        else (0.0 if precision is not None and recall is not None else None)
    )
    with_em = [c for c in cases if c.em is not None]
    metrics: dict[str, Any] = {
        "cases": n,
        "passed": sum(c.passed for c in cases),
        "accuracy": _ratio(sum(c.passed for c in cases), n),
        "coverage": _ratio(len(answered), n),
        "answered_precision": _ratio(sum(c.passed for c in answered), len(answered)),
        "abstention_precision": precision,
        "abstention_recall": recall,
        "abstention_f1": f1,
        "citation_validity": _ratio(sum(bool(c.citations_valid) for c in answered), len(answered)),
        "exact_match": _ratio(sum(c.em or 0 for c in with_em), len(with_em)),
        "f1": _ratio(sum(c.f1 or 0 for c in with_em), len(with_em)),
        "mean_steps": round(statistics.fmean(c.steps for c in cases), 2) if cases else None,
        "mean_tokens": round(statistics.fmean(c.tokens for c in cases), 1) if cases else None,
        "mean_latency_s": round(statistics.fmean(c.latency_s for c in cases), 4) if cases else None,
        "failures": dict(Counter(c.failure for c in cases if c.failure).most_common()),
    }
    metrics["baselines"] = baselines(cases)
    metrics["precision_coverage"] = precision_coverage(cases)
    metrics["calibration"] = calibration_table([(c.confidence, c.passed) for c in answered])
    metrics["skipped_records"] = len(skipped)
    metrics["skipped"] = [s.model_dump() for s in skipped]
    return EvalSummary.model_validate(metrics).model_dump(mode="json")


def calibration_table(pairs: list[tuple[float | None, bool]], bins: int = 10) -> dict[str, Any]:
    """Answered precision per confidence bin (deciles by default) and the expected
    calibration error, over the answers' (confidence, right) pairs; ``bins`` empty and
    ``ece`` None when no answer had a confidence. The dict of a `Calibration`."""
    known = [(c, ok) for c, ok in pairs if c is not None]
    rows: list[dict[str, Any]] = []
    gap = 0.0
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        inside = [(c, ok) for c, ok in known if low <= c < high or (b == bins - 1 and c == 1.0)]
        if not inside:
            continue
        mean = statistics.fmean(c for c, _ in inside)
        precision = sum(ok for _, ok in inside) / len(inside)
        gap += len(inside) * abs(mean - precision)
        rows.append(
            {
                "bin": f"{low:.1f}-{high:.1f}",
                "count": len(inside),
                "mean_confidence": round(mean, 4),
                "precision": round(precision, 4),
            }
        )
    return {
        "bins": rows,
        "ece": round(gap / len(known), 4) if known else None,
        "answered": len(pairs),
        "with_confidence": len(known),
    }


def baselines(cases: list[CaseOutcome]) -> dict[str, Any]:
    """Over the same cases as the metrics (a case with no label counts against both)."""
    n = len(cases)
    should = sum(1 for c in cases if c.should_abstain is True)
    answerable = sum(1 for c in cases if c.should_abstain is False)
    with_em = [c for c in cases if c.em is not None]
    unanswerable_em = sum(1 for c in with_em if c.should_abstain)
    return {
        "always_abstain": {
            "accuracy": _ratio(should, n),
            "coverage": 0.0,
            "exact_match": _ratio(unanswerable_em, len(with_em)),
        },
        "always_answer_perfectly": {
            "accuracy": _ratio(answerable, n),
            "coverage": 1.0 if n else None,
            "exact_match": _ratio(len(with_em) - unanswerable_em, len(with_em)),
        },
    }


def precision_coverage(cases: list[CaseOutcome]) -> list[dict[str, float]]:
    """Answered precision at each coverage, answering the most confident first; empty
    when the policy gives no confidence."""
    answered = [c for c in cases if c.answered and c.confidence is not None]
    if not answered or not cases:
        return []
    answered.sort(key=lambda c: -(c.confidence or 0.0))
    points, right = [], 0
    for k, case in enumerate(answered, start=1):
        right += case.passed
        tied = k < len(answered) and answered[k].confidence == case.confidence
        if not tied:  # one point per threshold: ties are answered together or not at all
            points.append(
                {
                    "coverage": round(k / len(cases), 4),
                    "precision": round(right / k, 4),
                    "threshold": case.confidence or 0.0,
                }
            )
    return points
