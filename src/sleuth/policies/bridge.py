"""Bridge questions: two hops, each verified, both cited.

The question embeds another (`bridge_questions.parse_bridge`): "... the city where Kerry
Saxby-Junna was born?", "What country was the author of Brand a citizen of?".

1. **First hop.** When the embedded phrase names a typed relation
   (`sleuth.policies.relations`: born, located, a role), search the subject's name, open
   the subject's own page (its title's head is the subject) and read the relation's value
   there — the role the question names, not any person the page names. Otherwise the
   embedded question is asked of the single-hop reader, verified as any answer is.
2. **Second hop.** The question with the bridge value in place of its phrase ("... the
   population of Young?") is searched. A "what NOUN" question (`relations.category`)
   is answered by the one such name in a sentence that names the bridge; "who was in
   charge of X" by the one holder of an office of X (`relations.leader_of`); "who is the
   spouse of X" by the one person X's own page says X married (`relations.spouse_of`); any other is
   read by the single-hop reader, verified, on the bridge's own page (opened first when
   a hit is).
3. **Finish** with the second hop's answer, citing both pages with one quote from each;
   the run's validator checks it before it is offered, and its confidence is the fitted
   precision of its path (`twohop_confidence`). When a hop reads nothing, or the second
   answer is the bridge itself: cannot-answer (``fact_missing``).

A descriptive bridge ("a university located in what city?", `sleuth.policies.described`)
reads the described thing's name on the subject's page, opens that thing's own page,
checks it fits the description and reads the asked place (or, asked otherwise, the
single-hop reader's verified reading there).

The single-hop reader is passed in (``single``: its verified reading of a question, or
None; ``step``: its next research step), so this module does not import the policy.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from sleuth.contract import Turn
from sleuth.decision import Decision
from sleuth.state import RunState
from sleuth.text import content_terms, normalize_query
from sleuth.validate import validate_finish

from . import bridge_questions, described, measures, relations, twohop, twohop_confidence
from .bridge_questions import Bridge
from .frames import frame_question
from .reading import Reading, sentence_spans
from .twohop import unopened_hit

SEARCH_K = 5

Single = Callable[[RunState], Reading | None]
Step = Callable[[RunState], Turn]


def path_of(bridge: Bridge) -> str:
    """The bridge's path, as `twohop_confidence` keys it."""
    return f"bridge:{bridge.relation.kind if bridge.relation else 'question'}"


def asking(state: RunState, question: str) -> RunState:
    """``state`` with ``question`` as its task's question (the trace is shared)."""
    return dataclasses.replace(state, task=dataclasses.replace(state.task, question=question))


def first_hop(bridge: Bridge, state: RunState, single: Single) -> relations.Found | None:
    """The bridge value, read and verified, or None."""
    if bridge.relation is not None:
        return relations.read(bridge.relation, state.opened)
    reading = single(asking(state, bridge.inner))
    if reading is None:
        return None
    return relations.Found(reading.value, reading.sentence, reading.url)


def decide(
    bridge: Bridge, state: RunState, single: Single, step: Step, threshold: float = 0.0
) -> Turn:
    """The next step of a bridge question (see the module docstring)."""
    if bridge.description is not None:
        return _decide_described(bridge, bridge.description, state, single, threshold)
    hop1 = first_hop(bridge, state, single)
    if hop1 is None:
        return _research_first(bridge, state, step)
    second = asking(state, bridge.outer(hop1.value))
    query = frame_question(second.task.question).query
    if normalize_query(query) not in state.searched and state.steps_left > 2:
        return _search(f"{hop1.value!r} is the bridge; search the question through it.", query)
    hop2 = second_hop(second.task.question, hop1.value, second, single)
    if hop2 is None or _within(hop2.value, hop1.value):
        if hop2 is None and state.steps_left > 1:
            typed = relations.category(second.task.question) in relations.TYPED
            own = None if typed else _hit_for(hop1.value, state)
            if own is not None:
                thought = f"Open the page of {hop1.value!r}, which the question asks about."
                return Turn(parsed=Decision(tool="open", args={"url": own}, thought=thought))
            turn = step(second)
            if _tool(turn) != "finish":
                return turn
        return cannot("the answer through the bridge")
    return _finish(bridge, hop1, hop2, state, threshold)


