"""Repair observations say what to change, and a model that does what they say passes.

Each test runs the real runtime over the built-in ``acme`` corpus with a policy that
plays a scripted opening (search, open, a flawed finish) and then *repairs
mechanically*: it reads only the rejection text the runtime sent back and applies the
instruction in it (leave the named words out; cite and quote the page it names; give
the ellipsis's pieces as separate quotes; copy the sentence as the page shows it). If
a repair message stops naming what to change, these tests fail.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from sleuth import Status, Task, load_corpus
from sleuth.decision import Decision
from sleuth.runtime import Turn, run_steps
from sleuth.state import RunState
from sleuth.text import find_verbatim, sentences

ACME = load_corpus("acme")
WIKI = "https://wiki.example/Acme_Robotics"
CAREERS = "https://acme-robotics.example/careers"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


class FollowsRepairs:
    """Plays ``opening``, then answers each rejection by doing what it says."""

    name = "follows-repairs"

    def __init__(self, opening: list[Decision]) -> None:
        self.opening = list(opening)
        self.last: dict[str, Any] = {}

    def decide(self, state: RunState) -> Turn:
        if self.opening:
            decision = self.opening.pop(0)
        else:
            decision = Decision("finish", repaired(self.last, state))
        if decision.tool == "finish":
            self.last = dict(decision.args)
        return Turn(parsed=decision)


def repaired(payload: dict[str, Any], state: RunState) -> dict[str, Any]:
    """The finish the last rejection asks for, built from its text alone."""
    text = state.steps[-1].observation.text
    fixed = {**payload, "citations": list(payload["citations"])}
    quotes = payload["evidence"]
    fixed["evidence"] = [quotes] if isinstance(quotes, str) else list(quotes)
    named = re.findall(r"'([^']+)'", text.split(":", 2)[-1].split(":")[0] + ":")
    if "give each verbatim piece as its own quote" in text:
        fixed["evidence"] = [
            piece for q in fixed["evidence"] for piece in re.split(r"\s*(?:\.\.\.|…)\s*", q)
        ]
    elif "copy the sentence exactly as the page shows it" in text:
        fixed["evidence"] = [
            closest_sentence(q, fixed["citations"], state) for q in fixed["evidence"]
        ]
    elif match := re.search(r"\('([^']+)' says (?:it|them): cite it and quote it\)", text):
        url = match.group(1)
        fixed["citations"].append(url)
        body = state.opened[url].page.body
        words = [w for w in named if w.lower() in body.lower()]
        fixed["evidence"].append(
            next(body[a:b] for a, b in sentences(body) if all(w in body[a:b] for w in words))
        )
    elif "leave it out" in text or "leave them out" in text:
        answer = fixed["answer"]
        for word in named:
            answer = re.sub(rf"(?:,?\s*(?:and|in)\s+)?{re.escape(word)}", "", answer)
        fixed["answer"] = answer.strip(" ,")
    return fixed


def closest_sentence(quote: str, citations: list[str], state: RunState) -> str:
    words = set(quote.lower().split())
    candidates = [
        page.page.body[a:b]
        for url, page in state.opened.items()
        if url in citations
        for a, b in sentences(page.page.body)
    ]
    return max(candidates, key=lambda s: len(words & set(s.lower().split())))


def run(opening: list[Decision], question: str) -> tuple[list[Any], Any]:
    steps = run_steps(Task(question), ACME, FollowsRepairs(opening))
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            return seen, stop.value


def finish(text: str, citations: list[str], evidence: str | list[str]) -> Decision:
    payload = {"answer": text, "citations": citations, "cannot_answer": False, "evidence": evidence}
    return Decision("finish", payload)


OPEN_WIKI = [
    Decision("search", {"query": "Acme Robotics founder"}),
    Decision("open", {"url": WIKI}),
]


@pytest.mark.parametrize(
    ("flawed", "code", "hint"),
    [
        pytest.param(
            finish("Ada Ortiz and Zorblax Quenterhoff", [WIKI], FOUNDED),
            "unsupported",
            "'Zorblax Quenterhoff' appears in no opened page: cite a page that says it, or leave "
            "it out",
            id="invented-name",
        ),
        pytest.param(
            finish("Ada Ortiz, in 2011", [WIKI], FOUNDED),
            "unsupported",
            "'2011' appears in no opened page",
            id="invented-year",
        ),
        pytest.param(
            finish("Ada Ortiz and Kenji", [WIKI], FOUNDED),
            "unsupported",
            "'Kenji' appears in no opened page",
            id="name-from-an-unopened-page",
        ),
        pytest.param(
            finish("Ada Ortiz, in Porto", [WIKI], FOUNDED),
            "unsupported",
            "'Porto'",
            id="unopened-place",
        ),
        pytest.param(
            finish("Ada Ortiz, founded 2014 in Lisbon … a two-person workshop", [WIKI],
                   "Acme Robotics was founded by Ada Ortiz in 2014 … a two-person workshop"),
            "evidence",
            "give each verbatim piece as its own quote",
            id="ellipsis-inside-a-quote",
        ),
        pytest.param(
            finish("Ada Ortiz", [WIKI], FOUNDED.replace("founded", "established")),
            "evidence",
            "copy the sentence exactly as the page shows it",
            id="one-word-changed",
        ),
    ],
)  # fmt: skip
def test_a_model_that_follows_the_repair_is_accepted(
    flawed: Decision, code: str, hint: str
) -> None:
    steps, result = run([*OPEN_WIKI, flawed], "Who founded Acme Robotics?")
    assert [s.tool for s in steps] == ["search", "open", "finish", "finish"]
    rejected = steps[2].observation
    assert (rejected.kind, rejected.error) == ("rejected", code)
    assert hint in rejected.text and "one repair turn" in rejected.text
    assert result.status is Status.READY_FOR_REVIEW, steps[3].observation.text
    assert result.rejected_finishes == [code]
    assert "Ada Ortiz" in result.answer and "Zorblax" not in result.answer
    for quote in result.evidence:
        page = ACME.pages[quote.url].body
        assert find_verbatim(page, quote.text) is not None


def test_an_answer_stated_by_an_opened_but_unquoted_page_is_repaired_by_quoting_it() -> None:
    opening = [
        Decision("search", {"query": "Acme Robotics staff"}),
        Decision("open", {"url": WIKI}),
        Decision("open", {"url": CAREERS}),
        finish("Ada Ortiz founded it; it employs 240 people", [WIKI], FOUNDED),
    ]
    steps, result = run(opening, "Who founded Acme Robotics and how many people does it employ?")
    assert [s.tool for s in steps] == ["search", "open", "open", "finish", "finish"]
    rejected = steps[3].observation
    assert rejected.error == "ungrounded"
    assert "does not state '240'" in rejected.text  # "employs" and "people" are asked
    assert f"'{CAREERS}' says it: cite it and quote it" in rejected.text
    assert result.status is Status.READY_FOR_REVIEW
    assert result.citations == [WIKI, CAREERS]
    assert [q.url for q in result.evidence] == [WIKI, CAREERS]


def test_a_wrong_answer_with_a_true_quote_is_refused_twice_and_ends_invalid_finish() -> None:
    """Nothing in the opened pages states it, so leaving the named words out leaves an
    answer of framing only, which is refused too: the run ends, it does not guess."""
    wrong = finish("According to the page, Lisbon office manager Harold", [WIKI], FOUNDED)
    steps, result = run([*OPEN_WIKI, wrong], "Who founded Acme Robotics?")
    assert [s.tool for s in steps] == ["search", "open", "finish", "finish"]
    assert result.status is Status.INCOMPLETE and result.cannot_answer
    assert result.reason is not None and result.reason.value == "invalid_finish"
    assert result.rejected_finishes[0] == "unsupported"
