"""Dataset adapters: SQuAD 2.0, HotpotQA and MuSiQue files into pages plus eval cases, the
closed and open settings, derived unanswerable cases, export to the benchmark's JSONL, every
malformed input (one line naming the file) and the real slices in ../shared/data."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from shared import SHARED_DATA
from sleuth import OfflinePolicy, Status, Task, run
from sleuth.corpus import Page, load_corpus
from sleuth.datasets import (
    Dataset,
    EvalCase,
    export_jsonl,
    join_sentences,
    load_dataset,
    load_hotpotqa,
    load_musique,
    load_squad2,
    url_part,
)
from sleuth.errors import CorpusError, UsageError

Loader = Callable[..., Dataset]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def write_records(path: Path, records: list[dict[str, Any]]) -> Path:
    """A JSON list, or JSONL when ``path`` ends in ``.jsonl``."""
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        return path
    return write_json(path, records)


def case(dataset: Dataset, case_id: str) -> EvalCase:
    (found,) = [c for c in dataset.cases if c.id == case_id]
    return found


def bodies(dataset: Dataset) -> dict[str, str]:
    return {url: page.body for url, page in dataset.pages.items()}


# --- SQuAD 2.0 -----------------------------------------------------------------------------

SQUAD: dict[str, Any] = {
    "version": "v2.0",
    "data": [
        {
            "title": "Tiny Town",
            "paragraphs": [
                {
                    "context": "Tiny Town was founded in 1901 by Ada Ortiz.",
                    "qas": [
                        {
                            "id": "q1",
                            "question": "Who founded Tiny Town?",
                            "answers": [
                                {"text": "Ada Ortiz", "answer_start": 33},
                                {"text": "Ada Ortiz", "answer_start": 33},
                                {"text": "Ortiz", "answer_start": 37},
                            ],
                            "is_impossible": False,
                        },
                        {
                            "id": "q2",
                            "question": "Who destroyed Tiny Town?",
                            "answers": [],
                            "plausible_answers": [{"text": "Ada Ortiz", "answer_start": 33}],
                            "is_impossible": True,
                        },
                    ],
                },
                {
                    "context": "The river Tiny flows north.",
                    "qas": [
                        {
                            "id": "q3",
                            "question": "Which way does the river Tiny flow?",
                            "answers": [{"text": "north", "answer_start": 21}],
                            "is_impossible": False,
                        }
                    ],
                },
            ],
        },
        {
            "title": "A/B test? #1",
            "paragraphs": [
                {
                    "context": "An A/B test compares two variants.",
                    "qas": [
                        {
                            "id": "q4",
                            "question": "How many variants does an A/B test compare?",
                            "answers": [{"text": "two", "answer_start": 21}],
                        }
                    ],
                }
            ],
        },
    ],
}
P0, P1 = "squad2://Tiny%20Town/p0", "squad2://Tiny%20Town/p1"
AB = "squad2://A%2FB%20test%3F%20%231/p0"


@pytest.fixture
def squad_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "squad.json", SQUAD)


def test_squad_pages_and_cases(squad_file: Path) -> None:
    ds = load_squad2(squad_file)
    assert ds.name == "squad2:squad.json" and ds.setting == "closed"
    assert bodies(ds) == {
        P0: "Tiny Town was founded in 1901 by Ada Ortiz.",
        P1: "The river Tiny flows north.",
        AB: "An A/B test compares two variants.",
    }
    assert [p.title for p in ds.pages.values()] == ["Tiny Town", "Tiny Town", "A/B test? #1"]
    assert [c.id for c in ds.cases] == ["q1", "q2", "q3", "q4"]
    assert case(ds, "q1") == EvalCase(
        id="q1",
        question="Who founded Tiny Town?",
        answers=["Ada Ortiz", "Ortiz"],
        gold_urls=[P0],
        answerable=True,
        derived=False,
        pages=[P0],
        dataset="squad2:squad.json",
    )
    q2 = case(ds, "q2")
    assert (q2.answers, q2.gold_urls, q2.answerable, q2.pages) == ([], [], False, [P0])
    assert (case(ds, "q3").gold_urls, case(ds, "q4").gold_urls) == ([P1], [AB])
    assert case(ds, "q4").answerable  # is_impossible may be missing (SQuAD 1.1 style)


def test_squad_closed_and_open_corpora(squad_file: Path) -> None:
    closed = load_squad2(squad_file)
    assert list(closed.corpus_for(case(closed, "q3")).pages) == [P1]
    assert list(closed.corpus_for(case(closed, "q2")).pages) == [P0]
    opened = load_squad2(squad_file, setting="open")
    assert opened.setting == "open"
    for c in opened.cases:
        assert list(opened.corpus_for(c).pages) == [P0, P1, AB]
        assert c.pages == case(closed, c.id).pages  # a case's own pages do not depend on it


def test_squad_limit_keeps_the_first_questions(squad_file: Path) -> None:
    ds = load_squad2(squad_file, limit=3)
    assert [c.id for c in ds.cases] == ["q1", "q2", "q3"]
    assert list(ds.pages) == [P0, P1]


# --- HotpotQA ------------------------------------------------------------------------------

BAND_B = ["Band B is a band.", " It is based in Porto."]
HOTPOT: list[dict[str, Any]] = [
    {
        "_id": "h1",
        "question": "Where is the band behind Lilu based?",
        "answer": "Porto",
        "type": "bridge",
        "level": "easy",
        "supporting_facts": [["Band B", 1], ["Lilu (song)", 0]],
        "context": [
            ["Lilu (song)", ["Lilu is a song by Band B.", " It was a hit."]],
            ["Band B", BAND_B],
            ["Noise", ["Nothing here."]],
        ],
    },
    {
        "_id": "h2",
        "question": "Are Band B and Band C both bands?",
        "answer": "yes",
        "type": "comparison",
        "level": "medium",
        "supporting_facts": [["Band C", 0], ["Band B", 0]],
        "context": [
            ["Band B", BAND_B],
            ["Band C", ["Band C is a band.", "", "Its name is C."]],
            ["Noise", ["Different noise text."]],
        ],
    },
]
LILU, BB, NOISE = "hotpotqa://Lilu%20(song)", "hotpotqa://Band%20B", "hotpotqa://Noise"
BC, NOISE2 = "hotpotqa://Band%20C", "hotpotqa://Noise#2"


@pytest.fixture(params=["hotpot.json", "hotpot.jsonl"])
def hotpot_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    return write_records(tmp_path / request.param, HOTPOT)


def test_hotpotqa_pages_dedup_and_suffix(hotpot_file: Path) -> None:
    ds = load_hotpotqa(hotpot_file)
    assert ds.name == f"hotpotqa:{hotpot_file.name}"
    assert bodies(ds) == {
        LILU: "Lilu is a song by Band B. It was a hit.",
        BB: "Band B is a band. It is based in Porto.",  # one page for both questions
        NOISE: "Nothing here.",
        BC: "Band C is a band. Its name is C.",
        NOISE2: "Different noise text.",  # same title, different text
    }
    assert ds.pages[NOISE2].title == "Noise"


def test_hotpotqa_cases(hotpot_file: Path) -> None:
    ds = load_hotpotqa(hotpot_file)
    h1, h2 = ds.cases
    assert h1 == EvalCase(
        id="h1",
        question="Where is the band behind Lilu based?",
        answers=["Porto"],
        gold_urls=[LILU, BB],  # in paragraph order
        answerable=True,
        derived=False,
        pages=[LILU, BB, NOISE],
        dataset=ds.name,
    )
    assert (h2.answers, h2.gold_urls, h2.pages) == (["yes"], [BB, BC], [BB, BC, NOISE2])
    for c in ds.cases:  # supporting sentences stay verbatim substrings of their page
        record = next(r for r in HOTPOT if r["_id"] == c.id)
        context = dict(record["context"])
        for title, number in record["supporting_facts"]:
            url = next(u for u in c.gold_urls if ds.pages[u].title == title)
            assert context[title][number] in ds.pages[url].body


def test_hotpotqa_derived_cases_closed_and_open(hotpot_file: Path) -> None:
    closed = load_hotpotqa(hotpot_file, derive_unanswerable=True)
    assert [c.id for c in closed.cases] == ["h1", "h1::derived", "h2", "h2::derived"]
    derived = case(closed, "h1::derived")
    assert derived == EvalCase(
        id="h1::derived",
        question=HOTPOT[0]["question"],
        answers=[],
        gold_urls=[],
        answerable=False,
        derived=True,
        pages=[LILU, NOISE],
        dataset=closed.name,
        removed=[BB],
    )
    # the gold page that states the answer ("It is based in Porto.") is the one taken away;
    # a yes / no comparison loses its first gold page
    assert list(closed.corpus_for(derived).pages) == [LILU, NOISE]
    assert list(closed.corpus_for(case(closed, "h1")).pages) == [LILU, BB, NOISE]
    assert case(closed, "h2::derived").removed == [BB]

    opened = load_hotpotqa(hotpot_file, setting="open", derive_unanswerable=True)
    everything = [LILU, BB, NOISE, BC, NOISE2]
    original, derived = case(opened, "h2"), case(opened, "h2::derived")
    assert list(opened.corpus_for(original).pages) == everything
    corpus = opened.corpus_for(derived)
    assert list(corpus.pages) == [LILU, NOISE, BC, NOISE2]
    assert len(corpus) == 4 and BB not in corpus.pages and corpus.get(BB) is None
    assert [p.url for p in corpus] == [LILU, NOISE, BC, NOISE2]
    assert list(opened.corpus_for(case(opened, "h1::derived")).pages) == [
        LILU,
        NOISE,
        BC,
        NOISE2,
    ]


def test_hotpotqa_limit_applies_before_deriving(hotpot_file: Path) -> None:
    ds = load_hotpotqa(hotpot_file, limit=1, derive_unanswerable=True)
    assert [c.id for c in ds.cases] == ["h1", "h1::derived"]
    assert list(ds.pages) == [LILU, BB, NOISE]


def test_join_sentences_keeps_each_sentence_and_one_space() -> None:
    assert join_sentences(["A.", " B.", "C.", "", "D. ", "E."]) == "A. B. C. D. E."
    assert join_sentences([]) == ""


# --- MuSiQue -------------------------------------------------------------------------------

MUSIQUE: list[dict[str, Any]] = [
    {
        "id": "2hop__1_2",
        "question": "Where is the company founded by Ada Ortiz based?",
        "question_decomposition": [],
        "answer": "Lisbon",
        "answer_aliases": ["Lisboa", "Lisbon"],
        "paragraphs": [
            {
                "idx": 0,
                "title": "Acme",
                "paragraph_text": "Acme is in Lisbon.",
                "is_supporting": True,
            },
            {
                "idx": 1,
                "title": "Acme",
                "paragraph_text": "Acme makes robots.",
                "is_supporting": False,
            },
            {
                "idx": 2,
                "title": "Ada Ortiz",
                "paragraph_text": "Ada founded Acme.",
                "is_supporting": True,
            },
        ],
    },
    {
        "id": "2hop__3_4",
        "question": "Where is the robot maker's second office?",
        "question_decomposition": [],
        "answer": "Porto",
        "answer_aliases": [],
        "answerable": False,
        "paragraphs": [
            {
                "idx": 0,
                "title": "Acme",
                "paragraph_text": "Acme makes robots.",
                "is_supporting": True,
            },
            {
                "idx": 1,
                "title": "Porto",
                "paragraph_text": "Porto is a city.",
                "is_supporting": False,
            },
        ],
    },
]
ACME, ACME2, ADA, PORTO = (
    "musique://Acme",
    "musique://Acme#2",
    "musique://Ada%20Ortiz",
    "musique://Porto",
)


@pytest.fixture(params=["musique.json", "musique.jsonl"])
def musique_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    return write_records(tmp_path / request.param, MUSIQUE)


def test_musique_pages_and_cases(musique_file: Path) -> None:
    ds = load_musique(musique_file)
    assert bodies(ds) == {
        ACME: "Acme is in Lisbon.",
        ACME2: "Acme makes robots.",
        ADA: "Ada founded Acme.",
        PORTO: "Porto is a city.",
    }
    m1, m2 = ds.cases
    assert m1 == EvalCase(
        id="2hop__1_2",
        question=MUSIQUE[0]["question"],
        answers=["Lisbon", "Lisboa"],
        gold_urls=[ACME, ADA],
        answerable=True,  # "answerable" missing means answerable
        derived=False,
        pages=[ACME, ACME2, ADA],
        dataset=ds.name,
    )
    assert (m2.answerable, m2.answers, m2.gold_urls, m2.pages) == (False, [], [], [ACME2, PORTO])


def test_musique_settings_and_derived(musique_file: Path) -> None:
    closed = load_musique(musique_file, derive_unanswerable=True)
    assert [c.id for c in closed.cases] == ["2hop__1_2", "2hop__1_2::derived", "2hop__3_4"]
    derived = case(closed, "2hop__1_2::derived")
    assert (derived.derived, derived.answerable, derived.removed) == (True, False, [ACME])
    assert list(closed.corpus_for(derived).pages) == [ACME2, ADA]
    assert list(closed.corpus_for(case(closed, "2hop__1_2")).pages) == [ACME, ACME2, ADA]

    opened = load_musique(musique_file, setting="open", derive_unanswerable=True)
    assert list(opened.corpus_for(case(opened, "2hop__3_4")).pages) == [ACME, ACME2, ADA, PORTO]
    assert list(opened.corpus_for(case(opened, "2hop__1_2")).pages) == [ACME, ACME2, ADA, PORTO]
    assert list(opened.corpus_for(case(opened, "2hop__1_2::derived")).pages) == [ACME2, ADA, PORTO]


def test_load_dataset_dispatches_on_the_prefix(
    squad_file: Path, hotpot_file: Path, musique_file: Path
) -> None:
    ds = load_dataset(f"squad2:{squad_file}", setting="open", limit=2)
    assert (ds.name, ds.setting, len(ds.cases)) == ("squad2:squad.json", "open", 2)
    ds = load_dataset(f"hotpotqa:{hotpot_file}", derive_unanswerable=True)
    assert len(ds.cases) == 4
    ds = load_dataset(f"musique:{musique_file}", setting="closed")
    assert [c.id for c in ds.cases] == ["2hop__1_2", "2hop__3_4"]


def test_url_part_encodes_only_what_a_url_cannot_hold() -> None:
    assert url_part("Lilu (mythology)") == "Lilu%20(mythology)"
    assert url_part("Alû, Zürich: 1!") == "Alû,%20Zürich:%201!"
    assert url_part("A/B?#%'\"") == "A%2FB%3F%23%25%27%22"


# --- export --------------------------------------------------------------------------------


def test_export_jsonl_round_trips_through_load_corpus(tmp_path: Path, musique_file: Path) -> None:
    ds = load_musique(musique_file, derive_unanswerable=True)
    pages, queries = tmp_path / "pages.jsonl", tmp_path / "queries.jsonl"
    assert export_jsonl(ds, pages, queries) == (4, 1)
    lines = [json.loads(line) for line in pages.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == {"url": ACME, "title": "Acme", "body": "Acme is in Lisbon."}
    assert [line["url"] for line in lines] == [ACME, ACME2, ADA, PORTO]
    assert queries.read_text(encoding="utf-8").splitlines() == [
        json.dumps({"query": MUSIQUE[0]["question"], "relevant": [ACME, ADA]})
    ]
    corpus = load_corpus(str(pages))
    assert list(corpus.pages) == list(ds.pages)
    assert corpus.get(ACME2) == Page(url=ACME2, title="Acme", body="Acme makes robots.")
    first = pages.read_bytes()
    export_jsonl(ds, pages, queries)
    assert pages.read_bytes() == first  # deterministic
    assert sorted(p.name for p in tmp_path.iterdir() if "tmp" in p.name) == []


def test_export_to_a_missing_folder_is_a_usage_error(tmp_path: Path, squad_file: Path) -> None:
    ds = load_squad2(squad_file)
    with pytest.raises(UsageError, match="cannot write"):
        export_jsonl(ds, tmp_path / "nope" / "pages.jsonl", tmp_path / "queries.jsonl")


# --- malformed input -----------------------------------------------------------------------


def squad_with(qa: dict[str, Any]) -> str:
    doc = {"data": [{"title": "T", "paragraphs": [{"context": "c", "qas": [qa]}]}]}
    return json.dumps(doc)


GOOD_QA = {"id": "q1", "question": "?", "answers": [{"text": "c"}]}
H = {
    "_id": "h1",
    "question": "?",
    "answer": "a",
    "supporting_facts": [],
    "context": [["T", ["a b."]]],
}
M = {
    "id": "m1",
    "question": "?",
    "answer": "a",
    "paragraphs": [{"title": "T", "paragraph_text": "a"}],
}

MALFORMED: list[tuple[Loader, str, str, str]] = [
    (load_squad2, "s.json", "{not json", r"not valid JSON"),
    (load_squad2, "s.json", "[]", r"expected a SQuAD 2.0 JSON object .*got a JSON list"),
    (load_squad2, "s.json", '{"version": "v2.0"}', r": data: expected a list of articles"),
    (
        load_squad2,
        "s.json",
        squad_with({"id": "q9", "answers": []}),
        r"data\[0\]\.paragraphs\[0\]\.qas\[0\] \(id 'q9'\): question: Field required",
    ),
    (
        load_squad2,
        "s.json",
        squad_with({"id": "q9", "question": "?", "answers": [], "is_impossible": False}),
        r"qas\[0\] \(id 'q9'\): answers: none given, but is_impossible is false",
    ),
    (
        load_squad2,
        "s.json",
        json.dumps(
            {"data": [{"title": "T", "paragraphs": [{"context": "c", "qas": [GOOD_QA] * 2}]}]}
        ),
        r"qas\[1\] \(id 'q1'\): id: 'q1' appears twice",
    ),
    (load_squad2, "s.json", '{"data": []}', r"the file has no questions"),
    (load_hotpotqa, "h.json", "[{", r"not valid JSON"),
    (load_hotpotqa, "h.json", '"text"', r"expected a JSON list of records .*got a JSON string"),
    (load_hotpotqa, "h.json", "[1]", r"record 0: expected a JSON object, got a JSON number"),
    (
        load_hotpotqa,
        "h.json",
        json.dumps([H, {k: v for k, v in H.items() if k != "answer"} | {"_id": "h2"}]),
        r"record 1 \(id 'h2'\): answer: Field required",
    ),
    (
        load_hotpotqa,
        "h.json",
        json.dumps([H | {"supporting_facts": [["Gone", 0]]}]),
        r"record 0 \(id 'h1'\): supporting_facts: title 'Gone' is not in the context",
    ),
    (
        load_hotpotqa,
        "h.jsonl",
        json.dumps(H) + "\n{oops\n",
        r"h\.jsonl:2: not valid JSON",
    ),
    (
        load_hotpotqa,
        "h.jsonl",
        json.dumps(H) + "\n" + json.dumps(H) + "\n",
        r"h\.jsonl:2: record 1 \(id 'h1'\): id: 'h1' appears twice",
    ),
    (load_hotpotqa, "h.json", "[]", r"the file has no questions"),
    (load_hotpotqa, "h.json", "  \n", r"the file is empty"),
    (
        load_musique,
        "m.jsonl",
        json.dumps(M | {"paragraphs": [{"idx": 0, "paragraph_text": "x"}]}) + "\n",
        r"m\.jsonl:1: record 0 \(id 'm1'\): paragraphs\[0\]\.title: Field required",
    ),
    (
        load_musique,
        "m.json",
        json.dumps([M | {"answerable": "maybe"}]),
        r"record 0 \(id 'm1'\): answerable: Input should be a valid boolean",
    ),
    (load_musique, "m.jsonl", "[1, 2]\n", r"m\.jsonl:1: record 0: expected a JSON object"),
]


@pytest.mark.parametrize(("loader", "name", "text", "pattern"), MALFORMED)
def test_malformed_input_is_one_line_naming_the_file(
    tmp_path: Path, loader: Loader, name: str, text: str, pattern: str
) -> None:
    """With ``strict``, the first bad record is the error (a bad file always is)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=pattern) as info:
        loader(path, strict=True)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))


