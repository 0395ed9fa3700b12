"""Concurrency of the model path: many runs at once against a slow model server.

N runs of a 3-step trajectory (search, open, finish) go through the async runtime
(`sleuth.runtime.arun`) and the real OpenAI SDK to a minimal loopback chat-completions
server (asyncio, in its own process, so it is never the bottleneck) that waits LATENCY
seconds before each reply. The named baseline is the ideal: with
unlimited concurrency every run takes 3 x LATENCY, so the ideal wall time of the batch is
3 x LATENCY and the ideal throughput is N / (3 x LATENCY) runs per second.

Also measured, in the same run: the bare SDK making the same number of calls (the ceiling
for anything built on it here), sleuth on the SDK's default httpx2 transport (the named
baseline for the aiohttp one sleuth uses), the client's CPU per model call (what bounds
the batch on one core: the wall time is at least calls x CPU per call), the runtime's own
cost per step (the same trajectory with a scripted policy, no HTTP, with and without the
SQLite runs store) and memory per concurrent run.

    python benchmarks/model_concurrency.py [--runs 200] [--latency 0.1] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sleuth import Budgets, ScriptedPolicy, Task, load_corpus, run
from sleuth.models import ModelPolicy, RetryPolicy
from sleuth.models.openai_chat import OpenAIChat
from sleuth.runtime import arun
from sleuth.store import RunStore

WIKI = "https://wiki.example/Acme_Robotics"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
TURNS = [
    ("search", {"query": "Acme Robotics founder"}),
    ("open", {"url": WIKI}),
    (
        "finish",
        {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False, "evidence": FOUNDED},
    ),
]


def _completion(tool: str, args: dict[str, Any]) -> bytes:
    call = {
        "id": f"call_{tool}",
        "type": "function",
        "function": {"name": tool, "arguments": json.dumps(args)},
    }
    body = {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 0,
        "model": "bench",
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {"role": "assistant", "content": None, "tool_calls": [call]},
            }
        ],
        "usage": {"prompt_tokens": 900, "completion_tokens": 30, "total_tokens": 930},
    }
    data = json.dumps(body).encode()
    head = (
        f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    ).encode()
    return head + data


REPLIES = [_completion(tool, args) for tool, args in TURNS]


async def _handle(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, latency: float
) -> None:
    """A minimal chat-completions endpoint: which turn a request is for is read from how
    many assistant messages it carries; every reply waits ``latency`` seconds."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = await reader.readexactly(length)
            turn = body.count(b'"role": "assistant"') + body.count(b'"role":"assistant"')
            await asyncio.sleep(latency)
            writer.write(REPLIES[min(turn, len(REPLIES) - 1)])
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
        writer.close()


def serve(latency: float, urls: Any, stop: Any) -> None:
    """The model server, in its own process so that it shares no GIL with the client."""

    async def main() -> None:
        server = await asyncio.start_server(
            lambda r, w: _handle(r, w, latency), "127.0.0.1", 0, backlog=4096
        )
        port = server.sockets[0].getsockname()[1]
        urls.put(f"http://127.0.0.1:{port}/v1")
        await asyncio.get_running_loop().run_in_executor(None, stop.wait)
        server.close()

    asyncio.run(main())


async def timed(batch: Callable[[], Awaitable[Any]], repeat: int) -> tuple[float, float, Any]:
    """Median wall time and client CPU time of ``repeat`` runs of ``batch`` (this
    machine is noisy), and the last batch's result."""
    walls, cpus, result = [], [], None
    for _ in range(max(1, repeat)):
        started, cpu = time.perf_counter(), time.process_time()
        result = await batch()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


async def concurrent(
    runs: int, latency: float, base_url: str, *, aiohttp: bool = True, repeat: int = 3
) -> dict[str, Any]:
    corpus = load_corpus("acme")
    backend = OpenAIChat("bench", base_url=base_url, api_key="k")
    backend.connection.use_aiohttp = aiohttp and backend.connection.use_aiohttp
    policy = ModelPolicy(backend, "tools", retry=RetryPolicy(max_attempts=1, call_timeout_s=60))
    async with policy:
        await arun(Task("warm up"), corpus, policy)  # connection pool, imports

        async def batch() -> list[Any]:
            return await asyncio.gather(
                *[
                    arun(Task("Who founded Acme Robotics?"), corpus, policy, Budgets(timeout_s=120))
                    for _ in range(runs)
                ]
            )

        started = time.perf_counter()
        await batch()  # cold: opens the pool's connections
        cold = time.perf_counter() - started
        # steady state, as in an eval or a service: connections reused
        wall, cpu, results = await timed(batch, repeat)
        tracemalloc.start()  # another, untimed batch: tracing slows Python down
        await batch()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    ok = sum(r.status.value == "ready_for_review" and r.steps == 3 for r in results)
    ideal = 3 * latency
    return {
        "transport": "aiohttp" if backend.connection.use_aiohttp else "httpx2",
        "runs": runs,
        "latency_s": latency,
        "completed_ok": ok,
        "wall_s": round(wall, 3),
        "client_cpu_ms_per_call": round(cpu / (3 * runs) * 1000, 3),
        "ideal_wall_s": round(ideal, 3),
        "fraction_of_ideal": round(ideal / wall, 3),
        "cold_wall_s": round(cold, 3),
        "cold_fraction_of_ideal": round(ideal / cold, 3),
        "runs_per_s": round(runs / wall, 1),
        "ideal_runs_per_s": round(runs / ideal, 1),
        "peak_traced_kib_per_run": round(peak / 1024 / runs, 1),
    }


