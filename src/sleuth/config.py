"""Defaults for the command line: ``SLEUTH_*`` environment variables and TOML files.

A flag on the command line wins; then the environment; then ``./sleuth.toml`` (the
folder the command runs in); then the user's file (``$SLEUTH_CONFIG``, else
``$XDG_CONFIG_HOME/sleuth/config.toml``, else ``~/.config/sleuth/config.toml``); then the
built-in default. A file holds top-level keys::

    model = "openai:gpt-4o-mini"          # SLEUTH_MODEL
    base_url = "http://127.0.0.1:11434/v1"  # SLEUTH_BASE_URL
    index = "./idx"                       # SLEUTH_INDEX (a path in a file is relative to it)
    db = "~/research/runs.db"             # SLEUTH_DB: a SQLite path or a postgresql:// URL
    max_steps = 8                         # SLEUTH_MAX_STEPS; also timeout, max_tokens, protocol

Settings that only make sense together are taken together: the layer that names either
``corpus`` or ``index`` decides both (so ``SLEUTH_CORPUS=workshop`` is not combined with an
``index`` from a file), and likewise ``model`` and ``base_url``. An unknown key or a value
of the wrong type is a `UsageError` naming the file or variable. The Python API
(`sleuth.ask`) reads none of this: what a program passes is what runs.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.db import is_url
from sleuth.errors import UsageError

PROJECT_FILE = "sleuth.toml"


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("a non-empty string")
    return value.strip()


def _protocol(value: Any) -> str:
    if value not in ("tools", "react"):
        raise ValueError('"tools" or "react"')
    return str(value)


def _count(value: Any) -> int:
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit():
            raise ValueError("a whole number of at least 1")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("a whole number of at least 1")
    return value


def _seconds(value: Any) -> float:
    try:
        seconds = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        seconds = math.nan
    if not math.isfinite(seconds) or not 0 < seconds <= 86400:
        raise ValueError("a number of seconds above 0 and at most 86400")
    return seconds


#: Every setting: its environment variable and how its value is checked.
SETTINGS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "model": ("SLEUTH_MODEL", _text),
    "base_url": ("SLEUTH_BASE_URL", _text),
    "protocol": ("SLEUTH_PROTOCOL", _protocol),
    "corpus": ("SLEUTH_CORPUS", _text),
    "index": ("SLEUTH_INDEX", _text),
    "db": ("SLEUTH_DB", _text),
    "max_steps": ("SLEUTH_MAX_STEPS", _count),
    "max_tokens": ("SLEUTH_MAX_TOKENS", _count),
    "timeout": ("SLEUTH_TIMEOUT", _seconds),
}
#: Settings taken together from the one layer that names any of them.
GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"corpus", "index"}),
    frozenset({"model", "base_url"}),
)
_PATHS = ("index", "db", "corpus")  # resolved against the file that names them


@dataclass(frozen=True)
class Defaults:
    """The defaults in force: each setting's value and where it came from (a variable's
    name or a file's path)."""

    values: Mapping[str, Any] = field(default_factory=dict)
    origins: Mapping[str, str] = field(default_factory=dict)

    def get(self, key: str, fallback: Any = None) -> Any:
        return self.values.get(key, fallback)


def user_config_path(environ: Mapping[str, str] | None = None) -> Path | None:
    """The user's config file (which need not exist); None when ``SLEUTH_CONFIG`` is
    set empty (no user file)."""
    env = os.environ if environ is None else environ
    chosen = env.get("SLEUTH_CONFIG")
    if chosen is not None:
        return Path(chosen).expanduser() if chosen.strip() else None
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "sleuth" / "config.toml"


def load_defaults(environ: Mapping[str, str] | None = None, cwd: Path | None = None) -> Defaults:
    """The defaults from the user's file, ``./sleuth.toml`` and ``SLEUTH_*``, highest last."""
    env = os.environ if environ is None else environ
    here = Path.cwd() if cwd is None else cwd
    layers: list[tuple[dict[str, Any], dict[str, str]]] = []
    user = user_config_path(env)
    if user is not None and user.is_file():
        layers.append(_from_file(user))
    project = here / PROJECT_FILE
    if project.is_file():
        layers.append(_from_file(project))
    layers.append(_from_environment(env))
    values: dict[str, Any] = {}
    origins: dict[str, str] = {}
    for layer, where in layers:
        for group in GROUPS:
            if group & layer.keys():
                for key in group:
                    values.pop(key, None)
                    origins.pop(key, None)
        values.update(layer)
        origins.update(where)
    return Defaults(values, origins)


