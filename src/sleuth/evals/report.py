"""Eval reports: a terminal summary, and one self-contained HTML file with charts.

Both render the stored eval record (the same JSON ``--json`` prints), so what is shown
and what is stored never diverge.
"""

from __future__ import annotations

import html
from collections import defaultdict
from typing import Any

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
    and every case with its grades."""
    summary = record["summary"] or {}
    base = summary.get("baselines", {})
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(label)}</td><td>{e(_fmt(summary.get(key)))}</td>"
        f"<td>{e(_fmt(base.get('always_abstain', {}).get(key)))}</td>"
        f"<td>{e(_fmt(base.get('always_answer_perfectly', {}).get(key)))}</td></tr>"
        for key, label in _METRICS
    )
    failures = summary.get("failures", {})
    cases = "".join(_case_row(c) for c in record["cases"])
    curve = summary.get("precision_coverage") or []
    curve_html = (
        _curve_svg(curve)
        if curve
        else "<p>The policy gave no confidence, so there is no curve.</p>"
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>sleuth eval {e(record["id"])}</title>
<style>
body {{ font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1100px;
       color: #1d1d1f; }}
table {{ border-collapse: collapse; margin: 1rem 0; width: 100%; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .3rem .5rem; text-align: left;
          vertical-align: top; }}
.pass {{ color: #0a7a2f; }} .fail {{ color: #b3261e; }}
.small {{ color: #666; font-size: 12px; }}
svg text {{ font: 12px system-ui, sans-serif; }}
</style></head><body>
<h1>sleuth eval <code>{e(record["id"])}</code></h1>
<p>suite <b>{e(record["suite"])}</b> · policy <b>{e(record["policy"])}</b> ·
passed {summary.get("passed")} of {summary.get("cases")} cases</p>
<h2>Metrics and their floors</h2>
<table><tr><th>metric</th><th>value</th><th>always abstain</th>
<th>always answer (perfectly)</th></tr>{rows}</table>
<h2>Failures by class</h2>
{_bars_svg({name: int(failures.get(name, 0)) for name in FAILURE_CLASSES})}
<h2>Answered precision vs coverage</h2>
{curve_html}
<h2>Cases</h2>
<table><tr><th>case</th><th>result</th><th>answer</th><th>grades</th></tr>{cases}</table>
</body></html>
"""


def _case_row(case: dict[str, Any]) -> str:
    e = html.escape
    verdict = (
        "<span class=pass>pass</span>"
        if case["passed"]
        else f"<span class=fail>{e(case.get('failure') or 'fail')}</span>"
    )
    grades = "<br>".join(
        f"<span class={'pass' if g['passed'] else 'fail'}>{e(g['name'])}</span>: "
        f"{e(g['reason'])}" + ("" if g["counts"] else " <span class=small>(diagnostic)</span>")
        for g in case.get("grades", [])
    ) or e(case.get("error", ""))
    return (
        f"<tr><td>{e(case['case_id'])}<div class=small>{e(case['question'])}</div>"
        f"<div class=small>run {e(str(case.get('run_id')))}</div></td>"
        f"<td>{verdict}<div class=small>{e(str(case.get('status')))}"
        f"/{e(str(case.get('reason') or '-'))}</div></td>"
        f"<td>{e(case.get('answer', '') or '')}</td><td>{grades}</td></tr>"
    )


def _bars_svg(counts: dict[str, int]) -> str:
    width, bar, gap, left = 520, 22, 8, 90
    top = max(counts.values()) or 1
    height = len(counts) * (bar + gap) + 10
    parts = [f'<svg width="{width}" height="{height}" role="img" aria-label="failures by class">']
    for i, (name, count) in enumerate(counts.items()):
        y = 5 + i * (bar + gap)
        w = round((width - left - 60) * count / top)
        parts.append(
            f'<text x="0" y="{y + 16}">{html.escape(name)}</text>'
            f'<rect x="{left}" y="{y}" width="{w}" height="{bar}" fill="#b3261e"/>'
            f'<text x="{left + w + 6}" y="{y + 16}">{count}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _curve_svg(points: list[dict[str, float]]) -> str:
    width, height, pad = 520, 300, 40

    def x(v: float) -> float:
        return pad + v * (width - 2 * pad)

    def y(v: float) -> float:
        return height - pad - v * (height - 2 * pad)

    path = " ".join(
        f"{'M' if i == 0 else 'L'}{x(p['coverage']):.1f},{y(p['precision']):.1f}"
        for i, p in enumerate(points)
    )
    axes = (
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        f'stroke="#999"/><line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" '
        f'stroke="#999"/>'
        f'<text x="{width / 2 - 30}" y="{height - 8}">coverage</text>'
        f'<text x="4" y="{pad - 10}">answered precision</text>'
        f'<text x="{pad - 10}" y="{height - pad + 16}">0</text>'
        f'<text x="{width - pad - 6}" y="{height - pad + 16}">1</text>'
        f'<text x="{pad - 24}" y="{pad + 4}">1</text>'
    )
    return (
        f'<svg width="{width}" height="{height}" role="img" '
        f'aria-label="answered precision against coverage">{axes}'
        f'<path d="{path}" fill="none" stroke="#1a5fb4" stroke-width="2"/></svg>'
    )
