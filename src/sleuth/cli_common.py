"""What the CLI's commands share: the console, common options, the store, the policy."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import click
from click.core import ParameterSource
from rich.console import Console

from sleuth.config import load_defaults
from sleuth.db import StoreError, describe, parse_target
from sleuth.errors import UsageError
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.runtime import Policy
from sleuth.state import Budgets
from sleuth.store import RunStore

F = TypeVar("F", bound=Callable[..., Any])

out = Console(highlight=False, soft_wrap=True)


class DatabaseParam(click.Path):
    """``--db``: a SQLite file (a `Path`, not a directory) or a ``postgresql://`` URL
    (kept as text)."""

    name = "path|url"

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            try:
                target = parse_target(value)
            except UsageError as exc:
                self.fail(str(exc), param, ctx)
            if isinstance(target, str):
                return target
        return super().convert(value, param, ctx)


def _configured_db(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """``--db`` when given, else ``SLEUTH_DB`` / ``db`` in a config file, else None (the
    default store)."""
    if value is not None:
        return value
    configured = load_defaults().get("db")
    if configured is None:
        return None
    target = parse_target(configured)
    return target if isinstance(target, str) else Path(target)


db_option = click.option(
    "--db",
    "db",
    type=DatabaseParam(),
    default=None,
    metavar="PATH|URL",
    callback=_configured_db,
    help="The runs store: a SQLite file, or a PostgreSQL database as postgresql://USER@HOST/DB "
    "(needs the postgres extra). Default: SLEUTH_DB, db in ./sleuth.toml or the user config, "
    "else $SLEUTH_HOME/runs.db or ~/.local/share/sleuth/runs.db.",
)


def run_defaults(ctx: click.Context, source: bool) -> dict[str, Any]:
    """The configured defaults (`sleuth.config`) for the flags of ``ctx``'s command that
    were not typed, by parameter name: model and base URL (unless --model, --base-url,
    --policy or --script was typed), protocol and budgets, and with ``source`` the corpus
    or index (unless --corpus or --index was typed)."""
    typed = {
        name for name in ctx.params if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
    }
    configured = load_defaults().values
    chosen: dict[str, Any] = {}
    if not typed & {"model", "base_url", "policy", "script"}:
        chosen.update({k: configured[k] for k in ("model", "base_url") if k in configured})
    for key in ("protocol", "max_steps", "max_tokens", "timeout"):
        if key not in typed and key in configured:
            chosen[key] = configured[key]
    if source and not typed & {"corpus", "index_dir"}:
        if "index" in configured:
            chosen["index_dir"] = parse_target(configured["index"])
        if "corpus" in configured:
            chosen["corpus"] = configured["corpus"]
    return chosen


def model_options(function: F) -> F:
    """--model, --base-url, --protocol and --stream."""
    function = click.option("--stream", is_flag=True, help="Stream the model's replies.")(function)
    function = click.option(
        "--protocol",
        type=click.Choice(["tools", "react"]),
        default="tools",
        show_default=True,
        help="How the model calls tools: native tool calls, or ReAct text "
        "(Thought / Action / Action Input).",
    )(function)
    function = click.option(
        "--base-url",
        metavar="URL",
        default=None,
        help="The model server, e.g. http://127.0.0.1:11434/v1 for Ollama "
        "(default: SLEUTH_BASE_URL or base_url in a config file).",
    )(function)
    function = click.option(
        "--model",
        metavar="PROVIDER:NAME",
        default=None,
        help="Ask a model instead: openai:NAME (any OpenAI-compatible server, with --base-url) "
        "or anthropic:NAME. Keys come from OPENAI_API_KEY / ANTHROPIC_API_KEY. Default: "
        "SLEUTH_MODEL or model in ./sleuth.toml or the user config; else no model.",
    )(function)
    return function


def _min_confidence(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> float | Literal["fitted"] | None:
    if value is None:
        return None
    if value.strip().lower() == "fitted":
        return "fitted"
    number = fraction(value)
    if number is None:
        raise click.BadParameter(f"{value!r} is not a probability in [0, 1], nor 'fitted'")
    return number


def fraction(text: str) -> float | None:
    """``text`` as a number from 0 to 1; None when it is none (``nan`` is none either)."""
    try:
        number = float(text)
    except ValueError:
        return None
    return number if 0.0 <= number <= 1.0 else None


def min_confidence_option(function: F) -> F:
    """--min-confidence P|fitted: the offline policy's abstention threshold."""
    return click.option(
        "--min-confidence",
        metavar="P|fitted",
        default=None,
        callback=_min_confidence,
        help="Offline policy: abstain (incomplete, fact_missing) when the answer's calibrated "
        "confidence is under P, a probability in [0, 1]; 'fitted' takes the model file's "
        "threshold (the default: 0.5, an answer likelier right than wrong by a model "
        "calibrated on data no rule was written from); 0 answers whatever passes the hard "
        "rules and reports the confidence.",
    )(function)


