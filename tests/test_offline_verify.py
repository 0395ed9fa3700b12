"""The offline reader's verification rules and its calibrated confidence.

Sentences are quoted from the shared SQuAD 2.0 "Normans" article (the training fold)."""

from __future__ import annotations

import json
import math
from importlib import resources

import pytest

from sleuth.policies.calibration import MODEL_FILE, Calibration, shipped
from sleuth.policies.extraction import candidates, extract
from sleuth.policies.frames import AnswerType, frame_question
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.reading import Reading
from sleuth.policies.verify import EXTRA_FEATURES, FEATURES, check, features

NORMANS = (
    "The Normans (Norman: Nourmands; French: Normands; Latin: Normanni) were the people who "
    "in the 10th and 11th centuries gave their name to Normandy, a region in France."
)
HASTINGS = (
    "In 1066, Duke William II of Normandy conquered England killing King Harold II at the "
    "Battle of Hastings."
)


def _reading(sentence: str, value: str) -> Reading:
    return Reading(url="u", start=0, end=len(sentence), sentence=sentence, value=value, score=1.0)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # answerable: every polar word and number of the question is stated
        ("When were the Normans in Normandy?", NORMANS, "10th and 11th centuries", None),
        ("Who killed Harold II?", HASTINGS, "Duke William II of Normandy", None),
        ("When was the Battle of Hastings?", HASTINGS, "1066", None),
        # traps: a negation, an ordinal, a number the sentence does not state
        ("When were the Normans not in Normandy?", NORMANS, "10th and 11th centuries", "polarity"),
        (
            "Who was the first to conquer England?",
            HASTINGS,
            "Duke William II of Normandy",
            "number",
        ),
        ("When did William conquer England in 1070?", HASTINGS, "1066", "number"),
        ("When did William conquer England after 1070?", HASTINGS, "1066", "polarity"),
        ("What was the last battle of Harold II?", HASTINGS, "Battle of Hastings", "polarity"),
        # the answer is only the question's words
        ("Who conquered England?", HASTINGS, "England", "echo"),
        # a typed question needs an answer of its type
        ("When was the Battle of Hastings?", HASTINGS, "Duke William", "type"),
        ("Who killed Harold II?", HASTINGS, "in 1066", "type"),
    ],
)
def test_hard_rules(question: str, sentence: str, value: str, rule: str | None) -> None:
    verdict = check(frame_question(question), _reading(sentence, value), title="Normans")
    assert verdict.rule == rule
    assert verdict.ok is (rule is None)


def test_features_are_bounded_and_named() -> None:
    frame = frame_question("When were the Normans in Normandy?")
    values = features(frame, _reading(NORMANS, "10th and 11th centuries"), title="Normans")
    assert set(FEATURES) | set(EXTRA_FEATURES) == set(values)
    assert all(0.0 <= v <= 1.2 for v in values.values())
    assert values["typed"] == 1.0 and values["missing"] == 0.0


def test_word_pairs_must_stand_together() -> None:
    """ "Christian spirit" is not stated by "martial spirit and Christian piety"."""
    frame = frame_question("Who was famed for their Christian spirit?")
    sentence = (
        "The Normans were famed for their martial spirit and eventually for their Christian "
        "piety, becoming exponents of the Catholic orthodoxy into which they assimilated."
    )
    apart = features(frame, _reading(sentence, "The Normans"))
    together = features(
        frame_question("Who was famed for their martial spirit?"), _reading(sentence, "The Normans")
    )
    assert apart["pairs_in_order"] < together["pairs_in_order"]


def test_shipped_model_is_a_probability() -> None:
    model = shipped()
    assert model is not None
    from sleuth.policies.offline import PAGE_FEATURES

    pool = set(FEATURES) | set(EXTRA_FEATURES) | set(PAGE_FEATURES)
    assert set(model.features) <= pool  # chosen by the fit
    assert 0.0 <= model.threshold <= 1.0
    # shipped: fitted on both calibration sides (AB), holding none out; A and B are the
    # folds its figures are reported by
    assert model.meta["fold"] in ("A", "B", "AB") and model.meta["train"]
    assert model.meta["fold"] == "AB" or model.meta["held_out"]
    for values in ({f: 0.0 for f in model.features}, {f: 1.0 for f in model.features}):
        p = model.probability(values)
        assert 0.0 <= p <= 1.0 and not math.isnan(p)


def test_probability_is_the_logistic_of_the_standardised_sum() -> None:
    data = json.loads(resources.files("sleuth.policies").joinpath(MODEL_FILE).read_text())
    data.pop("members", None)  # one logistic model, not the shipped bagged one
    model = Calibration.from_json(
        {**data, "features": ["a"], "weights": [2.0], "bias": -1.0, "mean": [0.5], "scale": [0.25]}
    )
    assert model.probability({"a": 0.5}) == pytest.approx(1 / (1 + math.exp(1.0)))
    assert model.probability({"a": 1.0}) == pytest.approx(1 / (1 + math.exp(-3.0)))
    assert model.probability({"a": -1e6}) == pytest.approx(0.0)


