"""`sleuth mcp`: sleuth as an MCP server, over stdio (the default) or streamable HTTP.

The MCP SDK is imported only when the command runs, so a missing ``mcp`` extra is one
line with the install hint.
"""

from __future__ import annotations

from pathlib import Path

import click

from sleuth.cli_common import db_option, make_policy, model_options, open_store, run_defaults
from sleuth.cli_sources import source_options
from sleuth.errors import UsageError
from sleuth.runtime import Policy
from sleuth.service import is_loopback


@click.command("mcp")
@click.option("--http", "use_http", is_flag=True, help="Serve streamable HTTP at /mcp, not stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http: the address.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="With --http."
)
@source_options
@db_option
@model_options
def mcp_command(
    use_http: bool,
    host: str,
    port: int,
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
    """Serve sleuth to MCP clients: the tools ask, search and open_page, and stored runs
    as resources (sleuth://runs/RUN_ID). Over stdio unless --http. What it exposes is
    named as for sleuth serve (--index, --corpus, --builtins, --config). `ask` researches
    with --model (or the configured model) when there is one, else the offline policy."""
    from sleuth.mcp_server import build_server, http_app, require_mcp_extra, serve_stdio

    require_mcp_extra()
    if use_http and not is_loopback(host):
        raise UsageError(
            f"sleuth mcp --http listens on loopback addresses only (not {host!r}): it has no "
            "authentication yet"
        )
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
            import uvicorn

            click.echo(
                f"sleuth mcp: http://{host}:{port}/mcp · runs in {store.location} · "
                f"{sources.describe()} · {model or 'offline policy'}",
                err=True,
            )
            uvicorn.run(http_app(server, host), host=host, port=port, log_level="warning")
        else:
            import anyio

            anyio.run(serve_stdio, server)
    finally:
        store.close()
        sources.close()
