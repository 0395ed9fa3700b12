"""The layers of reading and indexing, read from the source (every import, lazy ones in
functions too; ``TYPE_CHECKING`` ones left out): from the top, `sleuth.ingest`, then
`sleuth.index`, then `sleuth.passages`, then `sleuth.formats` and `sleuth.corpus`, then
`sleuth.jsonl`. Nothing imports a layer above its own, so none of them import each other
both ways."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
#: top first; a module may import only what is in a layer below its own
LAYERS = [
    {"sleuth.ingest"},
    {"sleuth.index"},
    {"sleuth.passages", "sleuth.sections"},
    {"sleuth.formats", "sleuth.corpus"},
    {"sleuth.jsonl"},
]


def _layer(module: str) -> int | None:
    for n, names in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in names):
            return n
    return None


def _imports(path: Path, module: str) -> list[tuple[int, str]]:
    """``(line, imported module)`` of every import in ``path`` but typing-only ones."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted((SRC / "sleuth").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append((".".join(parts), path))
    return out


@pytest.mark.parametrize(("module", "path"), [m for m in _modules() if _layer(m[0]) is not None])
def test_no_module_imports_a_layer_above_its_own(module: str, path: Path) -> None:
    own = _layer(module)
    assert own is not None
    upward = [
        f"{path.relative_to(SRC)}:{line} imports {target}"
        for line, target in _imports(path, module)
        if (layer := _layer(target)) is not None and layer < own
    ]
    assert not upward, upward


def test_the_layers_are_found() -> None:
    """The test reads real imports: ingest does import the index and the passages."""
    walk = SRC / "sleuth" / "ingest" / "walk.py"
    layers = {_layer(target) for _, target in _imports(walk, "sleuth.ingest.walk")}
    assert {1, 2} <= layers


def test_the_old_import_paths_name_the_same_objects() -> None:
    import sleuth.ingest
    import sleuth.passages
    import sleuth.sections

    for name in sleuth.sections.__all__:
        assert getattr(sleuth.sections, name) is getattr(sleuth.passages, name)
    for name in ("PASSAGE_CHARS", "anchor_url", "parse_passage_url", "passage_url"):
        assert getattr(sleuth.ingest, name) is getattr(sleuth.passages, name)
    assert all(hasattr(sleuth.ingest, name) for name in sleuth.ingest.__all__)