def test_a_technical_answer_is_scored_by_the_technical_model() -> None:
    """The file's ``technical`` model scores the answers whose ``technical`` feature is 1
    (documentation spans), the top-level model the rest; the shipped file has both, each
    with its own features, and reading it twice gives the same model."""
    data = json.loads(resources.files("sleuth.policies").joinpath(MODEL_FILE).read_text())
    for member in data["technical"]["members"]:
        assert set(member) >= {"features", "weights", "bias", "mean", "scale"}
    single = {k: v for k, v in data.items() if k != "members"}
    model = Calibration.from_json(
        {
            **single,
            "features": ["a"],
            "weights": [2.0],
            "bias": 0.0,
            "mean": [0.0],
            "scale": [1.0],
            "technical": {
                "features": ["a"],
                "weights": [-2.0],
                "bias": 0.0,
                "mean": [0.0],
                "scale": [1.0],
            },
        }
    )
    assert model.technical is not None and "technical" not in model.meta
    assert model.probability({"a": 1.0}) == pytest.approx(1 / (1 + math.exp(-2.0)))
    assert model.probability({"a": 1.0, "technical": 1.0}) == pytest.approx(1 / (1 + math.exp(2.0)))
    assert model.technical.threshold == model.threshold
    shipped_model = shipped()
    assert shipped_model is not None and shipped_model.technical is not None
    assert shipped_model == Calibration.from_json(data)
    assert shipped_model.technical.features == tuple(data["technical"]["features"])


def test_demo_confidence_is_in_unit_interval() -> None:
    import sleuth

    result = sleuth.ask("Who founded Acme Robotics?")
    assert result.confidence is not None and 0.0 <= result.confidence <= 1.0


def test_min_confidence_abstains_with_fact_missing() -> None:
    import sleuth

    result = sleuth.ask("Who founded Acme Robotics?", policy=OfflinePolicy(min_confidence=1.0))
    assert result.cannot_answer and result.reason is not None
    assert result.reason.value == "fact_missing"
    with pytest.raises(ValueError):
        OfflinePolicy(min_confidence=1.5)


HERVE = (
    "One of the first Norman mercenaries to serve as a Byzantine general was Hervé in the 1050s."
)
DAVID = (
    "King David I of Scotland, whose elder brother Alexander I had married Sybilla of Normandy, "
    "was instrumental in introducing Normans and Norman culture to Scotland, part of the "
    'process some scholars call the "Davidian Revolution".'
)
MALCOLM = (
    "King Malcolm III of Scotland married Edgar's sister Margaret, and came into opposition to "
    "William who had already disputed Scotland's southern borders."
)
LOMBARDS = (
    "Norman mercenaries were first encouraged to come to the south by the Lombards to act "
    "against the Byzantines, but they soon fought in Byzantine service in Sicily."
)
DYRRACHIUM = (
    "The city's garrison resisted until February 1082, when Dyrrachium was betrayed to the "
    "Normans by the Venetian and Amalfitan merchants who had settled there."
)
BOHEMOND = (
    "A few years after the First Crusade, in 1107, the Normans under the command of Bohemond, "
    "Robert's son, landed in Valona and besieged Dyrrachium using the most sophisticated "
    "military equipment of the time, but to no avail."
)


def _extract(question: str, sentence: str) -> str | None:
    frame = frame_question(question)
    terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    return extract(frame, sentence, terms)


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        # the question's subject must do the verb in the answer's clause (active voice)
        ("Who did Alexander I marry?", DAVID, "Sybilla of Normandy"),
        ("Who did King David I of Scotland Marry?", DAVID, None),
        ("Who did Edgar marry?", MALCOLM, None),
        # the one after "by" did it: no object of "encourage" here
        ("Who did the Normans encourage to come to the south?", LOMBARDS, None),
        # a passive verb's doer is the "by" agent, not the subject before it
        ("Who betrayed Dyrrachium?", DYRRACHIUM, "Venetian"),
    ],
)
def test_roles_in_real_sentences(question: str, sentence: str, answer: str | None) -> None:
    assert _extract(question, sentence) == answer


@pytest.mark.parametrize(
    ("question", "value", "rule"),
    [("Who was Robert's son?", "Bohemond", None), ("Who was Bohemond's son?", "Robert's", "type")],
)
def test_a_possessive_names_no_person(question: str, value: str, rule: str | None) -> None:
    assert check(frame_question(question), _reading(BOHEMOND, value), "Normans").rule == rule


