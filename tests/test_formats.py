"""Document formats: each format's small files written here come out as clean, readable,
sectioned passages; skipped files are reported; a damaged index is found and repaired;
and the two real documentation folders in ../shared/data index with every page read."""

from __future__ import annotations

import json
import os
import random
import re
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from shared import SHARED_DATA
from sleuth.cli_corpus import index_command
from sleuth.errors import CorpusError
from sleuth.formats import Block, parse, render
from sleuth.formats.markdown import convert_inline
from sleuth.index import open_index
from sleuth.ingest import Problem, Sectioned, discover, ingest, read_documents
from sleuth.ingest.discover import PARTIAL
from sleuth.passages import section_anchors, split_blocks
from sleuth.state import OpenedPage
from sleuth.tools import run_open
from sleuth.validate import validate_finish

SHARED = SHARED_DATA


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def body_of(kind: str, text: str | bytes) -> str:
    return render(parse(kind, text).blocks)[0]


def read(path: Path) -> Sectioned:
    sources, problems = discover([path])
    assert not problems, problems
    (item,) = read_documents(sources[0])
    assert isinstance(item, Sectioned), item
    return item


# --- Markdown and MDX -------------------------------------------------------------------------

MDX = """---
title: Agent
sidebar_position: 2
description: >
  folded text that is not body
---
import Tabs from '@theme/Tabs';
import {Foo, Bar} from "../components";
export const meta = {
  x: 1,
};

# Agent {#agent}

The [agent](https://example.com/agent "title") runs a **loop** with `max_steps`.
![diagram](img/loop.png)

<Tabs groupId="lang">
<TabItem value="py" label="Python">
Run it from *Python*.
</TabItem>
</Tabs>

{/* a comment nobody reads */}

:::tip[Good to know]
Budgets are data.
:::

## Parameters

| name | default |
|------|---------|
| `max_steps` | `6` |
| `timeout_s` | `120` |

- first item with [a link](x.md)
  continued
- second item
  - nested item

```js
import React from 'react';
export default function App() {}
```
"""


def test_mdx_comes_out_as_the_text_a_person_reads() -> None:
    parsed = parse("md", MDX)
    body = render(parsed.blocks)[0]
    assert parsed.title == "Agent"
    assert body.startswith("Agent\n\nThe agent runs a loop with `max_steps`.")
    for junk in (
        "import Tabs",
        'from "../components"',
        "export const",
        "sidebar_position",
        "folded text",
        "<Tabs",
        "TabItem",
        "https://example.com",
        "x.md",
        "diagram",
        "{#agent}",
        ":::",
        "a comment",
        "**",
    ):
        assert junk not in body.split("```js")[0], junk
    assert "Python\n\nRun it from Python." in body  # the tab's label, then its text
    assert "Good to know\n\nBudgets are data." in body
    assert "name | default\n`max_steps` | `6`\n`timeout_s` | `120`" in body
    assert "- first item with a link continued\n- second item\n  - nested item" in body
    # code stays code, imports and all
    assert "```js\nimport React from 'react';\nexport default function App() {}\n```" in body


MKDOCS = """# Tutorial { #tutorial }

{* ../../docs_src/first_steps/tutorial001.py hl[3] *}

/// note | Technical Details

`FastAPI` inherits from `Starlette`.

///

!!! warning "Careful"
    The body of the warning.

    ```python
    x = 1
    ```

??? tip
    Folded tip text.

=== "Python 3.10+"

    ```Python
    {!> ../../docs_src/python_types/tutorial009_py310.py!}
    ```

--8<-- "includes/abbreviations.md"
*[HTML]: Hyper Text Markup Language

::: fastapi.FastAPI
    options:
        members:
            - openapi

Run `fastapi dev`:

```console
$ <font color="#4E9A06">fastapi</font> dev &amp; more
```
"""


def test_mkdocs_admonitions_tabs_and_includes() -> None:
    body = body_of("md", MKDOCS)
    assert body.startswith("Tutorial\n\nTechnical Details\n\n`FastAPI` inherits from `Starlette`.")
    assert "Careful\n\nThe body of the warning.\n\n```python\nx = 1\n```" in body
    assert "Folded tip text." in body
    assert "Python 3.10+" in body
    for junk in ("{*", "{!", "docs_src", "///", "!!!", "???", "===", "8<", "*[HTML]", "::: ",
                 "options:", "<font", "&amp;"):  # fmt: skip
        assert junk not in body, junk
    assert "```console\n$ fastapi dev & more\n```" in body


MYST = """# Options

```{currentmodule} click
```

```{contents}
:depth: 2
:local: true
```

Options are added with the {func}`option` decorator, which makes a {class}`~click.Option`;
see {ref}`positional arguments <arguments>` and {ref}`type-inference`, {pep}`8`,
and press {kbd}`Ctrl+C`. Code stays code: `{func}` and `x`.

(tuple-type)=
## Multi Value Options

```{versionadded} 4.0
```

```{note}
Short names are **not** combined.
```

```{admonition} Note on Files
:class: note

   Files are {class}`File` parameters.
```

```{code-block} python
@click.option("--n", default=1)
```

```{eval-rst}
.. currentmodule:: click

Use :func:`click.echo` to print.
```

```{toctree}
:maxdepth: 2

quickstart
```

(nowhere)=
A label before a paragraph names nothing.

## Plain

```{ .dockerfile .annotate }
FROM python
```

```{python}
x = 1
```
"""


def test_myst_roles_targets_and_directives_read_as_sphinx_shows_them() -> None:
    parsed = parse("md", MYST)
    body = render(parsed.blocks)[0]
    assert "with the `option()` decorator, which makes a `Option`; see positional arguments" in body
    assert "and type-inference, PEP 8, and press Ctrl+C. Code stays code: `{func}` and `x`." in body
    assert "Multi Value Options\n\nNew in version 4.0.\n\nShort names are not combined." in body
    assert "Note on Files\n\nFiles are `File` parameters." in body
    assert '```python\n@click.option("--n", default=1)\n```' in body
    assert "Use `click.echo()` to print." in body
    assert "A label before a paragraph names nothing." in body
    # a fence that only looks like a directive is code, as before
    assert "```\nFROM python\n```" in body and "```python\nx = 1\n```" in body
    for junk in ("{func}`option", "{ref}", "{note}", "```{", "currentmodule", "contents",
                 "depth", "toctree", "quickstart", ":class:", "(tuple-type)=", "(nowhere)=",
                 "eval-rst"):  # fmt: skip
        assert junk not in body, junk
    anchors = {b.text: b.anchor for b in parsed.blocks if b.kind == "heading"}
    assert anchors == {"Options": "", "Multi Value Options": "tuple-type", "Plain": ""}


def test_myst_a_sphinx_extension_s_role_reads_as_in_rest() -> None:
    """``{confval}`...``` is code and ``{pr}`1040``` a tracker's number, as in reST; a code
    span that looks like a role stays a code span."""
    text = "# T\n\nSet {confval}`addopts`, see {pr}`1040` and {pypi}`ephem`; `{confval}` stays.\n"
    body = render(parse("md", text).blocks)[0]
    assert "Set `addopts`, see #1040 and `ephem`; `{confval}` stays." in body
    pep = "# T\n\nSee {pep}`wheel format <427>` and {pep}`8#naming`.\n"
    assert "See wheel format and PEP 8#naming." in render(parse("md", pep).blocks)[0]
    placeholder = "# T\n\nName it {project}`-config.yml`.\n"  # no role: a template's
    assert "Name it {project}`-config.yml`." in render(parse("md", placeholder).blocks)[0]


def test_a_list_item_keeps_its_parts_in_document_order() -> None:
    """A list item's text after its code block, nested list or heading stays after it
    (it was moved up under the item's first line), and a setext heading in an item is
    kept as a line (it was dropped)."""
    steps = (
        "1. Install it:\n\n   ```bash\n   pip install httpx\n   ```\n\n"
        "   Then import it in your tests.\n"
        "2. Write a test:\n\n   - one case\n   - another\n\n   and run pytest.\n"
        "3. Read the result\n\n   Failures\n   --------\n\n   Each failure names its test.\n"
    )
    [block] = parse("md", steps).blocks
    assert block.text == (
        "1. Install it:\n   ```bash\n   pip install httpx\n   ```\n"
        "   Then import it in your tests.\n"
        "2. Write a test:\n   - one case\n   - another\n   and run pytest.\n"
        "3. Read the result\n   Failures\n   Each failure names its test."
    )
    # an item that starts with code has no text on its marker's line
    [block] = parse("md", "- ```\n  x = 1\n  ```\n\n  Set x.\n").blocks
    assert block.text == "-\n  ```\n  x = 1\n  ```\n  Set x."


def test_myst_targets_in_list_items_are_read_as_at_the_top_level(tmp_path: Path) -> None:
    """A MyST target line ``(label)=`` in a list item was kept as text: one before a
    heading inside the item, one opening an item, and one lazily continuing the last item
    right before a heading (MyST ends the list there; Markdown continues the item). Now
    none is text, and the last names the heading after the list, as a target before a
    heading does at the top level; a heading inside an item is a line of the list, not a
    section, so the label before it names nothing. (Sentences from Click's docs.)"""
    text = (
        "# Exception Handling and Exit Codes\n\nThe following common subclasses exist:\n\n"
        "- {exc}`UsageError` to inform the user that something went wrong.\n\n"
        "  (bad-parameter)=\n  ### BadParameter\n\n"
        "  These are often handled internally in Click and augmented with extra\n"
        "  information if possible.\n\n"
        "- (file-error)=\n  {exc}`FileError` this is an error that is raised by the\n"
        "  {class}`FileType` if Click encounters issues opening the file.\n"
        "(help-page-exit-codes)=\n## Help Pages and Exit Codes\n\n"
        "Triggering the a help page intentionally (by passing in ``--help``)\n"
        "returns exit code 0.\n"
    )
    (tmp_path / "exceptions.md").write_text(text, encoding="utf-8")
    [source] = discover([tmp_path])[0]
    [doc] = read_documents(source, passage_chars=200)
    assert isinstance(doc, Sectioned)
    assert doc.page.body == (
        "Exception Handling and Exit Codes\n\nThe following common subclasses exist:\n\n"
        "- `UsageError` to inform the user that something went wrong.\n"
        "  BadParameter\n"
        "  These are often handled internally in Click and augmented with extra information"
        " if possible.\n"
        "- `FileError` this is an error that is raised by the `FileType` if Click encounters"
        " issues opening the file.\n\nHelp Pages and Exit Codes\n\n"
        "Triggering the a help page intentionally (by passing in ``--help``) returns exit"
        " code 0."
    )
    assert doc.anchors[-1] == "help-page-exit-codes"
    assert [h for _, _, h in doc.spans][-1].endswith(" › Help Pages and Exit Codes")
    # the same rule at the top level: a target line ending a paragraph names the heading
    parsed = parse("md", "Some words.\n(label)=\n## Heading\n\nText.\n(nothing)=\nMore text.\n")
    assert [(b.kind, b.text, b.anchor) for b in parsed.blocks] == [
        ("text", "Some words.", ""), ("heading", "Heading", "label"),
        ("text", "Text.", ""), ("text", "More text.", ""),
    ]  # fmt: skip


def test_underlined_headings_are_headings() -> None:
    """Setext headings (a line of ``=`` or ``-`` under the title) were read as text, or
    lost: an underline of ``=`` looked like a content tab, one of ``-`` left nothing."""
    parsed = parse("md", "Title\n=====\n\nSome text.\n\nSection\n-------\n\nMore.\n")
    assert parsed.title == "Title"
    assert [(b.kind, b.text, b.level) for b in parsed.blocks] == [
        ("heading", "Title", 1), ("text", "Some text.", 0),
        ("heading", "Section", 2), ("text", "More.", 0),
    ]  # fmt: skip


def test_myst_docs_of_a_real_sphinx_project_leave_no_syntax(tmp_path: Path) -> None:
    """Click's documentation (MyST, vendored in ``benchmarks/docs_corpora/click``): every
    page read, no role, directive fence or target line left in the text, labels as
    anchors. (A format check; its questions are held out, and not run here.)"""
    docs = Path(__file__).resolve().parents[1] / "benchmarks" / "docs_corpora" / "click"
    sources = [s for s in discover([docs])[0] if s.kind == "md"]  # not its LICENSE.txt
    pages = [item for s in sources for item in read_documents(s) if isinstance(item, Sectioned)]
    assert len(pages) == len(sources) == 38
    for page in pages:
        body = page.page.body
        assert not re.search(r"\{[a-z:]+\}`|```\{|^\([\w-]+\)=", body, re.M), page.page.url
    assert sum(1 for page in pages for anchor in page.anchors if anchor == "multiple-options")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ('a [link](https://x.example/a "t") b', "a link b"),
        ("[`code` in a link](x.md#y)", "`code` in a link"),
        ("[ref link][1] and ![image](a.png) gone", "ref link and  gone"),
        ("**bold *nested* text** and _under_ snake_case", "bold nested text and under snake_case"),
        ("`x*y*` and ``a`b`` stay", "`x*y*` and ``a`b`` stay"),
        ("escaped \\*stars\\* &amp; <kbd>Ctrl</kbd>+<b>C</b>", "escaped *stars* & Ctrl+C"),
        ('<abbr title="Command Line">CLI</abbr> <br/>next', "CLI  next"),
        ("<https://x.example/>", "https://x.example/"),
        ("soft\nbreak and hard  \nbreak", "soft break and hard\nbreak"),
        ("2*3*4 stays", "2*3*4 stays"),
    ],
)
def test_inline_markdown_is_read_as_text(raw: str, shown: str) -> None:
    assert convert_inline(raw) == shown


