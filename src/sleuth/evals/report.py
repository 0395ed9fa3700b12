"""Eval reports: a terminal summary, and one self-contained HTML file with charts.

Both render the stored eval record (the same JSON ``--json`` prints), so what is shown
and what is stored never diverge.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from typing import Any

import jinja2
from rich.console import Console
from rich.table import Table

from sleuth.evals.summary import Calibration, CoveragePoint, EvalSummary
from sleuth.untrusted import escape

FAILURE_CLASSES = ("retrieval", "reading", "answering", "protocol", "budget")
#: Skipped dataset records named one by one in the terminal report; the rest are counted.
SHOWN_SKIPPED = 10
_METRICS = (
    ("accuracy", "accuracy (right answer or right abstention)"),
    ("coverage", "coverage (share answered)"),
    ("answered_precision", "answered precision"),
    ("abstention_precision", "abstention precision"),
    ("abstention_recall", "abstention recall"),
    ("abstention_f1", "abstention F1"),
    ("citation_validity", "citation validity"),
    ("exact_match", "exact match (SQuAD 2.0)"),
    ("f1", "token F1 (SQuAD 2.0)"),
    ("mean_steps", "mean steps"),
    ("mean_tokens", "mean tokens"),
    ("mean_latency_s", "mean latency (s)"),
)


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def print_report(record: dict[str, Any], console: Console) -> None:
    summary = record["summary"] or {}
    base = summary.get("baselines", {})
    console.print(
        f"[bold]eval {record['id']}[/] · suite {escape(record['suite'])} · "
        f"policy {escape(record['policy'])}"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_column("always abstain", justify="right")
    table.add_column("always answer (perfectly)", justify="right")
    for key, label in _METRICS:
        floor = base.get("always_abstain", {}).get(key)
        ceiling = base.get("always_answer_perfectly", {}).get(key)
        table.add_row(label, _fmt(summary.get(key)), _fmt(floor), _fmt(ceiling))
    console.print(table)
    console.print(f"passed {summary.get('passed')} of {summary.get('cases')} cases")
    typed = EvalSummary.model_validate(summary) if summary else None
    if typed is not None:
        _print_calibration(typed.calibration, console)
        if typed.skipped_records:
            console.print(
                f"[yellow]skipped {typed.skipped_records} bad record(s) of the dataset[/] "
                "(not in the cases above; --strict makes them errors)"
            )
            for skipped in typed.skipped[:SHOWN_SKIPPED]:
                console.print(f"  [dim]{escape(skipped.record)}: {escape(skipped.reason)}[/]")
            if typed.skipped_records > SHOWN_SKIPPED:
                more = typed.skipped_records - SHOWN_SKIPPED
                console.print(f"  [dim]... and {more} more (all in the eval's JSON)[/]")
    failures = _by_class(record["cases"])
    for name in FAILURE_CLASSES:
        rows = failures.get(name, [])
        if not rows:
            continue
        console.print(f"\n[bold red]{name}[/] ({len(rows)})")
        for case in rows:
            why = case.get("error") or "; ".join(
                g["reason"] for g in case.get("grades", []) if g["counts"] and not g["passed"]
            )
            console.print(
                f"  {escape(case['case_id'])}  [dim]run {case.get('run_id')}[/]  "
                f"{escape(case['question'][:70])}"
            )
            console.print(f"    [dim]{escape(why[:200])}[/]")


def no_confidence_note(calibration: Calibration) -> str:
    """Why there is no reliability diagram: no answers, or answers without confidence."""
    if calibration.answered == 0:
        return "no confidence reported: nothing was answered"
    answers = "" if calibration.answered is None else f" for its {calibration.answered} answers"
    return f"no confidence reported: the policy gave none{answers}"


def _print_calibration(calibration: Calibration, console: Console) -> None:
    """The reliability table (answers per confidence decile) and the ECE, or why none."""
    if not calibration.reported:
        console.print(f"calibration: {no_confidence_note(calibration)}")
        return
    console.print(
        f"calibration: expected calibration error {_fmt(calibration.ece)} over "
        f"{calibration.with_confidence or sum(b.count for b in calibration.bins)} "
        "answers with a confidence"
    )
    table = Table(show_edge=False, pad_edge=False)
    for name in ("confidence", "answers", "mean confidence", "precision"):
        table.add_column(name, justify="right")
    for b in calibration.bins:
        table.add_row(b.bin, str(b.count), _fmt(b.mean_confidence), _fmt(b.precision))
    console.print(table)


def _by_class(cases: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for case in cases:
        if not case["passed"]:
            grouped[case.get("failure") or "answering"].append(case)
    return grouped


def print_comparison(diff: dict[str, list[dict[str, Any]]], console: Console) -> None:
    for kind, colour in (("regressed", "red"), ("improved", "green")):
        rows = diff[kind]
        console.print(f"[bold {colour}]{kind}[/] ({len(rows)})")
        for row in rows:
            before, after = row["before"], row["after"]
            console.print(f"  {escape(row['case_id'])}  {escape(row['question'][:70])}")
            console.print(
                f"    [dim]before: {'pass' if before['passed'] else before['failure']}"
                f" (run {before['run_id']}) → after: "
                f"{'pass' if after['passed'] else after['failure']} "
                f"(run {after['run_id']})[/]"
            )
    if diff["unmatched"]:
        names = ", ".join(r["case_id"] for r in diff["unmatched"])
        console.print(f"[dim]in only one of the two evals: {escape(names)}[/]")


# -- HTML ---------------------------------------------------------------------------------


def html_report(record: dict[str, Any]) -> str:
    """One self-contained page: metrics against the baselines, failures by class (bar
    chart), the reliability diagram with the ECE and the answered-precision vs coverage
    curve when the policy gave confidences (else a note saying it gave none), and every
    case with its grades. The page is ``templates/report.html``, rendered with autoescape
    on: the record's text (questions, answers, reasons) is untrusted. The charts are
    inline SVG: no script, nothing fetched."""
    summary = record["summary"] or {}
    base = summary.get("baselines", {})
    metrics = [
        (
            label,
            _fmt(summary.get(key)),
            _fmt(base.get("always_abstain", {}).get(key)),
            _fmt(base.get("always_answer_perfectly", {}).get(key)),
        )
        for key, label in _METRICS
    ]
    failures = summary.get("failures", {})
    typed = EvalSummary.model_validate(summary) if summary else None
    calibration = typed.calibration if typed else Calibration()
    curve = typed.precision_coverage if typed else []
    return _template().render(
        record=record,
        summary=summary,
        metrics=metrics,
        bars=_bars({name: int(failures.get(name, 0)) for name in FAILURE_CLASSES}),
        calibration=calibration,
        reliability=_reliability(calibration) if calibration.reported else None,
        no_confidence=no_confidence_note(calibration),
        curve=_curve(curve) if curve else None,
        skipped=typed.skipped if typed else [],
        skipped_records=typed.skipped_records if typed else 0,
        cases=record["cases"],
    )


@functools.cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("sleuth.evals", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env.get_template("report.html")


def _bars(counts: dict[str, int]) -> dict[str, Any]:
    """The failure bar chart's geometry: one bar a class, scaled to the largest count."""
    width, bar, gap, left = 520, 22, 8, 90
    top = max(counts.values()) or 1
    rows = [
        {
            "name": name,
            "count": count,
            "y": 5 + i * (bar + gap),
            "width": round((width - left - 60) * count / top),
        }
        for i, (name, count) in enumerate(counts.items())
    ]
    return {
        "width": width,
        "height": len(counts) * (bar + gap) + 10,
        "bar": bar,
        "left": left,
        "rows": rows,
    }


