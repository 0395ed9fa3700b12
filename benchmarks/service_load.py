"""Load on `sleuth serve`: throughput and latency of POST /v1/ask, and the rate limiter.

`sleuth serve` runs as a real subprocess (its own GIL) on a free loopback port with a
temporary SQLite runs store; the load generator is asyncio + httpx in this process. Only
127.0.0.1 is ever contacted, every loop is bounded by a deadline, and the whole run by a
hard cap (``--hard-cap``, by default 4 x DURATION + 120 s).

Phase 1, throughput (the limit set out of reach: ``--rate 100000/1``, no API keys):
CONCURRENCY clients for DURATION seconds each, first on ``GET /healthz`` (the server's
floor: routing, the gate, a one-row store read), then on ``POST /v1/ask`` with the
offline policy on the built-in ``acme`` corpus, cycling through a fixed list of
questions (answerable, unanswerable, conflicting). The named baselines, measured in
the same run: ``/healthz`` at the same concurrency, and the same questions run
in-process with `sleuth.run` (offline policy, SQLite store, no HTTP, one thread) before
the server starts. Printed ratios: ask/healthz and HTTP ask/in-process.

Phase 2, rate limits (skip with ``--skip-limits``): the server restarted with
``--rate RATE`` and a key from `sleuth keys create` on the same store (limits are per
key), hammered with POST /v1/ask by CONCURRENCY clients for DURATION seconds, far more
than the limit. Reported: 200s, 429s, what the token bucket should have let through
(burst + rate x elapsed, elapsed being the span between the first and last request
sent), allowed/expected, and whether every 429 carried a valid Retry-After. With
``--workers 2 --redis URL`` the two worker processes share one bucket (expect ~1.0);
with ``--workers 2`` and no Redis each worker has its own bucket (up to ~2.0: how many
of the clients' keep-alive connections each worker accepted decides; often all land on
one worker and it reads ~1.0). Server CPU is also reported per process, which shows how
the connections spread over the workers.

The CLI exposes no Redis key prefix: buckets live under ``sleuth:rate:RATE:``. The
phase-2 bucket is the fresh key's (``key:key_<random>``), so runs never share it, and
every bucket expires by itself period + 1 s after its last use.

    python benchmarks/service_load.py [--concurrency 16] [--duration 10] [--json]
    python benchmarks/service_load.py --workers 2 --redis redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import httpx2 as httpx

import sleuth
from sleuth import Task, load_corpus, run
from sleuth.policies.offline import OfflinePolicy
from sleuth.service.config import Rate
from sleuth.store import RunStore

HOST = "127.0.0.1"  # loopback only: nothing else is ever contacted
CORPUS = "acme"
QUESTIONS = (
    "Who founded Acme Robotics?",  # answerable
    "How many people does Acme Robotics employ?",  # answerable
    "What is Ada Ortiz's favourite food?",  # not in the corpus: cannot answer
    "Where is Acme Robotics' head office?",  # the sources disagree: conflict
)
UNLIMITED = "100000/1"  # the largest --rate the CLI takes: out of reach here
START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0
REQUEST_TIMEOUT_S = 30.0
SERVE = [sys.executable, "-c", "from sleuth.cli import entry; entry()"]


class HardCap(Exception):
    """The whole benchmark ran past its hard cap."""


# -- measuring ---------------------------------------------------------------------------


@dataclass
class Sample:
    sent: float  # perf_counter when the request was sent
    latency_s: float
    status: int | None  # None: no response (see error)
    error: str | None = None
    outcome: str | None = None  # a 200 ask's Result status
    question: str | None = None
    retry_after: str | None = None  # a 429's Retry-After header, as sent


@dataclass
class Phase:
    name: str
    samples: list[Sample] = field(default_factory=list)
    elapsed_s: float = 0.0
    client_cpu_s: float = 0.0
    server_cpu_s: dict[int, float] | None = None  # by process: the supervisor, each worker

    def summary(self) -> dict[str, Any]:
        latencies = sorted(s.latency_s for s in self.samples if s.status is not None)
        statuses = Counter(str(s.status) for s in self.samples if s.status is not None)
        errors = Counter(s.error for s in self.samples if s.error is not None)
        n = len(self.samples)
        out: dict[str, Any] = {
            "requests": n,
            "elapsed_s": round(self.elapsed_s, 3),
            "req_per_s": round(n / self.elapsed_s, 1) if self.elapsed_s else 0.0,
            "p50_ms": _ms(percentile(latencies, 50)),
            "p90_ms": _ms(percentile(latencies, 90)),
            "p99_ms": _ms(percentile(latencies, 99)),
            "max_ms": _ms(latencies[-1] if latencies else None),
            "statuses": dict(sorted(statuses.items())),
            "errors": dict(errors),
            "client_cpu_pct": _pct(self.client_cpu_s, self.elapsed_s),
            "server_cpu_pct": _pct(
                None if self.server_cpu_s is None else sum(self.server_cpu_s.values()),
                self.elapsed_s,
            ),
            "server_cpu_pct_by_process": None
            if self.server_cpu_s is None
            else [_pct(v, self.elapsed_s) for v in self.server_cpu_s.values()],
        }
        return out


def percentile(sorted_values: Sequence[float], p: float) -> float | None:
    """The nearest-rank percentile of values sorted ascending (None when empty)."""
    if not sorted_values:
        return None
    rank = max(1, -(-len(sorted_values) * p // 100))  # ceil(n * p / 100), at least 1
    return sorted_values[min(len(sorted_values), int(rank)) - 1]


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)


def _pct(cpu_s: float | None, wall_s: float) -> float | None:
    return None if cpu_s is None or not wall_s else round(100 * cpu_s / wall_s, 1)


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (Linux /proc; the workers of `--workers N`)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(parents.get(current, []))
    return found


def server_cpu_s(pid: int) -> dict[int, float] | None:
    """User + system CPU seconds so far of the server and each of its workers, by process
    id (None off Linux)."""
    if not Path(f"/proc/{pid}/stat").exists():
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    by_process = {}
    for proc in _descendants(pid):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
            by_process[proc] = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return by_process


# -- the server --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """`sleuth serve` in a subprocess (its own process group) on a free loopback port."""

    def __init__(
        self, db: Path, log: Path, *, rate: str, workers: int, redis_url: str | None
    ) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.log = log
        argv = [
            *SERVE,
            "serve",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--db",
            str(db),
            "--rate",
            rate,
            "--workers",
            str(workers),
        ]
        if redis_url:
            argv += ["--redis", redis_url]
        self._log_file = log.open("ab")
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout_s: float = START_TIMEOUT_S) -> dict[str, Any]:
        """Poll /healthz until it answers 200 (bounded); the health body."""
        deadline = time.monotonic() + timeout_s
        with httpx.Client(base_url=self.url, timeout=2.0, trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        f"sleuth serve exited ({self.proc.returncode}):\n{self.tail()}"
                    )
                with contextlib.suppress(httpx.TransportError):
                    response = client.get("/healthz")
                    if response.status_code == 200:
                        health: dict[str, Any] = response.json()
                        return health
                time.sleep(0.1)
        raise RuntimeError(f"sleuth serve was not ready in {timeout_s:.0f} s:\n{self.tail()}")

    def cpu_s(self) -> dict[int, float] | None:
        return server_cpu_s(self.proc.pid)

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL to its process group after STOP_TIMEOUT_S."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(STOP_TIMEOUT_S)
        self._log_file.close()
        return self.proc.returncode

    def tail(self, lines: int = 20) -> str:
        self._log_file.flush()
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def problems(self) -> dict[str, int]:
        """Tracebacks and error lines in the server's log (its access log included)."""
        text = self.log.read_text(errors="replace")
        lines = text.splitlines()
        return {
            "tracebacks": text.count("Traceback (most recent call last)"),
            "error_lines": sum(1 for line in lines if line.startswith("ERROR")),
            "5xx_access_lines": sum(1 for line in lines if '" 5' in line and "HTTP/1.1" in line),
        }


