"""The web page, served by the API's own app (no build step: plain HTML, CSS and JS).

    GET /                         the page (not in the spec; loads without a key);
                                  ``/#run=RUN_ID`` opens a stored run (each run's link)
    GET /static/...               its script and style sheet (not in the spec)
    GET /docs, /redoc             the API's docs: Swagger UI and ReDoc from local assets
                                  (``fastapi-offline``, in the server extra), never a CDN
    GET /v1/runs/{id}/sources     the pages a run cited, each with its evidence located
    GET /v1/runs/{id}/page?url=   one page the run opened, as it saw it, quotes marked
                                  (the page's ``#run=ID&page=URL`` view links here)

The page is a client of the documented API and nothing else: it asks with
``"stream": true`` and reads the Server-Sent Events, lists and loads runs, approves or
rejects a paused run, and shows each cited page with its quotes highlighted from
``/sources``. It renders page text and model output as text, never as markup, and its
Content-Security-Policy allows only its own script and style sheet.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from sleuth.result import FieldResult, Quote, Result
from sleuth.service.access import caller_of, visible
from sleuth.service.schemas import ErrorBody
from sleuth.store.models import StoredRun, StoredStep
from sleuth.text import find_verbatim

if TYPE_CHECKING:
    from sleuth.service.app import Service

__all__ = ["RunSources", "Source", "install_web", "sources"]

STATIC = Path(__file__).parent / "static"
GAP = "\n[…]\n"  # between windows of a page the agent read apart
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

Span = tuple[int, int]


class Source(BaseModel):
    """A page the run cited, as the agent was shown it, with its quotes located."""

    url: str
    title: str
    text: str = Field(
        description="the page body from the run's corpus while it is served at the build the "
        "run read; otherwise the windows the agent read, in page order, joined by `[…]`"
    )
    highlights: list[Span] = Field(
        description="[start, end) offsets into `text` of each evidence quote from this page"
    )
    shown: list[Span] = Field(description="[start, end) offsets into `text` the agent read")


class RunSources(BaseModel):
    run_id: str
    sources: list[Source] = Field(
        description="the cited pages in order of first citation (none before a Result exists)"
    )


def install_web(app: FastAPI, service: Service, bearer: HTTPBearer) -> None:
    """Register the page, its assets and the ``/sources`` route on ``app``."""

    @app.get("/", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(_index(), headers=PAGE_HEADERS)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    install_docs(app)

    @app.get(
        "/v1/runs/{run_id}/sources",
        response_model=RunSources,
        dependencies=[Depends(bearer)],
        responses={s: {"model": ErrorBody} for s in (404, 422)},
    )
    async def run_sources(
        request: Request, run_id: Annotated[str, PathParam(max_length=100)]
    ) -> Any:
        """The pages a run cited, with the text the agent read and each evidence quote's
        offsets in it (what the web page highlights)."""
        run = await asyncio.to_thread(service.store.get_run, run_id)
        if not visible(run, run_id, caller_of(request)):
            return _no_run(run_id)
        assert run is not None
        cited = list(dict.fromkeys(url for url, _ in _cited(run.result)))
        bodies = await asyncio.to_thread(_bodies, service, run, cited)
        found = await asyncio.to_thread(sources, run.result, run.steps, bodies)
        return JSONResponse(RunSources(run_id=run_id, sources=found).model_dump(mode="json"))

    @app.get(
        "/v1/runs/{run_id}/page",
        response_model=Source,
        dependencies=[Depends(bearer)],
        responses={s: {"model": ErrorBody} for s in (404, 422)},
    )
    async def run_page(
        request: Request,
        run_id: Annotated[str, PathParam(max_length=100)],
        url: Annotated[str, Query(min_length=1, max_length=2000, description="a page it opened")],
    ) -> Any:
        """One page (or passage) the run opened, as the run saw it: its text, what of it
        the agent read, and where the run's quotes from it are (``highlights``)."""
        run = await asyncio.to_thread(service.store.get_run, run_id)
        if not visible(run, run_id, caller_of(request)):
            return _no_run(run_id)
        assert run is not None
        if url not in _windows(run.steps):
            detail = {
                "code": "unknown_page",
                "message": f"run {run_id} did not open {url[:200]!r}",
            }
            return JSONResponse({"error": detail}, status_code=404)
        bodies = await asyncio.to_thread(_bodies, service, run, [url])
        return JSONResponse(page_view(run, url, bodies).model_dump(mode="json"))


DOCS_ASSETS = "/docs-assets"


def docs_assets() -> Path | None:
    """The folder of Swagger UI's and ReDoc's files (from the ``fastapi-offline``
    package), or None when it is not installed."""
    try:
        from importlib.resources import files

        folder = Path(str(files("fastapi_offline") / "static"))
    except ImportError:
        return None
    needed = ("swagger-ui-bundle.js", "swagger-ui.css", "redoc.standalone.js")
    return folder if all((folder / name).is_file() for name in needed) else None