def test_missing_file_folder_and_bad_bytes(tmp_path: Path) -> None:
    for loader in (load_squad2, load_hotpotqa, load_musique):
        with pytest.raises(CorpusError, match=r"no such file"):
            loader(tmp_path / "absent.json")
        with pytest.raises(CorpusError, match=r"is a folder"):
            loader(tmp_path)
    binary = tmp_path / "bad.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CorpusError, match=r"bad\.json: cannot read"):
        load_musique(binary)


def test_bad_specs_settings_and_limits(tmp_path: Path, squad_file: Path) -> None:
    with pytest.raises(CorpusError, match=r"unknown dataset 'natural:x'.*squad2:PATH"):
        load_dataset("natural:x")
    with pytest.raises(CorpusError, match=r"unknown dataset"):
        load_dataset(str(squad_file))
    with pytest.raises(CorpusError, match=r"no such file"):
        load_dataset(f"musique:{tmp_path / 'absent.jsonl'}")
    with pytest.raises(UsageError, match=r"squad2 has its own unanswerable"):
        load_dataset(f"squad2:{squad_file}", derive_unanswerable=True)
    with pytest.raises(UsageError, match=r"unknown setting 'half'"):
        load_squad2(squad_file, setting="half")
    with pytest.raises(UsageError, match=r"limit must be a positive"):
        load_squad2(squad_file, limit=0)


