"""Loading corpora: the built-in ones, seed-style JSON and JSONL files, and every way a
file can be wrong (each a `CorpusError` with one line naming the file and the page)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.corpus import Corpus, Page, builtin_dir, builtin_names, load_corpus
from sleuth.errors import CorpusError, UsageError

BUILTINS = ("acme", "workshop", "brand")


# --- built-in corpora --------------------------------------------------------------------


def test_builtin_names() -> None:
    assert builtin_names() == sorted(BUILTINS)


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_corpus_loads(name: str) -> None:
    corpus = load_corpus(name)
    assert isinstance(corpus, Corpus)
    assert corpus.name == name
    assert len(corpus) >= 6
    for page in corpus:
        assert isinstance(page, Page)
        assert corpus.get(page.url) is page
        assert page.title.strip() and page.body.strip()


def test_acme_is_the_default_and_has_at_least_eight_pages() -> None:
    acme = load_corpus()
    assert acme.name == "acme"
    assert len(acme) >= 8
    wiki = acme.get("https://wiki.example/Acme_Robotics")
    assert wiki is not None
    assert "founded by Ada Ortiz in 2014" in wiki.body
    registry = acme.get("https://registry.example/companies/acme-robotics")
    assert registry is not None
    assert (registry.published, registry.version, registry.authority) == ("2022-03-15", 1, 3)
    assert acme.get("https://evil.example/") is None


def test_unknown_builtin_dir_names_the_known_corpora() -> None:
    with pytest.raises(CorpusError, match=r"unknown corpus 'nope'.*acme, brand, workshop"):
        builtin_dir("nope")


# --- the eval cases shipped with each built-in corpus -------------------------------------


def _cases(name: str) -> list[dict[str, Any]]:
    lines = (builtin_dir(name) / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("name", BUILTINS)
def test_cases_file_parses(name: str) -> None:
    cases = _cases(name)
    assert cases
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids)), "case ids are unique"
    for case in cases:
        assert isinstance(case["question"], str) and case["question"].strip()
        assert isinstance(case["expect"], dict) and "status" in case["expect"]
        assert all(isinstance(f, str) for f in case.get("require", []))


@pytest.mark.parametrize("name", BUILTINS)
def test_cases_reference_only_pages_of_their_corpus(name: str) -> None:
    corpus = load_corpus(name)
    referenced = [
        (case["id"], url)
        for case in _cases(name)
        for key in ("cites", "opened")
        for url in case["expect"].get(key, [])
    ]
    assert referenced or name == "workshop"
    missing = [(case_id, url) for case_id, url in referenced if corpus.get(url) is None]
    assert missing == []


# --- file corpora ------------------------------------------------------------------------

SEED = {
    "https://a.example/one": {
        "title": "Page one",
        "body": "First body.",
        "tags": ["x", "y"],
        "published": "2025-02-10",
        "version": 2,
        "authority": 1,
        "ignored": "extra fields are ignored",
    },
    "https://a.example/two": {"body": "Second body, untitled."},
}


def test_seed_style_json_file(tmp_path: Path) -> None:
    path = tmp_path / "pages.json"
    path.write_text(json.dumps(SEED), encoding="utf-8")
    corpus = load_corpus(str(path))
    assert corpus.name == str(path)
    assert list(corpus.pages) == ["https://a.example/one", "https://a.example/two"]
    assert corpus.get("https://a.example/one") == Page(
        url="https://a.example/one",
        title="Page one",
        body="First body.",
        tags=("x", "y"),
        published="2025-02-10",
        version=2,
        authority=1,
    )
    untitled = corpus.get("https://a.example/two")
    assert untitled == Page(
        url="https://a.example/two", title="https://a.example/two", body="Second body, untitled."
    )


def test_json_file_with_another_suffix_is_read_as_json(tmp_path: Path) -> None:
    path = tmp_path / "pages.txt"
    path.write_text(json.dumps(SEED), encoding="utf-8")
    assert len(load_corpus(str(path))) == 2


def test_jsonl_file_ignores_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "pages.jsonl"
    rows = [
        {"url": "doc_a", "title": "A", "body": "Alpha text.", "tags": ["t"]},
        {"url": "doc_b", "body": "Beta text.", "published": "2026-01-12T09:00:00"},
    ]
    path.write_text(
        "\n" + json.dumps(rows[0]) + "\n\n   \n" + json.dumps(rows[1]) + "\n\n", encoding="utf-8"
    )
    corpus = load_corpus(str(path))
    assert list(corpus.pages) == ["doc_a", "doc_b"]
    assert corpus.get("doc_a") == Page(url="doc_a", title="A", body="Alpha text.", tags=("t",))
    doc_b = corpus.get("doc_b")
    assert doc_b is not None
    assert (doc_b.title, doc_b.published) == ("doc_b", "2026-01-12T09:00:00")


# --- malformed inputs ----------------------------------------------------------------------


def _jsonl(*rows: Any) -> str:
    return "\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n"


MALFORMED = [
    pytest.param("pages.json", "{not json", ["not valid JSON"], id="invalid-json"),
    pytest.param("pages.json", "", ["not valid JSON"], id="empty-file"),
    pytest.param("pages.json", json.dumps([SEED]), ["expected a JSON object"], id="json-list"),
    pytest.param("pages.json", '"just text"', ["expected a JSON object"], id="json-string"),
    pytest.param("pages.json", "{}", ["no pages"], id="empty-object"),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"title": "T"}}),
        ["page 'u1'", "body", "Field required"],
        id="page-without-body",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"body": 42}}),
        ["page 'u1'", "body", "valid string"],
        id="body-is-a-number",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"body": ["a", "b"]}}),
        ["page 'u1'", "body"],
        id="body-is-a-list",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"body": "ok", "published": "2025-13-45"}}),
        ["page 'u1'", "published"],
        id="bad-published-date",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"body": "ok", "published": "last Tuesday"}}),
        ["page 'u1'", "published"],
        id="published-not-a-date",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": {"body": "ok", "tags": "news"}}),
        ["page 'u1'", "tags"],
        id="tags-not-a-list",
    ),
    pytest.param(
        "pages.json",
        json.dumps({"u1": "just a body"}),
        ["page 'u1'", "expected an object"],
        id="page-not-an-object",
    ),
    pytest.param(
        "pages.json",
        json.dumps({" ": {"body": "ok"}}),
        ["empty or non-string URL"],
        id="blank-url",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": "u1", "body": "a"}, {"url": "u2", "body": "b"}, {"url": "u1", "body": "c"}),
        ["page 'u1' appears twice"],
        id="jsonl-duplicate-url",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": "u1", "body": "a"}, {"title": "no url", "body": "b"}),
        [":2:", "'url'"],
        id="jsonl-line-without-url",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": "u1", "body": "a"}, "", '["u2", "b"]'),
        [":3:", "'url'"],
        id="jsonl-line-not-an-object",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": "u1", "body": "a"}, {"url": "u2", "body": "b"}, "{broken"),
        [":3:", "not valid JSON"],
        id="jsonl-invalid-line",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": "u1", "title": "no body"}),
        ["page 'u1'", "body"],
        id="jsonl-page-without-body",
    ),
    pytest.param(
        "pages.jsonl",
        _jsonl({"url": 7, "body": "a"}),
        ["non-string URL"],
        id="jsonl-url-not-a-string",
    ),
    pytest.param("pages.jsonl", "\n  \n\n", ["no pages"], id="jsonl-only-blank-lines"),
]


def _assert_one_line_naming(exc: CorpusError, path: Path, phrases: list[str]) -> None:
    message = str(exc)
    assert "\n" not in message, f"not one line: {message!r}"
    assert message.startswith(str(path)), message
    for phrase in phrases:
        assert phrase in message, f"{phrase!r} not in {message!r}"


@pytest.mark.parametrize(("filename", "content", "phrases"), MALFORMED)
def test_malformed_file(tmp_path: Path, filename: str, content: str, phrases: list[str]) -> None:
    path = tmp_path / filename
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_corpus(str(path))
    _assert_one_line_naming(info.value, path, phrases)


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "pages.json"
    path.write_bytes('{"u1": {"body": "café"}}'.encode("latin-1"))
    with pytest.raises(CorpusError) as info:
        load_corpus(str(path))
    _assert_one_line_naming(info.value, path, ["cannot read", "utf-8"])


def test_folder_path(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    with pytest.raises(CorpusError) as info:
        load_corpus(str(folder))
    _assert_one_line_naming(info.value, folder, ["is a folder"])


def test_missing_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(CorpusError) as info:
        load_corpus(str(missing))
    message = str(info.value)
    assert "\n" not in message
    assert repr(str(missing)) in message
    assert "no such file" in message
    assert "acme, brand, workshop" in message


def test_unknown_name() -> None:
    with pytest.raises(CorpusError, match=r"unknown corpus 'acmee'"):
        load_corpus("acmee")


def test_corpus_error_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "pages.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(UsageError):
        load_corpus(str(path))


def test_duplicate_url_in_json_object_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "pages.json"
    path.write_text('{"u1": {"body": "first"}, "u1": {"body": "second"}}', encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_corpus(str(path))
    _assert_one_line_naming(info.value, path, ["page 'u1' appears twice"])


def test_a_builtin_name_wins_over_a_local_folder_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "acme").mkdir()  # e.g. a project folder called acme
    monkeypatch.chdir(tmp_path)
    assert load_corpus("acme").name == "acme" and len(load_corpus("acme")) >= 8
    with pytest.raises(CorpusError, match="is a folder"):
        load_corpus("./acme")