def _generated_inline_line(rng: random.Random) -> str:
    """One line of Markdown inline source: mostly words, plain links and code spans of
    single backticks (the shape `_links_read` reads), with now and then what it must
    leave to the general rule (an image, a reference, nested brackets, a link across a
    code span or with a title, emphasis, an odd backtick, HTML, an escape, an entity, the
    marks `convert_inline` holds code spans and escapes with)."""
    labels = ["docs", "the guide", "#123", "@user", "@app[bot]", "`code`", "a_b", "x*y", ""]
    targets = ["https://x.example/a_b", "guide.md#top", "a`b`", "u v", "(p)", "x", "<u>"]
    codes = ["x", "snake_case", "a*b*", "[l](u)", "<b>", "&amp;", " ", "a\\b", "\ue000"]
    words = [
        "Fix", " ", "the", " PR ", " by ", ". ", "é", "📱", "!", "(", ")", "]", "[", "*",
        "_", "~", "~~", "**bold**", "_em_", "~~gone~~", "*a*", "<br>", "&lt;", "\\*", "\ue000",
        "\ue001", "\ue0000\ue001", "\ue010", "}`", "{x}",
    ]  # fmt: skip
    parts: list[str] = []
    for _ in range(rng.randint(1, 8)):
        draw = rng.random()
        if draw < 0.3:
            label = rng.choice(labels) if rng.random() < 0.3 else rng.choice(["docs", "#1"])
            target = rng.choice(targets) if rng.random() < 0.3 else "https://x.example/p"
            parts.append(("!" if rng.random() < 0.05 else "") + f"[{label}]({target})")
        elif draw < 0.55:
            parts.append(f"`{rng.choice(codes) if rng.random() < 0.3 else 'name'}`")
        elif draw < 0.6:
            parts.append("`")  # an odd backtick
        elif draw < 0.65:
            parts.append(f"[{rng.choice(labels)}][ref]")
        else:
            parts.append(rng.choice(words) if rng.random() < 0.3 else " words here ")
    return "".join(parts)


def test_links_and_code_spans_read_fast_as_the_general_rule_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line whose only markup is plain links and code spans of single backticks is read
    without holding its code spans out of the way (`_links_read`, the lines of release
    notes and API lists): the same text, and the same link targets in the same order, as
    the general rule gives, on generated lines and on those of the docs folders."""
    from sleuth.formats import markdown

    def read(raw: str) -> tuple[str, list[str]]:
        links: list[str] = []
        markdown._found.links = links
        try:
            return convert_inline(raw), links
        finally:
            markdown._found.links = None

    rng = random.Random(12)
    lines = [_generated_inline_line(rng) for _ in range(20000)]
    lines += [
        "⏪️ Restore `commit_in_place` in `translate.yml`. PR [#16216](https://x.example/16216)",
        "Use [`Depends`](deps.md) and `Annotated`, see [the `x` docs](x.md#y) `[not](a link)`",
        "[a](x`y`) `[b](c)` ![i](i.png) [c](d) `e",  # a link across a code span, an image
    ]
    fast = markdown._links_read
    used: list[bool] = []

    def counted(pieces: list[str]) -> str | None:
        found = fast(pieces)
        used.append(found is not None)
        return found

    monkeypatch.setattr(markdown, "_links_read", counted)
    quick = [read(raw) for raw in lines]
    monkeypatch.setattr(markdown, "_links_read", lambda pieces: None)  # the general rule
    assert quick == [read(raw) for raw in lines]
    # the fast path was taken (and declined) often enough to be held to the general rule
    assert sum(used) > 1500 and used.count(False) > 1500


def test_markdown_front_matter_errors_name_the_line() -> None:
    with pytest.raises(CorpusError, match="front matter line 2"):
        parse("md", "---\nnot a key\n---\ntext")


# --- MDX partials (Docusaurus) ------------------------------------------------------------------

PAGE_MDX = """---
title: Install
---
import Requirements from './_requirements.mdx';
import Tabs from '@theme/Tabs';

# Install

Before you start:

<Requirements />

Then run the installer.

```mdx
<Requirements />
```
"""


def test_an_mdx_partial_is_read_where_it_is_imported(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    page = write(docs / "install.mdx", PAGE_MDX)
    write(
        docs / "_requirements.mdx",
        "---\nsidebar_label: hidden\n---\nimport Python from './shared/_python.mdx';\n\n"
        'You need **Python** and a network.\n\n<Python version="3.11" />\n',
    )
    write(docs / "shared" / "_python.mdx", "Python 3.11 or newer, from python.org.\n")
    report = ingest([docs], tmp_path / "i")
    assert report.added == 1 and not report.problems and not report.warnings
    assert {Path(p.file).name: p.message for p in report.ignored} == {
        "_requirements.mdx": f"{PARTIAL}, not a document",
        "_python.mdx": f"{PARTIAL}, not a document",
    }
    body = read(page).page.body
    start = body.index("Before you start:")
    assert body.index("You need Python and a network.") > start
    assert body.index("Python 3.11 or newer") < body.index("Then run the installer.")
    for junk in ("import ", "sidebar_label", "<Python", "---"):
        assert junk not in body.split("```")[0], junk
    assert "```mdx\n<Requirements />\n```" in body  # in code it is code
    with open_index(tmp_path / "i") as index:
        (hit,) = index.search("python network", 1)
        assert hit.url.startswith(page.resolve().as_uri())


def test_a_changed_partial_reads_its_page_again(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "install.mdx", PAGE_MDX)
    partial = write(docs / "_requirements.mdx", "You need Python.\n")
    ingest([docs], tmp_path / "i")
    write(partial, "You need Rust.\n")
    report = ingest([docs], tmp_path / "i")
    assert report.updated == 1
    with open_index(tmp_path / "i") as index:
        assert index.search("rust", 1) and not index.search("python", 1)


@pytest.mark.parametrize(
    ("target", "files", "warning"),
    [
        ("./_requirements.mdx", {}, "no readable file of that name inside the folder"),
        (
            "../outside/_requirements.mdx",
            {"../outside/_requirements.mdx": "Secret."},
            "no readable file",  # out of the folder
        ),
        (
            "./_requirements.mdx",
            {
                "_requirements.mdx": "import Back from './_back.mdx';\n\nA.\n\n<Back />\n",
                "_back.mdx": "import Req from './_requirements.mdx';\n\nB.\n\n<Req />\n",
            },
            "it includes itself (a cycle)",
        ),
    ],
)
def test_a_partial_that_cannot_be_read_is_a_warning(
    tmp_path: Path, target: str, files: dict[str, str], warning: str
) -> None:
    docs = tmp_path / "docs"
    page = write(docs / "install.mdx", PAGE_MDX.replace("./_requirements.mdx", target))
    for name, text in files.items():
        write(docs / name, text)
    runner = CliRunner()
    done = runner.invoke(index_command, [str(docs), "--index", str(tmp_path / "i"), "--json"])
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert shown["added"] == 1 and shown["skipped"] == []
    (found,) = shown["warnings"]
    assert found["file"] == str(page.resolve()) and warning in found["warning"], found
    body = read(page).page.body
    assert "Before you start:" in body and "Then run the installer." in body
    assert "Secret" not in body
    strict = runner.invoke(index_command, [str(docs), "--index", str(tmp_path / "i2"), "--strict"])
    assert strict.exit_code == 0 and "warning " in strict.output  # said, not fatal


# --- reStructuredText ---------------------------------------------------------------------------

RST = """Quickstart
==========

.. module:: requests.models

Make a :class:`~requests.Response` with :func:`requests.get`, see :ref:`the guide <guide>`
and `the docs <https://docs.example>`_.

.. note::
   Sessions keep cookies.

.. versionadded:: 2.4
   Timeouts may be a tuple.

Timeouts
--------

.. code-block:: python

    r = requests.get(url, timeout=3.05)

.. autoclass:: requests.Session
   :inherited-members:

.. toctree::
   :maxdepth: 2

   user/install

=====  =====
name   value
=====  =====
a      1
=====  =====