@pytest.mark.parametrize(
    ("question", "sentence", "value", "strict"),
    [
        # a SQuAD 2.0 trap: the subject swapped with the object
        ("When did King Harold II conquer England?", HASTINGS, "1066", 0.0),
        ("When did William conquer England?", HASTINGS, "1066", 1.0),
        # the passive states the question too (its verb is left out of the order)
        (
            "Who founded Orbis Ltd?",
            "Orbis Ltd was founded by Nadia Perez in 2009.",
            "Nadia Perez",
            1.0,
        ),
        # a question's name may be in the title: "Kowalski was born ..." under "Marta Kowalski"
        ("Where was Marta Kowalski born?", "Kowalski was born in Sopot in 1951.", "Sopot", 1.0),
    ],
)
def test_strict_alignment(question: str, sentence: str, value: str, strict: float) -> None:
    title = "Marta Kowalski" if "Marta" in question else "Normans"
    values = features(frame_question(question), _reading(sentence, value), title=title)
    assert values["strict"] == strict


def test_swapped_modifier_breaks_the_word_pairs() -> None:
    """ "Norman general" is not stated by "Norman mercenaries ... Byzantine general"."""
    right = features(
        frame_question("When did Herve serve as a Byzantine general?"), _reading(HERVE, "1050s")
    )
    trap = features(
        frame_question("When did Herve serve as a Norman general?"), _reading(HERVE, "1050s")
    )
    assert right["bigrams"] > trap["bigrams"]


def test_a_present_question_is_not_answered_by_an_ended_state() -> None:
    """From the acme corpus's news page: the former CEO's sentence is no reading of
    "the current CEO", so it is no rival of the current one either."""
    frame = frame_question("Who is the current CEO of Acme Robotics?")
    former = "Ada Ortiz, who had led the company as CEO for many years, stepped down as CEO."
    assert check(frame, _reading(former, "Ada Ortiz"), "Acme Robotics").rule == "polarity"
    assert check(frame, _reading("Kenji Ito is now the CEO.", "Kenji Ito"), "Acme Robotics").ok
    unqualified = frame_question("Who was the CEO of Acme Robotics?")
    assert check(unqualified, _reading(former, "Ada Ortiz"), "Acme Robotics").ok


def test_now_states_current_in_the_features_as_in_the_reading() -> None:
    """The reader takes "now" for the question's "current" ("Kenji Ito is now the CEO."),
    so the calibration features count it as stated by the sentence, not by the title
    alone; a sentence without a word of the present leaves it to the title."""
    question = "Who is the current CEO of Acme Robotics?"
    title = "Acme Robotics board names new chief executive: current CEO appointed"
    frame = frame_question(question)
    now = features(
        frame, _reading("Kenji Ito is now the CEO.", "Kenji Ito"), question=question, title=title
    )
    plain = features(
        frame, _reading("Kenji Ito is the CEO.", "Kenji Ito"), question=question, title=title
    )
    assert now["sentence_cover"] > plain["sentence_cover"]
    assert now["title_only"] < plain["title_only"]
    # the verb "presented" is no "present": a word of the present states no verb
    asked = "Who presented the award at the gala?"
    verb = frame_question(asked)
    today = features(
        verb, _reading("Today the award is handed out by Ada Ortiz.", "Ada Ortiz"), question=asked
    )
    plain = features(
        verb, _reading("The award is handed out by Ada Ortiz.", "Ada Ortiz"), question=asked
    )
    assert today["sentence_cover"] == plain["sentence_cover"]


def test_a_code_is_no_place() -> None:
    assert candidates(AnswerType.PLACE, "Posters should be printed in A0 portrait format.") == []
    held = "The Poster Session will be held in the Atrium of the Hall of Science."
    assert candidates(AnswerType.PLACE, held) == [(held.index("Atrium"), len(held) - 1)]


def test_a_name_with_the_asked_head_is_typed_with_its_rivals() -> None:
    frame = frame_question("What prize did The Glass Orchard win?")
    values = features(frame, _reading("The novel won the Hollis Prize in 1995.", "Hollis Prize"))
    assert values["typed"] == 1.0 and values["rivals"] == 1.0
    clause = features(frame, _reading("The novel won praise in 1995.", "praise in 1995"))
    # a clause has no rival of its kind: 1, as a lone name (0 dragged clean clauses down)
    assert clause["typed"] == 0.0 and clause["rivals"] == 1.0


IDENTITY = (
    "The distinct cultural and ethnic identity of the Normans emerged initially in the first "
    "half of the 10th century, and it continued to evolve over the succeeding centuries."
)


