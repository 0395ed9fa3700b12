"""`sleuth mcp`: sleuth as an MCP server, over stdio (the default) or streamable HTTP.

Over HTTP it is served as ``sleuth serve`` is: the same API keys (``sleuth keys create``,
sent as ``Authorization: Bearer KEY``), the same rate limiter (in memory, or in Redis
with ``--redis``) and the same body limits, through the service's own gate. A
non-loopback address is refused until a key exists, since it would be open to anyone.

The MCP SDK is imported only when the command runs, so a missing ``mcp`` extra is one
line with the install hint.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import click

from sleuth.cli_common import db_option, make_policy, model_options, open_store, run_defaults
from sleuth.cli_serve import check_redis, gate_options
from sleuth.cli_sources import source_options
from sleuth.errors import UsageError
from sleuth.runtime import Policy
from sleuth.service import KeyStore, Rate, is_loopback
from sleuth.service.config import DEFAULT_MAX_BODY, DEFAULT_RATE, ServiceConfig, redact_url
from sleuth.store import RunStore


@click.command("mcp")
@click.option("--http", "use_http", is_flag=True, help="Serve streamable HTTP at /mcp, not stdio.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="With --http: the address. A non-loopback one needs an API key to exist.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="With --http (0: a free port, named in the first line on stderr).",
)
@gate_options
@source_options
@db_option
@model_options
def mcp_command(
    use_http: bool,
    host: str,
    port: int,
    redis_url: str | None,
    rate: str,
    max_body: int,
    corpora: tuple[str, ...],
    indexes: tuple[str, ...],
    builtins: bool | None,
    config_file: Path | None,
    db: Path | str | None,
    model: str | None,
    base_url: str | None,
    protocol: str,
    stream: bool,
) -> None:
    """Serve sleuth to MCP clients: the tools ask, search, open_page and check_finish, and
    stored runs as resources (sleuth://runs/RUN_ID). Over stdio unless --http. What it
    exposes is named as for sleuth serve (--index, --corpus, --builtins, --config). `ask`
    researches with --model (or the configured model) when there is one, else the offline
    policy. Over --http, API keys and rate limits work as for sleuth serve: keys from
    `sleuth keys create` (same --db) are required once any exists, and always on a
    non-loopback --host."""
    from sleuth.mcp_server import build_server, require_mcp_extra, serve_stdio

    require_mcp_extra()
    parsed_rate = Rate.parse(rate)
    if not use_http and (redis_url or rate != DEFAULT_RATE or max_body != DEFAULT_MAX_BODY):
        raise UsageError("--redis, --rate and --max-body apply to sleuth mcp --http only")
    if redis_url is not None:
        try:
            import redis  # noqa: F401
        except ImportError:
            raise UsageError(
                "--redis needs the redis client: pip install 'sleuth[server]'"
            ) from None
    from sleuth.sources import Catalog, Sources, served_corpora

    configured = run_defaults(click.get_current_context(), source=False)
    model = configured.get("model", model)
    base_url = configured.get("base_url", base_url)
    protocol = configured.get("protocol", protocol)

    def policy() -> Policy:  # one per run
        return make_policy(None, None, model, base_url, protocol, stream)

    policy()  # a bad --model (or a missing key) fails now, not on the first call
    sources = Sources.of(Catalog(served_corpora(indexes, corpora, builtins, config_file)))
    store = open_store(db)
    try:
        server = build_server(sources, store, policy)
        if use_http:
            config = ServiceConfig(
                db=db, host=host, rate=parsed_rate, redis_url=redis_url, max_body=max_body
            )
            _serve_http(
                server, store, config, port, f"{sources.describe()} · {model or 'offline policy'}"
            )
        else:
            import anyio

            anyio.run(serve_stdio, server)
    finally:
        store.close()
        sources.close()


def _serve_http(server: Any, store: RunStore, config: ServiceConfig, port: int, what: str) -> None:
    """Listen on ``config.host``, behind the HTTP service's gate (`gated_app`)."""
    import uvicorn

    from sleuth.mcp_server import gated_app
    from sleuth.service.ratelimit import make_limiter

    keys = KeyStore(store)
    active = keys.active_count()
    if not is_loopback(config.host) and not active:
        raise UsageError(
            f"sleuth mcp --http --host {config.host}: a non-loopback address is open to other "
            "machines, so it needs API keys, and none exists: create one with `sleuth keys "
            "create NAME` (with the same --db), or listen on 127.0.0.1"
        )
    if config.redis_url is not None:
        check_redis(config.redis_url)
    limiter = make_limiter(config.rate, config.redis_url, config.redis_prefix)
    per = "key" if active or not is_loopback(config.host) else "client address"
    shared = f"in Redis at {redact_url(config.redis_url)}" if config.redis_url else "in memory"
    auth = (
        f"API key required ({active} active key(s))"
        if active
        else "OFF — a loopback address and no API keys; `sleuth keys create NAME` turns it on"
    )
    # bound before the line that names it: --port 0 names the port it got, and a client
    # that reads the line may connect at once (the socket queues it until uvicorn accepts)
    family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((config.host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {config.host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    host = f"[{config.host}]" if ":" in config.host else config.host
    for line in (
        f"sleuth mcp: http://{host}:{bound}/mcp · runs in {store.location} · {what}",
        f"rate limit: {config.rate.requests} requests per {config.rate.period_s} s per {per}, "
        f"{shared} · request bodies up to {config.max_body} bytes · auth: {auth}",
    ):
        click.echo(line, err=True)
    app = gated_app(server, config.host, keys, limiter, config.max_body)
    settings = uvicorn.Config(app, log_level="warning", proxy_headers=False)
    try:
        uvicorn.Server(settings).run(sockets=[sock])
    finally:
        sock.close()
