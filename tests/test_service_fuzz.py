"""No request gets a 5xx: generated bodies, content types, paths and queries against a
live server. Every 4xx is the JSON error shape; every 200 to /v1/ask is a Result (or an
event stream ending in one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx2 as httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.service import Rate, ServiceConfig
from sleuth.service.app import create_app
from sleuth.service.testing import LiveServer

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=12,
)
small_ints = st.integers(-5, 400)
ask_bodies = st.fixed_dictionaries(
    {},
    optional={
        "question": st.sampled_from(["Who founded Acme Robotics?", "", " ", "x" * 2001])
        | st.text(max_size=60)
        | json_values,
        "corpus": st.sampled_from(["acme", "brand", "workshop", "../acme", "/etc/passwd"])
        | json_values,
        "policy": st.sampled_from(["offline", "scripted", "openai:gpt-4o"]) | json_values,
        "require": st.lists(st.text(max_size=70), max_size=10) | json_values,
        "conflict_rule": st.sampled_from(["newest", "authority", "oldest", None]) | json_values,
        "budgets": st.fixed_dictionaries(
            {},
            optional={
                "max_steps": small_ints | json_values,
                "timeout_s": st.floats(allow_nan=False) | small_ints | json_values,
            },
        )
        | json_values,
        "stream": st.booleans() | json_values,
        "thoughts": st.booleans() | json_values,
        "extra": json_values,
    },
)
content_types = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "application/problem+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/",
        ";;",
        "",
    ]
)


def check(response: httpx.Response) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str)


def check_ask(response: httpx.Response) -> None:
    check(response)
    if response.status_code != 200:
        return
    if response.headers["content-type"].startswith("text/event-stream"):
        assert "event: result\ndata: " in response.text
    else:
        assert response.json()["status"] in {
            "ready_for_review",
            "incomplete",
            "budget_exhausted",
            "conflict",
        }


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db: Path = tmp_path_factory.mktemp("fuzz") / "runs.db"
    config = ServiceConfig(db=db, rate=Rate.parse("100000/1"))
    with LiveServer(create_app(config)) as server, httpx.Client(base_url=server.url) as c:
        yield c


FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(body=ask_bodies | json_values)
def test_generated_json_bodies(client: httpx.Client, body: Any) -> None:
    check_ask(
        client.post(
            "/v1/ask",
            content=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
    )


@FUZZ
@given(raw=st.binary(max_size=200), content_type=content_types)
def test_generated_raw_bodies_and_content_types(
    client: httpx.Client, raw: bytes, content_type: str
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    check_ask(client.post("/v1/ask", content=raw, headers=headers))


@FUZZ
@given(
    run_id=st.text(max_size=40),
    params=st.dictionaries(
        st.sampled_from(["limit", "before", "thoughts", "x"]), st.text(max_size=40), max_size=3
    ),
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]),
    path=st.sampled_from(["/v1/runs", "/v1/runs/{}", "/v1/ask", "/healthz", "/{}", "/v1/{}"]),
)
def test_generated_paths_methods_and_queries(
    client: httpx.Client, run_id: str, params: dict[str, str], method: str, path: str
) -> None:
    response = client.request(method, path.format(quote(run_id, safe="")), params=params)
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400 and method != "HEAD":
        assert isinstance(response.json()["error"]["code"], str)
