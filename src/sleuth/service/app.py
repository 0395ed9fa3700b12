"""The HTTP API (FastAPI): ask, stream a run, list and show stored runs.

    POST /v1/ask            a question → the Result (JSON), or with ``"stream": true``
                            Server-Sent Events: ``run``, one ``step`` per step, ``result``
                            (or ``error``)
    GET  /v1/runs           stored runs, newest first, a page at a time (``before``)
    GET  /v1/runs/{id}      one stored run: its steps and Result (thoughts only on request)
    POST /v1/runs/{id}/approve   apply a paused run's side-effecting call, then go on
    POST /v1/runs/{id}/reject    end a paused run without the effect
    POST /v1/runs/{id}/resume    go on with a run whose process died (``interrupted``)
    POST /v1/runs/{id}/cancel    end a run ``incomplete``/``cancelled``: now if no process
                                 runs it (200), else after its step in flight (202)
    GET  /v1/corpora        what is served: name, kind, pages, passages, format, build
    POST /v1/corpora/{name}/reload  open a corpus again now (admin keys; open mode)
    GET  /v1/search         what the agent's search returns for ``q`` in ``corpus``
    GET  /healthz           liveness, with the auth mode and the rate limiter
    GET  /openapi.json      the spec

Every error is JSON ``{"error": {"code", "message", ...}}``: 401 (no or bad key), 404
(unknown run or path), 405, 413 (body too large), 415 (not JSON), 422 (invalid request,
naming the field), 409 (a run in the wrong state for approve/reject/resume/cancel), 429 (rate
limited, with Retry-After), 503 (the shared rate limiter is down).

Each run records the API key that made it. A key lists, reads, approves, rejects,
resumes and cancels only its own runs: another key's run is a 404 like a run that does not exist, so
run ids do not leak; an admin key (`sleuth keys create --admin`) sees all, and so does
every caller in open mode (loopback, no keys). A key made with ``--corpus NAME`` sees
and asks only those corpora (any other is a 404 too). A run that calls a
side-effecting tool (``publish: true``) pauses: 202 with the pending call (in a stream,
an ``approval`` event), and nothing is applied until an approve. A run that raises
inside the agent is stored with status ``error`` and answered with 502 ``run_failed``
carrying its ``run_id`` (in a stream: an ``error`` event), so a client never sees a 500
for a request it could not have fixed.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from fastapi.security import HTTPBearer
from starlette.exceptions import HTTPException as StarletteHTTPException

from sleuth import lifecycle
from sleuth.corpus import Corpus
from sleuth.effects import SideEffect, paused_view, publishing
from sleuth.errors import CorpusError
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import Result
from sleuth.resume import ResumeError
from sleuth.runtime import Policy, search_index
from sleuth.service.access import caller_of, key_scope, visible
from sleuth.service.config import ServiceConfig, auth_required
from sleuth.service.gate import Caller, Gate
from sleuth.service.ratelimit import LimiterUnavailable, RateLimiter, make_limiter
from sleuth.service.runner import (
    Event,
    Failed,
    Finished,
    Job,
    Paused,
    Started,
    StepDone,
    events,
)
from sleuth.service.schemas import (
    AskRequest,
    CancelRequested,
    Corpora,
    CorpusInfo,
    DecisionIn,
    ErrorBody,
    Health,
    PausedRun,
    ResumeIn,
    RunsPage,
    SearchResults,
    StepEvent,
)
from sleuth.service.schemas import (
    StoredRun as RunBody,
)
from sleuth.sources import NAME_PATTERN, Catalog
from sleuth.state import Budgets, Step, Task
from sleuth.store import RunStore
from sleuth.store.db import StoreError
from sleuth.store.keys import KeyStore
from sleuth.store.models import THINKING, RunStatus, RunSummary, StoredRun

CONFIG_ENV = "SLEUTH_SERVE_CONFIG"
MAX_PAGE = 100

PolicyFactory = Callable[[], Policy]
DEFAULT_POLICIES: Mapping[str, PolicyFactory] = {"offline": OfflinePolicy}


def _version() -> str:
    try:
        return version("sleuth")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0"


@dataclass
class Service:
    """What the routes share: one store, one limiter, one pool of run threads."""

    config: ServiceConfig
    store: RunStore
    keys: KeyStore
    limiter: RateLimiter
    executor: ThreadPoolExecutor
    policies: Mapping[str, PolicyFactory]
    effects: Mapping[str, SideEffect] = field(default_factory=dict)
    catalog: Catalog = field(default_factory=lambda: Catalog(ServiceConfig().served()))
    running: set[str] = field(default_factory=set)  # runs in flight in this process

    def corpus(self, name: str) -> Corpus:
        """The corpus served as ``name``, at its current build (`Catalog.corpus`)."""
        return self.catalog.corpus(name)

    def corpora_for(self, caller: Caller | None) -> list[str]:
        """The served names ``caller`` may use."""
        names = self.catalog.names()
        if caller is None or caller.corpora is None:
            return names
        return [n for n in names if n in caller.corpora]

    def auth_mode(self) -> str:
        required = auth_required(self.config.host, self.keys.active_count())
        return "required" if required else "open"


#: A run id in a path.
RunId = Annotated[str, Path(max_length=100)]


def _error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    detail: dict[str, Any] = {"code": code, "message": message}
    detail.update({k: v for k, v in extra.items() if v is not None})
    return JSONResponse({"error": detail}, status_code=status)


def _responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": ErrorBody} for s in statuses}


def create_app(
    config: ServiceConfig | None = None,
    *,
    policies: Mapping[str, PolicyFactory] | None = None,
    limiter: RateLimiter | None = None,
) -> FastAPI:
    """The service. ``policies`` maps a request's ``policy`` name to a factory (tests
    swap one in); ``limiter`` replaces the one the config describes."""
    config = config or ServiceConfig()
    store = RunStore(config.db)
    service = Service(
        config=config,
        store=store,
        keys=KeyStore(store),
        limiter=limiter or make_limiter(config.rate, config.redis_url, config.redis_prefix),
        executor=ThreadPoolExecutor(config.run_threads, thread_name_prefix="sleuth-run"),
        policies=policies or DEFAULT_POLICIES,
        effects=publishing(store.outbox),
        catalog=Catalog(config.served()),
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            service.executor.shutdown(wait=True)  # runs in flight finish and are stored
            await service.limiter.aclose()
            store.close()

    app = FastAPI(
        title="sleuth",
        version=_version(),
        summary="A research agent that cites only pages it opened, or says why it cannot.",
        lifespan=lifespan,
        docs_url=None,  # /docs and /redoc are web.install_docs': their assets are local
        redoc_url=None,
        responses=_responses(400, 401, 413, 415, 429),
    )
    app.state.service = service
    bearer = HTTPBearer(
        auto_error=False,
        description="An API key from `sleuth keys create`. Required when the server listens "
        "on a non-loopback address or any key exists; otherwise optional.",
    )
    _handlers(app)
    _routes(app, service, bearer)
    from sleuth.service.web import install_web  # the page and /sources (web.py)

    install_web(app, service, bearer)
    _optional_auth_in_spec(app)
    app.add_middleware(
        Gate,
        host=config.host,
        keys=service.keys,
        limiter=service.limiter,
        max_body=config.max_body,
    )
    return app


def _optional_auth_in_spec(app: FastAPI) -> None:
    """Mark the bearer key as *possibly* required (``security: [{HTTPBearer: []}, {}]``):
    whether it is depends on the address and on whether keys exist, which can change
    while the server runs."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = build()
            for item in spec.get("paths", {}).values():
                for operation in item.values():
                    if isinstance(operation, dict) and operation.get("security"):
                        operation["security"] = [*operation["security"], {}]
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def app_from_env() -> FastAPI:
    """The app of a worker process: `sleuth serve --workers N` passes its config in
    ``$SLEUTH_SERVE_CONFIG`` (uvicorn imports this as a factory in each worker)."""
    return create_app(ServiceConfig.from_json(os.environ[CONFIG_ENV]))


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(StoreError)
    async def store_down(request: Request, exc: StoreError) -> JSONResponse:
        response = _error(503, "store_unavailable", "the runs store cannot be reached")
        response.headers["Retry-After"] = "1"
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [_problem(e) for e in exc.errors()]
        message = "; ".join(f"{d['field']}: {d['message']}" for d in details)
        return _error(422, "invalid_request", message or "invalid request", details=details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.detail == "There was an error parsing the body":  # FastAPI: says no more
            message = _why_not_json(await request.body())
            problem = {"field": "body", "message": message, "type": "json_invalid"}
            return _error(422, "invalid_request", message, details=[problem])
        codes = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        response = _error(exc.status_code, codes.get(exc.status_code, "error"), str(exc.detail))
        for name, value in (exc.headers or {}).items():
            response.headers[name] = value
        return response


def _why_not_json(body: bytes) -> str:
    """What is wrong with a body FastAPI could not parse, in words a client can act on."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "the body is not UTF-8 text"
    try:
        json.loads(text)
    except RecursionError:
        return "the body nests arrays or objects too deeply to read"
    except ValueError as exc:
        if "digits" in str(exc):
            return "the body has a number too long to read (over 4,300 digits)"
        return f"the body is not valid JSON: {exc}"
    return "the body could not be read as JSON"


def _problem(error: Mapping[str, Any]) -> dict[str, Any]:
    """One validation error as ``{field, message, type}``, in words a client can act on."""
    loc = [str(part) for part in error.get("loc", ()) if part != "body"]
    message = str(error.get("msg", "invalid"))
    message = message.removeprefix("Value error, ")
    if error.get("type") == "json_invalid":
        message = f"the body is not valid JSON ({error.get('ctx', {}).get('error', '')})"
        loc = []
    elif error.get("type") == "extra_forbidden":
        message = "unknown field"
    elif error.get("type") == "missing":
        message = "required"
    return {"field": ".".join(loc) or "body", "message": message, "type": error.get("type")}


def _routes(app: FastAPI, service: Service, bearer: HTTPBearer) -> None:
    secured = [Depends(bearer)]  # documents the scheme in the spec; the gate checks keys

    @app.get("/healthz", response_model=Health, responses={503: {"model": Health}})
    async def healthz() -> JSONResponse:
        """Liveness: the store answers and the rate limiter can be reached."""
        status, code = "ok", 200
        try:
            await service.limiter.ping()
            await asyncio.to_thread(service.store.list_runs, 1)
        except (LimiterUnavailable, StoreError):
            status, code = "unavailable", 503
        try:
            auth = service.auth_mode()
        except StoreError:  # the keys cannot be read: assume they are needed
            auth, status, code = "required", "unavailable", 503
        body = Health(status=status, auth=auth, rate_limiter=service.limiter.kind)
        return JSONResponse(body.model_dump(), status_code=code)

    @app.post(
        "/v1/ask",
        response_model=Result,
        dependencies=secured,
        responses={
            200: {
                "content": {
                    "text/event-stream": {
                        "schema": {
                            "type": "object",
                            "description": "with stream=true, Server-Sent Events: `run` "
                            "({run_id}), one `step` per step (a StepEvent), then `result` "
                            "(a Result), `approval` (a PausedRun) or `error` ({error})",
                            "properties": {
                                "event": {"enum": ["run", "step", "result", "approval", "error"]},
                                "data": {
                                    "type": "string",
                                    "contentMediaType": "application/json",
                                },
                            },
                            "required": ["event", "data"],
                        }
                    }
                }
            },
            202: {"model": PausedRun, "description": "the run paused for approval"},
            **_responses(404, 422, 502),
        },
    )
    async def ask(request: Request, body: AskRequest) -> Any:
        """Research a question in a served corpus; answer with sources or say why not."""
        caller = caller_of(request)
        name = body.corpus or _default_corpus(service, caller)
        unknown = _unknown_corpus(service, caller, name)
        if unknown is not None:
            return unknown
        factory = service.policies[body.policy]
        job = Job(
            task=Task(
                question=body.question,
                require=tuple(body.require),
                conflict_rule=body.conflict_rule,
                publish=body.publish,
            ),
            corpus=await asyncio.to_thread(service.corpus, name),
            policy=factory,
            budgets=Budgets(max_steps=body.budgets.max_steps, timeout_s=body.budgets.timeout_s),
            effects=service.effects,
            key_id=caller.key_id if caller else None,
        )
        return await _answer(service, job, body.stream, body.thoughts)

    continued: dict[int | str, dict[str, Any]] = {
        200: {"description": "the run's Result (or, with stream=true, Server-Sent Events)"},
        202: {"model": PausedRun, "description": "the run paused again for approval"},
        **_responses(404, 409, 422, 502),
    }

    def continuing(action: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """The route of an action that goes on with a paused or interrupted run."""
        path = f"/v1/runs/{{run_id}}/{action}"
        return app.post(path, response_model=Result, dependencies=secured, responses=continued)

    @continuing("approve")
    async def approve(request: Request, run_id: RunId, body: DecisionIn | None = None) -> Any:
        """Approve a paused run's side-effecting call: it is applied exactly once (a second
        approve is a 409), then the run goes on to its end."""
        return await _decide(service, request, run_id, True, body or DecisionIn())

    @continuing("reject")
    async def reject(request: Request, run_id: RunId, body: DecisionIn | None = None) -> Any:
        """Reject a paused run's side-effecting call: nothing is applied and the run ends
        ``incomplete`` with reason ``rejected``."""
        return await _decide(service, request, run_id, False, body or DecisionIn())

    @continuing("resume")
    async def resume(request: Request, run_id: RunId, body: ResumeIn | None = None) -> Any:
        """Go on with an ``interrupted`` run (its process died) from its last completed
        step, with what is left of its budgets."""
        body = body or ResumeIn()
        run = await _servable_run(service, run_id, caller_of(request))
        if isinstance(run, JSONResponse):
            return run
        try:
            await asyncio.to_thread(lifecycle.claim, service.store, run)
        except lifecycle.AlreadyResuming:
            message = f"run {run_id} is already being resumed by another process"
            return _error(409, "not_interrupted", message)
        except lifecycle.NotInterrupted as refused:
            status = _status(service, refused.run)
            message = f"run {run_id} is {status}: only an interrupted run can be resumed"
            return _error(409, "not_interrupted", message)
        return await _answer(service, _resumed_job(service, run), body.stream, body.thoughts)

    @app.post(
        "/v1/runs/{run_id}/cancel",
        response_model=Result,
        dependencies=secured,
        responses={
            200: {"description": "the run ended now: its Result (incomplete, cancelled)"},
            202: {"model": CancelRequested, "description": "the run ends after its step"},
            **_responses(404, 409, 422),
        },
    )
    async def cancel(request: Request, run_id: RunId) -> Any:
        """Cancel a run. One that no process runs (awaiting approval, or interrupted) ends
        now, ``incomplete`` / ``cancelled``, and its waiting call is never applied: 200
        with its Result. A running one — in this worker, another, or another machine on
        the same store — ends so after its step in flight: 202 (read it with ``GET
        /v1/runs/{id}``). A run that has ended is a 409 ``already_ended``."""
        run = await _visible_run(service, run_id, caller_of(request))
        if isinstance(run, JSONResponse):
            return run
        cancel = functools.partial(lifecycle.cancel, by=_decider(request))
        try:
            done = await asyncio.to_thread(cancel, service.store, run)
        except lifecycle.AlreadyEnded as refused:
            return _error(409, "already_ended", str(refused))
        if done.ended and done.run.result is not None:
            return JSONResponse(done.run.result.model_dump(mode="json"))
        message = f"run {run.id} is running: it ends after its step in flight"
        body = CancelRequested(run_id=run.id, message=message)
        return JSONResponse(body.model_dump(), status_code=202)

    @app.get(
        "/v1/runs", response_model=RunsPage, dependencies=secured, responses=_responses(404, 422)
    )
    async def list_runs(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
        before: Annotated[
            str | None,
            Query(max_length=100, description="a run id: list the runs older than it (`next`)"),
        ] = None,
    ) -> Any:
        """Stored runs, newest first, ``limit`` at a time: the key's own (an admin key and
        open mode: every run, the CLI's too)."""
        scope = key_scope(caller_of(request))
        rows = await asyncio.to_thread(service.store.page_runs, limit + 1, before, scope)
        if rows is None:
            return _error(404, "unknown_run", f"before: no run {before!r}")
        more = len(rows) > limit
        rows = [row.model_copy(update={"status": _status(service, row)}) for row in rows[:limit]]
        listed = [row.to_json() for row in rows]
        return JSONResponse({"runs": listed, "next": rows[-1].id if more else None})

    @app.get(
        "/v1/runs/{run_id}",
        response_model=RunBody,
        dependencies=secured,
        responses=_responses(404, 422),
    )
    async def show_run(
        request: Request,
        run_id: RunId,
        thoughts: Annotated[
            bool, Query(description="include thoughts and the model's raw output")
        ] = False,
    ) -> Any:
        """One stored run: its task, steps and Result (or error)."""
        run = await _visible_run(service, run_id, caller_of(request))
        if isinstance(run, JSONResponse):
            return run
        hidden = () if thoughts else THINKING
        return JSONResponse(run.to_json(hidden, status=_status(service, run), approval_view=True))

    @app.get("/v1/corpora", response_model=Corpora, dependencies=secured, responses=_responses(503))
    async def list_corpora(request: Request) -> Any:
        """What this server serves (to this key): name, kind, pages, passages, index format,
        the build served now and when it was built."""
        caller = caller_of(request)
        names = service.corpora_for(caller)
        rows = [await asyncio.to_thread(service.catalog.describe, n) for n in names]
        default = _default_corpus(service, caller) if names else None
        return JSONResponse({"corpora": rows, "default": default})

    @app.post(
        "/v1/corpora/{name}/reload",
        response_model=CorpusInfo,
        dependencies=secured,
        responses=_responses(403, 404, 409),
    )
    async def reload_corpus(
        request: Request, name: Annotated[str, Path(pattern=NAME_PATTERN)]
    ) -> Any:
        """Open a served corpus again now (an admin key; anyone in open mode). Not needed
        after `sleuth index`, which the server notices by itself; runs in flight go on
        with the build they started with."""
        caller = caller_of(request)
        if caller is not None and caller.key_id is not None and not caller.admin:
            return _error(403, "forbidden", "only an admin key may reload a corpus")
        unknown = _unknown_corpus(service, caller, name)
        if unknown is not None:
            return unknown
        try:
            return JSONResponse(await asyncio.to_thread(service.catalog.reload, name))
        except CorpusError as exc:
            return _error(409, "cannot_reload", str(exc))

    @app.get(
        "/v1/search",
        response_model=SearchResults,
        dependencies=secured,
        responses=_responses(404, 422),
    )
    async def search(
        request: Request,
        q: Annotated[str, Query(min_length=1, max_length=MAX_QUERY, description="the query")],
        corpus: Annotated[
            str | None, Query(pattern=NAME_PATTERN, description="a served corpus; default: first")
        ] = None,
        k: Annotated[int, Query(ge=1, le=MAX_HITS, description="how many hits")] = 5,
    ) -> Any:
        """What the agent's ``search`` tool returns for ``q``: the best ``k`` pages (in an
        index: passages, ``URL#pN``), best first, with snippets."""
        caller = caller_of(request)
        name = corpus or _default_corpus(service, caller)
        unknown = _unknown_corpus(service, caller, name)
        if unknown is not None:
            return unknown
        served = await asyncio.to_thread(service.corpus, name)
        hits = await asyncio.to_thread(search_index(served).search, q, k)
        body = {
            "corpus": name,
            "build": served.build,
            "query": q,
            "hits": [
                {"url": h.url, "title": h.title, "snippet": h.snippet, "score": h.score}
                for h in hits
            ],
        }
        return JSONResponse(body)