@contextlib.contextmanager
def serving(
    db: Path, log: Path, *, rate: str, workers: int, redis_url: str | None
) -> Iterator[tuple[Server, dict[str, Any]]]:
    server = Server(db, log, rate=rate, workers=workers, redis_url=redis_url)
    try:
        yield server, server.wait_ready()
    finally:
        server.stop()


# -- load --------------------------------------------------------------------------------

Sender = Callable[[httpx.AsyncClient, int], Awaitable[Sample]]


async def load(
    name: str,
    url: str,
    send: Sender,
    *,
    concurrency: int,
    duration_s: float,
    server: Server | None = None,
) -> Phase:
    """CONCURRENCY clients, each sending one request at a time until the deadline; a
    request already sent is awaited (bounded by REQUEST_TIMEOUT_S)."""
    phase = Phase(name)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    timeout = httpx.Timeout(REQUEST_TIMEOUT_S)
    async with httpx.AsyncClient(
        base_url=url, limits=limits, timeout=timeout, trust_env=False
    ) as client:
        counter = itertools.count()
        deadline = time.perf_counter() + duration_s

        async def worker() -> None:
            while time.perf_counter() < deadline:
                n = next(counter)
                sent = time.perf_counter()
                try:
                    sample: Sample = await send(client, n)
                except (httpx.HTTPError, ValueError) as exc:  # ValueError: bad JSON
                    sample = Sample(sent, time.perf_counter() - sent, None, type(exc).__name__)
                sample.sent, sample.latency_s = sent, time.perf_counter() - sent
                phase.samples.append(sample)

        cpu0, server0 = time.process_time(), server.cpu_s() if server else None
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        phase.elapsed_s = time.perf_counter() - started
        phase.client_cpu_s = time.process_time() - cpu0
        server1 = server.cpu_s() if server else None
        if server0 is not None and server1 is not None:
            phase.server_cpu_s = {p: t - server0.get(p, 0.0) for p, t in server1.items()}
    return phase


