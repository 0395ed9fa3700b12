"""How a server is set up: where it listens, where runs go, how fast clients may ask.

Plain data with no web framework in it, so the CLI can check flags (and `sleuth keys`
can run) without the ``server`` extra installed.
"""

from __future__ import annotations

import ipaddress
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sleuth.db import parse_target
from sleuth.db import redact_url as redact_url  # for messages naming Redis or a database
from sleuth.errors import UsageError
from sleuth.sources import ServedSpec, resolve_specs

# What a client may ask for; the server's own limits can only be lower.
MAX_STEPS_LIMIT = 20
TIMEOUT_LIMIT_S = 300.0
DEFAULT_MAX_BODY = 64 * 1024
DEFAULT_RATE = "60/60"
MAX_RATE_REQUESTS = 100_000
MAX_RATE_PERIOD_S = 86_400


@dataclass(frozen=True)
class Rate:
    """A token bucket: at most ``requests`` at once, refilled evenly over ``period_s``."""

    requests: int
    period_s: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``N/SECONDS``, e.g. ``60/60`` (a burst of 60, then one a second)."""
        match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
        if not match:
            raise UsageError(f"--rate must be N/SECONDS, e.g. 60/60; got {text!r}")
        rate = cls(int(match[1]), int(match[2]))
        if not 1 <= rate.requests <= MAX_RATE_REQUESTS:
            raise UsageError(f"--rate: N must be from 1 to {MAX_RATE_REQUESTS}; got {text!r}")
        if not 1 <= rate.period_s <= MAX_RATE_PERIOD_S:
            raise UsageError(f"--rate: SECONDS must be from 1 to {MAX_RATE_PERIOD_S}; got {text!r}")
        return rate

    def __str__(self) -> str:
        return f"{self.requests}/{self.period_s}"


@dataclass(frozen=True)
class ServiceConfig:
    """Everything `create_app` needs. ``host`` is the address the server listens on: it
    decides whether API keys are required (see `auth_required`)."""

    db: Path | str | None = None  # a SQLite path or a postgresql:// URL; None: the default
    host: str = "127.0.0.1"
    rate: Rate = field(default_factory=lambda: Rate.parse(DEFAULT_RATE))
    redis_url: str | None = None
    redis_prefix: str = "sleuth:rate:"
    max_body: int = DEFAULT_MAX_BODY
    run_threads: int = 8  # runs at once per process; more requests wait their turn
    #: what is served (`sleuth.sources.resolve_specs`); empty: the built-in corpora
    corpora: tuple[ServedSpec, ...] = ()

    def served(self) -> tuple[ServedSpec, ...]:
        return self.corpora or resolve_specs((), builtins=True)

    def to_json(self) -> str:
        """The config for worker processes, which rebuild it with `from_json`."""
        data: dict[str, Any] = asdict(self)
        data["db"] = None if self.db is None else str(self.db)  # a URL stays a URL
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> ServiceConfig:
        data = json.loads(text)
        data["db"] = None if data["db"] is None else parse_target(data["db"])
        data["rate"] = Rate(**data["rate"])
        data["corpora"] = tuple(ServedSpec(**spec) for spec in data.get("corpora", ()))
        return cls(**data)


def is_loopback(host: str) -> bool:
    """True only for addresses no other machine can reach: ``localhost``, 127.0.0.0/8
    and ``::1``. The wildcard addresses (``0.0.0.0``, ``::``) and any other name are not."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def auth_required(host: str, active_keys: int) -> bool:
    """API keys are required when the server listens on a non-loopback address or when
    any key that is not revoked exists. Checked on every request, so creating the first
    key turns auth on for a running loopback server."""
    return not is_loopback(host) or active_keys > 0
