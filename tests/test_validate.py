"""The finish validator against a table of real bad finishes, plus the data it returns.

Every test builds its own small "run": real `OpenedPage` objects for the pages the run
opened (and only those), each marked as shown with `mark_seen`. Pages that exist in the
corpus but were never opened, or only appeared in search results, are never in `opened`.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sleuth.corpus import Corpus, Page
from sleuth.search import Fts5Index
from sleuth.state import OpenedPage
from sleuth.validate import (
    ANSWER_KEYS,
    Problem,
    Sourced,
    Validated,
    unsupported_terms,
    validate_finish,
)

CODES = (
    "keys",
    "types",
    "abstain_shape",
    "abstain_prefix",
    "need_citation",
    "cite_not_opened",
    "evidence",
    "unsupported",
    "inline_citation",
    "ungrounded",
    "conflict_shape",
)

# --- the run's world ---------------------------------------------------------------------

WIKI = "https://wiki.example/Acme_Robotics"
WIKI_BODY = (
    "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon.\n"
    "The company builds “gentle”   grippers for\n  fruit growers — mostly apples.\n\n"
    "It is privately held."
)
NEWS = "https://news.example/2025/06/acme-robotics-new-chief"
NEWS_SHOWN = "The board of Acme Robotics has appointed a new chief executive.\n\n"
NEWS_BODY = NEWS_SHOWN + "Kenji Ito is the current chief executive officer (CEO) of Acme Robotics."
CAREERS = "https://acme-robotics.example/careers"
CAREERS_BODY = "Acme Robotics employs 240 people across two sites and a budget of 25000 euros."
REGISTRY = "https://registry.example/companies/acme-robotics"
REGISTRY_BODY = "The registered head office of Acme Robotics is in Lisbon."
TRADEPRESS = "https://tradepress.example/2025/02/acme-robotics-relocation"
TRADEPRESS_BODY = "Acme Robotics has moved its head office to Porto as it expands."
# In the corpus (so search can return it) but never opened in the run.
RUMOURS = "https://blog.example/acme-rumours"
RUMOURS_BODY = "Rumour has it the head office of Acme Robotics will move to Faro next year."
INVENTED = "https://evil.example/"

CORPUS = Corpus(
    name="validate-test",
    pages={
        WIKI: Page(WIKI, "Acme Robotics", WIKI_BODY),
        NEWS: Page(NEWS, "Acme Robotics names new chief", NEWS_BODY, published="2025-06-12"),
        CAREERS: Page(CAREERS, "Careers at Acme Robotics", CAREERS_BODY),
        REGISTRY: Page(
            REGISTRY,
            "Registry: Acme Robotics",
            REGISTRY_BODY,
            published="2022-03-15",
            version=1,
            authority=3,
        ),
        TRADEPRESS: Page(
            TRADEPRESS,
            "Acme Robotics moves head office",
            TRADEPRESS_BODY,
            published="2025-02-10",
            version=2,
            authority=1,
        ),
        RUMOURS: Page(RUMOURS, "Acme rumours", RUMOURS_BODY),
    },
)
STEPS = {WIKI: 2, NEWS: 3, CAREERS: 4, REGISTRY: 5, TRADEPRESS: 6}


def opened_page(page: Page, step: int, seen: list[tuple[int, int]] | None = None) -> OpenedPage:
    """A page opened at ``step`` whose ``seen`` spans (default: all of it) were shown."""
    opened = OpenedPage(page=page, opened_step=step)
    for start, end in seen if seen is not None else [(0, len(page.body))]:
        opened.mark_seen(start, end)
    return opened


def make_opened(*urls: str) -> dict[str, OpenedPage]:
    """The opened set of a run that opened ``urls`` (NEWS only partly shown)."""
    out = {}
    for url in urls:
        seen = [(0, len(NEWS_SHOWN))] if url == NEWS else None
        out[url] = opened_page(CORPUS.pages[url], STEPS[url], seen)
    return out


@pytest.fixture
def opened() -> dict[str, OpenedPage]:
    return make_opened(WIKI, NEWS, CAREERS, REGISTRY, TRADEPRESS)


def answer(
    text: Any = "Ada Ortiz",
    citations: Any = (WIKI,),
    cannot: Any = False,
    evidence: Any = "founded by Ada Ortiz in 2014",
) -> dict[str, Any]:
    return {
        "answer": text,
        "citations": list(citations) if isinstance(citations, tuple) else citations,
        "cannot_answer": cannot,
        "evidence": evidence,
    }


def abstain(text: str = "cannot: the opened pages do not say") -> dict[str, Any]:
    return answer(text, citations=[], cannot=True, evidence="")


def conflict(*entries: tuple[str, str, str]) -> dict[str, Any]:
    return {"conflicts": [{"value": v, "citation": c, "evidence": e} for v, c, e in entries]}


LISBON = ("Lisbon", REGISTRY, "head office of Acme Robotics is in Lisbon")
PORTO = ("Porto", TRADEPRESS, "moved its head office to Porto")


def problems(result: Validated | list[Problem]) -> list[Problem]:
    assert isinstance(result, list), f"expected problems, got {result!r}"
    assert result, "a rejection carries at least one problem"
    return result


def accepted(result: Validated | list[Problem]) -> Validated:
    assert isinstance(result, Validated), f"expected a valid finish, got {result!r}"
    return result


# --- the table: one row per way to break the contract, in the order codes are checked ----


def row(id_: str, payload: Any, code: str, detail: str) -> Any:
    return pytest.param(payload, code, detail, id=f"{code}-{id_}")


REJECTED = [
    # keys
    row("missing-evidence-key", {k: v for k, v in answer().items() if k != "evidence"},
        "keys", "expected exactly"),
    row("extra-confidence-key", {**answer(), "confidence": 0.9}, "keys", "confidence"),
    row("payload-is-a-list", [answer()], "keys", "JSON object"),
    row("payload-is-a-string", "Ada Ortiz", "keys", "JSON object"),
    row("payload-is-null", None, "keys", "JSON object"),
    row("conflicts-plus-answer-keys", {**answer(), "conflicts": []}, "keys", "conflicts"),
    # types
    row("answer-is-a-number", answer(text=2014), "types", "answer must be a string"),
    row("citations-is-a-string", answer(citations=WIKI), "types", "citations must be a list"),
    row("citations-holds-a-number", answer(citations=[WIKI, 7]), "types", "citations"),
    row("cannot-answer-is-a-string", answer(cannot="false"), "types", "cannot_answer"),
    row("cannot-answer-is-an-int", answer(cannot=0), "types", "cannot_answer"),
    row("evidence-is-null", answer(evidence=None), "types", "evidence must be a string"),
    row("evidence-list-holds-a-dict", answer(evidence=[{"quote": "x"}]), "types", "evidence"),
    row("answer-is-empty", answer(text="   "), "types", "answer is empty"),
    row("conflicts-is-empty", {"conflicts": []}, "types", "non-empty list"),
    # abstain_shape
    row("cannot-with-leftover-citation",
        answer("cannot: unknown", citations=[WIKI], cannot=True, evidence=""),
        "abstain_shape", "no citations or evidence"),
    row("cannot-with-leftover-evidence",
        answer("cannot: unknown", citations=[], cannot=True, evidence="founded by Ada Ortiz"),
        "abstain_shape", "no citations or evidence"),
    # abstain_prefix
    row("cannot-without-prefix", abstain("I could not find it"), "abstain_prefix", "'cannot:'"),
    row("positive-answer-starting-cannot", answer(text="Cannot: say for sure"),
        "abstain_prefix", "cannot_answer true"),
    # need_citation
    row("positive-answer-no-citations", answer(citations=[]), "need_citation", "cites"),
    # cite_not_opened
    row("invented-url", answer(citations=[INVENTED]), "cite_not_opened", INVENTED),
    row("url-only-in-search-results", answer(citations=[RUMOURS]), "cite_not_opened", RUMOURS),
    row("one-good-one-invented", answer(citations=[WIKI, INVENTED]), "cite_not_opened", INVENTED),
    # evidence
    row("empty", answer(evidence=""), "evidence", "evidence is empty"),
    row("whitespace-only-list", answer(evidence=["", "  "]), "evidence", "evidence is empty"),
    row("stop-words-only", answer(evidence="it is the"), "evidence", "content word"),
    row("not-in-any-opened-page", answer(evidence="Acme Robotics was founded in 1999"),
        "evidence", "not a verbatim span"),
    row("copied-from-unopened-page-citing-opened",
        answer(text="Faro", evidence="the head office of Acme Robotics will move to Faro"),
        "evidence", "not a verbatim span"),
    row("in-opened-but-uncited-page", answer(evidence="employs 240 people"),
        "evidence", f"from {CAREERS!r}, which is not cited"),
    row("only-in-unshown-part-of-page",
        answer(citations=[NEWS], evidence="Kenji Ito is the current chief executive officer"),
        "evidence", "not a verbatim span"),
    row("second-quote-of-list-not-found",
        answer(evidence=["founded by Ada Ortiz", "founded by Harold Beck"]),
        "evidence", "Harold Beck"),
    # unsupported
    row("year", answer(text="Ada Ortiz, in 2011"), "unsupported", "2011"),
    row("number", answer(text="about 2,400 people", citations=[CAREERS],
                         evidence="employs 240 people"), "unsupported", "2,400"),
    row("proper-name", answer(text="Ada Ortiz and Harold Beck"), "unsupported", "Harold Beck"),
    row("conflict-value-name", conflict(LISBON, ("Madrid", TRADEPRESS, PORTO[2])),
        "unsupported", "Madrid"),
    # inline_citation
    row("bracketed-id-not-cited", answer(text="Ada Ortiz [doc_voice]"),
        "inline_citation", "doc_voice"),
    row("bracketed-url-not-cited", answer(text=f"Ada Ortiz [{CAREERS}]"),
        "inline_citation", CAREERS),
    # ungrounded
    row("true-quote-wrong-answer", answer(text="Porto", evidence="founded by Ada Ortiz"),
        "ungrounded", "does not state 'Porto'"),
    row("answer-only-on-an-uncited-opened-page",
        answer(text="240 people", evidence="founded by Ada Ortiz"),
        "ungrounded", f"{CAREERS!r} says them: cite it and quote it"),
    row("negated-claim", answer(text="Acme Robotics was not founded by Ada Ortiz"),
        "ungrounded", "'not'"),
    row("framing-only", answer(text="According to the page, the answer is stated there."),
        "ungrounded", "states nothing but framing"),
    row("conflict-value-not-in-own-quote",
        conflict(LISBON, ("Lisbon", TRADEPRESS, PORTO[2])), "ungrounded", "not in its own quote"),
    # conflict_shape
    row("one-value-only", conflict(LISBON), "conflict_shape", "two different values"),
    row("same-value-twice", conflict(LISBON, (" lisbon ", WIKI, "2014 in Lisbon")),
        "conflict_shape", "two different values"),
]  # fmt: skip


@pytest.mark.parametrize(("payload", "code", "detail"), REJECTED)
def test_rejected_finish(
    payload: Any, code: str, detail: str, opened: dict[str, OpenedPage]
) -> None:
    [problem] = problems(validate_finish(payload, opened))
    assert problem.code == code
    assert detail in problem.detail
    assert str(problem) == f"{code}: {problem.detail}"


def test_table_covers_every_code_in_order() -> None:
    codes = list(dict.fromkeys(p.values[1] for p in REJECTED))
    assert codes == [c for c in CODES if c in codes]
    assert set(codes) == set(CODES)


# --- precedence: a finish breaking several rules reports the earliest -------------------

PRECEDENCE = [
    pytest.param(
        answer("no idea", citations=[INVENTED], cannot=True, evidence="x"),
        "abstain_shape",
        id="abstain_shape-before-abstain_prefix",
    ),
    pytest.param(
        {**answer(), "evidence": 5, "extra": 1}, "keys", id="keys-before-types"
    ),
    pytest.param(
        answer(text="cannot: x", citations=[]), "abstain_prefix",
        id="abstain_prefix-before-need_citation",
    ),
    pytest.param(
        answer(citations=[INVENTED], evidence=""), "cite_not_opened",
        id="cite_not_opened-before-evidence",
    ),
    pytest.param(
        answer(text="Madrid", evidence="not there at all"), "evidence",
        id="evidence-before-unsupported",
    ),
    pytest.param(
        answer(text="Madrid [doc_voice]"), "unsupported",
        id="unsupported-before-inline_citation",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("payload", "code"), PRECEDENCE)
def test_earliest_rule_is_reported(payload: Any, code: str, opened: dict[str, OpenedPage]) -> None:
    assert [p.code for p in problems(validate_finish(payload, opened))] == [code]


def test_several_wrong_types_are_one_problem_naming_each(opened: dict[str, OpenedPage]) -> None:
    [problem] = problems(validate_finish(answer(text=1, cannot="yes", evidence=2), opened))
    assert problem.code == "types"
    for phrase in ("answer must be", "cannot_answer must be", "evidence must be"):
        assert phrase in problem.detail
    assert "citations" not in problem.detail


# --- the five cases the contract is built around -----------------------------------------


def test_positive_answer_with_empty_citations_is_need_citation(
    opened: dict[str, OpenedPage],
) -> None:
    result = validate_finish(answer("Ada Ortiz", citations=[]), opened)
    assert [p.code for p in problems(result)] == ["need_citation"]


def test_citation_to_opened_url_with_evidence_from_unopened_page_is_rejected(
    opened: dict[str, OpenedPage],
) -> None:
    assert RUMOURS not in opened and WIKI in opened
    payload = answer(
        "Faro", citations=[WIKI], evidence="the head office of Acme Robotics will move to Faro"
    )
    [problem] = problems(validate_finish(payload, opened))
    assert problem.code == "evidence"
    assert "not a verbatim span of any cited, opened page" in problem.detail


def test_cannot_answer_with_leftover_citation_is_abstain_shape(
    opened: dict[str, OpenedPage],
) -> None:
    payload = answer("cannot: not stated", citations=[WIKI], cannot=True, evidence="")
    assert [p.code for p in problems(validate_finish(payload, opened))] == ["abstain_shape"]


def test_citation_to_invented_url_is_cite_not_opened(opened: dict[str, OpenedPage]) -> None:
    [problem] = problems(validate_finish(answer(citations=[INVENTED]), opened))
    assert problem.code == "cite_not_opened"
    assert repr(INVENTED) in problem.detail


def test_answer_naming_year_no_opened_page_contains_is_unsupported(
    opened: dict[str, OpenedPage],
) -> None:
    payload = answer("Ada Ortiz founded it in 2009", evidence="founded by Ada Ortiz in 2014")
    [problem] = problems(validate_finish(payload, opened))
    assert problem.code == "unsupported"
    assert "2009" in problem.detail and "2014" not in problem.detail


def test_url_seen_in_search_results_but_not_opened_cannot_be_cited(
    opened: dict[str, OpenedPage],
) -> None:
    hits = Fts5Index(CORPUS).search("rumour head office Faro", k=3)
    assert hits and hits[0].url == RUMOURS
    result = validate_finish(answer("Faro", citations=[RUMOURS], evidence="move to Faro"), opened)
    assert [p.code for p in problems(result)] == ["cite_not_opened"]


def test_page_not_in_opened_is_not_opened_even_if_in_corpus() -> None:
    only_wiki = make_opened(WIKI)
    result = validate_finish(
        answer("240", citations=[CAREERS], evidence="employs 240 people"), only_wiki
    )
    assert [p.code for p in problems(result)] == ["cite_not_opened"]


# --- accepted finishes and the exact data they return -----------------------------------


def test_plain_answer_is_accepted_with_quote(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(answer(f"  Ada Ortiz [{WIKI}] "), opened))
    assert result.fields is None
    single = result.single
    assert single is not None
    start = WIKI_BODY.index("founded by Ada Ortiz in 2014")
    assert single == Sourced(
        cannot_answer=False,
        answer=f"Ada Ortiz [{WIKI}]",
        citations=[WIKI],
        evidence=single.evidence,
    )
    [quote] = single.evidence
    assert (quote.url, quote.opened_step, quote.start, quote.end) == (WIKI, 2, start, start + 28)
    assert quote.text == "founded by Ada Ortiz in 2014"


def test_whitespace_and_curly_quotes_are_normalised_and_offsets_point_at_the_original(
    opened: dict[str, OpenedPage],
) -> None:
    original = "“gentle”   grippers for\n  fruit growers — mostly"
    assert original in WIKI_BODY
    typed = '"gentle" grippers for fruit growers - mostly'
    result = accepted(validate_finish(answer("gentle grippers", evidence=typed), opened))
    assert result.single is not None
    [quote] = result.single.evidence
    assert quote.url == WIKI
    assert quote.opened_step == 2
    assert (quote.start, quote.end) == (
        WIKI_BODY.index(original),
        WIKI_BODY.index(original) + len(original),
    )
    page = opened[WIKI].page
    assert page.body[quote.start : quote.end] == original
    assert quote.text == original


def test_citations_are_stripped_and_deduplicated(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(answer(citations=[f" {WIKI} ", WIKI]), opened))
    assert result.single is not None
    assert result.single.citations == [WIKI]


def test_list_of_evidence_strings_each_located(opened: dict[str, OpenedPage]) -> None:
    payload = answer(
        "Ada Ortiz founded it; it employs 240 people",
        citations=[WIKI, CAREERS],
        evidence=["founded by Ada Ortiz", "", "employs 240 people"],
    )
    result = accepted(validate_finish(payload, opened))
    assert result.single is not None
    located = [(q.url, q.opened_step, q.text) for q in result.single.evidence]
    assert located == [
        (WIKI, 2, "founded by Ada Ortiz"),
        (CAREERS, 4, "employs 240 people"),
    ]
    for quote in result.single.evidence:
        assert opened[quote.url].page.body[quote.start : quote.end] == quote.text


def test_quote_in_shown_part_of_partly_shown_page_is_accepted(
    opened: dict[str, OpenedPage],
) -> None:
    payload = answer(
        "a new chief executive", citations=[NEWS], evidence="has appointed a new chief executive"
    )
    result = accepted(validate_finish(payload, opened))
    assert result.single is not None
    [quote] = result.single.evidence
    assert (quote.url, quote.opened_step) == (NEWS, 3)
    assert quote.end <= len(NEWS_SHOWN)


def test_showing_the_rest_of_a_page_makes_it_quotable() -> None:
    opened = make_opened(NEWS)
    payload = answer("Kenji Ito", citations=[NEWS], evidence="Kenji Ito is the current chief")
    assert [p.code for p in problems(validate_finish(payload, opened))] == ["evidence"]
    opened[NEWS].mark_seen(len(NEWS_SHOWN) - 2, len(NEWS_BODY))
    quote = accepted(validate_finish(payload, opened)).single.evidence[0]  # type: ignore[union-attr]
    assert NEWS_BODY[quote.start : quote.end] == "Kenji Ito is the current chief"


def test_plain_cannot_answer_is_accepted(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(abstain("  cannot: not in the corpus "), opened))
    assert result.single == Sourced(cannot_answer=True, answer="cannot: not in the corpus")


def test_cannot_answer_prefix_is_case_insensitive(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(abstain("CANNOT: no page says"), opened))
    assert result.single is not None and result.single.cannot_answer


def test_answer_whose_bracketed_ids_are_all_cited_passes() -> None:
    voice = Page("doc_voice", "Brand voice guide", "Our voice is warm, plain and direct.")
    ship = Page("doc_shipping", "Shipping", "Orders ship within 2 working days.")
    opened = {"doc_voice": opened_page(voice, 2), "doc_shipping": opened_page(ship, 3)}
    payload = answer(
        "warm and plain [doc_voice]; orders ship within 2 days [doc_shipping]",
        citations=["doc_voice", "doc_shipping"],
        evidence=["Our voice is warm, plain", "ship within 2 working days"],
    )
    result = accepted(validate_finish(payload, opened))
    assert result.single is not None
    assert result.single.citations == ["doc_voice", "doc_shipping"]
    only_one = {**payload, "citations": ["doc_voice"], "evidence": "Our voice is warm"}
    [problem] = problems(validate_finish(only_one, opened))
    assert (problem.code, problem.detail.split(" inline")[0]) == (
        "inline_citation",
        "the answer cites doc_shipping",
    )


def test_bracketed_plain_words_are_not_citation_ids(opened: dict[str, OpenedPage]) -> None:
    result = validate_finish(answer("Ada Ortiz [see above]"), opened)
    assert isinstance(result, Validated)


# --- numbers with thousands separators ---------------------------------------------------


@pytest.mark.parametrize(
    ("page_text", "answer_text", "missing"),
    [
        pytest.param("a budget of 25000 euros", "25,000 euros", [], id="comma-in-answer"),
        pytest.param("a budget of 25,000 euros", "25000 euros", [], id="comma-in-page"),
        pytest.param("a budget of 25,000 euros", "25,000 euros", [], id="comma-in-both"),
        pytest.param("a budget of 2500 euros", "25,000 euros", ["25,000"], id="different-number"),
        pytest.param("a budget of 250,000 euros", "25,000", ["25,000"], id="longer-number"),
        pytest.param("founded in 2014", "2014", [], id="year-present"),
        pytest.param("founded in 12014", "2014", ["2014"], id="year-inside-longer-digits"),
        pytest.param("founded in 2014", "in 2014 and 1999", ["1999"], id="one-year-missing"),
    ],
)
def test_unsupported_terms_numbers(page_text: str, answer_text: str, missing: list[str]) -> None:
    page = Page("p", "p", page_text)
    assert unsupported_terms(answer_text, {"p": opened_page(page, 1)}) == missing


def test_unsupported_terms_names_and_sentence_starts() -> None:
    page = Page("p", "p", "Kenji Ito leads the company from Porto.")
    opened = {"p": opened_page(page, 1)}
    assert unsupported_terms("The CEO is Kenji Ito. He is in Porto.", opened) == ["CEO"]
    assert unsupported_terms("The chief is Kenji Ito. He works in Porto.", opened) == []
    assert unsupported_terms("Kenji Ito’s office is in Lisbon", opened) == ["Lisbon"]
    assert unsupported_terms("kenji ito, porto", opened) == []


def test_unsupported_terms_only_count_shown_text() -> None:
    assert unsupported_terms("Kenji Ito", make_opened(NEWS)) == ["Kenji Ito"]


def test_numbers_with_separators_in_a_full_finish() -> None:
    page = Page("cmp_104", "Spring Renewal", "The campaign budget is 25000 EUR.")
    opened = {"cmp_104": opened_page(page, 2)}
    ok = answer("25,000 EUR", citations=["cmp_104"], evidence="budget is 25000 EUR")
    assert isinstance(validate_finish(ok, opened), Validated)
    bad = answer("250,000 EUR", citations=["cmp_104"], evidence="budget is 25000 EUR")
    assert [p.code for p in problems(validate_finish(bad, opened))] == ["unsupported"]


# --- briefs ------------------------------------------------------------------------------

REQUIRE = ("venue", "time")
VENUE = answer("Lisbon", citations=[REGISTRY], evidence="head office of Acme Robotics is in Lisbon")
TIME = answer("2014", citations=[WIKI], evidence="in 2014 in Lisbon")


def test_valid_brief(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish({"fields": {"time": TIME, "venue": VENUE}}, opened, REQUIRE))
    assert result.single is None
    assert result.fields is not None
    assert list(result.fields) == ["venue", "time"]
    assert result.fields["venue"].answer == "Lisbon"
    assert result.fields["venue"].citations == [REGISTRY]
    assert result.fields["venue"].evidence[0].opened_step == 5
    assert result.fields["time"].evidence[0].url == WIKI


def test_brief_field_may_be_a_conflict_report(opened: dict[str, OpenedPage]) -> None:
    payload = {"fields": {"venue": conflict(LISBON, PORTO), "time": TIME}}
    result = accepted(validate_finish(payload, opened, REQUIRE))
    assert result.fields is not None
    assert [c.value for c in result.fields["venue"].conflicts] == ["Lisbon", "Porto"]
    assert result.fields["venue"].cannot_answer


@pytest.mark.parametrize(
    ("payload", "code", "phrases"),
    [
        pytest.param({"fields": {"venue": VENUE}}, "keys", ["missing ['time']"], id="missing"),
        pytest.param(
            {"fields": {"venue": VENUE, "time": TIME, "date": TIME}},
            "keys",
            ["unexpected ['date']", "missing none"],
            id="extra",
        ),
        pytest.param(VENUE, "keys", ["a brief finishes with", "'venue', 'time'"], id="no-fields"),
        pytest.param({"fields": [VENUE, TIME]}, "keys", ["a brief"], id="fields-not-object"),
        pytest.param(
            {"fields": {"venue": VENUE}, "extra": 1}, "keys", ["a brief"], id="beside-fields"
        ),
        pytest.param(
            {"fields": {"venue": VENUE, "time": {**TIME, "citations": []}}},
            "need_citation",
            ["field 'time'"],
            id="field-need-citation",
        ),
        pytest.param(
            {"fields": {"venue": {**VENUE, "citations": [INVENTED]}, "time": TIME}},
            "cite_not_opened",
            ["field 'venue'", INVENTED],
            id="field-cite-not-opened",
        ),
        pytest.param(
            {"fields": {"venue": VENUE, "time": {"answer": "2014"}}},
            "keys",
            ["field 'time'"],
            id="field-keys",
        ),
        pytest.param(
            {"fields": {"venue": conflict(LISBON), "time": TIME}},
            "conflict_shape",
            ["field 'venue'"],
            id="field-conflict-shape",
        ),
        pytest.param(
            {**abstain(), "citations": [WIKI]}, "abstain_shape", [], id="abstain-with-citation"
        ),
    ],
)
def test_brief_rejected(
    payload: Any, code: str, phrases: list[str], opened: dict[str, OpenedPage]
) -> None:
    [problem] = problems(validate_finish(payload, opened, REQUIRE))
    assert problem.code == code
    for phrase in phrases:
        assert phrase in problem.detail


def test_brief_reports_every_failing_field(opened: dict[str, OpenedPage]) -> None:
    payload = {"fields": {"venue": {**VENUE, "citations": []}, "time": {**TIME, "evidence": ""}}}
    found = problems(validate_finish(payload, opened, REQUIRE))
    assert [(p.code, p.detail.split(":")[0]) for p in found] == [
        ("need_citation", "field 'venue'"),
        ("evidence", "field 'time'"),
    ]


def test_plain_cannot_answer_abstains_on_the_whole_brief(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(abstain("cannot: no page says"), opened, REQUIRE))
    assert result.single is None
    expected = Sourced(cannot_answer=True, answer="cannot: no page says")
    assert result.fields == {"venue": expected, "time": expected}


def test_field_may_abstain_alone(opened: dict[str, OpenedPage]) -> None:
    payload = {"fields": {"venue": VENUE, "time": abstain("cannot: no time given")}}
    result = accepted(validate_finish(payload, opened, REQUIRE))
    assert result.fields is not None
    assert not result.fields["venue"].cannot_answer
    assert result.fields["time"] == Sourced(cannot_answer=True, answer="cannot: no time given")


# --- conflict reports --------------------------------------------------------------------


def test_valid_conflict_report(opened: dict[str, OpenedPage]) -> None:
    result = accepted(validate_finish(conflict(LISBON, PORTO), opened))
    single = result.single
    assert single is not None
    assert single.cannot_answer
    assert single.answer.startswith("cannot:")
    assert single.citations == [] and single.evidence == []
    lisbon, porto = single.conflicts
    assert (lisbon.value, lisbon.citation) == ("Lisbon", REGISTRY)
    assert (lisbon.published, lisbon.version, lisbon.authority) == ("2022-03-15", 1, 3)
    assert (porto.value, porto.citation) == ("Porto", TRADEPRESS)
    assert (porto.published, porto.version, porto.authority) == ("2025-02-10", 2, 1)
    for value, body, step in ((lisbon, REGISTRY_BODY, 5), (porto, TRADEPRESS_BODY, 6)):
        quote = value.evidence
        assert (quote.url, quote.opened_step) == (value.citation, step)
        assert body[quote.start : quote.end] == quote.text
    assert lisbon.evidence.text == LISBON[2]


@pytest.mark.parametrize(
    ("payload", "code", "detail"),
    [
        pytest.param(conflict(LISBON), "conflict_shape", "two different", id="one-value"),
        pytest.param(
            conflict(LISBON, ("LISBON", WIKI, "in 2014 in Lisbon")),
            "conflict_shape",
            "two different",
            id="same-value-twice",
        ),
        pytest.param(
            conflict(LISBON, ("Faro", RUMOURS, "will move to Faro")),
            "cite_not_opened",
            f"conflict 2: {RUMOURS!r}",
            id="citation-not-opened",
        ),
        pytest.param(
            conflict(LISBON, ("Porto", REGISTRY, "moved its head office to Porto")),
            "evidence",
            f"conflict 2: the evidence is from {TRADEPRESS!r}",
            id="quote-not-in-its-cited-page",
        ),
        pytest.param(
            conflict(("Lisbon", REGISTRY, "in Lisbon since 1990"), PORTO),
            "evidence",
            "conflict 1:",
            id="quote-in-no-page",
        ),
        pytest.param(
            {"conflicts": [{"value": "Lisbon", "citation": REGISTRY}]},
            "keys",
            "conflict 1",
            id="entry-missing-evidence",
        ),
        pytest.param(
            {"conflicts": [{"value": " ", "citation": REGISTRY, "evidence": LISBON[2]}]},
            "types",
            "conflict 1",
            id="blank-value",
        ),
        pytest.param({"conflicts": "Lisbon"}, "types", "non-empty list", id="not-a-list"),
    ],
)
def test_conflict_report_rejected(
    payload: Any, code: str, detail: str, opened: dict[str, OpenedPage]
) -> None:
    [problem] = problems(validate_finish(payload, opened))
    assert problem.code == code
    assert detail in problem.detail


# --- regressions: both of these passed the validator when these tests were written ------


@pytest.mark.parametrize("claim", ["[Madrid]", "[1999]"])
def test_bracketed_claims_that_are_not_ids_are_still_checked(
    claim: str, opened: dict[str, OpenedPage]
) -> None:
    """Only citation-shaped ids ([doc_voice], [https://...]) are skipped as claims."""
    result = validate_finish(answer(f"Ada Ortiz, in {claim}"), opened)
    assert [p.code for p in problems(result)] == ["unsupported"]


def test_verbatim_copy_of_decomposed_unicode_page_is_accepted() -> None:
    body = "The workshop is chaired by Jose\u0301 Ma\u0301rquez in Coimbra."
    opened = {"p": opened_page(Page("p", "p", body), 1)}
    copied = body[body.index("chaired") : body.index(" in Coimbra")]
    result = accepted(validate_finish(answer("Márquez", citations=["p"], evidence=copied), opened))
    assert result.single is not None
    quote = result.single.evidence[0]
    assert body[quote.start : quote.end] == copied


# --- property: never raises, always a verdict --------------------------------------------

_URLS = [WIKI, NEWS, CAREERS, REGISTRY, TRADEPRESS, RUMOURS, INVENTED, f" {WIKI} "]
_TEXTS = [
    "founded by Ada Ortiz in 2014",
    "moved its head office to Porto",
    "head office of Acme Robotics is in Lisbon",
    "cannot: not stated",
    "Ada Ortiz",
    "Lisbon",
    "Porto [doc_voice]",
    "Kenji Ito in 1999",
    "it is the",
]
_KEYS = [*sorted(ANSWER_KEYS), "conflicts", "fields", "value", "citation", "venue", "time"]
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=30)
    | st.sampled_from(_URLS + _TEXTS)
)
JSON = st.recursive(
    _LEAVES,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
_TEXT = st.sampled_from(_TEXTS) | st.text(max_size=30)
# Arbitrary values under the contract's keys, and well-typed values that get past
# `keys` and `types` into the deeper checks.
LOOSE_ANSWER = st.fixed_dictionaries(
    {"answer": JSON, "citations": JSON, "cannot_answer": JSON, "evidence": JSON}
)
TYPED_ANSWER = st.fixed_dictionaries(
    {
        "answer": _TEXT,
        "citations": st.lists(st.sampled_from(_URLS) | st.text(max_size=10), max_size=3),
        "cannot_answer": st.booleans(),
        "evidence": _TEXT | st.lists(_TEXT, max_size=3),
    }
)
CONFLICTS = st.builds(
    lambda entries: {"conflicts": entries},
    st.lists(
        st.fixed_dictionaries(
            {
                "value": _TEXT | _LEAVES,
                "citation": st.sampled_from(_URLS) | _LEAVES,
                "evidence": _TEXT | _LEAVES,
            }
        ),
        max_size=3,
    ),
)
PLAUSIBLE_ANSWER = st.fixed_dictionaries(
    {
        "answer": st.sampled_from(_TEXTS),
        "citations": st.lists(st.sampled_from(_URLS), min_size=1, max_size=2),
        "cannot_answer": st.booleans(),
        "evidence": st.sampled_from(_TEXTS) | st.lists(st.sampled_from(_TEXTS), max_size=2),
    }
)
ONE = JSON | LOOSE_ANSWER | TYPED_ANSWER | PLAUSIBLE_ANSWER | PLAUSIBLE_ANSWER | CONFLICTS
PAYLOADS = ONE | st.builds(
    lambda fields: {"fields": fields},
    st.dictionaries(st.sampled_from(["venue", "time", "date"]), ONE, max_size=3) | JSON,
)


def _never_raises(payload: Any, require: tuple[str, ...], question: str) -> None:
    opened = make_opened(WIKI, NEWS, REGISTRY, TRADEPRESS)
    result = validate_finish(payload, opened, require, question)
    if isinstance(result, Validated):
        assert (result.single is None) == bool(require)
        assert (result.fields is None) == (not require)
    else:
        assert isinstance(result, list) and result
        for problem in result:
            assert isinstance(problem, Problem)
            assert problem.code in CODES
            assert problem.detail


QUESTIONS = st.sampled_from(["", "Who founded Acme Robotics?", "Is it Lisbon or Porto?"]) | (
    st.text(max_size=40)
)
REQUIRES = st.sampled_from([(), ("venue",), ("venue", "time")])


@pytest.mark.integration
@settings(
    max_examples=500,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(payload=PAYLOADS, require=REQUIRES, question=QUESTIONS)
def test_validate_finish_never_raises(
    payload: Any, require: tuple[str, ...], question: str
) -> None:
    _never_raises(payload, require, question)


@pytest.mark.slow
@settings(
    max_examples=10_000,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(payload=PAYLOADS, require=REQUIRES, question=QUESTIONS)
def test_validate_finish_never_raises_at_scale(
    payload: Any, require: tuple[str, ...], question: str
) -> None:
    _never_raises(payload, require, question)


# --- stricter rules found in review ------------------------------------------------------


def test_urls_written_anywhere_in_the_answer_must_be_cited(opened: dict[str, OpenedPage]) -> None:
    quote = "The registered head office of Acme Robotics is in Lisbon."
    for text in (
        "Lisbon, see [source](https://evil.example/)",
        "Lisbon (verified by https://evil.example/)",
    ):
        result = validate_finish(answer(text, citations=[REGISTRY], evidence=quote), opened)
        assert [p.code for p in problems(result)] == ["inline_citation"]
    cited = validate_finish(
        answer(f"Lisbon, per {REGISTRY}.", citations=[REGISTRY], evidence=quote), opened
    )
    assert accepted(cited).single is not None


def test_a_name_of_several_words_must_occur_whole(opened: dict[str, OpenedPage]) -> None:
    # "Kenji" and "Ortiz" both occur somewhere, "Kenji Ortiz" nowhere
    opened = {**opened, **make_opened(WIKI)}
    opened[NEWS].mark_seen(0, len(NEWS_BODY))
    result = validate_finish(
        answer("Kenji Ortiz", citations=[NEWS], evidence="Kenji Ito is the current"), opened
    )
    assert [p.code for p in problems(result)] == ["unsupported"]
    assert "Kenji Ortiz" in problems(result)[0].detail


def test_conflict_values_must_be_in_their_own_quotes_and_from_two_pages(
    opened: dict[str, OpenedPage],
) -> None:
    lisbon = "The registered head office of Acme Robotics is in Lisbon."
    porto = "Acme Robotics has moved its head office to Porto as it expands."
    swapped = {
        "conflicts": [
            {"value": "Porto", "citation": REGISTRY, "evidence": lisbon},
            {"value": "Lisbon", "citation": TRADEPRESS, "evidence": porto},
        ]
    }
    # each value is on an opened page, but not in its own quote
    assert [p.code for p in problems(validate_finish(swapped, opened))] == ["ungrounded"]
    one_page = {
        "conflicts": [
            {"value": "Lisbon", "citation": REGISTRY, "evidence": lisbon},
            {"value": "Acme Robotics", "citation": REGISTRY, "evidence": lisbon},
        ]
    }
    assert [p.code for p in problems(validate_finish(one_page, opened))] == ["conflict_shape"]


def test_same_value_written_two_ways_is_no_conflict(opened: dict[str, OpenedPage]) -> None:
    body_a, body_b = "The fair opens on 12 June 2026.", "The fair opens on June 12, 2026."
    pages = {
        "a": opened_page(Page("a", "a", body_a), 2),
        "b": opened_page(Page("b", "b", body_b), 3),
    }
    report = {
        "conflicts": [
            {"value": "12 June 2026", "citation": "a", "evidence": body_a},
            {"value": "June 12, 2026", "citation": "b", "evidence": body_b},
        ]
    }
    assert [p.code for p in problems(validate_finish(report, pages))] == ["conflict_shape"]


def test_citation_matching_is_as_lenient_as_open(opened: dict[str, OpenedPage]) -> None:
    quote = "The registered head office of Acme Robotics is in Lisbon."
    result = accepted(
        validate_finish(answer("Lisbon", citations=[f" {REGISTRY}/ "], evidence=quote), opened)
    )
    assert result.single is not None and result.single.citations == [REGISTRY]


CONFIG = "file:///docs/config.rst#SESSION_COOKIE_NAME"
CONFIG_BODY = (
    "`SESSION_COOKIE_NAME`\n\nThe name of the session cookie. Can be changed in case you "
    "already have a cookie with the same name.\n\nDefault: `'session'`"
)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("'session'", True),  # a part of the question's identifier is a value, not an echo
        ("`'session'`", True),
        ("SESSION_COOKIE_NAME", False),  # the identifier itself is
        ("session cookie name", False),  # and so are its parts said together
    ],
)
def test_an_identifier_of_the_question_is_one_word_of_it(text: str, ok: bool) -> None:
    """Flask's config page says the default of ``SESSION_COOKIE_NAME`` is ``'session'``:
    a right answer, which the echo rule rejected because "session" is in the question."""
    page = Page(CONFIG, "Configuration › `SESSION_COOKIE_NAME`", CONFIG_BODY)
    opened = {CONFIG: opened_page(page, 2)}
    finish = answer(text=text, citations=[CONFIG], evidence="Default: `'session'`")
    result = validate_finish(
        finish, opened, (), "What is the default value of SESSION_COOKIE_NAME?"
    )
    if ok:
        accepted(result)
    else:
        assert [p.code for p in problems(result)] == ["ungrounded"]
        assert "only repeats the question's words" in problems(result)[0].detail


STATIC = "file:///docs/starlette/staticfiles.md#p3"
STATIC_SENTENCE = (
    "By default `StaticFiles` will look for a `statics` directory in each package, you can "
    "change the default directory by specifying a tuple of strings."
)


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("statics", True),  # the quote writes it as code, the question never writes it
        ("`statics`", True),
        ("static", False),  # the question's own word, as it writes it (and as code)
        ("static files", False),
    ],
)
def test_a_name_the_quote_writes_as_code_is_no_echo(text: str, ok: bool) -> None:
    """Starlette's staticfiles.md (R): "statics" stems as the question's "static", but
    the page names a directory `statics`; an answer the question does not write, which
    the quote writes as code, is a name of its own (a word of the question is still an
    echo)."""
    # the page writes the question's words as code too: those stay echoes
    body = STATIC_SENTENCE + " Set `static` or `static files` to serve `app.run()`."
    page = Page(STATIC, "StaticFiles [passage 3/3]", body)
    opened = {STATIC: opened_page(page, 2)}
    question = (
        "When I serve static files from a Python package with the packages option, which "
        "directory inside each package is looked for by default?"
    )
    evidence = body if "static" in text and "statics" not in text else STATIC_SENTENCE
    finish = answer(text=text, citations=[STATIC], evidence=evidence)
    result = validate_finish(finish, opened, (), question)
    if ok:
        accepted(result)
    else:
        assert [p.code for p in problems(result)] == ["ungrounded"]


