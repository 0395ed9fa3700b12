"""``--index NAME=DIR``, ``--corpus NAME=FILE|BUILTIN``, ``--builtins`` and ``--config``:
what a server command exposes by name, in ``sleuth serve``'s words and read by its helper
(`sleuth.sources.served_corpora`: the flags, else the ``[serve]`` table of a config
file or the ``SLEUTH_SERVE_*`` variables, else the built-in corpora)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def source_options(function: F) -> F:
    """Add the options; the command receives ``indexes`` and ``corpora`` (tuples of
    ``NAME=PATH``), ``builtins`` (None unless given) and ``config_file``."""
    for option in reversed(
        [
            click.option(
                "--index",
                "indexes",
                multiple=True,
                metavar="NAME=DIR",
                help="Expose the index in DIR (built by `sleuth index`) as NAME. Repeatable.",
            ),
            click.option(
                "--corpus",
                "corpora",
                multiple=True,
                metavar="NAME=FILE|BUILTIN",
                help="Expose a JSON/JSONL corpus file as NAME, or a built-in corpus by its "
                "name. Repeatable.",
            ),
            click.option(
                "--builtins",
                is_flag=True,
                default=None,
                help="Expose the built-in corpora too (they are exposed alone when nothing "
                "is named).",
            ),
            click.option(
                "--config",
                "config_file",
                type=click.Path(dir_okay=False, path_type=Path),
                default=None,
                help="A TOML file whose [serve] table names the corpora (as for sleuth serve).",
            ),
        ]
    ):
        function = option(function)
    return function