async def sdk_only(
    runs: int, base_url: str, *, aiohttp: bool, repeat: int = 3
) -> tuple[float, float]:
    """The same number of 3-call sequences with the bare SDK and a fixed body: the
    ceiling any agent built on this SDK (and transport) can reach on this machine."""
    import openai

    if aiohttp:
        clients = [
            openai.AsyncOpenAI(
                api_key="k",
                base_url=base_url,
                max_retries=0,
                http_client=openai.DefaultAioHttpClient(),
            )
        ]
    else:
        clients = [
            openai.AsyncOpenAI(api_key="k", base_url=base_url, max_retries=0) for _ in range(16)
        ]
    body = {"model": "bench", "messages": [{"role": "user", "content": "x" * 3000}]}

    async def three(client: Any) -> None:
        for turn in range(3):
            messages = body["messages"] + [{"role": "assistant", "content": "y"}] * turn
            await client.post("/chat/completions", body={**body, "messages": messages}, cast_to=str)

    async def batch() -> list[None]:
        return await asyncio.gather(*[three(clients[i % len(clients)]) for i in range(runs)])

    await batch()  # cold
    wall, cpu, _ = await timed(batch, repeat)
    for client in clients:
        await client.close()
    return wall, cpu / (3 * runs) * 1000


def overhead(repeats: int) -> dict[str, Any]:
    corpus = load_corpus("acme")
    script = [
        {"tool_calls": [{"id": f"c{i}", "function": {"name": t, "arguments": json.dumps(a)}}]}
        for i, (t, a) in enumerate(TURNS)
    ]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = RunStore(Path(tmp) / "runs.db")
        for label, recorder in (("no_store", None), ("sqlite_store", store)):
            per_step = []
            for _ in range(repeats):
                started = time.perf_counter()
                result = run(
                    Task("Who founded Acme Robotics?"),
                    corpus,
                    ScriptedPolicy(script),
                    recorder=recorder,
                )
                per_step.append((time.perf_counter() - started) / result.steps * 1000)
            out[f"overhead_ms_per_step_{label}"] = round(statistics.median(per_step), 3)
        store.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--repeat", type=int, default=3, help="timed batches (median)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    urls: Any = multiprocessing.Queue()
    stop = multiprocessing.Event()
    server = multiprocessing.Process(target=serve, args=(args.latency, urls, stop), daemon=True)
    server.start()
    try:
        base_url = urls.get(timeout=30)
        report = asyncio.run(concurrent(args.runs, args.latency, base_url, repeat=args.repeat))
        ceiling, sdk_cpu = asyncio.run(
            sdk_only(args.runs, base_url, aiohttp=True, repeat=args.repeat)
        )
        report["sdk_only_wall_s"] = round(ceiling, 3)
        report["sdk_only_client_cpu_ms_per_call"] = round(sdk_cpu, 3)
        report["sdk_only_fraction_of_ideal"] = round(3 * args.latency / ceiling, 3)
        report["sleuth_vs_sdk_only"] = round(ceiling / report["wall_s"], 3)
        # the named baseline for the transport: the SDK's default httpx2 one
        httpx = asyncio.run(
            concurrent(args.runs, args.latency, base_url, aiohttp=False, repeat=args.repeat)
        )
        report["httpx2_wall_s"] = httpx["wall_s"]
        report["httpx2_fraction_of_ideal"] = httpx["fraction_of_ideal"]
        report["httpx2_client_cpu_ms_per_call"] = httpx["client_cpu_ms_per_call"]
        report["aiohttp_vs_httpx2_speedup"] = round(httpx["wall_s"] / report["wall_s"], 2)
    finally:
        stop.set()
        server.join(timeout=10)
    report.update(overhead(repeats=50))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:32} {value}")
    return 0 if report["completed_ok"] == report["runs"] else 1


if __name__ == "__main__":
    sys.exit(main())
