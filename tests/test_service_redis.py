"""Rate limits shared through a real Redis on 127.0.0.1:6379: two servers (as two workers
would be) draw from one bucket per key, exactly, and the Lua script is atomic."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest

redis = pytest.importorskip("redis", reason="the server extra (redis) is not installed")

from sleuth.service import KeyStore, Rate, ServiceConfig  # noqa: E402
from sleuth.service.app import create_app  # noqa: E402
from sleuth.service.ratelimit import RedisLimiter  # noqa: E402
from sleuth.service.testing import LiveServer  # noqa: E402
from sleuth.store import RunStore  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def prefix() -> Iterator[str]:
    """A key prefix of this test's own; its keys are deleted afterwards."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=2)
    client.ping()  # Redis runs on every machine and in CI: unreachable is a failure
    name = f"sleuth-test:{uuid.uuid4().hex}:"
    yield name
    for key in client.scan_iter(match=name + "*"):
        client.delete(key)
    client.close()


def test_two_servers_share_one_limit_exactly(db_path: Path, prefix: str) -> None:
    _, key = KeyStore(RunStore(db_path)).create("shared")
    auth = {"Authorization": f"Bearer {key}"}

    def app() -> object:
        config = ServiceConfig(
            db=db_path, rate=Rate.parse("3/60"), redis_url=REDIS_URL, redis_prefix=prefix
        )
        return create_app(config)

    with (
        LiveServer(app()) as one,
        LiveServer(app()) as two,
        httpx.Client(base_url=one.url) as a,
        httpx.Client(base_url=two.url) as b,
    ):
        codes = [c.get("/v1/runs", headers=auth).status_code for c in (a, b, a)]
        limited = [c.get("/v1/runs", headers=auth) for c in (b, a)]
        health = b.get("/healthz").json()
    assert codes == [200, 200, 200]
    for response in limited:
        assert response.status_code == 429
        assert 19 <= int(response.headers["retry-after"]) <= 20
    assert health["rate_limiter"] == "redis" and health["status"] == "ok"


def test_the_lua_bucket_is_atomic_under_concurrency(prefix: str) -> None:
    async def burst() -> list[bool]:
        limiters = [RedisLimiter(Rate.parse("10/60"), REDIS_URL, prefix) for _ in range(2)]
        try:
            verdicts = await asyncio.gather(*(limiters[i % 2].take("key:burst") for i in range(40)))
            other = await limiters[0].take("key:other")  # a separate bucket
            return [v.allowed for v in verdicts] + [other.allowed]
        finally:
            for limiter in limiters:
                await limiter.aclose()

    allowed = asyncio.run(burst())
    assert sum(allowed[:-1]) == 10 and allowed[-1] is True


def test_buckets_expire_once_full_again(prefix: str) -> None:
    async def take() -> None:
        limiter = RedisLimiter(Rate.parse("2/5"), REDIS_URL, prefix)
        try:
            await limiter.take("key:ttl")
        finally:
            await limiter.aclose()

    asyncio.run(take())
    client = redis.Redis.from_url(REDIS_URL)
    (key,) = list(client.scan_iter(match=prefix + "*"))
    assert key.decode() == f"{prefix}2/5:key:ttl"
    assert 0 < client.pttl(key) <= 6000
    level, last = client.hmget(key, "level", "last")
    assert int(level) == 5000  # 2 tokens of 5000 units each, one taken
    assert int(last) > 0
    client.close()
