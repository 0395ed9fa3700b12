"""Token buckets per client: in memory (one process) or in Redis (shared by workers).

A bucket holds at most ``requests`` tokens and refills at ``requests / period_s`` tokens
a second; each request takes one. Both limiters use the same integer arithmetic, so
they agree to the millisecond: a bucket's level is counted in units of
1 token = ``period_ms`` units, it refills by ``requests`` units a millisecond, and holds
at most ``requests * period_ms`` units (≤ 8.64e12, exact in a double and in Lua).

The Redis bucket is one Lua script, so reading, refilling and taking a token are atomic
however many processes share it, and its clock is the Redis server's (``TIME``), so
workers with skewed clocks still agree.

Why not the ``limits`` library (checked with 5.8): it has fixed windows, moving windows
and sliding-window counters but no token bucket, so it cannot keep what is promised and
tested here. At 3/60, after a burst of three the next request is told Retry-After 20 and
one request passes 20 s later; with ``limits`` the moving and fixed windows say 60 s, and
the sliding-window counter says 20 s but still refuses then. Its Redis strategies also
take the time from each worker (ours from Redis), its memory storage reads the wall clock
(ours takes a clock, so tests need no sleeps), and ``limits[redis]`` requires redis < 8.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from sleuth.service.config import Rate

if TYPE_CHECKING:
    from redis.asyncio import Redis

MAX_MEMORY_BUCKETS = 100_000


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after_s: int = 0  # whole seconds until a token is back (0 when allowed)


class RateLimiter(Protocol):
    kind: str

    async def take(self, bucket: str) -> Verdict: ...
    async def ping(self) -> None: ...
    async def aclose(self) -> None: ...


class LimiterUnavailable(Exception):
    """The shared limiter (Redis) could not be asked; the request is refused (503)."""


def refill(rate: Rate, level: int | None, last_ms: int, now_ms: int) -> int:
    """The bucket's level at ``now_ms``; ``level`` None is a bucket never used: full."""
    capacity = rate.requests * rate.period_s * 1000
    if level is None:
        return capacity
    return min(capacity, level + max(0, now_ms - last_ms) * rate.requests)


def take_token(rate: Rate, level: int | None, last_ms: int, now_ms: int) -> tuple[bool, int, int]:
    """One request against a bucket: (allowed, new level, milliseconds to wait)."""
    unit = rate.period_s * 1000
    level = refill(rate, level, last_ms, now_ms)
    if level >= unit:
        return True, level - unit, 0
    return False, level, math.ceil((unit - level) / rate.requests)


def retry_after(wait_ms: int) -> int:
    return max(1, math.ceil(wait_ms / 1000))


class MemoryLimiter:
    """Buckets in this process. With several workers each has its own buckets."""

    kind = "memory"

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, tuple[int | None, int]] = {}
        self._lock = threading.Lock()

    async def take(self, bucket: str) -> Verdict:
        now_ms = int(self.clock() * 1000)
        with self._lock:
            level, last = self._buckets.get(bucket, (None, now_ms))
            allowed, level, wait = take_token(self.rate, level, last, now_ms)
            self._buckets[bucket] = (level, now_ms)
            if len(self._buckets) > MAX_MEMORY_BUCKETS:
                self._forget_full(now_ms)
        return Verdict(allowed, 0 if allowed else retry_after(wait))

    def _forget_full(self, now_ms: int) -> None:
        """Drop buckets that have refilled: forgetting them changes nothing."""
        capacity = self.rate.requests * self.rate.period_s * 1000
        full = [
            name
            for name, (level, last) in self._buckets.items()
            if refill(self.rate, level, last, now_ms) >= capacity
        ]
        for name in full:
            del self._buckets[name]

    async def ping(self) -> None:
        return None

    async def aclose(self) -> None:
        return None


# KEYS[1] the bucket; ARGV: requests, period in ms. Returns {allowed, wait_ms}.
TOKEN_BUCKET_LUA = """
local requests = tonumber(ARGV[1])
local unit = tonumber(ARGV[2])
local capacity = requests * unit
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'level', 'last')
local level = tonumber(state[1])
local last = tonumber(state[2])
if level == nil or last == nil then
  level = capacity
else
  level = math.min(capacity, level + math.max(0, now - last) * requests)
end
local allowed = 0
local wait = 0
if level >= unit then
  level = level - unit
  allowed = 1
else
  wait = math.ceil((unit - level) / requests)
end
redis.call('HSET', KEYS[1], 'level', string.format('%.0f', level),
           'last', string.format('%.0f', now))
redis.call('PEXPIRE', KEYS[1], unit + 1000)
return {allowed, wait}
"""


class RedisLimiter:
    """Buckets in Redis, shared by every process that uses the same URL and prefix."""

    kind = "redis"

    def __init__(self, rate: Rate, url: str, prefix: str = "sleuth:rate:") -> None:
        from redis.asyncio import Redis

        self.rate = rate
        self.prefix = f"{prefix}{rate}:"
        self.client: Redis = Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self._script: Any = self.client.register_script(TOKEN_BUCKET_LUA)

    async def take(self, bucket: str) -> Verdict:
        from redis.exceptions import RedisError

        try:
            allowed, wait = await self._script(
                keys=[self.prefix + bucket], args=[self.rate.requests, self.rate.period_s * 1000]
            )
        except (RedisError, OSError) as exc:
            raise LimiterUnavailable(f"Redis: {type(exc).__name__}") from exc
        return Verdict(bool(allowed), 0 if allowed else retry_after(int(wait)))

    async def ping(self) -> None:
        from redis.exceptions import RedisError

        try:
            await self.client.ping()
        except (RedisError, OSError) as exc:
            raise LimiterUnavailable(f"Redis: {type(exc).__name__}") from exc

    async def aclose(self) -> None:
        await self.client.aclose()


def make_limiter(rate: Rate, redis_url: str | None, prefix: str) -> RateLimiter:
    if redis_url is None:
        return MemoryLimiter(rate)
    return RedisLimiter(rate, redis_url, prefix)
