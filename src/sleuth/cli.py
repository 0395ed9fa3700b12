"""The `sleuth` command line. Pretty output lives here and only here.

Errors print one line on stderr and exit non-zero: 2 for usage (bad flags, unknown
corpus, malformed files), 1 for internal errors. Set SLEUTH_DEBUG=1 for a traceback.
A command that runs research (``ask``, ``runs resume``, ``runs approve``) exits with its
run's outcome (`EXIT_CODES`), unless ``--exit-zero``.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
import sys
import traceback
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any, Literal

import click
from click.core import ParameterSource

from sleuth import lifecycle, telemetry
from sleuth.cli_common import (
    budget_options,
    budgets,
    db_option,
    make_policy,
    min_confidence_option,
    model_options,
    open_store,
    out,
    run_defaults,
)
from sleuth.cli_corpus import bench, index_command, index_option, open_corpus, search_command
from sleuth.cli_eval import eval_group
from sleuth.cli_mcp import mcp_command
from sleuth.cli_serve import keys_group, serve
from sleuth.config import PROJECT_FILE, SETTINGS, load_defaults, user_config_path
from sleuth.corpus import DEFAULT_CORPUS, Corpus, builtin_names, load_corpus
from sleuth.effects import PendingAction, paused_view, publishing
from sleuth.errors import ScriptExhaustedError, SleuthError, UsageError
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.result import ConflictRule, Result, Status
from sleuth.runtime import Policy, resume_steps, run_steps
from sleuth.search import SearchIndex
from sleuth.state import Step, Task
from sleuth.store import RunStore
from sleuth.store.models import THINKING, RunStatus, StoredRun
from sleuth.untrusted import escape, question_problem

#: The exit code of a command that ran research to an end, by the run's outcome. Errors
#: are 1 (internal) and 2 (usage), as for every command; ``--exit-zero`` makes any
#: finished run 0.
EXIT_CODES: dict[str, int] = {
    Status.READY_FOR_REVIEW.value: 0,
    Status.INCOMPLETE.value: 3,
    Status.CONFLICT.value: 4,
    Status.BUDGET_EXHAUSTED.value: 5,
    "awaiting_approval": 6,
}
INTERNAL_ERROR, USAGE_ERROR = 1, 2

EXIT_HELP = """\b
Exit codes:
  0  answered (ready_for_review)
  3  cannot answer (incomplete: no_hits, not_found, fact_missing,
     invalid_finish, model_error, rejected, cancelled)
  4  conflict (the opened sources disagree)
  5  budget exhausted (steps, tokens or time)
  6  paused, awaiting approval (--publish)
  1  internal error    2  usage error