def budget_options(function: F) -> F:
    """--max-steps, --max-tokens and --timeout."""
    function = click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True, max=86400),
        default=120.0,
        show_default=True,
        help="Wall-clock budget in seconds (or SLEUTH_TIMEOUT / timeout in a config file).",
    )(function)
    function = click.option(
        "--max-tokens",
        type=click.IntRange(min=1),
        default=None,
        help="Token budget for model calls (input + output); none by default (or "
        "SLEUTH_MAX_TOKENS / max_tokens in a config file).",
    )(function)
    function = click.option(
        "--max-steps",
        type=click.IntRange(min=1, max=1000),
        default=6,
        show_default=True,
        help="Step budget (or SLEUTH_MAX_STEPS / max_steps in a config file).",
    )(function)
    return function


def budgets(max_steps: int, max_tokens: int | None, timeout: float) -> Budgets:
    if not math.isfinite(timeout):
        raise UsageError("--timeout must be a finite number of seconds")
    return Budgets(max_steps=max_steps, timeout_s=timeout, max_tokens=max_tokens)


def open_store(db: Path | str | None) -> RunStore:
    """The runs store (a path or a ``postgresql://`` URL), or a usage error naming it
    (never with its password) when it cannot be opened."""
    try:
        return RunStore(db)
    except StoreError as exc:  # the message names the store already, password hidden
        raise UsageError(f"cannot open the runs store {exc}") from None
    except OSError as exc:
        where = describe(db) if db is not None else "the default runs store"
        raise UsageError(f"cannot open {where}: {exc}") from None


def make_policy(
    name: str | None,
    script: Path | None,
    model: str | None,
    base_url: str | None,
    protocol: str,
    stream: bool,
    min_confidence: float | Literal["fitted"] | None = None,
) -> Policy:
    """The policy the flags ask for: a model, a script, or the offline policy (with
    ``min_confidence`` as its abstention threshold)."""
    if min_confidence is not None and (model is not None or name == "scripted" or script):
        raise UsageError("--min-confidence is for the offline policy (no --model or --script)")
    if model is not None:
        if name is not None or script is not None:
            raise UsageError("--model cannot be combined with --policy or --script")
        from sleuth.models import model_policy

        wire: Literal["tools", "react"] = "react" if protocol == "react" else "tools"
        return model_policy(model, base_url=base_url, protocol=wire, stream=stream)
    if base_url is not None:
        raise UsageError("--base-url is only for --model")
    if name == "scripted" or (name is None and script is not None):
        if script is None:
            raise UsageError("--policy scripted needs --script FILE")
        return ScriptedPolicy.from_file(script)
    if script is not None:
        raise UsageError("--script is only for --policy scripted")
    return OfflinePolicy(min_confidence="fitted" if min_confidence is None else min_confidence)