def test_a_case_from_elsewhere_is_refused(squad_file: Path, hotpot_file: Path) -> None:
    squad, hotpot = load_squad2(squad_file), load_hotpotqa(hotpot_file)
    with pytest.raises(ValueError, match=r"not in squad2:squad\.json"):
        squad.corpus_for(hotpot.cases[0])


# --- the real slices in ../shared/data -----------------------------------------------------


def shared_file(name: str) -> Path:
    path = SHARED_DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return path


SQUAD_REAL = "squad2-dev-normans.json"
HOTPOT_REAL = "hotpotqa-train100-distractor.json"
MUSIQUE_REAL = "musique-ans-train100.json"


def assert_well_formed(ds: Dataset) -> None:
    ids = [c.id for c in ds.cases]
    assert len(ids) == len(set(ids))
    for c in ds.cases:
        assert c.question.strip()
        assert set(c.gold_urls) <= set(c.pages) <= set(ds.pages)
        assert c.answerable == bool(c.answers) == bool(c.gold_urls)


def test_real_squad2() -> None:
    ds = load_squad2(shared_file(SQUAD_REAL))
    assert_well_formed(ds)
    assert len(ds.cases) == 208 and len(ds.pages) == 39
    assert sum(c.answerable for c in ds.cases) == 96
    assert sum(not c.answerable for c in ds.cases) == 112
    assert list(ds.pages)[:2] == ["squad2://Normans/p0", "squad2://Normans/p1"]
    for c in ds.cases:
        assert len(c.pages) == 1
        for answer in c.answers:
            assert answer in ds.pages[c.gold_urls[0]].body
    opened = load_squad2(shared_file(SQUAD_REAL), setting="open")
    assert len(opened.corpus_for(opened.cases[0])) == 39 < sum(len(c.pages) for c in ds.cases)