MAX_QUERY = 500
MAX_HITS = 50


def _default_corpus(service: Service, caller: Caller | None) -> str:
    names = service.corpora_for(caller)
    return names[0] if names else service.catalog.default


def _unknown_corpus(service: Service, caller: Caller | None, name: str) -> JSONResponse | None:
    """A 404 naming what ``caller`` may use, unless ``name`` is one of them."""
    names = service.corpora_for(caller)
    if name in names:
        return None
    served = ", ".join(names) if names else "none (to this key)"
    return _error(404, "unknown_corpus", f"unknown corpus {name[:80]!r}: served here: {served}")


async def _answer(service: Service, job: Job, stream: bool, thoughts: bool) -> Any:
    """Run ``job`` and answer with its Result (200), its pause (202) or its failure (502);
    with ``stream``, as Server-Sent Events."""
    events_ = events(job, service.store, service.executor, service.running)
    if stream:
        return StreamingResponse(
            _sse(service, events_, thoughts),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )
    async for event in events_:
        if isinstance(event, Finished):
            return JSONResponse(await asyncio.to_thread(_stored_result, service, event.result))
        if isinstance(event, Paused):
            return JSONResponse(paused_view(event.pending), status_code=202)
        if isinstance(event, Failed):
            return _failed(event)
    raise RuntimeError("a run ended without a result")  # pragma: no cover


