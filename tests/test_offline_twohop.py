"""Two-hop questions in the offline reader (`sleuth.policies.twohop`, `bridge_questions`,
`bridge`, `relations`, `twohop_confidence`), end to end on real HotpotQA and MuSiQue records from
the *first half* of each shared file (the half the reader was developed on; the second
half is held out for reporting)."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from shared import SHARED_DATA, trajectory
from sleuth import OfflinePolicy, Task
from sleuth.corpus import Corpus, Page
from sleuth.datasets import Dataset, EvalCase, load_dataset
from sleuth.policies import bridge as bridge_module
from sleuth.policies import described, measures, relations, twohop, twohop_confidence
from sleuth.policies.bridge_questions import parse_bridge
from sleuth.policies.twohop import parse
from sleuth.result import Reason, Result, Status
from sleuth.runtime import run_steps
from sleuth.state import Budgets, OpenedPage, Step

HOTPOT = SHARED_DATA / "hotpotqa-train100-distractor.json"
MUSIQUE = SHARED_DATA / "musique-ans-train100.json"
FIRST_HALF = 50

pytestmark = pytest.mark.skipif(
    not (HOTPOT.is_file() and MUSIQUE.is_file()), reason="no shared two-hop data"
)


@cache
def _dataset(kind: str = "hotpotqa") -> Dataset:
    path = HOTPOT if kind == "hotpotqa" else MUSIQUE
    return load_dataset(f"{kind}:{path}", "closed", FIRST_HALF, derive_unanswerable=True)


def _case(question_start: str, derived: bool = False, kind: str = "hotpotqa") -> EvalCase:
    found = [
        c
        for c in _dataset(kind).cases
        if c.question.startswith(question_start) and c.derived is derived
    ]
    assert len(found) == 1, question_start
    return found[0]


#: The descriptive-bridge tests below test how the path reads, not whether its fitted
#: confidence (one calibration answer, wrong, at the last fit) clears the threshold: they
#: run with no threshold (the path's confidence is still reported).
_ANY_CONFIDENCE = OfflinePolicy(min_confidence=0.0)


def _first_page_removed(question_start: str, kind: str = "hotpotqa") -> EvalCase:
    """The case without its first gold page (in paragraph order), made unanswerable: the
    first hop's page missing. (The loader's derived copies lack the gold pages that state
    the answer, the second hop's for a bridge: `sleuth.datasets`.)"""
    case = _case(question_start, kind=kind)
    first = case.gold_urls[0]
    return dataclasses.replace(
        case,
        id=case.id + "::first-removed",
        answers=[],
        gold_urls=[],
        answerable=False,
        derived=True,
        pages=[u for u in case.pages if u != first],
        removed=[first],
    )


def _run(
    case: EvalCase, policy: OfflinePolicy | None = None, corpus: Corpus | None = None
) -> tuple[list[Step], Result]:
    """Run ``case`` on its own corpus (or ``corpus``, a changed copy of it)."""
    musique = _dataset("musique")
    data = musique if case.dataset == musique.name else _dataset()
    gen = run_steps(
        Task(case.question), corpus or data.corpus_for(case), policy or OfflinePolicy(), Budgets()
    )
    return trajectory(gen)


def _opened(steps: list[Step]) -> list[str]:
    return [s.args["url"] for s in steps if s.tool == "open"]


@pytest.mark.parametrize(
    ("start", "answer", "pages"),
    [
        (
            "Which band was formed first",
            "The Exies",
            ["hotpotqa://The%20Exies", "hotpotqa://Circus%20Diablo"],
        ),
        ("Who is the oldest, Sid Haig", "Sid Haig", None),
        ("Which singer is American, Mark King", "Nick Hexum", None),
        ("Are Christopher Nolan and Sathish Kalathil", "yes", None),
        ("Are Watertown International Airport and Alexandria", "no", None),
    ],
)
def test_comparison_answers_from_a_page_for_each_side(
    start: str, answer: str, pages: list[str] | None
) -> None:
    case = _case(start)
    steps, result = _run(case)
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == answer
    # every word of the answer is a word of an accepted one ("Nick Hexum" of
    # 'Nicholas Lofton "Nick" Hexum')
    assert any(
        set(answer.lower().split()) <= set(gold.lower().replace('"', "").split())
        for gold in case.answers
    )
    # search the question, open one page per side, finish: nothing else
    assert [s.tool for s in steps] == ["search", "open", "open", "finish"]
    assert sorted(result.citations) == sorted(_opened(steps)) == sorted(case.gold_urls)
    if pages is not None:
        assert _opened(steps) == pages
    # one quote from each cited page, verbatim
    assert sorted(q.url for q in result.evidence) == sorted(result.citations)
    corpus = _dataset().corpus_for(case)
    for quote in result.evidence:
        assert quote.text in corpus.pages[quote.url].body
    assert result.confidence is not None and 0.0 < result.confidence < 1.0


def test_the_dates_compared_are_the_asked_ones() -> None:
    """ "formed first": 1997 against 2006, read after "formed", not Circus Diablo's
    other years; the evidence is the sentence of each that says it."""
    _, result = _run(_case("Which band was formed first"))
    texts = [q.text for q in result.evidence]
    assert any("formed in 1997" in t for t in texts)
    assert any("formed in early 2006" in t for t in texts)


def test_a_missing_side_page_abstains_after_looking_for_it() -> None:
    """The derived copy lacks The Exies' page (the gold page that states the answer, "The
    Exies"): the first search finds no page about The Exies, so the policy searches for it
    by name, finds none, opens Circus Diablo's page, and abstains rather than answer from
    one side."""
    steps, result = _run(_case("Which band was formed first", derived=True))
    assert result.status is Status.INCOMPLETE
    assert result.reason is Reason.FACT_MISSING
    assert result.cannot_answer
    assert [s.tool for s in steps] == ["search", "search", "open", "finish"]
    assert steps[1].args["query"] == "The Exies"
    assert _opened(steps) == ["hotpotqa://Circus%20Diablo"]
    assert steps[-1].args["answer"] == "cannot: no opened page is about The Exies"


def test_a_nationality_is_read_from_the_one_place_the_defining_clause_names() -> None:
    """ "Are both magazines … British publications?" (gold: no): Pick Me Up "is a British
    weekly", the Woman's Viewpoint "was a woman's magazine founded in Texas" — a US
    state, so American, not British: no. Both pages cited, a quote from each."""
    case = _case("Are both magazines, the Woman's Viewpoint")
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "open", "finish"]
    assert _opened(steps) == [
        "hotpotqa://Woman%27s%20Viewpoint%20(magazine)",
        "hotpotqa://Pick%20Me%20Up%20(magazine)",
    ]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == "no" and "no" in case.answers
    assert sorted(result.citations) == sorted(case.gold_urls)
    texts = {q.url: q.text for q in result.evidence}
    assert "founded in Texas" in texts["hotpotqa://Woman%27s%20Viewpoint%20(magazine)"]
    assert "is a British weekly" in texts["hotpotqa://Pick%20Me%20Up%20(magazine)"]


def test_a_side_whose_page_is_removed_is_not_guessed() -> None:
    """The derived copy of the magazines question: one side's page is gone, so there is
    nothing to compare and the answer is not guessed."""
    steps, result = _run(_case("Are both magazines, the Woman's Viewpoint", derived=True))
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer
    assert steps[-1].tool == "finish" and len(steps) <= 5


@pytest.mark.parametrize(
    ("clause", "nations"),
    [
        (" a woman's magazine founded in Texas in 1923 and published by Florence", ["American"]),
        (" a British weekly women's magazine", []),  # a demonym is read before any place
        (" a band formed in London and based in Texas", []),  # two places: none
        (" a progressive magazine", []),
    ],
)
def test_the_nationality_of_a_place(clause: str, nations: list[str]) -> None:
    assert twohop._nations_in(clause) == nations


def test_a_confidence_threshold_above_the_path_s_abstains() -> None:
    _, result = _run(_case("Who is the oldest, Sid Haig"), OfflinePolicy(min_confidence=0.99))
    assert result.reason is Reason.FACT_MISSING


@pytest.mark.parametrize(
    ("question", "kind", "sides"),
    [
        ("Which band was formed first The Exies or Circus Diablo ?", "date", None),
        ("Were Scott Derrickson and Ed Wood of the same nationality?", "nationality", None),
        (
            "Are both magazines, the Woman's Viewpoint and Pick Me Up, British publications?",
            "nationality",
            ("Woman's Viewpoint", "Pick Me Up"),
        ),
        ("Which plant is larger, the Pterocarya or the Cotula?", "number", None),
        (
            "Which has more stations, the Tyne and Wear Metro or the Docklands Light Railway?",
            "number",
            None,
        ),
        (
            "Are Watertown Airport and Alexandria Airport both airports in the same state?",
            "state",
            None,
        ),
        ("Are Paris and Lyon both cities in the same country?", "country", ("Paris", "Lyon")),
        ("Are Paris and Lyon in the same league?", None, None),
        ("Who died first, Tom Hanks or Meg Ryan?", "date", ("Tom Hanks", "Meg Ryan")),
        ("Which of Tom Hanks and Meg Ryan was born first?", "date", ("Tom Hanks", "Meg Ryan")),
        ("Between Tom Hanks and Meg Ryan, who was born first?", "date", ("Tom Hanks", "Meg Ryan")),
        (
            "Are both Tom Hanks and Meg Ryan American actors?",
            "nationality",
            ("Tom Hanks", "Meg Ryan"),
        ),
        ("Do Tom Hanks and Meg Ryan have the same nationality?", "nationality", None),
        ("Are Tom Hanks and Meg Ryan both from the same country?", "nationality", None),
        ("Which film was directed by Steven Spielberg, Jaws or Alien?", "role", ("Jaws", "Alien")),
        ("Which film was directed by Spielberg, Jaws or Alien?", None, None),  # a surname alone
        (
            "Which airport is located in Michigan, Bishop International Airport or Dayton "
            "International Airport?",
            "state",
            None,
        ),
        ("Which writer was from England, Henry Roth or Robert Childers?", "country", None),
        ("Who lived longer, Tom Hanks or Meg Ryan?", None, None),  # a lifetime is no length
        # a side with a lower-case joiner is taken whole
        (
            "Which magazine was started first Arthur's Magazine or First for Women?",
            "date",
            ("Arthur's Magazine", "First for Women"),
        ),
        ("Are Local H and Pearl Jam both from the United States?", "nationality", None),
        ("Are Local H and Pearl Jam both located in Florida?", "state", None),
        ("Who is a singer, Mark King or Nick Hexum?", "category", ("Mark King", "Nick Hexum")),
        ("Who was the first duke of Normandy?", None, None),
        ("What is older, the castle or the church?", None, None),
    ],
)
def test_what_is_read_as_a_comparison(
    question: str, kind: str | None, sides: tuple[str, str] | None
) -> None:
    plan = parse(question)
    assert (plan.kind if plan else None) == kind
    if sides is not None:
        assert plan is not None and plan.sides == sides


def test_without_two_hop_the_single_hop_reader_runs() -> None:
    steps, _ = _run(_case("Which band was formed first"), OfflinePolicy(two_hop=False))
    assert steps[-1].tool == "finish"
    assert not any("one side of the comparison" in s.thought for s in steps)