def test_real_hotpotqa() -> None:
    path = shared_file(HOTPOT_REAL)
    ds = load_hotpotqa(path, derive_unanswerable=True)
    assert_well_formed(ds)
    originals = [c for c in ds.cases if not c.derived]
    assert len(originals) == 100 and len(ds.cases) == 200
    assert all(len(c.gold_urls) == 2 for c in originals)
    records = {r["_id"]: r for r in json.loads(path.read_text(encoding="utf-8"))}
    for c in originals:
        record = records[c.id]
        context = dict(record["context"])
        for title, number in record["supporting_facts"]:
            if number >= len(context[title]):
                continue  # HotpotQA has a few supporting facts past the last sentence
            sentence = context[title][number]
            assert any(sentence in ds.pages[u].body for u in c.gold_urls if u in ds.pages)
    by_id = {c.id: c for c in originals}
    for c in ds.cases:
        if c.derived:
            assert c.removed and not set(c.removed) & set(ds.corpus_for(c).pages)
            original = by_id[c.id.removesuffix("::derived")]
            assert set(c.removed) <= set(original.gold_urls)
            # no gold page left states an accepted answer (but "yes" / "no")
            left = [u for u in original.gold_urls if u not in c.removed]
            named = [a for a in original.answers if a.lower() not in ("yes", "no")]
            assert not any(
                re.search(rf"(?<!\w){re.escape(a)}(?!\w)", ds.pages[u].body, re.I)
                for u in left
                for a in named
            )
    opened = load_hotpotqa(path, setting="open", derive_unanswerable=True)
    total = sum(len(c.pages) for c in originals)
    assert len(opened.pages) <= total
    first, derived = opened.cases[0], opened.cases[1]
    assert derived.removed[0] in opened.corpus_for(first).pages
    assert derived.removed[0] not in opened.corpus_for(derived).pages
    assert len(opened.corpus_for(derived)) == len(opened.pages) - len(derived.removed)