:param url: the URL
:unknownrole:`stays readable`
"""


def test_rst_with_sphinx_roles_and_directives() -> None:
    parsed = parse("rst", RST)
    body = render(parsed.blocks)[0]
    assert parsed.title == "Quickstart"
    assert "Make a `Response` with `requests.get()`, see the guide and the docs." in body
    assert "Sessions keep cookies." in body
    assert "New in version 2.4: Timeouts may be a tuple.." not in body
    assert "New in version 2.4: Timeouts may be a tuple." in body
    assert "```\nr = requests.get(url, timeout=3.05)\n```" in body
    assert "`requests.Session`" in body
    assert "name | value\na | 1" in body
    assert "- param `url`: the URL" in body
    for junk in (":class:", ".. ", "toctree", "maxdepth", "user/install", "inherited-members",
                 "https://docs.example", "System Message"):  # fmt: skip
        assert junk not in body, junk


def test_a_sphinx_info_fields_name_is_code() -> None:
    """huey's and cryptography's API entries (R): ":param int pool_size:" and ":raises
    VerificationError:" name a parameter and an exception, shown as code as Sphinx shows
    them ("pool_size (int)"), so a question asking which argument or exception reads the
    name as one; a field without a name (":returns:", ":rtype:") or another field list's
    name (":Date:") stays as written."""
    text = (
        ".. py:class:: MiniHuey(name)\n\n"
        "    :param int pool_size: Limit number of concurrent tasks to given size.\n"
        "    :raises VerificationError: If a valid chain cannot be constructed\n"
        "    :raises cryptography.hazmat.primitives.keywrap.InvalidUnwrap: This is raised.\n"
        "    :type key: bytes-like\n"
        "    :raises ~pkg.errors.Invalid: when it is.\n"
        "    :except where noted: all of it.\n"
        "    :returns: a thing\n"
        "    :rtype: int\n\n"
        ":Date: 2020\n"
    )
    body = render(parse("rst", text).blocks)[0]
    assert "- param int `pool_size`: Limit number of concurrent tasks to given size." in body
    assert "- raises `VerificationError`: If a valid chain cannot be constructed" in body
    assert "- raises `cryptography.hazmat.primitives.keywrap.InvalidUnwrap`: This" in body
    assert "- type `key`: bytes-like" in body
    assert "- raises `pkg.errors.Invalid`: when it is." in body
    assert "- except where noted: all of it." in body
    assert "- returns: a thing\n- rtype: int" in body
    assert "- Date: 2020" in body


def test_rst_interpreted_text_that_names_code_is_code() -> None:
    """Single backticks without a role are the default role's: in a Sphinx project's
    docs (marshmallow's, trio's) an API cross-reference shown as code with its title,
    never its target in angle brackets; other interpreted text stays words."""
    text = (
        "By default, marshmallow uses `utils.get_value <marshmallow.utils.get_value>` to "
        "pull attributes.\n\nAdd `class Meta <marshmallow.Schema.Meta>` options by "
        "subclassing `marshmallow.SchemaOpts`.\n\nCatch `~trio.BrokenResourceError`, call "
        "`os.fork()`, and read `Dive Into Python`.\n"
    )
    body = render(parse("rst", text).blocks)[0]
    assert "marshmallow uses `utils.get_value` to pull attributes." in body
    assert "Add `class Meta` options by subclassing `marshmallow.SchemaOpts`." in body
    assert "Catch `BrokenResourceError`, call `os.fork()`, and read Dive Into Python." in body
    assert "<marshmallow" not in body


def test_rst_a_python_role_s_leading_dot_is_not_shown() -> None:
    """Sphinx shows ``:attr:`.Config.attributes``` as ``Config.attributes`` (the dot only
    makes the target searched for; alembic's docs, R), ``~.a.b`` as ``b``; a file's dot is
    its name's (``:file:`.flaskenv```), and a relative ``:doc:`` keeps its path."""
    text = (
        "Use the :attr:`.Config.attributes` dictionary, raise :exc:`.RequestEntityTooLarge`, "
        "call :py:meth:`~.Session.merge`, keep :file:`.flaskenv` and see "
        ":doc:`../install`.\n"
    )
    body = render(parse("rst", text).blocks)[0]
    assert "Use the `Config.attributes` dictionary" in body
    assert "raise `RequestEntityTooLarge`" in body
    assert "call `merge()`" in body
    assert "keep `.flaskenv`" in body
    assert "see ../install." in body


def test_rst_a_sphinx_extension_s_role_reads_as_sphinx_shows_it() -> None:
    """A role docutils does not know, a Sphinx extension's (lines of the vendored pytest,
    Celery and setuptools docs), is no longer left as its markup: a cross-reference to an
    extension's kind of object is code, as Sphinx shows it; a link to an issue, a person
    or a commit, keyboard keys, an explicit title, and digits are words, a tracker's number
    shown as ``#`` and its digits (Scrapy's release notes: "(:gh:`754`, :gh:`2669`)"). A role
    the document defines itself, and docutils' own, stay docutils'."""
    text = (
        "Use the `-W` command-line flag or :confval:`filterwarnings` configuration option.\n\n"
        "Solar schedules require the :pypi:`ephem` library, so install it.\n\n"
        "This design was inspired by :user:`cajhne`'s original proposal (:pr:`1040`).\n\n"
        "New signal: :signal:`~celery.signals.worker_process_init` fires in the child.\n\n"
        "See :std:doc:`setuptools <setuptools:index>`, hit :kbd:`Control-c`, call "
        ":c:func:`malloc`.\n\n"
        ".. role:: red\n\nThis is :red:`important`; read :pep:`8` and H\\ :sub:`2`\\ O.\n\n"
        "Wheels follow the :pep:`wheel package format <427>` (:pep:`427#file-name`, "
        ":rfc:`2616`).\n\n"
        "Read `addopts`:confval: and :index:`!fixtures`, call :c:func:`a block <malloc>`.\n\n"
        "Support for additional parsers (:gh:`754`, :issue:`2669`, :gh:`the pull <3796>`, "
        ":commit:`4006`).\n"
    )
    body = render(parse("rst", text).blocks)[0]
    assert "flag or `filterwarnings` configuration option." in body
    assert "require the `ephem` library" in body
    assert "inspired by cajhne's original proposal (#1040)." in body
    assert "New signal: `worker_process_init` fires" in body
    assert "See setuptools, hit Control-c, call `malloc()`." in body
    assert "This is important; read PEP 8 and H2O." in body
    assert "Wheels follow the wheel package format (PEP 427#file-name, RFC 2616)." in body
    assert "Read `addopts` and fixtures, call `a block`." in body
    # a tracker's number is a reference; a titled link and a commit keep their words
    assert "additional parsers (#754, #2669, the pull, 4006)." in body
    seealso = ".. seealso:: :ref:`asyncio cancellation` and :class:`~anyio.CancelScope`\n"
    assert render(parse("rst", seealso).blocks)[0] == "asyncio cancellation and `CancelScope`"
    assert ":" + "confval:" not in body and "`cajhne`" not in body and "`important`" not in body


def test_a_txt_file_written_in_rest_reads_as_rest_and_plain_text_stays_text() -> None:
    """Sphinx projects name their include fragments ``.txt`` (Kombu's and Celery's
    ``includes/``), Django and docutils all their pages: one with a directive, a label or
    a role is read as reST (its code block is code, its underline a heading). Text with
    underlines alone, or reST that docutils gives up on, stays plain text."""
    from sleuth.formats import written_in_rst

    kombu = (  # the head of Kombu 5.7.0's docs/includes/installation.txt
        "Installation\n============\n\nYou can install `Kombu` either via the Python "
        "Package Index (PyPI)\nor from source.\n\nTo install using `pip`,:\n\n"
        ".. code-block:: console\n\n    $ pip install kombu\n"
    )
    parsed = parse("txt", kombu)
    assert parsed.title == "Installation" and written_in_rst(kombu)
    assert [b.kind for b in parsed.blocks] == ["heading", "text", "text", "code"]
    assert "$ pip install kombu" in parsed.blocks[-1].text
    assert ".. code-block" not in render(parsed.blocks)[0]
    for marked in (".. _install:\n\nText.\n", ".. |logo| image:: logo.png\n\nText.\n"):
        assert written_in_rst(marked), marked
    for plain_text in (
        "Set the :setting:`broker_url` value.\n",  # a role alone: a docstring dump's too
        "# llms.txt\n\n.. note:: quoted\n\n```python\nx = 1\n```\n",  # Markdown
        "A | B\n--- | ---\n.. _x: y\n",  # a pipe table
    ):
        assert not written_in_rst(plain_text), plain_text
    notice = "NOTICE\n======\n\nThis software is licensed under the Apache License.\n"
    assert not written_in_rst(notice)
    assert parse("txt", notice).blocks[0] == Block("text", "NOTICE\n======")
    # WebOb's pages (R): a "# ..." comment in a literal block is no Markdown heading, and a
    # title underlined with tildes is no fence; a fence or heading at a line's start is
    webob = (
        "Introduction\n~~~~~~~~~~~~\n\n.. contents::\n\nThe example::\n\n"
        "    # Note: the client\n    app = JsonRpcApp(obj)\n"
    )
    assert written_in_rst(webob) and parse("txt", webob).title == "Introduction"
    # (a reviewer's) a directive's body at Sphinx's three spaces, a literal block at two,
    # and a title over- and underlined with tildes are reST's too
    for rst in (
        ".. _x:\n\nInstall\n=======\n\n.. code-block:: bash\n\n   # install\n   pip i x\n",
        ".. _x:\n\nExample::\n\n  # note\n  x = 1\n\nText.\n",
        ".. _x:\n\n~~~~~\nTitle\n~~~~~\n\nText.\n",
        ".. _x:\n\nA quote follows.\n\n    # indented four spaces: no heading\n",
    ):
        assert written_in_rst(rst), rst
    for markdown in (
        ".. _x: y\n\n~~~python\ncode\n~~~\n",
        ".. _x: y\n\n   # Heading\n",
        ".. note:: quoted\n\n```python\nx = 1\n```\n",  # a fence after a directive's body
    ):
        assert not written_in_rst(markdown), markdown
    deep = ".. _deep:\n\n" + "".join(" " * i + "- x\n\n" for i in range(0, 1200, 2))
    plain = parse("txt", deep)  # docutils gives up (nested too deeply): still read, as text
    assert plain.title is None and plain.blocks[0].text == ".. _deep:"


def test_a_document_s_own_roles_do_not_change_how_the_next_reads() -> None:
    """docutils keeps its roles process-wide: a document that defines ``.. role:: confval``
    or ``.. role:: func`` (or uses an extension's role) leaves the next document's reading
    as it was, in whatever order documents are read."""
    plain = "Set :confval:`addopts` and call :func:`get` on the 1\\ :sup:`st`.\n"
    alone = render(parse("rst", plain).blocks)[0]
    assert alone == "Set `addopts` and call `get()` on the 1st."  # :sup: is docutils' alias
    for own in (".. role:: confval\n\n:confval:`x`\n", ".. role:: func\n\n:func:`y`\n"):
        assert render(parse("rst", own).blocks)[0] in ("x", "y")  # its own role: words
        assert render(parse("rst", plain).blocks)[0] == alone


def test_an_unknown_role_is_code_unless_its_text_is_words() -> None:
    from sleuth.formats.blocks import unknown_role

    assert unknown_role("fixture", "tmp_path") == ("tmp_path", True)
    assert unknown_role("setting", "broker_url") == ("broker_url", True)
    assert unknown_role("paramref", "~.EnvironmentContext.configure.x") == ("x", True)
    assert unknown_role("py:meth", "Session.get") == ("Session.get()", True)
    assert unknown_role("std:ref", "the guide <guide>") == ("the guide", False)
    assert unknown_role("pep", "wheel package format <427>") == ("wheel package format", False)
    assert unknown_role("ticket", "508") == ("#508", False)
    assert unknown_role("github_user", "@howsthedotcom") == ("@howsthedotcom", False)
    assert unknown_role("state", "PENDING") == ("PENDING", True)
    assert unknown_role("event", "task received") == ("task received", False)
    assert unknown_role("issue", "7744") == ("#7744", False)  # a tracker's number
    assert unknown_role("issue", "123,456") == ("#123, #456", False)
    assert unknown_role("setting", "42") == ("42", False)  # digits: a number, not a name
    assert unknown_role("c:func", "a block <malloc>") == ("a block", True)  # titled: no "()"


# --- HTML, notebooks, text ----------------------------------------------------------------------


def test_html_headings_lists_tables_and_code() -> None:
    html = (
        "<html><head><title>API</title></head><body><nav>menu</nav>"
        '<div class="body"><h1>API<a class="headerlink" href="#api">¶</a></h1>'
        "<p>Intro <code>get()</code>.</p><ol><li>one<ul><li>inner</li></ul></li><li>two</li></ol>"
        "<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>"
        "<pre>x = 1\ny = 2</pre></div><footer>foot</footer></body></html>"
    )
    parsed = parse("html", html)
    assert [b.kind for b in parsed.blocks] == ["heading", "text", "list", "table", "code"]
    body = render(parsed.blocks)[0]
    assert body == (
        "API\n\nIntro get().\n\n1. one\n   - inner\n2. two\n\nk | v\na | 1"
        "\n\n```\nx = 1\ny = 2\n```"
    )


def test_html_built_by_docusaurus_keeps_the_article_only() -> None:
    html = (
        '<html><head><title>Intro | Acme</title></head><body><nav class="navbar">site</nav>'
        '<main><nav class="theme-doc-breadcrumbs">Home</nav><article><div class="theme-doc-'
        'markdown markdown"><header><h1>Intro</h1></header><p>The agent is <a href="/x">'
        'honest</a>.</p><h2 id="setup">Setup<a href="#setup" class="hash-link">\u200b</a>'
        '</h2><p>Run it.</p></div></article><nav class="pagination-nav">Next</nav>'
        '<ul class="table-of-contents"><li><a href="#setup">Setup</a></li></ul></main>'
        "<footer>footer</footer></body></html>"
    )
    parsed = parse("html", html)
    assert parsed.title == "Intro"
    assert render(parsed.blocks)[0] == "Intro\n\nThe agent is honest.\n\nSetup\n\nRun it."


def test_notebook_markdown_and_code_cells() -> None:
    notebook = {
        "metadata": {"language_info": {"name": "python"}},
        "cells": [
            {"cell_type": "markdown", "source": ["# Loading data\n", "Read the [CSV](a.csv)."]},
            {
                "cell_type": "code",
                "source": "df = load()\nprint(len(df))",
                "outputs": [
                    {"output_type": "stream", "text": ["42\n"]},
                    {"output_type": "display_data", "data": {"image/png": "AAAA"}},
                ],
            },
        ],
        "nbformat": 4,
    }
    parsed = parse("ipynb", json.dumps(notebook))
    assert parsed.title == "Loading data"
    assert render(parsed.blocks)[0] == (
        "Loading data\n\nRead the CSV.\n\n```python\ndf = load()\nprint(len(df))\n```"
        "\n\n```\n42\n```"
    )
    with pytest.raises(CorpusError, match="not a Jupyter notebook"):
        parse("ipynb", "[1, 2]")


# --- PDF and DOCX (extras) --------------------------------------------------------------------


def tiny_pdf(pages: list[str]) -> bytes:
    """A minimal PDF of Helvetica text, a page per string (a line per line in it)."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    for text in pages:
        shown = " 0 -14 Td ".join(f"({line}) Tj" for line in text.split("\n"))
        stream = f"BT /F1 12 Tf 72 720 Td {shown} ET".encode()
        content = len(objects) + 1
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        kids.append(len(objects) + 1)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
            b">> >> >> >>" % content
        )
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, obj in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, obj)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def test_pdf_pages_become_sections(tmp_path: Path) -> None:
    pytest.importorskip("pypdf")
    item = read(write(tmp_path / "report.pdf", tiny_pdf(["Revenue rose in 2023.", "The end."])))
    assert item.page.title == "report"
    assert "Revenue rose in 2023." in item.page.body and "Page 2" in item.page.body
    assert zlib  # (the PDF is written uncompressed)


def test_a_pdf_outline_makes_the_sections(tmp_path: Path) -> None:
    import io

    pypdf = pytest.importorskip("pypdf")
    pages = [
        "Introduction\nWelcome to the report.",
        "Methods\nWe measured revenue.\nResults\nRevenue rose in 2023.",
        "It rose again in 2024.",
        "Appendix tables follow.",
    ]
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(tiny_pdf(pages))))
    writer.add_outline_item(title="Introduction", page_number=0)
    methods = writer.add_outline_item(title="Methods", page_number=1)
    writer.add_outline_item(title="Results", page_number=1, parent=methods)
    writer.add_outline_item(title="Appendix A", page_number=3)  # not a line of its page
    data = io.BytesIO()
    writer.write(data)
    blocks = parse("pdf", data.getvalue()).blocks
    assert blocks == [
        Block("heading", "Introduction", 1),
        Block("text", "Welcome to the report."),
        Block("heading", "Methods", 1),
        Block("text", "We measured revenue."),
        Block("heading", "Results", 2),
        Block("text", "Revenue rose in 2023."),
        Block("text", "It rose again in 2024."),  # page 3 goes on under Results
        Block("heading", "Appendix A", 1),  # at the top of its page
        Block("text", "Appendix tables follow."),
    ]
    item = read(write(tmp_path / "report.pdf", data.getvalue()))
    assert "Page 2" not in item.page.body
    body, spans = render(blocks)
    passages = split_blocks(body, spans, 40)
    anchors: dict[str, str] = {}
    for (_, _, path), anchor in zip(passages, section_anchors(spans, passages), strict=True):
        anchors.setdefault(path, anchor)  # a section's first passage has its anchor
    assert anchors["Methods › Results"] == "results"
    assert anchors["Appendix A"] == "appendix-a"


def test_a_pdf_without_an_outline_has_a_section_per_page() -> None:
    pytest.importorskip("pypdf")
    blocks = parse("pdf", tiny_pdf(["One.", "Two.\nStill two."])).blocks
    assert blocks == [
        Block("heading", "Page 1", 2),
        Block("text", "One."),
        Block("heading", "Page 2", 2),
        Block("text", "Two. Still two."),
    ]


def test_docx_headings_lists_and_tables(tmp_path: Path) -> None:
    docx = pytest.importorskip("docx")
    document = docx.Document()
    document.add_heading("Handbook", level=0)
    document.add_heading("Leave", level=1)
    document.add_paragraph("Staff get 25 days of leave.")
    document.add_paragraph("Ask your manager", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "grade", "days"
    table.cell(1, 0).text, table.cell(1, 1).text = "A", "25"
    document.save(str(tmp_path / "hb.docx"))
    item = read(tmp_path / "hb.docx")
    assert item.page.title == "Handbook"
    assert item.page.body == (
        "Handbook\n\nLeave\n\nStaff get 25 days of leave.\n\n- Ask your manager"
        "\n\ngrade | days\nA | 25"
    )
    assert item.spans == [(0, len(item.page.body), "Handbook")]


def test_a_missing_extra_is_reported_with_the_install_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sleuth.formats as formats

    monkeypatch.setitem(formats._FOUND, "pypdf", False)
    write(tmp_path / "d" / "a.pdf", tiny_pdf(["x"]))
    write(tmp_path / "d" / "b.md", "# B\n\ntext")
    report = ingest([tmp_path / "d"], tmp_path / "i")
    assert report.added == 1
    assert [p.message for p in report.problems] == ["needs extra pdf: pip install 'sleuth[pdf]'"]


# --- passages ---------------------------------------------------------------------------------


def test_passages_start_at_headings_and_carry_their_path() -> None:
    blocks = [
        Block("heading", "Agent", 1),
        Block("text", "An agent answers questions. " * 12),
        Block("heading", "Parameters", 2),
        Block("list", "\n".join(f"- `p{n}`: defaults to `{n}`, and so on." for n in range(30))),
        Block("heading", "Returns", 2),
        Block("text", "A result."),
    ]
    body, spans = render(blocks)
    passages = split_blocks(body, spans, 400)
    assert "".join(body[a:b] for a, b, _ in passages) == body
    assert all(passages[i][1] == passages[i + 1][0] for i in range(len(passages) - 1))
    texts = [(body[a:b], path) for a, b, path in passages]
    assert texts[0][1] == "Agent" and texts[0][0].startswith("Agent\n\n")
    assert texts[1][0].startswith("Parameters\n\n- `p0`")
    assert {path for _, path in texts[1:-1]} == {"Agent › Parameters"}
    for text, _ in texts[1:-1]:  # the long list is cut between items only
        assert all(line.startswith("- `p") for line in text.strip().split("\n")[2:] if line)
    assert texts[-1] == ("Returns\n\nA result.", "Agent › Returns")


def test_a_list_that_fits_is_moved_whole_not_cut() -> None:
    table = "\n".join(f"row {n} | value {n}" for n in range(12))  # about 200 characters
    blocks = [Block("heading", "T", 1), Block("text", "x" * 300), Block("table", table)]
    body, spans = render(blocks)
    passages = split_blocks(body, spans, 400)
    assert [body[a:b].strip() for a, b, _ in passages][-1] == table


def test_a_short_section_joins_the_next_when_both_fit() -> None:
    blocks = [
        Block("heading", "Guide", 1),
        Block("heading", "Install", 2),
        Block("text", "pip install it."),
        Block("heading", "Use", 2),
        Block("text", "Run it. " * 80),
    ]
    body, spans = render(blocks)
    passages = split_blocks(body, spans, 400)
    assert body[passages[0][0] : passages[0][1]].startswith("Guide\n\nInstall\n\npip install it.")
    assert body[passages[1][0] : passages[1][1]].startswith("Use\n\n")


@pytest.mark.parametrize(
    ("lead", "block", "moves"),
    [
        ("3.3.0", Block("list", "- Added ZooKeeper job store\n- Fixed a leak"), True),
        ("To make a secret key, use the command:", Block("code", "openssl rand -hex 32"), True),
        (
            "That is all there is to it.",
            Block("list", "- one\n- two\n- three"),
            False,
        ),  # a sentence
        ("A first line\nand a second one", Block("list", "- one\n- two\n- three"), False),
    ],
)
def test_a_line_leading_into_a_block_goes_with_it(lead: str, block: Block, moves: bool) -> None:
    """A change log's bold "3.3.0" stayed at the end of one passage and its entries began
    the next (APScheduler's version history): a cut at a block's start takes a short line
    that leads into it along, as a cut at a heading does; a sentence stays where it was."""
    blocks = [
        Block("heading", "Version history", 1),
        Block("text", "x " * 170),
        Block("text", lead),
    ]
    body, spans = render([*blocks, block])
    passages = [body[a:b] for a, b, _ in split_blocks(body, spans, 400)]
    assert "".join(passages) == body
    assert len(passages) == 2
    assert passages[1].startswith(lead) is moves
    assert passages[1].rstrip().endswith(block.text)


@pytest.mark.parametrize(
    ("lead", "kind", "line"),
    [
        ("3.3.0", "list", "- item number {:02d} of the list here"),
        ("Run it:", "code", "  call_something({:02d}, arg=1)"),
    ],
)
def test_a_block_moved_with_its_lead_in_stays_whole(lead: str, kind: str, line: str) -> None:
    """A list or code block over the target (but within 1.5 × it) is moved whole to a
    passage of its own; moved with the line that leads into it, it stays whole too (a
    reviewer's case: it was cut between its lines once its lead-in came along)."""
    block = "\n".join(line.format(i) for i in range(16))
    assert 400 < len(block) + len(lead) + 2 <= 600
    blocks = [Block("heading", "H", 1), Block("text", "x " * 100), Block("text", lead)]
    body, spans = render([*blocks, Block(kind, block)])
    passages = [body[a:b] for a, b, _ in split_blocks(body, spans, 400)]
    assert "".join(passages) == body
    assert passages[-1].strip() == f"{lead}\n\n{block}"


def test_a_lead_in_under_its_heading_alone_stays_with_it() -> None:
    """No passage holds a heading alone: under nothing but its headings, the line that
    leads into a list moved whole (over the target) stays in the heading's passage, and
    the list with it (a reviewer's case: "Install" was a passage of its own)."""
    items = "\n".join(f"- item number {i:02d} of the list here" for i in range(13))
    assert 400 < len(items) <= 600  # moved whole to a passage of its own
    blocks = [
        Block("heading", "Guide", 1),
        Block("text", "x " * 100),
        Block("heading", "Install", 2),
    ]
    body, spans = render([*blocks, Block("text", "Run the command:"), Block("list", items)])
    passages = [body[a:b] for a, b, _ in split_blocks(body, spans, 400)]
    assert "".join(passages) == body
    assert passages[1] == f"Install\n\nRun the command:\n\n{items}"


def test_a_change_log_s_version_line_heads_its_entries_passage() -> None:
    history = _CORPORA / "apscheduler" / "versionhistory.rst"
    item = read(history)
    body = item.page.body
    at = body.index("- Added ZooKeeper job store")
    (start,) = [a for a, b, _ in item.spans if a <= at < b]
    assert "\n3.3.0\n" in body[start:at] or body[start:at].startswith("3.3.0\n")


# --- the index: headings shown, quotes kept -----------------------------------------------------


def test_an_opened_passage_shows_its_heading_and_quotes_validate(tmp_path: Path) -> None:
    long = "The agent keeps a trace of every step. " * 40
    write(
        tmp_path / "d" / "agent.md",
        f"# Agent\n\n{long}\n\n## Parameters\n\n- `max_steps`: defaults to `6`.\n",
    )
    ingest([tmp_path / "d"], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        (hit,) = index.search("max_steps defaults", 1)
        assert hit.title == "Agent › Parameters"
        corpus = index.corpus()
        from sleuth.state import Budgets, RunState, Task

        state = RunState("r", Task("What is the default of max_steps?"), Budgets(), "c", "p")
        observation = run_open({"url": hit.url}, corpus, state, 1)
        assert observation.data["text"].startswith("Agent › Parameters\n\nParameters\n\n")
        assert "Agent › Parameters" in observation.text
        opened: dict[str, OpenedPage] = state.opened
        payload = {
            "answer": "max_steps defaults to 6 in the Agent's Parameters",
            "citations": [hit.url],
            "cannot_answer": False,
            "evidence": "Agent › Parameters\n\nParameters\n\n- `max_steps`: defaults to `6`.",
        }
        checked = validate_finish(payload, opened, question="What is the default of max_steps?")
        assert not isinstance(checked, list), checked


# --- nothing skipped silently ---------------------------------------------------------------------


def test_every_file_not_read_is_reported_with_its_reason(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "ok.md", "# OK\n\nfine")
    write(docs / "logo.png", b"\x89PNG\r\n")
    write(docs / "empty.rst", "  \n")
    write(docs / "binary.txt", b"\0\0\0")
    write(docs / ".hidden.md", "hidden")
    (docs / "sub").mkdir()
    os.symlink(docs, docs / "sub" / "loop")
    os.symlink(docs / "gone.md", docs / "dangling.md")
    report = ingest([docs], tmp_path / "i")
    reasons = {Path(p.file).name: p.message for p in report.problems}
    assert reasons == {
        "logo.png": "unsupported file type (.png files are not read)",
        "empty.rst": "file is empty",
        "binary.txt": "binary file (NUL bytes), not text",
        "loop": f"symbolic link loop (to {docs.resolve()})",
        "dangling.md": "broken symbolic link",
    }
    assert [Path(p.file).name for p in report.ignored] == [".hidden.md"]
    assert report.added == 1
    shown = report.as_dict()
    assert {s["file"] for s in shown["skipped"]} == {p.file for p in report.problems}
    assert shown["ignored"] == [{"file": str(docs / ".hidden.md"), "reason": "hidden file"}]


def test_cli_strict_and_nothing_indexed(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "a.md", "# A\n\ntext")
    write(docs / "b.png", b"png")
    runner = CliRunner()
    strict = runner.invoke(index_command, [str(docs), "--index", str(tmp_path / "i1"), "--strict"])
    assert strict.exit_code == 2 and "b.png: unsupported file type" in strict.output
    ok = runner.invoke(index_command, [str(docs), "--index", str(tmp_path / "i2"), "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["skipped"][0]["problem"].startswith("unsupported file type")
    nothing = tmp_path / "images"
    write(nothing / "x.png", b"png")
    failed = runner.invoke(index_command, [str(nothing), "--index", str(tmp_path / "i3")])
    assert failed.exit_code == 1
    assert "nothing was indexed" in failed.output


# --- an index that knows when it is broken --------------------------------------------------


@pytest.mark.parametrize("damage", ["meta.json", "segments", "folder"])
def test_a_damaged_engine_is_an_error_and_index_rebuilds_it(tmp_path: Path, damage: str) -> None:
    docs = tmp_path / "docs"
    write(docs / "a.md", "# Falcons\n\nFalcons nest on cliffs.")
    ingest([docs], tmp_path / "i")
    engine = tmp_path / "i" / "tantivy"
    if damage == "meta.json":
        (engine / "meta.json").unlink()
    elif damage == "segments":
        for path in engine.iterdir():
            if path.suffix == ".idx":
                path.unlink()
    else:
        import shutil

        shutil.rmtree(engine)
    with pytest.raises(CorpusError, match=r"the index is damaged.*run `sleuth index`"):
        open_index(tmp_path / "i")
    report = ingest([docs], tmp_path / "i")
    assert report.unchanged == 1 and len(report.repaired) == 1
    assert "rebuilt from 1 stored passages" in report.repaired[0]
    with open_index(tmp_path / "i") as index:
        assert [h.title for h in index.search("falcons cliffs", 3)] == ["Falcons"]


# --- real documentation folders (../shared/data; skipped when absent) -----------------------

_MARKUP = ("{*", "{!", "](", "!!!", "///", "<div", "<img", "\nimport ", "{ #", ":class:", "\n.. ")


def _passages(index_dir: Path) -> list[str]:
    with open_index(index_dir) as index:
        return [index.page(url).body for url in index.page_urls()]  # type: ignore[union-attr]


@pytest.mark.integration
@pytest.mark.parametrize(
    ("folder", "pages", "suffix"), [("docs-fastapi", 155, ".md"), ("docs-requests", 15, ".rst")]
)
def test_a_real_docs_folder_indexes_every_page_cleanly(
    tmp_path: Path, folder: str, pages: int, suffix: str
) -> None:
    root = SHARED / folder
    if not root.is_dir():
        pytest.skip(f"{root} is not here")
    report = ingest([root], tmp_path / "i")
    read_pages = sum(1 for p in root.rglob(f"*{suffix}"))
    assert read_pages == pages
    assert [Path(p.file).name for p in report.problems] == ["LICENSE"]
    assert report.added == len([p for p in root.rglob("*") if p.suffix in (suffix, ".txt")])
    for text in _passages(tmp_path / "i"):
        prose = "\n".join(text.split("```")[::2])  # outside code blocks
        for junk in _MARKUP:
            assert junk not in prose, (junk, text[:300])


@pytest.mark.integration
def test_fastapi_passages_name_their_sections(tmp_path: Path) -> None:
    root = SHARED / "docs-fastapi"
    if not root.is_dir():
        pytest.skip(f"{root} is not here")
    ingest([root], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        hits = index.search("query parameters default values skip limit", 5)
        assert any(h.title == "Query Parameters › Defaults" for h in hits), hits
        (hit,) = [h for h in hits if h.title == "Query Parameters › Defaults"]
        assert hit.url.endswith("/tutorial/query-params.md#defaults"), hit.url  # the site's id
        assert index.page(hit.url) is not None


def test_requests_passages_name_their_sections(tmp_path: Path) -> None:
    root = SHARED / "docs-requests"
    if not root.is_dir():
        pytest.skip(f"{root} is not here")
    ingest([root], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        (hit,) = index.search("timeout tuple connect read", 1)
        assert hit.title == "Advanced Usage › Timeouts"
        start = index.page(hit.url.rsplit("#", 1)[0] + "#timeouts")  # where the section starts
        assert start is not None and start.title.startswith("Advanced Usage › Timeouts [")
        page = index.page(hit.url)
        assert page is not None and page.body.startswith("Advanced Usage › Timeouts\n\n")


def test_problem_is_still_exported() -> None:
    assert Problem("f", "m").where == "f"


def test_the_projects_own_readme_reads_cleanly(tmp_path: Path) -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    item = read(readme)
    assert item.page.title == "sleuth"
    prose = "\n".join(item.page.body.split("```")[::2])
    for junk in ("](", "<img", "\n#"):
        assert junk not in prose, junk
    paths = {path for _, _, path in item.spans}
    assert "sleuth › Your own documents" in paths
    assert "".join(item.page.body[a:b] for a, b, _ in item.spans) == item.page.body


# --- link targets as metadata -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "text", "links"),
    [
        (
            "md",
            '# T\n\nSee [the guide](../guide.md#install "Guide"), [ref][r], '
            "<https://a.example/x> and ![a picture](pic.png).\n\n"
            '<a href="https://h.example/">h</a> [paren](https://w.example/a_(b))\n\n'
            "[r]: https://ref.example/page\n",
            [  # links, autolinks and href attributes in order, then reference definitions
                "../guide.md#install",
                "https://a.example/x",
                "https://h.example/",
                "https://w.example/a_(b)",
                "https://ref.example/page",
            ],
        ),
        (
            "rst",
            "Title\n=====\n\nSee `the docs <https://docs.example/x>`_ and requests_.\n\n"
            ".. _requests: https://requests.example/\n",
            ["https://docs.example/x", "https://requests.example/"],
        ),
        (
            "html",
            '<main><h1>T<a class="headerlink" href="#t">¶</a></h1><p>A <a href="https://x.example/'
            'a">link</a> and <a href="../b.html">b</a> <a href="javascript:go()">js</a></p></main>'
            '<nav><a href="/elsewhere">nav</a></nav>',
            ["https://x.example/a", "../b.html"],
        ),
        ("txt", "See https://plain.example/ written out.", []),
    ],
)
def test_link_targets_are_metadata_not_text(kind: str, text: str, links: list[str]) -> None:
    parsed = parse(kind, text)
    assert list(parsed.meta.get("links", ())) == links
    body = render(parsed.blocks)[0]
    for target in links:
        if not target.startswith("https://a.example"):  # an autolink's URL is its text
            assert target not in body


def test_an_indexed_page_keeps_its_links_absolute_and_shows_them_as_data(tmp_path: Path) -> None:
    from sleuth.cli import cli
    from sleuth.state import Budgets, RunState, Task

    docs = tmp_path / "docs"
    guide = write(docs / "guide" / "install.md", "# Install\n\nRun pip install sleuth.\n")
    write(
        docs / "index.md",
        "# Home\n\nRead [the install guide](guide/install.md) or the "
        "[project site](https://sleuth.example/) for the falcon tracker.\n",
    )
    ingest([docs], tmp_path / "i")
    home = (docs / "index.md").resolve().as_uri()
    expected = (guide.resolve().as_uri(), "https://sleuth.example/")
    with open_index(tmp_path / "i") as index:
        corpus = index.corpus()
        assert corpus.pages[home].links == expected  # the whole document
        (hit,) = index.search("falcon tracker", 1)
        assert corpus.pages[hit.url].links == expected  # and its passage
        assert expected[0] in corpus.pages  # a relative link names the other document
        state = RunState("r", Task("Where is the guide?"), Budgets(), "c", "p")
        observation = run_open({"url": hit.url}, corpus, state, 1)
        assert observation.data["links"] == list(expected)
        assert "sleuth.example" not in observation.text
    result = CliRunner().invoke(
        cli, ["search", "falcon tracker", "--index", str(tmp_path / "i"), "--json"]
    )
    assert result.exit_code == 0, result.output
    (row,) = [h for h in json.loads(result.output)["hits"] if h["url"] == hit.url]
    assert row["links"] == list(expected)


def _markdown_it_tables(text: str) -> list[list[str]]:
    """The rows of each table markdown-it's own GFM table rule finds in ``text`` (cells
    read as `convert_inline` reads them): the reference `table_in` is held to."""
    from markdown_it_pyrs import MarkdownIt

    from sleuth.formats.markdown import convert_inline

    rules = ["paragraph", "heading", "lheading", "list", "fence", "code", "blockquote", "hr"]
    parser = MarkdownIt("zero").enable_many([*rules, "html_block", "reference", "table"])
    tables: list[list[str]] = []
    for node in parser.tree(text).walk():
        if node.name != "table":
            continue
        rows = []
        for section in node.children:
            for row in section.children:
                cells = [[t.meta.get("content", "") for t in c.children] for c in row.children]
                raw = " | ".join("".join(cell) for cell in cells)
                if raw.replace("|", "").strip():
                    rows.append(" ".join(convert_inline(raw).split()))
        tables.append(rows)
    return tables


@pytest.mark.parametrize(
    "table",
    [
        "| a | b |\n|---|---|\n| `x` | 1 |\n| [link](u) | **bold** |\n",
        "a | b\n--- | ---\nc \\| d | é ü\n",  # no outer bars, an escaped bar, not ASCII
        "| `a|b` | c |\n|:-|-:|-|\n| | empty | |\n|  |  | |\n",  # a bar in code divides cells
        "text before\n\n| one |\n|-----|\n| <b>x</b> &amp; y |\n\nafter\n",
        "text before\n| a | b |\n| :-: | -: |\n| 1 | 2 |\n",  # a table ends a paragraph
        "a\n|---|\n| 1 |\n",  # no bar in the header
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n",  # in a list item
        "> | a | b |\n> |---|---|\n> | 1 | 2 |\n",  # in a quote
    ],
)
def test_a_table_read_from_its_paragraph_reads_as_markdown_it_reads_it(table: str) -> None:
    (expected,) = _markdown_it_tables(table)
    blocks = parse("md", table).blocks
    tables = [b.text.split("\n") for b in blocks if b.kind == "table"]
    if table.startswith("- "):  # a list item's table: its rows are lines under the item
        (item,) = [b for b in blocks if b.kind == "list"]
        tables = [[line.strip() for line in item.text.split("\n")[1:]]]
    assert tables == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "| a | b |\n|---|\n| 1 | 2 |\n",  # the delimiter row has fewer cells
        "| a | b |\n    |---|---|\n",  # the delimiter row indented as code
        "Dashes - in a sentence\nand - here | there\n",
        "| a | b |\n|--|  |--|\n",  # an empty cell in the delimiter row
    ],
)
def test_no_table_where_markdown_it_finds_none(text: str) -> None:
    assert _markdown_it_tables(text) == []
    assert "table" not in [b.kind for b in parse("md", text).blocks]


def test_site_settings_files_are_ignored_as_what_they_are(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs / "intro.md", "# Intro\n\nHello.\n")
    write(docs / "guide" / "_category_.json", '{"label": "Guide", "position": 2}')
    write(docs / "guide" / "setup.mdx", "# Setup\n\nRun it.\n")
    write(docs / "sidebars.js", "module.exports = {docs: ['intro']};\n")
    write(docs / "docusaurus.config.ts", "export default {};\n")
    write(docs / "mkdocs.yml", "site_name: x\n")
    write(docs / "conf.py", "project = 'x'\n")
    write(docs / ".git" / "HEAD", "ref: refs/heads/main\n")
    report = ingest([docs], tmp_path / "i", strict=True)  # a normal docs folder passes
    assert report.added == 2 and report.problems == []
    reasons = {Path(p.file).name: p.message for p in report.ignored}
    assert reasons == {
        ".git": "hidden folder",
        "_category_.json": "Docusaurus category metadata, not a document",
        "sidebars.js": "a Docusaurus sidebar definition, not a document",
        "docusaurus.config.ts": "the Docusaurus site configuration, not a document",
        "mkdocs.yml": "the MkDocs site configuration, not a document",
        "conf.py": "the Sphinx configuration, not a document",
    }
    # the CLI's --json lists them, and --strict passes
    result = CliRunner().invoke(
        index_command, [str(docs), "--index", str(tmp_path / "j"), "--strict", "--json"]
    )
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert listed["skipped"] == []
    assert {Path(i["file"]).name for i in listed["ignored"]} == set(reasons)
    # named on its own, a settings file is not read, and says why
    report = ingest([docs / "mkdocs.yml"], tmp_path / "k")
    assert [p.message for p in report.problems] == ["the MkDocs site configuration, not a document"]


def test_rst_substitutions_are_replaced_or_vanish_cleanly() -> None:
    text = (
        "Title\n=====\n\nRelease v\\ |version|. (|today|) Made by |team| in |where|.\n\n"
        ".. |team| replace:: the *Requests* team\n\n- item |version| here\n"
    )
    body = body_of("rst", text)
    assert body == "Title\n\nRelease v. Made by the Requests team in.\n\n- item here"
    for stray in ("\ue030", "\x00", "version", "|"):
        assert stray not in body


def test_requests_index_has_no_stray_substitution(tmp_path: Path) -> None:
    index = SHARED / "docs-requests" / "index.rst"
    if not index.is_file():
        pytest.skip(f"{index} is not here")
    body = body_of("rst", index.read_text(encoding="utf-8"))
    assert "Release v. (Installation)" in body and "Release v  " not in body


@pytest.mark.parametrize(
    "text",
    [
        "# T\n\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n",  # Windows line ends
        "# T\n\nSome text\n| a | b |\n| :-: | -: |\n| 1 | 2 |\n",  # a table after a line
        "# T\n\na | b\n--- | ---\nc | d\n",  # no outer bars
    ],
)
def test_a_table_is_found_wherever_markdown_it_finds_one(text: str) -> None:
    kinds = [b.kind for b in parse("md", text).blocks]
    assert "table" in kinds
    assert len(_markdown_it_tables(text)) == kinds.count("table") == 1


# --- explicit heading ids ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("## Query Parameters {#query-params}", "query-params"),  # Docusaurus, Pandoc
        ("## Query Parameters { #query-params }", "query-params"),  # MkDocs attr_list
        ("## Query Parameters {: #query-params .wide }", "query-params"),  # with a class
        ("## Query Parameters { .wide #query-params data-x=1 }", "query-params"),
        ("## Query Parameters {.wide}", ""),  # attributes without an id: the slug
        ("## Query Parameters", ""),
    ],
)
def test_an_explicit_heading_id_is_the_heading_anchor_and_leaves_the_text(
    heading: str, anchor: str
) -> None:
    (block,) = [b for b in parse("md", f"# Doc\n\nIntro.\n\n{heading}\n\nText.\n").blocks[2:3]]
    assert block == Block("heading", "Query Parameters", 2, anchor)


def test_sections_are_named_by_their_explicit_ids(tmp_path: Path) -> None:
    doc = write(
        tmp_path / "docs" / "agent.md",
        "# Agent {#agent-page}\n\nAn agent runs tools.\n\n"
        "## Parameters {#agent-params}\n\n" + "The timeout defaults to 30 seconds. " * 40 + "\n\n"
        "## Usage\n\n" + "Call run with a question. " * 40 + "\n\n"
        "## Parameters of run { #agent-params }\n\n" + "Retries default to 3. " * 40 + "\n\n"
        "## Agent Params\n\nThe slug of this one is free.\n",
    )
    item = read(doc)
    headings = [h.rsplit(" › ", 1)[-1] for _, _, h in item.spans]
    assert "{" not in item.page.body and "agent-params" not in item.page.body
    by_heading: dict[str, str] = {}
    for heading, anchor in zip(headings, item.anchors, strict=True):
        by_heading.setdefault(heading, anchor)  # a section's first passage has its anchor
    assert by_heading["Parameters"] == "agent-params"
    assert by_heading["Usage"] == "usage"
    assert by_heading["Parameters of run"] == "agent-params-1"  # an id given twice
    assert by_heading["Agent Params"] == "agent-params-2"  # its slug is taken
    # the index serves the passage under its explicit id
    ingest([doc.parent], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        corpus = index.corpus()
        url = f"{doc.resolve().as_uri()}#agent-params"
        assert url in corpus.pages
        assert "timeout defaults to 30 seconds" in corpus.pages[url].body


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ('<h2 id="query-params">Query Parameters</h2>', "query-params"),  # MkDocs, Docusaurus
        ('<h2><a name="query-params"></a>Query Parameters</h2>', "query-params"),  # old HTML
        ('<h2><a id="query-params"></a>Query Parameters</h2>', "query-params"),
        ('<span id="query-params"></span><h2>Query Parameters</h2>', "query-params"),  # Sphinx
        (
            '<section id="query-params"><h2>Query Parameters'
            '<a class="headerlink" href="#query-params">¶</a></h2><p>Text.</p></section>',
            "query-params",
        ),
        (
            '<div class="section" id="query-params"><h2>Query Parameters</h2></div>',
            "query-params",
        ),
        (
            '<h2>Query Parameters<a class="hash-link" href="#query-params">#</a></h2>',
            "query-params",
        ),
        ('<section id="s"><p>First.</p><h2>Query Parameters</h2></section>', ""),  # not its own
        ('<h2 id="two words">Query Parameters</h2>', ""),  # no URL fragment: the slug
        ("<h2>Query Parameters</h2>", ""),
    ],
)
def test_an_html_heading_id_is_the_heading_anchor(heading: str, anchor: str) -> None:
    html = f"<html><body><main><h1>Doc</h1><p>Intro.</p>{heading}<p>Text.</p></main></body></html>"
    (block,) = [b for b in parse("html", html).blocks if b.text == "Query Parameters"]
    assert block == Block("heading", "Query Parameters", 2, anchor)


RST_LABELS = """\
Guide
=====

Intro.

.. _verification:

SSL Cert Verification
---------------------

Certificates are verified.

.. _not-a-section:

A paragraph the label names.

Next Section
------------

Text.

.. _two-levels:

Sub Section
^^^^^^^^^^^

Deeper text.

.. _up-again:

Back Up
-------

A label at the end of a deeper section names the next section, wherever it is.

.. _elsewhere: https://example.org/

Linked
------

An external target names no section.
"""


def test_a_rst_label_before_a_section_is_its_anchor(tmp_path: Path) -> None:
    headings = {b.text: b.anchor for b in parse("rst", RST_LABELS).blocks if b.kind == "heading"}
    assert headings == {
        "Guide": "",
        "SSL Cert Verification": "verification",
        "Next Section": "",  # the label before it named a paragraph
        "Sub Section": "two-levels",
        "Back Up": "up-again",
        "Linked": "",
    }
    long = RST_LABELS.replace(".\n", ". " + "Words that make each section long. " * 40 + "\n")
    doc = write(tmp_path / "docs" / "guide.rst", long)
    item = read(doc)
    named: dict[str, str] = {}
    for (_, _, heading), anchor in zip(item.spans, item.anchors, strict=True):
        named.setdefault(heading.rsplit(" › ", 1)[-1], anchor)  # a section's first passage
    assert named["SSL Cert Verification"] == "verification"
    assert named["Next Section"] == "next-section"  # its slug
    ingest([doc.parent], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        page = index.page(f"{doc.resolve().as_uri()}#verification")
        assert page is not None and "Certificates are verified." in page.body


def test_an_html_heading_id_names_its_passage_in_the_index(tmp_path: Path) -> None:
    doc = write(
        tmp_path / "site" / "page.html",
        "<html><body><main><h1>Client</h1><p>" + "The client sends requests. " * 60 + "</p>"
        '<section id="timeouts-section"><h2>Timeouts<a class="headerlink" '
        'href="#timeouts-section">¶</a></h2><p>Timeouts default to 30 seconds.</p></section>'
        "</main></body></html>",
    )
    ingest([doc.parent], tmp_path / "i")
    with open_index(tmp_path / "i") as index:
        (hit,) = index.search("timeouts default seconds", 1)
        assert hit.url == f"{doc.resolve().as_uri()}#timeouts-section"


def test_requests_labels_are_the_anchors_of_their_sections(tmp_path: Path) -> None:
    root = SHARED / "docs-requests" / "user"
    if not (root / "advanced.rst").is_file():
        pytest.skip(f"{root} is not here")
    item = read(root / "advanced.rst")
    named: dict[str, str] = {}
    for (_, _, heading), anchor in zip(item.spans, item.anchors, strict=True):
        named.setdefault(heading.rsplit(" › ", 1)[-1], anchor)
    # ``.. _verification:`` stands before "SSL Cert Verification": Sphinx's :ref: target
    assert named["SSL Cert Verification"] == "verification"
    assert named["Chunk-Encoded Requests"] == "chunk-encoding"


def test_links_in_code_are_code_not_links() -> None:
    text = (
        "# Links\n\nSee [the guide](guide.md) and <https://example.org/a>.\n\n"
        "```markdown\nWrite [a link](https://in-code.example/fence) like this.\n```\n\n"
        '~~~~html\n<a href="https://in-code.example/tilde">x</a>\n~~~~\n\n'
        "  ```\n  [indented fence](https://in-code.example/indented)\n  ```\n\n"
        "After the fences: [more](more.md), and `[a span](https://in-code.example/span)`.\n\n"
        "    [indented code](https://in-code.example/indented-block)\n\n"
        "```\nan unclosed fence [runs](https://in-code.example/unclosed) to the end\n"
        "[def]: https://in-code.example/definition\n"
    )
    parsed = parse("md", text)
    assert parsed.meta["links"] == ("guide.md", "https://example.org/a", "more.md")
    assert "[a link](https://in-code.example/fence)" in render(parsed.blocks)[0]  # still code


RST_DESCRIBED = """\
Configuration
=============

Builtin Values
--------------

.. py:data:: SESSION_COOKIE_NAME

    The name of the session cookie.

    Default: ``'session'``

.. function:: url_for(endpoint, **values)

   Generates a URL to the given endpoint.

.. envvar:: FLASK_APP

   Where the application is.
"""


def test_a_sphinx_object_description_is_a_section_anchored_at_its_name() -> None:
    """``.. py:data:: NAME`` and its kin (as Flask's config.rst writes each setting) are
    sections of their own, headed by the signature and anchored at the name as Sphinx's
    HTML is; the text under one is not glued to the next one's name."""
    blocks = parse("rst", RST_DESCRIBED).blocks
    headings = [(b.text, b.level, b.anchor) for b in blocks if b.kind == "heading"]
    assert headings == [
        ("Configuration", 1, ""),
        ("Builtin Values", 2, ""),
        ("`SESSION_COOKIE_NAME`", 3, "SESSION_COOKIE_NAME"),
        ("`url_for(endpoint, **values)`", 3, "url_for"),
        ("`FLASK_APP`", 3, "FLASK_APP"),
    ]
    texts = [b.text for b in blocks if b.kind == "text"]
    assert texts == [
        "The name of the session cookie.",
        "Default: `'session'`",
        "Generates a URL to the given endpoint.",
        "Where the application is.",
    ]


def test_a_sphinx_setting_s_default_and_type_are_shown_under_its_name() -> None:
    """Sphinx's own configuration reference (real lines of ``usage/configuration.rst``, 9.0):
    a ``confval``'s ``:default:`` and ``:type:`` (reST, with roles) are fields under its
    name, as Sphinx's HTML shows them, the default first; an attribute's ``:value:`` too;
    a flag without a value (``:no-index:``) and any other option are not text. A
    ``versionremoved`` note is shown as the other version notes are."""
    text = (
        ".. confval:: linkcheck_workers\n"
        "   :type: :code-py:`int`\n"
        "   :default: :code-py:`5`\n\n"
        "   The number of worker threads to use when checking links.\n\n"
        "   .. versionadded:: 1.1\n\n"
        ".. confval:: intersphinx_cache_limit\n"
        "   :type: :code-py:`int`\n"
        "   :default: :code-py:`5` (five days)\n\n"
        "   The maximum number of days to cache remote inventories.\n\n"
        ".. versionremoved:: 8.0\n"
        "   The :option:`!--no-use-make-mode` option.\n\n"
        ".. py:attribute:: Flags.mode\n"
        "   :type: str\n"
        "   :value: 'strict'\n"
        "   :no-index:\n\n"
        "   How strictly flags are read.\n"
    )
    blocks = parse("rst", text).blocks
    headings = [(b.text, b.anchor) for b in blocks if b.kind == "heading"]
    assert headings == [
        ("`linkcheck_workers`", "linkcheck_workers"),
        ("`intersphinx_cache_limit`", "intersphinx_cache_limit"),
        ("`Flags.mode`", "Flags.mode"),
    ]
    assert [b.text for b in blocks if b.kind == "text"] == [
        "Default: 5.",
        "Type: `int`.",
        "The number of worker threads to use when checking links.",
        "New in version 1.1.",
        "Default: 5 (five days).",
        "Type: `int`.",
        "The maximum number of days to cache remote inventories.",
        # Sphinx 7.3's note of a removal, as its HTML shows it
        "Removed in version 8.0: The `--no-use-make-mode` option.",
        "Type: str.",
        "Value: 'strict'.",
        "How strictly flags are read.",
    ]
    # a value continued over lines with a backslash is one line, as a signature is (the
    # page's own literal role keeps a backslash that docutils would otherwise drop)
    continued = (
        ".. role:: code-py(code)\n   :language: Python\n\n"
        ".. confval:: user_agent\n"
        "   :type: :code-py:`str`\n"
        "   :default: :code-py:`'Mozilla/5.0 (X11; Linux x86_64; rv:100.0) Gecko/20100101 \\\n"
        "                        Firefox/100.0 Sphinx/X.Y.Z'`\n\n"
        "   Default User-Agent.\n"
    )
    assert [b.text for b in parse("rst", continued).blocks if b.kind == "text"] == [
        "Default: `'Mozilla/5.0 (X11; Linux x86_64; rv:100.0) Gecko/20100101 Firefox/100.0 "
        "Sphinx/X.Y.Z'`.",
        "Type: `str`.",
        "Default User-Agent.",
    ]


def test_a_long_signature_heads_its_section_by_its_name() -> None:
    """aiohttp's client reference (real lines): a signature continued over lines with a
    backslash is one line without the backslashes; longer than a heading should be, it
    heads the section by its name, as Sphinx's table of contents does, and is shown whole
    as the section's first line (its parameters are no words of every heading path
    below it)."""
    text = (
        "Client Reference\n================\n\n"
        ".. class:: ClientSession(base_url=None, *, \\\n"
        "                         connector=None, cookies=None, \\\n"
        "                         read_bufsize=2**18, max_line_size=8190)\n\n"
        "   The class for creating client sessions.\n\n"
        "   .. method:: close()\n\n      Close underlying connector.\n\n"
        ".. data:: DEFAULT_CIPHERS = 'ECDHE+AESGCM:ECDHE+CHACHA20:DHE+AESGCM:DHE+CHACHA20:"
        "ECDH+AESGCM'\n\n   The default ciphers.\n"
    )
    blocks = parse("rst", text).blocks
    headings = [(b.text, b.anchor) for b in blocks if b.kind == "heading"]
    assert headings == [
        ("Client Reference", ""),
        ("`ClientSession(...)`", "ClientSession"),
        ("`close()`", "close"),
        ("`DEFAULT_CIPHERS`", "DEFAULT_CIPHERS"),  # no callable: its name alone
    ]
    code = [b.text for b in blocks if b.kind == "code"]
    assert len(code) == 2
    assert "ClientSession(base_url=None, *, connector=None, cookies=None, " in code[0]
    assert "read_bufsize=2**18, max_line_size=8190)" in code[0] and "\\" not in code[0]


def test_a_directive_docutils_does_not_know_keeps_its_text() -> None:
    """Flask's docs put shell examples in ``.. tabs::`` / ``.. group-tab::`` (sphinx-tabs),
    which docutils does not know: their text and code stay, their options do not."""
    text = (
        "Title\n=====\n\nSet them in the shell:\n\n.. tabs::\n\n   .. group-tab:: Bash\n\n"
        "      .. code-block:: text\n\n         $ export FLASK_SECRET_KEY=5f35\n\n"
        "   .. group-tab:: Fish\n\n      Fish text here.\n\n"
        ".. some-extension-directive::\n   :hide-code:\n\n   Its body.\n\nThe end.\n"
    )
    blocks = parse("rst", text).blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Title"),
        ("text", "Set them in the shell:"),
        ("code", "```\n$ export FLASK_SECRET_KEY=5f35\n```"),
        ("text", "Fish text here."),
        ("text", "Its body."),
        ("text", "The end."),
    ]


def test_an_unknown_directive_whose_body_is_code_stays_code() -> None:
    """click's docs show examples with Pallets' ``click:example`` and ``click:run``
    directives, which docutils does not know: their Python bodies were read as prose
    ("@click.command() def hello():" as a sentence). A body that reads as code is code
    now (a docstring's sentences are the code's own); one with a sentence of prose stays
    text (Trio's ``interface`` directive)."""
    text = (
        "Commands\n========\n\n.. click:example::\n\n    import click\n\n"
        "    @click.command()\n    def hello():\n        click.echo('Hello World!')\n\n"
        "And what it looks like:\n\n.. click:run::\n\n    invoke(hello, args=[])\n\n"
        ".. interface:: The underlying synchronous file\n\n"
        "   Trio's asynchronous file objects have an interface that automatically adapts "
        "to the object being wrapped.\n"
    )
    blocks = parse("rst", text).blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Commands"),
        ("code", "```\nimport click\n\n@click.command()\ndef hello():\n"
                 "    click.echo('Hello World!')\n```"),
        ("text", "And what it looks like:"),
        ("code", "```\ninvoke(hello, args=[])\n```"),
        ("text", "Trio's asynchronous file objects have an interface that automatically "
                 "adapts to the object being wrapped."),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        (["class AliasedGroup(click.Group):", "    def get_command(self, ctx, cmd_name):",
          "        rv = click.Group.get_command(self, ctx, cmd_name)"], True),
        (["invoke(hello)", "invoke(hello, args=['--version'])"], True),
        (["$ pip install click", "$ hello --help"], True),
        (["Its body."], False),
        # a docstring's sentences are the code's own (click's example of help text)
        (["import click", "", "@click.command()", "def cli():", '    """',
          "    This is a very long paragraph and as you can see wrapped very early.", '    """'],
         True),
        (["def hello():", '    """Print a greeting to whoever runs this command."""',
          "    click.echo('Hello')"], True),
        # outside a docstring, a sentence is prose
        (["@click.command()", "This example prints a sentence to the terminal."], False),
        ([], False),
    ],
)  # fmt: skip
def test_what_reads_as_code(lines: list[str], code: bool) -> None:
    from sleuth.formats.rst import looks_like_code

    assert looks_like_code(lines) is code


