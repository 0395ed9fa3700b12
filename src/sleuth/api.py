"""The short way in: one call, a question in, a `Result` out.

    >>> import sleuth
    >>> result = sleuth.ask("Who founded Acme Robotics?")           # the built-in demo corpus
    >>> result.status.value, result.answer, result.citations
    ('ready_for_review', 'Ada Ortiz', ['https://wiki.example/Acme_Robotics'])

Over your own documents, ``sleuth.ask("...", index="./idx")`` (an index built with
``sleuth index DOCS --index ./idx``); with a model, ``model="openai:gpt-4o-mini"``;
from async code, ``await sleuth.aask(...)``. These run the very loop the CLI runs, with
the same budgets, validation and store, and read no config file or ``SLEUTH_*`` default:
what you pass is what runs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, Literal

from sleuth.corpus import DEFAULT_CORPUS, Corpus, load_corpus
from sleuth.db import StoreError, describe
from sleuth.effects import PendingAction
from sleuth.errors import UsageError
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import ConflictRule, Result
from sleuth.runtime import CorpusSource, Policy, arun, as_corpus, run_steps
from sleuth.search import SearchIndex
from sleuth.state import Budgets, Step, Task
from sleuth.store import RunStore
from sleuth.untrusted import question_problem

__all__ = ["aask", "ask"]

StoreSpec = str | os.PathLike[str] | RunStore | Literal[False] | None


def ask(
    question: str,
    *,
    index: str | os.PathLike[str] | CorpusSource | None = None,
    corpus: str | os.PathLike[str] | Corpus | None = None,
    model: str | None = None,
    policy: Policy | None = None,
    base_url: str | None = None,
    protocol: Literal["tools", "react"] = "tools",
    require: Sequence[str] = (),
    conflict_rule: ConflictRule | str | None = None,
    max_steps: int = 6,
    timeout: float = 120.0,
    max_tokens: int | None = None,
    db: StoreSpec = None,
    on_step: Callable[[Step], Any] | None = None,
) -> Result:
    """Research ``question`` and return the `Result`: an answer with citations and
    verbatim evidence from pages opened in this run, or ``cannot_answer`` with a reason.

    Args:
        question: What to find out, e.g. ``"Who founded Acme Robotics?"``.
        index: An on-disk index folder built by ``sleuth index`` (or one already opened
            with `sleuth.index.open_index`).
        corpus: A built-in corpus name (``"acme"``, ``"workshop"``, ``"brand"``), a
            JSON/JSONL file, or a `Corpus`. Give ``index`` or ``corpus``, not both;
            neither means the built-in ``"acme"`` demo corpus.
        model: ``"openai:NAME"`` (any OpenAI-compatible server, see ``base_url``) or
            ``"anthropic:NAME"``; keys come from ``OPENAI_API_KEY`` /
            ``ANTHROPIC_API_KEY``. None (the default) is the offline policy: no model.
        policy: A policy object instead of ``model`` (e.g. a `ScriptedPolicy`).
        base_url: The model server, e.g. ``"http://127.0.0.1:11434/v1"`` for Ollama.
        protocol: How the model calls tools: ``"tools"`` (native) or ``"react"`` text.
        require: Field names that make this a brief: each needs its own sourced value.
        conflict_rule: ``"newest"`` or ``"authority"`` resolves disagreeing sources;
            None keeps them for review (status ``conflict``).
        max_steps: Step budget (each search, open or finish is a step).
        timeout: Wall-clock budget in seconds.
        max_tokens: Token budget for model calls (input + output); None for none.
        db: Where the run is stored: a SQLite path, a ``postgresql://`` URL or a
            `RunStore`; None is the default store (``$SLEUTH_HOME/runs.db`` or
            ``~/.local/share/sleuth/runs.db``); False stores nothing.
        on_step: Called with each `Step` as it is recorded.

    Returns:
        The `Result`. Its ``status`` is ``ready_for_review``, ``incomplete``,
        ``conflict`` or ``budget_exhausted``; ``cannot_answer`` is true for all but the
        first. A budget running out is an outcome, not an exception.

    Raises:
        UsageError: A bad argument (both ``index`` and ``corpus``, an empty question, a
            budget out of range, a missing model SDK or key).
        CorpusError: A corpus or index that cannot be opened (a `UsageError`).
    """
    with ExitStack() as cleanup:
        prepared = _prepare(
            cleanup, question, index, corpus, model, policy, base_url, protocol, require,
            conflict_rule, max_steps, timeout, max_tokens, db,
        )  # fmt: skip
        steps = run_steps(
            prepared.task,
            prepared.corpus,
            prepared.policy,
            prepared.budgets,
            index=prepared.index,
            recorder=prepared.store,
        )
        while True:
            try:
                step = next(steps)
            except StopIteration as stop:
                return _result(stop.value)
            if on_step is not None:
                on_step(step)
    raise AssertionError("unreachable")  # pragma: no cover - for type checkers


async def aask(
    question: str,
    *,
    index: str | os.PathLike[str] | CorpusSource | None = None,
    corpus: str | os.PathLike[str] | Corpus | None = None,
    model: str | None = None,
    policy: Policy | None = None,
    base_url: str | None = None,
    protocol: Literal["tools", "react"] = "tools",
    require: Sequence[str] = (),
    conflict_rule: ConflictRule | str | None = None,
    max_steps: int = 6,
    timeout: float = 120.0,
    max_tokens: int | None = None,
    db: StoreSpec = None,
    on_step: Callable[[Step], Any] | None = None,
) -> Result:
    """`ask` without blocking the event loop: model calls are awaited, so many
    questions can run at once (``asyncio.gather(*(sleuth.aask(q, ...) for q in qs))``).
    Same arguments, same `Result`. A model policy it makes is closed when the run ends;
    one you pass in is yours to close (``async with policy:``)."""
    with ExitStack() as cleanup:
        prepared = _prepare(
            cleanup, question, index, corpus, model, policy, base_url, protocol, require,
            conflict_rule, max_steps, timeout, max_tokens, db,
        )  # fmt: skip
        try:
            ended = await arun(
                prepared.task,
                prepared.corpus,
                prepared.policy,
                prepared.budgets,
                index=prepared.index,
                recorder=prepared.store,
                on_step=on_step,
            )
        finally:
            aclose = getattr(prepared.policy, "aclose", None)
            if prepared.owns_policy and aclose is not None:
                await aclose()
        return _result(ended)
    raise AssertionError("unreachable")  # pragma: no cover - for type checkers


@dataclass(frozen=True)
class _Prepared:
    task: Task
    corpus: Corpus
    index: SearchIndex | None
    policy: Policy
    owns_policy: bool
    budgets: Budgets
    store: RunStore | None


def _prepare(
    cleanup: ExitStack,
    question: str,
    index: str | os.PathLike[str] | CorpusSource | None,
    corpus: str | os.PathLike[str] | Corpus | None,
    model: str | None,
    policy: Policy | None,
    base_url: str | None,
    protocol: str,
    require: Sequence[str],
    conflict_rule: ConflictRule | str | None,
    max_steps: int,
    timeout: float,
    max_tokens: int | None,
    db: StoreSpec,
) -> _Prepared:
    """Check every argument before anything is opened, then open what the run needs
    (what this call opens, it closes: ``cleanup``)."""
    if not isinstance(question, str) or not question.strip():
        raise UsageError("ask() needs a non-empty question")
    problem = question_problem(question)
    if problem:
        raise UsageError(f"ask(): {problem}")
    if isinstance(require, str):
        raise UsageError("require is a list of field names, e.g. require=['venue', 'time']")
    fields = tuple(dict.fromkeys(str(f).strip() for f in require))
    if any(not f for f in fields):
        raise UsageError("require has an empty field name")
    try:
        rule = ConflictRule(conflict_rule) if conflict_rule is not None else None
    except ValueError:
        known = ", ".join(r.value for r in ConflictRule)
        raise UsageError(
            f"unknown conflict_rule {conflict_rule!r}; the rules are {known}"
        ) from None
    try:
        limits = Budgets(max_steps=max_steps, timeout_s=float(timeout), max_tokens=max_tokens)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"ask(): {exc}") from None
    if index is not None and corpus is not None:
        raise UsageError("give index= or corpus=, not both")
    if protocol not in ("tools", "react"):
        raise UsageError(f"protocol is 'tools' or 'react', not {protocol!r}")
    chosen, owns = _policy(model, policy, base_url, protocol)
    pages, search = _source(cleanup, index, corpus)
    store = _store(cleanup, db)
    task = Task(question=question.strip(), require=fields, conflict_rule=rule)
    return _Prepared(task, pages, search, chosen, owns, limits, store)


def _policy(
    model: str | None, policy: Policy | None, base_url: str | None, protocol: str
) -> tuple[Policy, bool]:
    if model is not None and policy is not None:
        raise UsageError("give model= or policy=, not both")
    if policy is not None:
        if base_url is not None:
            raise UsageError("base_url= is for model=, not for a policy object")
        return policy, False
    if model is None:
        if base_url is not None:
            raise UsageError("base_url= needs model=")
        return OfflinePolicy(), True
    from sleuth.models import model_policy

    wire: Literal["tools", "react"] = "react" if protocol == "react" else "tools"
    return model_policy(model, base_url=base_url, protocol=wire), True


def _source(
    cleanup: ExitStack,
    index: str | os.PathLike[str] | CorpusSource | None,
    corpus: str | os.PathLike[str] | Corpus | None,
) -> tuple[Corpus, SearchIndex | None]:
    if index is None:
        if isinstance(corpus, Corpus):
            return corpus, None
        if corpus is not None and not os.fspath(corpus).strip():
            raise UsageError("corpus= is empty: give a built-in name or a corpus file")
        return load_corpus(os.fspath(corpus) if corpus is not None else DEFAULT_CORPUS), None
    if isinstance(index, str | os.PathLike):
        from sleuth.index import open_index

        opened = open_index(os.fspath(index))  # a postgresql:// URL as written, not a Path
        cleanup.callback(opened.close)
        indexed = opened.corpus()
        return indexed, indexed
    try:
        pages = as_corpus(index)
    except TypeError:
        raise UsageError(
            f"index= is a folder or an opened index, not {type(index).__name__}"
        ) from None
    return pages, None  # an indexed corpus searches itself


def _store(cleanup: ExitStack, db: StoreSpec) -> RunStore | None:
    if db is False:
        return None
    if isinstance(db, RunStore):
        return db
    if not isinstance(db, str | os.PathLike | None):  # True, or anything else
        raise UsageError("db= is a path, a URL, a RunStore, None (the default store) or False")
    target = os.fspath(db) if db is not None else None
    try:
        store = RunStore(target)
    except StoreError as exc:  # the message names the store already, password hidden
        raise UsageError(f"cannot open the runs store {exc}") from None
    except OSError as exc:
        where = describe(target) if target is not None else "the default runs store"
        raise UsageError(f"cannot open {where}: {exc}") from None
    cleanup.callback(store.close)
    return store


def _result(ended: Result | PendingAction) -> Result:
    if isinstance(ended, PendingAction):  # pragma: no cover - ask() offers no side effects
        raise UsageError(f"the run paused for approval of {ended.tool}")
    return ended
