"""The exception tree, split by who must act. Every error sleuth raises on purpose is a
`SleuthError`; one raised while a run is going carries the run's id (``run_id``, shown
in the message as ``(run <id>)``; ``None`` outside a run), and the partial run is stored
with it.

    SleuthError
    ├── UsageError            the caller must fix something
    │   ├── CorpusError       a corpus name, file, folder or index that cannot be loaded:
    │   │   │                 unknown name, unreadable or malformed file (sleuth.corpus,
    │   │   │                 sleuth.formats, sleuth.index)
    │   │   └── IngestError   a problem that stops an ingest; nothing was written
    │   │                     (sleuth.ingest)
    │   ├── ScriptError       a script that does not fit: a scripted-policy file that
    │   │                     cannot be loaded, or a run that ended with turns of its
    │   │                     script unused (`ScriptedPolicy.assert_used_up`)
    │   ├── ResumeError       a stored run that cannot go on: finished, waiting for a
    │   │                     person, or its corpus changed since (sleuth.resume)
    │   └── (UsageError)      also raised as itself: bad options, configuration and
    │                         arguments (sleuth.config, sleuth.api, the CLI), a missing
    │                         optional dependency (with its install hint), an approved
    │                         side effect this process cannot apply (sleuth.runtime)
    ├── StoreError            the runs store (sleuth.db) could not be opened or a
    │   │                     statement failed: the driver's message, without passwords;
    │   │                     the run in flight is left ``interrupted`` (resumable)
    │   └── LeaseLost         this process no longer owns the run it tried to write
    │                         (another process took it over; sleuth.store)
    ├── ModelError            the model could not be reached or answered unusably, after
    │                         retries; inside a run the loop turns it into the outcome
    │                         incomplete/model_error, so callers see it only from a
    │                         policy used on its own (``calls``: the attempts)
    ├── ScriptExhaustedError  a scripted policy was asked for more turns than it has
    │                         (a test or transcript bug)
    └── RunCancelled          not raised but *thrown in*: a caller ends a run with
                              ``steps.throw(RunCancelled())``; the loop ends it as
                              incomplete/cancelled after the step in flight

``SleuthError`` itself is raised for a state sleuth cannot explain by the caller's
input (an approved call that no longer validates against its rebuilt run).

Not in the tree, on purpose:

* Model *output* is never an exception: unparseable replies, unknown tools, bad
  arguments and invalid finishes all become observations inside the run.
* Programmer errors are Python's own: ``ValueError`` for an argument out of range
  (``Budgets(max_steps=0)``, ``OfflinePolicy(min_confidence=2)``), ``TypeError`` for an
  argument of the wrong kind (a run given neither a `Corpus` nor an opened index). Any
  other exception escaping a run is a bug: the run is stored as ``error`` with its type
  and message, and the exception gets a note naming the run.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CorpusError",
    "ModelError",
    "RunCancelled",
    "ScriptError",
    "ScriptExhaustedError",
    "SleuthError",
    "UsageError",
]


class SleuthError(Exception):
    """Base of every error sleuth raises on purpose. ``run_id`` is the run it was raised
    in, if any (the runtime sets it when the error leaves a run); the message names it,
    once: ``(run ID)`` is added unless the message already says which run."""

    def __init__(self, *args: object, run_id: str | None = None) -> None:
        super().__init__(*args)
        self.run_id = run_id

    def __str__(self) -> str:
        text = super().__str__()
        return f"{text} (run {self.run_id})" if self.run_id and self.run_id not in text else text


class UsageError(SleuthError):
    """The caller asked for something that cannot be done as asked."""


class CorpusError(UsageError):
    """A corpus that cannot be loaded: unknown name, unreadable or malformed file."""


class ScriptError(UsageError):
    """A script that does not fit: a scripted-policy file that cannot be loaded, or a
    run that left turns of its script unused."""


class ModelError(SleuthError):
    """The model backend failed (network, server error, timeout after retries).
    ``calls`` are the recorded attempts, so the trace shows what was tried."""

    def __init__(
        self, message: str, calls: tuple[dict[str, Any], ...] = (), *, run_id: str | None = None
    ) -> None:
        super().__init__(message, run_id=run_id)
        self.calls = calls


class ScriptExhaustedError(SleuthError):
    """A scripted policy was called past the end of its script."""

    def __init__(self, message: str, run_id: str | None = None) -> None:
        super().__init__(message, run_id=run_id)


class RunCancelled(SleuthError):
    """Thrown into a run's step generator (`sleuth.runtime.run_steps`) by whoever drives
    it, to end the run ``incomplete`` / ``cancelled``: the step in flight is kept and
    the run is stored like any other. Its message is the reason's detail."""