--exit-zero: 0 for any run that ended (errors are still 1 or 2)."""

exit_zero_option = click.option(
    "--exit-zero",
    is_flag=True,
    help="Exit 0 whatever the run's outcome (errors still exit 1 or 2).",
)


def outcome_code(status: str, exit_zero: bool = False) -> int:
    """The exit code for a run that ended with ``status`` (see `EXIT_CODES`)."""
    return 0 if exit_zero else EXIT_CODES[status]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sleuth")
@click.option(
    "--otel",
    is_flag=True,
    help="Export OpenTelemetry traces of runs (OTLP over HTTP unless OTEL_* say otherwise; "
    "needs the otel extra). The standard OTEL_* variables switch it on too.",
)
def cli(otel: bool) -> None:
    """sleuth: a research agent that cites only pages it opened, quotes them verbatim,
    or says why it cannot answer.

    `sleuth ask` exits with its run's outcome (see `sleuth ask --help`); defaults for
    --model, --index, --db and the budgets come from SLEUTH_* variables, ./sleuth.toml
    and ~/.config/sleuth/config.toml (`sleuth config` shows them)."""
    if telemetry.configure(force=otel):
        click.get_current_context().call_on_close(telemetry.shutdown)  # spans flushed on exit


@cli.command(epilog=EXIT_HELP)
@click.argument("question")
@click.option(
    "--corpus",
    default=DEFAULT_CORPUS,
    show_default=True,
    help=f"A built-in corpus ({', '.join(builtin_names())}) or a JSON/JSONL file.",
)
@index_option
@click.option(
    "--policy",
    type=click.Choice(["offline", "scripted"]),
    default=None,
    help="Who decides each step. Default: offline (no model), or scripted with --script.",
)
@click.option(
    "--script",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A JSON file of raw model outputs for the scripted policy.",
)
@model_options
@click.option(
    "--require",
    "require",
    multiple=True,
    metavar="FIELD",
    help="Run a brief: a field that needs its own sourced value (repeatable).",
)
@click.option(
    "--conflict-rule",
    type=click.Choice([r.value for r in ConflictRule]),
    default=None,
    help="Resolve conflicts by this explicit rule instead of keeping them for review.",
)
@click.option(
    "--publish",
    is_flag=True,
    help="Offer publish_brief: a ready answer or brief waits for `sleuth runs approve` "
    "before it is written to the outbox.",
)
@min_confidence_option
@budget_options
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the Result as JSON.")
@click.option("--thoughts", is_flag=True, help="Show the policy's thoughts as it goes.")
@exit_zero_option
def ask(
    question: str,
    corpus: str,
    index_dir: str | Path | None,
    policy: str | None,
    script: Path | None,
    model: str | None,
    base_url: str | None,
    protocol: str,
    stream: bool,
    require: tuple[str, ...],
    conflict_rule: str | None,
    publish: bool,
    min_confidence: float | Literal["fitted"] | None,
    max_steps: int,
    max_tokens: int | None,
    timeout: float,
    db: Path | str | None,
    as_json: bool,
    thoughts: bool,
    exit_zero: bool,
) -> int:
    """Research QUESTION in a corpus and answer with sources, or say why it cannot.
    The exit code says how the run ended (below)."""
    if not question.strip():
        raise UsageError("the question is empty")
    ctx = click.get_current_context()
    configured = run_defaults(ctx, source=True)
    model = configured.get("model", model)
    base_url = configured.get("base_url", base_url)
    protocol = configured.get("protocol", protocol)
    max_steps = configured.get("max_steps", max_steps)
    max_tokens = configured.get("max_tokens", max_tokens)
    timeout = configured.get("timeout", timeout)
    index_dir = configured.get("index_dir", index_dir)
    corpus_given = ctx.get_parameter_source("corpus") is not ParameterSource.DEFAULT
    if "corpus" in configured:
        corpus, corpus_given = configured["corpus"], True
    fields = tuple(dict.fromkeys(f.strip() for f in require))
    if any(not f for f in fields):
        raise UsageError("--require needs a field name")
    problem = question_problem(question)
    if problem:
        raise UsageError(problem)
    chosen = make_policy(policy, script, model, base_url, protocol, stream, min_confidence)
    task = Task(
        question=question.strip(),
        require=fields,
        conflict_rule=ConflictRule(conflict_rule) if conflict_rule else None,
        publish=publish,
    )
    pages, search_index = open_corpus(corpus, index_dir, corpus_given=corpus_given)
    store = open_store(db)
    steps = run_steps(
        task,
        pages,
        chosen,
        budgets(max_steps, max_tokens, timeout),
        index=search_index,
        recorder=store,
        effects=publishing(store.outbox),
    )
    return outcome_code(_follow(steps, store, chosen, as_json, thoughts), exit_zero)


def _follow(
    steps: Generator[Step, None, Result | PendingAction],
    store: RunStore,
    policy: Policy,
    as_json: bool,
    thoughts: bool,
) -> str:
    """Print each step as it is recorded, then the stored Result (or the pause); how
    the run ended: its status, or ``awaiting_approval``."""
    while True:
        try:
            step = next(steps)
        except StopIteration as stop:
            ended: Result | PendingAction = stop.value
            break
        except ScriptExhaustedError as exc:
            raise SleuthError(f"{exc}: see `sleuth runs show {exc.run_id}`") from None
        if not as_json:
            _print_step(step, thoughts)
    if isinstance(ended, PendingAction):
        if as_json:
            click.echo(json.dumps(paused_view(ended), indent=2, ensure_ascii=False))
        else:
            _print_pending(ended, ended.run_id)
    else:
        stored = store.get_run(ended.run_id)
        assert stored is not None and stored.result is not None
        result = stored.result.model_dump(mode="json")
        if as_json:
            click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            _print_result(result)
    if isinstance(policy, ScriptedPolicy) and policy.remaining:
        click.echo(f"note: {policy.remaining} scripted turn(s) were not used", err=True)
    return "awaiting_approval" if isinstance(ended, PendingAction) else ended.status.value


def _print_pending(action: PendingAction, run_id: str) -> None:
    out.print()
    out.print(
        f"[bold yellow]AWAITING APPROVAL[/]: {action.tool} (step {action.step}); "
        "nothing has been written"
    )
    payload = action.payload
    if payload.get("fields"):
        for name, field in payload["fields"].items():
            out.print(f"  [bold]{escape(name)}[/]: {escape(field['answer'])}")
    else:
        out.print(f"  answer: {escape(payload.get('answer', ''))}")
    out.print(f"[dim]cited: {escape(', '.join(payload.get('citations') or []))}[/]")
    out.print(
        f"[dim]approve: sleuth runs approve {run_id} --step {action.step}   "
        f"reject: sleuth runs reject {run_id} --step {action.step}[/]"
    )


def _short(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _describe(tool: str, args: dict[str, Any]) -> str:
    if tool == "search":
        return f"search {args.get('query')!r}"
    if tool == "open":
        offset = f" @{args['offset']}" if args.get("offset") else ""
        return f"open {args.get('url')}{offset}"
    if tool in ("finish", "publish_brief"):
        return tool
    return f"{tool or '(unparsed)'} {_short(json.dumps(args, ensure_ascii=False), 80)}"


def _observation_line(kind: str, error: str | None, text: str, data: dict[str, Any]) -> str:
    if kind == "hits":
        hits = data.get("hits", [])
        urls = ", ".join(h["url"] for h in hits[:3]) + (" …" if len(hits) > 3 else "")
        return f"{len(hits)} hit(s){': ' + urls if hits else ''}"
    if kind == "page":
        note = " (re-opened)" if data.get("reopened") else ""
        return (
            f"read {data.get('title', '')!r}, characters {data.get('start')}-{data.get('end')} "
            f"of {data.get('length')}{note}"
        )
    return _short(text)


def _print_step(step: Step, thoughts: bool) -> None:
    obs = step.observation
    _step_line(
        step.index,
        step.tool,
        step.args,
        step.thought if thoughts else "",
        obs.kind,
        obs.error,
        obs.text,
        obs.data,
    )


def _step_line(
    index: int,
    tool: str,
    args: dict[str, Any],
    thought: str,
    kind: str,
    error: str | None,
    text: str,
    data: dict[str, Any],
) -> None:
    if thought:
        out.print(f"  [dim]thought: {escape(_short(thought, 200))}[/]")
    colour = "red" if error else "cyan"
    out.print(f"[bold]{index:>2}[/] [{colour}]{escape(_describe(tool, args))}[/]")
    out.print(f"    → {escape(_observation_line(kind, error, text, data))}")


def _print_result(result: dict[str, Any]) -> None:
    out.print()
    if not result["cannot_answer"]:
        out.print(f"[bold green]ANSWER[/] ({result['status']}): {escape(result['answer'])}")
        _print_fields(result)
        for quote in result["evidence"]:
            _print_quote(quote)
        out.print(f"[dim]cited: {escape(', '.join(result['citations']))}[/]")
        if result.get("resolution"):
            r = result["resolution"]
            out.print(
                f"[yellow]conflict resolved by rule {r['rule']!r}: picked {escape(r['picked'])}"
                f" over {escape(', '.join(r['over']))}[/]"
            )
    else:
        reason = f"{result['status']}: {result['reason']}"
        out.print(f"[bold red]CANNOT ANSWER[/] ({reason}): {escape(result['answer'])}")
        _print_fields(result)
        if result["conflicts"]:
            _print_conflicts(result["conflicts"])
    usage = result.get("usage") or {}
    if usage.get("input_tokens") or usage.get("output_tokens"):
        cost = f" · ~${usage['cost_usd']:.4f}" if usage.get("cost_usd") is not None else ""
        out.print(
            f"[dim]tokens: {usage['input_tokens']} in, {usage['cached_input_tokens']} cached, "
            f"{usage['output_tokens']} out{cost}[/]"
        )
    out.print(
        f"[dim]run {result['run_id']} · {result['steps']} steps · "
        f"opened {len(result['opened'])} page(s)[/]"
    )


def _print_fields(result: dict[str, Any]) -> None:
    for name, field in (result.get("fields") or {}).items():
        mark = "[red]✗[/]" if field["cannot_answer"] else "[green]✓[/]"
        out.print(f"  {mark} [bold]{escape(name)}[/]: {escape(field['answer'])}")
        if not result["cannot_answer"]:
            continue
        for quote in field["evidence"]:
            _print_quote(quote, indent="      ")
        if field["conflicts"]:
            _print_conflicts(field["conflicts"], indent="      ")


def _print_quote(quote: dict[str, Any], indent: str = "  ") -> None:
    out.print(f'{indent}[italic]"{escape(quote["text"])}"[/]')
    out.print(
        f"{indent}[dim]— {escape(quote['url'])} (opened at step {quote['opened_step']}, "
        f"characters {quote['start']}-{quote['end']})[/]"
    )


def _print_conflicts(conflicts: list[dict[str, Any]], indent: str = "  ") -> None:
    out.print(f"{indent}[yellow]the opened sources disagree:[/]")
    for c in conflicts:
        meta = ", ".join(
            f"{k} {c[k]}" for k in ("published", "version", "authority") if c.get(k) is not None
        )
        out.print(
            f"{indent}  • [bold]{escape(c['value'])}[/] — {escape(c['citation'])}"
            + (f" [dim]({meta})[/]" if meta else "")
        )
        out.print(f'{indent}    [italic]"{escape(c["evidence"]["text"])}"[/]')


@cli.group()
def runs() -> None:
    """List and replay stored runs."""


@runs.command("list")
@db_option
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def runs_list(db: Path | str | None, limit: int, as_json: bool) -> None:
    """The most recent runs, newest first."""
    rows = open_store(db).list_runs(limit)
    if as_json:
        click.echo(json.dumps([row.to_json() for row in rows], indent=2, ensure_ascii=False))
        return
    if not rows:
        out.print("no runs yet")
        return
    for row in rows:
        outcome = row.status.value + (f"/{row.reason.value}" if row.reason else "")
        when = row.created_at[:16].replace("T", " ")
        out.print(
            f"{row.id}  {when}  {outcome:<25} {row.steps:>2} steps  "
            f"{escape(_short(row.question, 60))}"
        )


@runs.command("show")
@click.argument("run_id")
@db_option
@click.option("--thoughts", is_flag=True, help="Include the policy's thoughts.")
@click.option("--full", is_flag=True, help="Print each observation in full.")
@click.option(
    "--raw", is_flag=True, help="Show the exact request and response bodies of each model call."
)
@click.option("--json", "as_json", is_flag=True, help="The stored run: steps and result.")
def runs_show(
    run_id: str, db: Path | str | None, thoughts: bool, full: bool, raw: bool, as_json: bool
) -> None:
    """Replay a stored run step by step (RUN_ID may be a unique prefix)."""
    run = open_store(db).get_run(run_id)
    if run is None:
        raise UsageError(f"no run {run_id!r} (or the prefix matches several runs)")
    # a model's raw reply and its call bodies carry its thoughts too
    hidden = () if thoughts else ("thought",) if raw else THINKING
    if as_json:
        click.echo(json.dumps(run.to_json(hidden), indent=2, ensure_ascii=False))
        return
    out.print(
        f"[bold]run {run.id}[/] · {run.created_at} · policy {run.policy} · "
        f"corpus {escape(run.corpus)}" + _traces(run.trace_ids)
    )
    out.print(f"question: {escape(run.question)}")
    if run.corpus_build or run.key_id:  # which build it read, who asked
        build = f"corpus build {escape(run.corpus_build or '-')}"
        out.print(build + (f" · API key {escape(run.key_id)}" if run.key_id else ""))
    if run.task.require:
        out.print(f"required fields: {escape(', '.join(run.task.require))}")
    for step in run.steps:
        _step_line(
            step.index,
            step.tool,
            step.args,
            step.thought if thoughts else "",
            step.kind,
            step.error,
            step.observation,
            step.data,
        )
        if full:
            out.print(escape(step.observation), style="dim")
        if raw:
            _print_calls(step.calls)
    if run.result:
        _print_result(run.result.model_dump(mode="json"))
    elif run.status is RunStatus.ERROR:
        out.print(f"[bold red]ERROR[/]: {escape(run.error or '')}")
    elif run.status is RunStatus.AWAITING_APPROVAL and run.approval:
        _print_pending(run.approval.action, run.id)
    elif run.status is RunStatus.RUNNING:
        out.print("[yellow]running[/]: another process is running it now")
    else:
        out.print(
            "[yellow]interrupted[/]: the process ended before this run finished; "
            f"go on with `sleuth runs resume {run.id}`"
        )


def _traces(trace_ids: list[str]) -> str:
    """The OpenTelemetry traces a run was executed under (one per stretch if resumed)."""
    if not trace_ids:
        return ""
    return (" · trace " if len(trace_ids) == 1 else " · traces ") + ", ".join(trace_ids)


def _print_calls(calls: list[dict[str, Any]]) -> None:
    for n, call in enumerate(calls, start=1):
        attempts = call.get("attempts", [])
        out.print(
            f"    [dim]model call {n}: {call.get('provider')}:{call.get('model')} "
            f"({call.get('protocol')}), {len(attempts)} attempt(s)[/]"
        )
        for attempt in attempts:
            if not attempt.get("ok"):
                wait = f", retry in {attempt['retry_in_s']} s" if "retry_in_s" in attempt else ""
                out.print(
                    f"    [red]attempt {attempt['attempt']}: {escape(str(attempt.get('error')))}"
                    f"{wait}[/]"
                )
        click.echo("    request: " + json.dumps(call.get("request"), indent=2, ensure_ascii=False))
        click.echo(
            "    response: " + json.dumps(call.get("response"), indent=2, ensure_ascii=False)
        )


def _resume_options(function: Any) -> Any:
    """Where a stored run goes on: its corpus and policy (by default those it recorded),
    the store, and how to print."""
    for option in reversed(
        [
            click.option(
                "--corpus",
                default=None,
                help="The run's corpus, if it cannot be found by the name it recorded.",
            ),
            index_option,
            click.option("--policy", type=click.Choice(["offline", "scripted"]), default=None),
            click.option(
                "--script",
                type=click.Path(exists=True, dir_okay=False, path_type=Path),
                help="The scripted policy's file, for a run made with one.",
            ),
            model_options,
            db_option,
            click.option("--json", "as_json", is_flag=True, help="Print the Result as JSON."),
            click.option("--thoughts", is_flag=True, help="Show the policy's thoughts."),
            exit_zero_option,
        ]
    ):
        function = option(function)
    return function


def _decision_options(function: Any) -> Any:
    """What a person adds to a decision: a note, and the step of the call they saw."""
    function = click.option(
        "--step",
        type=click.IntRange(min=1),
        default=None,
        help="The step of the call you reviewed: nothing is decided if the run waits on another.",
    )(function)
    return click.option("--note", default=None, help="Why; kept in the trace.")(function)


@runs.command("approve", epilog=EXIT_HELP)
@click.argument("run_id")
@_decision_options
@_resume_options
def runs_approve(run_id: str, note: str | None, step: int | None, **options: Any) -> int:
    """Approve a paused run's side-effecting call (it is applied once), then go on; the
    exit code says how the run ended (below)."""
    return outcome_code(_decide(run_id, True, note, step, **options), options["exit_zero"])


@runs.command("reject")
@click.argument("run_id")
@_decision_options
@_resume_options
def runs_reject(run_id: str, note: str | None, step: int | None, **options: Any) -> None:
    """Reject a paused run's side-effecting call: nothing is applied and the run ends
    (exit 0 once the rejection is recorded)."""
    _decide(run_id, False, note, step, **options)


@runs.command("resume", epilog=EXIT_HELP)
@click.argument("run_id")
@_resume_options
def runs_resume(run_id: str, **options: Any) -> int:
    """Go on with an interrupted run from its last recorded step; the exit code says how
    the run ended (below)."""
    store = open_store(options["db"])
    run = _stored(store, run_id)
    corpus, index, policy = _where_it_goes_on(run, **options)
    lifecycle.claim(store, run)  # a refusal says why, in one line (exit 2)
    ended = _go_on(store, run.id, corpus, index, policy, options["as_json"], options["thoughts"])
    return outcome_code(ended, options["exit_zero"])


@runs.command("cancel")
@click.argument("run_id")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the Result (or the request) as JSON.")
def runs_cancel(run_id: str, db: Path | str | None, as_json: bool) -> None:
    """Cancel a run (RUN_ID may be a unique prefix). One that no process runs (paused
    for approval, or interrupted) ends now, incomplete/cancelled, and its waiting call is
    never applied; a running one (here or on another machine sharing the store) ends so
    after its step in flight. A run that has ended is a usage error (exit 2)."""
    store = open_store(db)
    done = lifecycle.cancel(store, _stored(store, run_id), by=_cli_user())
    result = done.run.result
    if as_json:
        body = (
            result.model_dump(mode="json")
            if result is not None
            else {"run_id": done.run.id, "status": "running", "cancel_requested": True}
        )
        click.echo(json.dumps(body, indent=2, ensure_ascii=False))
    elif done.ended and result is not None:
        out.print(
            f"run {done.run.id} cancelled: {result.status.value}/cancelled, {result.steps} steps"
        )
    else:
        out.print(f"run {done.run.id} is running: it ends after its step in flight")


def _decide(run_id: str, approved: bool, note: str | None, step: int | None, **options: Any) -> str:
    store = open_store(options["db"])
    run = _stored(store, run_id)
    corpus, index, policy = _where_it_goes_on(run, **options)
    try:
        lifecycle.decide(
            store, run, approved, corpus=corpus, index=index, note=note, step=step, by=_cli_user()
        )
    except lifecycle.StaleDecision as refused:
        raise UsageError(f"{refused}: nothing was decided") from None
    return _go_on(store, run.id, corpus, index, policy, options["as_json"], options["thoughts"])


def _cli_user() -> str:
    """Who decides from this command line, for the record."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid
        user = "unknown"
    return f"cli:{user}@{socket.gethostname()}"


