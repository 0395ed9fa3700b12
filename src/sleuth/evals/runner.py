"""Run a suite: every case through the one runtime, concurrently, graded, stored.

``workers`` cases run at once: with a model, as tasks on one event loop sharing the
policy (its connection pool), through the async runtime; otherwise on threads. Results
keep the suite's order whatever order they finish in. Each case's run is stored like any
other (``sleuth runs show RUN_ID`` explains it) and the eval itself is stored so that two
evals can be compared later.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, replace
from datetime import UTC, datetime
from typing import Any

from sleuth.corpus import Corpus
from sleuth.evals.grading import abstained, grade
from sleuth.evals.judge import Judge
from sleuth.evals.metrics import CaseOutcome, summarize
from sleuth.evals.store import EvalStore
from sleuth.evals.suite import Suite, SuiteCase
from sleuth.evals.summary import SkippedRecord
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.result import Result
from sleuth.runtime import Policy, arun, run_steps
from sleuth.state import Budgets, Step, Task
from sleuth.store import RunStore


def new_eval_id() -> str:
    return "eval-" + datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def run_eval(
    suite: Suite,
    make_policy: Callable[[], Policy],
    *,
    workers: int = 1,
    budgets: Budgets | None = None,
    store: RunStore | None = None,
    on_case: Callable[[dict[str, Any]], None] | None = None,
    judge: Judge | None = None,
) -> dict[str, Any]:
    """Run and grade every case; the eval record (summary and cases, in suite order)."""
    eval_id = new_eval_id()
    first = make_policy()
    policy_name = first.name
    evals = EvalStore(store) if store is not None else None
    if evals:
        evals.start(eval_id, suite.name, policy_name)

    def done(index: int, record: dict[str, Any]) -> dict[str, Any]:
        record["index"] = index
        if evals:
            evals.add_case(eval_id, index, record)
        if on_case:
            on_case(record)
        return record

    def one(indexed: tuple[int, SuiteCase]) -> dict[str, Any]:
        index, case = indexed
        policy = ScriptedPolicy(case.script) if case.script is not None else make_policy()
        return done(index, run_case(case, policy, budgets, store, judge))

    async def concurrently(shared: Policy) -> list[dict[str, Any]]:
        slots = asyncio.Semaphore(max(1, workers))

        async def case_task(index: int, case: SuiteCase) -> dict[str, Any]:
            policy = ScriptedPolicy(case.script) if case.script is not None else shared
            async with slots:
                return done(index, await arun_case(case, policy, budgets, store, judge))

        try:
            return await asyncio.gather(*[case_task(i, c) for i, c in enumerate(suite.cases)])
        finally:
            aclose = getattr(shared, "aclose", None)
            if aclose is not None:
                await aclose()

    if hasattr(first, "adecide"):  # a model: one event loop, one connection pool
        if _loop_running():  # called from async code: the eval's loop gets its own thread
            with ThreadPoolExecutor(max_workers=1) as pool:
                records = pool.submit(asyncio.run, concurrently(first)).result()
        else:
            records = asyncio.run(concurrently(first))
    else:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            records = list(pool.map(one, enumerate(suite.cases)))
    skipped = [SkippedRecord(record=s.record, reason=s.reason) for s in suite.skipped]
    summary = summarize([outcome_of(r) for r in records], skipped)
    if evals:
        evals.finish(eval_id, summary)
    return {
        "id": eval_id,
        "suite": suite.name,
        "policy": policy_name,
        "summary": summary,
        "cases": records,
    }


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def run_case(
    case: SuiteCase,
    policy: Policy,
    budgets: Budgets | None,
    store: RunStore | None,
    judge: Judge | None = None,
) -> dict[str, Any]:
    """One case, run and graded, as a JSON-ready record."""
    try:
        corpus = case.corpus()
        task = Task(case.question, case.require, case.conflict_rule)
        steps: list[Step] = []
        runner = run_steps(task, corpus, policy, budgets, recorder=store)
        while True:
            try:
                steps.append(next(runner))
            except StopIteration as stop:
                result = stop.value
                break
    except Exception as exc:  # a broken case or policy is a failed case, not a dead eval
        return crashed(case, exc)
    return graded_record(case, result, steps, corpus, judge)


async def arun_case(
    case: SuiteCase,
    policy: Policy,
    budgets: Budgets | None,
    store: RunStore | None,
    judge: Judge | None = None,
) -> dict[str, Any]:
    """`run_case` on the event loop (the policy's model calls are awaited)."""
    try:
        corpus = case.corpus()
        task = Task(case.question, case.require, case.conflict_rule)
        steps: list[Step] = []
        result = await arun(task, corpus, policy, budgets, recorder=store, on_step=steps.append)
        if not isinstance(result, Result):  # a suite's tasks offer no side effects
            raise TypeError(f"the run paused for approval of {result.tool}")
    except Exception as exc:
        return crashed(case, exc)
    if judge is None:
        return graded_record(case, result, steps, corpus, None)
    # the judge is a blocking model call: keep it off the loop the other cases run on
    return await asyncio.to_thread(graded_record, case, result, steps, corpus, judge)


def crashed(case: SuiteCase, exc: Exception) -> dict[str, Any]:
    """The record of a case whose run raised."""
    scored = bool(case.expect.answers or case.expect.squad_scored)
    return {
        "case_id": case.id,
        "question": case.question,
        "run_id": getattr(exc, "run_id", None),
        "passed": False,
        "failure": "protocol",
        "error": f"{type(exc).__name__}: {exc}",
        "grades": [],
        "answered": False,
        "abstained": False,  # a crash is no abstention
        "em": 0.0 if scored else None,
        "f1": 0.0 if scored else None,
        "should_abstain": case.expect.abstains,
        "steps": 0,
        "tokens": 0,
        "latency_s": 0.0,
    }


def graded_record(
    case: SuiteCase, result: Result, steps: list[Step], corpus: Corpus, judge: Judge | None
) -> dict[str, Any]:
    """The record of a case whose run ended: graded (and judged, with a judge)."""
    graded = grade(case.expect, result, steps, corpus)
    if judge is not None:
        verdict = judge.grade(case.question, result)
        passed = graded.passed and (verdict.passed or not verdict.counts)
        failure = graded.failure or (None if passed else "answering")
        graded = replace(graded, grades=[*graded.grades, verdict], passed=passed, failure=failure)
    return {
        "case_id": case.id,
        "question": case.question,
        "run_id": result.run_id,
        "status": result.status.value,
        "reason": result.reason.value if result.reason else None,
        "answer": result.answer,
        "citations": result.citations,
        "passed": graded.passed,
        "failure": graded.failure,
        "grades": [asdict(g) for g in graded.grades],
        "em": graded.em,
        "f1": graded.f1,
        "answered": not result.cannot_answer,
        "abstained": abstained(result),
        "should_abstain": case.expect.abstains,
        "citations_valid": next(
            (g.passed for g in graded.grades if g.name == "citations_valid"), None
        ),
        "steps": result.steps,
        "tokens": result.usage.input_tokens + result.usage.output_tokens,
        "latency_s": result.elapsed_s,
        "confidence": result.confidence,
    }


def outcome_of(record: dict[str, Any]) -> CaseOutcome:
    return CaseOutcome(
        passed=bool(record["passed"]),
        answered=bool(record.get("answered")),
        abstained=bool(record.get("abstained")),
        should_abstain=record.get("should_abstain"),
        citations_valid=record.get("citations_valid"),
        failure=record.get("failure"),
        steps=int(record.get("steps") or 0),
        tokens=int(record.get("tokens") or 0),
        latency_s=float(record.get("latency_s") or 0.0),
        em=record.get("em"),
        f1=record.get("f1"),
        confidence=record.get("confidence"),
    )


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Cases that regressed (passed before, fail after) and improved, by case id."""
    earlier = {c["case_id"]: c for c in before["cases"]}
    regressed: list[dict[str, Any]] = []
    improved: list[dict[str, Any]] = []
    for case in after["cases"]:
        old = earlier.get(case["case_id"])
        if old is None or bool(old["passed"]) == bool(case["passed"]):
            continue
        row = {
            "case_id": case["case_id"],
            "question": case["question"],
            "before": {
                "passed": old["passed"],
                "failure": old.get("failure"),
                "run_id": old.get("run_id"),
            },
            "after": {
                "passed": case["passed"],
                "failure": case.get("failure"),
                "run_id": case.get("run_id"),
            },
        }
        (improved if case["passed"] else regressed).append(row)
    only = sorted(set(earlier) ^ {c["case_id"] for c in after["cases"]})
    return {
        "regressed": regressed,
        "improved": improved,
        "unmatched": [{"case_id": c} for c in only],
    }