def install_docs(app: FastAPI, assets: Path | None = None) -> None:
    """``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), their scripts served from this
    server, so they work offline; without the assets, both are a plain page listing the
    operations, with the install hint."""
    from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html

    folder = assets if assets is not None else docs_assets()
    if folder is not None:
        app.mount(DOCS_ASSETS, StaticFiles(directory=folder), name="docs-assets")
    title = f"{app.title} API"
    spec = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        if folder is None:
            return HTMLResponse(_plain_docs(app.openapi(), spec))
        return get_swagger_ui_html(
            openapi_url=spec,
            title=title,
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        if folder is None:
            return HTMLResponse(_plain_docs(app.openapi(), spec))
        return get_redoc_html(
            openapi_url=spec,
            title=title,
            redoc_js_url=f"{DOCS_ASSETS}/redoc.standalone.js",
            redoc_favicon_url="/static/favicon.svg",
            with_google_fonts=False,
        )


def _plain_docs(openapi: Mapping[str, Any], spec: str) -> str:
    """The operations of the spec as a plain page (no script)."""
    from html import escape

    rows = []
    for path, item in openapi.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            what = operation.get("summary") or operation.get("description", "").split("\n")[0]
            rows.append(
                f"<li><code>{escape(method.upper())} {escape(path)}</code> — {escape(what)}</li>"
            )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(str(openapi.get('info', {}).get('title', 'API')))} API</title></head>"
        f'<body><h1>API</h1><p>The spec: <a href="{escape(spec)}">{escape(spec)}</a>. '
        "For the interactive docs here, install the server extra: "
        "<code>pip install 'sleuth[server]'</code> (it brings fastapi-offline).</p>"
        f"<ul>{''.join(rows)}</ul></body></html>"
    )


@cache
def _index() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


def _no_run(run_id: str) -> JSONResponse:
    detail = {"code": "unknown_run", "message": f"no run {run_id[:100]!r}"}
    return JSONResponse({"error": detail}, status_code=404)


def _bodies(service: Service, run: StoredRun, urls: list[str]) -> Mapping[str, tuple[str, str]]:
    """``url -> (title, body)`` of ``urls`` in the run's corpus, while it is served at the
    build the run read (after a rebuild the run's own windows tell what it saw)."""
    if run.corpus not in service.catalog.names():
        return {}
    corpus = service.corpus(run.corpus)
    if corpus.build != run.corpus_build:
        return {}
    found = {}
    for url in urls:
        page = corpus.get(url)
        if page is not None:
            found[url] = (page.title, page.body)
    return found


def page_view(run: StoredRun, url: str, bodies: Mapping[str, tuple[str, str]]) -> Source:
    """One opened page of a stored run as it saw it, with the run's quotes from it."""
    quotes = [q for u, q in _cited(run.result) if u == url and q is not None]
    read = _windows(run.steps).get(url, [])
    if url in bodies:
        title, text = bodies[url]
        shown = _merge([(start, end) for start, end, _ in read])
    else:
        title = next(_titles(run.steps, url), url)
        text, shown = _stitch(read)
    spans = {span for quote in quotes if (span := _locate(text, quote))}
    return Source(url=url, title=title, text=text, highlights=sorted(spans), shown=shown)


def sources(
    result: Result | None, steps: list[StoredStep], bodies: Mapping[str, tuple[str, str]]
) -> list[Source]:
    """The cited pages of a stored run's ``result``, read in its ``steps``
    (`sleuth.store.StoredRun`), each with its text, what
    of it the agent read and where its quotes are. ``bodies`` holds the corpus's pages
    (``url -> (title, body)``); a page missing from it is rebuilt from the windows the
    stored steps hold."""
    quotes: dict[str, list[Quote]] = {}
    for url, quote in _cited(result):
        quotes.setdefault(url, [])
        if quote is not None:
            quotes[url].append(quote)
    windows = _windows(steps)
    found = []
    for url, located in quotes.items():
        read = windows.get(url, [])
        if url in bodies:
            title, text = bodies[url]
            shown = _merge([(start, end) for start, end, _ in read])
        else:
            title = next(_titles(steps, url), url)
            text, shown = _stitch(read)
        spans = {span for quote in located if (span := _locate(text, quote))}
        found.append(Source(url=url, title=title, text=text, highlights=sorted(spans), shown=shown))
    return found


def _cited(result: Result | None) -> Iterator[tuple[str, Quote | None]]:
    """``(url, quote or None)`` for every citation and quote of a Result, in order."""
    if result is None:
        return
    parts: list[Result | FieldResult] = [result, *(result.fields or {}).values()]
    for part in parts:
        for url in part.citations:
            yield url, None
        for quote in part.evidence:
            yield quote.url, quote
        for conflict in part.conflicts:
            yield conflict.citation, None
            yield conflict.evidence.url, conflict.evidence


def _locate(text: str, quote: Quote) -> Span | None:
    """The quote's stored offsets when they still point at it, else where it occurs."""
    start, end, words = quote.start, quote.end, quote.text
    if text[start:end] == words:
        return (start, end)
    return find_verbatim(text, words)


def _windows(steps: list[StoredStep]) -> dict[str, list[tuple[int, int, str]]]:
    """``url -> [(start, end, text)]`` of each successful ``open`` of the run."""
    read: dict[str, list[tuple[int, int, str]]] = {}
    for step in steps:
        data = step.data
        if step.kind != "page" or not isinstance(data.get("url"), str):
            continue
        start, end, text = data.get("start"), data.get("end"), data.get("text")
        if isinstance(start, int) and isinstance(end, int) and isinstance(text, str):
            read.setdefault(data["url"], []).append((start, end, text))
    return read


def _titles(steps: list[StoredStep], url: str) -> Iterator[str]:
    for step in steps:
        data = step.data
        if step.kind == "page" and data.get("url") == url and data.get("title"):
            yield str(data["title"])


def _merge(spans: list[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _stitch(read: list[tuple[int, int, str]]) -> tuple[str, list[Span]]:
    """The windows of one page, overlaps merged, joined by `GAP` where they are apart."""
    pieces: list[tuple[int, int, str]] = []
    for start, end, text in sorted(read):
        if pieces and start <= pieces[-1][1]:
            last_start, last_end, last_text = pieces[-1]
            if end > last_end:
                pieces[-1] = (last_start, end, last_text + text[last_end - start :])
        else:
            pieces.append((start, end, text))
    text, shown = "", []
    for _, _, piece in pieces:
        text += GAP if text else ""
        shown.append((len(text), len(text) + len(piece)))
        text += piece
    return text, shown
