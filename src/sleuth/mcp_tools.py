"""What ``sleuth mcp``'s tools do, apart from the MCP SDK (`sleuth.mcp_server` wraps
them in its types): their argument and output models, the sources a caller may use,
``ask``'s run, ``search``, ``open_page`` and its researches, ``check_finish``, and the
stored runs a caller may see.

Every call names its caller (`sleuth.service.gate.Caller`, as the HTTP gate found it;
None over stdio and in process): a key limited to some corpora is exposed only those,
and another key's run or research is unknown (`sleuth.service.access`). A research is
kept in the runs store as the calls that made it (`sleuth.store.researches`) and rebuilt
by replaying them, so it outlives the server, but not a rebuild of its source.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.fields import FieldInfo

from sleuth.errors import RunCancelled, UsageError
from sleuth.result import Result
from sleuth.runtime import Policy, RunRecorder, run_steps
from sleuth.service.access import key_scope, visible
from sleuth.service.gate import Caller
from sleuth.service.schemas import AskRequest
from sleuth.sources import Exposed, Source, Sources
from sleuth.state import Budgets, RunState, Step, Task
from sleuth.store import RunStore, RunSummary
from sleuth.store.models import THINKING
from sleuth.store.researches import ResearchStore, StoredResearch
from sleuth.tools import OpenArgs, SearchArgs, run_open, run_search
from sleuth.untrusted import question_problem
from sleuth.validate import Validated, validate_finish

__all__ = [
    "Arguments",
    "CheckOutput",
    "PageOutput",
    "SearchOutput",
    "Tools",
    "problems",
    "progress_message",
]

LISTED_RUNS = 50
#: AskRequest's fields that ``ask`` takes as they are (the rest are HTTP-only: policy,
#: publish, stream, thoughts).
ASK_FIELDS = ("question", "require", "conflict_rule", "budgets")
CHECK_FIELDS = ("research", "question", "finish", "require")
#: How many researches (pages opened with open_page, under one id) a server keeps
#: rebuilt in memory; the others are rebuilt from the store when next used.
KEPT_RESEARCHES = 256


# --- the tools' models ------------------------------------------------------------------------


class SearchHit(BaseModel):
    url: str = Field(description="open it with open_page; cite only pages you opened")
    title: str
    snippet: str = Field(description="a short extract: not evidence")


class SearchOutput(BaseModel):
    source: str = Field(description="the corpus or index searched")
    query: str
    hits: list[SearchHit]


RESEARCH = Field(
    default=None,
    max_length=64,
    description="the research this call belongs to: the id an earlier open_page returned; "
    "omit it to start a new one",
)


class OpenPageRequest(OpenArgs):
    research: str | None = RESEARCH


class CheckRequest(BaseModel):
    research: str = Field(
        min_length=1, max_length=64, description="the id open_page returned for this research"
    )
    question: str = Field(min_length=1, max_length=4000, description="the question it answers")
    finish: dict[str, Any] = Field(
        description="the finish: {answer, citations, cannot_answer, evidence} (evidence a "
        "string or a list of verbatim quotes), a conflict report {conflicts: [...]}, or for a "
        "brief {fields: {name: finish}}"
    )
    require: list[str] = Field(
        default_factory=list, description="a brief's required fields; empty for a question"
    )


class CheckProblem(BaseModel):
    code: str = Field(description="the contract's code, e.g. cite_not_opened, ungrounded")
    detail: str = Field(description="what is wrong and what would fix it")


class CheckOutput(BaseModel):
    accepted: bool = Field(description="whether the finish keeps the contract")
    problems: list[CheckProblem] = Field(description="empty when accepted")
    citations: list[str] = Field(description="the cited pages, as opened")
    evidence: list[dict[str, Any]] = Field(
        description="each quote located in an opened page: url, text, start, end"
    )
    opened: list[str] = Field(description="the pages this research opened")


class PageOutput(BaseModel):
    source: str = Field(description="the corpus or index read")
    url: str
    title: str
    start: int = Field(description="the offset of the first character shown")
    end: int = Field(description="the offset after the last character shown")
    length: int = Field(description="the page's length in characters")
    text: str = Field(description="the page text from start to end")
    next_offset: int | None = Field(description="pass as offset to read on; null at the end")
    research: str = Field(
        description="pass to later open_page and check_finish calls: check_finish accepts "
        "citations and quotes only from pages opened under this id"
    )


def _field(model: type[BaseModel], name: str) -> tuple[Any, FieldInfo]:
    info = model.model_fields[name]
    return info.annotation, info


def _source_fields(exposed: Exposed) -> dict[str, Any]:
    corpora, indexes = list(exposed.corpora), list(exposed.indexes)
    return {
        "corpus": (
            str | None,
            Field(
                default=None,
                description="A corpus this server exposes, by name. Give corpus or index, "
                f"not both; neither means {exposed.default!r}.",
                json_schema_extra={"enum": [*corpora, None]},
            ),
        ),
        "index": (
            str | None,
            Field(
                default=None,
                description="A search index this server exposes, by name.",
                json_schema_extra={"enum": [*indexes, None]},
            ),
        ),
    }


def _arguments_model(
    name: str, base: type[BaseModel], fields: Iterable[str], exposed: Exposed
) -> type[BaseModel]:
    """A tool's arguments: ``fields`` of ``base`` (their types, limits and descriptions)
    plus the ``corpus`` / ``index`` names exposed to the caller; unknown keys are refused."""
    defined: dict[str, Any] = {f: _field(base, f) for f in fields}
    defined.update(_source_fields(exposed))
    model: type[BaseModel] = create_model(
        name, __config__=ConfigDict(extra="forbid", strict=True), **defined
    )
    return model


def problems(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


# --- what the tools do ------------------------------------------------------------------------


@dataclass(frozen=True)
class Arguments:
    """The tools' argument models for one `Exposed` (their corpus and index lists)."""

    ask: type[BaseModel]
    search: type[BaseModel]
    open_page: type[BaseModel]
    check_finish: type[BaseModel]

    @classmethod
    def of(cls, exposed: Exposed) -> Arguments:
        return cls(
            ask=_arguments_model("AskArguments", AskRequest, ASK_FIELDS, exposed),
            search=_arguments_model("SearchArguments", SearchArgs, ("query", "k"), exposed),
            open_page=_arguments_model(
                "OpenPageArguments", OpenPageRequest, ("url", "offset", "research"), exposed
            ),
            check_finish=_arguments_model(
                "CheckFinishArguments", CheckRequest, CHECK_FIELDS, exposed
            ),
        )


