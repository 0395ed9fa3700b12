"""Runs for the service: off the event loop, each step reported as it is stored.

A run goes through the same `run` loop and the same `RunStore` as the CLI. A synchronous
policy runs in a thread pool (the offline policy searches and reads on the CPU); a policy
with ``adecide`` (a model) would run on the event loop through `arun`. Either way the
recorder below writes each row to the store and then hands the event to the loop, so a
client sees a step only once it is stored.

A job either starts a run or goes on with a stored one (after a person decided on a
paused side-effecting call, or after the process that ran it died): ``resume`` rebuilds
the run's state (in the worker, since replaying reads pages) and the same loop goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field

from sleuth.corpus import Corpus
from sleuth.effects import PendingAction, SideEffect
from sleuth.result import Result
from sleuth.runtime import Policy, Resumption, arun, run
from sleuth.state import Budgets, RunState, Step, Task
from sleuth.store import RunStore, StoreRecorder
from sleuth.store.db import StoreError

log = logging.getLogger("sleuth")


@dataclass(frozen=True)
class Job:
    """A run to start (``task`` and ``budgets``) or a stored one to go on with
    (``resume``: rebuilds its state; ``run_id`` names it)."""

    corpus: Corpus
    policy: Callable[[], Policy]
    task: Task | None = None
    budgets: Budgets | None = None
    resume: Callable[[], Resumption] | None = None
    run_id: str | None = None
    effects: Mapping[str, SideEffect] = field(default_factory=dict)
    key_id: str | None = None  # the API key that asked (recorded with the run)


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
class Paused:
    """The run called a side-effecting tool and waits for a person's decision."""

    pending: PendingAction


@dataclass(frozen=True)
class Failed:
    """The run raised (``run_id`` None if it failed before it was stored at all).
    ``status`` is what the store says of it now: ``error`` if the failure was stored, or
    ``interrupted`` if it was left to be resumed (the store itself failed, or the run
    could not be rebuilt)."""

    run_id: str | None
    error: str
    status: str | None = None


Event = Started | StepDone | Finished | Paused | Failed


class _Relay(StoreRecorder):
    """A `RunRecorder` that stores each row, then passes the event to the loop."""

    def __init__(
        self,
        store: RunStore,
        loop: asyncio.AbstractEventLoop,
        running: set[str],
        key_id: str | None = None,
    ) -> None:
        super().__init__(store, key_id)
        self.loop, self.running = loop, running
        self.queue: asyncio.Queue[Event] = asyncio.Queue()

    def put(self, event: Event) -> None:
        # RuntimeError: the loop is gone (the server shut down); the store has it all
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self.queue.put_nowait, event)

    def start_run(self, state: RunState) -> None:
        self.running.add(state.run_id)  # before the row, so no reader sees it "interrupted"
        super().start_run(state)
        self.put(Started(state.run_id))

    def append_step(self, run_id: str, step: Step) -> None:
        super().append_step(run_id, step)
        self.put(StepDone(run_id, step))

    def resumed(self, run_id: str) -> None:
        self.run_id = run_id
        self.running.add(run_id)
        self.put(Started(run_id))


async def events(
    job: Job, store: RunStore, executor: Executor, running: set[str]
) -> AsyncIterator[Event]:
    """The run's events in order: `Started`, a `StepDone` per step, then `Finished`,
    `Paused` or `Failed`. If the consumer stops listening the run still goes on to its
    end and is stored (budgets bound it). ``running`` holds the ids of runs in flight."""
    loop = asyncio.get_running_loop()
    relay = _Relay(store, loop, running, job.key_id)
    policy = job.policy()

    def end(outcome: Result | PendingAction | Exception) -> None:
        running.discard(relay.run_id or "")
        if isinstance(outcome, Result):
            relay.put(Finished(outcome))
        elif isinstance(outcome, PendingAction):
            relay.put(Paused(outcome))
        else:
            run_id = relay.run_id or job.run_id
            log.error("run %s failed", run_id, exc_info=outcome)
            relay.put(Failed(run_id, f"{type(outcome).__name__}: {outcome}", _left(run_id)))

    def _left(run_id: str | None) -> str | None:
        """Give up the run's lease if this process still holds it (so it can be resumed
        rather than look ``running`` forever); then its stored status."""
        if run_id is None:
            return None
        with contextlib.suppress(StoreError):
            store.release(run_id)
            stored = store.get_run(run_id)
            return None if stored is None else stored.status.value
        return None

    def resumption() -> Resumption:
        assert job.resume is not None and job.run_id is not None
        relay.resumed(job.run_id)
        return job.resume()

    def start() -> tuple[Task | Resumption, Budgets | None]:
        """What the run starts from (a resumed run keeps its stored budgets)."""
        if job.resume is not None:
            return resumption(), None
        assert job.task is not None
        return job.task, job.budgets

    if hasattr(policy, "adecide"):  # a model: await it on the loop (store writes are short)

        async def on_loop() -> None:
            try:
                # rebuilding a resumed run reads the store: off the loop
                resumed = job.resume is not None
                begun, budgets = await asyncio.to_thread(start) if resumed else start()
                end(
                    await arun(
                        begun, job.corpus, policy, budgets, recorder=relay, effects=job.effects
                    )
                )
            except Exception as exc:
                end(exc)
            finally:  # the job's policy is its own: close its connections with it
                aclose = getattr(policy, "aclose", None)
                if aclose is not None:
                    with contextlib.suppress(Exception):
                        await aclose()

        task: asyncio.Future[None] = asyncio.ensure_future(on_loop())
    else:

        def in_thread() -> None:
            try:
                begun, budgets = start()
                end(run(begun, job.corpus, policy, budgets, recorder=relay, effects=job.effects))
            except Exception as exc:
                end(exc)

        task = loop.run_in_executor(executor, in_thread)
    while True:
        event = await relay.queue.get()
        yield event
        if isinstance(event, Finished | Paused | Failed):
            break
    await task