def test_a_version_note_reads_the_roles_on_its_own_lines() -> None:
    """Werkzeug's docs write a version note's text on the directive's lines (``..
    versionchanged:: 0.6`` then an indented paragraph that docutils takes as an argument):
    its roles are read as everywhere else, not left as ``:class:`...```."""
    text = (
        "T\n=\n\n.. versionchanged:: 0.6\n   The classes are now pickleable. This means that "
        "the\n   :class:`FileMultiDict` won't be pickleable.\n"
    )
    texts = [b.text for b in parse("rst", text).blocks if b.kind == "text"]
    assert texts == [
        "Changed in version 0.6: The classes are now pickleable. This means that the "
        "`FileMultiDict` won't be pickleable."
    ]


def test_myst_colon_fences_are_directives() -> None:
    """MyST's colon fences (``:::{note}`` ... ``:::``; sphinx-design's ``::::{tab-set}``
    around ``:::{tab-item} Title``) are read as the backtick directives are: their text
    stays, their markers go; a code fence inside one stays code, and one inside a code
    fence stays as written."""
    text = (
        "# Title\n\n:::{note}\nA note with {func}`click.echo`.\n\n```python\nprint(1)\n```\n"
        ":::\n\n::::{tab-set}\n:::{tab-item} Bash\nRun it.\n:::\n::::\n\n"
        ":::{versionadded} 8.0\nNew thing.\n:::\n\n```text\n:::{note}\nkept\n:::\n```\n"
    )
    body = render(parse("md", text).blocks)[0]
    assert body == (
        "Title\n\nA note with `click.echo()`.\n\n```python\nprint(1)\n```\n\nBash\n\n"
        "Run it.\n\nNew in version 8.0:\n\nNew thing.\n\n```text\n:::{note}\nkept\n:::\n```"
    )