def _decider(request: Request) -> str | None:
    """Who is deciding, for the record: the API key's id, or the address in open mode."""
    caller = caller_of(request)
    if caller is None:
        return None
    return f"key:{caller.key_id}" if caller.key_id else f"open:{caller.address}"


async def _decide(
    service: Service, request: Request, run_id: str, approved: bool, body: DecisionIn
) -> Any:
    """Approve or reject the call that run ``run_id`` waits on, then go on with it."""
    by = _decider(request)
    run = await _servable_run(service, run_id, caller_of(request))
    if isinstance(run, JSONResponse):
        return run
    corpus = await asyncio.to_thread(service.corpus, run.corpus)
    decide = functools.partial(
        lifecycle.decide, corpus=corpus, note=body.note, step=body.step, by=by
    )
    try:
        await asyncio.to_thread(decide, service.store, run, approved)
    except ResumeError as exc:
        return _error(409, "cannot_resume", f"nothing was decided: {exc}")
    except lifecycle.StaleDecision as refused:  # the store as it stands now
        message = (
            f"run {run_id} waits on step {refused.waiting}, not on "
            f"step {body.step}: reload it and decide what it asks now"
        )
        return _error(409, "stale_decision", message)
    except lifecycle.AlreadyDecided as refused:
        return _error(409, "already_decided", str(refused))
    except lifecycle.NotAwaitingApproval as refused:
        status = _status(service, refused.run)
        return _error(409, "not_awaiting_approval", f"run {run_id} is {status}")
    return await _answer(service, _resumed_job(service, run), body.stream, body.thoughts)


