"""Page text is data the reader does not choose: whatever a page says and whatever a user
asks, framing, reading, the hard rules and the features never raise, and the features
stay in [0, 1]. Generated from words that trip the rules (numbers, names, negations,
directions, abbreviations, colons, code spans), deterministically (fixed derandomized
search). The features are bounded (``score`` runs to 1.2, the rest to 1)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.policies import contrary
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading, read_page
from sleuth.policies.verify import check, features

WORDS = [
    "the",
    "of",
    "in",
    "to",
    "from",
    "into",
    "out",
    "not",
    "no",
    "never",
    "but",
    "how",
    "many",
    "much",
    "what",
    "which",
    "who",
    "where",
    "when",
    "did",
    "was",
    "is",
    "years",
    "ago",
    "first",
    "last",
    "three",
    "30",
    "1,000",
    "1948",
    "May",
    "St.",
    "Mt.",
    "T.",
    "Rhine",
    "Lake",
    "Constance",
    "Normans",
    "American",
    "Byzantine",
    "significant",
    "insignificant",
    "upstream",
    "downstream",
    "finish",
    "founded",
    "captured",
    "betrayed",
    "city",
    "area",
    "actor",
    "teams",
    "Awards",
    "Stadium",
    "`max_age`",
    # session 20's rules: bounds, a kept-from act, a count of items, paths, raised objects
    "at",
    "least",
    "most",
    "prevent",
    "two",
    "path",
    "raise",
    "back",
    "pytest",
    "`.dmypy.json`",
    "Defaults",
    "`600`",
    ":",
    ",",
    ".",
    "?",
    "(",
    ")",
    "—",
    "'s",
    "\u00e9",
    "",
]
TEXT = st.lists(st.sampled_from(WORDS), min_size=0, max_size=24).map(" ".join)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(question=TEXT, sentence=TEXT, previous=TEXT, cut=st.integers(0, 40))
def test_the_reader_never_raises_on_any_text(
    question: str, sentence: str, previous: str, cut: int
) -> None:
    frame = frame_question(question or "?")
    value = sentence[cut : cut + 12]
    reading = Reading("u", 0, len(sentence), sentence, value, 1.0)
    result = check(frame, reading, title="Rhine", previous=previous, question=question)
    assert result.ok in (True, False)
    values = features(frame, reading, question=question, title="Rhine", previous=previous)
    assert all(0.0 <= v <= 1.2 and not math.isnan(v) for v in values.values()), values
    for found in read_page(frame, "u", "Rhine", [(0, f"{previous} {sentence}")]):
        assert found.value and found.value in found.sentence
    for rule in (
        contrary.prefix_antonym,
        contrary.opposite_direction,
        contrary.opposite_way,
        contrary.opposite_end,
        contrary.stranded_otherwise,
        contrary.arguments_swapped,
        contrary.number_swapped,
        contrary.recipient_for_object,
    ):
        assert rule(question, sentence) in (True, False)
    for with_value in (
        contrary.dated_not_measured,
        contrary.only_listed,
        contrary.object_for_doer,
        contrary.counts_another,
        contrary.counts_other,
        contrary.placed_for_another,
    ):
        assert with_value(question, sentence, value) in (True, False)
    assert contrary.not_a_place(question, value) in (True, False)
    assert contrary.demonym(sentence, value) in (True, False)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(question=TEXT, bodies=st.lists(TEXT, min_size=1, max_size=3))
def test_a_run_over_any_pages_ends_with_an_outcome(question: str, bodies: list[str]) -> None:
    """The whole offline run over pages of such text: it finishes (an answer quoted from a
    page it opened, or cannot with a reason), within its step budget."""
    from sleuth import OfflinePolicy, Task, run
    from sleuth.corpus import Corpus, Page

    pages = {
        f"https://fuzz.example/p{n}": Page(url=f"https://fuzz.example/p{n}", title=f"P{n}", body=b)
        for n, b in enumerate(bodies)
    }
    result = run(Task(question or "?"), Corpus("fuzz", pages), OfflinePolicy(min_confidence=0.0))
    assert result.status.value in ("ready_for_review", "incomplete", "conflict")
    if result.status.value == "ready_for_review":
        assert result.citations and set(result.citations) <= set(pages)
        assert all(q.text in pages[q.url].body for q in result.evidence)
    else:
        assert result.reason is not None
