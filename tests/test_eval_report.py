"""The eval summary's typed shape (calibration, ECE, precision vs coverage, skipped
records) and how the reports show it: the reliability diagram and the curve as inline
SVG whose numbers are the summary's, a clear note when the policy gave no confidence, and
the same page from a stored eval."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from sleuth.cli import main
from sleuth.evals.metrics import CaseOutcome, calibration_table, summarize
from sleuth.evals.report import html_report, print_report
from sleuth.evals.store import EvalStore
from sleuth.evals.summary import Calibration, EvalSummary, SkippedRecord
from sleuth.store import RunStore


def outcome(
    passed: bool, answered: bool, should_abstain: bool, confidence: float | None
) -> CaseOutcome:
    return CaseOutcome(
        passed=passed,
        answered=answered,
        abstained=not answered,
        should_abstain=should_abstain,
        citations_valid=answered or None,
        failure=None if passed else "answering",
        steps=3,
        tokens=0,
        latency_s=0.01,
        em=float(passed),
        f1=float(passed),
        confidence=confidence,
    )


def calibrated_cases(n: int = 300, seed: int = 7) -> list[CaseOutcome]:
    """Answers right with about their confidence's probability, and some abstentions."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        if rng.random() < 0.3:
            cases.append(outcome(True, False, True, None))
            continue
        confidence = round(rng.random(), 3)
        cases.append(outcome(rng.random() < confidence, True, False, confidence))
    return cases


def record_of(summary: dict[str, Any]) -> dict[str, Any]:
    return {"id": "eval-x", "suite": "s", "policy": "p", "summary": summary, "cases": []}


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each element id'd."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def parse(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    return parser


def svg_part(page: str, svg_id: str) -> str:
    start = page.index(f"<svg id={svg_id} ")
    return page[start : page.index("</svg>", start)]


# -- the typed summary ------------------------------------------------------------------------


def test_summary_round_trips_through_its_model_json_and_the_store(db_path: Path) -> None:
    skipped = [SkippedRecord(record="f.jsonl:3: record 2 (id 'x')", reason="context: empty")]
    summary = summarize(calibrated_cases(), skipped)
    typed = EvalSummary.model_validate(summary)
    assert typed.model_dump(mode="json") == summary
    assert EvalSummary.model_validate_json(typed.model_dump_json()) == typed
    assert typed.skipped_records == 1 and typed.skipped == skipped
    assert typed.calibration.reported and typed.calibration.ece is not None
    assert sum(b.count for b in typed.calibration.bins) == typed.calibration.with_confidence
    assert typed.calibration.answered == typed.calibration.with_confidence  # all had one
    # through the real store: what `sleuth eval show` reads back is the same summary
    evals = EvalStore(RunStore(db_path))
    evals.start("eval-rt", "suite", "offline")
    evals.finish("eval-rt", summary)
    stored = evals.get("eval-rt")
    assert stored is not None and stored["summary"] == summary


finite = st.floats(min_value=0, max_value=1, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.booleans(), st.booleans(), st.none() | finite), max_size=40
    )
)
def test_any_summary_is_an_eval_summary(rows: list[tuple[bool, bool, bool, float | None]]) -> None:
    summary = summarize([outcome(*row) for row in rows])
    assert EvalSummary.model_validate(summary).model_dump(mode="json") == summary
    json.loads(json.dumps(summary))


def test_a_summary_stored_before_the_new_fields_still_reads() -> None:
    old = summarize(calibrated_cases(40))
    for key in ("skipped", "skipped_records"):
        del old[key]
    del old["calibration"]["answered"], old["calibration"]["with_confidence"]
    typed = EvalSummary.model_validate(old)
    assert typed.skipped_records == 0 and typed.calibration.answered is None
    assert "Expected calibration error" in html_report(record_of(old))


def test_calibration_table_counts_and_ece() -> None:
    table = Calibration.model_validate(
        calibration_table([(0.05, False), (0.15, True), (0.95, True), (1.0, True), (None, True)])
    )
    assert [(b.bin, b.count, b.precision) for b in table.bins] == [
        ("0.0-0.1", 1, 0.0),
        ("0.1-0.2", 1, 1.0),
        ("0.9-1.0", 2, 1.0),
    ]
    assert table.answered == 5 and table.with_confidence == 4
    # |0.05-0| + |0.15-1| + 2*|0.975-1|, over 4
    assert table.ece == round((0.05 + 0.85 + 0.05) / 4, 4)


# -- the HTML report --------------------------------------------------------------------------