async def _visible_run(
    service: Service, run_id: str, caller: Caller | None
) -> StoredRun | JSONResponse:
    """The stored run ``run_id`` if ``caller`` may see it, else a 404 (as for no run)."""
    run = await asyncio.to_thread(service.store.get_run, run_id)
    if not visible(run, run_id, caller):
        return _error(404, "unknown_run", f"no run {run_id[:100]!r}")
    assert run is not None
    return run


async def _servable_run(
    service: Service, run_id: str, caller: Caller | None
) -> StoredRun | JSONResponse:
    """`_visible_run`, and a 409 when this server cannot go on with it (`_unservable`)."""
    run = await _visible_run(service, run_id, caller)
    if isinstance(run, JSONResponse):
        return run
    return _unservable(service, run) or run


def _unservable(service: Service, run: StoredRun) -> JSONResponse | None:
    """Why this server cannot go on with ``run`` (its policy or corpus is not served)."""
    if run.policy not in service.policies:
        return _error(
            409,
            "cannot_resume",
            f"run {run.id} uses policy {run.policy!r}, which this server does not run; "
            "go on with it from the CLI (`sleuth runs resume`)",
        )
    if run.corpus not in service.catalog.names():
        return _error(
            409,
            "cannot_resume",
            f"run {run.id} searched {run.corpus!r}, which this server does not serve; "
            "go on with it from the CLI (`sleuth runs resume`)",
        )
    return None