def test_bridge_answers_through_the_embedded_question() -> None:
    """ "... the population of the city where Kerry Saxby-Junna was born?": the first hop
    reads "Where was Kerry Saxby-Junna born?" (Young), the second searches the question
    through it and reads the census sentence; both pages cited, a quote from each."""
    case = _case("At the 2011 census, what was he population")
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "Kerry Saxby-Junna"  # the subject, to open its own page
    assert "Young" in steps[2].args["query"] and "population" in steps[2].args["query"]
    assert _opened(steps) == [
        "hotpotqa://Kerry%20Saxby-Junna",
        "hotpotqa://Young,%20New%20South%20Wales",
    ]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == "6,960" and result.answer in case.answers
    assert result.citations == _opened(steps)
    assert [q.url for q in result.evidence] == result.citations
    assert "born in Young" in result.evidence[0].text
    assert "population of 6,960" in result.evidence[1].text
    assert result.confidence is not None and 0.0 < result.confidence < 1.0


def test_bridge_without_its_first_page_abstains() -> None:
    """The derived copy lacks Kerry Saxby-Junna's page: no verified first hop, so no
    second search and no answer."""
    steps, result = _run(_first_page_removed("At the 2011 census, what was he population"))
    assert result.reason is Reason.FACT_MISSING
    assert [s.tool for s in steps][-1] == "finish"
    assert [s.tool for s in steps].count("search") == 1
    assert steps[-1].args["answer"] == "cannot: no opened page states the bridge"


@pytest.mark.parametrize(
    ("question", "inner", "phrase"),
    [
        (
            "In what county is the city where Harris W. Fawell was born?",
            "In what city was Harris W. Fawell born?",
            "the city where Harris W. Fawell was born",
        ),
        ("What country was the author of Brand a citizen of?", "Who is the author of Brand?", None),
        # after the question's "is" the clause ends at its own verb ("located"), the
        # question's verb ("named") following it
        (
            "What is the country where Baure is located named after?",
            "In what country is Baure located?",
            None,
        ),
        # the clause runs into the rest of the question after a "when" clause: not read
        (
            "Who was president when the area where Intrepid Wind Farm is located became a state?",
            None,
            None,
        ),
        # what follows the clause's verb may be the clause's own ("died in 1990"): a
        # clause is cut at its verb only where the main verb is sure to follow
        ("Who is the current mayor of the city where Jan Kowalski died in 1990?", None, None),
        ("Who was the duke of Normandy?", None, None),
        # MuSiQue's "the NAME ROLE", a relative clause's verb, any verb after the name
        ("Who is the spouse of the Green performer?", "Who is the performer of Green?", None),
        (
            "Who founded the company that made the Boeing 747?",
            "Who is the manufacturer of Boeing 747?",
            None,
        ),
        ("What country is the producer of Jaws from?", "Who is the producer of Jaws?", None),
        ("Who is the American director?", None, None),
        # nothing asked of the bridge: one hop, left to the single-hop reader
        ("Who was the founder of Acme Robotics?", None, None),
        # first-half traps: a place that "produced" a film is its origin, not its
        # producer; a title cut at "with" is no name
        ("When was the country that produced Fist Power taken by the British?", None, None),
        (
            'Who did the producer of Songs I Wrote with Amy write the song "Thinking Out '
            'Loud" for?',
            None,
            None,
        ),
        # "where … from" asks something of it
        ("Where is the performer of Green from?", "Who is the performer of Green?", None),
        # a work's kind of two words after its year: the work's name, not the year
        (
            "Where was the director of the 1919 silent comedy Cupid Forecloses born?",
            "Who is the director of Cupid Forecloses?",
            None,
        ),
    ],
)
def test_what_is_read_as_a_bridge(question: str, inner: str | None, phrase: str | None) -> None:
    bridge = parse_bridge(question)
    assert (bridge.inner if bridge else None) == inner
    if phrase is not None:
        assert bridge is not None and bridge.phrase == phrase
        assert bridge.outer("West Chicago") == "In what county is West Chicago?"


# --- bridges through a typed relation (MuSiQue) -------------------------------------------


def _musique(start: str, derived: bool = False) -> EvalCase:
    return _case(start, derived, kind="musique")


@pytest.mark.parametrize(
    ("start", "subject_page", "bridge", "query", "answer_page", "answer"),
    [
        (
            "Of what church is the Diocese of the birthplace of Meehan Bonnar",
            "musique://Meehan%20Bonnar",
            "Fredericton",
            "church Diocese Fredericton",
            "musique://Diocese%20of%20Fredericton",
            "Anglican Church of Canada",
        ),
        (
            "What is the name of the waterfall in the country where the Bubye River",
            "musique://Bubye%20River",
            "Zimbabwe",
            "waterfall Zimbabwe",
            "musique://Victoria%20Falls",
            "Victoria Falls",
        ),
    ],
)
def test_a_relation_bridge_reads_the_subject_s_page_then_the_second_hop(
    start: str, subject_page: str, bridge: str, query: str, answer_page: str, answer: str
) -> None:
    """Search the subject by name, open its own page, read the asked relation (born in,
    located in) there, search the question through the bridge, open the page that names
    the answer, finish citing both with a quote from each: five steps."""
    case = _musique(start)
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps) == [subject_page, answer_page]
    assert steps[2].args["query"] == query
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == answer and answer in case.answers
    assert result.citations == [subject_page, answer_page]
    assert [q.url for q in result.evidence] == result.citations
    assert bridge in result.evidence[0].text and answer in result.evidence[1].text
    corpus = _dataset("musique").corpus_for(case)
    assert all(q.text in corpus.pages[q.url].body for q in result.evidence)
    assert result.confidence == twohop_confidence.confidence("bridge:" + _path(case.question))


@pytest.mark.parametrize(
    ("start", "subject_page", "answer_page"),
    [
        # "broadcasting in Wilmington, Delaware"; the airport is "just north of Wilmington,
        # North Carolina" (MuSiQue's gold answer is that airport)
        (
            "What is the name of the airport in the city where WILM",
            "musique://WILM%20(AM)",
            "musique://Wilmington%20International%20Airport",
        ),
        # "in McDowell County, West Virginia"; the tavern is "at Linville Falls, Avery County
        # and McDowell County, North Carolina" (the gold answer: Avery County)
        (
            "What county shares a border with the county in which Johnnycake",
            "musique://Johnnycake,%20West%20Virginia",
            "musique://Linville%20Falls%20Tavern",
        ),
    ],
)
def test_a_second_hop_about_a_namesake_elsewhere_is_no_answer(
    start: str, subject_page: str, answer_page: str
) -> None:
    """The first hop places the bridge ("Wilmington, Delaware"), the page the second hop
    reads places a thing of the same name elsewhere ("Wilmington, North Carolina"): both
    pages are opened and read, and the run abstains rather than answer about the namesake
    (`bridge.namesake`), though the dataset's gold answer is the namesake's."""
    steps, result = _run(_musique(start))
    assert _opened(steps)[:2] == [subject_page, answer_page]
    assert steps[-1].tool == "finish"
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer
    assert steps[-1].args["answer"] == "cannot: no opened page states the answer through the bridge"


@pytest.mark.parametrize(
    ("name", "first", "second", "namesake"),
    [
        (
            "McDowell County",
            "Johnnycake is an unincorporated community in McDowell County, West Virginia, "
            "United States.",
            "The Linville Falls Tavern is located at Linville Falls, Avery County and McDowell "
            "County, North Carolina.",
            True,
        ),
        (
            "Jefferson County",
            "Black Hawk Township is located in Jefferson County, Iowa.",
            "Portland is located partially in Dodge County, Wisconsin and partially in the "
            "town of Waterloo in Jefferson County, Wisconsin.",
            True,
        ),
        # the same place, or a second hop that does not place the name: no namesake
        (
            "McDowell County",
            "Johnnycake is an unincorporated community in McDowell County, West Virginia.",
            "It borders McDowell County, West Virginia to the north.",
            False,
        ),
        (
            "Thessaloniki",
            "The 26th Chess Olympiad took place in Thessaloniki, Greece.",
            "In 2010 Piraeus handled 513,319 TEUs, followed by Thessaloniki, which handled "
            "273,282 TEUs.",
            False,
        ),
        # a name and a comma before what is no place (a reviewer's counter-examples), and
        # a name that ends a longer one
        ("Paris", "Paris, France is its capital.", "In Paris, Eiffel built the tower.", False),
        ("Paris", "Paris, France is its capital.", "It has offices in Paris, London.", False),
        ("York", "York, Pennsylvania is a city.", "It moved to New York, New York.", False),
    ],
)
def test_a_namesake_is_a_name_the_hops_place_apart(
    name: str, first: str, second: str, namesake: bool
) -> None:
    hop1 = relations.Found(name, first, "u1")
    hop2 = relations.Found("x", second, "u2")
    assert bridge_module.namesake(hop1, hop2) is namesake


def _path(question: str) -> str:
    found = parse_bridge(question)
    assert found is not None and found.relation is not None
    return found.relation.kind


def test_a_bridge_whose_subject_page_is_removed_abstains_after_one_search() -> None:
    """The derived copy lacks Meehan Bonnar's page: his name finds no page of his own (a
    page merely mentioning him is not read for his birthplace), so the run stops."""
    steps, result = _run(_first_page_removed("Of what church is the Diocese", "musique"))
    assert [s.tool for s in steps] == ["search", "finish"]
    assert steps[0].args["query"] == "Meehan Bonnar"
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == "cannot: no opened page states the bridge"


def test_a_bridge_whose_answer_page_is_removed_abstains() -> None:
    """The derived copy lacks Wilmington International Airport's page: the bridge is read,
    the other airports found name no airport in a sentence about Wilmington, so no
    answer (Anson County Airport is not taken)."""
    steps, result = _run(_musique("What is the name of the airport in the city where WILM", True))
    assert _opened(steps)[0] == "musique://WILM%20(AM)"
    assert "musique://Wilmington%20International%20Airport" not in _opened(steps)
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer
    assert steps[-1].args["answer"] == "cannot: no opened page states the answer through the bridge"