class _Plot:
    """A square-ish plot area: data in [0, x_max] x [0, 1] mapped to SVG pixels."""

    def __init__(self, x_max: float = 1.0) -> None:
        self.width, self.height = 560, 380
        self.left, self.right, self.top, self.bottom = 60, 24, 24, 52
        self.x_max = x_max

    def x(self, value: float) -> float:
        return round(self.left + value / self.x_max * (self.width - self.left - self.right), 1)

    def y(self, value: float) -> float:
        return round(self.top + (1 - value) * (self.height - self.top - self.bottom), 1)

    def frame(self, x_ticks: list[float]) -> dict[str, Any]:
        """The axes, ticks and their labels."""
        return {
            "width": self.width,
            "height": self.height,
            "x0": self.x(0),
            "x1": self.x(self.x_max),
            "y0": self.y(0),
            "y1": self.y(1),
            "x_ticks": [
                {"at": self.x(t), "label": f"{t:.2f}".rstrip("0").rstrip(".")} for t in x_ticks
            ],
            "y_ticks": [{"at": self.y(t / 5), "label": f"{t / 5:.1f}"} for t in range(6)],
        }


def _reliability(calibration: Calibration) -> dict[str, Any]:
    """The reliability diagram's geometry: a bar per confidence bin as high as its
    observed precision, a dot at (mean confidence, precision), the bin's count above it,
    and the diagonal a perfectly calibrated policy would follow."""
    plot = _Plot()
    bars = []
    for b in calibration.bins:
        left, right = plot.x(b.low), plot.x(b.high)
        top = plot.y(b.precision)
        bars.append(
            {
                "bin": b.bin,
                "count": b.count,
                "mean_confidence": b.mean_confidence,
                "precision": b.precision,
                "x": left + 2,
                "width": round(right - left - 4, 1),
                "y": top,
                "height": round(plot.y(0) - top, 1),
                "cx": plot.x(b.mean_confidence),
                "label_x": round((left + right) / 2, 1),
                "label_y": round(top - 6, 1),
            }
        )
    return {"frame": plot.frame([t / 5 for t in range(6)]), "bars": bars}


def _curve(points: list[CoveragePoint]) -> dict[str, Any]:
    """The precision/coverage curve's geometry: the plot (coverage up to the next tenth
    above the largest, so a low-coverage curve is not squeezed into a corner), its path
    and a dot per point."""
    top = max(p.coverage for p in points)
    x_max = max(0.1, math.ceil(round(top * 10, 6)) / 10)
    plot = _Plot(x_max)
    dots = [
        {
            "coverage": p.coverage,
            "precision": p.precision,
            "threshold": p.threshold,
            "cx": plot.x(p.coverage),
            "cy": plot.y(p.precision),
        }
        for p in points
    ]
    path = " ".join(f"{'M' if i == 0 else 'L'}{d['cx']},{d['cy']}" for i, d in enumerate(dots))
    steps = 5
    return {
        "frame": plot.frame([x_max * t / steps for t in range(steps + 1)]),
        "path": path,
        "dots": dots,
        "last": points[-1],
    }
