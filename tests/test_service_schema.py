"""schemathesis against the served OpenAPI spec: generated requests from the spec, each
answered without a 5xx and as the spec says (status, content type, body schema)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")

from sleuth.service import Rate, ServiceConfig  # noqa: E402
from sleuth.service.app import create_app  # noqa: E402
from sleuth.service.testing import LiveServer  # noqa: E402


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    db = tmp_path_factory.mktemp("schema") / "runs.db"
    config = ServiceConfig(db=db, rate=Rate.parse("100000/1"))
    with LiveServer(create_app(config)) as server:
        yield schemathesis.openapi.from_url(server.url + "/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
def test_the_spec_holds(case: Any) -> None:
    case.call_and_validate()