@pytest.mark.parametrize(
    ("relation", "sentence", "value"),
    [
        # the role's own verb: the producer, not the director named before him
        (
            relations.Relation("role", "producer", "The Jewel of the Nile"),
            "The Jewel of the Nile is a 1985 action-adventure romantic comedy and a sequel to "
            'the 1984 film "Romancing the Stone", directed by Lewis Teague and produced by one '
            "of its stars, Michael Douglas.",
            "Michael Douglas",
        ),
        (
            relations.Relation("role", "director", "The Jewel of the Nile"),
            "The Jewel of the Nile is a 1985 action-adventure romantic comedy, directed by "
            "Lewis Teague and produced by one of its stars, Michael Douglas.",
            "Lewis Teague",
        ),
        # a sentence naming only another role is no evidence for this one
        (
            relations.Relation("role", "director", "Songs I Wrote with Amy"),
            "Songs I Wrote with Amy is an extended play, independently released by Ed Sheeran "
            "on April 4, 2010.",
            None,
        ),
        (
            relations.Relation("role", "author", "Brand"),
            "Brand is a play by the Norwegian playwright Henrik Ibsen.",
            "Henrik Ibsen",
        ),
        (
            relations.Relation("born", "place", "Gisvi"),
            "Gisvi Isaque Andrade Antunes (born 6 March 1982 in Windhoek, South-West Africa), "
            "known simply as Gisvi, is a Portuguese retired footballer who played as a forward.",
            "Windhoek",
        ),
        (
            relations.Relation("born", "state", "Barry Wesson"),
            "Barry Jarvis Wesson (born April 6, 1977 in Tupelo, Mississippi) is an American "
            "former right-handed outfielder in Major League Baseball.",
            "Mississippi",
        ),
        (
            relations.Relation("located", "county", "Black Hawk Township"),
            "Black Hawk Township is located in Jefferson County, Iowa.",
            "Jefferson County",
        ),
        (
            relations.Relation("located", "country", "Clonbrook"),
            "Clonbrook is a village in the Demerara-Mahaica region of Guyana.",
            "Guyana",
        ),
        # a verb between the work and "by" names another role (the publisher)
        (
            relations.Relation("role", "author", "Madonna"),
            "The book was released in November 2001 by St. Martin's Press in the United States.",
            None,
        ),
        (
            relations.Relation("role", "author", "Madonna"),
            "Madonna is a biography by English author Andrew Morton, chronicling the life of "
            "American recording artist Madonna.",
            "Andrew Morton",
        ),
        # a region's name is no city
        (
            relations.Relation("located", "city", "Clonbrook"),
            "Clonbrook is a village in the Demerara-Mahaica region of Guyana.",
            None,
        ),
        # a state of another federation (musique_dev md0-006: New South Wales)
        (
            relations.Relation("located", "state", "Young"),
            "Young is a town in the South West Slopes region of New South Wales, Australia and "
            "the largest town in Hilltops Council.",
            "New South Wales",
        ),
        # an event placed by "took place" (md0-027)
        (
            relations.Relation("located", "country", "26th Chess Olympiad"),
            "The 26th Chess Olympiad, organized by FIDE, took place between November 18 and "
            "December 5, 1984, in Thessaloniki, Greece.",
            "Greece",
        ),
        # an event's sentence that places nothing ("took place" alone, no place after it)
        (
            relations.Relation("located", "country", "26th Chess Olympiad"),
            "The 26th Chess Olympiad took place between November 18 and December 5, 1984.",
            None,
        ),
        # a born sentence without a place
        (
            relations.Relation("born", "city", "David Morse"),
            "David Morse (born October 31, 1954) is a Canadian politician in Nova Scotia.",
            None,
        ),
    ],
)
def test_relation_values_are_read_by_their_own_words(
    relation: relations.Relation, sentence: str, value: str | None
) -> None:
    assert relations.value_in(relation, sentence) == value


@pytest.mark.parametrize(
    ("subject", "title", "own"),
    [
        ("Brand", "Brand (play)", True),
        ("Black Hawk Township", "Black Hawk Township, Jefferson County, Iowa", True),
        ("Black Hawk Township", "Poyner Township, Black Hawk County, Iowa", False),
        ("Akinoshu Kenji", "Akinoshū Kenji", True),
        ("Meehan Bonnar", "Diocese of Fredericton", False),
    ],
)
def test_a_relation_is_read_from_the_subject_s_own_page_only(
    subject: str, title: str, own: bool
) -> None:
    assert relations.is_page_of(subject, title) is own


def test_which_relation_a_bridge_asks_of_a_relative_or_a_country_of_birth() -> None:
    cases = {
        "In what year did the Government of India award Baba Azmi's sister the Padma Shri?": (
            "kin",
            "sister",
            "Baba Azmi",
        ),
        "Where was the younger brother of Kim Jong-un born?": (
            "kin",
            "younger brother",
            "Kim Jong-un",
        ),
        "On what date did Stefan Kindermann's country of birth declare its secession?": (
            "born",
            "country",
            "Stefan Kindermann",
        ),
        "What is the capital of the state of birth of Harris Fawell?": (
            "born",
            "state",
            "Harris Fawell",
        ),
    }
    for question, (kind, target, subject) in cases.items():
        found = parse_bridge(question)
        assert found is not None and found.relation is not None, question
        assert (found.relation.kind, found.relation.target) == (kind, target)
        assert found.relation.subject == subject
    # a question that asks nothing of the relative is one hop
    assert parse_bridge("Who was Edward the Confessor's half-brother?") is None


@pytest.mark.parametrize(
    ("kin", "title", "body", "name"),
    [
        # musique_dev md0-009's first hop
        (
            "sister",
            "Baba Azmi",
            "Even though he is not as well known as his sister Shabana Azmi, he has used his "
            "lenses in films such as Arjun.",
            "Shabana Azmi",
        ),
        (
            "sister",
            "Baba Azmi",
            "Shabana Azmi, his sister, is an actress. He is a cameraman.",
            "Shabana Azmi",
        ),
        # the asked qualifier must be the page's ("older" is not "younger")
        ("younger brother", "Ann Lee", "She met her older brother John Lee in Paris.", None),
        # another person's relative: the sentence names neither the person nor a pronoun
        ("sister", "Baba Azmi", "Their sister Tanvi Azmi acted in it.", None),
        # two sisters named: no one sister
        (
            "sister",
            "Baba Azmi",
            "He worked with his sister Shabana Azmi. He also met his sister Tanvi Azmi.",
            None,
        ),
    ],
)
def test_a_relative_is_read_from_the_person_s_own_page(
    kin: str, title: str, body: str, name: str | None
) -> None:
    found = relations.kin_of(kin, title, _page_of(title, body))
    assert (found.value if found else None) == name


@pytest.mark.parametrize(
    ("question", "kind", "target", "subject"),
    [
        ("What is the most popular hotel in Gisvi's city of birth?", "born", "place", "Gisvi"),
        (
            "Of what church is the Diocese of the birthplace of Meehan Bonnar?",
            "born",
            "place",
            None,
        ),
        ("Who was in charge of the country Ceelmakoile is located in?", "located", "country", None),
        (
            "When did the country containing Nugegoda leave the British Empire?",
            "located",
            "country",
            None,
        ),
        ("Who is the spouse of Big Eye's main director?", "role", "director", "Big Eye"),
        ("What country was the author of Brand a citizen of?", "role", "author", "Brand"),
        ("In what county is the city where Harris W. Fawell was born?", "born", "city", None),
    ],
)
def test_which_relation_a_bridge_asks(
    question: str, kind: str, target: str, subject: str | None
) -> None:
    found = parse_bridge(question)
    assert found is not None and found.relation is not None
    assert (found.relation.kind, found.relation.target) == (kind, target)
    if subject is not None:
        assert found.relation.subject == subject
    assert found.phrase in question


def test_the_shipped_path_confidences_are_their_smoothed_counts() -> None:
    """Each path's confidence is its recorded counts shrunk towards the pooled precision,
    (right + 2 · pooled) / (answered + 2), a probability; the pooled precision is (R + 1)
    / (N + 2) over all paths, and a path never answered in calibration gets it."""
    model = twohop_confidence.shipped()
    assert model is not None
    prior, weight, pooled = model["prior"], model["prior_weight"], model["pooled"]
    assert (prior, weight) == (0.5, 2.0)
    assert pooled == round((model["right"] + 1) / (model["answered"] + 2), 4)
    for path, entry in model["paths"].items():
        assert 0.0 < entry["p"] < 1.0
        expected = (entry["right"] + 2 * pooled) / (entry["answered"] + 2)
        assert entry["p"] == round(expected, 4)
        assert twohop_confidence.confidence(path) == entry["p"]
    assert twohop_confidence.confidence("bridge:unheard-of") == model["unseen"] == pooled
    assert sum(e["answered"] for e in model["paths"].values()) == model["answered"]


# --- numbers with units ---------------------------------------------------------------

_TOWERS = Corpus(
    "towers",
    {
        url: Page(url=url, title=title, body=body)
        for url, title, body in [
            (
                "doc://eiffel",
                "Eiffel Tower",
                "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, "
                "France. The tower is 330 metres (1,083 ft) tall, about the same height as an "
                "81-storey building.",
            ),
            (
                "doc://chrysler",
                "Chrysler Building",
                "The Chrysler Building is an Art Deco skyscraper in the Turtle Bay neighborhood "
                "of Manhattan, New York City. At 1,046 feet (319 m), the structure was the "
                "world's tallest building for 11 months.",
            ),
            (
                "doc://subway",
                "Glasgow Subway",
                "The Glasgow Subway is an underground light metro system in Glasgow, Scotland. "
                "The network has 15 stations on a single circular line.",
            ),
            (
                "doc://dlr",
                "Docklands Light Railway",
                "The Docklands Light Railway is an automated light metro system serving the "
                "Docklands area of London. The network has 45 stations and carries 116 million "
                "passengers a year.",
            ),
        ]
    },
)


def _run_on(
    corpus: Corpus, question: str, policy: OfflinePolicy | None = None
) -> tuple[list[Step], Result]:
    gen = run_steps(Task(question), corpus, policy or OfflinePolicy(), Budgets())
    return trajectory(gen)


def _compared(corpus: Corpus, question: str, answer: str, quotes: tuple[str, str]) -> Result:
    """Run a comparison: search the question, open the page of each side, finish with
    ``answer``, citing both opened pages with a quote from each (``quotes`` among them)."""
    steps, result = _run_on(corpus, question)
    assert [s.tool for s in steps] == ["search", "open", "open", "finish"]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == answer
    assert len(result.citations) == 2
    assert sorted(result.citations) == sorted(_opened(steps))
    assert sorted(q.url for q in result.evidence) == sorted(result.citations)
    texts = " | ".join(q.text for q in result.evidence)
    assert all(q in texts for q in quotes)
    return result


@pytest.mark.parametrize(
    ("question", "answer", "quotes"),
    [
        # feet against metres, converted before comparing
        (
            "Which is taller, the Eiffel Tower or the Chrysler Building?",
            "Eiffel Tower",
            ("330 metres (1,083 ft) tall", "1,046 feet (319 m)"),
        ),
        (
            "Which is shorter, the Eiffel Tower or the Chrysler Building?",
            "Chrysler Building",
            ("330 metres", "1,046 feet"),
        ),
        (
            "Which has more stations, the Glasgow Subway or the Docklands Light Railway?",
            "Docklands Light Railway",
            ("15 stations", "45 stations"),
        ),
    ],
)
def test_numbers_with_units_are_compared_in_code(
    question: str, answer: str, quotes: tuple[str, str]
) -> None:
    result = _compared(_TOWERS, question, answer, quotes)
    assert result.confidence == twohop_confidence.confidence("comparison:number")


def test_a_count_the_page_does_not_state_is_not_guessed() -> None:
    """Neither tower's page counts its floors ("an 81-storey building" is a comparison,
    not the tower's floors, and says storeys): nothing to compare, so cannot-answer."""
    steps, result = _run_on(
        _TOWERS, "Which has more floors, the Eiffel Tower or the Chrysler Building?"
    )
    assert result.reason is Reason.FACT_MISSING
    assert "does not state its number" in steps[-1].args["answer"]


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("The tower is 330 metres (1,083 ft) tall.", 330.0),  # one value in two units
        ("It is 12 km long and 3 km wide.", None),  # two lengths: not one value
        ("The river is 1,230 kilometres long.", 1_230_000.0),
    ],
)
def test_a_sentence_states_one_length_or_none(sentence: str, value: float | None) -> None:
    quantity = measures.read(measures.Measure("length"), sentence)
    assert (quantity.value if quantity else None) == value


# --- the second hop is read on the bridge's own page ------------------------------------

_AIRPORT = "Maple Airport is a public airport located near Maple, in the state of Kansas."
_TOWN = "Maple is a city in Kansas. The population was 27,340 at the 2010 census."
_STATE = (
    "Kansas is a U.S. state in the Midwestern United States. The population of Kansas is 2,913,314."
)


def _kansas(with_state_page: bool) -> Corpus:
    pages = [
        ("doc://airport", "Maple Airport", _AIRPORT),
        ("doc://town", "Maple, Kansas", _TOWN),
    ]
    if with_state_page:
        pages.append(("doc://kansas", "Kansas", _STATE))
    return Corpus("kansas", {u: Page(url=u, title=t, body=b) for u, t, b in pages})