def test_the_reliability_diagram_shows_the_summarys_numbers() -> None:
    summary = summarize(calibrated_cases())
    page = html_report(record_of(summary))
    bins = summary["calibration"]["bins"]
    assert len(bins) == 10
    svg = svg_part(page, "reliability")
    tags = parse(svg).tags
    groups = [a for tag, a in tags if tag == "g" and a.get("class") == "decile"]
    assert [g["data-bin"] for g in groups] == [b["bin"] for b in bins]
    assert [int(g["data-count"]) for g in groups] == [b["count"] for b in bins]
    assert [float(g["data-precision"]) for g in groups] == [b["precision"] for b in bins]
    assert [float(g["data-mean-confidence"]) for g in groups] == [
        b["mean_confidence"] for b in bins
    ]
    texts = [t for t in parse(svg).texts if t.startswith("n=")]
    assert texts == [f"n={b['count']}" for b in bins]
    # the geometry: each bar as high as its precision, each dot at its mean confidence
    axes = [a for tag, a in tags if tag == "line"][:2]
    x0, y0 = float(axes[0]["x1"]), float(axes[0]["y1"])
    x1, y1 = float(axes[0]["x2"]), float(axes[1]["y1"])
    rects = [a for tag, a in tags if tag == "rect"]
    dots = [a for tag, a in tags if tag == "circle"]
    for b, rect, dot in zip(bins, rects, dots, strict=True):
        height = float(rect["height"]) / (y0 - y1)
        assert height == pytest.approx(b["precision"], abs=0.005)
        assert (float(dot["cx"]) - x0) / (x1 - x0) == pytest.approx(b["mean_confidence"], abs=0.005)
    # the diagonal reference goes corner to corner
    diagonal = [a for tag, a in tags if tag == "line" and a.get("stroke-dasharray")]
    assert [(float(d["x1"]), float(d["y1"]), float(d["x2"]), float(d["y2"])) for d in diagonal] == [
        (x0, y0, x1, y1)
    ]
    assert f"<b id=ece>{summary['calibration']['ece']:.3f}</b>" in page
    assert "perfect calibration" in svg
    # and the table beside it, row by row
    for b in bins:
        row = (
            f"<tr><td>{b['bin']}</td><td>{b['count']}</td><td>{b['mean_confidence']:.3f}</td>"
            f"<td>{b['precision']:.3f}</td></tr>"
        )
        assert row in page
    assert "<script" not in page and "http" not in page.split("<body>")[0]


def test_the_precision_coverage_curve_shows_the_summarys_points() -> None:
    summary = summarize(calibrated_cases())
    page = html_report(record_of(summary))
    svg = svg_part(page, "precision-coverage")
    points = [a for tag, a in parse(svg).tags if tag == "circle" and a.get("class") == "point"]
    curve = summary["precision_coverage"]
    assert len(points) == len(curve) > 10
    for point, expected in zip(points, curve, strict=True):
        assert float(point["data-coverage"]) == expected["coverage"]
        assert float(point["data-precision"]) == expected["precision"]
        assert float(point["data-threshold"]) == expected["threshold"]
    path = parse(svg).tags
    (d,) = [a["d"] for tag, a in path if tag == "path"]
    assert d.count("L") == len(curve) - 1
    last = curve[-1]
    assert f"coverage {last['coverage']:.3f}, precision {last['precision']:.3f}" in page
    assert last["coverage"] == summary["coverage"]  # every answer had a confidence


def test_a_policy_without_confidence_says_so_instead_of_empty_charts() -> None:
    cases = [outcome(True, True, False, None), outcome(False, True, True, None)]
    cases.append(outcome(True, False, True, None))
    summary = summarize(cases)
    assert summary["calibration"] == {
        "bins": [],
        "ece": None,
        "answered": 2,
        "with_confidence": 0,
    }
    page = html_report(record_of(summary))
    assert "No confidence reported: the policy gave none for its 2 answers." in page
    assert "<svg id=reliability" not in page and "<svg id=precision-coverage" not in page
    console = Console(record=True, width=120)
    print_report(record_of(summary), console)
    assert "calibration: no confidence reported: the policy gave none for its 2 answers" in (
        console.export_text()
    )
    nothing = summarize([outcome(True, False, True, None)])
    assert "No confidence reported: nothing was answered." in html_report(record_of(nothing))


def test_skipped_records_are_shown_in_both_reports() -> None:
    skipped = [SkippedRecord(record="h.jsonl:5: record 4 (id 'h4')", reason="context: empty")]
    summary = summarize(calibrated_cases(20), skipped)
    page = html_report(record_of(summary))
    assert "1 bad record of the dataset\nwas left out" in page
    assert "<li><code>h.jsonl:5: record 4 (id &#39;h4&#39;)</code>: context: empty</li>" in page
    console = Console(record=True, width=120)
    print_report(record_of(summary), console)
    text = console.export_text()
    assert "skipped 1 bad record(s) of the dataset" in text
    assert "h.jsonl:5: record 4 (id 'h4'): context: empty" in text


def test_the_terminal_report_has_the_deciles_and_the_ece() -> None:
    summary = summarize(calibrated_cases())
    console = Console(record=True, width=120)
    print_report(record_of(summary), console)
    text = console.export_text()
    ece = summary["calibration"]["ece"]
    assert f"calibration: expected calibration error {ece:.3f} over" in text
    for b in summary["calibration"]["bins"]:
        assert f"{b['count']}" in text and f"{b['precision']:.3f}" in text


def test_eval_show_renders_the_same_page_as_the_run(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    first, again = tmp_path / "run.html", tmp_path / "show.html"
    code = main(["eval", "acme", "--json", "--html", str(first), "--db", str(db_path)])
    assert code == 0
    ran = json.loads(capsys.readouterr().out)
    assert ran["summary"]["calibration"]["bins"]  # the offline policy gives confidences
    code = main(["eval", "show", ran["id"], "--json", "--html", str(again), "--db", str(db_path)])
    assert code == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["summary"] == ran["summary"]
    assert again.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
    page = first.read_text(encoding="utf-8")
    assert "<svg id=reliability" in page and "<svg id=precision-coverage" in page


def test_many_skipped_records_are_counted_past_the_first_ten() -> None:
    skipped = [
        SkippedRecord(record=f"h.jsonl:{n}: record {n - 1}", reason="answer: empty")
        for n in range(1, 26)
    ]
    console = Console(record=True, width=120)
    print_report(record_of(summarize(calibrated_cases(20), skipped)), console)
    text = console.export_text()
    assert "skipped 25 bad record(s) of the dataset" in text
    assert "h.jsonl:10: record 9: answer: empty" in text and "h.jsonl:11:" not in text
    assert "... and 15 more (all in the eval's JSON)" in text