def _read_toml(path: Path) -> dict[str, Any]:
    """A config file's TOML; a `UsageError` saying why when it cannot be read or parsed."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _from_file(path: Path) -> tuple[dict[str, Any], dict[str, str]]:
    raw = _read_toml(path)
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "serve":  # `sleuth serve`'s table: read by `serve_defaults`
            continue
        if key not in SETTINGS:
            known = ", ".join(SETTINGS)
            raise UsageError(f"{path}: unknown setting {key!r} (the settings are {known})")
        values[key] = _checked(f"{path}: {key}", key, value)
        if key in _PATHS:
            values[key] = _beside(values[key], key, path.parent)
    _one_source(values, str(path))
    return values, dict.fromkeys(values, str(path))


def _from_environment(env: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    values: dict[str, Any] = {}
    origins: dict[str, str] = {}
    for key, (variable, _) in SETTINGS.items():
        raw = env.get(variable)
        if raw is None or not raw.strip():  # set but empty: as if unset
            continue
        values[key] = _checked(variable, key, raw)
        if key in ("index", "db") and not is_url(values[key]):
            values[key] = str(Path(values[key]).expanduser())
        origins[key] = variable
    _one_source(values, "the environment (SLEUTH_CORPUS and SLEUTH_INDEX)")
    return values, origins


def _checked(where: str, key: str, value: Any) -> Any:
    try:
        return SETTINGS[key][1](value)
    except ValueError as exc:
        raise UsageError(f"{where} must be {exc}, not {value!r}") from None


def _beside(value: str, key: str, folder: Path) -> str:
    """A path named in a file, relative to that file's folder (a URL or a built-in
    corpus name stays as it is)."""
    if key == "db" and is_url(value):
        return value
    if key == "corpus":
        from sleuth.corpus import builtin_names

        if value in builtin_names():
            return value
    path = Path(value).expanduser()
    return str(path if path.is_absolute() else folder / path)


def _one_source(values: Mapping[str, Any], where: str) -> None:
    if "corpus" in values and "index" in values:
        raise UsageError(f"{where} names both a corpus and an index: keep one")


#: `sleuth serve`'s corpora: the ``[serve]`` table of a file, or these variables.
SERVE_VARIABLES = {
    "index": "SLEUTH_SERVE_INDEX",
    "corpus": "SLEUTH_SERVE_CORPUS",
    "builtins": "SLEUTH_SERVE_BUILTINS",
}


@dataclass(frozen=True)
class ServeDefaults:
    """What `sleuth serve` serves when no flag says: ``NAME=PATH`` entries for
    ``--index`` and ``--corpus`` (paths already resolved), ``--builtins``, and where
    they came from (None: nowhere)."""

    index: tuple[str, ...] = ()
    corpus: tuple[str, ...] = ()
    builtins: bool = False
    origin: str | None = None


def serve_defaults(
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    config_file: Path | None = None,
) -> ServeDefaults:
    """The served corpora from the highest layer that names any: ``config_file`` (``sleuth
    serve --config``), ``SLEUTH_SERVE_*``, ``./sleuth.toml``'s ``[serve]``, the user
    file's. A file's table::

        [serve]
        builtins = false            # also serve the built-in corpora
        [serve.index]
        docs = "./idx"              # relative to the file
        [serve.corpus]
        faq = "./faq.jsonl"

    The variables hold comma-separated ``NAME=PATH`` entries
    (``SLEUTH_SERVE_INDEX=docs=./idx,api=/srv/api-idx``) and ``SLEUTH_SERVE_BUILTINS=1``."""
    env = os.environ if environ is None else environ
    here = Path.cwd() if cwd is None else cwd
    if config_file is not None:
        if not config_file.is_file():
            raise UsageError(f"--config {config_file}: no such file")
        found = _serve_from_file(config_file)
        if found is not None:
            return found
    found = _serve_from_environment(env)
    if found is not None:
        return found
    for path in (here / PROJECT_FILE, user_config_path(env)):
        if path is not None and path.is_file():
            found = _serve_from_file(path)
            if found is not None:
                return found
    return ServeDefaults()


def _serve_from_file(path: Path) -> ServeDefaults | None:
    raw = _read_toml(path)
    table = raw.get("serve")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise UsageError(f"{path}: serve must be a table ([serve])")
    entries: dict[str, tuple[str, ...]] = {"index": (), "corpus": ()}
    builtins = False
    for key, value in table.items():
        where = f"{path}: serve.{key}"
        if key == "builtins":
            if not isinstance(value, bool):
                raise UsageError(f"{where} must be true or false, not {value!r}")
            builtins = value
        elif key in entries:
            if isinstance(value, list) and key == "corpus":  # built-in names
                entries[key] += tuple(_text(v) for v in value if isinstance(v, str))
                continue
            if not isinstance(value, dict):
                raise UsageError(f'{where} must be a table of NAME = "PATH"')
            for name, target in value.items():
                if not isinstance(target, str) or not target.strip():
                    raise UsageError(f"{where}.{name} must be a path, not {target!r}")
                resolved = Path(target.strip()).expanduser()
                if not resolved.is_absolute():
                    resolved = path.parent / resolved
                entries[key] += (f"{name}={resolved}",)
        else:
            raise UsageError(
                f"{path}: unknown setting serve.{key} (the settings are index, corpus, builtins)"
            )
    if not (entries["index"] or entries["corpus"] or builtins):
        return None
    return ServeDefaults(entries["index"], entries["corpus"], builtins, str(path))


def _serve_from_environment(env: Mapping[str, str]) -> ServeDefaults | None:
    named: dict[str, tuple[str, ...]] = {}
    for key in ("index", "corpus"):
        raw = env.get(SERVE_VARIABLES[key], "")
        named[key] = tuple(part.strip() for part in raw.split(",") if part.strip())
    flag = env.get(SERVE_VARIABLES["builtins"], "").strip().lower()
    if flag not in ("", "0", "1", "true", "false", "yes", "no"):
        raise UsageError(f"SLEUTH_SERVE_BUILTINS must be 1 or 0, not {flag!r}")
    builtins = flag in ("1", "true", "yes")
    if not (named["index"] or named["corpus"] or builtins):
        return None
    origins = [v for k, v in SERVE_VARIABLES.items() if env.get(v, "").strip()]
    return ServeDefaults(named["index"], named["corpus"], builtins, " and ".join(origins))