def test_the_second_hop_is_read_on_the_bridge_s_own_page() -> None:
    """ "... the population of the state where Maple Airport is located?": the bridge is
    Kansas (read on the airport's page), and the population is the state's, read on the
    page of Kansas, not the town's 27,340 that a page mentioning Kansas also states."""
    question = "What is the population of the state where Maple Airport is located?"
    steps, result = _run_on(_kansas(True), question)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "Maple Airport"
    assert steps[2].args["query"] == "population Kansas"
    assert _opened(steps) == ["doc://airport", "doc://kansas"]  # the state's page first
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == "2,913,314"
    assert result.citations == ["doc://airport", "doc://kansas"]
    assert [q.text for q in result.evidence] == [_AIRPORT, "The population of Kansas is 2,913,314."]


def test_a_second_hop_found_only_on_another_page_is_no_answer() -> None:
    """Without the state's own page, the town's population (in a sentence that names
    Kansas) is not taken for the state's: cannot-answer."""
    question = "What is the population of the state where Maple Airport is located?"
    steps, result = _run_on(_kansas(False), question)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps) == ["doc://airport", "doc://town"]
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == "cannot: no opened page states the answer through the bridge"


# --- descriptive bridges ("a university located in what city?") ------------------------


@pytest.mark.parametrize(
    ("start", "subject_page", "bridge", "answer_page", "answer"),
    [
        (
            "Toad Hall is a residential hall in a university",
            "hotpotqa://Toad%20Hall%20(ANU)",
            "Australian National University",
            "hotpotqa://Australian%20National%20University",
            "Canberra",
        ),
        (
            " Transfiguration of Vincent is the third studio album",
            "hotpotqa://Transfiguration%20of%20Vincent",
            "M. Ward",
            "hotpotqa://M.%20Ward",
            "Oregon",
        ),
        (
            "From 1945-1949 Dick Humbert played for an NFL team",
            "hotpotqa://Dick%20Humbert",
            "Philadelphia Eagles",
            "hotpotqa://Philadelphia%20Eagles",
            "Pennsylvania",
        ),
        (
            "Grace Krilanovich's first novel was published by",
            "hotpotqa://Grace%20Krilanovich",
            "Two Dollar Radio",
            "hotpotqa://Two%20Dollar%20Radio",
            "Columbus, Ohio",
        ),
    ],
)
def test_a_descriptive_bridge_reads_the_described_entity_s_page(
    start: str, subject_page: str, bridge: str, answer_page: str, answer: str
) -> None:
    """Search the subject, open its page, read the one name it gives the described thing
    (after the head noun, carrying it, or after the question's link words), search that
    name, open its page, check it fits the description, read the asked place: five
    steps, both pages cited with a quote from each."""
    case = _case(start)
    steps, result = _run(case, _ANY_CONFIDENCE)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[2].args["query"] == bridge
    assert _opened(steps) == [subject_page, answer_page]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == answer and answer in case.answers
    assert result.citations == [subject_page, answer_page]
    assert sorted(result.citations) == sorted(case.gold_urls)
    assert [q.url for q in result.evidence] == result.citations
    assert bridge in result.evidence[0].text
    assert answer.split(",")[-1].strip() in result.evidence[1].text
    corpus = _dataset().corpus_for(case)
    assert all(q.text in corpus.pages[q.url].body for q in result.evidence)
    assert result.confidence == twohop_confidence.confidence("bridge:described")


@pytest.mark.parametrize(
    ("start", "tools", "why"),
    [
        # the subject's page is gone: its name finds no page of its own
        ("Toad Hall is a residential hall", ["search", "finish"], "the bridge"),
        # the bridge's page is gone: its name is searched, no page of its own is found
        (
            " Transfiguration of Vincent is the third",
            ["search", "open", "search", "finish"],
            "the answer through the bridge",
        ),
        (
            "From 1945-1949 Dick Humbert",
            ["search", "open", "search", "finish"],
            "the answer through the bridge",
        ),
    ],
)
def test_a_descriptive_bridge_with_a_page_removed_abstains(
    start: str, tools: list[str], why: str
) -> None:
    """A gold page removed (the first): no answer is read from other pages."""
    steps, result = _run(_first_page_removed(start))
    assert [s.tool for s in steps] == tools
    assert result.status is Status.INCOMPLETE and result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == f"cannot: no opened page states {why}"
    assert result.citations == []


@pytest.mark.parametrize(
    ("question", "subject", "link", "description", "target"),
    [
        (
            "Toad Hall is a residential hall in a university located in what Australian city?",
            "Toad Hall",
            "hall in",
            "university",
            "city",
        ),
        (
            "From 1945-1949 Dick Humbert played for an NFL team based in what state?",
            "Dick Humbert",
            "played for",
            "NFL team",
            "state",
        ),
        (
            "Grace Krilanovich's first novel was published by an independent mom-and-pop "
            "publishing house that was founded in 2005, and is based where?",
            "Grace Krilanovich",
            "published by",
            "independent mom-and-pop publishing house",
            "where",
        ),
        # asked about otherwise than its place: an "open" second hop
        (
            "The Curse of the Jade Scorpion is a 2001 crime comedy film featuring an American "
            "actress who starred in what for seven years?",
            "The Curse of the Jade Scorpion",
            "film featuring",
            "American actress",
            "open",
        ),
        (
            "Scott Howell is a consultant who has worked with the mayor of what city?",
            None,
            None,
            None,
            None,
        ),
        ("Which city is Toad Hall in?", None, None, None, None),
    ],
)
def test_what_is_read_as_a_descriptive_bridge(
    question: str,
    subject: str | None,
    link: str | None,
    description: str | None,
    target: str | None,
) -> None:
    found = described.parse(question)
    if subject is None:
        assert found is None
        return
    assert found is not None
    assert (found.subject, found.link, found.description, found.target) == (
        subject,
        link,
        description,
        target,
    )
    bridge = parse_bridge(question)
    assert bridge is not None and bridge.description == found
    assert bridge.relation is not None and bridge.relation.kind == "described"


def _described_corpus(subject_body: str, bridge_body: str) -> Corpus:
    return Corpus(
        "described",
        {
            "t://album": Page("t://album", "Harbor Lights (album)", subject_body),
            "t://singer": Page("t://singer", "Jane Roe", bridge_body),
        },
    )


def test_a_subject_page_naming_two_candidates_gives_no_bridge() -> None:
    """Two singer-songwriters on the album's page: neither is guessed."""
    corpus = _described_corpus(
        "Harbor Lights is the third studio album by singer-songwriter Jane Roe and "
        "singer-songwriter John Doe.",
        "Jane Roe is a singer-songwriter from Portland, Oregon.",
    )
    steps, result = _run_on(
        corpus, "Harbor Lights is the third studio album by a singer-songwriter from what state?"
    )
    assert [s.tool for s in steps] == ["search", "open", "finish"]
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == "cannot: no opened page states the bridge"


def test_a_bridge_page_that_does_not_fit_the_description_gives_no_answer() -> None:
    """The name after "by" is the album's performer, but her page calls her a painter: the
    page is not the singer-songwriter's, and its state is not read."""
    corpus = _described_corpus(
        "Harbor Lights is the third studio album by Jane Roe.",
        "Jane Roe is a painter from Portland, Oregon.",
    )
    steps, result = _run_on(
        corpus,
        "Harbor Lights is the third studio album by a singer-songwriter from what state?",
        _ANY_CONFIDENCE,
    )
    assert _opened(steps) == ["t://album", "t://singer"]
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == "cannot: no opened page states the answer through the bridge"
    fits = _described_corpus(
        "Harbor Lights is the third studio album by Jane Roe.",
        "Jane Roe is a singer-songwriter from Portland, Oregon.",
    )
    _, result = _run_on(
        fits,
        "Harbor Lights is the third studio album by a singer-songwriter from what state?",
        _ANY_CONFIDENCE,
    )
    assert result.answer == "Oregon" and result.citations == ["t://album", "t://singer"]


# --- "who was in charge of X": the holder of an office ---------------------------------


def test_in_charge_of_is_read_as_the_holder_of_an_office() -> None:
    """MuSiQue: Ceelmakoile's page places it in Somalia; Somalia's page names the one
    person elected President of Somalia (the Prime Minister it also names is appointed,
    not "… as the Prime Minister of Somalia")."""
    case = _musique("Who was in charge of the country Ceelmakoile")
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps) == ["musique://Ceelmakoile", "musique://Somalia"]
    assert result.answer == "Hassan Sheikh Mohamud" and result.answer in case.answers
    assert result.citations == ["musique://Ceelmakoile", "musique://Somalia"]
    assert "Somalia" in result.evidence[0].text
    assert "as the new President of Somalia" in result.evidence[1].text


def test_in_charge_of_without_the_country_s_page_abstains() -> None:
    steps, result = _run(_musique("Who was in charge of the country Ceelmakoile", derived=True))
    assert "musique://Somalia" not in _opened(steps)
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Who was in charge of Somalia?", True),
        ("Who ruled Austria?", True),
        ("Who was the leader of Maharashtra?", True),
        ("Who was in the band?", False),
        ("What was in charge of the power?", False),
    ],
)
def test_which_questions_ask_for_a_leader(question: str, asks: bool) -> None:
    assert relations.asks_leader(question) is asks


def _one_page(body: str) -> dict[str, OpenedPage]:
    opened = OpenedPage(page=Page("t://p", "Somalia", body), opened_step=1)
    opened.mark_seen(0, len(body))
    return {"t://p": opened}


@pytest.mark.parametrize(
    ("body", "leader"),
    [
        (
            "On 10 September 2012, parliament elected Hassan Sheikh Mohamud as the new "
            "President of Somalia.",
            "Hassan Sheikh Mohamud",
        ),
        ("The current President of Somalia is Hassan Sheikh Mohamud.", "Hassan Sheikh Mohamud"),
        # a surname alone is not read
        ("President Mohamud later appointed a Prime Minister of Somalia.", None),
        # two people in office: neither is guessed
        (
            "Parliament elected Hassan Sheikh Mohamud as the new President of Somalia and "
            "Abdi Farah Shirdon as the new Prime Minister of Somalia.",
            None,
        ),
    ],
)
def test_the_holder_of_an_office_is_one_full_name(body: str, leader: str | None) -> None:
    found = relations.leader_of("Somalia", _one_page(body))
    assert (found.value if found else None) == leader


@pytest.mark.parametrize(
    ("start", "tools", "opened", "why"),
    [
        # (the film's page naming seven actors: see
        # test_an_open_descriptive_bridge_takes_the_one_listed_candidate_its_page_fits)
        # the bridge is read ("the television series \"Charmed\""), but Charmed's page says
        # "broadcast by The WB" where the question asks "broadcast on": no verified reading
        (
            "Drew Fuller stared in a series",
            ["search", "open", "search", "open", "finish"],
            ["hotpotqa://Drew%20Fuller", "hotpotqa://Charmed"],
            "the answer through the bridge",
        ),
    ],
)
def test_an_open_descriptive_bridge_answers_only_what_both_hops_verify(
    start: str, tools: list[str], opened: list[str], why: str
) -> None:
    """A description asked about otherwise ("starred in what", "broadcast on what
    station") goes through the described entity's page and the single-hop reader's
    verified reading there, or abstains; it is never handed to the single-hop reader
    on the whole question."""
    steps, result = _run(_case(start))
    assert [s.tool for s in steps] == tools
    assert _opened(steps) == opened
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == f"cannot: no opened page states {why}"


# --- comparisons of kinds the first halves hardly ask: real opening sentences of the
# first halves' pages, one corpus ----------------------------------------------------------

