"""The ``fragment`` rule for cut clauses: an "other" answer must name a thing, not run on
with the sentence's clause. Sentences are SQuAD 2.0's (the Normans article, fold A's
training side), each with the reader's clause answer (wrong) beside a phrase answer
from the same kind of sentence (right), and the built-in corpus's."""

from __future__ import annotations

import pytest

from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading
from sleuth.policies.verify import check

CHAINS = (
    "Isaac surrendered and was confined with silver chains, because Richard had promised "
    "that he would not place him in irons."
)
DYRRACHIUM = (
    "Some time later, Dyrrachium—one of the most important naval bases of the Adriatic—fell "
    "again to Byzantine hands."
)
EXPORTS = (
    "Most Norman knights remained poor and land-hungry, and by 1066 Normandy had been "
    "exporting fighting horsemen for more than a generation."
)
VOICE = "Our brand voice is warm, plain and confident."
LANGUAGE = (
    "The Anglo-Norman language was eventually absorbed into the Anglo-Saxon language of their "
    "subjects (see Old English) and influenced it, helping (along with the Norse language of "
    "the earlier Anglo-Norse settlers and the Latin used by the church) in the development of "
    "Middle English."
)
CULTURE = (
    "The descendants of Rollo's Vikings and their Frankish wives would replace the Norse "
    "religion and Old Norse language with Catholicism (Christianity) and the Gallo-Romance "
    "language of the local people, blending their maternal Frankish heritage with Old Norse "
    'traditions and customs to synthesize a unique "Norman" culture in the north of France.'
)


def _check(question: str, sentence: str, value: str) -> tuple[bool, str | None]:
    assert value in sentence
    result = check(
        frame_question(question),
        Reading("u", 0, len(sentence), sentence, value, 1.0),
        question=question,
    )
    return result.ok, result.rule


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        ("What were Isaac's chains made out of?", CHAINS, "because Richard had promised"),
        ("What naval base fell to the Normans?", DYRRACHIUM, "again to Byzantine hands"),
        (
            "What was the naval base called?",
            DYRRACHIUM,
            "the Adriatic—fell again to Byzantine hands",
        ),
        # SQuAD traps (unanswerable) the reader answered with a stretch of the sentence
        (
            "What was absorbed into the Anglo-Norman language?",
            LANGUAGE,
            "-Norse settlers and the Latin used by the church",
        ),
        (
            "What was replace with the Norse religion?",
            CULTURE,
            'traditions and customs to synthesize a unique "Norman" culture in the north of France',
        ),
    ],
)
def test_a_cut_clause_is_no_answer(question: str, sentence: str, value: str) -> None:
    assert _check(question, sentence, value) == (False, "fragment")


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        ("What were Isaac's chains made out of?", CHAINS, "silver"),
        ("What was one of the Norman's major exports?", EXPORTS, "fighting horsemen"),
        ("What is the brand voice?", VOICE, "warm, plain and confident"),
    ],
)
def test_a_phrase_is_an_answer(question: str, sentence: str, value: str) -> None:
    assert _check(question, sentence, value) == (True, None)


def test_a_capitalised_title_keeps_its_auxiliary() -> None:
    sentence = "His best-known story is The Man Who Would Be King, published in 1888."
    question = "What is his best-known story?"
    assert _check(question, sentence, "The Man Who Would Be King") == (True, None)