def test_a_loose_frame_needs_one_name_of_the_question() -> None:
    """Candidates are read with loose frames (one name and one relation word), so that
    the model weighs what is left unmatched; SQuAD's swapped-entity trap ("Frankish" for
    "Normans", unanswerable) still has no candidate in the sentence, the paraphrased
    answerable question has one."""
    from sleuth.policies.frames import loose
    from sleuth.policies.reading import read_page

    answerable = loose(frame_question("What century did the Normans first gain their identity?"))
    strict = frame_question("What century did the Normans first gain their identity?")
    trap = loose(frame_question("When did the Frankish identity emerge?"))
    segments = [(0, IDENTITY)]
    assert [r.value for r in read_page(answerable, "u", "Normans", segments)] == ["10th century"]
    assert read_page(strict, "u", "Normans", segments) == []  # "gain" is not stated
    assert read_page(trap, "u", "Normans", segments) == []


def test_unmatched_words_are_weighed_by_their_rarity_on_the_page() -> None:
    """A question word the page never states weighs most (1), a word of every sentence
    least: of two questions that each leave one word unmatched, the one whose word the
    page never says scores the higher ``unmatched_idf``."""
    from sleuth.policies.verify import page_idf

    page = [NORMANS, IDENTITY, HASTINGS]
    idf = page_idf(page)
    assert idf["norman"] < idf["england"] <= 1.0 and "frankish" not in idf
    reading = _reading(IDENTITY, "10th century")
    common = features(
        frame_question("When did the Normans' identity emerge in Normandy?"), reading, idf=idf
    )
    rare = features(
        frame_question("When did the Normans' identity emerge in Frankish lands?"), reading, idf=idf
    )
    stated = features(frame_question("When did the Normans' identity emerge?"), reading, idf=idf)
    assert stated["unmatched_idf"] == 0.0 and stated["unmatched_max"] == 0.0
    assert 0.0 < common["unmatched_idf"] < rare["unmatched_idf"]
    assert rare["unmatched_max"] == 1.0


def test_a_number_the_sentence_does_not_state_is_no_answer() -> None:
    """SQuAD's trap "in the 1000's and 1100's" for the 10th and 11th centuries."""
    frame = frame_question("Who gave their name to Normandy in the 1000's and 1100's")
    assert not check(frame, _reading(NORMANS, "The Normans")).ok


def test_the_rank_counts_only_pages_that_state_the_question() -> None:
    """A page of questions above the answer's page in the search (the quick start's
    forum thread) does not lower the answer's rank; a page that states the question's
    words does, even with no candidate of its own ("founded by Robert's daughter"). The
    plain search place is kept as ``search_rank``."""
    from sleuth.policies.offline import Goal, Verifier, _candidates_by_page, _Page

    question = "Who founded Acme Robotics?"
    forum = _Page("f", "Forum", [(0, "Who founded Acme Robotics? Does anyone know?")])
    other = _Page("o", "Acme news", [(0, "Acme Robotics was founded by Robert's daughter.")])
    wiki = _Page("w", "Acme Robotics", [(0, "Acme Robotics was founded by Ada Ortiz in 2014.")])
    goal = Goal(None, frame_question(question))
    check = Verifier(shipped(), 0.0, {"f": 0, "o": 1, "w": 2}, question, loose=True)
    found = _candidates_by_page(goal.frame, [forum, wiki], check)
    [(page, [(reading, values)])] = found
    assert page.url == "w" and reading.value == "Ada Ortiz"
    assert values["strict_frame"] == 1.0  # the question's own frame reads it too
    assert values["rank"] == 0.0 and values["search_rank"] == 0.4
    found = _candidates_by_page(goal.frame, [forum, other, wiki], check)
    assert [p.url for p, _ in found] == ["w"] and found[0][1][0][1]["rank"] == 0.2


def test_a_run_answers_from_strict_frames_only() -> None:
    """Loose candidates widen the confidence model's training samples, never a run's
    answers: a sentence that leaves a content word of the question unstated ("gain") is
    a near miss, so the run opens the page, finds no strict candidate and ends
    ``fact_missing``; the same sentence is a training sample for the fit."""
    from sleuth import Task, run
    from sleuth.contract import Turn
    from sleuth.corpus import Corpus, Page
    from sleuth.outcome import Reason
    from sleuth.policies.offline import _pages, goals_of, scored_readings
    from sleuth.state import RunState

    url = "https://history.example/normans"
    corpus = Corpus("t", {url: Page(url=url, title="Normans", body=IDENTITY)})
    question = "What century did the Normans first gain their identity?"
    result = run(Task(question), corpus, OfflinePolicy())
    assert result.cannot_answer and result.reason is Reason.FACT_MISSING
    assert result.opened == [url]

    seen: list[RunState] = []

    class Watching(OfflinePolicy):  # the offline policy, keeping the states it decided on
        def decide(self, state: RunState) -> Turn:
            seen.append(state)
            return super().decide(state)

    policy = Watching()
    run(Task(question), corpus, policy)
    state = seen[-1]  # the pages opened, at the finish
    goal = goals_of(state)[0]
    samples = scored_readings(goal, _pages(state), policy.verifier(state))
    assert [reading.value for reading, _ in samples] == ["10th century"]
    # marked as a loose frame's reading: the fit chooses the threshold without it
    assert [values["strict_frame"] for _, values in samples] == [0.0]


