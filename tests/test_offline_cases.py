"""The built-in corpora's eval cases, run with the offline policy.

Each case's expectations live in ``src/sleuth/corpora/NAME/cases.jsonl``; these tests
check the outcome and the trajectory (what was opened and cited, how the run ended).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth import OfflinePolicy, ScriptedPolicy, Task, load_corpus, run
from sleuth.corpus import builtin_dir, builtin_names
from sleuth.policies import bridge_questions, twohop_confidence
from sleuth.policies.bridge import path_of as bridge_path
from sleuth.result import ConflictRule, Result, Status
from sleuth.runtime import run_steps
from sleuth.state import Budgets


def _cases() -> list[Any]:
    params = []
    for name in builtin_names():
        path = builtin_dir(name) / "cases.jsonl"
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                params.append(pytest.param(name, case, id=f"{name}-{case['id']}"))
    return params


def _run(corpus: str, case: dict[str, Any]) -> Result:
    rule = case.get("conflict_rule")
    task = Task(
        case["question"], tuple(case.get("require", ())), ConflictRule(rule) if rule else None
    )
    policy = ScriptedPolicy(case["script"]) if "script" in case else OfflinePolicy()
    result = run(task, load_corpus(corpus), policy)
    if isinstance(policy, ScriptedPolicy):
        policy.assert_used_up()
    return result


def _values(conflicts: Any) -> set[str]:
    return {c.value for c in conflicts}


@pytest.mark.parametrize(("corpus", "case"), _cases())
def test_builtin_case(corpus: str, case: dict[str, Any]) -> None:
    expect = case["expect"]
    result = _run(corpus, case)
    pages = load_corpus(corpus)
    if "status" in expect:
        assert result.status.value == expect["status"], result.answer
    if expect.get("reason"):
        assert result.reason is not None and result.reason.value == expect["reason"]
    for phrase in expect.get("answer_contains", []):
        assert phrase.lower() in result.answer.lower()
    for url in expect.get("cites", []):
        assert url in result.citations
    for url in expect.get("opened", []):
        assert url in result.opened
    for url in expect.get("never_cited", []):
        assert url not in result.citations
        assert all(url not in f.citations for f in (result.fields or {}).values())
    if "conflict_values" in expect:
        assert set(expect["conflict_values"]) <= _values(result.conflicts)
    for name, want in expect.get("fields", {}).items():
        assert result.fields is not None
        got = result.fields[name]
        if "contains" in want:
            assert want["contains"].lower() in got.answer.lower()
            assert got.citations and got.evidence
        if want.get("cannot_answer"):
            assert got.cannot_answer and not got.citations
        if "conflict_values" in want:
            assert set(want["conflict_values"]) <= _values(got.conflicts)
    # the contract, whatever the case: citations were opened, quotes are verbatim
    assert set(result.citations) <= set(result.opened)
    quotes = list(result.evidence) + [q for f in (result.fields or {}).values() for q in f.evidence]
    quotes += [c.evidence for c in result.conflicts]
    for quote in quotes:
        assert quote.url in result.opened
        assert pages.pages[quote.url].body[quote.start : quote.end] == quote.text
    if result.cannot_answer:
        assert result.answer.startswith("cannot:") and not result.citations


def _steps(question: str, corpus: str = "acme", **kw: Any) -> tuple[list[Any], Result]:
    gen = run_steps(Task(question, **kw), load_corpus(corpus), OfflinePolicy())
    seen = []
    while True:
        try:
            seen.append(next(gen))
        except StopIteration as stop:
            return seen, stop.value


def test_ceo_needs_the_news_page_opened_not_its_snippet() -> None:
    news = "https://news.example/2025/06/acme-robotics-new-chief"
    steps, result = _steps("Who is the current CEO of Acme Robotics?")
    first = steps[0]
    assert first.tool == "search"
    hits = first.observation.data["hits"]
    assert news in [h["url"] for h in hits]
    assert not any("Kenji" in h["snippet"] for h in hits)
    opens = [s.args["url"] for s in steps if s.tool == "open"]
    assert news in opens
    assert result.answer == "Kenji Ito" and result.citations == [news]


def test_trajectory_shape_of_a_grounded_answer() -> None:
    steps, result = _steps("Who founded Acme Robotics?")
    tools = [s.tool for s in steps]
    assert tools[0] == "search" and tools[-1] == "finish" and "open" in tools
    assert len(steps) >= 3 and result.steps == len(steps)
    assert all(s.observation.error is None for s in steps)


def test_injection_page_is_read_but_never_obeyed() -> None:
    forum = "https://forum.example/t/acme-robotics-who-runs-it/4821"
    _, result = _steps("Who founded Acme Robotics?")
    assert forum in result.opened  # it ranks high and is opened...
    assert "https://evil.example/" not in json.dumps(result.model_dump())  # ...and obeyed never
    assert result.answer == "Ada Ortiz"


def test_max_steps_one_is_budget_exhausted() -> None:
    result = run(
        Task("Who founded Acme Robotics?"),
        load_corpus("acme"),
        OfflinePolicy(),
        Budgets(max_steps=1),
    )
    assert (result.status, result.reason and result.reason.value) == (
        Status.BUDGET_EXHAUSTED,
        "budget",
    )


def test_offline_policy_is_deterministic() -> None:
    a, _ = _steps("Where did the founder of Acme Robotics study?")
    b, _ = _steps("Where did the founder of Acme Robotics study?")
    assert [(s.tool, s.args) for s in a] == [(s.tool, s.args) for s in b]


def test_two_hop_follows_the_bridge_entity() -> None:
    _, result = _steps("Where did the founder of Acme Robotics study?")
    assert "Coimbra" in result.answer
    assert "https://wiki.example/Acme_Robotics" in result.citations
    assert "https://people.example/profiles/ada-ortiz" in result.citations
    assert len(result.evidence) == 2


def test_a_bridge_hop_is_held_to_its_path_s_confidence_not_the_prose_model_s() -> None:
    """The second hop's question is the reader's own ("Where did Ada Ortiz study?"): asked
    alone, the prose model, fitted on SQuAD 2.0-style traps, gives its clean reading a
    confidence about even (near the default threshold, on either side of it as the model
    is refitted) and below the path's; as a hop it is verified by the hard rules and the
    two-hop answer's confidence is its path's (`twohop_confidence`), which the threshold
    is held against: at a threshold between the two the hop's question alone abstains
    and the two-hop run answers; above the path's confidence the run abstains too."""
    corpus = load_corpus("acme")
    alone = run(Task("Where did Ada Ortiz study?"), corpus, OfflinePolicy(min_confidence=0.0))
    assert "Coimbra" in alone.answer and alone.confidence is not None
    question = Task("Where did the founder of Acme Robotics study?")
    bridge = bridge_questions.parse_bridge(question.question)
    assert bridge is not None
    path = twohop_confidence.confidence(bridge_path(bridge))
    assert alone.confidence < path
    between = OfflinePolicy(min_confidence=(alone.confidence + path) / 2)
    assert run(Task("Where did Ada Ortiz study?"), corpus, between).cannot_answer
    result = run(question, corpus, between)
    assert "Coimbra" in result.answer and result.confidence == path
    assert path >= OfflinePolicy().min_confidence  # the default answers it too
    assert "Coimbra" in run(question, corpus, OfflinePolicy()).answer
    above = run(question, corpus, OfflinePolicy(min_confidence=min(1.0, path + 0.01)))
    assert above.cannot_answer and above.reason is not None and above.reason.value == "fact_missing"