def _finish(
    bridge: Bridge,
    hop1: relations.Found,
    hop2: relations.Found,
    state: RunState,
    threshold: float,
) -> Turn:
    """Finish with ``hop2``'s value, citing both hops, when the path's confidence is at
    least ``threshold`` and the run's validator accepts it; else cannot-answer."""
    confidence = twohop_confidence.confidence(path_of(bridge))
    if confidence < threshold or namesake(hop1, hop2):
        return cannot("the answer through the bridge")
    args: dict[str, Any] = {
        "answer": hop2.value,
        "citations": list(dict.fromkeys([hop1.url, hop2.url])),
        "cannot_answer": False,
        "evidence": [hop1.sentence, hop2.sentence],
    }
    if isinstance(validate_finish(args, state.opened, (), state.task.question), list):
        return cannot("the answer through the bridge")
    thought = f"Finish: {hop2.value!r} through the bridge {hop1.value!r}."
    return Turn(parsed=Decision(tool="finish", args=args, thought=thought), confidence=confidence)


def namesake(hop1: relations.Found, hop2: relations.Found) -> bool:
    """Whether the second hop is about another thing of the bridge's name: the first hop's
    sentence places the bridge ("McDowell County, West Virginia"; "Rochester, New York")
    and the second's places that name elsewhere ("Avery County and McDowell County, North
    Carolina"), or defines it as a place elsewhere ("Rochester is an unincorporated
    community ... in Rochester Township, Cedar County, Iowa, United States")."""
    first = _placed(hop1.value, hop1.sentence)
    second = _placed(hop1.value, hop2.sentence) or _defined_in(hop1.value, hop2.sentence)
    if not (first and second):
        return False
    states = [{p for p in side if _US_STATE.fullmatch(p)} for side in (first, second)]
    if all(states):  # "New York" and "Iowa": compared as states
        return not (states[0] & states[1])
    countries = [{_country_of(p) for p in side} for side in (first, second)]
    return not (countries[0] & countries[1])  # "England" is in "United Kingdom"


_US_STATE = re.compile(relations.US_STATE, re.IGNORECASE)
_IN_UK = frozenset({"england", "scotland", "wales", "northern ireland"})


def _country_of(place: str) -> str:
    """The country a folded state or country name is in (itself for a country)."""
    if _US_STATE.fullmatch(place):
        return "united states"
    return "united kingdom" if place in _IN_UK else place


def _defined_in(name: str, sentence: str) -> set[str]:
    """The states or countries a sentence that defines ``name`` as a place names ("Rochester
    is an unincorporated community ... in Rochester Township, Cedar County, Iowa, United
    States": {"iowa", "united states"}), folded; empty for any other sentence."""
    m = re.match(rf"\s*(?:The\s+)?{re.escape(name)}\s+(?:is|was)\s+(?:an?|the)\s+", sentence)
    if m is None:
        return set()
    return {r.group(0).lower() for r in _REGION.finditer(sentence, m.end())}


def _placed(name: str, sentence: str) -> set[str]:
    """The states or countries ``sentence`` writes after ``name`` and a comma
    ("Wilmington, Delaware": {"delaware"}), folded; empty when it writes none. A name that
    is the end of a longer one ("New York, New York" for "York") is not the name."""
    pattern = (
        r"(?<![\w-])" + re.escape(name) + r",\s+((?:[A-Z][\w.'-]*)"
        r"(?:\s+(?:of\s+)?[A-Z][\w.'-]*)*)"
    )
    found = set()
    for m in re.finditer(pattern, sentence):
        before = re.search(r"([A-Z][\w.'-]*)\s+$", sentence[: m.start()])
        if before and before.group(1) not in _OPENERS:
            continue  # "New York, New York": the name is part of a longer one
        place = re.sub(r"['’]s$", "", m.group(1).rstrip("."))
        if _REGION.fullmatch(place):
            found.add(place.lower())
    return found


# capitalised words that open a sentence or phrase before a name, not part of it
_OPENERS = frozenset("The A An In At On Of From To By For And Near".split())
# a state or country after a name and its comma: what places a county or a city
_REGION = re.compile(
    r"(?:" + relations.US_STATE + r"|" + relations.COUNTRY.pattern + r")", re.IGNORECASE
)