def test_eval_rst_blocks_read_without_docutils_read_as_docutils_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An ``{eval-rst}`` block made only of build directives, API entries without a body
    and unknown directives whose body is code is read without docutils (`quick_blocks`):
    every page of the vendored MyST docs (click's has 182 such blocks, attrs' a few)
    reads the same either way, and the quick reading covers most of click's blocks."""
    from sleuth.formats import rst

    pages = sorted((Path(__file__).parent.parent / "benchmarks" / "docs_corpora").glob("*/*.md"))
    texts = [p.read_text(encoding="utf-8") for p in pages]
    assert sum(t.count("{eval-rst}") for t in texts) > 150
    quick = [parse("md", t).blocks for t in texts]
    covered = []
    real = rst.quick_blocks
    monkeypatch.setattr(
        rst, "quick_blocks", lambda text: covered.append(real(text) is not None)
    )  # every block to docutils, noting which the quick reading would have taken
    assert [parse("md", t).blocks for t in texts] == quick
    assert sum(covered) > len(covered) // 2


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        (".. currentmodule:: click\n\n.. autofunction:: echo\n", [("text", "`echo`")]),
        (".. autoclass:: Choice\n   :noindex:\n", [("text", "`Choice`")]),
        (".. click:run::\n\n    invoke(hello, args=['--help'])\n",
         [("code", "```\ninvoke(hello, args=['--help'])\n```")]),
        ("And from the command line:\n\n.. autofunction:: echo\n",
         [("text", "And from the command line:"), ("text", "`echo`")]),  # plain words
        ("What's more, plain words\nrun over lines (two).\n",
         [("text", "What's more, plain words run over lines (two).")]),
        (".. click:run::\n    invoke(hello, args=['--help'])\n", []),  # no body: all arguments
        (".. autoclass:: Context\n\n   Its docstring, written out.\n", None),  # a body: reST
        (".. note::\n\n   A known directive.\n", [("text", "A known directive.")]),  # no title
        (".. note:: A known directive.\n", None),  # its text on its line
        (".. admonition:: Title\n\n   Its body.\n", None),  # a title
        (".. Note::\n\n   x = 1\n", None),  # docutils' own too (looked up in lower case)
        (".. click:example::\n\n    This example prints a sentence.\n",
         [("text", "This example prints a sentence.")]),  # prose: read as reST
        (".. tabs::\n\n   .. group-tab:: Bash\n\n      .. code-block:: sh\n\n         $ echo $?\n",
         [("code", "```\n$ echo $?\n```")]),  # sphinx-tabs: its body's blocks
        ("See :func:`echo`:\n\n.. autofunction:: echo\n",
         [("text", "See `echo()`:"), ("text", "`echo`")]),  # inline markup apart from words
        ("Add ``~/.x`` (`fp`, :ref:`the guide <g>`)\n``None`` too.\n",
         [("text", "Add `~/.x` (`fp`, the guide) `None` too.")]),
        ("See:func:`echo`.\n", None),  # markup inside a word
        ("See `echo`_.\n", None),  # a reference
        ("See :unknown:`echo`.\n", None),  # docutils' error
        ("# And how it works:\n", [("text", "# And how it works:")]),
        ("*   .. autoclass:: Choice\n       :noindex:\n", [("list", "- `Choice`")]),
        ("- a\n  b\n\n  c\n- d\n", [("list", "- a b\n  c\n- d")]),
        ("- a\n* b\n", None),  # another list, without a blank line before it
        ("- .. code-block:: text\n\n     x\n", None),  # an item's code
        ("A. Smith wrote it.\n", None),  # an enumerated list's first item
        ("Ends in a literal block::\n\n    code\n", None),
        ("Title\n=====\n", None),
        (".. click:run::\n\n    invoke(hello)\nAnd right after it.\n", None),  # no blank line
        (".. autoclass:: Choice\n   :noindex:\n   :noindex:\n", None),  # docutils: an error
        (".. autoclass:: Choice\n   :members: - a\n", None),  # an option's value a list
    ],
)  # fmt: skip
def test_what_is_read_without_docutils(text: str, blocks: list[tuple[str, str]] | None) -> None:
    from sleuth.formats.rst import parse_rst, quick_blocks

    quick = quick_blocks(text)
    if blocks is None:
        assert quick is None
    else:
        assert quick is not None and [(b.kind, b.text) for b in quick] == blocks
        assert quick == parse_rst(text).blocks


