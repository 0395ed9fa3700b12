"""``--index NAME=DIR``, ``--corpus NAME=FILE|BUILTIN`` and ``--builtins``: what a server
command exposes to its clients by name (`sleuth.sources`), in the same words as
``sleuth serve``. Written for ``sleuth mcp``, to be shared by every server command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def source_options(function: F) -> F:
    """Add the repeatable ``--index NAME=DIR`` and ``--corpus NAME=FILE|BUILTIN`` options
    and ``--builtins`` (the command receives ``indexes``, ``corpora`` and ``builtins``)."""
    function = click.option(
        "--builtins",
        is_flag=True,
        help="Expose the built-in corpora too (they are exposed alone when nothing is named).",
    )(function)
    function = click.option(
        "--index",
        "indexes",
        metavar="NAME=DIR",
        multiple=True,
        help="Expose the index in DIR (built by `sleuth index`) as NAME. Repeatable; the first "
        "is the default.",
    )(function)
    function = click.option(
        "--corpus",
        "corpora",
        metavar="NAME=FILE|BUILTIN",
        multiple=True,
        help="Expose a JSON/JSONL corpus file as NAME, or a built-in corpus by its name. "
        "Repeatable.",
    )(function)
    return function