def test_a_call_the_question_writes_is_an_echo_even_as_code() -> None:
    """ "What does app.run() start?" answered `app.run()`: the question writes it (a review's
    counter-example to the code-span rule, whose first version split the question into words
    and missed the parentheses)."""
    url = "file:///docs/quickstart.md#p1"
    body = "Calling `app.run()` starts the development server."
    opened = {url: opened_page(Page(url, "Quickstart", body), 2)}
    finish = answer(text="app.run()", citations=[url], evidence=body)
    result = validate_finish(finish, opened, (), "What does app.run() start?")
    assert [p.code for p in problems(result)] == ["ungrounded"]


def test_a_passage_titles_next_address_grounds_nothing() -> None:
    """A passage's title ends with its place and the next passage's address ("[passage
    1/2; next: file:///tmp/ci/...#p2]"); those words say where the files live. A question
    naming "CI" is not about a page because its checkout is in /tmp/ci: the yes/no side
    'CI' stays ungrounded wherever the corpus lives (a clean clone validated otherwise
    than its origin)."""
    from sleuth.passages import passage_title, title_heading

    body = "Otherwise, missing environment variables will result in empty strings."
    question = "Do missing environment variables and CI both give empty strings?"
    verdicts = []
    for root in ("/tmp/ci", "/work/main"):
        url = f"file://{root}/docs/config.rst#p1"
        title = passage_title("Configuration › Syntax", 1, 2, f"file://{root}/docs/config.rst#p2")
        assert title_heading(title) == "Configuration › Syntax"
        page = Page(url, title, body)
        payload = {"answer": "yes", "citations": [url], "cannot_answer": False, "evidence": body}
        verdicts.append(
            [
                p.code
                for p in problems(
                    validate_finish(payload, {url: opened_page(page, 2)}, (), question)
                )
            ]
        )
    assert verdicts[0] == verdicts[1] == ["ungrounded"]
    assert passage_title("Configuration", 1, 1, None) == "Configuration"
