"""The equivalences the finish contract promises, one row each, on real `validate_finish`
runs over a page the run opened: the same fact in another form is accepted, a different
fact is not. README's "What the contract accepts" lists the same rules."""

from __future__ import annotations

from typing import Any

import pytest

from sleuth.claims import content, is_choice, named_sides, split_attribution, yes_no
from sleuth.corpus import Page
from sleuth.state import OpenedPage
from sleuth.validate import Validated, validate_finish

URL = "https://example.test/page"


def verdict(body: str, answer: str, quote: str | list[str], question: str = "") -> str:
    """``ok``, or the first problem's code."""
    shown = OpenedPage(page=Page(URL, "A page", body), opened_step=2)
    shown.mark_seen(0, len(body))
    payload = {"answer": answer, "citations": [URL], "cannot_answer": False, "evidence": quote}
    result = validate_finish(payload, {URL: shown}, question=question)
    return "ok" if isinstance(result, Validated) else result[0].code


SAME = [
    # numbers
    ("The hall seats 1,000 people.", "1000 people", "seats 1,000 people"),
    ("The hall seats 1000 people.", "1,000", "seats 1000 people"),
    ("The hall seats 1,000 people.", "one thousand", "seats 1,000 people"),
    ("It has twenty-five rooms.", "25 rooms", "twenty-five rooms"),
    ("It is 3.5 km long.", "3½ km", "3.5 km long"),
    ("It is three and a half km long.", "3.5 km", "three and a half km long"),
    ("About 1.2 million people live there.", "1,200,000", "1.2 million people"),
    ("Growth was 50%.", "fifty per cent", "Growth was 50%"),
    ("It cost $40.", "40 dollars", "It cost $40"),
    ("It began in the 10th century.", "the tenth century", "in the 10th century"),
    ("It opened on 09:30.", "9:30", "opened on 09:30"),
    # dates
    ("It was signed on 4 July 1776.", "July 4, 1776", "signed on 4 July 1776"),
    ("It was signed on July 4, 1776.", "1776-07-04", "signed on July 4, 1776"),
    ("It was signed on 4 July 1776.", "the 4th of July, 1776", "signed on 4 July 1776"),
    ("It opened in the 1990s.", "1990s", "opened in the 1990s"),
    # words
    ("Rollo's son was William.", "William, Rollo’s son", "Rollo's son was William"),
    ("A well-known firm.", "well known", "A well-known firm"),
    ("A post-war plan.", "a postwar plan", "A post-war plan"),
    ("The founder was Hervé.", "Herve", "founder was Hervé"),
    ("The king was Æthelred.", "Aethelred", "king was Æthelred"),
    ("They founded the city.", "FOUNDING the city", "They founded the city"),
    ("She wrote three novels.", "three novels written", "She wrote three novels"),
    # units, spellings, hedges, footnotes
    ("The bridge spans 400 m.", "400 metres", "spans 400 m"),
    ("The lake is five kilometres wide.", "5 km", "five kilometres wide"),
    ("The flag's colour is red.", "the color red", "The flag's colour is red."),
    ("It was organised in the centre.", "organized in the center", "organised in the centre"),
    ("The firm employs 240 people.", "approximately 240 people", "employs 240 people"),
    ("The capital is Lisbon.", "Lisbon [1].", "The capital is Lisbon"),
    ("The capital is Lisbon.", "Lisbon.[2]", "The capital is Lisbon"),
    # code written in capitals or joined by underscores
    ("The route accepts ['GET'] by default.", "['GET']", "The route accepts ['GET'] by default."),
    # framing and markdown
    ("The capital is Lisbon.", "According to the source, Lisbon.", "The capital is Lisbon"),
    ("The capital is Lisbon.", "Based on the page, the answer is Lisbon.", "capital is Lisbon"),
    ("The capital is Lisbon.", "The passage states that it is Lisbon.", "capital is Lisbon"),
    ("The capital is Lisbon.", "**Final answer:** _Lisbon_", "The capital is Lisbon"),
    ("The capital is Lisbon.", "### Answer\n\n- Lisbon (see the quoted sentence)", "is Lisbon"),
    ("The capital is Lisbon.", "`Lisbon` — as the cited page says.", "The capital is Lisbon"),
    ("The capital is Lisbon.", "1. Lisbon", "The capital is Lisbon"),
    # quotes: typography, whitespace, marks around them
    ("A “gentle” grip — for fruit.", "gentle", 'A "gentle" grip - for fruit.'),
    ("A well-known firm.", "well-known", "A well\u2011known firm."),
    ("A firm in Porto.", "Porto", "A\u00a0firm in\u2009Porto."),
    ("A firm in Porto.", "Porto", "A firm\n   in Porto."),
    ("A firm in Porto.", "Porto", "\u201cA firm in Porto.\u201d"),
    ("A firm in Porto since 1990.", "Porto", "…firm in Porto"),
]