_FIRST_HALF_PAGES = Corpus(
    "first-half",
    {
        url: Page(url=url, title=title, body=body)
        for url, title, body in [
            (
                "doc://dai",
                "Dai Jitao",
                "Dai Jitao or Tai Chi-t'ao (; January 6, 1891 – February 21, 1949) was a Chinese "
                "journalist, an early Kuomintang member, and the first head of the Examination "
                "Yuan of the Republic of China.",
            ),
            (
                "doc://akinoshu",
                "Akinoshū Kenji",
                "Akinoshū Kenji (born 17 January 1969 as Kenji Imada) is a former sumo wrestler "
                "from Hiroshima, Japan. He made his professional debut in September 1984.",
            ),
            (
                "doc://bigeyes",
                "Big Eyes",
                "Big Eyes is a 2014 American biographical drama film directed by Tim Burton, "
                "written by Scott Alexander and Larry Karaszewski and starring Amy Adams and "
                "Christoph Waltz.",
            ),
            (
                "doc://jewel",
                "The Jewel of the Nile",
                "The Jewel of the Nile is a 1985 action-adventure romantic comedy and a sequel "
                'to the 1984 film "Romancing the Stone", directed by Lewis Teague and produced '
                "by one of its stars, Michael Douglas.",
            ),
            (
                "doc://pterocarya",
                "Pterocarya",
                "Pterocarya, often called wingnuts in English, are trees in the walnut family "
                "Juglandaceae. They are native to Asia.",
            ),
            (
                "doc://cotula",
                "Cotula",
                "Cotula is a genus of flowering plant in the sunflower family. It includes "
                "plants known generally as water buttons or buttonweeds.",
            ),
            (
                "doc://watertown",
                "Watertown International Airport",
                "Watertown International Airport (IATA: ART, ICAO: KART, FAA LID: ART) is a "
                "county owned, public use airport located in Jefferson County, New York, United "
                "States.",
            ),
            (
                "doc://alexandria",
                "Alexandria International Airport (Louisiana)",
                "Alexandria International Airport (IATA: KAEX, ICAO: AEX) is a public use "
                "airport located four nautical miles (5 mi, 7 km) west of the central business "
                "district of Alexandria, in Rapides Parish, Louisiana, United States.",
            ),
        ]
    },
)


@pytest.mark.parametrize(
    ("question", "answer", "quotes"),
    [
        # a lifespan in parentheses gives the birth date; "born 17 January 1969" the other
        (
            "Who was born first, Dai Jitao or Akinoshū Kenji?",
            "Dai Jitao",
            ("January 6, 1891 – February 21, 1949", "born 17 January 1969"),
        ),
        # a side written without its diacritics still names its page
        (
            "Which of Akinoshu Kenji and Dai Jitao is younger?",
            "Akinoshu Kenji",  # the side as the question writes it
            ("January 6, 1891", "born 17 January 1969"),
        ),
        # a work's year: "is a 2014 American biographical drama film"
        (
            "Which film was released first, Big Eyes or The Jewel of the Nile?",
            "The Jewel of the Nile",
            ("is a 2014 American", "is a 1985 action-adventure"),
        ),
        # the person after the role's own verb
        (
            "Which film was directed by Tim Burton, Big Eyes or The Jewel of the Nile?",
            "Big Eyes",
            ("directed by Tim Burton", "directed by Lewis Teague"),
        ),
        (
            "Which film was directed by Lewis Teague, Big Eyes or The Jewel of the Nile?",
            "The Jewel of the Nile",
            ("directed by Tim Burton", "directed by Lewis Teague"),
        ),
        # the category each defining clause gives, the classifier ("a genus of") aside
        (
            "Which is a genus of flowering plant, Pterocarya or Cotula?",
            "Cotula",
            ("are trees in the walnut family", "is a genus of flowering plant"),
        ),
        (
            "Is Pterocarya or Cotula a genus of trees?",
            "Pterocarya",
            ("are trees in the walnut family", "is a genus of flowering plant"),
        ),
        # "both located in Louisiana": one is in New York
        (
            "Are both Watertown International Airport and Alexandria International Airport "
            "located in Louisiana?",
            "no",
            ("Jefferson County, New York", "Rapides Parish, Louisiana"),
        ),
        # the one US state each defining sentence names
        (
            "Which airport is located in Louisiana, Watertown International Airport or "
            "Alexandria International Airport?",
            "Alexandria International Airport",
            ("Jefferson County, New York", "Rapides Parish, Louisiana"),
        ),
    ],
)
def test_more_comparison_kinds_end_to_end(
    question: str, answer: str, quotes: tuple[str, str]
) -> None:
    result = _compared(_FIRST_HALF_PAGES, question, answer, quotes)
    plan = parse(question)
    assert plan is not None
    assert result.confidence == twohop_confidence.confidence(twohop.path_of(plan))


@pytest.mark.parametrize(
    ("question", "why"),
    [
        # Akinoshū Kenji is alive: no death date to compare (never the birth dates)
        ("Who died first, Dai Jitao or Akinoshū Kenji?", "does not state its date"),
        # neither film says who produced it
        (
            "Which film was produced by Tim Burton, Big Eyes or The Jewel of the Nile?",
            "does not state its role",
        ),
        # neither is a genus of moths
        ("Which is a genus of moths, Pterocarya or Cotula?", "do not compare"),
        # neither airport is in Texas
        (
            "Which airport is located in Texas, Watertown International Airport or "
            "Alexandria International Airport?",
            "do not compare",
        ),
    ],
)
def test_a_comparison_its_pages_do_not_decide_is_not_answered(question: str, why: str) -> None:
    steps, result = _run_on(_FIRST_HALF_PAGES, question)
    assert [s.tool for s in steps] == ["search", "open", "open", "finish"]
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer
    assert why in steps[-1].args["answer"]


def test_a_death_date_is_read_after_died_only() -> None:
    plan = parse("Who died first, Tom Hanks or Meg Ryan?")
    assert plan is not None and plan.verbs == ("died",)
    born = parse("Who was born first, Tom Hanks or Meg Ryan?")
    assert born is not None and born.verbs == ("born",)


# --- a role asked by a relative clause (MuSiQue, first half) --------------------------------


def test_a_role_asked_by_a_relative_clause_is_a_typed_bridge() -> None:
    q = (
        "Who was the first president of the association which published Journal of "
        "Psychotherapy Integration?"
    )
    bridge = parse_bridge(q)
    assert bridge is not None and bridge.relation is not None
    assert bridge.relation == relations.Relation(
        "role", "publisher", "Journal of Psychotherapy Integration"
    )
    assert bridge.outer("the American Psychological Association") == (
        "Who was the first president of the American Psychological Association?"
    )


def test_a_that_clause_about_a_named_place_is_read_on_the_place_s_page() -> None:
    """ "Who directed the film that was shot in or around Leland, North Carolina in
    1986" (no question mark): the clause's name is the subject; Leland's page lists three
    films shot there, and the clause's year picks the one dated with it; the second hop
    asks its director by the verb ("written and directed by Stephen King"). The derived
    copy, Leland's sentence removed, reads no bridge and abstains."""
    case = _case("Who directed the film that was shot in or around Leland")
    bridge = parse_bridge(case.question)
    assert bridge is not None and bridge.relation is not None
    assert bridge.relation.kind == "clause" and bridge.relation.target == "film"
    assert bridge.relation.subject == "Leland, North Carolina"
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "Leland, North Carolina"
    assert _opened(steps) == [
        "hotpotqa://Leland,%20North%20Carolina",
        "hotpotqa://Maximum%20Overdrive",
    ]
    assert result.status is Status.READY_FOR_REVIEW and result.answer == "Stephen King"
    assert set(result.citations) == set(_opened(steps))
    quotes = [q.text for q in result.evidence]
    assert any(
        '"Maximum Overdrive" (1986)' in q and "shot in or around Leland" in q for q in quotes
    )
    assert any("written and directed by Stephen King" in q for q in quotes)
    steps, result = _run(_case("Who directed the film that was shot in or around", derived=True))
    assert result.cannot_answer and result.reason is Reason.FACT_MISSING


@pytest.mark.parametrize(
    ("clause", "value"),
    [
        ("was shot in or around Leland, North Carolina in 1986", "Maximum Overdrive"),
        ("was shot in or around Leland, North Carolina in 2013", "We're the Millers"),
        # no year to tell the three listed films apart, or a year none is dated with
        ("was shot in or around Leland, North Carolina", None),
        ("was shot in or around Leland, North Carolina in 1999", None),
    ],
)
def test_a_listed_name_is_picked_only_by_the_clause_s_year(clause: str, value: str | None) -> None:
    sentence = (
        'A number of movies, such as "Maximum Overdrive" (1986), "Domestic Disturbance" '
        '(2001), and "We\'re the Millers" (2013) have been shot in or around Leland.'
    )
    relation = relations.Relation("clause", "film", "Leland, North Carolina", clause=clause)
    assert relations.value_in(relation, sentence) == value


@pytest.mark.parametrize(
    ("start", "phrase", "subject", "outer"),
    [
        # after "What is" the clause ends at its own verb, and the question's verb follows
        (
            "What is the country where Baure is located named after?",
            "the country where Baure is located",
            "Baure",
            "What is Nigeria named after?",
        ),
        # "occur" ends a clause as "occurred" does (the question's "did" before it)
        (
            "What amount of TEUs did the location where the 26th Chess Olympiad occur",
            "the location where the 26th Chess Olympiad occur",
            "26th Chess Olympiad",
            "What amount of TEUs did Nigeria handle in 2010?",
        ),
    ],
)
def test_a_where_clause_after_the_question_s_auxiliary_ends_at_its_own_verb(
    start: str, phrase: str, subject: str, outer: str
) -> None:
    bridge = parse_bridge(_musique(start).question)
    assert bridge is not None and bridge.relation is not None
    assert bridge.phrase == phrase and bridge.relation.kind == "located"
    assert bridge.relation.subject == subject
    assert bridge.outer("Nigeria") == outer


def test_a_where_clause_after_a_when_clause_is_still_left_alone() -> None:
    """ "Who was president when the area where X is located became a state?": the "was"
    belongs to another clause (a third hop), so the clause is not cut."""
    case = _musique("Who was president when the area where Intrepid Wind Farm")
    assert parse_bridge(case.question) is None


def test_an_amount_the_bridge_did_is_read_where_a_sentence_says_it_of_the_bridge() -> None:
    """ "What amount of TEUs did the location where the 26th Chess Olympiad occur handle
    in 2010?": the Olympiad's page places it in Thessaloniki; the amount is the number
    of TEUs written right after "Thessaloniki, which handled" in a sentence of 2010 (on
    the page of Greece's economy, which names Piraeus's figure first). The derived copy,
    without that sentence, abstains."""
    case = _musique("What amount of TEUs did the location where the 26th Chess Olympiad")
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "26th Chess Olympiad"
    assert "Thessaloniki" in steps[2].args["query"]
    assert _opened(steps) == [
        "musique://26th%20Chess%20Olympiad",
        "musique://Economy%20of%20Greece#2",
    ]
    assert result.answer == "273,282 TEUs" and result.status is Status.READY_FOR_REVIEW
    assert set(result.citations) == set(_opened(steps))
    quotes = [q.text for q in result.evidence]
    assert any("in Thessaloniki, Greece" in q for q in quotes)
    assert any("Thessaloniki, which handled 273,282 TEUs" in q for q in quotes)
    _, derived = _run(_musique("What amount of TEUs did the location where", derived=True))
    assert derived.cannot_answer and derived.reason is Reason.FACT_MISSING


