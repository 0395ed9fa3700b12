"""Who may see a run: the caller the gate found on a request, and the runs of that key.

Another key's run is answered as if there were none (a 404, so run ids do not leak); an
admin key, and the open mode without keys, see every run. Used by the API routes
(`sleuth.service.app`), the web page's routes (`sleuth.service.web`) and ``sleuth mcp
--http`` (`sleuth.mcp_server`) alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sleuth.service.gate import Caller
from sleuth.store import StoredRun

if TYPE_CHECKING:  # no web framework needed at run time (`sleuth mcp --http` uses this)
    from fastapi import Request


def caller_of(request: Request | Any) -> Caller | None:
    """Who is asking, as the gate found (None outside the gate: a unit test, or an MCP
    call over stdio). ``request`` is any Starlette request (the MCP SDK's too), or None."""
    caller = getattr(getattr(request, "state", None), "caller", None)
    return caller if isinstance(caller, Caller) else None


def key_scope(caller: Caller | None) -> str | None:
    """The key whose runs ``caller`` sees, or None for every run (admin, open mode)."""
    if caller is None or caller.key_id is None or caller.admin:
        return None
    return caller.key_id


def visible(run: StoredRun | None, run_id: str, caller: Caller | None) -> bool:
    """The run exists under exactly that id and ``caller`` may see it."""
    if run is None or run.id != run_id:  # the store takes prefixes; the API does not
        return False
    scope = key_scope(caller)
    return scope is None or run.key_id == scope
