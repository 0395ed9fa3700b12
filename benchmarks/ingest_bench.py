"""Ingest benchmark: `sleuth index` on a generated folder of mixed documentation files
(Markdown, MDX, reStructuredText, HTML, text, notebooks), beside plain Tantivy indexing
the same files' raw text (one document per file, default tokenizer, no parsing).

    python benchmarks/ingest_bench.py                 # 3,000 files
    python benchmarks/ingest_bench.py --files 6000 --repeat 3 --json
    python benchmarks/ingest_bench.py --folder ../shared/data/docs-fastapi
    python benchmarks/ingest_bench.py --kind markdown --files 1200 --against 4eef819 --repeat 7

Reported: documents/s and passages/s of a full ingest into a new index (median of
``--repeat`` runs, wall clock and CPU), the time spent parsing alone (reading every file
into blocks and passages, no index), and plain Tantivy's documents/s on the same text.
The files are generated from a fixed seed, so runs compare: ``--kind mixed`` (the
default) or ``--kind markdown`` (table-heavy Markdown pages only).

``--against REV`` measures another revision's ingest on the same folder in the same run:
its ``src/sleuth`` is exported with ``git archive`` and both are run in fresh processes,
alternately, ``--repeat`` times each; reported are the best wall and CPU seconds of each
and their ratios (new / old), the figures to compare per page (also per document, when
the two read different numbers of documents: a format only the new one reads).
``--warm`` times each after an untimed ingest of 12 small files in the same process: the
per-page work, without the one-time cost of importing (and, without cached bytecode,
compiling) the readers, which the newer code pays inside the ingest and the older at
import.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tantivy

from sleuth.ingest import Sectioned, discover, ingest, read_documents

WORDS = (
    "agent search index passage heading parameter default value timeout request session "
    "response cookie header query path body model token budget trace citation evidence "
    "document folder format markdown table list code server client retry cache stream"
).split()


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 20))]
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(2, 6)))


def _markdown(rng: random.Random, n: int, mdx: bool) -> str:
    parts = [f"---\ntitle: Page {n}\ntags: [bench]\n---\n"]
    if mdx:
        parts.append("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n")
    parts.append(f"# Page {n} {{ #page-{n} }}\n\n{_paragraph(rng)} See [the guide](guide.md).\n")
    for s in range(rng.randint(2, 5)):
        parts.append(f"\n## Section {s}\n\n{_paragraph(rng)}\n")
        parts.append("\n| name | default |\n|---|---|\n")
        parts.extend(f"| `{rng.choice(WORDS)}` | `{rng.randint(1, 99)}` |\n" for _ in range(4))
        parts.append("\n" + "".join(f"- {_sentence(rng)}\n" for _ in range(4)))
        parts.append(f"\n/// tip\n\n{_sentence(rng)}\n\n///\n" if not mdx else "")
        parts.append(f"\n:::note\n{_sentence(rng)}\n:::\n" if mdx else "")
        parts.append("\n```python\nresult = run(query, k=5)\nprint(result)\n```\n")
    return "".join(parts)


def _rst(rng: random.Random, n: int) -> str:
    parts = [f"Page {n}\n{'=' * (5 + len(str(n)))}\n\n{_paragraph(rng)}\n"]
    for s in range(rng.randint(2, 5)):
        title = f"Section {s}"
        underline = "-" * len(title)
        parts.append(f"\n{title}\n{underline}\n\n{_paragraph(rng)} Use :class:`~x.Session`.\n")
        parts.append("\n.. note::\n   " + _sentence(rng) + "\n")
        parts.append("\n.. code-block:: python\n\n   r = get(url, timeout=3)\n")
        parts.append("\n" + "".join(f"* {_sentence(rng)}\n" for _ in range(3)))
    return "".join(parts)


def _html(rng: random.Random, n: int) -> str:
    sections = "".join(
        f"<h2>Section {s}</h2><p>{_paragraph(rng)}</p><ul>"
        + "".join(f"<li>{_sentence(rng)}</li>" for _ in range(3))
        + "</ul>"
        for s in range(rng.randint(2, 5))
    )
    return (
        f"<html><head><title>Page {n}</title></head><body><nav>Home | Docs</nav><main>"
        f"<h1>Page {n}</h1><p>{_paragraph(rng)}</p>{sections}</main><footer>(c)</footer>"
        "</body></html>"
    )


def _notebook(rng: random.Random, n: int) -> str:
    cells = [{"cell_type": "markdown", "source": f"# Notebook {n}\n\n{_paragraph(rng)}"}]
    for _ in range(rng.randint(2, 4)):
        cells.append({"cell_type": "markdown", "source": _paragraph(rng)})
        output = {"output_type": "stream", "text": "42\n"}
        cells.append({"cell_type": "code", "source": "x = load()\nprint(x)", "outputs": [output]})
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4})


def generate(folder: Path, files: int, seed: int = 7) -> None:
    """``files`` mixed documents under ``folder`` (md 40%, mdx 15%, rst 15%, html 15%,
    txt 10%, ipynb 5%), in sub-folders of 100."""
    rng = random.Random(seed)
    kinds = ["md"] * 8 + ["mdx"] * 3 + ["rst"] * 3 + ["html"] * 3 + ["txt"] * 2 + ["ipynb"]
    for n in range(files):
        kind = kinds[n % len(kinds)]
        path = folder / f"part{n // 100:03d}" / f"page{n:05d}.{kind}"
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind in ("md", "mdx"):
            text = _markdown(rng, n, kind == "mdx")
        elif kind == "rst":
            text = _rst(rng, n)
        elif kind == "html":
            text = _html(rng, n)
        elif kind == "ipynb":
            text = _notebook(rng, n)
        else:
            text = "\n\n".join(_paragraph(rng) for _ in range(rng.randint(3, 8)))
        path.write_text(text, encoding="utf-8")


def generate_markdown(folder: Path, files: int, seed: int = 7) -> None:
    """``files`` table-heavy Markdown pages (each section a table, a list, a tip and a
    code block) under ``folder``, in sub-folders of 100."""
    rng = random.Random(seed)
    for n in range(files):
        path = folder / f"part{n // 100:03d}" / f"page{n:05d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_markdown(rng, n, False), encoding="utf-8")


@contextlib.contextmanager
def folder_of(args: argparse.Namespace) -> Iterator[Path]:
    """``args.folder``, else a temporary folder of ``args.files`` generated files of
    ``args.kind`` (removed afterwards)."""
    if args.folder is not None:
        yield args.folder
        return
    with tempfile.TemporaryDirectory(prefix="sleuth-ingest-docs-") as docs:
        (generate_markdown if args.kind == "markdown" else generate)(Path(docs), args.files)
        yield Path(docs)


#: one ingest in a fresh process: its wall and CPU seconds and what it indexed; with a
#: second argument, a first (untimed) ingest of that folder warms the process up
_ONE_INGEST = """
import json, os, sys, tempfile, time
from pathlib import Path
from sleuth.ingest import ingest
def cpu_s():  # this process's CPU and its reaped children's (the reader processes')
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
with tempfile.TemporaryDirectory() as work:
    if len(sys.argv) > 2:
        ingest([sys.argv[2]], Path(work, "warm"))
    wall, cpu = time.perf_counter(), cpu_s()
    report = ingest([sys.argv[1]], Path(work, "index"))
    wall, cpu = time.perf_counter() - wall, cpu_s() - cpu
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "documents": report.documents,
                  "passages": report.passages}))
