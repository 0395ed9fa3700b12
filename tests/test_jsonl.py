"""The one JSONL reader (`sleuth.jsonl`): its rules, line by line, and the same rules seen
through every reader built on it (``--corpus``, ``sleuth index``, suites, datasets)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.corpus import Page, load_corpus
from sleuth.datasets import load_hotpotqa
from sleuth.errors import CorpusError, UsageError
from sleuth.evals.suite import load_suite
from sleuth.ingest import Problem, discover, read_source
from sleuth.jsonl import BadLine, json_type, load_jsonl, read_jsonl


def read(data: bytes, **options: Any) -> list[tuple[int, Any] | BadLine]:
    """What the reader makes of a file holding ``data`` (lines split as a file splits)."""
    return list(read_jsonl(_lines(data), **options))


def _lines(data: bytes) -> list[bytes]:
    """``data`` cut after each ``\\n``, as iterating over a binary file cuts it."""
    parts = data.split(b"\n")
    out = [p + b"\n" for p in parts[:-1]]
    return [*out, parts[-1]] if parts[-1] else out


def test_good_lines_are_records_numbered_from_one() -> None:
    data = b'{"a": 1}\n{"b": [2, 3]}\n{"c": "no newline at the end"}'
    assert read(data) == [(1, {"a": 1}), (2, {"b": [2, 3]}), (3, {"c": "no newline at the end"})]


def test_blank_lines_are_passed_over_but_counted() -> None:
    data = b'\n{"a": 1}\n\n   \n\t\r\n{"b": 2}\n\n'
    assert read(data) == [(2, {"a": 1}), (6, {"b": 2})]
    assert read(b"\n \n\n") == []


def test_a_malformed_line_is_a_problem_naming_it_and_the_others_are_kept() -> None:
    items = read(b'{"a": 1}\n{broken\n{"c": 3}\n')
    assert items[0] == (1, {"a": 1}) and items[2] == (3, {"c": 3})
    bad = items[1]
    assert isinstance(bad, BadLine) and bad.line == 2
    assert bad.message.startswith("not valid JSON: Expecting property name")
    assert bad.where("f.jsonl") == "f.jsonl:2"


@pytest.mark.parametrize(
    ("line", "kind"),
    [(b"[1, 2]", "list"), (b'"text"', "string"), (b"7", "number"), (b"null", "null")],
)
def test_a_line_that_is_not_an_object_is_a_problem_unless_any_value_is_taken(
    line: bytes, kind: str
) -> None:
    assert read(line + b"\n") == [BadLine(1, f"expected a JSON object, got a JSON {kind}")]
    assert read(line + b"\n", expect="a page") == [
        BadLine(1, f"expected a page, got a JSON {kind}")
    ]
    assert read(line + b"\n", expect=None) == [(1, json.loads(line))]


def test_a_byte_order_mark_is_dropped() -> None:
    assert read(b'\xef\xbb\xbf{"a": 1}\n{"b": 2}\n') == [(1, {"a": 1}), (2, {"b": 2})]
    # on a later line (files joined together) too, as json.loads drops it from bytes
    assert read(b'{"a": 1}\n\xef\xbb\xbf{"b": 2}\n') == [(1, {"a": 1}), (2, {"b": 2})]


def test_an_oversized_line_is_a_problem_and_reading_goes_on() -> None:
    long = json.dumps({"body": "x" * 100}).encode()
    items = read(b'{"a": 1}\n' + long + b'\n{"c": 3}\n', max_line_bytes=64)
    assert items == [
        (1, {"a": 1}),
        BadLine(2, f"line is {len(long) + 1} bytes; the limit is 64"),
        (3, {"c": 3}),
    ]


@pytest.mark.parametrize(
    ("line", "reason", "at"),
    [
        (b'{"body": "caf\xe9"}', "invalid continuation byte", 13),
        (b'{"body": "\xff"}', "invalid start byte", 10),
        (b'["\xe9"]', "invalid continuation byte", 2),  # not an object: decoded all the same
    ],
)
def test_bytes_that_are_not_utf8_are_a_problem_naming_the_byte(
    line: bytes, reason: str, at: int
) -> None:
    assert read(b'{"a": 1}\n' + line + b"\n")[1] == BadLine(2, f"not UTF-8: {reason} at byte {at}")


def test_nul_bytes_in_the_first_line_make_a_binary_file_with_nothing_read() -> None:
    assert read(b'\0\0{"a": 1}\n{"b": 2}\n') == [BadLine(None, "binary file (NUL bytes), not text")]
    assert BadLine(None, "x").where("f.jsonl") == "f.jsonl"


def test_too_deep_nesting_is_a_problem_not_a_crash() -> None:
    deep = b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert read(deep + b'\n{"b": 2}\n') == [BadLine(1, "JSON nested too deeply"), (2, {"b": 2})]


def test_lines_end_at_newline_only() -> None:
    """U+2028, U+2029 and U+0085, where `str.splitlines` breaks, stay inside their
    string; a CRLF ending is an ending; a form feed is no JSON whitespace."""
    body = "one\u2028two\u2029three\x85four"
    data = json.dumps({"body": body}, ensure_ascii=False).encode() + b"\r\n"
    data += b'{"b": 2}\r\n{"c": 3}\x0c\n'
    items = read(data)
    assert items[:2] == [(1, {"body": body}), (2, {"b": 2})]
    assert items[2] == BadLine(3, "not valid JSON: Extra data: line 1 column 9 (char 8)")


def test_each_line_reads_as_json_loads_reads_it() -> None:
    lines = [
        b'{"n": NaN}',
        b'{"s": "\\ud800"}',
        b'{"big": 12345678901234567890}',
        b'{"k": 1, "k": 2}',
    ]
    for line in lines:
        assert read(line + b"\n") == [(1, json.loads(line))]


def test_json_type_names_every_json_value() -> None:
    values = [{}, [], "", 0, 1.5, True, None]
    assert [json_type(v) for v in values] == [
        "object",
        "list",
        "string",
        "number",
        "number",
        "boolean",
        "null",
    ]


# --- load_jsonl: the first bad line stops it -------------------------------------------------


def test_load_jsonl_raises_at_the_first_bad_line_naming_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'{"a": 1}\n\n["x"]\n{broken\n')
    records = load_jsonl(path)
    assert next(records) == (1, {"a": 1})
    with pytest.raises(CorpusError) as info:
        next(records)
    assert str(info.value) == f"{path}:3: expected a JSON object, got a JSON list"
    with pytest.raises(UsageError, match=r"f\.jsonl:4: not valid JSON"):
        list(load_jsonl(path, error=UsageError, expect=None))


def test_load_jsonl_of_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match=r"absent\.jsonl: cannot read: No such file"):
        list(load_jsonl(tmp_path / "absent.jsonl"))


# --- one set of rules for every reader built on it -------------------------------------------

BAD_LINES = [
    pytest.param(b"{broken", "not valid JSON: Expecting property name", id="malformed"),
    pytest.param(b"[1, 2]", "expected ", id="not-an-object"),
    pytest.param(b'{"url": "u2", "body": "caf\xe9"}', "not UTF-8: invalid continuation", id="utf8"),
    pytest.param(b"[" * 100_000, "JSON nested too deeply", id="deep"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES)
def test_a_bad_line_is_the_same_problem_for_every_reader(
    tmp_path: Path, line: bytes, message: str
) -> None:
    def file(good: dict[str, Any]) -> Path:
        path = tmp_path / "f.jsonl"  # a BOM, a good line, a blank one, the bad line
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode() + b"\n\n" + line + b"\n")
        return path

    page = {"url": "u1", "body": "text"}
    where = f"{tmp_path / 'f.jsonl'}:3: "
    with pytest.raises(CorpusError) as corpus_error:
        load_corpus(str(file(page)))
    assert str(corpus_error.value).startswith(where + message)
    (source,), _ = discover([file(page)])
    items = list(read_source(source))
    assert items[0] == Page("u1", "u1", "text")
    (problem,) = items[1:]
    assert isinstance(problem, Problem) and str(problem).startswith(where + message)
    with pytest.raises(UsageError) as suite_error:
        load_suite(str(file({"id": "a", "question": "q", "corpus": "acme"})))
    assert str(suite_error.value).startswith(where + message)
    if message != "expected ":  # a dataset takes any value, then names the record
        record = {
            "_id": "h",
            "question": "q",
            "answer": "a",
            "supporting_facts": [],
            "context": [["T", ["a b."]]],
        }
        with pytest.raises(CorpusError) as dataset_error:
            load_hotpotqa(file(record), strict=True)
        assert str(dataset_error.value).startswith(where + message)
        skipping = load_hotpotqa(file(record))  # by default the bad line is skipped, named
        assert [c.id for c in skipping.cases] == ["h"]
        (skipped,) = skipping.skipped
        assert str(skipped).startswith(where + message)


def test_a_corpus_line_may_hold_a_line_separator(tmp_path: Path) -> None:
    """`str.splitlines` once cut such a line in two: the file was refused."""
    path = tmp_path / "pages.jsonl"
    body = "Acme\u2028Robotics"
    path.write_text(json.dumps({"url": "u", "body": body}, ensure_ascii=False) + "\n", "utf-8")
    assert load_corpus(str(path)).pages["u"].body == body