def _decide_described(
    bridge: Bridge, shape: described.Described, state: RunState, single: Single, threshold: float
) -> Turn:
    """A descriptive bridge (`sleuth.policies.described`): the subject's page, then the
    bridge's page, then the place; cannot-answer when a hop reads nothing."""
    subject = bridge.relation or relations.Relation("described", shape.target, shape.subject)
    hop1 = described.bridge_in(shape, state.opened)
    if hop1 is None:
        names = described.candidates(shape, state.opened)
        if not names:
            return _research_first(dataclasses.replace(bridge, relation=subject), state, _no_step)
        hop1 = described.chosen(shape, names, state.opened)
        look = _look_for_candidates(shape, names, state)
        if hop1 is None or look is not None:
            return look or cannot("the bridge")
    hop2 = described.answer_in(shape, hop1.value, state.opened)
    if shape.target == "open" and described.fits(shape, hop1.value, state.opened):
        hop2 = described.answer_open(shape, hop1.value, state.opened)
        if hop2 is None:
            outer = shape.outer(hop1.value)
            hop2 = second_hop(outer, hop1.value, asking(state, outer), single)
    if hop2 is not None and not _within(hop2.value, hop1.value):
        return _finish(bridge, hop1, hop2, state, threshold)
    if relations.page_of(hop1.value, state.opened) is None and state.steps_left > 1:
        own = _hit_for(hop1.value, state)
        if own is not None:
            thought = f"Open the page of {hop1.value!r}, the {shape.description} asked about."
            return Turn(parsed=Decision(tool="open", args={"url": own}, thought=thought))
        if normalize_query(hop1.value) not in state.searched and state.steps_left > 2:
            return _search(f"{hop1.value!r} is the bridge; search for its page.", hop1.value)
    return cannot("the answer through the bridge")


def _look_for_candidates(
    shape: described.Described, names: list[relations.Found], state: RunState
) -> Turn | None:
    """The next step towards the candidates' own pages (`described.candidates`): open
    one found and not opened yet, or search the description; None when every candidate
    page found is opened (`described.chosen` then decides), cannot-answer when one is
    left that the budget cannot open (a candidate not looked at is not ruled out)."""
    hit = unopened_hit(
        state, lambda title: any(relations.is_page_of(n.value, title) for n in names)
    )
    if hit is not None:
        if state.steps_left > 2:
            thought = f"Open a page of one of the candidates for the {shape.description}."
            return Turn(parsed=Decision(tool="open", args={"url": hit}, thought=thought))
        return cannot("the bridge")
    query = frame_question(f"{shape.description} {shape.clause} {shape.rest}").query
    if normalize_query(query) not in state.searched and state.steps_left > 3:
        thought = f"{len(names)} candidates for the {shape.description}: search the description."
        return _search(thought, query)
    return None


def _no_step(state: RunState) -> Turn:
    return cannot("the bridge")