async def get_healthz(client: httpx.AsyncClient, n: int) -> Sample:
    response = await client.get("/healthz")
    return Sample(0.0, 0.0, response.status_code)


def ask_sender(key: str | None = None) -> Sender:
    headers = {"Authorization": f"Bearer {key}"} if key else {}

    async def ask(client: httpx.AsyncClient, n: int) -> Sample:
        question = QUESTIONS[n % len(QUESTIONS)]
        body = {"question": question, "corpus": CORPUS, "policy": "offline"}
        response = await client.post("/v1/ask", json=body, headers=headers)
        sample = Sample(0.0, 0.0, response.status_code, question=question)
        if response.status_code == 200:
            sample.outcome = str(response.json().get("status"))
        elif response.status_code == 429:
            sample.retry_after = response.headers.get("retry-after")
        return sample

    return ask


def in_process(duration_s: float, db: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """The same questions through `sleuth.run` in this process (offline policy, a SQLite
    store, no HTTP, one at a time): runs/s, latency, and each question's outcome."""
    corpus = load_corpus(CORPUS)
    store = RunStore(db)
    expected = {
        q: run(Task(q), corpus, OfflinePolicy(), recorder=store).status.value for q in QUESTIONS
    }
    latencies: list[float] = []
    started = time.perf_counter()
    deadline = started + duration_s
    cpu0 = time.process_time()
    while time.perf_counter() < deadline:
        t0 = time.perf_counter()
        run(
            Task(QUESTIONS[len(latencies) % len(QUESTIONS)]),
            corpus,
            OfflinePolicy(),
            recorder=store,
        )
        latencies.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu0
    store.close()
    latencies.sort()
    return {
        "runs": len(latencies),
        "elapsed_s": round(elapsed, 3),
        "runs_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": _ms(percentile(latencies, 50)),
        "p99_ms": _ms(percentile(latencies, 99)),
        "cpu_pct": _pct(cpu, elapsed),
    }, expected


def create_key(db: Path) -> str:
    done = subprocess.run(
        [*SERVE, "keys", "create", "bench", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip().splitlines()[0]


# -- the phases --------------------------------------------------------------------------


async def throughput(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    baseline, expected = in_process(args.duration, tmp / "in_process.db")
    with serving(
        tmp / "throughput.db",
        tmp / "throughput.log",
        rate=UNLIMITED,
        workers=args.workers,
        redis_url=args.redis,
    ) as (server, health):
        # warm up: the corpus loads (and its index builds) on the first ask in each worker
        await load(
            "warm-up",
            server.url,
            ask_sender(),
            concurrency=args.concurrency,
            duration_s=min(2.0, args.duration),
        )
        healthz = await load(
            "GET /healthz",
            server.url,
            get_healthz,
            concurrency=args.concurrency,
            duration_s=args.duration,
            server=server,
        )
        ask = await load(
            "POST /v1/ask",
            server.url,
            ask_sender(),
            concurrency=args.concurrency,
            duration_s=args.duration,
            server=server,
        )
    ask_summary = ask.summary()
    outcomes = Counter(s.outcome for s in ask.samples if s.outcome is not None)
    ask_summary["outcomes"] = dict(sorted(outcomes.items()))
    ask_summary["outcome_mismatches"] = sum(
        1 for s in ask.samples if s.outcome is not None and s.outcome != expected[s.question or ""]
    )
    healthz_summary = healthz.summary()
    return {
        "health": health,
        "in_process": baseline,
        "expected_outcomes": expected,
        "healthz": healthz_summary,
        "ask": ask_summary,
        "ratios": {
            "ask_vs_healthz": _ratio(ask_summary["req_per_s"], healthz_summary["req_per_s"]),
            "http_ask_vs_in_process": _ratio(ask_summary["req_per_s"], baseline["runs_per_s"]),
        },
        "server_log": server.problems(),
    }


async def rate_limits(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    rate = Rate.parse(args.rate)
    db = tmp / "limits.db"
    key = create_key(db)  # also creates and migrates the store; auth is on from now
    with serving(
        db, tmp / "limits.log", rate=str(rate), workers=args.workers, redis_url=args.redis
    ) as (server, health):
        phase = await load(
            "POST /v1/ask (limited)",
            server.url,
            ask_sender(key),
            concurrency=args.concurrency,
            duration_s=args.duration,
            server=server,
        )
    summary = phase.summary()
    statuses = Counter(s.status for s in phase.samples)
    limited = [s for s in phase.samples if s.status == 429]
    passed = sum(1 for s in phase.samples if s.status not in (None, 401, 429, 503))
    sent = [s.sent for s in phase.samples]
    window = max(sent) - min(sent) if sent else 0.0
    expected = rate.requests + rate.requests / rate.period_s * window
    retry = [s.retry_after for s in limited]
    valid = [int(r) for r in retry if r is not None and r.isdigit() and int(r) >= 1]
    shared = args.redis is not None or args.workers == 1
    return {
        "health": health,
        "rate": str(rate),
        "load": summary,
        "ok_200": statuses.get(200, 0),
        "limited_429": len(limited),
        "passed_limiter": passed,
        "window_s": round(window, 3),
        "expected_allowed": round(expected, 1),
        "allowed_vs_expected": _ratio(passed, expected),
        "expected_ratio": 1.0 if shared else float(args.workers),
        "all_429_have_retry_after": len(valid) == len(limited),
        "retry_after_s": [min(valid), max(valid)] if valid else None,
        "server_log": server.problems(),
    }


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b else None


# -- output ------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    return "-" if value is None else str(value)


def print_report(report: dict[str, Any]) -> None:
    cfg = report["config"]
    print(
        f"sleuth serve load · {cfg['workers']} worker(s) · "
        f"limiter {'redis' if cfg['redis'] else 'memory'} · concurrency {cfg['concurrency']} · "
        f"{cfg['duration_s']} s per phase · {cfg['cpus']} CPU(s) · code {cfg['sleuth']}"
    )
    if "throughput" in report:
        t = report["throughput"]
        b = t["in_process"]
        head = (
            f"{'phase':<24}{'requests':>9}{'req/s':>9}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}"
            f"{'max ms':>9}{'cli cpu%':>9}{'srv cpu%':>9}  statuses / errors"
        )
        print(head)
        print("-" * len(head))
        print(
            f"{'in-process sleuth.run':<24}{b['runs']:>9}{b['runs_per_s']:>9}{b['p50_ms']:>9}"
            f"{'-':>9}{b['p99_ms']:>9}{'-':>9}{_cell(b['cpu_pct']):>9}{'-':>9}  (no HTTP)"
        )
        for label, key in (("GET /healthz", "healthz"), ("POST /v1/ask", "ask")):
            s = t[key]
            print(
                f"{label:<24}{s['requests']:>9}{s['req_per_s']:>9}{_cell(s['p50_ms']):>9}"
                f"{_cell(s['p90_ms']):>9}{_cell(s['p99_ms']):>9}{_cell(s['max_ms']):>9}"
                f"{_cell(s['client_cpu_pct']):>9}{_cell(s['server_cpu_pct']):>9}  "
                f"{s['statuses']} {s['errors'] or ''}"
            )
        ask = t["ask"]
        print(
            f"ask outcomes: {ask['outcomes']} · mismatches vs in-process: "
            f"{ask['outcome_mismatches']}"
        )
        r = t["ratios"]
        print(
            f"ratios: ask/healthz {_cell(r['ask_vs_healthz'])} · "
            f"HTTP ask/in-process run {_cell(r['http_ask_vs_in_process'])}"
        )
        print(
            "server cpu% by process (the server first, then its children): "
            f"healthz {t['healthz']['server_cpu_pct_by_process']} · "
            f"ask {t['ask']['server_cpu_pct_by_process']}"
        )
        print(f"server log: {t['server_log']}")
    if "limits" in report:
        li = report["limits"]
        rate = Rate.parse(li["rate"])
        s = li["load"]
        print(
            f"\nrate limit {li['rate']} per key ({li['health']['rate_limiter']}): "
            f"{s['requests']} requests in {s['elapsed_s']} s ({s['req_per_s']} req/s), "
            f"p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, statuses {s['statuses']} "
            f"{s['errors'] or ''}"
        )
        print(
            f"  200: {li['ok_200']} · 429: {li['limited_429']} · passed the limiter: "
            f"{li['passed_limiter']} · expected {rate.requests} + "
            f"{rate.requests / rate.period_s:g}/s x {li['window_s']} s = {li['expected_allowed']}"
        )
        print(
            f"  allowed/expected: {_cell(li['allowed_vs_expected'])} (expect "
            f"{'~' if li['expected_ratio'] == 1.0 else 'up to '}{li['expected_ratio']}) · "
            "every 429 has Retry-After: "
            f"{'yes' if li['all_429_have_retry_after'] else 'NO'} {li['retry_after_s'] or ''}"
        )
        print(
            f"  server cpu% {s['server_cpu_pct']} by process {s['server_cpu_pct_by_process']} · "
            f"client cpu% {s['client_cpu_pct']}"
        )
        print(f"  server log: {li['server_log']}")


# -- main --------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--concurrency", type=int, default=16, help="clients at once")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per phase")
    parser.add_argument("--workers", type=int, default=1, help="sleuth serve --workers")
    parser.add_argument("--redis", metavar="URL", default=None, help="sleuth serve --redis")
    parser.add_argument("--rate", default="20/1", help="phase 2's limit, N/SECONDS")
    parser.add_argument("--skip-limits", action="store_true", help="throughput only")
    parser.add_argument("--skip-throughput", action="store_true", help="rate limits only")
    parser.add_argument(
        "--hard-cap", type=float, default=None, help="stop after this many seconds in all"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable results")
    args = parser.parse_args(argv)
    if not 1 <= args.concurrency <= 1000:
        parser.error("--concurrency must be from 1 to 1000")
    if not 0.5 <= args.duration <= 600:
        parser.error("--duration must be from 0.5 to 600 seconds")
    if args.redis and not args.redis.startswith(("redis://127.", "redis://localhost")):
        parser.error("--redis must be on loopback (redis://127.0.0.1:6379/0)")
    Rate.parse(args.rate)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cap = args.hard_cap or 4 * args.duration + 120

    def over(signum: int, frame: FrameType | None) -> None:
        raise HardCap(f"the benchmark ran past its hard cap of {cap:.0f} s")

    signal.signal(signal.SIGALRM, over)
    signal.setitimer(signal.ITIMER_REAL, cap)
    report: dict[str, Any] = {
        "config": {
            "concurrency": args.concurrency,
            "duration_s": args.duration,
            "workers": args.workers,
            "redis": args.redis,
            "rate": args.rate,
            "cpus": os.cpu_count(),
            "questions": list(QUESTIONS),
            "sleuth": str(Path(sleuth.__file__).parent),
        }
    }
    failed = False
    try:
        with tempfile.TemporaryDirectory(prefix="sleuth-load-") as name:
            tmp = Path(name)
            phases = [("throughput", throughput, args.skip_throughput)]
            phases.append(("limits", rate_limits, args.skip_limits))
            for key, phase, skip in phases:
                if skip:
                    continue
                try:
                    report[key] = asyncio.run(phase(args, tmp))
                except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
                    print(f"service_load: {key}: error: {exc}", file=sys.stderr)
                    failed = True
    except HardCap as exc:
        print(f"service_load: error: {exc}", file=sys.stderr)
        failed = True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0 if healthy(report) and not failed else 1


def healthy(report: dict[str, Any]) -> bool:
    """No transport errors, no 5xx, and every 429 with a Retry-After."""
    phases = []
    if "throughput" in report:
        phases += [report["throughput"]["healthz"], report["throughput"]["ask"]]
    if "limits" in report:
        phases.append(report["limits"]["load"])
        if not report["limits"]["all_429_have_retry_after"]:
            return False
    return all(
        not p["errors"] and not any(code.startswith("5") for code in p["statuses"]) for p in phases
    )


if __name__ == "__main__":
    sys.exit(main())