def _resumed_job(service: Service, run: StoredRun) -> Job:
    run_id = run.id
    corpus = service.corpus(run.corpus)

    def resumption() -> Any:
        return lifecycle.resumption(service.store, run_id, corpus)

    return Job(
        corpus=corpus,
        policy=service.policies[run.policy],
        resume=resumption,
        run_id=run_id,
        effects=service.effects,
        key_id=run.key_id,
    )


def _status(service: Service, run: StoredRun | RunSummary) -> RunStatus:
    """The run's status, ``running`` for one this server runs itself (its lease may
    have lapsed while the process is busy)."""
    if run.status is RunStatus.INTERRUPTED and run.id in service.running:
        return RunStatus.RUNNING
    return run.status


def _stored_result(service: Service, result: Result) -> dict[str, Any]:
    """The Result as stored (the CLI prints the same row)."""
    stored = service.store.get_run(result.run_id)
    if stored is None or stored.result is None:  # pragma: no cover - written just before
        return result.model_dump(mode="json")
    return stored.result.model_dump(mode="json")


def _failed(event: Failed) -> JSONResponse:
    return _error(502, "run_failed", _failed_message(event), run_id=event.run_id)


def _failed_message(event: Failed) -> str:
    if event.run_id is None:
        where = ""
    elif event.status == "error":
        where = f"; it is stored as run {event.run_id} with status error"
    elif event.status == "interrupted":
        where = (
            f"; run {event.run_id} is left interrupted: POST /v1/runs/{event.run_id}/resume "
            "goes on with it"
        )
    else:
        where = f"; see run {event.run_id}"
    return f"the run failed inside the agent{where}"