@pytest.mark.parametrize(
    ("question", "subject", "value"),
    [
        ("What amount of TEUs did Thessaloniki handle in 2010?", "Thessaloniki", "273,282 TEUs"),
        ("What amount of TEUs did Piraeus handle in 2010?", "Piraeus", "513,319 TEUs"),
        # another year, another verb, another unit: not said
        ("What amount of TEUs did Thessaloniki handle in 2013?", "Thessaloniki", None),
        ("What amount of TEUs did Thessaloniki ship in 2010?", "Thessaloniki", None),
        ("How many passengers did Thessaloniki handle in 2010?", "Thessaloniki", None),
        # a question about another subject than the bridge
        ("What amount of TEUs did Thessaloniki handle in 2010?", "Greece", None),
    ],
)
def test_an_amount_by_verb_is_the_number_written_after_the_subject(
    question: str, subject: str, value: str | None
) -> None:
    sentence = (
        "In 2010 Piraeus handled 513,319 TEUs, followed by Thessaloniki, which handled "
        "273,282 TEUs."
    )
    assert measures.amount_by_verb(question, subject, sentence) == value


def test_the_receiver_of_an_award_of_a_year_then_the_position_he_plays() -> None:
    """ "What position did the receiver of the 2007 FIFA U-20 Golden Shoe play?": the
    award's year picks the page that tells who got it ("2007 FIFA U-20 World Cup":
    "Sergio Agüero was given the FIFA U-20 Golden Shoe"), and the position is read on
    his own page ("plays as a striker"). The derived copy, without the tournament's
    sentence, reads no bridge and abstains."""
    case = _case("What position did the receiver of the 2007 FIFA U-20 Golden Shoe")
    bridge = parse_bridge(case.question)
    assert bridge is not None and bridge.relation is not None
    assert bridge.relation.kind == "award"
    assert bridge.relation.subject == "2007 FIFA U-20 Golden Shoe"
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "2007 FIFA U-20 Golden Shoe"
    assert _opened(steps) == [
        "hotpotqa://2007%20FIFA%20U-20%20World%20Cup",
        "hotpotqa://Sergio%20Agüero",
    ]
    assert result.answer == "striker" and result.status is Status.READY_FOR_REVIEW
    assert set(result.citations) == set(_opened(steps))
    quotes = [q.text for q in result.evidence]
    assert any("Sergio Agüero was given the FIFA U-20 Golden Shoe" in q for q in quotes)
    assert any("plays as a striker" in q for q in quotes)
    _, derived = _run(_case("What position did the receiver of the 2007", derived=True))
    assert derived.cannot_answer and derived.reason is Reason.FACT_MISSING


def _pages(*pages: tuple[str, str]) -> dict[str, OpenedPage]:
    out = {}
    for n, (title, body) in enumerate(pages):
        opened = OpenedPage(page=Page(f"t://{n}", title, body), opened_step=n + 1)
        opened.mark_seen(0, len(body))
        out[f"t://{n}"] = opened
    return out


def test_an_award_s_receiver_is_read_only_on_a_page_of_its_year() -> None:
    """Canada's Brittany Timko won "the Golden Shoe" of 2004, on the 2004 championship's
    page: no receiver of the 2007 shoe, nor of the 2004 FIFA U-20 one (the name must be
    the award's, every word)."""
    page = (
        "2004 FIFA U-19 Women's World Championship",
        "Brazil's Marta was the adidas Golden Ball recipient, as tournament MVP, and "
        "Canada's Brittany Timko won the Golden Shoe with 7 goals in 4 games.",
    )
    won = relations.Relation("award", "winner", "2007 Golden Shoe")
    assert relations.read(won, _pages(page)) is None
    assert relations.read(relations.Relation("award", "winner", "2004 Golden Shoe"), _pages(page))
    other = relations.Relation("award", "winner", "2004 FIFA U-20 Golden Shoe")
    assert relations.read(other, _pages(page)) is None


@pytest.mark.parametrize(
    ("body", "position"),
    [
        (
            "Sergio Leonel Agüero is an Argentine professional footballer who plays as a "
            "striker for Premier League club Manchester City.",
            "striker",
        ),
        (
            "Leston Peter Paul is a Trinidad and Tobago professional footballer who currently "
            "plays central midfield for C.D. Pasaquina.",
            "central midfield",
        ),
        # two positions, or none: not read
        ("He plays as a striker, and played as a winger for Boca.", None),
        ("He played for Boca Juniors and Racing Club.", None),
    ],
)
def test_a_position_is_read_after_plays(body: str, position: str | None) -> None:
    found = relations.position_of("Sergio Agüero", _pages(("Sergio Agüero", body)))
    assert (found.value if found else None) == position


def test_a_member_the_subject_s_page_names_by_the_question_s_word() -> None:
    """ "The Women's National Basketball League includes the Adelaide team that was
    formed in what year?": the league's page names one name carrying "Adelaide" ("The
    Adelaide Lightning, Melbourne Boomers, …", its fifth sentence), and the rest of the
    question is asked of it on its own page ("The club was formed in 1993"). The derived
    copy, without the club's sentence, abstains."""
    case = _case("The Women's National Basketball League includes the Adelaide team")
    bridge = parse_bridge(case.question)
    assert bridge is not None and bridge.relation is not None
    assert bridge.relation.kind == "member" and bridge.relation.clause == "Adelaide"
    assert bridge.outer("Adelaide Lightning") == "Adelaide Lightning was formed in what year?"
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[0].args["query"] == "Women's National Basketball League"
    assert _opened(steps) == [
        "hotpotqa://Women%27s%20National%20Basketball%20League",
        "hotpotqa://Adelaide%20Lightning",
    ]
    assert result.answer == "1993" and result.status is Status.READY_FOR_REVIEW
    assert set(result.citations) == set(_opened(steps))
    quotes = [q.text for q in result.evidence]
    assert any(q.startswith("The Adelaide Lightning, Melbourne Boomers") for q in quotes)
    assert any("The club was formed in 1993" in q for q in quotes)
    _, derived = _run(_case("The Women's National Basketball League includes", derived=True))
    assert derived.cannot_answer and derived.reason is Reason.FACT_MISSING


@pytest.mark.parametrize(
    ("qualifier", "value"),
    [
        ("Adelaide", "Adelaide Lightning"),
        ("Perth", "Perth Lynx"),
        # the qualifier alone, or a word no name carries, is no member
        ("Townsville Fire", None),
        ("Brisbane", None),
    ],
)
def test_a_member_is_the_one_name_carrying_the_qualifier_and_more(
    qualifier: str, value: str | None
) -> None:
    sentence = (
        "The Adelaide Lightning, Melbourne Boomers, Perth Lynx, Sydney Uni Flames and "
        "Townsville Fire are the current WNBL teams sharing the market with an NBL team."
    )
    relation = relations.Relation("member", "team", "WNBL", clause=qualifier)
    assert relations.value_in(relation, sentence) == value


# --- "who is the spouse of X": a typed second hop -------------------------------------------


def _page_of(title: str, body: str) -> dict[str, OpenedPage]:
    opened = OpenedPage(page=Page("t://p", title, body), opened_step=1)
    opened.mark_seen(0, len(body))
    return {"t://p": opened}


@pytest.mark.parametrize(
    ("title", "body", "spouse"),
    [
        # first-half sentences: the person is the subject of "married" / "his wife"
        ("Elsie Driggs", "She was married to the American abstract artist Lee Gatch.", "Lee Gatch"),
        (
            "Joseph Johann Kauffmann",
            "Along with his wife Cleophea Lutz he had a single child, his daughter Angelika "
            "Kauffmann (*1741), is also remembered as a painter.",
            "Cleophea Lutz",
        ),
        # the husband is not named
        (
            "Kenji Fujimori",
            "Kenji's mother soon disagreed with her husband, and they divorced in 1994.",
            None,
        ),
        # someone else married
        ("Tom Jones", "His daughter married John Smith in 1990.", None),
        # a first name alone is no full name
        ("Jan Garbarek", "When he was 21, he married Vigdis.", None),
        # what the spouse is, an acronym among its words (twohop_dev2 th0-010)
        (
            "John Diamond (journalist)",
            "He was married to the food writer and TV cook Nigella Lawson from 1992 until "
            "his death from cancer in 2001.",
            "Nigella Lawson",
        ),
    ],
)
def test_a_spouse_is_read_from_the_person_s_own_page(
    title: str, body: str, spouse: str | None
) -> None:
    found = relations.spouse_of(title, _page_of(title, body))
    assert (found.value if found else None) == spouse


def test_a_spouse_is_not_read_from_a_page_about_something_else() -> None:
    """Big Eyes' page says "Margaret and her husband, Walter Keane": not the page of Tim
    Burton, whose spouse is asked."""
    body = (
        "It follows the story of Margaret and her husband, Walter Keane, who took credit for "
        "Margaret's phenomenally successful and popular paintings in the 1950s and 1960s."
    )
    assert relations.spouse_of("Tim Burton", _page_of("Big Eyes", body)) is None
    assert relations.asks_spouse("Who is the spouse of Tim Burton?")
    assert relations.asks_spouse("Who did Tim Burton marry?")
    assert not relations.asks_spouse("Who is the director of Big Eyes?")


def test_a_spouse_bridge_whose_bridge_page_says_no_spouse_abstains() -> None:
    """ "Who is the spouse of Big Eye's main director?" (MuSiQue, first half): the first
    hop reads Tim Burton on Big Eyes' page; no page of Tim Burton says whom he married
    (the gold names Helena Bonham Carter only as a cast member), so it abstains."""
    steps, result = _run(_musique("Who is the spouse of Big Eye's main director?"))
    assert [s.tool for s in steps][:3] == ["search", "open", "search"]
    assert _opened(steps)[0] == "musique://Big%20Eyes"
    assert result.reason is Reason.FACT_MISSING and result.cannot_answer
    assert len(steps) <= 6


_DEREK = Corpus(
    "derek",
    {
        url: Page(url=url, title=title, body=body)
        for url, title, body in [
            (
                "doc://tarzan",
                "Tarzan, the Ape Man (1981 film)",
                # a first-half sentence (HotpotQA)
                "Tarzan, the Ape Man is a 1981 adventure film directed by John Derek and "
                "starring his wife Bo Derek, Miles O'Keeffe, Richard Harris, and John Phillip "
                "Law.",
            ),
            (
                "doc://john",
                "John Derek",
                "John Derek (August 12, 1926 – May 22, 1998) was an American actor, director "
                "and photographer. He married Bo Derek in 1976.",
            ),
            (
                "doc://other",
                "Ursula Andress",
                "Ursula Andress is a Swiss actress. She was married to John Derek from 1957 "
                "to 1966.",
            ),
        ]
    },
)


def test_a_spouse_bridge_end_to_end() -> None:
    """The director from the film's page ("directed by John Derek"), then the one person
    his own page says he married: five steps, both pages cited with a quote each."""
    steps, result = _run_on(_DEREK, "Who is the spouse of the director of Tarzan, the Ape Man?")
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps) == ["doc://tarzan", "doc://john"]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == "Bo Derek"
    assert result.citations == ["doc://tarzan", "doc://john"]
    texts = {q.url: q.text for q in result.evidence}
    assert "directed by John Derek" in texts["doc://tarzan"]
    assert "He married Bo Derek" in texts["doc://john"]
    assert result.confidence == twohop_confidence.confidence("bridge:role")