def _stored(store: RunStore, run_id: str) -> StoredRun:
    run = store.get_run(run_id)
    if run is None:
        raise UsageError(f"no run {run_id!r} (or the prefix matches several runs)")
    return run


def _where_it_goes_on(
    run: StoredRun,
    corpus: str | None,
    index_dir: str | Path | None,
    policy: str | None,
    script: Path | None,
    model: str | None,
    base_url: str | None,
    protocol: str,
    stream: bool,
    **_: Any,
) -> tuple[Corpus, SearchIndex | None, Policy]:
    """The corpus and policy a stored run goes on with: those it recorded, unless given;
    a different policy than the run's is refused (its trace would not be its own)."""
    if index_dir is None and corpus is None:
        try:
            pages, index = open_corpus(run.corpus, None)
        except SleuthError:
            raise UsageError(
                f"run {run.id} searched {run.corpus!r}, which cannot be opened here: "
                "give --corpus or --index"
            ) from None
    else:
        pages, index = open_corpus(corpus, index_dir, corpus_given=corpus is not None)
    if policy is None and script is None and model is None:
        if run.policy != "offline":
            raise UsageError(
                f"run {run.id} was run by {run.policy!r}: give the same --model "
                "(and --base-url) or --script to go on with it"
            )
        chosen: Policy = OfflinePolicy()
    else:
        chosen = make_policy(policy, script, model, base_url, protocol, stream)
        if chosen.name != run.policy:
            raise UsageError(f"run {run.id} was run by {run.policy!r}, not {chosen.name!r}")
    return pages, index, chosen


