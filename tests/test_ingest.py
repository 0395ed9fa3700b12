"""Ingestion: every input format (and every way a file can be wrong), stable URLs and
passage anchors, and the passage splitter's invariants."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.corpus import Page
from sleuth.index import open_index
from sleuth.ingest import (
    IngestError,
    Problem,
    Source,
    discover,
    file_url,
    front_matter,
    html_page,
    ingest,
    parse_passage_url,
    passage_url,
    read_source,
    split_passages,
)
from sleuth.text import sentences


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def read_one(path: Path, root: Path | None = None, **kw: int) -> list[Page | Problem]:
    sources, problems = discover([path])
    assert not problems
    (source,) = sources
    return list(read_source(source, **kw))


def only_page(items: list[Page | Problem]) -> Page:
    assert len(items) == 1 and isinstance(items[0], Page), items
    return items[0]


def only_problem(items: list[Page | Problem]) -> Problem:
    problems = [i for i in items if isinstance(i, Problem)]
    assert len(problems) == 1, items
    return problems[0]


# --- formats ------------------------------------------------------------------------------------


def test_markdown_front_matter_gives_metadata(tmp_path: Path) -> None:
    path = write(
        tmp_path / "acme.md",
        "---\ntitle: Acme history\npublished: 2024-05-01\nversion: 2\nauthority: 3\n"
        "tags: [company, 'robots']\nunknown: ignored\n---\n"
        "# Heading\n\nAcme was founded in 1999.\n",
    )
    page = only_page(read_one(path))
    assert page.title == "Acme history"
    assert page.published == "2024-05-01"
    assert (page.version, page.authority) == (2, 3)
    assert page.tags == ("company", "robots")
    assert page.body == "Heading\n\nAcme was founded in 1999."
    assert page.url == path.resolve().as_uri()


def test_front_matter_tag_lists_and_plain_strings() -> None:
    meta, body = front_matter('---\ntitle: "Quoted: title"\ntags:\n  - a\n  - b c\n---\nText')
    assert meta == {"title": "Quoted: title", "tags": ("a", "b c")}
    assert body == "Text"
    meta, _ = front_matter("---\ntags: x, y\ndate: 2023-01-02T10:00:00\n---\nText")
    assert meta == {"tags": ("x", "y"), "published": "2023-01-02T10:00:00"}
    assert front_matter("no front matter\n---\n") == ({}, "no front matter\n---\n")


def test_markdown_title_falls_back_to_heading_then_file_name(tmp_path: Path) -> None:
    assert only_page(read_one(write(tmp_path / "a.md", "intro\n\n## The Heading ##\n"))).title == (
        "The Heading"
    )
    assert only_page(read_one(write(tmp_path / "notes.md", "just text"))).title == "notes"
    assert only_page(read_one(write(tmp_path / "plain.txt", "# not a heading"))).title == "plain"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("---\ntitle: x\n", "no closing '---'"),
        ("---\ntitle x\n---\nbody", "front matter line 2: expected 'key: value'"),
        ("---\nversion: two\n---\nbody", "version: expected an integer"),
        ("---\npublished: May 2024\n---\nbody", "published: expected an ISO date"),
        ("---\ntitle: t\n---\n   \n", "the document has no text"),
    ],
)
def test_bad_front_matter_is_a_problem_naming_the_file(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path / "bad.md", text)
    problem = only_problem(read_one(path))
    assert problem.file == str(path.resolve())
    assert message in problem.message
    assert "\n" not in str(problem)


def test_html_main_text_without_boilerplate(tmp_path: Path) -> None:
    html = (
        "<html><head><title> Widget  News </title><script>var x = 'no';</script>"
        '<meta property="article:published_time" content="2024-03-01T10:00:00Z"></head>'
        "<body><nav>Home | About</nav><header>Site header</header><main><h1>Widgets</h1>"
        "<p>The widget factory opened in <b>Porto</b>\n   in 2003.</p><ul><li>one</li>"
        "<li>two</li></ul><p>Line one<br>line two</p></main><aside>ads</aside>"
        "<footer>(c) 2024</footer></body></html>"
    )
    page = only_page(read_one(write(tmp_path / "news.html", html)))
    assert page.title == "Widget News"
    assert page.published == "2024-03-01T10:00:00+00:00"
    assert page.body == (
        "Widgets\n\nThe widget factory opened in Porto in 2003.\n\n- one\n- two"
        "\n\nLine one\nline two"
    )
    for junk in ("Home", "header", "var x", "ads", "(c)"):
        assert junk not in page.body


def test_html_deeply_nested_and_without_text() -> None:
    deep = "<div>" * 5000 + "deep text" + "</div>" * 5000
    assert html_page("u", f"<html><body>{deep}</body></html>", "f").body == "deep text"
    with pytest.raises(Exception, match="no main text"):
        html_page("u", "<html><body><script>x</script></body></html>", "f")


def test_json_corpus_is_read_with_load_corpus(tmp_path: Path) -> None:
    pages = {"https://x.example/a": {"title": "A", "body": "Alpha.", "tags": ["t"]}}
    page = only_page(read_one(write(tmp_path / "c.json", json.dumps(pages))))
    assert (page.url, page.title, page.body, page.tags) == (
        "https://x.example/a",
        "A",
        "Alpha.",
        ("t",),
    )


def test_jsonl_bad_lines_are_reported_and_the_rest_kept(tmp_path: Path) -> None:
    lines = [
        '{"url": "u1", "title": "One", "body": "first"}',
        "{not json",
        '{"title": "no url", "body": "x"}',
        '{"url": "u1", "body": "again"}',
        '{"url": "u2", "body": "second", "version": "x"}',
        "",
        '{"url": "u3", "body": "third", "published": "2024-01-01", "version": 3}',
    ]
    items = read_one(write(tmp_path / "p.jsonl", "\n".join(lines)))
    pages = [i for i in items if isinstance(i, Page)]
    problems = [i for i in items if isinstance(i, Problem)]
    assert [p.url for p in pages] == ["u1", "u3"]
    assert pages[1].version == 3 and pages[0].title == "One"
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (2, "not valid JSON"),
        (3, "expected an object with a 'url' key"),
        (4, "page 'u1' appears twice in the file"),
        (5, "page 'u2'"),
    ]
    assert all(str(p).startswith(f"{p.file}:{p.line}: ") for p in problems)


@pytest.mark.parametrize(
    "line",
    [
        b'{"url": "u", "body": "plain"}',
        b'{"url": "u", "body": "crlf"}\r',
        b'  {"url": "u", "body": "leading spaces"}',
        b'{"url": "u", "body": "trailing spaces"}  ',
        b'{"url": "u", "body": "tab"}\t',
        b'{"url": "u", "body": "form feed"}\x0c',
        b'{"url": "u", "body": "two values"} {"url": "v"}',
        b'{"url": "u", "body": "extra"} ]',
        b'{"url": "u", "body": "unterminated',
        b'{"url": "u", "body": "control \x01 char"}',
        b'{"url": "u", "body": "caf\xe9"}',
        b'{"url": "u", "body": "encoded surrogate \xed\xa0\x80"}',
        b'{"url": "u", "body": "\\ud800 escaped surrogate"}',
        b'{"url": "u", "body": "caf\xc3\xa9 \\u00e9t\\u00e9"}',
        b'{"url": "u", "body": NaN}',
        b'{"url": "u", "body": "x", "version": 12345678901234567890}',
        b'{"url": "u", "body": "nested", "tags": [[[[[["x"]]]]]]}',
        b"[1, 2]",
        b'"just a string"',
    ],
)
def test_jsonl_lines_read_as_json_loads_reads_them(tmp_path: Path, line: bytes) -> None:
    """The JSONL reader's fast path (decode, then the C scanner) agrees with json.loads
    on every line: the same page, or the same problem."""
    path = write(tmp_path / "one.jsonl", b'{"url": "first", "body": "ok"}\n' + line + b"\n")
    items = read_one(path)[1:]
    try:
        obj = json.loads(line + b"\n")  # a line is read with its end
    except UnicodeDecodeError as exc:
        assert items == [Problem(str(path), f"not UTF-8: {exc.reason} at byte {exc.start}", 2)]
        return
    except json.JSONDecodeError as exc:
        assert items == [Problem(str(path), f"not valid JSON: {exc}", 2)]
        return
    if not isinstance(obj, dict):
        got = "list" if isinstance(obj, list) else "string"
        message = f"expected an object with a 'url' key, got a JSON {got}"
        assert items == [Problem(str(path), message, 2)]
        return
    (item,) = items
    if isinstance(item, Page):
        assert (item.url, item.body) == (obj["url"], obj["body"])
    else:  # a field of the wrong type
        assert item.line == 2 and item.message.startswith("page 'u': "), item


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.txt", b"", "file is empty"),
        ("blank.md", b"  \n\n", "file is empty"),
        ("empty.jsonl", b"\n\n", "file is empty"),
        ("latin1.txt", "café".encode("latin-1"), "not UTF-8: byte 0xe9 at offset 3"),
        ("binary.txt", b"\x00\x01\x02binary", "binary file"),
        ("binary.jsonl", b"\x00\x01\x02binary", "binary file"),
        ("bad.json", b"{nope", "not valid JSON"),
        ("list.json", b"[1, 2]", "expected a JSON object"),
        ("nobody.html", b"<html><head><title>t</title></head></html>", "no main text"),
    ],
)
def test_bad_files_are_one_line_problems(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    problem = only_problem(read_one(write(tmp_path / name, data)))
    assert message in problem.message
    assert "\n" not in str(problem)


def test_size_cap(tmp_path: Path) -> None:
    path = write(tmp_path / "big.txt", "word " * 100)
    assert "the limit is 100" in only_problem(read_one(path, max_bytes=100)).message
    jsonl = write(tmp_path / "big.jsonl", '{"url": "a", "body": "' + "x" * 200 + '"}\n')
    assert only_problem(read_one(jsonl, max_bytes=100)).line == 1


# --- URLs ---------------------------------------------------------------------------------------


def test_file_urls_are_absolute_or_under_the_base_url(tmp_path: Path) -> None:
    path = write(tmp_path / "docs" / "sub dir" / "a b.md", "text")
    root = tmp_path / "docs"
    assert file_url(path, root) == path.resolve().as_uri()
    assert file_url(path, root.resolve(), "https://docs.example/base/") == (
        "https://docs.example/base/sub%20dir/a%20b.md"
    )
    sources, _ = discover([root], base_url="https://docs.example")
    assert [s.doc_url for s in sources] == ["https://docs.example/sub%20dir/a%20b.md"]


def test_discover_skips_hidden_and_unknown_files_in_folders(tmp_path: Path) -> None:
    write(tmp_path / "d" / "a.txt", "a")
    write(tmp_path / "d" / ".hidden.txt", "h")
    write(tmp_path / "d" / ".git" / "b.txt", "b")
    write(tmp_path / "d" / "image.png", "png")
    write(tmp_path / "d" / "z" / "c.HTML", "<p>c</p>")
    ignored: list[Problem] = []
    sources, problems = discover([tmp_path / "d", tmp_path / "d" / "a.txt"], ignored=ignored)
    assert [(s.path.name, s.kind) for s in sources] == [("a.txt", "txt"), ("c.HTML", "html")]
    assert [(Path(p.file).name, p.message) for p in problems] == [
        ("image.png", "unsupported file type (.png files are not read)")
    ]
    assert sorted((Path(p.file).name, p.message) for p in ignored) == [
        (".git", "hidden folder"),
        (".hidden.txt", "hidden file"),
    ]
    _, problems = discover([tmp_path / "d" / "image.png"])
    assert "unsupported file type" in problems[0].message
    with pytest.raises(IngestError, match="no such file or folder"):
        discover([tmp_path / "missing"])


def test_passage_urls_round_trip() -> None:
    assert passage_url("https://x/a", 3) == "https://x/a#p3"
    assert parse_passage_url("https://x/a#p3") == ("https://x/a", 3)
    assert parse_passage_url("hotpotqa://T#2#p12") == ("hotpotqa://T#2", 12)
    for not_a_passage in ("https://x/a", "https://x/a#p0", "https://x/a#p", "x#p1a", "x#P1"):
        assert parse_passage_url(not_a_passage) is None


# --- passages -----------------------------------------------------------------------------------

PARAGRAPH = st.lists(
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=400), max_size=8
).map(" ".join)


@pytest.mark.integration
@settings(max_examples=200, deadline=None)
@given(
    st.lists(PARAGRAPH, max_size=12).map(lambda ps: "\n\n".join(ps)),
    st.integers(min_value=1, max_value=600),
)
def test_passages_partition_the_text(text: str, target: int) -> None:
    spans = split_passages(text, target)
    assert "".join(text[a:b] for a, b in spans) == text
    if text:
        assert spans[0][0] == 0 and spans[-1][1] == len(text)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end == start
    for a, b in spans:
        assert 0 < b - a <= max(target * 3 // 2, target)


def test_passages_keep_paragraphs_and_sentences_whole() -> None:
    sentence = "The orchard robot picks ripe fruit at dawn every day."  # 53 characters
    paragraph = " ".join([sentence] * 8)  # 431
    text = "\n\n".join([paragraph] * 6)
    spans = split_passages(text, 1200)
    assert len(spans) == 3
    for a, b in spans:
        assert text[a:b].rstrip().endswith(paragraph)  # whole paragraphs
    long_paragraph = " ".join([sentence] * 40)
    starts = {a for a, _ in sentences(long_paragraph)}
    for a, b in split_passages(long_paragraph, 300):
        assert a in starts  # every cut is between sentences
        assert b - a <= 300 or a == b


def test_a_sentence_longer_than_a_passage_is_cut_at_spaces() -> None:
    text = " ".join(f"word{i}" for i in range(400))
    spans = split_passages(text, 100)
    assert all(text[a:b].endswith(" ") or b == len(text) for a, b in spans)
    assert split_passages("x" * 250, 100) == [(0, 100), (100, 200), (200, 250)]
    assert split_passages("", 100) == []


# --- ingest -------------------------------------------------------------------------------------


def mixed_folder(root: Path) -> Path:
    write(root / "acme.md", "---\ntitle: Acme\n---\nAcme Robotics was founded by Ada Ortiz.")
    write(root / "notes" / "falcon.txt", "Falcons nest on cliffs.")
    write(
        root / "news.html", "<html><body><p>The widget factory opened in Porto.</p></body></html>"
    )
    write(
        root / "pages.jsonl",
        '{"url": "https://x.example/z", "title": "Zebra", "body": "Stripes."}\n',
    )
    write(root / "bad.txt", b"\xff\xfe")
    return root


def test_ingest_a_mixed_folder_reports_counts_and_skipped_files(tmp_path: Path) -> None:
    docs = mixed_folder(tmp_path / "docs")
    report = ingest([docs], tmp_path / "index")
    assert (report.added, report.updated, report.removed, report.unchanged) == (4, 0, 0, 0)
    assert report.documents == 4 and report.passages == 4
    assert [(Path(p.file).name, p.message[:10]) for p in report.problems] == [
        ("bad.txt", "not UTF-8:")
    ]
    data = report.as_dict()
    assert data["files"] == {"read": 5, "unchanged": 0, "removed": 0, "skipped": 1}
    again = ingest([docs], tmp_path / "index")
    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 4)
    assert again.files_unchanged == 4 and len(again.problems) == 1  # still reported


def test_anchors_are_stable_across_re_ingests(tmp_path: Path) -> None:
    paragraphs = [f"Paragraph {i} talks about topic{i} at length. " * 12 for i in range(8)]
    write(tmp_path / "d" / "long.txt", "\n\n".join(paragraphs))
    ingest([tmp_path / "d"], tmp_path / "i1")
    write(tmp_path / "d" / "other.txt", "another file")
    ingest([tmp_path / "d"], tmp_path / "i1")
    ingest([tmp_path / "d"], tmp_path / "i2")  # a fresh index of the same files
    with open_index(tmp_path / "i1") as one, open_index(tmp_path / "i2") as two:
        first = list(one.corpus().pages)
        assert first == list(two.corpus().pages)
        assert len([u for u in first if "long.txt#p" in u]) >= 3
        for url in first:
            assert one.corpus().pages[url].body == two.corpus().pages[url].body


def test_duplicate_urls_across_files_keep_the_first(tmp_path: Path) -> None:
    write(tmp_path / "d" / "a.jsonl", '{"url": "u", "title": "A", "body": "from a"}\n')
    write(tmp_path / "d" / "b.jsonl", '{"url": "u", "title": "B", "body": "from b"}\n')
    report = ingest([tmp_path / "d"], tmp_path / "index")
    assert report.added == 1
    assert "already indexed from" in report.problems[0].message
    with open_index(tmp_path / "index") as index:
        assert index.corpus().pages["u#p1"].body == "from a"


def test_strict_stops_at_the_first_problem_and_writes_nothing(tmp_path: Path) -> None:
    docs = mixed_folder(tmp_path / "docs")
    ingest([docs / "acme.md"], tmp_path / "index")
    with pytest.raises(IngestError, match=r"bad\.txt: not UTF-8.*--strict: nothing was written"):
        ingest([docs], tmp_path / "index", strict=True)
    with open_index(tmp_path / "index") as index:
        assert index.counts() == (1, 1)


def test_a_failed_ingest_leaves_the_previous_index_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = mixed_folder(tmp_path / "docs")
    ingest([docs], tmp_path / "index")
    write(docs / "acme.md", "Acme Robotics was founded by Bo Chen.")
    write(docs / "zz.txt", "explodes")
    import sleuth.ingest.read as module

    real = module.split_blocks

    def exploding(text: str, *args: Any) -> list[tuple[int, int, str]]:
        if text == "explodes":
            raise RuntimeError("disk on fire")
        return real(text, *args)

    monkeypatch.setattr(module, "split_blocks", exploding)
    with pytest.raises(RuntimeError, match="disk on fire"):
        ingest([docs], tmp_path / "index")
    with open_index(tmp_path / "index") as index:
        assert index.counts() == (4, 4)
        (hit,) = index.search("founded", 5)
        assert "Ada Ortiz" in hit.snippet
        assert index.search("Chen", 5) == []


def test_base_url_validation(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="expected an absolute URL"):
        ingest([mixed_folder(tmp_path / "d")], tmp_path / "i", base_url="docs.example")


def test_source_key_is_the_absolute_path(tmp_path: Path) -> None:
    path = write(tmp_path / "a.txt", "x")
    (source,) = discover([path])[0]
    assert isinstance(source, Source) and source.key == str(path.resolve())


def test_a_lone_surrogate_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = write(
        tmp_path / "p.jsonl",
        '{"url": "ok", "body": "fine"}\n{"url": "bad", "body": "broken \\ud800 escape"}\n',
    )
    report = ingest([path], tmp_path / "index")
    assert report.added == 1
    assert "lone surrogate" in report.problems[0].message


def test_a_lone_surrogate_is_found_where_a_character_search_finds_one() -> None:
    """`_bad_text` looks for a lone surrogate by encoding the text (the fast way): it
    finds one exactly where looking at each character does, in generated text."""
    import random
    import re

    from sleuth.ingest.walk import _has_surrogate

    rng = random.Random(16)
    surrogate = re.compile("[\ud800-\udfff]")
    edges = [0, 0x7F, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF]
    texts = [chr(point) for point in edges]
    for _ in range(5000):
        points = [
            rng.choice([rng.randrange(0x110000), rng.randrange(0xD700, 0xE100), rng.randrange(128)])
            for _ in range(rng.randint(0, 12))
        ]
        texts.append("".join(map(chr, points)))
    found = [_has_surrogate(text) for text in texts]
    assert found == [surrogate.search(text) is not None for text in texts]
    assert 1000 < sum(found) < 4000


def test_jsonl_fields_of_the_wrong_type_are_problems_on_the_fast_path_too(tmp_path: Path) -> None:
    lines = [
        '{"url": "null-tags", "body": "x", "tags": null}',  # once a TypeError ending the ingest
        '{"url": "empty-tags", "body": "x", "tags": ""}',
        '{"url": "int-tag", "body": "x", "tags": ["a", 1]}',
        '{"url": "no-title", "body": "x", "published": "2024-01-01"}',
        '{"url": "tagged", "title": "T", "body": "x", "tags": ["a", "b"]}',
        '{"url": "nothing-else", "body": "x"}',
        '{"url": "non-ascii \u00e9t\u00e9", "title": "\u00c9t\u00e9", "body": "caf\u00e9"}',
    ]
    items = read_one(write(tmp_path / "p.jsonl", "\n".join(lines)))
    problems = {p.line: p.message for p in items if isinstance(p, Problem)}
    pages = {p.url: p for p in items if isinstance(p, Page)}
    assert sorted(problems) == [1, 2, 3] and all("tags" in m for m in problems.values())
    assert pages["no-title"].published == "2024-01-01" and pages["no-title"].title == "no-title"
    assert pages["tagged"].tags == ("a", "b") and pages["nothing-else"].tags == ()
    assert pages["non-ascii été"].body == "café"


def test_an_index_inside_the_folder_it_indexes_is_not_read(tmp_path: Path) -> None:
    write(tmp_path / "docs" / "a.txt", "alpha")
    ingest([tmp_path / "docs"], tmp_path / "docs" / "index")
    report = ingest([tmp_path / "docs"], tmp_path / "docs" / "index")
    assert report.problems == [] and report.unchanged == 1 and report.documents == 1


@pytest.mark.integration
def test_progress_counts_every_byte_once(tmp_path: Path) -> None:
    docs = mixed_folder(tmp_path / "docs")
    big = "\n".join(
        json.dumps({"url": f"u{i}", "body": "x" * 2000 + f" page {i}"}) for i in range(3000)
    )
    write(docs / "big.jsonl", big)
    total = sum(p.stat().st_size for p in docs.rglob("*") if p.is_file())
    seen: list[tuple[int, int]] = []
    ingest([docs], tmp_path / "index", on_progress=lambda done, all_: seen.append((done, all_)))
    assert seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(seen) > 6  # the big JSONL file reports as it streams, not only at its end


def test_a_fifo_given_directly_is_a_problem_not_a_hang(tmp_path: Path) -> None:
    import os

    from sleuth.ingest import discover

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    sources, problems = discover([fifo])
    assert sources == [] and problems[0].message == "not a regular file"


def test_a_jsonl_file_with_a_bad_line_still_owns_its_documents(tmp_path: Path) -> None:
    good = '{"url": "https://u/1", "title": "Z", "body": "a zebra here"}\n'
    path = write(tmp_path / "d" / "f.jsonl", good + "{bad\n")
    first = ingest([tmp_path / "d"], tmp_path / "index")
    assert first.added == 1 and len(first.problems) == 1
    again = ingest([tmp_path / "d"], tmp_path / "index")
    assert len(again.problems) == 1  # read again, so still reported
    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 1)
    path.unlink()
    gone = ingest([tmp_path / "d"], tmp_path / "index")
    assert gone.removed == 1 and gone.files_removed == 1
    with open_index(tmp_path / "index") as index:
        assert index.counts() == (0, 0) and index.search("zebra", 5) == []


def test_a_document_url_ending_like_a_passage_is_a_problem(tmp_path: Path) -> None:
    lines = [
        '{"url": "https://x/doc", "body": "alpha"}',
        '{"url": "https://x/doc#p2", "body": "beta"}',
        '{"url": "https://x/doc#part2", "body": "gamma"}',
    ]
    report = ingest([write(tmp_path / "x.jsonl", "\n".join(lines))], tmp_path / "index")
    assert report.added == 2
    (problem,) = report.problems
    assert "'https://x/doc#p2'" in problem.message and "#pN" in problem.message
    with open_index(tmp_path / "index") as index:
        assert index.corpus().pages["https://x/doc#p1"].body == "alpha"
        assert "https://x/doc#p2" not in index.corpus().pages


@pytest.mark.subprocess
def test_a_local_ingest_never_loads_the_postgresql_index(tmp_path: Path) -> None:
    """`sleuth.index.pg` (a thousand lines) is loaded only for a ``postgresql://`` index:
    part of keeping an ingest within 2x of its speed before formats were read."""
    import subprocess
    import sys

    write_file = tmp_path / "docs" / "a.md"
    write_file.parent.mkdir()
    write_file.write_text("# A\n\nFalcons nest on cliffs.\n", encoding="utf-8")
    script = (
        "import sys; from sleuth.ingest import ingest; import sleuth.index as index; "
        f"ingest([{str(write_file.parent)!r}], {str(tmp_path / 'i')!r}); "
        "assert 'sleuth.index.pg' not in sys.modules, 'loaded'; "
        "assert index.PostgresIndex.__name__ == 'PostgresIndex'; "
        "assert 'sleuth.index.pg' in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