#: the words of generated reST: plain words, and marks that start reST's constructs
_PLAIN = "And from the command line what it looks like Here is how this works".split()
_MARKS = (
    "A. ii) (a) I. #. 1. 2) - -- * `x` ``y`` x_ |s| [1]_ http://a.b a@b.c PEP 8 RFC 2822 note: "
    ":func:`f` :: : 'q' \"q\" (p) \\* <x> x:y ===== ----- +---+ >>> | .. __ Ok. Hi! Why? e.g. "
    "What's foo;bar x-y [x] {y} ~ ^ + = / & % $ # @ é"
).split()
#: inline markup read without docutils (standing apart from words), and near misses
_INLINE = [
    ":class:`~a.B`",
    ":meth:`c`",
    ":ref:`t <u>`",
    ":attr:`x`",
    ":py:func:`x`",
    "``~/.x``",
    '``"-f", "-x"``',
    "(``p``)",
    "(:func:`f`)",
    "`a b`",
    "`a <b>`",
    "`~a.b`",
    "``a  b``",
    "a_b",
    "``x``:",
    "per-x",
    "Word.",
    ":func:`f`,",
    "`x`)",
    ":ref:`<>`",
    "`x`:",
    "`f()`",
]
_NEAR = [
    ":bad:`x`",
    ":Func:`x`",
    "_f",
    "x__",
    "``x``::",
    "`x`_",
    "`x`:func:",
    "``x``s",
    "'``y``'",
    "`)`",
    "(`)`",
    "``x`` `",
    "``\\x``",
    "`` x``",
    "`x``",
    "#",
    "# x",
    "x:``y``",
    "``a`b``",
    "`x`__",
    "|x|",
    "*x*",
    "**x**",
    "`x`'",
    ":func:`x`_",
    "``x``-",
    "a ``x``.",
]
_MARKED_LINES = ["# And how it works:", "``None`` for it,", "conversion. And so", "- x"]
_DIRECTIVES = [
    ".. click:run::\n\n    invoke(cli, args=['--help'])", ".. click:example::\n    arg here",
    ".. click:example::\n\n    @click.command()\n    def f():\n        pass",
    ".. autofunction:: echo", ".. currentmodule:: click", ".. note:: x", ".. Note:: x",
    ".. autoclass:: Context\n   :noindex:", ".. click:run:: a b\n    :opt: v",
    ".. autofunction:: a b c d e f g h i j  k   l", ".. autoclass:: `x`",
    ".. autofunction:: :noindex:", ".. autoclass:: X\n   :noindex:\n   :noindex:",
    ".. autoclass:: X\n   :members: a, b\n   :NoIndex:", ".. autoclass:: X\n   :members: a.",
    ".. autoclass:: X\n   :members:\n      b", ".. autoclass:: X\n   :bad",
    ".. autodata:: X\n   Y\n   :foo: z", ".. autoclass:: X\n\t:noindex:",
    ".. click:run::\n\n    x = 1  \n    y = 2\t", ".. click:run::\r\n\r\n    x = 1\r\n",
    ".. click:run::\n\n    x = 1\x0c\n    y = 2", ".. tabs::\n\n   x = 1", ".. seealso:: x",
    ".. click:example::\n    :opt: x\n    :Opt: y\n\n    x = 1",
    ".. click:example:: :opt: x\n\n    x = 1",
    "*   .. autoclass:: Choice\n       :noindex:", "- .. autoclass:: A\n  :noindex:",
    "* .. autoclass:: A\n* .. autoclass:: B", "- a b\n- c", "- a\n\n- b", "- a\n* b",
    "- a\n\n* b", "- a\n  b\n\n  c", "-  x\n   .. autoclass:: Y", "- x\nand", "- ``x``",
    "- .. code-block:: text\n\n     x", "+ x", "- - x", "- x\n\n  .. note::\n\n     y",
    "-\n  x", "- x\n - y", "- x\n   y", "- .. currentmodule:: a", "- :ref:`<>`",
    ".. caution::\n\n   Writing :attr:`~a.b` ``None``.", ".. note::\n   x", ".. warning::",
    ".. tip::\n   :class: x\n\n   y", ".. Tip::\n\n   y", ".. danger:: x\n\n   y",
    "# Example usage:", "# And :func:`f` too.", "foo_bar is _f", "foo_ bar", "_`x`", "__ x",
    ".. list-table:: Examples\n    :widths: 15 15\n    :header-rows: 1\n\n    * - A b\n"
    "      - ``\"-f\", \"--foo\"``\n    * - _f\n      - foo_bar",
    ".. list-table::\n\n   * - :func:`f` and `~a.b`\n     - :ref:`t <u>`\n\n   * - x\n     - y",
    ".. list-table::\n   :header-rows: 2\n\n   * - a\n     - b\n   * - c\n     - d",
    ".. list-table::\n   :widths: 1 2 3\n\n   * - a\n     - b", ".. list-table::\n\n   * - a",
    ".. list-table::\n\n   * - a\n     - b\n   * - c", ".. list-table::\n\n   * - a\n   - b",
    ".. list-table::\n\n   * - a\n\n       b\n     - c", ".. list-table::\n\n   * - a\n   x",
    ".. list-table::\n   :widths: auto\n\n   * - a",
    ".. list-table::\n   :header-rows: 0\n\n   * - a", ".. list-table:: :widths: 1\n\n   * - a",
    ".. list-table::\n   :header-rows: 1\n   :header-rows: 1\n\n   * - a\n   * - b",
    ".. list-table::\n\n   * -\n     - b", ".. list-table::", ".. list-table:: `x`_\n\n   * - a",
    ".. list-table:: A ``t``\n   :widths: 5\n\n   - * a\n   - * b",
]  # fmt: skip