def _go_on(
    store: RunStore,
    run_id: str,
    corpus: Corpus,
    index: SearchIndex | None,
    policy: Policy,
    as_json: bool,
    thoughts: bool,
) -> str:
    resumed = lifecycle.resumption(store, run_id, corpus, index)
    steps = resume_steps(
        resumed,
        corpus,
        policy,
        index=index,
        recorder=store,
        effects=publishing(store.outbox),
    )
    return _follow(steps, store, policy, as_json, thoughts)


@cli.command()
@db_option
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def outbox(db: Path | str | None, limit: int, as_json: bool) -> None:
    """What approved side-effecting calls wrote (published briefs), oldest first."""
    items = open_store(db).outbox.items(limit=limit)
    if as_json:
        click.echo(json.dumps(items, indent=2, ensure_ascii=False))
        return
    if not items:
        out.print("the outbox is empty")
    for item in items:
        payload = item["payload"]
        what = payload.get("answer") or ", ".join(payload.get("fields") or {})
        out.print(
            f"{item['key']}  {item['created_at'][:16].replace('T', ' ')}  {item['tool']}  "
            f"{escape(_short(str(what), 60))}"
        )


@cli.command("config")
@click.option("--json", "as_json", is_flag=True, help="The defaults and their origins as JSON.")
def config_command(as_json: bool) -> None:
    """Show the defaults in force and where each comes from: SLEUTH_* variables,
    ./sleuth.toml, the user config file (a flag on the command line beats them all)."""
    defaults = load_defaults()
    user = user_config_path()
    files = {
        "user": str(user) if user is not None else None,
        "user_exists": user is not None and user.is_file(),
        "project": str(Path.cwd() / PROJECT_FILE),
        "project_exists": (Path.cwd() / PROJECT_FILE).is_file(),
    }
    if as_json:
        settings = {
            key: {"value": defaults.values[key], "from": defaults.origins[key]}
            for key in SETTINGS
            if key in defaults.values
        }
        click.echo(json.dumps({"settings": settings, "files": files}, indent=2))
        return
    for key in SETTINGS:
        if key in defaults.values:
            out.print(
                f"{key} = {escape(json.dumps(defaults.values[key]))}  "
                f"[dim]# {escape(defaults.origins[key])}[/]"
            )
    if not defaults.values:
        out.print("no defaults are set: every flag has its built-in default")
    for label, path, exists in (
        ("user config", files["user"], files["user_exists"]),
        ("project config", files["project"], files["project_exists"]),
    ):
        state = "" if exists else " (none)"
        out.print(f"[dim]{label}: {escape(str(path))}{state}[/]")