# Who and where by how a name is used, not by its capitals alone: HotpotQA record 5 of the
# shared file (the training half), "Who wrote a song after attending a luau in the
# Koolauloa District on the island of Oahu in Honolulu County?" (Jack Owens).
HUKILAU = (
    '"The Hukilau Song" is a song written by Jack Owens in 1948 after attending a luau in '
    "Laie, Hawaii."
)
LAIE = (
    "Laie is a census-designated place (CDP) located in the Koolauloa District on the island "
    "of Oahu in Honolulu County, Hawaii, United States."
)


def test_a_name_in_apposition_to_a_place_is_a_place() -> None:
    """ "in Honolulu County, Hawaii, United States": each name after the first stands in
    apposition to a place, so it is a place too, never a person (a who-question over the
    Laie sentence was answered "Hawaii")."""
    people = [LAIE[a:b] for a, b in candidates(AnswerType.PERSON, LAIE)]
    places = [LAIE[a:b] for a, b in candidates(AnswerType.PLACE, LAIE)]
    assert people == []
    assert places == ["Koolauloa District", "Oahu", "Honolulu County", "Hawaii", "United States"]
    who = frame_question("Who is located in the Koolauloa District on the island of Oahu?")
    assert check(who, _reading(LAIE, "Hawaii"), title="Laie, Hawaii").rule == "type"
    where = frame_question("Where is the Koolauloa District?")
    assert check(where, _reading(LAIE, "Hawaii"), title="Laie, Hawaii").ok


def test_a_name_in_quotes_is_a_title_not_a_person() -> None:
    question = "Who wrote a song after attending a luau in Laie?"
    people = [HUKILAU[a:b] for a, b in candidates(AnswerType.PERSON, HUKILAU)]
    assert people == ["Jack Owens"]  # not "The Hukilau Song", nor "Hawaii" after "Laie, "
    frame = frame_question(question)
    assert extract(frame, HUKILAU, set(frame.anchors) | set(frame.relation)) == "Jack Owens"
    assert check(frame, _reading(HUKILAU, "Jack Owens"), title="The Hukilau Song").ok
    for wrong in ("Hukilau Song", "Hawaii"):  # a title, a place
        assert check(frame, _reading(HUKILAU, wrong)).rule == "type"


def test_a_bagged_model_is_the_mean_of_its_members() -> None:
    """A model with ``members`` (the shipped file's, one per domain) gives the mean of its
    members' probabilities, each member its own logistic model over its own features;
    its ``features`` are their union."""
    one = {"features": ["a"], "weights": [2.0], "bias": 0.0, "mean": [0.0], "scale": [1.0]}
    two = {"features": ["b"], "weights": [-1.0], "bias": 1.0, "mean": [0.0], "scale": [1.0]}
    model = Calibration.from_json({"threshold": 0.5, "members": [one, two]})
    assert model.features == ("a", "b") and len(model.members) == 2
    values = {"a": 1.0, "b": 3.0}
    expected = (1 / (1 + math.exp(-2.0)) + 1 / (1 + math.exp(2.0))) / 2
    assert model.probability(values) == pytest.approx(expected)
    data = json.loads(resources.files("sleuth.policies").joinpath(MODEL_FILE).read_text())
    shipped_model = shipped()
    assert shipped_model is not None and shipped_model.technical is not None
    assert len(shipped_model.members) == len(data["members"]) == data["prose"]["bags"]
    assert len(shipped_model.technical.members) == data["technical"]["bags"]


# `benchmarks/squad_dev` (R): the asked noun set right before the name, in apposition
DANISH = (
    'The Danish broadcaster DR organised the national final "Dansk Melodi Grand Prix 2016" '
    "in order to select the Danish entry for the 2016 contest in Stockholm, Sweden."
)
PETRELA = (
    "Meanwhile, they occupied Petrela, the citadel of Mili at the banks of the river "
    "Deabolis, Gllavenica (Ballsh), Kanina and Jericho."
)


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        ("Which broadcaster organised the Danish national selection?", DANISH, "DR"),
        ("What river was Petrela located by?", PETRELA, "Deabolis"),
        # a name ending in the asked noun still comes first ("the Hollis Prize")
        (
            "What prize did the novel win?",
            "The novel won the Hollis Prize in 1995.",
            "Hollis Prize",
        ),
        # of several names of the asked kind, the one the question's words stand nearest
        # (a reviewer's case: the first one named won, whatever the question said of it)
        (
            "Black was named head coach at which university in 2013?",
            "Black played college football at Wake Forest University and was named the "
            "head coach at Clemson University in 2013.",
            "Clemson University",
        ),
        (
            "Which university did Black play college football at?",
            "Black played college football at Wake Forest University and was named the "
            "head coach at Clemson University in 2013.",
            "Wake Forest University",
        ),
    ],
)
def test_a_name_set_after_the_asked_noun_answers(question: str, sentence: str, answer: str) -> None:
    assert _extract(question, sentence) == answer


