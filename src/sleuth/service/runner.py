"""Runs for the service: off the event loop, each step reported as it is stored.

A run goes through the same `run` loop and the same `RunStore` as the CLI. A synchronous
policy runs in a thread pool (the offline policy searches and reads on the CPU); a policy
with ``adecide`` (a model) would run on the event loop through `arun`. Either way the
recorder below writes each row to the store and then hands the event to the loop, so a
client sees a step only once it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from sleuth.corpus import Corpus
from sleuth.result import Result
from sleuth.runtime import Policy, arun, run
from sleuth.state import Budgets, RunState, Step, Task
from sleuth.store import RunStore

log = logging.getLogger("sleuth")


@dataclass(frozen=True)
class Job:
    task: Task
    corpus: Corpus
    policy: Callable[[], Policy]
    budgets: Budgets


@dataclass(frozen=True)
class Started:
    run_id: str


@dataclass(frozen=True)
class StepDone:
    run_id: str
    step: Step


@dataclass(frozen=True)
class Finished:
    result: Result


@dataclass(frozen=True)
class Failed:
    """The run raised: it is stored with status ``error`` (``run_id`` None if it failed
    before it was stored at all)."""

    run_id: str | None
    error: str


Event = Started | StepDone | Finished | Failed


class _Relay:
    """A `RunRecorder` that stores each row, then passes the event to the loop."""

    def __init__(self, store: RunStore, loop: asyncio.AbstractEventLoop, running: set[str]) -> None:
        self.store, self.loop, self.running = store, loop, running
        self.queue: asyncio.Queue[Event] = asyncio.Queue()
        self.run_id: str | None = None

    def put(self, event: Event) -> None:
        # RuntimeError: the loop is gone (the server shut down); the store has it all
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.queue.put_nowait, event)

    def start_run(self, state: RunState) -> None:
        self.run_id = state.run_id
        self.running.add(state.run_id)  # before the row, so no reader sees it "interrupted"
        self.store.start_run(state)
        self.put(Started(state.run_id))

    def append_step(self, run_id: str, step: Step) -> None:
        self.store.append_step(run_id, step)
        self.put(StepDone(run_id, step))

    def finish_run(self, result: Result) -> None:
        self.store.finish_run(result)

    def fail_run(self, run_id: str, error: str) -> None:
        self.store.fail_run(run_id, error)


async def events(
    job: Job, store: RunStore, executor: Executor, running: set[str]
) -> AsyncIterator[Event]:
    """The run's events in order: `Started`, a `StepDone` per step, then `Finished` or
    `Failed`. If the consumer stops listening the run still goes on to its end and is
    stored (budgets bound it). ``running`` holds the ids of runs in flight."""
    loop = asyncio.get_running_loop()
    relay = _Relay(store, loop, running)
    policy = job.policy()

    def end(outcome: Result | Exception) -> None:
        running.discard(relay.run_id or "")
        if isinstance(outcome, Result):
            relay.put(Finished(outcome))
        else:
            log.error("run %s failed", relay.run_id, exc_info=outcome)
            relay.put(Failed(relay.run_id, f"{type(outcome).__name__}: {outcome}"))

    if hasattr(policy, "adecide"):  # a model: await it on the loop (store writes are short)

        async def on_loop() -> None:
            try:
                end(await arun(job.task, job.corpus, policy, job.budgets, recorder=relay))
            except Exception as exc:
                end(exc)

        task: asyncio.Future[None] = asyncio.ensure_future(on_loop())
    else:

        def in_thread() -> None:
            try:
                end(run(job.task, job.corpus, policy, job.budgets, recorder=relay))
            except Exception as exc:
                end(exc)

        task = loop.run_in_executor(executor, in_thread)
    while True:
        event = await relay.queue.get()
        yield event
        if isinstance(event, Finished | Failed):
            break
    await task