@cli.command()
def corpora() -> None:
    """List the built-in corpora."""
    for name in builtin_names():
        corpus = load_corpus(name)
        click.echo(f"{name}\t{len(corpus)} pages")


cli.add_command(eval_group)
cli.add_command(index_command)
cli.add_command(search_command)
cli.add_command(bench)
cli.add_command(serve)
cli.add_command(keys_group)
cli.add_command(mcp_command)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: one line per error, no tracebacks (unless SLEUTH_DEBUG=1)."""
    try:
        code = cli.main(
            args=list(argv) if argv is not None else None, prog_name="sleuth", standalone_mode=False
        )
        if isinstance(code, int):  # a command's explicit exit code (e.g. eval --fail-under)
            return code
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click version
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.UsageError as exc:
        hint = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx else ""
        click.echo(f"sleuth: error: {exc.format_message()}{hint}", err=True)
        return USAGE_ERROR
    except click.ClickException as exc:
        click.echo(f"sleuth: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("sleuth: aborted", err=True)
        return 130
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except UsageError as exc:
        click.echo(f"sleuth: error: {exc}", err=True)
        return USAGE_ERROR
    except SleuthError as exc:
        click.echo(f"sleuth: error: {exc}", err=True)
        return INTERNAL_ERROR
    except BrokenPipeError:
        return INTERNAL_ERROR
    except Exception as exc:
        if os.environ.get("SLEUTH_DEBUG"):
            traceback.print_exc()
        click.echo(
            f"sleuth: internal error: {type(exc).__name__}: {exc} "
            "(set SLEUTH_DEBUG=1 for a traceback)",
            err=True,
        )
        return INTERNAL_ERROR
    return 0


def entry() -> None:
    sys.exit(main())
