"""Eval reports: a terminal summary, and one self-contained HTML file with charts.

Both render the stored eval record (the same JSON ``--json`` prints), so what is shown
and what is stored never diverge.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any

import jinja2
from rich.console import Console
from rich.table import Table

from sleuth.untrusted import escape

FAILURE_CLASSES = ("retrieval", "reading", "answering", "protocol", "budget")
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
    chart), the answered-precision vs coverage curve when the policy gave confidences,
    and every case with its grades. The page is ``templates/report.html``, rendered with
    autoescape on: the record's text (questions, answers, reasons) is untrusted."""
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
    curve = summary.get("precision_coverage") or []
    return _template().render(
        record=record,
        summary=summary,
        metrics=metrics,
        bars=_bars({name: int(failures.get(name, 0)) for name in FAILURE_CLASSES}),
        curve=_curve(curve) if curve else None,
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


def _curve(points: list[dict[str, float]]) -> dict[str, Any]:
    """The precision/coverage curve's geometry: the plot's size and its path."""
    width, height, pad = 520, 300, 40

    def x(v: float) -> float:
        return pad + v * (width - 2 * pad)

    def y(v: float) -> float:
        return height - pad - v * (height - 2 * pad)

    path = " ".join(
        f"{'M' if i == 0 else 'L'}{x(p['coverage']):.1f},{y(p['precision']):.1f}"
        for i, p in enumerate(points)
    )
    return {"width": width, "height": height, "pad": pad, "path": path}