def test_a_name_set_after_the_asked_noun_is_typed() -> None:
    """The sentence calls the name by the asked noun, so it is of the asked kind: typed,
    as a name ending in the noun is, and not an "other" answer to a headed question."""
    frame = frame_question("Which broadcaster organised the Danish national selection?")
    values = features(frame, _reading(DANISH, "DR"))
    assert values["typed"] == 1.0 and values["other_head"] == 0.0
    clause = features(frame, _reading(DANISH, "the Danish entry"))
    assert clause["typed"] == 0.0 and clause["other_head"] == 1.0


# `benchmarks/squad_dev`, `squad_dev2` (R): a preposition before the wh-word, and a name
# of the asked noun's kind by its own words
WATERTOWN = (
    "Watertown International Airport (IATA: ART, ICAO: KART, FAA LID: ART) is a county "
    "owned, public use airport located in Jefferson County, New York, United States."
)
ROCKHAMPTON = (
    "The Anglican Diocese of Rockhampton is a diocese in the Province of Queensland and one "
    "of the 23 dioceses of the Anglican Church of Australia."
)


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("In which county is Watertown International Airport situated?", "counti"),
        ("For which party was Truss re-elected in 2010?", "parti"),
        ("Which other company built them?", "compani"),
        ("Which new franchise took many of the players in 1953?", "franchis"),
        # a manner or a degree names no kind
        ("In what way did the law change?", None),
        ("To what extent was it used?", None),
        # a wh-phrase inside the question, or after an opening clause (babel_dev and
        # alembic_dev, R)
        ("The compile_catalog command is similar to which GNU tool?", "tool"),
        ("The Rhine is important to what extent?", None),
        (
            "When I call several commands programmatically, which Config dictionary lets me "
            "hand them one shared connection?",
            "dictionari",
        ),
    ],
)
def test_the_asked_noun_after_a_preposition_or_a_qualifier(question: str, head: str | None) -> None:
    assert frame_question(question).head == head


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "In which county is Watertown International Airport situated?",
            WATERTOWN,
            "Jefferson County",
        ),
        ("In which province is the diocese?", ROCKHAMPTON, "Province of Queensland"),
    ],
)
def test_a_name_of_the_asked_kind_answers(question: str, sentence: str, answer: str) -> None:
    assert _extract(question, sentence) == answer
    frame = frame_question(question)
    assert features(frame, _reading(sentence, answer))["typed"] == 1.0


@pytest.mark.parametrize(
    ("question", "head"),
    [
        # a capitalised word qualifies the asked noun; "New" and "Major" are names here
        ("In which BBC soap opera did she star?", "soap"),
        ("Which Major League team did he join?", "team"),
        ("Which New York newspaper printed it?", "newspap"),
        # after a preposition, a ground or a degree; without one, a real noun
        ("To what end did they fight?", None),
        ("On what grounds was it refused?", None),
        ("To what degree was it used?", None),
        ("What degree did Cool take at Leeds?", "degre"),
    ],
)
def test_the_asked_noun_is_a_lower_case_word(question: str, head: str | None) -> None:
    assert frame_question(question).head == head


def test_a_plural_of_the_asked_noun_is_another_kind() -> None:
    """ "the United States" is no "state" ("In which state is Dayton?")."""
    assert _extract("In which state is Dayton?", "Dayton is a city in Ohio, United States.") is None


def test_a_verb_of_the_asked_noun_s_stem_sets_no_name_after_it() -> None:
    frame = frame_question("Which award did the film win?")
    sentence = "At Cannes the jury awarded Parasite the Palme d'Or."
    assert features(frame, _reading(sentence, "Parasite"))["typed"] == 0.0


# -- session 20: hard rules that rejected right answers on the R docs development sets
# (pytest_dev, celery_dev, mypy_dev, starlette_dev), each with the trap it still refuses

