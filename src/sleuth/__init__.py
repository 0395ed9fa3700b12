"""sleuth: a research agent that is honest by construction.

It searches a corpus, opens pages and finishes; every citation is a page it opened in
the run, every positive answer carries a verbatim quote from such a page, and "cannot
answer" is an outcome with a reason.

    >>> import sleuth
    >>> result = sleuth.ask("Who founded Acme Robotics?")      # or index="./idx", model=...
    >>> result.status.value, result.answer
    ('ready_for_review', 'Ada Ortiz')

`ask` / `aask` (`sleuth.api`) are the short way in; `run` / `run_steps` / `arun` take a
`Task`, a corpus (or an opened index) and a policy for everything else.
"""

from sleuth.api import aask, ask
from sleuth.corpus import Corpus, Page, builtin_names, load_corpus
from sleuth.decision import Decision, ParseError
from sleuth.errors import (
    CorpusError,
    ModelError,
    ScriptError,
    ScriptExhaustedError,
    SleuthError,
    UsageError,
)
from sleuth.native import decode_tool_calls
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy
from sleuth.react import parse_react
from sleuth.result import ConflictRule, Quote, Reason, Result, Status
from sleuth.runtime import AsyncPolicy, Policy, Turn, arun, run, run_steps
from sleuth.search import Fts5Index, Hit, SearchIndex
from sleuth.state import Budgets, RunState, Step, Task
from sleuth.store import RunStore
from sleuth.validate import validate_finish

__all__ = [
    "AsyncPolicy",
    "Budgets",
    "ConflictRule",
    "Corpus",
    "CorpusError",
    "Decision",
    "Fts5Index",
    "Hit",
    "ModelError",
    "OfflinePolicy",
    "Page",
    "ParseError",
    "Policy",
    "Quote",
    "Reason",
    "Result",
    "RunState",
    "RunStore",
    "ScriptError",
    "ScriptExhaustedError",
    "ScriptedPolicy",
    "SearchIndex",
    "SleuthError",
    "Status",
    "Step",
    "Task",
    "Turn",
    "UsageError",
    "aask",
    "arun",
    "ask",
    "builtin_names",
    "decode_tool_calls",
    "load_corpus",
    "parse_react",
    "run",
    "run_steps",
    "validate_finish",
]
