"""A bad record in a dataset file is skipped with a counted warning naming it and why; the
rest of the file loads. ``strict`` (``sleuth eval run --dataset ... --strict``) makes the
first bad record a one-line error. Every file here is written by the test: 200 good
records with one bad one among them, in each format, for each kind of badness."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli import main
from sleuth.datasets import Dataset, load_hotpotqa, load_musique, load_squad2
from sleuth.errors import CorpusError

N = 200
BAD = 117  # the index of the bad record


def hotpot(i: int) -> dict[str, Any]:
    return {
        "_id": f"h{i}",
        "question": f"Which town is twinned with Alderford {i}?",
        "answer": f"Brennick {i}",
        "supporting_facts": [[f"Alderford {i}", 0]],
        "context": [
            [f"Alderford {i}", [f"Alderford {i} is twinned with Brennick {i}.", " It is small."]],
            [f"Coldwater {i}", ["Coldwater is a river."]],
        ],
    }


def musique(i: int) -> dict[str, Any]:
    return {
        "id": f"m{i}",
        "question": f"Who founded the mill of Dunmore {i}?",
        "answer": f"Ada Quill {i}",
        "answer_aliases": [],
        "answerable": True,
        "paragraphs": [
            {
                "title": f"Dunmore {i}",
                "paragraph_text": f"Ada Quill {i} founded the mill.",
                "is_supporting": True,
            },
            {"title": f"Elsewhere {i}", "paragraph_text": "Nothing about mills.", "idx": 1},
        ],
    }


def without(record: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != key}


# (name, the bad record made from the good one, the reason's pattern)
HOTPOT_BAD: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("missing context", lambda r: without(r, "context"), r"context: Field required"),
    ("empty paragraphs", lambda r: r | {"context": []}, r"context: no paragraphs"),
    (
        "a paragraph without text",
        lambda r: r | {"context": [["Empty", ["", ""]], *r["context"]]},
        r"context\[0\]: the paragraph 'Empty' has no text",
    ),
    ("context of a wrong type", lambda r: r | {"context": "text"}, r"context: Input should be"),
    ("question of a wrong type", lambda r: r | {"question": 5}, r"question: Input should be"),
    ("missing question", lambda r: without(r, "question"), r"question: Field required"),
    ("blank question", lambda r: r | {"question": "  "}, r"question: empty"),
    ("missing answer", lambda r: without(r, "answer"), r"answer: Field required"),
    ("empty answer", lambda r: r | {"answer": ""}, r"answer: empty"),
    ("not an object", lambda r: [r], r"expected a JSON object, got a JSON list"),
    (
        "a supporting fact from no paragraph",
        lambda r: r | {"supporting_facts": [["Gone", 0]]},
        r"supporting_facts: title 'Gone' is not in the context",
    ),
    ("a repeated id", lambda r: r | {"_id": "h3"}, r"id: 'h3' appears twice in the file"),
]

MUSIQUE_BAD: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("missing paragraphs", lambda r: without(r, "paragraphs"), r"paragraphs: Field required"),
    ("empty paragraphs", lambda r: r | {"paragraphs": []}, r"paragraphs: no paragraphs"),
    (
        "a paragraph without text",
        lambda r: r | {"paragraphs": [{"title": "T", "paragraph_text": " "}]},
        r"paragraphs\[0\]: the paragraph 'T' has no text",
    ),
    (
        "a paragraph without title",
        lambda r: r | {"paragraphs": [{"paragraph_text": "x"}]},
        r"paragraphs\[0\]\.title: Field required",
    ),
    ("answerable of a wrong type", lambda r: r | {"answerable": "maybe"}, r"answerable: Input"),
    ("missing question", lambda r: without(r, "question"), r"question: Field required"),
    (
        "an answerable question without answer",
        lambda r: r | {"answer": "", "answer_aliases": []},
        r"answer: empty",
    ),
    ("not an object", lambda r: 42, r"expected a JSON object, got a JSON number"),
]


def write(path: Path, records: list[Any], bad_line: str | None = None) -> Path:
    """``records`` as a JSON list (``.json``) or JSONL; ``bad_line`` replaces the line of
    record BAD in a JSONL file."""
    if path.suffix == ".json":
        path.write_text(json.dumps(records), encoding="utf-8")
        return path
    lines = [json.dumps(r) for r in records]
    if bad_line is not None:
        lines[BAD] = bad_line
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def check_one_skipped(
    dataset: Dataset, path: Path, good_ids: list[str], pattern: str, record_id: str | None
) -> None:
    assert [c.id for c in dataset.cases] == good_ids
    (skipped,) = dataset.skipped
    line = f":{BAD + 1}" if path.suffix == ".jsonl" else ""
    assert skipped.record.startswith(f"{path}{line}: record {BAD}")
    if record_id is not None:
        assert skipped.record.endswith(f"(id {record_id!r})")
    assert re.search(pattern, skipped.reason), skipped.reason
    assert "\n" not in str(skipped)


def check_strict(load: Callable[..., Dataset], path: Path, pattern: str) -> None:
    with pytest.raises(CorpusError) as info:
        load(path, strict=True)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    assert f"record {BAD}" in message or f":{BAD + 1}:" in message
    assert re.search(pattern, message)


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
@pytest.mark.parametrize(("kind", "make", "pattern"), HOTPOT_BAD, ids=[k for k, *_ in HOTPOT_BAD])
def test_hotpotqa_skips_one_bad_record(
    tmp_path: Path, suffix: str, kind: str, make: Callable[[Any], Any], pattern: str
) -> None:
    records: list[Any] = [hotpot(i) for i in range(N)]
    records[BAD] = make(records[BAD])
    path = write(tmp_path / f"h{suffix}", records)
    dataset = load_hotpotqa(path)
    good = [f"h{i}" for i in range(N) if i != BAD]
    record_id = "h3" if kind == "a repeated id" else None if kind == "not an object" else "h117"
    check_one_skipped(dataset, path, good, pattern, record_id)
    # the bad record left no page behind, and the good ones are whole
    assert not any("117" in url for url in dataset.pages)
    assert len(dataset.pages) == 2 * (N - 1)
    check_strict(load_hotpotqa, path, pattern)


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
@pytest.mark.parametrize(("kind", "make", "pattern"), MUSIQUE_BAD, ids=[k for k, *_ in MUSIQUE_BAD])
def test_musique_skips_one_bad_record(
    tmp_path: Path, suffix: str, kind: str, make: Callable[[Any], Any], pattern: str
) -> None:
    records: list[Any] = [musique(i) for i in range(N)]
    records[BAD] = make(records[BAD])
    path = write(tmp_path / f"m{suffix}", records)
    dataset = load_musique(path, derive_unanswerable=True)
    good = [f"m{i}{tail}" for i in range(N) if i != BAD for tail in ("", "::derived")]
    check_one_skipped(dataset, path, good, pattern, None if kind == "not an object" else "m117")
    check_strict(load_musique, path, pattern)


@pytest.mark.parametrize("load", [load_hotpotqa, load_musique])
def test_a_jsonl_line_that_is_not_json_is_a_bad_record(
    tmp_path: Path, load: Callable[..., Dataset]
) -> None:
    make = hotpot if load is load_hotpotqa else musique
    path = write(tmp_path / "f.jsonl", [make(i) for i in range(N)], bad_line='{"_id": "h117", ')
    dataset = load(path)
    assert len(dataset.cases) == N - 1
    (skipped,) = dataset.skipped
    assert skipped.record == f"{path}:{BAD + 1}" and skipped.reason.startswith("not valid JSON")
    with pytest.raises(CorpusError, match=rf"f\.jsonl:{BAD + 1}: not valid JSON"):
        load(path, strict=True)


def squad_file(path: Path, edit: Callable[[dict[str, Any]], None] | None = None) -> Path:
    """One article of 100 paragraphs with two questions each (200 records): q{2p} is
    answerable, q{2p+1} is not."""
    paragraphs = []
    for p in range(100):
        context = f"The lighthouse at Cape {p} was built in {1800 + p}."
        paragraphs.append(
            {
                "context": context,
                "qas": [
                    {
                        "id": f"q{2 * p}",
                        "question": f"When was the lighthouse at Cape {p} built?",
                        "answers": [{"text": str(1800 + p), "answer_start": 0}],
                        "is_impossible": False,
                    },
                    {
                        "id": f"q{2 * p + 1}",
                        "question": f"Who painted the lighthouse at Cape {p}?",
                        "answers": [],
                        "is_impossible": True,
                    },
                ],
            }
        )
    data = {"version": "v2.0", "data": [{"title": "Capes", "paragraphs": paragraphs}]}
    if edit is not None:
        edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def qa(data: dict[str, Any], n: int) -> dict[str, Any]:
    result: dict[str, Any] = data["data"][0]["paragraphs"][n // 2]["qas"][n % 2]
    return result


def paragraph(data: dict[str, Any], p: int) -> dict[str, Any]:
    result: dict[str, Any] = data["data"][0]["paragraphs"][p]
    return result


# (kind, edit, the skipped record's name, its reason's pattern, ids lost)
SQUAD_BAD: list[tuple[str, Callable[[dict[str, Any]], None], str, str, set[str]]] = [
    (
        "missing question",
        lambda d: qa(d, BAD).pop("question"),
        "data[0].paragraphs[58].qas[1] (id 'q117')",
        r"question: Field required",
        {"q117"},
    ),
    (
        "answers of a wrong type",
        lambda d: qa(d, 116).update(answers="1858"),
        "data[0].paragraphs[58].qas[0] (id 'q116')",
        r"answers: Input should be a valid list",
        {"q116"},
    ),
    (
        "an answerable question without answer",
        lambda d: qa(d, 116).update(answers=[]),
        "data[0].paragraphs[58].qas[0] (id 'q116')",
        r"answers: none given, but is_impossible is false",
        {"q116"},
    ),
    (
        "missing context",
        lambda d: paragraph(d, 58).pop("context"),
        "data[0].paragraphs[58]",
        r"context: Field required",
        {"q116", "q117"},
    ),
    (
        "empty context",
        lambda d: paragraph(d, 58).update(context=""),
        "data[0].paragraphs[58]",
        r"context: the paragraph has no text",
        {"q116", "q117"},
    ),
    (
        "a repeated id",
        lambda d: qa(d, BAD).update(id="q3"),
        "data[0].paragraphs[58].qas[1] (id 'q3')",
        r"id: 'q3' appears twice in the file",
        {"q117"},
    ),
    (
        "a paragraph that is not an object",
        lambda d: d["data"][0]["paragraphs"].__setitem__(58, "text"),
        "data[0].paragraphs[58]",
        r"expected a JSON object, got a JSON string",
        {"q116", "q117"},
    ),
]


@pytest.mark.parametrize(
    ("kind", "edit", "name", "pattern", "lost"), SQUAD_BAD, ids=[k for k, *_ in SQUAD_BAD]
)
def test_squad2_skips_one_bad_record(
    tmp_path: Path,
    kind: str,
    edit: Callable[[dict[str, Any]], None],
    name: str,
    pattern: str,
    lost: set[str],
) -> None:
    path = squad_file(tmp_path / "s.json", edit)
    dataset = load_squad2(path)
    assert [c.id for c in dataset.cases] == [f"q{n}" for n in range(N) if f"q{n}" not in lost]
    (skipped,) = dataset.skipped
    assert skipped.record == f"{path}: {name}"
    assert re.search(pattern, skipped.reason)
    pages = 99 if lost == {"q116", "q117"} else 100  # a bad paragraph is no page
    assert len(dataset.pages) == pages
    with pytest.raises(CorpusError, match=re.escape(name) + ": " + pattern) as info:
        load_squad2(path, strict=True)
    assert "\n" not in str(info.value)


def test_squad2_article_without_paragraphs_and_without_title(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["data"] += [{"title": "Empty", "paragraphs": []}, {"paragraphs": []}]

    path = squad_file(tmp_path / "s.json", edit)
    dataset = load_squad2(path)
    assert len(dataset.cases) == N
    assert [(s.record, s.reason) for s in dataset.skipped] == [
        (f"{path}: data[1]", "paragraphs: the article has no paragraphs"),
        (f"{path}: data[2]", "title: Field required"),
    ]


def test_a_limit_counts_good_records_and_reports_only_what_it_read(tmp_path: Path) -> None:
    records: list[Any] = [hotpot(i) for i in range(N)]
    records[BAD] = without(records[BAD], "context")
    path = write(tmp_path / "h.jsonl", records)
    short = load_hotpotqa(path, limit=100)  # stops before the bad record
    assert len(short.cases) == 100 and short.skipped == ()
    longer = load_hotpotqa(path, limit=150)
    assert len(longer.cases) == 150 and len(longer.skipped) == 1
    assert longer.cases[-1].id == "h150"


def test_a_file_of_bad_records_only_is_an_error_naming_the_first(tmp_path: Path) -> None:
    path = write(tmp_path / "h.json", [without(hotpot(i), "answer") for i in range(3)])
    with pytest.raises(CorpusError, match=r"no good record: all 3 were skipped \(the first: "):
        load_hotpotqa(path)


def test_the_shared_files_have_no_bad_record() -> None:
    from shared import SHARED_DATA

    if not SHARED_DATA.is_dir():
        pytest.skip(f"no shared data at {SHARED_DATA}")
    assert load_hotpotqa(SHARED_DATA / "hotpotqa-train100-distractor.json").skipped == ()
    assert load_musique(SHARED_DATA / "musique-ans-train100.json").skipped == ()
    for article in ("normans", "rhine"):
        assert load_squad2(SHARED_DATA / f"squad2-dev-{article}.json").skipped == ()


# -- the CLI --------------------------------------------------------------------------------


def small_hotpot(tmp_path: Path) -> Path:
    """20 records, the fifth without context (an eval of 200 would only be slower)."""
    records: list[Any] = [hotpot(i) for i in range(20)]
    records[4] = without(records[4], "context")
    return write(tmp_path / "h.jsonl", records)


def test_eval_counts_skipped_records_in_its_summary_and_on_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db_path: Path
) -> None:
    path = small_hotpot(tmp_path)
    code = main(["eval", "--dataset", f"hotpotqa:{path}", "--json", "--db", str(db_path)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    record = json.loads(captured.out)
    assert len(record["cases"]) == 19 and "h4" not in {c["case_id"] for c in record["cases"]}
    assert record["summary"]["skipped_records"] == 1
    assert record["summary"]["skipped"] == [
        {"record": f"{path}:5: record 4 (id 'h4')", "reason": "context: Field required"}
    ]
    assert captured.err.splitlines()[:2] == [
        "sleuth: warning: skipped 1 bad record of the dataset (--strict makes a bad record "
        "an error):",
        f"  {path}:5: record 4 (id 'h4'): context: Field required",
    ]
    # the terminal report of the stored eval says it too
    assert main(["eval", "show", record["id"], "--db", str(db_path)]) == 0
    shown = capsys.readouterr().out
    assert "skipped 1 bad record(s) of the dataset" in shown
    assert "record 4 (id 'h4'): context: Field required" in shown


def test_strict_eval_stops_at_the_first_bad_record_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db_path: Path
) -> None:
    path = small_hotpot(tmp_path)
    argv = ["eval", "--dataset", f"hotpotqa:{path}", "--strict", "--db", str(db_path)]
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.strip().count("\n") == 0
    assert f"{path}:5: record 4 (id 'h4'): context: Field required" in captured.err
    assert main(["eval", "list", "--json", "--db", str(db_path)]) == 0
    assert json.loads(capsys.readouterr().out) == []  # nothing ran
    assert main(["eval", "acme", "--strict", "--db", str(db_path)]) == 2
    assert "--strict are for --dataset" in capsys.readouterr().err