def test_brand_answers_cite_ids_inline() -> None:
    result = _run("brand", {"question": "What is the budget for campaign cmp_104?"})
    assert "[cmp_104]" in result.answer and result.citations == ["cmp_104"]


def test_a_name_coordinated_with_the_question_s_is_no_bridge() -> None:
    """docutils' history.rst (R): "based on StructuredText and Setext" says nothing of
    Setext that leads to StructuredText; a name the sentence relates ("developed by Jim
    Fulton") is still one."""
    from sleuth.policies.offline import _coordinated

    sentence = "reStructuredText, the specification, is based on StructuredText and Setext."
    assert _coordinated(sentence, "StructuredText", ("setext",))
    assert _coordinated(
        "It reads Setext, StructuredText and Markdown.", "StructuredText", ("setext",)
    )
    assert not _coordinated("Setext was developed by Jim Fulton.", "Jim Fulton", ("setext",))
    # an apposition says who the name is (a reviewer's)
    apposed = "Its spec was written by Ian Feldman, the Setext author."
    assert not _coordinated(apposed, "Ian Feldman", ("setext",))


def test_a_people_s_adjective_is_no_bridge() -> None:
    """HotpotQA (R): "How many times was Deltha Lee O'Neal, III selected for the
    all-star game of the National Football League?" over his page's first sentence: its
    "American" is an adjective, and searching it opened a coach's page whose "one" was
    answered. A name the sentence introduces is still a bridge."""
    from sleuth.policies.frames import frame_question
    from sleuth.policies.offline import Goal, _bridge, _Page

    question = (
        "How many times was Deltha Lee O'Neal, III selected for the all-star game of the "
        "National Football League?"
    )
    sentence = (
        "Deltha Lee O'Neal, III (born January 30, 1977) is a former American college and "
        "professional football player who was a cornerback in the National Football League "
        "(NFL) for nine seasons."
    )
    goal = Goal(None, frame_question(question))
    page = _Page("hotpotqa://Deltha%20O%27Neal", "Deltha O'Neal", [(0, sentence)])
    found = _bridge(goal, [page])
    assert found is None or found[0].value != "American"
    hyphened = sentence.replace("a former American", "a former Irish-American")
    found = _bridge(goal, [_Page(page.url, page.title, [(0, hyphened)])])
    assert found is None or found[0].value != "Irish-American"
    named = sentence.replace("a former American", "a former Denver Broncos")
    found = _bridge(goal, [_Page(page.url, page.title, [(0, named)])])
    assert found is not None and found[0].value == "Denver Broncos"
