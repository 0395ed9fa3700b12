"""The exception tree, split by who must act.

    SleuthError
    ├── UsageError            the caller must fix something (bad flag, corpus, script file)
    │   ├── CorpusError       a corpus name or file that cannot be loaded
    │   ├── ScriptError       a scripted-policy file that cannot be loaded
    │   └── ResumeError       a stored run that cannot go on (sleuth.resume)
    ├── StoreError            the runs store (sleuth.db) failed: a driver error, named
    │                         without its password
    ├── ModelError            the model could not be reached or answered unusably;
    │                         the loop turns it into the outcome incomplete/model_error
    ├── ScriptExhaustedError  a scripted policy was asked for more turns than it has
    │                         (a test or transcript bug); carries the partial run id
    └── RunCancelled          not raised but *thrown in*: a caller ends a run with
                              ``steps.throw(RunCancelled())``; the loop ends it as
                              incomplete/cancelled after the step in flight

Model *output* is never an exception: unparseable replies, unknown tools, bad arguments
and invalid finishes all become observations inside the run.
"""

from __future__ import annotations

from typing import Any


class SleuthError(Exception):
    """Base of every error sleuth raises on purpose."""


class UsageError(SleuthError):
    """The caller asked for something that cannot be done as asked."""


class CorpusError(UsageError):
    """A corpus that cannot be loaded: unknown name, unreadable or malformed file."""


class ScriptError(UsageError):
    """A scripted-policy file that cannot be loaded."""


class ModelError(SleuthError):
    """The model backend failed (network, server error, timeout after retries).
    ``calls`` are the recorded attempts, so the trace shows what was tried."""

    def __init__(self, message: str, calls: tuple[dict[str, Any], ...] = ()) -> None:
        super().__init__(message)
        self.calls = calls


class ScriptExhaustedError(SleuthError):
    """A scripted policy was called past the end of its script."""

    def __init__(self, message: str, run_id: str | None = None) -> None:
        super().__init__(message)
        self.run_id = run_id


class RunCancelled(SleuthError):
    """Thrown into a run's step generator (`sleuth.runtime.run_steps`) by whoever drives
    it, to end the run ``incomplete`` / ``cancelled``: the step in flight is kept and
    the run is stored like any other. Its message is the reason's detail."""
