"""The API's docs pages work offline: /docs (Swagger UI) and /redoc (ReDoc) load their
scripts from this server, never from a CDN; without the assets they are a plain page."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx2 as httpx
import pytest

from test_service import served

pytest.importorskip("fastapi_offline")

EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I)


def _local_assets(html: str) -> list[str]:
    return re.findall(r"""(?:src|href)=["']?(/docs-assets/[^"' >]+)""", html)


@pytest.mark.parametrize(
    ("page", "script"),
    [("/docs", "swagger-ui-bundle.js"), ("/redoc", "redoc.standalone.js")],
)
def test_docs_pages_load_only_local_assets(db_path: Path, page: str, script: str) -> None:
    with served(db_path) as client:
        response = client.get(page)
        assert response.status_code == 200, response.text
        html = response.text
        assert not EXTERNAL.search(html), "the page loads something from another host"
        assert "fonts.googleapis" not in html and "cdn.jsdelivr" not in html
        assets = _local_assets(html)
        assert any(a.endswith(script) for a in assets), assets
        for asset in assets:
            fetched = client.get(asset)
            assert fetched.status_code == 200 and len(fetched.content) > 10_000, asset
        assert "/openapi.json" in html
        assert client.get("/openapi.json").json()["info"]["title"] == "sleuth"


def test_docs_pages_are_not_in_the_spec(db_path: Path) -> None:
    with served(db_path) as client:
        paths = client.get("/openapi.json").json()["paths"]
    assert not {"/docs", "/redoc", "/docs-assets"} & set(paths)


def test_without_the_assets_the_docs_are_a_plain_list_of_operations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fastapi import FastAPI

    import sleuth.service.web as web

    async def things() -> list[str]:
        return []

    app = FastAPI(title="sleuth", docs_url=None, redoc_url=None)
    app.add_api_route("/v1/things", things, methods=["GET"], summary="List the things")
    monkeypatch.setattr(web, "docs_assets", lambda: None)  # as if fastapi-offline were absent
    web.install_docs(app)

    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return [await client.get("/docs"), await client.get("/redoc")]

    for response in asyncio.run(fetch()):
        assert response.status_code == 200
        assert "<code>GET /v1/things</code> — List the things" in response.text
        assert "pip install 'sleuth[server]'" in response.text
        assert not EXTERNAL.search(response.text)
