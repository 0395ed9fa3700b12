"""`sleuth eval`: judge the agent on many questions and say why each failure happened."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from sleuth.cli_common import (
    budget_options,
    budgets,
    db_option,
    fraction,
    make_policy,
    min_confidence_option,
    model_options,
    open_store,
    out,
    run_defaults,
)
from sleuth.cli_corpus import index_option, open_corpus
from sleuth.errors import UsageError
from sleuth.evals.judge import Judge
from sleuth.evals.report import SHOWN_SKIPPED, html_report, print_comparison, print_report
from sleuth.evals.runner import compare, run_eval
from sleuth.evals.store import EvalStore
from sleuth.evals.suite import Suite, dataset_suite, load_suite

#: The exit code of an eval with a figure under its ``--fail-under`` bar.
BELOW_BAR = 3
#: The figures a ``--fail-under`` bar may name (shares in [0, 1] of the summary).
BAR_METRICS = (
    "accuracy",
    "coverage",
    "answered_precision",
    "abstention_precision",
    "abstention_recall",
    "abstention_f1",
    "citation_validity",
    "exact_match",
    "f1",
)


def parse_bar(text: str) -> tuple[str, float]:
    """A ``--fail-under`` bar: ``VALUE`` (accuracy) or ``METRIC=VALUE``, VALUE in [0, 1]."""
    metric, _, number = text.rpartition("=")
    metric = metric.strip().replace("-", "_") or "accuracy"
    if metric not in BAR_METRICS:
        raise click.BadParameter(
            f"unknown figure {metric!r}; the figures are {', '.join(BAR_METRICS)}"
        )
    bar = fraction(number)
    if bar is None:
        raise click.BadParameter(f"{text!r}: the bar is a number from 0 to 1")
    return metric, bar


def _bars(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> tuple[tuple[str, float], ...]:
    return tuple(parse_bar(v) for v in values)


def below_bars(summary: dict[str, Any], bars: tuple[tuple[str, float], ...]) -> list[str]:
    """One line for each figure under its bar (a figure the eval could not compute, such
    as exact_match with no accepted answers, is under any bar)."""
    lines = []
    for metric, bar in bars:
        figure = summary.get(metric)
        if figure is None:
            lines.append(
                f"{metric} has no value in this eval (no case measures it), "
                f"so it is under its bar {bar:g} (--fail-under)"
            )
        elif figure < bar:
            lines.append(f"{metric} {figure:.4g} is under its bar {bar:g} (--fail-under)")
    return lines


class _RunByDefault(click.Group):
    """``sleuth eval SUITE`` means ``sleuth eval run SUITE``; ``compare``, ``list`` and
    ``show`` are subcommands."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group("eval", cls=_RunByDefault)
def eval_group() -> None:
    """Judge the agent on a suite of questions (`sleuth eval SUITE`), or compare evals."""


@eval_group.command("run")
@click.argument("suite", required=False)
@click.option(
    "--dataset",
    metavar="KIND:PATH",
    help="A standard QA file instead of a suite: squad2:PATH, hotpotqa:PATH or musique:PATH.",
)
@click.option(
    "--setting",
    type=click.Choice(["closed", "open"]),
    default="closed",
    show_default=True,
    help="closed: each question sees only its own paragraphs; "
    "open: all paragraphs of the file form one corpus.",
)
@click.option(
    "--derive-unanswerable",
    is_flag=True,
    help="Multi-hop data: add, for each question, a copy without the gold paragraphs "
    "that state its answer.",
)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="The first N cases.")
@click.option(
    "--strict",
    is_flag=True,
    help="--dataset: the first bad record (no context, no paragraphs, a wrong type, no "
    "question or answer, ...) is an error (exit 2) instead of skipped with a counted warning.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1, max=64),
    default=1,
    show_default=True,
    help="Cases run at once (results keep the suite's order): with --model, as tasks "
    "on one event loop sharing one connection pool; otherwise on threads.",
)
@index_option
@click.option(
    "--corpus",
    default=None,
    metavar="NAME|FILE",
    help="The corpus of a suite file's cases that name none (with --index, every case "
    "researches the index instead and needs no corpus).",
)
@model_options
@min_confidence_option
@budget_options
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the summary and every case.")
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write a self-contained HTML report.",
)
@click.option(
    "--fail-under",
    "bars",
    multiple=True,
    callback=_bars,
    metavar="[METRIC=]VALUE",
    help="For CI: exit 3 when a figure is under its bar, saying which (repeatable). "
    f"A bare VALUE is for accuracy; METRIC is one of {', '.join(BAR_METRICS)}.",
)
@click.option(
    "--judge",
    metavar="PROVIDER:NAME",
    default=None,
    help="Also have a model judge whether each answer's evidence supports it.",
)
@click.option("--judge-base-url", metavar="URL", default=None, help="The judge model's server.")
def eval_run(
    suite: str | None,
    dataset: str | None,
    setting: str,
    derive_unanswerable: bool,
    limit: int | None,
    strict: bool,
    workers: int,
    index_dir: str | Path | None,
    corpus: str | None,
    model: str | None,
    base_url: str | None,
    protocol: str,
    stream: bool,
    min_confidence: float | Literal["fitted"] | None,
    max_steps: int,
    max_tokens: int | None,
    timeout: float,
    db: Path | str | None,
    as_json: bool,
    html_path: Path | None,
    bars: tuple[tuple[str, float], ...],
    judge: str | None,
    judge_base_url: str | None,
) -> int:
    """Run SUITE (a built-in corpus name or a JSONL file of cases), or --dataset.
    Exits 0, or 3 when a figure is under its --fail-under bar."""
    if (suite is None) == (dataset is None):
        raise UsageError("give a SUITE or --dataset KIND:PATH (one of them)")
    configured = run_defaults(click.get_current_context(), source=False)
    model = configured.get("model", model)
    base_url = configured.get("base_url", base_url)
    protocol = configured.get("protocol", protocol)
    max_steps = configured.get("max_steps", max_steps)
    max_tokens = configured.get("max_tokens", max_tokens)
    timeout = configured.get("timeout", timeout)
    if dataset is not None and (index_dir is not None or corpus is not None):
        raise UsageError("--index and --corpus are for suites; a --dataset brings its own pages")
    if index_dir is not None and corpus is not None:
        raise UsageError("give --index or --corpus, not both")
    if dataset is None and (derive_unanswerable or setting != "closed" or strict):
        raise UsageError("--setting, --derive-unanswerable and --strict are for --dataset")
    if dataset is not None:
        chosen: Suite = dataset_suite(dataset, setting, limit, derive_unanswerable, strict)
        _warn_skipped(chosen)
    elif index_dir is not None:  # every case researches the on-disk index instead
        indexed, _ = open_corpus(None, index_dir)
        chosen = load_suite(str(suite), limit, source=lambda: indexed)
    else:
        chosen = load_suite(str(suite), limit, corpus=corpus)
    limits = budgets(max_steps, max_tokens, timeout)
    make_policy(
        None, None, model, base_url, protocol, stream, min_confidence
    )  # fail early on bad flags
    grader = None
    if judge is not None:
        from sleuth.models import make_backend

        grader = Judge(make_backend(judge, base_url=judge_base_url))
    elif judge_base_url is not None:
        raise UsageError("--judge-base-url is only for --judge")
    store = open_store(db)
    record = _run_with_progress(
        chosen,
        lambda: make_policy(None, None, model, base_url, protocol, stream, min_confidence),
        workers,
        limits,
        store,
        quiet=as_json,
        judge=grader,
    )
    _show(record, as_json, html_path)
    under = below_bars(record["summary"] or {}, bars)
    for line in under:
        click.echo(f"sleuth: {line}", err=True)
    return BELOW_BAR if under else 0