_STARTS = Corpus(
    "starts",
    {
        url: Page(url=url, title=title, body=body)
        for url, title, body in [
            (
                "doc://arthur",
                "Arthur's Magazine",
                "Arthur's Magazine (1844–1846) was an American literary periodical published in "
                "Philadelphia in the 19th century.",
            ),
            (
                "doc://first",
                "First for Women",
                "First for Women is a woman's magazine published by Bauer Media Group in the "
                "USA. The magazine was started in 1989.",
            ),
            (
                "doc://apple",
                "Apple Inc.",
                "Apple Inc. is an American technology company founded by Steve Jobs and Steve "
                "Wozniak in April 1976.",
            ),
            (
                "doc://microsoft",
                "Microsoft",
                "Microsoft Corporation is an American technology company founded by Bill Gates "
                "and Paul Allen on April 4, 1975.",
            ),
        ]
    },
)


@pytest.mark.parametrize(
    ("question", "answer", "quotes"),
    [
        # a span in parentheses starts with the first date; a side cut at "for" is whole
        (
            "Which magazine was started first Arthur's Magazine or First for Women?",
            "Arthur's Magazine",
            ("(1844–1846)", "started in 1989"),
        ),
        # the date a little after the verb, past the founders' names
        (
            "Which company was founded first, Apple Inc. or Microsoft?",
            "Microsoft",
            ("in April 1976", "on April 4, 1975"),
        ),
    ],
)
def test_start_dates_are_compared(question: str, answer: str, quotes: tuple[str, str]) -> None:
    _compared(_STARTS, question, answer, quotes)


# --- a place chain inside a "where" clause; names listed with "and" ----------------------


@pytest.mark.parametrize(
    ("question", "phrase", "subject"),
    [
        # the comma of a place chain before the clause's verb stays in the clause
        (
            "What county shares a border with the county in which Johnnycake, West Virginia "
            "is located?",
            "the county in which Johnnycake, West Virginia is located",
            "Johnnycake, West Virginia",
        ),
        # a comma after the clause ends it, as before
        (
            "When did the country where the village of Clonbrook is located, become a member "
            "of CARICOM?",
            "the country where the village of Clonbrook is located",
            "Clonbrook",
        ),
    ],
)
def test_a_where_clause_keeps_its_place_chain(question: str, phrase: str, subject: str) -> None:
    bridge = parse_bridge(question)
    assert bridge is not None and bridge.relation is not None
    assert bridge.phrase == phrase
    assert bridge.relation.subject == subject


@pytest.mark.parametrize(
    ("subject", "title", "own"),
    [
        ("Johnnycake, West Virginia", "Johnnycake, West Virginia", True),
        ("Johnnycake", "Johnnycake, West Virginia", True),
        # the same name in another place, or the subject's place named by another page
        ("Johnnycake, West Virginia", "Johnnycake, Kentucky", False),
        ("Johnnycake, West Virginia", "Alta, Fayette County, West Virginia", False),
    ],
)
def test_a_subject_written_with_its_place_needs_that_place_in_the_title(
    subject: str, title: str, own: bool
) -> None:
    assert relations.is_page_of(subject, title) is own


_LINVILLE = (
    "Linville Falls Tavern, now known as Famous Louise's Rock House Restaurant, is a historic "
    "tavern located at Linville Falls, Avery County and McDowell County, North Carolina."
)


@pytest.mark.parametrize(
    ("bridge", "body", "answer"),
    [
        # two counties listed with "and" are two names: the one that is not the bridge
        ("McDowell County", _LINVILLE, "Avery County"),
        ("Avery County", _LINVILLE, "McDowell County"),
        # a sentence naming the bridge and no other county answers nothing
        (
            "McDowell County",
            "Johnnycake is an unincorporated community in McDowell County, West Virginia, "
            "United States.",
            None,
        ),
    ],
)
def test_names_listed_with_and_are_read_one_by_one(
    bridge: str, body: str, answer: str | None
) -> None:
    found = relations.named_in("county", bridge, _one_page(body))
    assert (found.value if found else None) == answer


def test_a_place_chain_bridge_reads_the_county_then_its_neighbour() -> None:
    """The subject's own page gives its county; the second hop names the other county of
    a sentence about that one. MuSiQue's tavern is in McDowell County, *North Carolina*
    (a namesake: no answer, above); with the tavern's sentence placing it in the bridge's
    own state the chain answers, and the derived copy, without the tavern's page, reads
    the bridge and then no neighbour."""
    case = _musique("What county shares a border with the county in which Johnnycake")
    corpus = _dataset("musique").corpus_for(case)
    tavern = corpus.pages["musique://Linville%20Falls%20Tavern"]
    assert "McDowell County, North Carolina" in tavern.body
    moved = dataclasses.replace(
        tavern, body=tavern.body.replace("County, North Carolina", "County, West Virginia")
    )
    pages = {**corpus.pages, tavern.url: moved}
    steps, result = _run(case, corpus=Corpus(corpus.name, pages))
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps) == [
        "musique://Johnnycake,%20West%20Virginia",
        "musique://Linville%20Falls%20Tavern",
    ]
    assert result.answer == "Avery County" and result.answer in case.answers
    assert "McDowell County" in result.evidence[0].text
    steps, result = _run(
        _musique("What county shares a border with the county in which Johnnycake", True)
    )
    assert result.reason is Reason.FACT_MISSING
    assert steps[-1].args["answer"] == "cannot: no opened page states the answer through the bridge"


# --- an open descriptive bridge: candidates listed on the subject's page; the gap the
# bridge's own page fills between the question's words ------------------------------------


@pytest.mark.parametrize(
    ("start", "candidate_page", "answer"),
    [
        # "The cast also features Helen Hunt, Dan Aykroyd, …": of the seven, only Helen
        # Hunt's page is found, and it calls her an American actress; "She starred in the
        # sitcom "Mad About You" for seven years"
        (
            "The Curse of the Jade Scorpion",
            "hotpotqa://Helen%20Hunt",
            "Mad About You",
        ),
        # "biographer of Thomas Pitera, Richard Kuklinski, …": Kuklinski's page calls him
        # an American contract killer; "He was associated with members of the American
        # Mafia, namely the DeCavalcante crime family …" (not "New York City")
        (
            "Philip Carlo was a biographer",
            "hotpotqa://Richard%20Kuklinski",
            "DeCavalcante crime family",
        ),
    ],
)
def test_an_open_descriptive_bridge_takes_the_one_listed_candidate_its_page_fits(
    start: str, candidate_page: str, answer: str
) -> None:
    case = _case(start)
    steps, result = _run(case, _ANY_CONFIDENCE)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert _opened(steps)[1] == candidate_page
    assert result.answer == answer and answer in case.answers
    assert result.citations[1] == candidate_page
    _, derived = _run(_case(start, derived=True), _ANY_CONFIDENCE)
    assert derived.cannot_answer and derived.reason in (Reason.FACT_MISSING, Reason.NO_HITS)


def _cast_corpus(*pages: tuple[str, str]) -> Corpus:
    film = (
        "The Curse of the Jade Scorpion is a 2001 crime comedy film written, directed and "
        "starring Woody Allen. The cast also features Helen Hunt, Dan Aykroyd, Elizabeth "
        "Berkley, John Schuck, Wallace Shawn, David Ogden Stiers and Charlize Theron."
    )
    every = [("The Curse of the Jade Scorpion", film), *pages]
    return Corpus(
        "cast", {f"t://{i}": Page(f"t://{i}", title, body) for i, (title, body) in enumerate(every)}
    )


_HUNT = (
    "Helen Elizabeth Hunt (born June 15, 1963) is an American actress, director, and "
    'screenwriter. She starred in the sitcom "Mad About You" for seven years.'
)
_JADE = (
    "The Curse of the Jade Scorpion is a 2001 crime comedy film featuring an American "
    "actress who starred in what for seven years?"
)


@pytest.mark.parametrize(
    ("pages", "answer"),
    [
        ((("Helen Hunt", _HUNT),), "Mad About You"),
        # two listed candidates whose pages both fit: neither is guessed
        (
            (
                ("Helen Hunt", _HUNT),
                (
                    "Elizabeth Berkley",
                    "Elizabeth Berkley (born July 28, 1972) is an American actress. She "
                    'starred in the sitcom "Saved by the Bell" for seven years.',
                ),
            ),
            None,
        ),
        # the one candidate page found does not fit the description (every word of it)
        (
            (
                (
                    "Dan Aykroyd",
                    "Daniel Edward Aykroyd (born July 1, 1952) is a Canadian actor. He "
                    'starred in the sketch show "Saturday Night Live" for seven years.',
                ),
            ),
            None,
        ),
    ],
)
def test_listed_candidates_are_told_apart_only_by_their_own_pages(
    pages: tuple[tuple[str, str], ...], answer: str | None
) -> None:
    _, result = _run_on(_cast_corpus(*pages), _JADE, _ANY_CONFIDENCE)
    assert (None if result.cannot_answer else result.answer) == answer


@pytest.mark.parametrize(
    ("rest", "bridge", "body", "answer"),
    [
        (
            "starred in what for seven years",
            "Helen Hunt",
            _HUNT,
            "Mad About You",
        ),
        (
            "was associated with members of what crime family",
            "Richard Kuklinski",
            "Richard Leonard Kuklinski (April 11, 1935 – March 5, 2006) was an American "
            "contract killer. He was associated with members of the American Mafia, namely "
            "the DeCavalcante crime family of Newark, New Jersey, and the Five Families of "
            "New York City.",
            "DeCavalcante crime family",
        ),
        (
            "was formed in what year",
            "Adelaide Lightning",
            "The Adelaide Lightning are an Australian professional women's basketball team. "
            "The club was formed in 1993 and they play in the 8,000-seat Titanium Security "
            "Arena.",
            "1993",
        ),
        # traps: "broadcast by" where the question asks "broadcast on"; a sentence about
        # someone else ("Her brother starred …"); the asked words with no such name after
        (
            "originally broadcast on what station",
            "Charmed",
            "Charmed is an American television series. The series was originally broadcast "
            "by The WB for eight seasons from October 7, 1998, until May 21, 2006.",
            None,
        ),
        (
            "starred in what for seven years",
            "Helen Hunt",
            "Helen Hunt is an American actress. Her brother starred in the sitcom "
            '"Hunter" for seven years.',
            None,
        ),
        (
            "was associated with members of what crime family",
            "Richard Kuklinski",
            "Richard Kuklinski was an American contract killer. He was associated with "
            "members of the American Mafia in New York City.",
            None,
        ),
    ],
)
def test_an_open_description_is_answered_by_the_gap_between_the_question_s_words(
    rest: str, bridge: str, body: str, answer: str | None
) -> None:
    shape = described.Described("X", "featuring", "thing", "", "open", "", rest)
    opened = OpenedPage(page=Page("t://p", bridge, body), opened_step=1)
    opened.mark_seen(0, len(body))
    found = described.answer_open(shape, bridge, {"t://p": opened})
    assert (found.value if found else None) == answer


@pytest.mark.parametrize("p", [0.9, 0.1])
def test_a_descriptive_bridge_answers_only_when_its_path_confidence_clears_the_threshold(
    p: float,
) -> None:
    """At the default threshold, the path's fitted confidence decides: the same reading
    finishes when the path's precision is above it and is no answer when below."""
    case = _case("Toad Hall is a residential hall in a university")
    try:
        twohop_confidence.use({"paths": {"bridge:described": {"p": p}}, "unseen": 0.5})
        steps, result = _run(case)
    finally:
        twohop_confidence.use(None)
    assert _opened(steps) == [
        "hotpotqa://Toad%20Hall%20(ANU)",
        "hotpotqa://Australian%20National%20University",
    ]
    if p >= OfflinePolicy().min_confidence:
        assert result.answer == "Canberra" and result.confidence == p
    else:
        assert result.cannot_answer and result.reason is Reason.FACT_MISSING


