"""The HTTP API (FastAPI): ask, stream a run, list and show stored runs.

    POST /v1/ask            a question → the Result (JSON), or with ``"stream": true``
                            Server-Sent Events: ``run``, one ``step`` per step, ``result``
                            (or ``error``)
    GET  /v1/runs           stored runs, newest first, a page at a time (``before``)
    GET  /v1/runs/{id}      one stored run: its steps and Result (thoughts only on request)
    GET  /healthz           liveness, with the auth mode and the rate limiter
    GET  /openapi.json      the spec

Every error is JSON ``{"error": {"code", "message", ...}}``: 401 (no or bad key), 404
(unknown run or path), 405, 413 (body too large), 415 (not JSON), 422 (invalid request,
naming the field), 429 (rate limited, with Retry-After), 503 (the shared rate limiter is
down). A run that raises inside the agent is stored with status ``error`` and answered
with 502 ``run_failed`` carrying its ``run_id`` (in a stream: an ``error`` event), so a
client never sees a 500 for a request it could not have fixed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
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

from sleuth.corpus import Corpus, builtin_dir, load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import Result
from sleuth.runtime import Policy
from sleuth.service.config import ServiceConfig, auth_required
from sleuth.service.gate import Gate
from sleuth.service.keys import KeyStore
from sleuth.service.ratelimit import LimiterUnavailable, RateLimiter, make_limiter
from sleuth.service.runner import Event, Failed, Finished, Job, Started, StepDone, events
from sleuth.service.schemas import (
    AskRequest,
    ErrorBody,
    Health,
    RunsPage,
    StepEvent,
    StoredRun,
)
from sleuth.state import Budgets, Step, Task
from sleuth.store import RunStore

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
    corpora: dict[str, Corpus] = field(default_factory=dict)
    running: set[str] = field(default_factory=set)  # runs in flight in this process
    _corpora_lock: threading.Lock = field(default_factory=threading.Lock)

    def corpus(self, name: str) -> Corpus:
        """A built-in corpus, loaded once (so its search index is built once too). By
        the package path, so a file named like a corpus in the cwd cannot shadow it."""
        with self._corpora_lock:
            if name not in self.corpora:
                loaded = load_corpus(str(builtin_dir(name) / "pages.json"))
                self.corpora[name] = Corpus(name=name, pages=loaded.pages)
            return self.corpora[name]

    def auth_mode(self) -> str:
        required = auth_required(self.config.host, self.keys.active_count())
        return "required" if required else "open"


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
    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [_problem(e) for e in exc.errors()]
        message = "; ".join(f"{d['field']}: {d['message']}" for d in details)
        return _error(422, "invalid_request", message or "invalid request", details=details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.detail == "There was an error parsing the body":  # FastAPI: not UTF-8 JSON
            message = "the body is not valid JSON (it must be UTF-8 text)"
            problem = {"field": "body", "message": message, "type": "json_invalid"}
            return _error(422, "invalid_request", message, details=[problem])
        codes = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        response = _error(exc.status_code, codes.get(exc.status_code, "error"), str(exc.detail))
        for name, value in (exc.headers or {}).items():
            response.headers[name] = value
        return response


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
        except (LimiterUnavailable, sqlite3.Error):
            status, code = "unavailable", 503
        body = Health(status=status, auth=service.auth_mode(), rate_limiter=service.limiter.kind)
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
                            "(a Result) or `error` ({error})",
                            "properties": {
                                "event": {"enum": ["run", "step", "result", "error"]},
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
            **_responses(422, 502),
        },
    )
    async def ask(body: AskRequest) -> Any:
        """Research a question in a built-in corpus; answer with sources or say why not."""
        factory = service.policies[body.policy]
        job = Job(
            task=Task(
                question=body.question,
                require=tuple(body.require),
                conflict_rule=body.conflict_rule,
            ),
            corpus=await asyncio.to_thread(service.corpus, body.corpus),
            policy=factory,
            budgets=Budgets(max_steps=body.budgets.max_steps, timeout_s=body.budgets.timeout_s),
        )
        stream = events(job, service.store, service.executor, service.running)
        if body.stream:
            return StreamingResponse(
                _sse(service, stream, body.thoughts),
                media_type="text/event-stream",
                headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
            )
        async for event in stream:
            if isinstance(event, Finished):
                return JSONResponse(await asyncio.to_thread(_stored_result, service, event.result))
            if isinstance(event, Failed):
                return _failed(event)
        raise RuntimeError("a run ended without a result")  # pragma: no cover

    @app.get(
        "/v1/runs", response_model=RunsPage, dependencies=secured, responses=_responses(404, 422)
    )
    async def list_runs(
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
        before: Annotated[
            str | None,
            Query(max_length=100, description="a run id: list the runs older than it (`next`)"),
        ] = None,
    ) -> Any:
        """Stored runs (the CLI's too), newest first, ``limit`` at a time."""
        rows = await asyncio.to_thread(_page, service.store, limit + 1, before)
        if rows is None:
            return _error(404, "unknown_run", f"before: no run {before!r}")
        more = len(rows) > limit
        rows = rows[:limit]
        for row in rows:
            if row["status"] == "interrupted" and row["id"] in service.running:
                row["status"] = "running"
        return JSONResponse({"runs": rows, "next": rows[-1]["id"] if more else None})

    @app.get(
        "/v1/runs/{run_id}",
        response_model=StoredRun,
        dependencies=secured,
        responses=_responses(404, 422),
    )
    async def show_run(
        run_id: Annotated[str, Path(max_length=100)],
        thoughts: Annotated[
            bool, Query(description="include thoughts and the model's raw output")
        ] = False,
    ) -> Any:
        """One stored run: its task, steps and Result (or error)."""
        run = await asyncio.to_thread(service.store.get_run, run_id)
        if run is None or run["id"] != run_id:  # the store takes prefixes; the API does not
            return _error(404, "unknown_run", f"no run {run_id[:100]!r}")
        if run["status"] == "interrupted" and run_id in service.running:
            run["status"] = "running"
        if not thoughts:
            for step in run["steps"]:
                for hidden in ("thought", "raw", "calls"):
                    step.pop(hidden, None)
        return JSONResponse(run)


def _stored_result(service: Service, result: Result) -> dict[str, Any]:
    """The Result as stored (the CLI prints the same row)."""
    stored = service.store.get_run(result.run_id)
    if stored is None or stored["result"] is None:  # pragma: no cover - written just before
        return result.model_dump(mode="json")
    data: dict[str, Any] = stored["result"]
    return data


def _failed(event: Failed) -> JSONResponse:
    return _error(502, "run_failed", _failed_message(event), run_id=event.run_id)


def _failed_message(event: Failed) -> str:
    where = f"; it is stored as run {event.run_id} with status error" if event.run_id else ""
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


# -- the runs list: newest first, a keyset page at a time -------------------------------


def _page(store: RunStore, limit: int, before: str | None) -> list[dict[str, Any]] | None:
    """Up to ``limit`` runs, newest first, older than the run ``before`` (None if there
    is no such run). Keyset paging: a page does not shift when new runs arrive."""
    where, params = "", tuple[str, ...]()
    with store._lock:
        if before is not None:
            anchor = store._db.execute(
                "SELECT created_at, id FROM runs WHERE id = ?", (before,)
            ).fetchone()
            if anchor is None:
                return None
            where = "WHERE r.created_at < ? OR (r.created_at = ? AND r.id < ?) "
            params = (anchor["created_at"], anchor["created_at"], anchor["id"])
        rows = store._db.execute(
            "SELECT r.id, r.created_at, r.question, r.corpus, r.policy, "
            "COALESCE(x.status, 'interrupted') AS status, x.reason, "
            "(SELECT COUNT(*) FROM steps s WHERE s.run_id = r.id) AS steps "
            "FROM runs r LEFT JOIN results x ON x.run_id = r.id "
            f"{where}ORDER BY r.created_at DESC, r.id DESC LIMIT ?",
            (*params, limit),
        ).fetchall()
    return [dict(row) for row in rows]


__all__ = ["app_from_env", "create_app", "step_event", "summary"]
