"""Includes in Markdown (MkDocs snippets, markdown-include, FastAPI code includes): files
that exist inside the indexed folder are inlined, others leave nothing; no file outside
the folder is read, loops end, the size is capped, and a changed included file is seen by
the next ingest."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sleuth.index import open_index
from sleuth.ingest import Sectioned, discover, ingest, read_documents
from sleuth.ingest.includes import Includes


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def body(path: Path, root: Path | None = None) -> str:
    sources, _ = discover([root or path])  # code.py, say, is not a document itself
    (source,) = [s for s in sources if s.path == path.resolve()]
    (item,) = read_documents(source)
    assert isinstance(item, Sectioned), item
    return item.page.body


def test_snippets_includes_and_code_includes_are_inlined(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "snippets" / "note.md", "A note from a **snippet**, see [the guide](guide.md).\n")
    write(docs / "sub" / "part.md", "## Part\n\nPart text.\n")
    write(docs / "code.py", "def f():\n    return 1\n# end\n")
    page = write(
        docs / "guide" / "main.md",
        "# Main\n\nIntro.\n\n"
        '--8<-- "snippets/note.md"\n\n'  # relative to the docs root
        "{! ../sub/part.md !}\n\n"  # relative to the document
        "{* code.py hl[2] *}\n\n"  # a code include: a code block in its language
        '```python\n--8<-- "code.py:2:3"\n```\n\n'  # inside a fence: lines 2 to 3, as text
        "- an item\n\n"
        '    --8<-- "snippets/note.md"\n\n'  # indented under the item
        "--8<--\nsnippets/note.md\nsub/part.md\n--8<--\n",  # a block of snippets
    )
    text = body(page, docs)
    assert text == (
        "Main\n\nIntro.\n\nA note from a snippet, see the guide.\n\nPart\n\nPart text.\n\n"
        "```python\ndef f():\n    return 1\n# end\n```\n\n"
        "```python\n    return 1\n# end\n```\n\n"
        "- an item\n  A note from a snippet, see the guide.\n\n"
        "A note from a snippet, see the guide.\n\nPart\n\nPart text."
    )


def test_missing_outside_and_looping_includes_leave_nothing(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(tmp_path / "secret.md", "SECRET outside the folder\n")
    write(docs / "a.md", "# A\n\nIn a.\n\n{! b.md !}\n")
    write(docs / "b.md", "In b.\n\n{! a.md !}\n\n{! b.md !}\n")  # back to a, and itself
    (docs / "out.md").symlink_to(tmp_path / "secret.md")
    page = write(
        docs / "main.md",
        "# Main\n\n"
        '--8<-- "../secret.md"\n\n'
        f'--8<-- "{tmp_path / "secret.md"}"\n\n'
        '--8<-- "out.md"\n\n'  # a link that leads out of the folder
        '--8<-- "missing.md"\n\n'
        "{! main.md !}\n\n"  # itself
        "{! a.md !}\n\nEnd.\n",
    )
    text = body(page, docs)
    assert "SECRET" not in text and "8<" not in text and "{!" not in text
    assert text == "Main\n\nA\n\nIn a.\n\nIn b.\n\nEnd."
    a = body(docs / "a.md", docs)  # a → b → a: b's include of a leaves nothing
    assert a == "A\n\nIn a.\n\nIn b."


def test_includes_are_capped_in_size(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "big.md", "x" * 100)
    write(docs / "small.md", "y" * 40)
    include = Includes(docs / "main.md", docs, budget=120)
    assert include("big.md", None) is not None  # 100 of 120 bytes
    assert include("big.md", None) is None  # over what is left
    assert include("small.md", None) is None
    include = Includes(docs / "main.md", docs, budget=120)
    write(docs / "binary.md", "a\0b")
    assert include("binary.md", None) is None
    assert include("https://example.org/x.md", None) is None


def test_a_changed_included_file_is_seen_by_the_next_ingest(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    note = write(docs / "_snippets" / "note.txt", "The default timeout is 30 seconds.\n")
    write(docs / "main.md", '# Main\n\n--8<-- "_snippets/note.txt"\n\n--8<-- "later.md"\n')
    ingest([docs], tmp_path / "i")
    write(note, "The default timeout is 60 seconds.\n")
    write(docs / "later.md", "A file that appeared later.\n")
    report = ingest([docs], tmp_path / "i")
    assert (report.updated, report.added) == (2, 1)  # main.md and note.txt; later.md
    with open_index(tmp_path / "i") as index:
        page = index.corpus().pages[f"{(docs / 'main.md').resolve().as_uri()}#p1"]
    assert "60 seconds" in page.body and "30 seconds" not in page.body
    assert "appeared later" in page.body
    again = ingest([docs], tmp_path / "i")
    assert again.updated == again.added == 0  # read again, written only when changed


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_an_include_is_read_only_inside_the_folder_given(tmp_path: Path) -> None:
    root = tmp_path / "site"
    write(root / "shared.md", "Shared text.\n")
    docs = root / "docs"
    page = write(docs / "main.md", '# Main\n\n--8<-- "../shared.md"\n\nEnd.\n')
    assert body(page, docs) == "Main\n\nEnd."  # docs/ indexed: ../shared.md is outside
    assert "Shared text." in body(page, root)  # site/ indexed: it is inside