"""


def _ingest_in(src: Path, folder: Path, warm: Path | None = None) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, "-c", _ONE_INGEST, str(folder), *([str(warm)] if warm else [])],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def against(folder: Path, rev: str, repeat: int, warm: bool = False) -> dict[str, Any]:
    """This checkout's ingest beside revision ``rev``'s on ``folder`` (see the module
    docstring); ``warm``: each process first ingests 12 small generated files of every
    kind, untimed, so that what is timed is the per-page work (not importing and
    compiling the readers once per process, which the newer code does lazily, inside the
    ingest, and the older at import)."""
    root = Path(__file__).resolve().parents[1]
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", "--format=tar", rev, "src/sleuth"],
        capture_output=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory(prefix="sleuth-ingest-old-") as old:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        warmup = Path(old, "warm") if warm else None
        if warmup is not None:
            generate(warmup, 12)
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for _ in range(repeat):  # alternately, so both see the same machine
            runs["old"].append(_ingest_in(Path(old, "src"), folder, warmup))
            runs["new"].append(_ingest_in(root / "src", folder, warmup))
    best = {
        side: {
            "wall_s": round(min(r["wall_s"] for r in rs), 3),
            "cpu_s": round(min(r["cpu_s"] for r in rs), 3),
            "documents": rs[-1]["documents"],
            "passages": rs[-1]["passages"],
        }
        for side, rs in runs.items()
    }
    old_best, new_best = best["old"], best["new"]
    # per document: the two may read different numbers of pages (a format one does not read)
    pages = max(old_best["documents"], 1) / max(new_best["documents"], 1)
    return {
        "rev": rev,
        "warm": warm,
        "old": old_best,
        "new": new_best,
        "wall_ratio": round(new_best["wall_s"] / max(old_best["wall_s"], 1e-9), 2),
        "cpu_ratio": round(new_best["cpu_s"] / max(old_best["cpu_s"], 1e-9), 2),
        "wall_ratio_per_document": round(
            new_best["wall_s"] / max(old_best["wall_s"], 1e-9) * pages, 2
        ),
        "cpu_ratio_per_document": round(
            new_best["cpu_s"] / max(old_best["cpu_s"], 1e-9) * pages, 2
        ),
    }


def _parse_only(folder: Path) -> tuple[float, int, int]:
    sources, _ = discover([folder])
    started = time.perf_counter()
    docs = passages = 0
    for source in sources:
        for item in read_documents(source):
            if isinstance(item, Sectioned):
                docs += 1
                passages += len(item.spans)
    return time.perf_counter() - started, docs, passages


def _plain_tantivy(folder: Path, work: Path) -> tuple[float, int]:
    """Plain Tantivy on the raw text of the same files: no parsing, no page store."""
    sources, _ = discover([folder])
    started = time.perf_counter()
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("url", stored=True, tokenizer_name="raw")
    builder.add_text_field("body", stored=False)
    schema = builder.build()
    index = tantivy.Index(schema, path=str(work))
    writer = index.writer(heap_size=256_000_000)
    for source in sources:
        text = source.path.read_text(encoding="utf-8")
        writer.add_document(tantivy.Document(url=str(source.path), body=text))
    writer.commit()
    writer.wait_merging_threads()
    return time.perf_counter() - started, len(sources)


def _cpu_s() -> float:
    """This process's CPU seconds and its reaped children's: an ingest's reader
    processes (`sleuth.ingest.parallel`) count too."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(folder: Path, repeat: int) -> dict[str, Any]:
    walls: list[float] = []
    cpus: list[float] = []
    report = None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="sleuth-ingest-bench-") as work:
            wall, cpu = time.perf_counter(), _cpu_s()
            report = ingest([folder], Path(work, "index"))
            walls.append(time.perf_counter() - wall)
            cpus.append(_cpu_s() - cpu)
    assert report is not None
    parse_s, _, _ = _parse_only(folder)
    with tempfile.TemporaryDirectory(prefix="sleuth-ingest-bench-") as work:
        tantivy_s, tantivy_docs = _plain_tantivy(folder, Path(work))
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    return {
        "folder": str(folder),
        "documents": report.documents,
        "passages": report.passages,
        "skipped": len(report.problems),
        "sleuth": {
            "wall_s": round(wall, 3),
            "cpu_s": round(cpu, 3),
            "documents_per_s": round(report.documents / wall, 1),
            "passages_per_s": round(report.passages / wall, 1),
            "ms_per_document": round(wall / max(report.documents, 1) * 1000, 3),
            "parse_only_s": round(parse_s, 3),
        },
        "plain_tantivy": {
            "wall_s": round(tantivy_s, 3),
            "documents_per_s": round(tantivy_docs / tantivy_s, 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=3000, help="files to generate")
    parser.add_argument("--folder", type=Path, default=None, help="an existing folder instead")
    parser.add_argument("--repeat", type=int, default=3, help="ingests to take the median of")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--kind", choices=["mixed", "markdown"], default="mixed", help="files to generate"
    )
    parser.add_argument(
        "--against", metavar="REV", default=None, help="also time git revision REV's ingest"
    )
    parser.add_argument(
        "--warm",
        action="store_true",
        help="--against: time each ingest after an untimed one of 12 small files (per page)",
    )
    args = parser.parse_args(argv)
    with folder_of(args) as folder:
        result = run(folder, max(1, args.repeat))
        if args.against:
            result["against"] = against(folder, args.against, max(1, args.repeat), args.warm)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    s, t = result["sleuth"], result["plain_tantivy"]
    print(
        f"{result['folder']}: {result['documents']} documents, {result['passages']} passages, "
        f"{result['skipped']} skipped\n"
        f"  sleuth index   {s['wall_s']:.3f} s wall ({s['cpu_s']:.3f} s CPU): "
        f"{s['documents_per_s']:.0f} documents/s, {s['passages_per_s']:.0f} passages/s, "
        f"{s['ms_per_document']:.2f} ms/document (parsing alone {s['parse_only_s']:.3f} s)\n"
        f"  plain Tantivy  {t['wall_s']:.3f} s: {t['documents_per_s']:.0f} documents/s "
        "(raw text, no parsing, no page store)"
    )
    if "against" in result:
        a = result["against"]
        old, new = a["old"], a["new"]
        print(
            f"  against {a['rev']}: wall {old['wall_s']:.3f} -> {new['wall_s']:.3f} s "
            f"({a['wall_ratio']:.2f}x), CPU {old['cpu_s']:.3f} -> {new['cpu_s']:.3f} s "
            f"({a['cpu_ratio']:.2f}x); {old['documents']} -> {new['documents']} documents, "
            f"{old['passages']} -> {new['passages']} passages (best of {args.repeat} each"
            + (", each after a warm-up ingest)" if a["warm"] else ")")
        )
        if old["documents"] != new["documents"]:
            print(
                f"  per document: wall {a['wall_ratio_per_document']:.2f}x, "
                f"CPU {a['cpu_ratio_per_document']:.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
