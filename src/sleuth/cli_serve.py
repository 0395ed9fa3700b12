"""`sleuth serve` and `sleuth keys`: the HTTP service and its API keys.

The web framework is imported only when `serve` runs, so `sleuth keys` works without the
``server`` extra and a missing extra is one line with the install hint.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from sleuth import telemetry
from sleuth.cli_common import db_option, open_store, out
from sleuth.db import describe
from sleuth.errors import CorpusError, UsageError
from sleuth.service import KeyStore, Rate, ServiceConfig, is_loopback, require_server_extra
from sleuth.service.config import DEFAULT_MAX_BODY, DEFAULT_RATE, redact_url
from sleuth.sources import Catalog, check_name, served_corpora

if TYPE_CHECKING:
    from fastapi import FastAPI


def gate_options(function: Any) -> Any:
    """``--redis``, ``--rate`` and ``--max-body``: the gate's limits, for ``sleuth serve``
    and ``sleuth mcp --http`` alike."""
    for option in reversed(
        [
            click.option(
                "--redis",
                "redis_url",
                metavar="URL",
                default=None,
                help="Keep rate limits in Redis (e.g. redis://127.0.0.1:6379/0), shared by "
                "all workers and servers that use it.",
            ),
            click.option(
                "--rate",
                default=DEFAULT_RATE,
                show_default=True,
                metavar="N/SECONDS",
                help="Requests per key (or per client address without auth): a burst of N, "
                "refilled evenly over SECONDS.",
            ),
            click.option(
                "--max-body",
                type=click.IntRange(1024, 16 * 1024 * 1024),
                default=DEFAULT_MAX_BODY,
                show_default=True,
                metavar="BYTES",
                help="The largest request body accepted (larger: 413).",
            ),
        ]
    ):
        function = option(function)
    return function


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. Any non-loopback address requires API keys.",
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@db_option
@click.option(
    "--workers", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes."
)
@gate_options
@click.option(
    "--index",
    "indexes",
    multiple=True,
    metavar="NAME=DIR",
    help="Serve the index in DIR (built by `sleuth index`; or at a postgresql:// URL, "
    "shared by several servers) as NAME. Repeatable.",
)
@click.option(
    "--corpus",
    "corpora",
    multiple=True,
    metavar="NAME=FILE|BUILTIN",
    help="Serve a JSON/JSONL corpus file as NAME, or a built-in corpus by its name. Repeatable.",
)
@click.option(
    "--builtins",
    is_flag=True,
    default=None,
    help="Serve the built-in corpora too (they are served alone when nothing is named).",
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="A TOML file whose [serve] table names the corpora (see the README).",
)
def serve(
    host: str,
    port: int,
    db: Path | str | None,
    redis_url: str | None,
    workers: int,
    rate: str,
    max_body: int,
    indexes: tuple[str, ...],
    corpora: tuple[str, ...],
    builtins: bool | None,
    config_file: Path | None,
) -> None:
    """Serve the HTTP API (POST /v1/ask, GET /v1/runs, /v1/corpora, /v1/search, /healthz,
    /openapi.json) and the web page, over the corpora named by --index and --corpus (or
    the [serve] table of a config file, or SLEUTH_SERVE_INDEX / SLEUTH_SERVE_CORPUS);
    the built-in corpora when none is named."""
    require_server_extra(redis=redis_url is not None)
    parsed = Rate.parse(rate)
    served = served_corpora(indexes, corpora, builtins, config_file)
    catalog = Catalog(served)
    try:
        catalog.open_all()  # a missing or damaged index fails now, not on a request
    except CorpusError as exc:
        raise UsageError(str(exc)) from None
    described = [catalog.describe(name) for name in catalog.names()]
    store = open_store(db)  # create and migrate the store now: fail before listening
    active = KeyStore(store).active_count()
    where = store.location  # a path, or the URL without its password
    store.close()
    if redis_url is not None:
        check_redis(redis_url)
    config = ServiceConfig(
        db=db,
        host=host,
        rate=parsed,
        redis_url=redis_url,
        max_body=max_body,
        corpora=served,
    )
    for line in startup_lines(config, port, workers, active, where):
        click.echo(line, err=True)
    for row in described:
        click.echo(corpus_line(row), err=True)

    import uvicorn

    from sleuth.service.app import CONFIG_ENV, create_app

    options = {
        "host": host,
        "port": port,
        "proxy_headers": False,  # the client address is the peer's, never a header's
        "server_header": False,
    }
    if workers == 1:
        uvicorn.run(create_app(config), **options)  # type: ignore[arg-type]
    else:
        from uvicorn.supervisors import Multiprocess

        os.environ[CONFIG_ENV] = config.to_json()
        if telemetry.configured():  # --otel: each worker exports its own runs' spans
            os.environ[OTEL_ENV] = "1"
        shared = uvicorn.Config(
            "sleuth.cli_serve:worker_app",
            factory=True,
            workers=workers,
            **options,  # type: ignore[arg-type]
        )
        sock = shared.bind_socket()
        # uvicorn binds the workers' socket with protocol 0, so asyncio never sets
        # TCP_NODELAY on the connections accepted from it (Kludex/uvicorn#3149) and each
        # keep-alive response waits ~40 ms for a delayed ACK (measured: 330 vs 1560
        # healthz req/s with 2 workers). Accepted sockets inherit the option.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        Multiprocess(shared, sockets=[sock]).run()  # what uvicorn.run does for workers > 1


# Set by `sleuth --otel serve --workers N` for its workers (the OTEL_* variables reach
# them by themselves; the flag does not).
OTEL_ENV = "SLEUTH_SERVE_OTEL"


def worker_app() -> FastAPI:
    """The app of one `sleuth serve --workers N` process (uvicorn imports this factory in
    each worker): traces set up as in the parent (``--otel`` or the ``OTEL_*`` variables),
    then the app from the parent's config. Its spans are flushed when the app shuts down:
    a worker ends by re-raising the signal that stopped it, so exit hooks never run."""
    from sleuth.service.app import app_from_env
    from sleuth.service.gate import close_after

    app = app_from_env()
    if telemetry.configure(force=os.environ.get(OTEL_ENV) == "1"):
        close_after(app, telemetry.shutdown)
    return app


def corpus_line(row: dict[str, object]) -> str:
    """One line about a served corpus, for the start-up report."""
    what = (
        f"index ({row['pages']} documents, {row['passages']} passages, {row['index_format']}, "
        f"build {row['build']}, built {row['built_at'] or '?'})"
        if row["kind"] == "index"
        else f"{row['kind']} ({row['pages']} pages)"
    )
    return f"serving {row['name']}: {what}"


def startup_lines(
    config: ServiceConfig, port: int, workers: int, active_keys: int, store: str | Path
) -> list[str]:
    """What `serve` says before it listens: where, the store, the limits and the auth mode."""
    per = "key" if active_keys or not is_loopback(config.host) else "client address"
    shared = (
        f"shared in Redis at {redact_url(config.redis_url)}" if config.redis_url else "in memory"
    )
    lines = [
        f"sleuth serve: http://{_hostport(config.host, port)} · runs in {describe(store)} · "
        f"{workers} worker(s)",
        f"rate limit: {config.rate.requests} requests per {config.rate.period_s} s per {per}, "
        f"{shared} · request bodies up to {config.max_body} bytes",
    ]
    if active_keys:
        lines.append(f"auth: API key required ({active_keys} active key(s))")
    elif is_loopback(config.host):
        lines.append(
            "auth: OFF — a loopback address and no API keys, so anyone on this machine can "
            "call it; `sleuth keys create NAME` turns auth on, even while it runs"
        )
    else:
        lines.append(
            f"auth: API key required on {config.host}, but no key exists yet: every /v1 "
            "request is refused until `sleuth keys create NAME`"
        )
    if workers > 1 and not config.redis_url:
        lines.append(
            f"note: without --redis each of the {workers} workers keeps its own buckets, "
            f"so a client may get up to {workers}× the limit"
        )
    return lines


def _hostport(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def check_redis(url: str) -> None:
    """Fail before listening when Redis cannot be reached (the URL's password hidden)."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError, OSError) as exc:
        raise UsageError(f"cannot reach Redis at {redact_url(url)}: {exc}") from None


@click.group("keys")
def keys_group() -> None:
    """Create, list and revoke API keys for `sleuth serve`."""


@keys_group.command("create")
@click.argument("name")
@db_option
@click.option(
    "--corpus",
    "corpora",
    multiple=True,
    metavar="NAME",
    help="Limit the key to this served corpus (repeatable); without it, every corpus.",
)
@click.option(
    "--admin", is_flag=True, help="The key sees and decides every key's runs (and reloads)."
)
def keys_create(name: str, db: Path | str | None, corpora: tuple[str, ...], admin: bool) -> None:
    """Create a key named NAME and print it (once: only its hash is stored). A key sees
    only the runs it made, unless it is an --admin key."""
    for corpus in corpora:
        check_name(corpus, "--corpus")
    record, key = KeyStore(open_store(db)).create(
        name, corpora=list(corpora) if corpora else None, admin=admin
    )
    click.echo(key)
    scope = "every corpus" if record.corpora is None else "corpora " + ", ".join(record.corpora)
    role = "admin: every key's runs" if record.admin else "its own runs"
    click.echo(
        f"created {record.id} ({record.name}; {scope}; {role}). This is the only time the key "
        "is shown; send it as `Authorization: Bearer KEY`.",
        err=True,
    )


@keys_group.command("list")
@db_option
@click.option("--json", "as_json", is_flag=True)
def keys_list(db: Path | str | None, as_json: bool) -> None:
    """Every key: id, name, when it was created and revoked (never the key itself)."""
    keys = KeyStore(open_store(db)).list()
    if as_json:
        rows = [
            {
                "id": k.id,
                "name": k.name,
                "created_at": k.created_at,
                "revoked_at": k.revoked_at,
                "active": k.active,
                "admin": k.admin,
                "corpora": None if k.corpora is None else list(k.corpora),
            }
            for k in keys
        ]
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not keys:
        out.print("no API keys")
        return
    for k in keys:
        state = "active" if k.active else f"revoked {k.revoked_at}"
        scope = ("admin " if k.admin else "") + (
            "" if k.corpora is None else "corpora " + ",".join(k.corpora)
        )
        click.echo(
            f"{k.id}  {k.created_at}  {state:<33} {k.name}"
            + (f"  [{scope.strip()}]" if scope.strip() else "")
        )


@keys_group.command("revoke")
@click.argument("key_id", metavar="ID")
@db_option
def keys_revoke(key_id: str, db: Path | str | None) -> None:
    """Revoke the key ID: requests with it are refused from now on."""
    key, changed = KeyStore(open_store(db)).revoke(key_id.strip())
    if changed:
        click.echo(f"revoked {key.id} ({key.name})")
    else:
        click.echo(f"{key.id} ({key.name}) was already revoked at {key.revoked_at}")


COMMANDS = (serve, keys_group)