@dataclass
class _Research:
    """A research rebuilt in memory: its stored record and the state its opens left."""

    stored: StoredResearch
    state: RunState


class Tools:
    """What the tools do, apart from the SDK's types (so they read on their own). Each
    call names its caller (None: stdio or in process, where everything is exposed)."""

    def __init__(self, sources: Sources, store: RunStore, policy: Callable[[], Policy]) -> None:
        self.sources, self.store, self.policy = sources, store, policy
        self.researches_store = ResearchStore(store)
        self._arguments: dict[Exposed, Arguments] = {}
        # researches rebuilt in memory (the newest KEPT_RESEARCHES); the store has them all
        self.researches: OrderedDict[str, _Research] = OrderedDict()
        self.lock = threading.Lock()

    def exposed(self, caller: Caller | None) -> Exposed:
        """What ``caller`` may research: its key's corpora, or everything served."""
        allowed = None if caller is None else caller.corpora
        corpora = tuple(n for n in self.sources.corpora if allowed is None or n in allowed)
        indexes = tuple(n for n in self.sources.indexes if allowed is None or n in allowed)
        if allowed is None:
            default: str | None = self.sources.default
        else:
            names = self.sources.catalog.names()  # served order, as `sleuth serve` picks
            default = next((n for n in names if n in corpora or n in indexes), None)
        return Exposed(corpora, indexes, default)

    def arguments(self, caller: Caller | None) -> Arguments:
        exposed = self.exposed(caller)
        with self.lock:
            made = self._arguments.get(exposed)
            if made is None:
                made = self._arguments[exposed] = Arguments.of(exposed)
        return made

    def pick(self, caller: Caller | None, corpus: str | None, index: str | None) -> Source:
        """The source a call names, among those exposed to ``caller`` (`Sources.pick`); a
        name it may not use is unknown, as `sleuth serve` answers it."""
        return self.sources.source(self.exposed(caller).name_for(corpus, index))

    def research(
        self, research: str | None, source: Source, caller: Caller | None
    ) -> tuple[StoredResearch, RunState]:
        """The research ``research`` names (a new one, not yet stored, when None): its
        record and its run state, rebuilt from the store if need be. Call with the lock
        held. Another key's research is unknown, as another key's run is."""
        build = source.corpus.build
        if research is None:
            key = caller.key_id if caller is not None else None
            fresh = StoredResearch(secrets.token_hex(8), source.name, build, key, ())
            return fresh, _scratch(source)
        stored = self.researches_store.get(research)
        scope = key_scope(caller)
        if stored is None or (scope is not None and stored.key_id != scope):
            raise UsageError(
                f"unknown research {research[:64]!r}: open the pages again without one"
            )
        if stored.source != source.name:
            raise UsageError(f"research {research!r} reads {stored.source!r}, not {source.name!r}")
        if stored.build != build:
            raise UsageError(
                f"research {research!r} read {stored.source!r} before it was rebuilt: open the "
                "pages again without a research id"
            )
        kept = self.researches.get(research)
        if kept is None or kept.stored != stored:
            kept = _Research(stored, self._replay(stored, source))
            self.researches[research] = kept
            while len(self.researches) > KEPT_RESEARCHES:
                self.researches.popitem(last=False)
        self.researches.move_to_end(research)
        return kept.stored, kept.state

    def _replay(self, stored: StoredResearch, source: Source) -> RunState:
        """The state a stored research's opens leave (the same calls, the same build)."""
        state = _scratch(source)
        for url, offset in stored.opens:
            observed = run_open(
                {"url": url, "offset": offset}, source.corpus, state, len(state.opened) + 1
            )
            if observed.error:
                raise UsageError(
                    f"research {stored.id!r} cannot be rebuilt ({url[:200]}: "
                    f"{observed.error}): open the pages again without a research id"
                )
        return state

    def prepare_ask(
        self, arguments: dict[str, Any], caller: Caller | None = None
    ) -> tuple[Task, Budgets, Source]:
        """The run an ``ask`` call asks for; `ValueError` (a `ValidationError`) or
        `UsageError` when the arguments are bad."""
        parsed = self.arguments(caller).ask.model_validate(arguments)
        given = {f: arguments[f] for f in ASK_FIELDS if f in arguments}
        request = AskRequest.model_validate(given)  # the HTTP API's own rules
        source = self.pick(caller, parsed.corpus, parsed.index)  # type: ignore[attr-defined]
        task = Task(
            question=request.question,
            require=tuple(request.require),
            conflict_rule=request.conflict_rule,
        )
        budgets = Budgets(max_steps=request.budgets.max_steps, timeout_s=request.budgets.timeout_s)
        return task, budgets, source

    def search(self, arguments: dict[str, Any], caller: Caller | None = None) -> SearchOutput:
        parsed = self.arguments(caller).search.model_validate(arguments)
        source = self.pick(caller, parsed.corpus, parsed.index)  # type: ignore[attr-defined]
        observed = run_search(
            {"query": parsed.query, "k": parsed.k},  # type: ignore[attr-defined]
            source.index,
            _scratch(source),
            1,
        )
        if observed.error:
            raise UsageError(observed.text.removeprefix("error: "))
        hits = [SearchHit(**hit) for hit in observed.data["hits"]]
        return SearchOutput(source=source.name, query=observed.data["query"], hits=hits)

    def open_page(self, arguments: dict[str, Any], caller: Caller | None = None) -> PageOutput:
        parsed = self.arguments(caller).open_page.model_validate(arguments)
        source = self.pick(caller, parsed.corpus, parsed.index)  # type: ignore[attr-defined]
        url, offset = parsed.url, parsed.offset  # type: ignore[attr-defined]
        with self.lock:
            stored, state = self.research(parsed.research, source, caller)  # type: ignore[attr-defined]
            observed = run_open(
                {"url": url, "offset": offset}, source.corpus, state, len(state.opened) + 1
            )
            if observed.error:
                raise UsageError(observed.text.removeprefix("error: "))
            grown = StoredResearch(
                stored.id,
                stored.source,
                stored.build,
                stored.key_id,
                (*stored.opens, (url, offset)),
            )
            if stored.opens or parsed.research is not None:  # type: ignore[attr-defined]
                self.researches_store.set_opens(stored.id, grown.opens)
            else:
                self.researches_store.create(grown)
            self.researches[stored.id] = _Research(grown, state)
            self.researches.move_to_end(stored.id)
            while len(self.researches) > KEPT_RESEARCHES:
                self.researches.popitem(last=False)
        data = observed.data
        end, length = data["end"], data["length"]
        return PageOutput(
            source=source.name,
            url=data["url"],
            title=data["title"],
            start=data["start"],
            end=end,
            length=length,
            text=data["text"],
            next_offset=end if end < length else None,
            research=stored.id,
        )

    def check_finish(self, arguments: dict[str, Any], caller: Caller | None = None) -> CheckOutput:
        """Validate a finish against the pages its research opened with ``open_page``: the
        contract `ask` keeps, for an assistant that researched itself."""
        parsed = self.arguments(caller).check_finish.model_validate(arguments)
        source = self.pick(caller, parsed.corpus, parsed.index)  # type: ignore[attr-defined]
        problem = question_problem(parsed.question)  # type: ignore[attr-defined]
        if problem:
            raise UsageError(problem)
        with self.lock:
            _, state = self.research(parsed.research, source, caller)  # type: ignore[attr-defined]
            opened_pages = dict(state.opened)
        verdict = validate_finish(
            parsed.finish,  # type: ignore[attr-defined]
            opened_pages,
            tuple(parsed.require),  # type: ignore[attr-defined]
            parsed.question,  # type: ignore[attr-defined]
        )
        opened = list(opened_pages)
        if not isinstance(verdict, Validated):
            problems = [CheckProblem(code=p.code, detail=p.detail) for p in verdict]
            return CheckOutput(
                accepted=False, problems=problems, citations=[], evidence=[], opened=opened
            )
        answers = [verdict.single] if verdict.single else list((verdict.fields or {}).values())
        citations = list(dict.fromkeys(c for a in answers for c in a.citations))
        evidence = [
            {"url": q.url, "text": q.text, "start": q.start, "end": q.end}
            for a in answers
            for q in a.evidence
        ]
        return CheckOutput(
            accepted=True, problems=[], citations=citations, evidence=evidence, opened=opened
        )

    def run(
        self,
        task: Task,
        budgets: Budgets,
        source: Source,
        recorder: RunRecorder,
        report: Callable[[Step], None],
        stop: threading.Event,
    ) -> Result:
        """Run to the end, reporting each stored step; once ``stop`` is set, the run ends
        ``incomplete`` / ``cancelled`` after the step in flight. Runs in a worker thread."""
        steps = run_steps(
            task, source.corpus, self.policy(), budgets, index=source.index, recorder=recorder
        )
        try:
            step = next(steps)
            while True:
                if stop.is_set():
                    step = steps.throw(RunCancelled("the MCP client cancelled the call"))
                else:
                    report(step)
                    step = next(steps)
        except StopIteration as ended:
            result = ended.value
        if not isinstance(result, Result):  # pragma: no cover - ask offers no side effects
            raise UsageError("the run paused for an approval, which MCP calls cannot give")
        return result

    def stored_run(self, run_id: str, caller: Caller | None = None) -> dict[str, Any] | None:
        """The run's JSON, without the model's thinking (what ``sleuth://runs/{id}`` holds);
        None if there is no such run, or it is another key's (`visible`)."""
        run = self.store.get_run(run_id)
        if not visible(run, run_id, caller):  # the store takes prefixes; URIs do not
            return None
        assert run is not None
        return run.to_json(THINKING)

    def listed_runs(self, caller: Caller | None = None) -> list[RunSummary]:
        """The newest runs ``caller`` may see (its key's; admin and no key: all)."""
        return self.store.list_runs(limit=LISTED_RUNS, key_id=key_scope(caller))


def _scratch(source: Source) -> RunState:
    """A run state for one read-only call outside any run (nothing is recorded)."""
    return RunState(
        run_id="", task=Task(question="(mcp)"), budgets=Budgets(), corpus=source.name, policy="mcp"
    )


def progress_message(run_id: str, step: Step) -> str:
    """One line per step: what was done and what came back."""
    args = ", ".join(f"{k}={v!r}" for k, v in step.args.items() if k in ("query", "url"))
    seen = step.observation.text.strip().splitlines()[0] if step.observation.text.strip() else ""
    did = " ".join(part for part in (step.tool or "(unparsed)", args) if part)
    return f"run {run_id} · step {step.index}: {did} → {seen[:160]}"