def test_real_musique() -> None:
    path = shared_file(MUSIQUE_REAL)
    ds = load_musique(path, derive_unanswerable=True)
    assert_well_formed(ds)
    originals = [c for c in ds.cases if not c.derived]
    assert len(originals) == 100 and all(c.answerable for c in originals)
    assert sum(c.derived for c in ds.cases) == 100
    assert len(ds.pages) < sum(len(c.pages) for c in originals)  # identical paragraphs merged
    assert any(url.endswith("#2") for url in ds.pages)  # same title, different text
    for c in originals:
        assert any(a in ds.pages[u].body for a in c.answers for u in c.gold_urls)


def test_real_export_reads_back(tmp_path: Path) -> None:
    ds = load_hotpotqa(shared_file(HOTPOT_REAL), setting="open")
    pages, queries = tmp_path / "pages.jsonl", tmp_path / "queries.jsonl"
    assert export_jsonl(ds, pages, queries) == (len(ds.pages), 100)
    assert len(load_corpus(str(pages))) == len(ds.pages)
    for line in queries.read_text(encoding="utf-8").splitlines():
        assert set(json.loads(line)["relevant"]) <= set(ds.pages)


def test_real_squad2_end_to_end() -> None:
    ds = load_squad2(shared_file(SQUAD_REAL), limit=5)
    for c in ds.cases:
        result = run(Task(c.question), ds.corpus_for(c), OfflinePolicy())
        assert result.status in set(Status)