def second_hop(
    question: str, bridge_value: str, state: RunState, single: Single
) -> relations.Found | None:
    """The answer to the question through the bridge: for "what NOUN …" (a category
    that names carry, `relations.category`), the one such name in a sentence that
    mentions the bridge; else the single-hop reader's verified reading, from the bridge's
    own page (the outer question asks about the bridge: "the population of Kansas" is not
    read from the page of a town in Kansas)."""
    if relations.asks_leader(question):
        return relations.leader_of(bridge_value, state.opened)
    if relations.asks_spouse(question):
        return relations.spouse_of(bridge_value, state.opened)
    if relations.asks_position(question):  # "plays as a striker"
        return relations.position_of(bridge_value, state.opened)
    place = relations.asks_place(question, bridge_value)
    if place is not None:  # "In which city is Two Dollar Radio based?"
        return relations.read(relations.Relation("located", place, bridge_value), state.opened)
    if re.match(r"(?i)\s*what\s+(?:(?:is|was)\s+the\s+nationality\s+of|nationality)\b", question):
        return twohop.nationality_of(bridge_value, state.opened)
    former = relations.former_name(question, bridge_value, state.opened)
    if former is not None:  # "… was formerly known by what name?": "formerly Oahu County"
        return former
    by_verb = _amount_by_verb(question, bridge_value, state)
    if by_verb is not None:  # "What amount of TEUs did Thessaloniki handle in 2010?"
        return by_verb
    amount = measures.amount_asked(question)
    if amount is not None:  # "How much precipitation falls … in New York City?"
        return _amount_of(amount, bridge_value, state)
    born = twohop.life_date(question, bridge_value, state.opened)
    if born is not None:  # "In what year did Jeffrey Smart die?": "(26 July 1921 – 20 June 2013)"
        return born
    role = bridge_questions.asked_role(question, bridge_value)
    if role is not None:  # "Which network first broadcast Charmed?": "broadcast by The WB"
        return relations.read(relations.Relation("role", role, bridge_value), state.opened)
    told = relations.appositive(question, bridge_value, state.opened)
    if told is not None:  # "What was the debut movie of X?": "his debut movie Jalachhayam"
        return told
    if question.startswith(bridge_value + " ") and re.search(r"\b(?:what|which)\b", question):
        # "Billy Morrison plays guitar with which singer?": the gap his page fills
        rest = question[len(bridge_value) :].strip(" ?")
        gap = described.gap_answer(rest, bridge_value, state.opened)
        if gap is not None:
            return gap
    noun = relations.category(question)
    if noun is not None:
        named = relations.named_in(noun, bridge_value, state.opened, question)
        if named is not None or noun in relations.TYPED:
            return named
    reading = single(state)
    if reading is None:
        return None
    if _asks_name(question) and not _is_name(reading.value):
        return None  # "formerly known by what name?": "located in the U.S. state of Hawaii"
    page = state.opened.get(reading.url)
    if page is None:
        return None
    if not relations.is_page_of(bridge_value, page.page.title) and not (
        names_whole(bridge_value, reading.sentence) and _names_a_thing(reading.value)
    ):
        # read from a page about something else that only places the bridge; on another
        # page a name that the sentence gives the bridge answers, never a clause ("in
        # Rapides Parish, Louisiana" on a namesake airport's page)
        return None
    if not set(content_terms(relations.fold(bridge_value))) <= set(
        content_terms(relations.fold(f"{page.page.title} {reading.sentence}"))
    ):
        return None
    return relations.Found(reading.value, reading.sentence, reading.url)


def names_whole(name: str, sentence: str) -> bool:
    """Whether ``sentence`` names ``name`` as a whole name of its own, and not as where
    something else is: not inside a longer name ("Kansas City", "the University of
    Kansas", "the American Psychological Association of Graduate Students", "the
    Association's Division 12"), not placing another ("Wakefield, Kansas": the sentence
    is about Wakefield), and not after a place preposition ("the largest city in
    Kansas"), unless it opens the sentence ("In Kansas, ..."). "Hall, who was the first
    president of the American Psychological Association, ..." names the association on a
    page about a book."""
    pattern = r"(?<![\w-])(?:the\s+)?" + re.escape(name) + r"(?![\w-])"
    for m in re.finditer(pattern, sentence, re.IGNORECASE if name.isupper() else 0):
        before = sentence[: m.start()]
        after = sentence[m.end() :]
        town = re.search(r"([A-Z][\w.'’-]*),\s*$", before)
        if town and town.group(1) not in _SENTENCE_ADVERBS:
            continue  # "Wakefield, Kansas": the sentence is about Wakefield
        longer = re.search(r"([A-Z][\w'’-]*)\s+(?:of\s+(?:the\s+)?)?$", before)
        if longer and (longer.group(1) not in _OPENERS or re.search(r"\sof\s", longer.group(0))):
            continue  # "New Kansas", "the University of Kansas": a longer name
        if re.match(r"\s+[A-Z0-9]|\s+of\s+(?:the\s+)?[A-Z]|['’]s?\s+[A-Z0-9]", after):
            continue  # "Kansas City", "... Association of Graduate Students", "'s Division 12"
        if re.search(r"\s(?:in|at|near|within|across|throughout|outside|inside)\s+$", before):
            continue  # "the largest city in Kansas": where another thing is
        return True
    return False


# words that open a sentence before a comma, not a town's name ("However, Kansas ...")
_SENTENCE_ADVERBS = frozenset(
    "However Moreover Furthermore Today Currently Also Meanwhile Thus Therefore Additionally "
    "Historically Overall Later Eventually Originally Instead Nevertheless Still Yet".split()
)


