"""MuSiQue-style two-hop questions from the development files
``benchmarks/musique_dev/musique_style_dev.json`` and ``musique_dev2/musique_style_dev2.json``
(60 and 40 questions written over the paragraphs of records 1-50 of the shared files by
writers who had not seen the reader), end to end
in the closed setting with their derived unanswerable copies: the tools called in order,
the pages opened, the answer, its citations and its verbatim quotes."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from shared import trajectory
from sleuth import OfflinePolicy, Task
from sleuth.corpus import Corpus
from sleuth.datasets import Dataset, EvalCase, load_dataset
from sleuth.result import Reason, Result, Status
from sleuth.runtime import run_steps
from sleuth.state import Budgets, Step

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
DEV = {
    "md0": BENCHMARKS / "musique_dev" / "musique_style_dev.json",
    "md2": BENCHMARKS / "musique_dev2" / "musique_style_dev2.json",
}


@cache
def _dataset(prefix: str) -> Dataset:
    return load_dataset(f"musique:{DEV[prefix]}", "closed", derive_unanswerable=True)


def _case(case_id: str, derived: bool = False) -> EvalCase:
    cases = _dataset(case_id.split("-")[0]).cases
    found = [c for c in cases if c.id.split("::")[0] == case_id and c.derived is derived]
    assert len(found) == 1, case_id
    return found[0]


def _corpus(case: EvalCase) -> Corpus:
    return _dataset(case.id.split("-")[0]).corpus_for(case)


def _run(case: EvalCase) -> tuple[list[Step], Result]:
    gen = run_steps(Task(case.question), _corpus(case), OfflinePolicy(), Budgets())
    return trajectory(gen)


@pytest.mark.parametrize(
    ("case_id", "first", "second", "bridge", "answer"),
    [
        # a relative the owner's page names: "his sister Shabana Azmi"
        ("md0-009", "Baba Azmi", "Shabana Azmi", "Shabana Azmi", "1988"),
        # a country of birth: "born 28 December 1959 in Vienna, Austria"
        ("md0-028", "Stefan Kindermann", "Austria", "Austria", "27 April 1945"),
        # a state of another federation, then its capital named before a "which" clause
        ("md0-006", "Young, New South Wales", "New South Wales", "New South Wales", "Sydney"),
        # a work's kind of two words after its year, then the director's birthplace
        ("md0-022", "Cupid Forecloses", "David Smith (director)", "David Smith", "Faversham"),
        # the film the second page defines as one: "Casino is a 1995 ... film"
        ("md0-060", "The Irishman", "Casino (1995 film)", "Martin Scorsese", "Casino"),
        # a band "from Rochester, New York", then the city's county ("the seat of ...")
        ("md2-004", "Orodruin (band)", "Rochester, New York", "Rochester", "Monroe County"),
        # "a Finnish pop band", then a sentence on another page that names Finland whole
        ("md2-020", "Satin Circus", "Finnish markka", "Finnish", "Finnish markka"),
    ],
)
def test_a_musique_style_bridge_cites_both_hops(
    case_id: str, first: str, second: str, bridge: str, answer: str
) -> None:
    case = _case(case_id)
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    titles = [_corpus(case).pages[s.args["url"]].title for s in steps if s.tool == "open"]
    assert titles == [first, second]
    assert result.status is Status.READY_FOR_REVIEW and result.answer == answer
    assert any(answer in a or a in answer for a in case.answers)
    assert len(result.citations) == 2 and [q.url for q in result.evidence] == result.citations
    corpus = _corpus(case)
    assert all(q.text in corpus.pages[q.url].body for q in result.evidence)
    # the first quote names the bridge (or says its adjective: "Finnish" for Finland)
    assert bridge.split()[-1] in result.evidence[0].text
    assert answer in result.evidence[1].text
    # without the page that states the answer, the bridge is read and nothing answered
    steps, derived = _run(_case(case_id, derived=True))
    assert derived.cannot_answer and derived.reason is Reason.FACT_MISSING
    assert steps[-1].tool == "finish"