def _warn_skipped(suite: Suite) -> None:
    """Say on stderr how many bad records the dataset file had, naming the first few."""
    if not suite.skipped:
        return
    n = len(suite.skipped)
    click.echo(
        f"sleuth: warning: skipped {n} bad record{'s' if n != 1 else ''} of the dataset "
        "(--strict makes a bad record an error):",
        err=True,
    )
    for skipped in suite.skipped[:SHOWN_SKIPPED]:
        click.echo(f"  {skipped}", err=True)
    if n > SHOWN_SKIPPED:
        click.echo(f"  ... and {n - SHOWN_SKIPPED} more (all in the eval's JSON)", err=True)


def _run_with_progress(
    suite: Suite,
    make: Any,
    workers: int,
    limits: Any,
    store: Any,
    quiet: bool,
    judge: Judge | None,
) -> dict[str, Any]:
    if quiet or not sys.stderr.isatty():
        return run_eval(suite, make, workers=workers, budgets=limits, store=store, judge=judge)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[passed]} passed"),
        transient=True,
    ) as bar:
        task = bar.add_task(f"eval {suite.name}", total=len(suite.cases), passed=0)
        passed = 0

        def advance(case: dict[str, Any]) -> None:
            nonlocal passed
            passed += bool(case["passed"])
            bar.update(task, advance=1, passed=passed)

        return run_eval(
            suite, make, workers=workers, budgets=limits, store=store, on_case=advance, judge=judge
        )


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


def _load(store: EvalStore, eval_id: str) -> dict[str, Any]:
    record = store.get(eval_id)
    if record is None:
        raise UsageError(f"no eval {eval_id!r} (or the prefix matches several)")
    if record["summary"] is None:
        raise UsageError(f"eval {record['id']} did not finish")
    return record


@eval_group.command("compare")
@click.argument("before")
@click.argument("after")
@db_option
@click.option("--json", "as_json", is_flag=True)
def eval_compare(before: str, after: str, db: Path | str | None, as_json: bool) -> None:
    """The cases that regressed and improved from eval BEFORE to eval AFTER."""
    store = EvalStore(open_store(db))
    diff = compare(_load(store, before), _load(store, after))
    if as_json:
        click.echo(json.dumps(diff, indent=2, ensure_ascii=False))
    else:
        print_comparison(diff, out)


@eval_group.command("list")
@db_option
@click.option("--json", "as_json", is_flag=True)
def eval_list(db: Path | str | None, as_json: bool) -> None:
    """Stored evals, newest first."""
    rows = EvalStore(open_store(db)).list()
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        state = f"{row['passed'] or 0}/{row['cases']} passed" if row["done"] else "unfinished"
        out.print(
            f"{row['id']}  {row['created_at'][:16].replace('T', ' ')}  {state:<16} "
            f"{row['suite']}  [dim]{row['policy']}[/]"
        )


@eval_group.command("show")
@click.argument("eval_id")
@db_option
@click.option("--json", "as_json", is_flag=True)
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path))
def eval_show(eval_id: str, db: Path | str | None, as_json: bool, html_path: Path | None) -> None:
    """A stored eval's report."""
    _show(_load(EvalStore(open_store(db)), eval_id), as_json, html_path)


def _show(record: dict[str, Any], as_json: bool, html_path: Path | None) -> None:
    """Render an eval record: JSON or the terminal report, and the HTML file if asked."""
    if html_path is not None:
        _write(html_path, html_report(record))
    if as_json:
        click.echo(json.dumps(record, indent=2, ensure_ascii=False))
        return
    print_report(record, out)
    if html_path is not None:
        out.print(f"[dim]HTML report: {html_path}[/]")