PYTEST_RENAME = (
    "Changed in version 9.0: Renamed from `xfail_strict` to `strict_xfail`. `xfail_strict` "
    "is accepted as an alias for `strict_xfail`."
)
PYTEST_DISCOVERY = (
    "Since Pytest 2.6, users can prevent pytest from discovering classes that start with "
    "`Test` by setting a boolean `__test__` attribute to `False`."
)
CELERY_REVOKES = (
    "The maximum number of revoked tasks to keep in memory can be specified using the "
    "`CELERY_WORKER_REVOKES_MAX` environment variable, which defaults to 50000."
)
STARLETTE_USERS = (
    "Starlette provides two built-in user implementations: `UnauthenticatedUser()`, and "
    "`SimpleUser(username)`."
)

PYTEST_ALL_MODULES = "- Disable rewriting for all modules by using `--assert=plain`."
MARSHMALLOW_DICT_CLASS = (
    "You can set `marshmallow.Schema.dict_class` to `collections.OrderedDict` to force the "
    "output type of `marshmallow.Schema.dump` to be an `OrderedDict`."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # "pytest" ends like a superlative and is none: no polar word the sentence must say
        (
            "In which pytest version was the xfail_strict configuration option renamed to "
            "strict_xfail?",
            PYTEST_RENAME,
            "9.0",
            None,
        ),
        # a real superlative still is one
        ("Which is the largest version renamed to strict_xfail?", PYTEST_RENAME, "9.0", "polarity"),
        # what a setting keeps from happening does not happen
        (
            "Since pytest 2.6, which boolean attribute can be set to False on a class whose "
            "name starts with Test so that pytest does not discover it?",
            PYTEST_DISCOVERY,
            "__test__",
            None,
        ),
        (
            "Which boolean attribute makes pytest not discover a class?",
            "Setting a boolean `__test__` attribute makes pytest discover classes that start "
            "with `Test`.",
            "__test__",
            "polarity",
        ),
        # "at most" is said by "the maximum"; "at least" is not
        (
            "Workers remember revoked task ids in memory. By default, how many of them do they "
            "keep at most?",
            CELERY_REVOKES,
            "50000",
            None,
        ),
        (
            "By default, how many revoked tasks do workers keep in memory at least?",
            CELERY_REVOKES,
            "50000",
            "polarity",
        ),
        # ... and by another noun's extreme it is not
        (
            "How many seats could the stadium hold at most?",
            "After the latest renovation the stadium holds 50,000 seats.",
            "50,000",
            "polarity",
        ),
        (
            "Which Python version does the library require at least?",
            "Python 3.7, the oldest release, is no longer tested.",
            "3.7",
            "polarity",
        ),
        # what is kept from happening is the question's negated act, not another one
        (
            "What exception is raised when the file does not exist?",
            "Pass `exist_ok=True` to keep `mkdir` from raising `FileExistsError` when the "
            "directory exists.",
            "FileExistsError",
            "polarity",
        ),
        # a path may be a file's
        (
            "What is the default path of the daemon's status file?",
            "The default path is `.dmypy.json` in the current working directory.",
            ".dmypy.json",
            None,
        ),
        # two asked: one of them is no answer, the list is one
        (
            "Which two built-in user implementations does Starlette ship for request.user?",
            STARLETTE_USERS,
            "UnauthenticatedUser()",
            "type",
        ),
        (
            "Which two built-in user implementations does Starlette ship for request.user?",
            STARLETTE_USERS,
            "`UnauthenticatedUser()`, and `SimpleUser(username)`",
            None,
        ),
        # ... and "Which two" is said by a list of two
        (
            "Which two fields are the exception and default to '*' instead?",
            "Lesser fields default to their minimum values except for `week` and "
            "`day_of_week` which default to `*`.",
            "`week` and `day_of_week`",
            None,
        ),
        # what the sentence says of all modules is no way for just one
        (
            "How can I disable rewriting for just that module?",
            PYTEST_ALL_MODULES,
            "using `--assert=plain`",
            "polarity",
        ),
        (
            "How can I disable rewriting for all modules?",
            PYTEST_ALL_MODULES,
            "using `--assert=plain`",
            None,
        ),
        (
            "Which flag runs a single test file without the plugins?",
            "Pass `-p no:cacheprovider` to disable the cache plugin for every test run.",
            "-p no:cacheprovider",
            None,
        ),
        # a reviewer's counter-examples: what any one of them does, what a sentence says
        # of both, are no contrary
        (
            "How many legs does a single insect have?",
            "All insects have six legs and three body parts.",
            "six legs",
            None,
        ),
        (
            "What is the maximum number of connections just one worker can hold?",
            "Each worker can hold up to 1000 connections at once.",
            "1000",
            None,
        ),
        (
            "How do I run just one test?",
            "To run just one test, pass its node id; running `pytest` alone runs all tests.",
            "pass its node id",
            None,
        ),
        # a clause is no list of two
        (
            "Which two exceptions can the connect method raise on a slow server?",
            "The connect method raises `TimeoutError` on a slow server, and the caller retries.",
            "`TimeoutError` and the caller retries",
            "number",
        ),
        # the asker's own name, written qualified, is no answer (said in the preamble too)
        (
            "The ordered Meta option is gone, but I still need dump to return an OrderedDict. "
            "Which schema attribute do I set?",
            MARSHMALLOW_DICT_CLASS,
            "marshmallow.Schema.dump",
            "echo",
        ),
        (
            "The ordered Meta option is gone, but I still need dump to return an OrderedDict. "
            "Which schema attribute do I set?",
            MARSHMALLOW_DICT_CLASS,
            "marshmallow.Schema.dict_class",
            None,
        ),
        # ... but with one code span in the sentence, the preamble names the asker's task,
        # which often names the answer (alembic_dev, R; a reviewer's counter-examples)
        (
            "I want autogenerate to ignore table and column comments. Which built-in plugin "
            "name do I exclude?",
            "- `alembic.autogenerate.comments` - Table and column comment changes.",
            "alembic.autogenerate.comments",
            None,
        ),
        (
            "I need to load settings from a TOML file. Which function should I call?",
            "Call `tomllib.load` to read a TOML file.",
            "tomllib.load",
            None,
        ),
        (
            "How do I define a class with attrs?",
            "Use `attrs.define` to define a class.",
            "attrs.define",
            None,
        ),
        # a file's extension is no qualified name ("In HTML mode" does not echo 404.html),
        # and a dotted name is no file
        (
            "Which file does Flask read when I call from_pyfile in the quickstart?",
            "Call `app.config.from_pyfile` to load `settings.cfg`.",
            "app.config.from_pyfile",
            "echo",
        ),
        (
            "Which file does Flask read when I call from_pyfile in the quickstart?",
            "Call `app.config.from_pyfile` to load `settings.cfg`.",
            "settings.cfg",
            None,
        ),
        # a file's extension is no qualified name ("In HTML mode" does not echo 404.html)
        (
            "In HTML mode, which file does StaticFiles show as the 404 response if it exists?",
            "In HTML mode if `404.html` file exists it will be shown as 404 response.",
            "404.html",
            None,
        ),
        # a preposition of place opening the wh-phrase places the asked slot: a sentence
        # need not say it (squad_dev7, R), but the opposite side is the contrary
        (
            "Under what title was it released on DVD in the US?",
            "The film's original English working title was Huadu Chronicles: Blade of Rose and "
            "its US DVD release title is Blade of Kings.",
            "Blade of Kings",
            None,
        ),
        (
            "Below what size in bytes does the middleware skip compression?",
            "The middleware skips compression for responses above `500` bytes.",
            "500",
            "polarity",
        ),
        (
            "What does the middleware skip under 500 bytes?",
            "The middleware skips compression for responses of `500` bytes.",
            "compression",
            "polarity",
        ),
        # a number in a compound word counts no items
        (
            "What three-letter code identifies the airport?",
            "LHR is the three-letter code that identifies Heathrow airport.",
            "LHR",
            None,
        ),
    ],
)
def test_hard_rules_on_documentation(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    verdict = check(frame_question(question), _reading(sentence, value), question=question)
    assert verdict.rule == rule


def test_a_code_span_the_sentence_calls_by_the_asked_noun_inside_the_question() -> None:
    """ "similar to which GNU tool?" is answered by the span the sentence calls a GNU tool,
    not by the clause after the question's words (babel_dev, R)."""
    question = "The compile_catalog command is similar to which GNU tool?"
    sentence = (
        "The `compile_catalog` command is similar to the GNU `msgfmt` tool, in that it takes "
        "a message catalog from a PO file and compiles it to a binary MO file."
    )
    frame = frame_question(question)
    assert extract(frame, sentence, set(frame.anchors) | set(frame.relation)) == "msgfmt"


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        # the question's own name is not the one asked (a reviewer's counter-examples)
        (
            "The Contoocook River flows north to which river?",
            "The Contoocook River flows north to the Merrimack River at Penacook.",
            "Merrimack River",
        ),
        (
            "The Labour Party formed a coalition with which party in 1940?",
            "In 1940 the Labour Party formed a coalition with the Conservative Party.",
            "Conservative Party",
        ),
        # ... but a name inside a longer one of the question's may be
        (
            "The Potter County Courthouse is in which county?",
            "The Potter County Courthouse is in Potter County, Pennsylvania.",
            "Potter County",
        ),
    ],
)
def test_the_question_s_own_name_is_not_the_asked_one(
    question: str, sentence: str, answer: str
) -> None:
    frame = frame_question(question)
    terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    assert extract(frame, sentence, terms) == answer
