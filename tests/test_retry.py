"""Retries of one model call (`sleuth.models.retry`), driven through tenacity the way
`ModelPolicy` drives them, on a clock that only the sleeps move: which failures retry, the
waits (Retry-After, backoff, their caps), the deadline, and the attempt-by-attempt record."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from sleuth.errors import ModelError
from sleuth.models.retry import Failure, GaveUp, Retry, RetryPolicy, retry_after_seconds


class Provider(Exception):
    """A provider error as a backend's ``classify`` sees it."""

    def __init__(self, status: int, retry_after: float | None = None) -> None:
        super().__init__(f"HTTP {status}")
        self.status, self.retry_after = status, retry_after


def classify(exc: BaseException) -> Failure | None:
    if not isinstance(exc, Provider):
        return None
    return Failure(
        f"the model server answered HTTP {exc.status}",
        status=exc.status,
        retryable=exc.status in (429, 500, 503),
        retry_after=exc.retry_after,
    )


class Clock:
    """Time that passes only when a retry sleeps (and by ``latency`` per attempt)."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    async def asleep(self, seconds: float) -> None:
        self.sleep(seconds)


def calls(outcomes: list[BaseException | str], clock: Clock, retry: Retry) -> Callable[[], str]:
    """A model call that fails or answers as ``outcomes`` says, each taking 0.25 s."""
    script: Iterator[BaseException | str] = iter(outcomes)

    def call() -> str:
        retry.next_timeout()
        clock.now += 0.25
        outcome = next(script)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    return call


def drive(
    outcomes: list[BaseException | str],
    policy: RetryPolicy,
    *,
    deadline_s: float = 3600.0,
    mode: str = "sync",
) -> tuple[str, Retry, Clock]:
    clock = Clock()
    retry = Retry(policy, clock() + deadline_s, classify, clock)
    call = calls(outcomes, clock, retry)
    if mode == "sync":
        answer = retry.retrying(clock.sleep)(call)
    else:

        async def acall() -> str:
            return call()

        answer = asyncio.run(retry.aretrying(clock.asleep)(acall))
    retry.succeeded()
    return answer, retry, clock


MODES = pytest.mark.parametrize("mode", ["sync", "async"])


@MODES
def test_each_attempt_is_recorded_with_its_wait(mode: str) -> None:
    outcomes: list[BaseException | str] = [Provider(500), Provider(429, 2.0), "ok"]
    answer, retry, clock = drive(outcomes, RetryPolicy(max_attempts=4), mode=mode)
    assert answer == "ok" and clock.sleeps == [0.5, 2.0]
    assert retry.attempts == [
        {
            "attempt": 1,
            "ok": False,
            "status": 500,
            "error": "the model server answered HTTP 500",
            "latency_ms": 250.0,
            "retry_in_s": 0.5,
        },
        {
            "attempt": 2,
            "ok": False,
            "status": 429,
            "error": "the model server answered HTTP 429",
            "latency_ms": 250.0,
            "retry_in_s": 2.0,
        },
        {"attempt": 3, "ok": True, "latency_ms": 250.0},
    ]


@MODES
def test_backoff_and_retry_after_are_capped(mode: str) -> None:
    policy = RetryPolicy(max_attempts=8, backoff_s=0.5, max_backoff_s=3.0, max_retry_after_s=10)
    outcomes: list[BaseException | str] = [Provider(503)] * 5 + [Provider(429, 99.0)] * 2
    with pytest.raises(GaveUp, match=r"HTTP 503 \(gave up after 8 attempts\)$"):
        drive([*outcomes, Provider(503)], policy, mode=mode)
    _, _, clock = drive([*outcomes, "ok"], policy, mode=mode)
    assert clock.sleeps == [0.5, 1.0, 2.0, 3.0, 3.0, 10.0, 10.0]


@MODES
def test_a_retry_after_of_zero_or_less_retries_at_once(mode: str) -> None:
    _, retry, clock = drive([Provider(429, -5.0), "ok"], RetryPolicy(), mode=mode)
    assert clock.sleeps == [0.0] and retry.attempts[0]["retry_in_s"] == 0.0


@MODES
def test_out_of_attempts_gives_up_with_every_attempt_recorded(mode: str) -> None:
    outcomes: list[BaseException | str] = [Provider(500), Provider(503), Provider(500)]
    clock = Clock()
    retry = Retry(RetryPolicy(max_attempts=3), 3600.0 + clock(), classify, clock)
    call = calls(outcomes, clock, retry)
    with pytest.raises(GaveUp) as raised:
        if mode == "sync":
            retry.retrying(clock.sleep)(call)
        else:

            async def acall() -> str:
                return call()

            asyncio.run(retry.aretrying(clock.asleep)(acall))
    assert str(raised.value) == "the model server answered HTTP 500 (gave up after 3 attempts)"
    assert clock.sleeps == [0.5, 1.0]
    assert [a["status"] for a in retry.attempts] == [500, 503, 500]
    assert "retry_in_s" not in retry.attempts[-1]


@MODES
def test_a_failure_that_is_not_retryable_fails_at_once(mode: str) -> None:
    with pytest.raises(GaveUp, match=r"^the model server answered HTTP 400$"):
        drive([Provider(400), "ok"], RetryPolicy(), mode=mode)


@MODES
def test_no_wait_runs_past_the_deadline(mode: str) -> None:
    # 0.25 s a call: after the first failure 0.5 s of backoff still fits in 1 s, after the
    # second (at 1.0 s) 1 s of backoff does not
    with pytest.raises(GaveUp, match=r"HTTP 503 \(no time left to retry\)$"):
        drive([Provider(503)] * 3, RetryPolicy(max_attempts=5), deadline_s=1.5, mode=mode)
    clock = Clock()
    retry = Retry(RetryPolicy(max_attempts=5), clock() + 1.5, classify, clock)
    with pytest.raises(GaveUp):
        retry.retrying(clock.sleep)(calls([Provider(503)] * 3, clock, retry))
    assert clock.sleeps == [0.5] and len(retry.attempts) == 2
    assert "retry_in_s" not in retry.attempts[-1]


def test_the_attempt_timeout_is_bounded_by_the_deadline() -> None:
    clock = Clock()
    retry = Retry(RetryPolicy(call_timeout_s=60.0), clock() + 5.0, classify, clock)
    assert retry.next_timeout() == 5.0
    clock.now += 4.0
    assert retry.next_timeout() == 1.0
    clock.now += 1.0
    with pytest.raises(ModelError, match="no time left for a model call"):
        retry.next_timeout()


@MODES
def test_other_errors_pass_through_unrecorded(mode: str) -> None:
    """A bug of ours, our own ModelError and a cancellation are not provider failures:
    they leave as they are, at once, with no attempt recorded."""
    for error in (ValueError("a bug"), ModelError("ours"), KeyboardInterrupt()):
        clock = Clock()
        retry = Retry(RetryPolicy(), clock() + 60, classify, clock)
        call = calls([error], clock, retry)
        with pytest.raises(type(error)) as raised:
            if mode == "sync":
                retry.retrying(clock.sleep)(call)
            else:

                async def acall(call: Callable[[], str] = call) -> str:
                    return call()

                asyncio.run(retry.aretrying(clock.asleep)(acall))
        assert raised.value is error and retry.attempts == [] and clock.sleeps == []


def test_retry_after_headers() -> None:
    assert retry_after_seconds("2") == 2.0 and retry_after_seconds("0.5") == 0.5
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past


def test_a_policy_is_data() -> None:
    policy = RetryPolicy(backoff_s=1.0, max_backoff_s=5.0, max_retry_after_s=7.0)
    assert [policy.delay(n, None) for n in range(1, 6)] == [1.0, 2.0, 4.0, 5.0, 5.0]
    assert policy.delay(1, 30.0) == 7.0 and policy.delay(3, 0.25) == 0.25