DIFFERENT = [
    ("The hall seats 1,000 people.", "100 people", "seats 1,000 people", "unsupported"),
    ("The hall seats 1,000 people. It has 100 doors.", "100 people", "seats 1,000", "ungrounded"),
    ("It was signed on 4 July 1776.", "5 July 1776", "signed on 4 July 1776", "unsupported"),
    ("It was signed on 4 June 1776. It ended in July.", "4 July", "on 4 June 1776", "ungrounded"),
    ("Rollo signed it.", "Rollo did not sign it", "Rollo signed it", "ungrounded"),
    ("It is the largest city. A small town.", "the smallest city", "the largest",
     "ungrounded"),
    ("The first king was Rollo.", "the last king", "The first king was Rollo", "ungrounded"),
    ("It lasted until 1814.", "the last year", "It lasted until 1814", "ungrounded"),
    ("The capital is Lisbon.", "Zorblax", "The capital is Lisbon", "unsupported"),
    ("The capital is Lisbon.", "Lisbon [1999]", "The capital is Lisbon", "unsupported"),
    ("The firm employs 240 people.", "more than 240 people", "employs 240 people", "ungrounded"),
    ("The capital is Lisbon.", "According to the page, it says so.", "capital is Lisbon",
     "ungrounded"),
    ("The capital is Lisbon.", "Lisbon", "The capital is Lisbonn", "evidence"),
    ("The capital is Lisbon. It is old.", "Lisbon", "The capital ... It is old", "evidence"),
    ("New Hampshire has a religion act.", "New Religions", "a religion act", "unsupported"),
    ("New Hampshire has a religion act. See New Religions.", "New Religions",
     "New Hampshire has a religion act.", "ungrounded"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "answer", "quote"), SAME)
def test_the_same_fact_in_another_form_is_accepted(body: str, answer: str, quote: str) -> None:
    assert verdict(body, answer, quote) == "ok"


@pytest.mark.parametrize(("body", "answer", "quote", "code"), DIFFERENT)
def test_a_different_fact_is_not(body: str, answer: str, quote: str, code: str) -> None:
    assert verdict(body, answer, quote) == code


def test_the_first_row_of_the_negation_table_reads_its_own_sentence() -> None:
    # "It was signed by Rollo" is quoted from "Rollo met him": 'signed' is not stated there
    assert verdict("It was not signed by Rollo. Rollo met him.", "signed", "Rollo met him") == (
        "ungrounded"
    )


QUESTION = "Who founded Acme Robotics?"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Ada Ortiz founded Acme Robotics.", "ok"),  # a restatement reuses the question
        ("Acme Robotics", "ungrounded"),  # a piece of the question is no answer
        ("The founder of Acme Robotics was Ada Ortiz", "ok"),
    ],
)
def test_question_words(answer: str, expected: str) -> None:
    body = "Acme Robotics was started by Ada Ortiz in 2014."
    assert verdict(body, answer, "started by Ada Ortiz", QUESTION) == expected