async def _sse(
    service: Service, stream: AsyncIterator[Event], thoughts: bool
) -> AsyncIterator[str]:
    async for event in stream:
        if isinstance(event, Started):
            yield _frame("run", {"run_id": event.run_id})
        elif isinstance(event, StepDone):
            yield _frame("step", step_event(event.run_id, event.step, thoughts).model_dump())
        elif isinstance(event, Finished):
            result = await asyncio.to_thread(_stored_result, service, event.result)
            yield _frame("result", result)
        elif isinstance(event, Paused):
            yield _frame("approval", paused_view(event.pending))
        else:
            detail = {
                "code": "run_failed",
                "message": _failed_message(event),
                "run_id": event.run_id,
            }
            yield _frame("error", {"error": detail})


def _frame(name: str, data: Any) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def step_event(run_id: str, step: Step, thoughts: bool = False) -> StepEvent:
    obs = step.observation
    return StepEvent(
        run_id=run_id,
        index=step.index,
        tool=step.tool,
        args=step.args,
        kind=obs.kind,
        error=obs.error,
        observation=summary(obs.kind, obs.text, obs.data),
        started_at=step.started_at,
        duration_ms=step.duration_ms,
        thought=step.thought if thoughts else None,
    )


def summary(kind: str, text: str, data: Mapping[str, Any], limit: int = 200) -> str:
    """One line about an observation: the hits' URLs, the page window read, or the text."""
    if kind == "hits":
        urls = [str(h.get("url")) for h in data.get("hits", [])]
        more = " …" if len(urls) > 3 else ""
        return f"{len(urls)} hit(s)" + (": " + ", ".join(urls[:3]) + more if urls else "")
    if kind == "page":
        note = " (re-opened)" if data.get("reopened") else ""
        return (
            f"read {data.get('title', '')!r}, characters {data.get('start')}-{data.get('end')}"
            f" of {data.get('length')}{note}"
        )
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


__all__ = ["app_from_env", "create_app", "step_event", "summary"]