def _amount_of(amount: tuple[str, bool], bridge: str, state: RunState) -> relations.Found | None:
    """The one amount of the asked noun that a sentence of the bridge's own page states
    (`measures.amount_in`); None when none does, or two sentences state different ones."""
    page = relations.page_of(bridge, state.opened)
    if page is None:
        return None
    found: dict[str, relations.Found] = {}
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            value = measures.amount_in(amount[0], amount[1], text[s:e])
            if value is not None:
                found.setdefault(value, relations.Found(value, text[s:e], page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


def _amount_by_verb(question: str, bridge: str, state: RunState) -> relations.Found | None:
    """The one number of the asked unit that an opened sentence says the bridge did by
    the question's verb (`measures.amount_by_verb`), on any page: the number is written
    right after the bridge's own name, so the sentence says it of the bridge."""
    found: dict[str, relations.Found] = {}
    for page in sorted(state.opened.values(), key=lambda p: p.opened_step):
        for _, text in page.segments():
            for s, e in sentence_spans(text):
                value = measures.amount_by_verb(question, bridge, text[s:e])
                if value is not None:
                    found.setdefault(value, relations.Found(value, text[s:e], page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


def _asks_name(question: str) -> bool:
    """Whether ``question`` asks for a name ("… by what name?", "Who …?")."""
    return bool(re.search(r"(?i)^\s*who\b|\b(?:what|which)\s+name\b", question))


def _names_a_thing(value: str) -> bool:
    """Whether ``value`` is a short phrase that opens with a name ("Hall", "Finnish
    markka"), not a clause or a place phrase ("in Rapides Parish, Louisiana")."""
    words = value.split()
    return (
        0 < len(words) <= 4
        and (words[0][:1].isupper() or words[0][:1].isdigit())
        and "," not in value
        and not re.search(r"\b(?:is|was|are|were|has|had|have)\b", value)
    )


def _is_name(value: str) -> bool:
    """Whether ``value`` is written as a name: capitalised words (or numbers) with short
    joiners between them ("Oahu County", "Anne of Green Gables"), not a clause."""
    words = value.split()
    joiners = {"of", "the", "and", "de", "da", "von", "van", "del", "la", "le", "du", "al"}
    if not words or not (words[0][:1].isupper() or words[0][:1].isdigit()):
        return False
    return all(w[:1].isupper() or w[:1].isdigit() or w in joiners for w in words)


def _research_first(bridge: Bridge, state: RunState, step: Step) -> Turn:
    """Look for the first hop: the subject's page for a relation, else the single-hop
    reader's steps on the embedded question."""
    relation = bridge.relation
    if relation is None:
        turn = step(asking(state, bridge.inner))
        return turn if _tool(turn) != "finish" else cannot("the bridge")
    if not state.steps and normalize_query(relation.query) not in state.searched:
        # the first step looks, whatever the budget: a run too short for two hops ends
        # out of budget, not claiming a fact is missing that it never looked for
        return _search(
            f"Search for {relation.subject!r}, whose {relation.target} is the bridge.",
            relation.query,
        )
    if state.steps_left > 2:
        hit = (
            unopened_hit(state, lambda title: relations.is_award_page(relation.subject, title))
            if relation.kind == "award"
            else _hit_for(relation.subject, state)
        )
        if hit is not None:
            return Turn(
                parsed=Decision(
                    tool="open",
                    args={"url": hit},
                    thought=f"Open the page of {relation.subject!r} to read its {relation.target}.",
                )
            )
        if normalize_query(relation.query) not in state.searched:
            return _search(
                f"Search for {relation.subject!r}, whose {relation.target} is the bridge.",
                relation.query,
            )
    return cannot("the bridge")


def _hit_for(subject: str, state: RunState) -> str | None:
    """The first search hit that is the subject's own page and is not opened yet."""
    return unopened_hit(state, lambda title: relations.is_page_of(subject, title))


def _within(answer: str, bridge: str) -> bool:
    """Whether ``answer`` says no more than the bridge (the second hop read the bridge back)."""
    return set(content_terms(answer)) <= set(content_terms(bridge))


def cannot(what: str) -> Turn:
    args = {
        "answer": f"cannot: no opened page states {what}",
        "citations": [],
        "cannot_answer": True,
        "evidence": "",
    }
    return Turn(
        parsed=Decision(tool="finish", args=args, thought=f"Finish: no opened page states {what}.")
    )


def _search(thought: str, query: str) -> Turn:
    return Turn(
        parsed=Decision(tool="search", args={"query": query, "k": SEARCH_K}, thought=thought)
    )


def _tool(turn: Turn) -> str | None:
    return getattr(turn.parsed, "tool", None)