def test_an_identifier_made_of_the_question_s_words_is_an_answer() -> None:
    body = "Set `docs_url` to change where the docs are served."
    question = "Which parameter sets the docs URL?"
    assert verdict(body, "`docs_url`", body, question) == "ok"
    assert verdict(body, "the docs URL", body, question) == "ungrounded"


def test_yes_no_and_choice_answers_need_a_quote_for_each_side() -> None:
    question = "Were Ada Ortiz and Kenji Ito both engineers?"
    body = "Ada Ortiz is an engineer. Kenji Ito is an engineer too."
    both = ["Ada Ortiz is an engineer.", "Kenji Ito is an engineer too."]
    assert verdict(body, "Yes, both were engineers.", both, question) == "ok"
    assert verdict(body, "The answer is yes.", both, question) == "ok"
    assert verdict(body, "Yes", both[:1], question) == "ungrounded"
    choice = "Who is older, Ada Ortiz or Kenji Ito?"
    born = "Ada Ortiz was born in 1980. Kenji Ito was born in 1975."
    sides = ["Ada Ortiz was born in 1980.", "Kenji Ito was born in 1975."]
    assert verdict(born, "Kenji Ito", sides, choice) == "ok"
    assert verdict(born, "Kenji Ito", sides[1:], choice) == "ungrounded"


@pytest.mark.parametrize(
    ("question", "choice", "sides"),
    [
        ("Which is older, the Rhine or the Danube?", True, ["Rhine", "Danube"]),
        ("Which band formed first The Exies or Circus Diablo ?", True,
         ["The Exies", "Circus Diablo"]),
        ("Between Iain Banks and Irwin Shaw, who wrote more?", True, ["Iain Banks", "Irwin Shaw"]),
        ("Who directed the film shot in or around Leland in 1986?", False, ["Leland"]),
        ("How wide is the Rhine between Emmerich and Cleves?", False,
         ["Rhine", "Emmerich", "Cleves"]),
        ("Who was the DJ of the album produced by a cricketer from Christchurch?", False,
         ["DJ", "Christchurch"]),
        # a name after "same" says what is compared ("U.S" was taken for a third side)
        ("Are Watertown International Airport and Alexandria International Airport "
         "(Louisiana) in the same U.S. state?", False,
         ["Watertown International Airport", "Alexandria International Airport", "Louisiana"]),
        ("Did Joe Namath and Tom Brady play the same NFL position?", False,
         ["Joe Namath", "Tom Brady"]),
    ],
)  # fmt: skip
def test_choice_questions(question: str, choice: bool, sides: list[str]) -> None:
    assert is_choice(question) is choice
    assert named_sides(question) == sides


def test_yes_no_reading() -> None:
    assert yes_no("Yes, both were American.") is True
    assert yes_no("The answer is no.") is False
    assert yes_no("Final answer: **no**") is False
    assert yes_no("No one knows", "Who knows?") is False  # first word, framing aside
    assert yes_no("Nobody") is None
    assert yes_no("To the question, the answer is yes.", "Is it red?") is True


def test_attribution_lead_ins() -> None:
    assert split_attribution("According to Dudo, Rollo was a Viking.")[1] == "Rollo was a Viking."
    assert split_attribution("Per the cited page: 911")[1] == "911"
    assert split_attribution("Based on the cited passage, 911.")[1] == "911."
    # a clause that names no source is the claim itself
    claim = "From 1990 until 2000, it grew."
    assert split_attribution(claim) == ("", claim)


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("The Source of the Rhine", ["rhine"]),  # framing words are not content
        ("the state of Maryland", ["state", "maryland"]),  # "state" is not "stated"
        ("not the first", ["not", "ord1"]),
        ("the last one", ["~last", "#1"]),
    ],
)
def test_content_keys(text: str, keys: list[Any]) -> None:
    assert [t.key for t in content(text)] == keys