def test_a_second_hop_sentence_that_names_the_bridge_is_read_on_another_page() -> None:
    """MuSiQue's "Who was the first president of the association which published Journal
    of Psychotherapy Integration?": the publisher (the American Psychological Association)
    has no page of its own; a page about a book names it whole in the sentence that
    answers ("Hall, who was the first president of the American Psychological
    Association, ..."), so that sentence is the second hop."""
    case = _musique("Who was the first president of the association which published")
    steps, result = _run(case)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[2].args["query"] == "first president American Psychological Association"
    journal = "musique://Journal%20of%20Psychotherapy%20Integration"
    assert _opened(steps) == [journal, "musique://Adolescence"]
    assert result.status is Status.READY_FOR_REVIEW
    assert result.answer == "Hall"  # the sentence's own word for G. Stanley Hall
    assert result.citations == [journal, "musique://Adolescence"]
    assert "published by the American Psychological Association" in result.evidence[0].text
    assert result.evidence[1].text.startswith("Hall, who was the first president")


@pytest.mark.parametrize(
    ("name", "sentence", "whole"),
    [
        (
            "American Psychological Association",
            "Hall, who was the first president of the American Psychological Association, "
            "viewed adolescence as a time of turmoil.",
            True,
        ),
        ("Kansas", "In Kansas, the population grew to 2,913,314.", True),
        ("Kansas", "The population of Maple, Kansas was 27,340.", False),  # places Maple
        ("Kansas", "Kansas City has a population of 508,090.", False),  # a longer name
        ("Kansas", "The population of North Kansas was 4,208.", False),
    ],
)
def test_a_sentence_names_the_bridge_whole(name: str, sentence: str, whole: bool) -> None:
    assert bridge_module.names_whole(name, sentence) is whole


def test_a_town_sentence_naming_the_state_after_a_comma_is_no_second_hop() -> None:
    """ "The population of Maple, Kansas was 27,340": a sentence about the town, though it
    names the state; without the state's own page there is no answer."""
    town = "Maple is a city. The population of Maple, Kansas was 27,340 at the 2010 census."
    pages = {
        "doc://airport": Page(url="doc://airport", title="Maple Airport", body=_AIRPORT),
        "doc://town": Page(url="doc://town", title="Maple, Kansas", body=town),
    }
    question = "What is the population of the state where Maple Airport is located?"
    steps, result = _run_on(Corpus("kansas", pages), question)
    assert "doc://town" in _opened(steps)
    assert result.reason is Reason.FACT_MISSING


_NSW = (
    "New South Wales (abbreviated as NSW) is a state on the east coast of Australia. It "
    "borders Queensland to the north, Victoria to the south, and South Australia to the "
    "west. The Australian Capital Territory is an enclave within the state. New South "
    "Wales' state capital is Sydney, which is also Australia's most populous city."
)


def test_a_state_of_another_federation_is_a_bridge_and_its_capital_the_answer() -> None:
    """musique_dev md0-006 (development): "What is the capital of the state where the town
    of Young is located?" The town's page places it in New South Wales (a state, though
    not a US one); the state's page names its capital in a sentence whose "which" clause
    describes it (the name is the answer, not the clause), and "the Australian *Capital*
    Territory" names no capital."""
    young = (
        "Young is a town in the South West Slopes region of New South Wales, Australia and "
        "the largest town in Hilltops Council."
    )
    pages = {
        "doc://young": Page(url="doc://young", title="Young, New South Wales", body=young),
        "doc://nsw": Page(url="doc://nsw", title="New South Wales", body=_NSW),
    }
    question = "What is the capital of the state where the town of Young is located?"
    steps, result = _run_on(Corpus("nsw", pages), question)
    assert [s.tool for s in steps] == ["search", "open", "search", "open", "finish"]
    assert steps[2].args["query"] == "capital New South Wales"
    assert _opened(steps) == ["doc://young", "doc://nsw"]
    assert result.status is Status.READY_FOR_REVIEW and result.answer == "Sydney"
    assert result.evidence[1].text.startswith("New South Wales' state capital is Sydney")
    # the enclave's sentence alone names no capital
    enclave = "The Australian Capital Territory is an enclave within the state."
    pages["doc://nsw"] = Page(url="doc://nsw", title="New South Wales", body=enclave)
    steps, result = _run_on(Corpus("nsw", pages), question)
    assert result.reason is Reason.FACT_MISSING


# --- a reviewer's counter-examples to the session-17 rules (each a trap) ------------------


@pytest.mark.parametrize(
    ("kind", "target", "sentence", "value"),
    [
        # a town named after a state, with its own state after the comma
        ("located", "state", "Fort Lewis College is a college in Durango, Colorado.", "Colorado"),
        ("located", "state", "The plant is located in Victoria, Texas.", "Texas"),
        ("located", "state", "The museum is located in Victoria, British Columbia.", None),
        ("located", "state", "It is a mosque in the old city of Acre, Israel.", None),
        ("located", "country", "It is a mosque in the old city of Acre, Israel.", "Israel"),
        ("located", "state", "It is a town in the Punjab province of Pakistan.", None),
        # a country's name that is a US state's or a town's in a US chain
        ("born", "country", "Ty Cobb (born in Narrows, Georgia) was a baseball player.", None),
        ("born", "country", "He was born in Cuba, Missouri, in 1950.", None),
        ("born", "country", "He was born 28 December 1959 in Vienna, Austria.", "Austria"),
    ],
)
def test_a_place_chain_s_state_or_country_is_not_a_town_named_like_one(
    kind: str, target: str, sentence: str, value: str | None
) -> None:
    relation = relations.Relation(kind, target, "X")  # type: ignore[arg-type]
    assert relations.value_in(relation, sentence) == value


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("Kansas", "Wichita is the largest city in Kansas, with a population of 397,532."),
        ("Kansas", "The University of Kansas enrolls 28,000 students."),
        (
            "American Psychological Association",
            "Smith was the first president of the American Psychological Association of "
            "Graduate Students.",
        ),
        (
            "American Psychological Association",
            "Jones chaired the American Psychological Association's Division 12.",
        ),
    ],
)
def test_a_sentence_that_names_the_bridge_as_another_thing_s_place_or_part(
    name: str, sentence: str
) -> None:
    assert not bridge_module.names_whole(name, sentence)
    assert bridge_module.names_whole("Kansas", "However, Kansas grew to 2,913,314 people.")


@pytest.mark.parametrize(
    ("title", "body"),
    [
        # the "his" is another person's: Javed Akhtar's son
        ("Baba Azmi", "He has worked with Javed Akhtar and his son Farhan Akhtar on films."),
        # a possessive: the sister's husband, not the sister
        ("Baba Azmi", "He met his sister Shabana Azmi's husband Javed Akhtar in 1984."),
    ],
)
def test_a_relative_of_another_person_is_no_answer(title: str, body: str) -> None:
    assert relations.kin_of("son", title, _page_of(title, body)) is None
    assert relations.kin_of("sister", title, _page_of(title, body)) is None


def test_an_in_law_is_no_kin_bridge_and_of_keeps_a_spouse_apart() -> None:
    bridge = parse_bridge("Where was Prince William's mother-in-law born?")
    assert bridge is None or bridge.relation is None or bridge.relation.kind != "kin"
    body = "In 1901 he married a granddaughter of the industrialist Andrew Carnegie."
    assert relations.spouse_of("John Doe", _page_of("John Doe", body)) is None


# --- MuSiQue-style country bridges and namesakes (musique_dev2, development) ---------------


@pytest.mark.parametrize(
    ("target", "sentence", "value"),
    [
        # "from" places a person or a band (md2-017, md2-004)
        (
            "country",
            "William de Jesús Naranjo Jaramillo (born August 18, 1978 in Riosucio, Caldas) is "
            "a male long-distance runner from Colombia, who twice represented his country.",
            "Colombia",
        ),
        ("city", "Orodruin is an American doom metal band from Rochester, New York.", "Rochester"),
        # the defining sentence's adjective names the country (md2-020, md2-031)
        ("country", "Satin Circus is a Finnish pop band founded in 2010.", "Finland"),
        ("country", "Simon Ammann ( ; born 25 June 1981) is a Swiss ski jumper.", "Switzerland"),
        # two adjectives name two countries: none
        ("country", "Ridley Scott is an English-American film director.", None),
        # an adjective that is no country's
        ("country", "Jane Doe is a Georgian painter.", None),
    ],
)
def test_the_country_a_person_or_band_is_from(
    target: str, sentence: str, value: str | None
) -> None:
    assert relations.value_in(relations.Relation("located", target, "X"), sentence) == value


@pytest.mark.parametrize(
    ("name", "first", "second", "namesake"),
    [
        # a sentence that defines the name as a place in another state (md2-004's derived
        # copy: the Iowa community, not the New York city)
        (
            "Rochester",
            "Orodruin is an American doom metal band from Rochester, New York.",
            "Rochester is an unincorporated community in Rochester Township, Cedar County, "
            "Iowa, United States.",
            True,
        ),
        # the same country, said as a constituent and as the whole
        (
            "Bath",
            "He was born in Bath, England.",
            "Bath is a city in Somerset, United Kingdom.",
            False,
        ),
        ("Paris", "He was born in Paris, France.", "Paris is the capital of France.", False),
    ],
)
def test_a_namesake_defined_elsewhere(name: str, first: str, second: str, namesake: bool) -> None:
    hop1 = relations.Found(name, first, "u1")
    assert bridge_module.namesake(hop1, relations.Found("x", second, "u2")) is namesake


def test_an_or_of_the_user_s_preamble_offers_no_choice() -> None:
    """lxml's docs question (development set): the "or" is in what the user says before
    the question ("... read gzip-compressed XML or fetch documents over HTTP"), so no
    side of a comparison is searched for; the question after it is a lookup. A choice the
    asked sentence offers is still one."""
    question = (
        "Our new lxml build can no longer read gzip-compressed XML or fetch documents over "
        "HTTP. As of which lxml version did HTTP, FTP and zlib support become optional "
        "features chosen when libxml2 is compiled?"
    )
    assert twohop.parse(question) is None
    chosen = twohop.parse("Both are old houses. Which was founded first, Gyldendal or Concordia?")
    assert chosen is not None and chosen.sides == ("Gyldendal", "Concordia")
    both = twohop.parse(
        "I mix up Gyldendal or Concordia. Which was founded first, Gyldendal or Concordia?"
    )
    assert both is not None and both.sides == ("Gyldendal", "Concordia")
    # a question that compares or points back keeps its preamble's sides (a reviewer's)
    back = twohop.parse(
        "I keep mixing up Gyldendal or Concordia. Which of the two was founded first?"
    )
    assert back is not None and back.sides == ("Gyldendal", "Concordia")
    older = twohop.parse("My friend says Mick Jagger or Bono is older. Who is older?")
    assert older is not None and older.sides == ("Mick Jagger", "Bono")


@pytest.mark.parametrize(
    "question",
    [
        "Which PostgreSQL version or newer does BinaryJSONField.path_exists() require?",
        "Which Python version or later does the library need?",
    ],
)
def test_or_newer_is_a_bound_not_a_second_side(question: str) -> None:
    """ "X or newer" says the least X, no second side to compare with; a side whose name
    starts with such a word still is one (a reviewer's: "Lower Saxony")."""
    assert parse(question) is None
    plan = parse("Which has more inhabitants, Bavaria or Lower Saxony?")
    assert plan is not None and plan.sides == ("Bavaria", "Lower Saxony")
    plan = parse("Which is larger, Merseyside or Greater Manchester?")
    assert plan is not None and plan.sides == ("Merseyside", "Greater Manchester")