def _generated_rst(rng: random.Random, marks: float, depth: int = 0) -> str:
    """A reST text of paragraphs (their words plain, or a mark at rate ``marks``; some
    lines indented, some ending in ``::``) and directives, mostly a blank line apart;
    some directives hold such a text in turn."""

    def line() -> str:
        words = [
            rng.choice(
                _INLINE
                if rng.random() < 0.15
                else _NEAR
                if rng.random() < 0.03
                else _MARKS
                if rng.random() < marks
                else _PLAIN
            )
            for _ in range(6)
        ]
        indent = rng.choice(["", "", "", "", "", "", "", "", " ", "   "])
        return indent + " ".join(words[: rng.randint(1, 6)]) + rng.choice(["", ":", ":", ".", "::"])

    def part() -> str:
        if rng.random() < 0.5:
            lines = [line() for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.1:
                lines.insert(rng.randint(0, len(lines)), rng.choice(_MARKED_LINES))
            return "\n".join(lines)
        if depth < 2 and rng.random() < 0.15:  # a bullet list's item holding a text
            mark = rng.choice(["- ", "* ", "*   ", "+ "])
            inner = _generated_rst(rng, marks, depth + 1).rstrip("\n").split("\n")
            pad = " " * rng.choice([len(mark), len(mark), len(mark) + 1, len(mark) - 1])
            return mark + inner[0] + "".join("\n" + (pad + x if x else x) for x in inner[1:])
        if depth < 2 and rng.random() < 0.3:
            name = rng.choice(_NESTING)
            inner = _generated_rst(rng, marks, depth + 1).rstrip("\n").split("\n")
            indent = " " * rng.choice([3, 4])
            return f".. {name}\n\n" + "\n".join(indent + x if x else x for x in inner)
        return rng.choice(_DIRECTIVES)

    parts = [part() for _ in range(rng.randint(1, 4))]
    text = parts[0]
    for more in parts[1:]:
        text += rng.choice(["\n\n", "\n\n", "\n", "\n\n\n"]) + more
    return text + rng.choice(["\n", ""])


#: the first lines of directives that hold a generated text
_NESTING = [
    "tabs::", "group-tab:: Bash", "click:example::", "code-block:: text", "only:: html",
    "seealso:: x", "note::", "container::", "tab:: One", "Tabs::", "caution::", "tip:: x",
]  # fmt: skip


def test_what_is_read_without_docutils_is_what_docutils_reads() -> None:
    """Whatever `quick_blocks` reads of generated reST, paragraphs (plain, with inline
    markup, or with the marks of reST's other constructs), bullet lists and directives,
    `parse_rst` reads alike."""
    from sleuth.formats.rst import parse_rst, quick_blocks

    rng = random.Random(16)
    quick = paragraphs = marked = lists = tables = 0
    for marks in (0.02, 0.2, 1.0):
        for _ in range(4000):
            text = _generated_rst(rng, marks)
            blocks = quick_blocks(text)
            if blocks is not None:
                quick += 1
                paragraphs += any(b.kind == "text" and b.text[0] != "`" for b in blocks)
                marked += any(b.kind == "text" and "`" in b.text[1:] for b in blocks)
                lists += any(b.kind == "list" for b in blocks)
                tables += any(b.kind == "table" for b in blocks)
                assert blocks == parse_rst(text).blocks, text
    # the quick reading was tried: paragraphs, inline markup in them, lists, tables
    assert quick > 700 and paragraphs > 300 and marked > 200 and lists > 150 and tables > 50


def test_what_is_read_without_docutils_of_real_pages_is_what_docutils_reads() -> None:
    """Whatever `quick_blocks` reads of the vendored reST pages' parts (one to three
    constructs in a row, from an unindented line after a blank one), `parse_rst` reads
    alike: real paragraphs, lists, tables and directives, beside generated ones."""
    from sleuth.formats.rst import parse_rst, quick_blocks

    quick = 0
    for kind, text in _vendored_rst_and_myst():
        if kind != "rst":
            continue
        lines = text.split("\n")
        starts = [
            i for i, line in enumerate(lines)
            if line[:1].strip() and (i == 0 or not lines[i - 1].strip())
        ]  # fmt: skip
        ends = [*starts[1:], len(lines)]
        for at, start in enumerate(starts):
            for end in ends[at : at + 3]:
                part = "\n".join(lines[start:end])
                blocks = quick_blocks(part)
                if blocks is not None:
                    quick += 1
                    assert blocks == parse_rst(part).blocks, part
    assert quick > 4000


def test_docutils_own_directives_are_known_without_it() -> None:
    """`quick_blocks` tells docutils' own directives from a Sphinx extension's without
    importing docutils: its list holds every one this docutils has."""
    from docutils.parsers.rst import directives

    from sleuth.formats import rst

    assert set(directives._directive_registry) <= rst._DOCUTILS_DIRECTIVES


def test_click_docs_are_read_without_docutils(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``{eval-rst}`` block of click's MyST docs is read quickly: docutils' parser
    is neither set up nor run."""
    from sleuth.formats import rst

    def refused(*args: object) -> None:
        raise AssertionError("docutils was asked")

    monkeypatch.setattr(rst, "parse_rst", refused)
    monkeypatch.setattr(rst, "_setup", refused)
    folder = Path(__file__).parent.parent / "benchmarks" / "docs_corpora" / "click"
    pages = sorted(folder.glob("*.md"))
    assert sum(p.read_text(encoding="utf-8").count("{eval-rst}") for p in pages) > 150
    for page in pages:
        parse("md", page.read_text(encoding="utf-8"))


@pytest.mark.subprocess
def test_click_docs_are_read_without_importing_docutils() -> None:
    """Every ``{eval-rst}`` block of click's MyST docs is read quickly: reading them
    imports no docutils (its import, and its table directives' import of
    ``urllib.request``, were most of the cost of a cold ingest)."""
    import subprocess
    import sys

    folder = Path(__file__).parent.parent / "benchmarks" / "docs_corpora" / "click"
    code = (
        "import sys\nfrom sleuth.ingest import discover, read_documents\n"
        f"sources, _ = discover([{str(folder)!r}])\n"
        "n = sum(1 for s in sources for _ in read_documents(s))\n"
        "print(n, 'docutils' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, imported = done.stdout.split()
    assert int(count) > 20 and imported == "False"


def _vendored_rst_and_myst() -> list[tuple[str, str]]:
    """Every vendored reST and MyST page (Flask, Werkzeug, Jinja, Trio, attrs, click), as
    (kind, text)."""
    root = Path(__file__).parent.parent / "benchmarks" / "docs_corpora"
    pages = sorted([*root.glob("*/**/*.rst"), *root.glob("*/*.md")])
    assert len(pages) > 150
    return [(p.suffix[1:], p.read_text(encoding="utf-8", errors="replace")) for p in pages]


def _read_with(
    monkeypatch: pytest.MonkeyPatch, flag: str, value: bool, order: list[tuple[str, str]]
) -> list[list[Block]]:
    """The blocks of ``order``'s pages, read with `sleuth.formats.rst`'s ``flag`` set to
    ``value`` by a parser set up anew (and dropped after)."""
    from sleuth.formats import rst

    monkeypatch.setattr(rst, flag, value)
    rst._setup.cache_clear()
    try:
        return [parse(kind, text).blocks for kind, text in order]
    finally:
        rst._setup.cache_clear()


def test_pooled_docutils_state_machines_read_every_vendored_page_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parser keeps the state machines of nested lists for the next one
    (`rst._pooled_states`) instead of building one for every directive and list: every
    vendored reST and MyST page (Flask, Werkzeug, Jinja, Trio, attrs, click) reads the
    same as with docutils' own machines, whatever order the pages come in (a machine
    kept from one page, or from a list of another kind, leaves nothing behind)."""
    texts = _vendored_rst_and_myst()
    own = _read_with(monkeypatch, "POOLED", False, texts)
    assert _read_with(monkeypatch, "POOLED", True, texts) == own
    assert _read_with(monkeypatch, "POOLED", True, texts[::-1]) == own[::-1]


def test_kept_docutils_document_machine_reads_every_vendored_page_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parser keeps the state machine that reads a whole document, and the inliner,
    for the next document (`rst._keeping_parser`) instead of building both for each, as
    docutils does (click's MyST pages have a document for each of 59 ``{eval-rst}``
    blocks): every vendored reST and MyST page reads the same as with docutils' own
    parser, whatever order the pages come in, and so does a page read after one that
    docutils gave up on (its machine is dropped)."""
    texts = _vendored_rst_and_myst()
    own = _read_with(monkeypatch, "KEPT", False, texts)
    assert _read_with(monkeypatch, "KEPT", True, texts) == own
    assert _read_with(monkeypatch, "KEPT", True, texts[::-1]) == own[::-1]
    deep = ("rst", "".join(" " * i + "- x\n\n" for i in range(0, 1200, 2)))
    from sleuth.formats import rst

    monkeypatch.setattr(rst, "KEPT", True)
    rst._setup.cache_clear()
    try:
        parse(*texts[0])  # a machine kept, then taken by a document that fails
        with pytest.raises(CorpusError, match="too deeply"):
            parse(*deep)
        assert [parse(kind, text).blocks for kind, text in texts[::4]] == own[::4]
    finally:
        rst._setup.cache_clear()


# --- which heading titles a page ---------------------------------------------------------------

_CORPORA = Path(__file__).resolve().parents[1] / "benchmarks" / "docs_corpora"


@pytest.mark.parametrize(
    ("kind", "text", "title"),
    [
        ("md", "# Guide\n\nIntro.\n\n## Setup\n\nText.\n", "Guide"),
        ("md", "## Routing\n\nIntro.\n\n### Paths\n\nText.\n", "Routing"),
        ("md", "### Note\n\nx.\n\n# Usage\n\nText.\n", "Usage"),  # the first H1
        ("md", "## 1.1.0\n\n* Remove x.\n\n## 1.0.0\n\n* Add y.\n", None),  # a change log
        ("md", "## [1.1.0] - 2026-01-02\n\nx.\n\n## [1.0.0] - 2025-01-02\n\ny.\n", None),
        ("md", "# Changelog\n\n## 1.0\n\n- x\n\n# Footnotes\n\n[1] y\n", "Changelog"),
        ("md", "# One\n\nx.\n\n# Two\n\ny.\n", "One"),  # as MkDocs titles it
        ("md", "---\ntitle: Changes\n---\n## 1.1.0\n\nx.\n\n## 1.0.0\n\ny.\n", "Changes"),
        ("rst", "Guide\n=====\n\nIntro.\n\nSetup\n-----\n\nText.\n", "Guide"),
        ("rst", "Version 2.0\n-----------\n\nx.\n\nVersion 1.0\n-----------\n\ny.\n", None),
        (
            "rst",
            "pytest 9.2.0 (2026-10-27)\n=========\n\nx.\n\npytest 9.1.0\n=========\n\ny.\n",
            None,
        ),
        # a Sphinx index's back matter leaves its title
        (
            "rst",
            "Welcome\n=======\n\nText.\n\nIndices and tables\n==================\n\n* x\n",
            "Welcome",
        ),
    ],
)
def test_a_change_log_of_releases_has_no_title_heading(
    kind: str, text: str, title: str | None
) -> None:
    """A change log whose top-level headings are its releases (Starlette's release notes:
    one ``##`` per version, no ``#``) was titled by its first: every later version's
    passages read "1.10.0 (October 24, 2026) › 0.8.4", as if under the newest release.
    Any other page keeps its first heading (H1 first) as its title, back matter and all."""
    assert parse(kind, text).title == title


def test_a_change_log_of_version_headings_is_titled_by_its_file(tmp_path: Path) -> None:
    notes = _CORPORA / "starlette" / "release-notes.md"
    item = read(notes)
    assert item.page.title == "release-notes"  # the file's name, as a page with no heading
    at = item.page.body.index("Require Python 3.11")
    (path,) = [path for start, end, path in item.spans if start <= at < end]
    assert path.startswith("1.8.0 (October 13, 2026)")  # no newer release above it
    assert sum(path.startswith("1.10.0") for _, _, path in item.spans) < 4  # its own only


def test_a_program_directive_leaves_no_heading() -> None:
    """Sphinx's ``.. program:: mypy`` names the program of the options below it and shows
    nothing; it was read as a described object, a level-1 heading "`mypy`" above the
    page's own title (mypy's command line page was titled "`mypy`")."""
    text = (
        ".. program:: mypy\n\nThe mypy command line\n=====================\n\nFlags.\n\n"
        ".. option:: --strict\n\n   Enable all optional checks.\n"
    )
    parsed = parse("rst", text)
    assert parsed.title == "The mypy command line"
    headings = [(b.text, b.level) for b in parsed.blocks if b.kind == "heading"]
    assert headings == [("The mypy command line", 1), ("`--strict`", 2)]


def test_footnote_marks_are_no_words_of_the_text() -> None:
    """structlog's pages (real lines): a footnote's reference ("a string[^str] that") and
    its definition's label ("[^str]: ...") are marks, read as nothing; a code span that
    looks like one (a regular expression) stays as written."""
    page = (
        "For flexibility, the final processor can return either a string[^str] that is "
        "passed directly as a positional parameter.\n\n"
        '1. `"world"` gets interpolated into `"Hello, %s!"`, making the event '
        '"Hello, world!"[^interpolation].\n\n'
        "[^str]: `str`, `bytes`, or `bytearray` to be exact.\n\n"
        "Match names with `[^abc]` and [^a-z].\n\n"
        "[^1]: First note.\n[^2]: Second note.\n"
    )
    texts = [b.text for b in parse("md", page).blocks]
    assert texts == [
        "For flexibility, the final processor can return either a string that is passed "
        "directly as a positional parameter.",
        '1. `"world"` gets interpolated into `"Hello, %s!"`, making the event "Hello, world!".',
        "`str`, `bytes`, or `bytearray` to be exact.",
        "Match names with `[^abc]` and .",
        "First note. Second note.",
    ]
    # a run of "[^" is read in linear time (a reviewer's: it was quadratic)
    assert [b.text for b in parse("md", "Pattern: " + "[^x" * 2000).blocks] == [
        "Pattern: " + "[^x" * 2000
    ]


def test_template_statement_lines_are_no_text() -> None:
    """FastAPI's templates page (real lines): MkDocs' macros leave ``{% raw %}`` and
    ``{% endraw %}`` around an example, paragraphs of their own; they are no text of
    the page. A tag inside a sentence stays."""
    page = (
        "In the HTML that contains:\n\n{% raw %}\n\n```jinja\nItem ID: {{ id }}\n```\n\n"
        "{% endraw %}\n\n{% for user in people.maintainers %}\n{% endfor %}\n\n"
        "Write `{% raw %}` or {% raw %} to show braces.\n\n"
        "{% if site.x %}Use the foo option to configure the bar.{% endif %}\n\n"
        '{% include note.html content="The timeout defaults to 30 seconds." %}\n'
    )
    blocks = parse("md", page).blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("text", "In the HTML that contains:"),
        ("code", "```jinja\nItem ID: {{ id }}\n```"),
        ("text", "Write `{% raw %}` or {% raw %} to show braces."),
        # text between tags is the page's; a tag that quotes a text may carry it
        ("text", "{% if site.x %}Use the foo option to configure the bar.{% endif %}"),
        ("text", '{% include note.html content="The timeout defaults to 30 seconds." %}'),
    ]


def test_a_table_cell_holds_no_system_message() -> None:
    """APScheduler's gevent.rst (R): a link named like an earlier one ("gevent", to
    another URL) makes docutils put an INFO message ("Duplicate implicit target name")
    in the table cell; it is no text of the page."""
    text = (
        "It is meant for `gevent <http://www.gevent.org/>`_.\n\n"
        ".. list-table::\n\n"
        "   * - Default executor\n"
        "     - ``GeventExecutor``\n"
        "   * - External dependencies\n"
        "     - `gevent <https://pypi.python.org/pypi/gevent/>`_\n"
    )
    body = render(parse("rst", text, "gevent.rst").blocks)[0]
    assert "External dependencies | gevent" in body
    assert "Duplicate" not in body and "INFO" not in body


def test_an_indent_with_a_no_break_space_is_left_to_docutils() -> None:
    """Deform's common_needs.rst: a code block's line indented " \\xa0 " is as deep as its
    other lines for docutils (`str.lstrip` strips the no-break space), so the block's
    code is dedented alike; the quick reading, which counts spaces only, leaves such a
    text to docutils. A no-break space inside a line is no indent."""
    from sleuth.formats.rst import parse_rst, quick_blocks

    text = (
        ".. code-block:: python\n\n   import colander\n\n   from deform import Form\n"
        " \xa0 from deform.widget import TextAreaWidget\n"
    )
    assert quick_blocks(text) is None
    (code,) = parse_rst(text).blocks
    assert code.text.split("\n")[1:5] == [
        "import colander", "", "from deform import Form", "from deform.widget import TextAreaWidget"
    ]  # fmt: skip
    inline = ".. code-block:: python\n\n   size = '10\xa0kB'\n"
    assert quick_blocks(inline) == parse_rst(inline).blocks != []
