"""The offline policy's reader: what a question asks, and which sentence answers it.

Pure functions, no model. The method, in order:

1. **Frame the question** (`frame_question`). The expected answer type comes from the
   wh-phrase (who → person, when / what year → date or year, what time → time,
   where → place, how many → number, how much / cost / budget → amount; otherwise
   "other"). Its content words split into *anchors* (names and ids: capitalised words
   inside the question, words with digits or underscores) and *relation* words (the
   rest, e.g. "founded", "head office", and acronyms such as "CEO", which name roles
   more often than things). Temporal modifiers such as "current" are *soft*: they rank
   sentences but are never required, and so are light verbs ("take place", "go up
   against", "made out of"), which a sentence often says with another verb. Words that
   only name the answer type ("year", "time") are dropped. The question's last word,
   when it is a relation word, is its *predicate* ("born" in "Where was the inventor of
   X born?"). A who-question also names the *role* it asks for: the subject of its verb
   ("Who founded X?") or the object ("Who did X hire?", whose verb is a relation word
   even when capitalised: "Who did Emma Marry?").
2. **Accept a sentence** (`read_sentence`) only if it covers the frame: every anchor,
   counting the page title as context; every relation word (all but one when there
   are four or more), in the sentence or the title, with at least one — and the
   predicate — in the sentence itself; and, for
   typed questions, a candidate of the expected type that is not a question word.
   Questions state no facts. A page that addresses AI agents or gives instructions
   (prompt injection) is never evidence, not one sentence of it. An indexed passage's
   title is its heading path (never the next passage's address), and a sentence under
   a heading inside the passage has that heading, not the passage's last one, as its
   section (`_section_terms`). A condition of omission in the question ("if you don't
   pass one", "unless you change X") asks the default (`restate`).
3. **Extract a short answer**: the typed candidate nearest to the matched question
   words; for "other" questions, the clause after the last matched question word (none
   when the sentence ends there: a whole sentence is no short answer). For a role,
   the candidate where that role stands: a subject before the verb in its clause (or
   after "by", or after "the betrayal of"), never when a pronoun is that subject; an
   object after the verb (never the doer after "by"), only when the question's subject
   does the verb in that clause ("Who did X marry?" is not answered by "Y married X's
   sister Z", nor by "X, whose brother Y had married Z"); a passive verb's doer is its
   "by" agent ("Dyrrachium was betrayed ... by the Venetian merchants"); when another
   verb says it, a subject still comes before the question's names. People are
   capitalised name runs without digits, not after a place preposition nor in
   apposition to a place named after one ("in Laie, Hawaii": both are places, and a
   code such as "A0" is none), not inside quotes (a work's title), not ending in an
   organisation or place word ("Labs", "Robotics", "River"); "X of Y" is one person
   ("Queen Adela II of Varn"); a lone capitalised word at the start of a sentence counts
   only if the page also writes it capitalised elsewhere. Technical questions read a
   sentence with its context (`_read_pairs`: the line's earlier sentences, a colon
   introducing a code block, list or table, a nested item's parent, the paragraph before
   a sentence whose subject is a pronoun), and a version note ("Added in FastAPI
   0.134.0.") with its section's heading as subject; with two spans of the kind in the
   sentence, every relation word must be matched (the one left out may be what tells
   them apart).
4. **Score** = weighted coverage (anchors 2, relation 1, soft 0.5; a word found only
   in the title counts 1.5 for an anchor, 0.5 for a relation word) plus a small bonus
   for a typed candidate, so the sentence that states the fact most completely wins.

It abstains by construction: no accepted sentence, no answer. It never combines facts
from sentences that do not each cover the question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from sleuth.formats.fences import fence_spans
from sleuth.passages import is_passage_title, title_heading
from sleuth.text import STOPWORDS, content_terms, sentences, stem, words

from . import contrary, excluded, pairing, renamed, technical
from .synonyms import canon, phrase_keys


class AnswerType(StrEnum):
    PERSON = "person"
    DATE = "date"
    YEAR = "year"
    TIME = "time"
    PLACE = "place"
    NUMBER = "number"
    AMOUNT = "amount"
    OTHER = "other"


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


SOFT_WORDS = _set(
    "current currently now today present presently latest recent recently new actual "
    "actually still official officially exactly main major primary principal "
    # verbs that only place or name a thing: "In what country is Normandy located?"
    "located situated based called named known considered "
    # a focus or contrast adverb, an indefinite pronoun: the asker's way of saying it, no
    # fact ("... even if FORCE_COLOR is also set?", "What should it call instead?", "has
    # someone already set it up?"), and "since" of "Since which version ...?"
    "even instead rather anyway apart merely simply someone somebody something anyone "
    "anybody anything since "
    # the documentation itself: "Which package do the docs point to for ...?"
    "docs documentation"
)
# every technical kind's words (`technical.KIND_WORDS`), stemmed
_KIND_STEMS = frozenset(stem(w) for ws in technical.KIND_WORDS.values() for w in ws)
# Light verbs carry little meaning of their own ("take place", "go up against", "made
# out of", "came before"): a sentence may say the same with another verb, so they rank
# sentences but are never required.
LIGHT_VERBS = _set(
    "go goes going went gone come comes coming came take takes taking took taken make "
    "makes making made get gets getting got gotten become becomes becoming became use uses "
    "using used put puts putting set sets setting give gives giving gave given"
)
# "current" in a question is matched by any of these in a sentence ("is now the CEO").
TEMPORAL = _set("current currently now present presently today")
# A user's pronouns and "lets you": the asker's, never a fact to look for.
_CHATTER = frozenset(
    "you're i'm we're they're it's you've i've we've i'd you'd i'll you'll let's lets".split()
)
# Verbs a documentation question uses for what any span of its kind does ("Which status
# code does X send?" over "Uses a 307 status code"): they rank sentences, the kind and
# the question's other words say what is asked.
_TECH_LIGHT = frozenset(stem(w) for w in "send return use give pass accept provide".split())
# Words that name the answer's type rather than the fact itself.
TYPE_WORDS = _set(
    "year years date day time times place city country town location name when where century "
    "centuries decade decades"
)
# Words of a request or a question's grammar, never facts to look for.
QUESTION_VERBS = _set(
    "be is are was were do does did has have had tell give list describe explain show find "
    "know please me one kind sort type"
)
FIELD_TYPES: dict[str, AnswerType] = {
    **dict.fromkeys(_set("venue location place where address room city country"), AnswerType.PLACE),
    **dict.fromkeys(_set("time start starts start_time"), AnswerType.TIME),
    **dict.fromkeys(_set("when date day deadline"), AnswerType.DATE),
    "year": AnswerType.YEAR,
    **dict.fromkeys(_set("price fee cost budget salary"), AnswerType.AMOUNT),
    **dict.fromkeys(_set("count number"), AnswerType.NUMBER),
    **dict.fromkeys(
        _set("founder ceo speaker organiser organizer host author contact chair"),
        AnswerType.PERSON,
    ),
}
AMOUNT_WORDS = _set("cost costs price prices fee fees budget salary pay paid worth")

_INJECTION = re.compile(
    r"\bignore\b[^.]{0,40}\b(?:instructions|rules|prompts?|guidelines)"
    r"|\bdisregard\b[^.]{0,40}\b(?:instructions|rules|above|previous)"
    r"|\b(?:system|developer) prompt|\bnew instructions\b|\boverrides?\b[^.]{0,40}\binstructions"
    # a bare "model" is a data model in documentation ("Pydantic models should ..."), and
    # "Write tests with ..." is an ordinary imperative there
    r"|\b(?:AI|LLMs?|language models?|chat ?bots?|assistants?|agents?)\b[^.]{0,40}"
    r"\b(?:reading|must|should|shall|are instructed|ignore|cite|report|respond|answer|reply)\b"
    r"|^(?:please\s+)?(?:report|state|say|answer|respond|reply|cite)\b[^.]{0,60}"
    r"\b(?:that|as|with)\b"
    r"|\byou (?:are|must|should|will) (?:now )?(?:an? )?(?:AI|assistant|agent|language model)",
    re.IGNORECASE,
)

MONTHS = (
    "January February March April May June July August September October November December "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec"
).split()
_MONTH = "|".join(MONTHS)
_DATE = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTH})\.?,? \d{{4}}|(?:{_MONTH})\.? \d{{1,2}}"
    rf"(?:st|nd|rd|th)?,? \d{{4}}|\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}(?:st|nd|rd|th)? (?:{_MONTH})"
    rf"|(?:{_MONTH}) \d{{4}}|(?:{_MONTH}) \d{{1,2}}(?:st|nd|rd|th)?|(?:1[0-9]|20)\d{{2}}"
    # centuries and decades: "the 10th and 11th centuries", "the early 11th century", "1050s"
    rf"|(?:(?:early|late|mid)[- ])?\d{{1,2}}(?:st|nd|rd|th)(?: and \d{{1,2}}(?:st|nd|rd|th))?"
    rf" (?:centur(?:y|ies)|Centur(?:y|ies)(?! [A-Z]))|\d{{3}}0s)\b"
)
_YEAR = re.compile(r"\b(?:1[0-9]|20)\d{2}\b")
_TIME = re.compile(
    r"\b(?:\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?|noon|midnight)(?!\w)",
    re.IGNORECASE,
)
_COUNT_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    "eighty|ninety"
)
_SCALE_WORDS = "hundred|thousand|million|billion|trillion|dozen"
_NUMBER = re.compile(
    rf"(?:[$€£]\s?)?\b(?:\d[\d,]*(?:\.\d+)?|(?:{_COUNT_WORDS})(?:[- ](?:{_COUNT_WORDS}))*)"
    rf"(?:\s(?:{_SCALE_WORDS}))*\b(?:\s?%| percent)?",
    re.IGNORECASE,
)
_UNIT = re.compile(r"\s?(?:euros?|dollars?|pounds?|usd|eur|gbp|yen|francs?)\b", re.IGNORECASE)
_MEASURE = re.compile(
    r"\s?(?:(?:square |cubic )?(?:kilo|centi|milli)?met(?:re|er)s?|km|cm|mm|m|miles?|feet|foot|"
    r"ft|inches|yards?|hectares?|acres?|(?:kilo)?grams?|kg|g|tonnes?|tons?|pounds?|lbs?|litres?|"
    r"liters?|years?|months?|weeks?|days?|hours?|minutes?|seconds?|degrees?|percent|%|"
    r"km/h|mph|storeys?|floors?)\b",
    re.IGNORECASE,
)
# a capitalised word, or an abbreviation or initial that a name goes on after ("St.
# Moritz", "Mt. Hood", "Dr. Kowalski", "George T. Delacorte"): cut at its period, "At
# the 1948 Winter Olympics in St. Moritz" gave the place "St"
_ABBREVIATED = r"(?:St|Ste|Mt|Ft|Pt|Dr|Mr|Mrs|Ms|Gen|Col|Lt|Sgt|Capt|Rev|Prof|[A-Z])\.(?=\s+[A-Z])"
# the space between a name's words: one space, or a line break with its indentation (a
# run of spaces inside a line is a column's gap: "PYTEST_THEME             The Pygments")
_NAME_GAP = r"(?:[ \t]|[ \t]*\n[ \t]*)"
_CAPSEQ = re.compile(
    rf"(?:{_ABBREVIATED}|[A-Z][\w'’-]*)(?:{_NAME_GAP}(?:\d+[A-Za-z]?|{_ABBREVIATED}|[A-Z][\w'’-]*|"
    rf"(?:of|de|da|do|del|van|von|der|la|le)(?:{_NAME_GAP}the)?(?={_NAME_GAP}[A-Z])))*"
)
_NOT_NAMES = frozenset(MONTHS) | _set(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday The A An This That These "
    "Those It Its He She They We Our Their His Her I You Your In On At By For From To Of "
    "And But Or If When Where Who What Which How Why After Before During Since Until As "
    "Also Today Does Do Did Is Are Was Were Has Have Had Can Could Will Would Should "
    "Please Still Not No Yes Mr Mrs Ms Dr"
)
# A name ending in one of these names an organisation, a place or a thing, not a person.
_NOT_PERSON_HEADS = _set(
    "Inc Ltd LLC Co Corp Corporation Company Companies Group Labs Lab Laboratory "
    "Laboratories Robotics Systems Technologies Technology Works Industries Holdings "
    "Partners Bank Fund Foundation Institute University College School Academy Museum "
    "Library Hospital Observatory Council Committee Board Ministry Department Agency "
    "Association Society Club League Party Church Cathedral Bridge Dam River Lake Sea "
    "Ocean Mountain Mountains Island Islands Street Road Avenue Square Park Station "
    "Airport Port Harbor Harbour City Town Village County Province State Republic "
    "Kingdom Empire Valley Canal Hall Building Tower Centre Center Arm Engine Award Prize "
    "Festival Express Line Railway"
)
_PLACE_PREPOSITION = re.compile(
    r"\b(?:in|at|to|from|near|inside|outside|on|above|below|across|into|within)\s+"
    r"(?:the\s+)?(?:(?:town|city|village|county|region|province|island|state|country|district|"
    r"kingdom|capital)\s+of\s+)?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Frame:
    """What a question (or one field of a brief) asks for."""

    text: str
    answer_type: AnswerType
    anchors: tuple[str, ...]  # stems
    relation: tuple[str, ...]  # stems
    soft: tuple[str, ...]  # stems
    query: str  # words to search for, as written
    predicate: str | None = None  # a relation stem the sentence itself must contain
    head: str | None = None  # "prize" in "What prize did ... win?": the answer names one
    # the wh-phrase's words ("logger", "factory" of "Which logger factory ...?"), stems: a
    # code span the sentence calls by one is a name of what is asked (`technical.apposed`)
    head_words: tuple[str, ...] = ()
    measured: bool = False  # "how long / tall / far ...": the answer has a unit
    mention: bool = False  # any covering sentence is the value (a two-hop bridge)
    # "Who founded X?" asks for the subject of "found", "Who did X hire?" for its object
    verb: str | None = None  # the stem of that verb
    role: str | None = None  # "subject" or "object"
    tech: str | None = None  # a technical kind ("env", "version", ...; `technical.kind_of`)
    # "How do I make ...?", "How can I stop ...?": the answer is the means, the sentence's
    # "by passing X" (`_means`), never the clause after the question's words
    means: bool = False
    # relation words of the asker's situation (`frame_question`): counted when said, not
    # required
    optional: tuple[str, ...] = ()
    # the code names whose successor the question asks ("What is pass_many called in
    # marshmallow 4?"; `renamed.asked_names`): a sentence that renames one answers
    renamed: tuple[str, ...] = ()
    # a candidate frame: one name and one relation word are enough, and the calibrated
    # model (which weighs what is left unmatched) decides (see `loose`)
    loose: bool = False
    # the items a "Besides X, what ...?" question sets aside (`excluded`): the sentence
    # names them all, and the answer is another item of their list
    excluded: tuple[str, ...] = ()

    @property
    def required_anchors(self) -> int:
        """Every name the question gives: a sentence about another entity is no answer
        (loose: one of them)."""
        return min(1, len(self.anchors)) if self.loose else len(self.anchors)

    @property
    def required_relation(self) -> int:
        """Every relation word, each in the sentence or the title; with four or more, one
        may be missing (a pronoun stands for "the company" in "We will reach ..."); loose:
        one."""
        return _required(len(self.relation), self.loose)

    @property
    def required_asked(self) -> int:
        """With an asker's situation (``optional``), the words of the question proper
        alone, counted alone, as if the situation had not been said."""
        return _required(len(self.relation) - len(self.optional), self.loose)


def _required(n: int, loose: bool) -> int:
    if loose:
        return min(1, n)
    return n if n <= 3 else n - 1 if n <= 5 else n - 2


def loose(frame: Frame) -> Frame:
    """``frame`` as a candidate frame: a sentence that states one of the question's
    names and one of its relation words may hold a candidate answer. What it leaves
    unmatched is weighed by the confidence model (`verify.features`), so a candidate
    that misses a rare word of the question scores low; the hard rules still apply."""
    return replace(frame, loose=True)


@dataclass(frozen=True)
class Reading:
    """An accepted sentence: where it is, what it answers, how well."""

    url: str
    start: int
    end: int
    sentence: str
    value: str
    score: float


# a clause before the question's wh-word: a condition or a setting ("When I load ...,",
# "In the Flask example,"), not a wh-question of its own ("Where did they settle, ...").
# `technical.kind_of` has a wider twin (`_opening_clause_end`: any text before a "which"
# or "what" after a comma or a sentence's end, "On a Mac, ... . Which service ...?");
# one rule for both would move readings of each and needs a refit and a held-out run
_OPENING_CLAUSE = re.compile(
    r"\s*(?:when|where|while|once|if|after|before|since|unless|because|although|though|"
    r"given|in|on|at|for|with|by|from|during|as)\b"
    r"(?!\s+(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have|had)\b)"
    r"[^,?]*,\s+(?=(?:what|which|who|whom|whose|how|when|where)\b)",
    re.IGNORECASE,
)


def answer_type_of(question: str) -> AnswerType:
    # "When I load a list ..., what is the errors dictionary keyed on?", "In the quotes
    # example, what status code comes back when ...?": the wh-word after an opening
    # clause asks, not the clause's "when"
    opening = _OPENING_CLAUSE.match(question)
    if opening is not None:
        question = question[opening.end() :]
    q = " ".join(w.lower() for w in words(question))
    padded = f" {q} "
    if re.search(r"\b(what|which) time\b|\bat what time\b|\bwhat hour\b", q):
        return AnswerType.TIME
    if re.search(r"\b(what|which|in what|in which) year\b|\bwhat year\b", q):
        return AnswerType.YEAR
    if re.search(
        r"\bhow (many|often|long|far|tall|high|big|large|old|deep|wide|heavy|fast)\b"
        r"|\bwhat (number|percentage)\b",
        q,
    ):
        return AnswerType.NUMBER
    if re.search(r"\bhow much (?!does|do|did|is|was|will|would|are|were|can|could|money)\w+", q):
        return AnswerType.NUMBER  # "how much water": a quantity, not a price
    asks_amount = re.search(r"\bhow much\b", q) or any(f" {w} " in padded for w in AMOUNT_WORDS)
    if asks_amount and re.search(r"^(who|where|when)\b", q) is None:
        return AnswerType.AMOUNT
    # a "when" or "where" after another wh-word joins a clause ("What can you use so that
    # lifespan events are triggered when testing?"); it asks only when no other one leads
    led = re.match(r"^(?:\w+\s+){0,3}?(?:what|which|who|whom|whose|how)\b", q) is not None
    if re.search(r"\b(what|which) (date|day|century|decade|era|period)\b|^when\b", q) or (
        not led and re.search(r"\bwhen\b", q)
    ):
        return AnswerType.DATE
    if re.search(r"^where\b|\b(what|which) (city|country|town|place|venue|room)\b", q) or (
        not led and re.search(r"\bwhere\b", q)
    ):
        return AnswerType.PLACE
    if re.search(r"^(who|whom|whose)\b|\bwho\b", q) or _PERSON_ASKED.search(q):
        return AnswerType.PERSON
    return AnswerType.OTHER


# "Which actor portrays Alfred Pennyworth?", "What American novelist ...": a person, by
# the noun the wh-word asks for
_PERSON_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:[a-z-]+\s+)?(?:actor|actress|singer|songwriter|musician|"
    r"player|writer|author|novelist|poet|playwright|screenwriter|director|filmmaker|"
    r"producer|composer|painter|artist|architect|sculptor|scientist|inventor|explorer|"
    r"president|king|queen|emperor|empress|prince|princess|pharaoh|leader|coach|"
    r"chairman|politician|senator|governor|mayor|admiral|pope|bishop|philosopher|"
    r"economist|engineer|journalist|comedian|dancer|rapper|drummer|guitarist|pianist|"
    r"violinist|conductor|astronaut|athlete|footballer|cricketer|wrestler|boxer)s?\b"
)


# "... if you don't pass one?", "... when you don't specify one?": what happens without a
# choice is the default, and documentation says so ("Uses a 307 status code ... by
# default"; "If not specified ..., it will have a `scope` of `"request"` by default")
_OMITTED_VERB = r"(?:pass|specify|set|give|provide|declare|configure|supply|choose|add|change)"
_OMITTED = re.compile(
    # the asker may be the subject too: "Which setting applies if I configure nothing?";
    # and so may the lack of a configuration: "... and log without any configuration"
    r",?\s*\b(?:(?:if|when|in case)\s+(?:you|one|the user|it|I|we)\s+(?:"
    rf"(?:don['’]t|do not|doesn['’]t|does not|didn['’]t|did not|never)\s+{_OMITTED_VERB}\b"
    r"(?:\s+(?:one|it|them|any|anything|a value|another|one explicitly))?"
    rf"|{_OMITTED_VERB}\s+nothing\b)"
    r"|without\s+(?:any\s+)?(?:configuration|configuring(?:\s+(?:it|anything))?)\b)",
    re.IGNORECASE,
)
_UNLESS_CHANGED = re.compile(
    r",?\s*\bunless\s+(?:you|one)\s+(?:change|set|pass|override|configure)\s+(\S+?)(?=\W*$)",
    re.IGNORECASE,
)


_SINCE_WHICH = re.compile(
    r"\s*(?:since|starting (?:with|from|in)|beginning with|as of|from)\s+(?=which|what)",
    re.IGNORECASE,
)


def restate(question: str) -> str:
    """``question`` with a condition of omission said as what it means, "by default"
    ("Which status code does a RedirectResponse send if you don't pass one?" asks its
    default; "... unless you change openapi_version?" asks the default of
    ``openapi_version``)."""
    question = _OMITTED.sub(" by default", question)
    if _HOW_LONG.search(question):
        question = _LASTS.sub("", question)
    question = _SWITCHED.sub(
        lambda m: "enable" if m.group(1).lower() == "on" else "disable", question
    )
    question = _SWITCHED_APART.sub(
        lambda m: ("enable " if m.group(2).lower() == "on" else "disable ") + m.group(1), question
    )
    question = _PHRASAL.sub(lambda m: _PHRASAL_VERBS[m.group(0).lower().split()[-1]], question)
    question = _THROWN_AWAY.sub(lambda m: "drop " + m.group(1), question)
    if _ASKS_WHEN.match(question):
        question = _SET_UP.sub("founded", question)  # "In what year was X set up?"
    return _UNLESS_CHANGED.sub(lambda m: f" {m.group(1)} by default", question)


# "How long does a permanent session cookie last by default?": "last" is the verb "how long"
# already asks (a duration), not the order word "last" a sentence must state
_LASTS = re.compile(
    r"(?<=\S)\s+last(?=\s*(?:\?|$|,|\s(?:by|for|in|on|after|when|if|before|until|once)\b))",
    re.IGNORECASE,
)
_HOW_LONG = re.compile(r"\bhow\s+long\b", re.IGNORECASE)


# "turns on debug mode" says "enables debug mode" (`synonyms`: "turn" alone says neither)
_SWITCHED = re.compile(r"\b(?:turn|switch)(?:e?s|ed|ing)?\s+(on|off)\b", re.IGNORECASE)
# phrasal verbs whose words say nothing alone: "came out" is "released", "passed away" is
# "died", and asked when, "set up" is "founded" (a stem of the "found" synonym group;
# "to set up logging" configures, and is left alone)
_PHRASAL_VERBS = {"out": "released", "away": "died"}
_ASKS_WHEN = re.compile(r"\s*(?:when|(?:in\s+)?(?:what|which)\s+year)\b", re.IGNORECASE)
_SET_UP = re.compile(r"(?<!\bto\s)(?<!\bI\s)(?<!\bwe\s)(?<!\byou\s)\bset\s+up\b", re.IGNORECASE)
_PHRASAL = re.compile(
    r"\b(?:came|come|comes|coming)\s+out\b"
    r"|\bpass(?:ed|es)?\s+away\b",
    re.IGNORECASE,
)


# "throw a log entry away": "drop" (`synonyms`: "remove", "delete"), the object kept;
# "throw" alone (an exception) stays a word of its own, and so does "throw out" (a case
# thrown out is rejected, a first pitch thrown out is thrown)
_THROWN_AWAY = re.compile(r"\bthrow(?:s|ing|n)?\s+((?:[\w-]+\s+){0,3}?)away\b", re.IGNORECASE)


# ... and with its object between: "turns colours on regardless?", "switch it off"; the
# particle ends the clause (not "turns the focus on users")
_SWITCHED_APART = re.compile(
    r"\b(?:turn|switch)(?:e?s|ed|ing)?\s+((?:[\w-]+\s+){1,3}?)(on|off)\b"
    r"(?=\s*(?:[?.,;!]|$|\b(?:regardless|again|automatically|by|for|when|if|in|at|only)\b))",
    re.IGNORECASE,
)


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|:\s+")
_WH_WORD = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b", re.I)


def split_preamble(question: str) -> tuple[str, str]:
    """(what the user says before the question, the question): "On a Mac, port 5000 is
    taken before I even start anything. Which service is using it?" is asked by its last
    sentence (also after a colon: "My cookies are getting big: above how many bytes
    ...?"); ("", question) when it is one sentence."""
    parts = _SENTENCE_BREAK.split(question.strip())
    if len(parts) < 2 or not _WH_WORD.search(parts[-1]) or any(p.endswith("?") for p in parts[:-1]):
        return "", question
    return " ".join(parts[:-1]), parts[-1]


# the asker in an opening clause: "When I ...", "If you're using ...", "... my app ..."
_ASKER = re.compile(
    r"\b(?:I(?!\.\w)|I'm|I've|[Mm]e|[Mm]y|[Ww]e|[Ww]e're|[Oo]ur|[Uu]s|[Yy]ou|[Yy]ou're|[Yy]our)"
    r"(?=\W)"
)


def asked_part(question: str) -> str:
    """The question without the user's preamble (`split_preamble`)."""
    return split_preamble(question)[1]


def frame_question(question: str, field_name: str | None = None) -> Frame:
    """The frame of a question, or of one required field of a brief about it
    (`_frame_question`), with the relation words of an opening clause about the asker
    ("When I serve static files from a Python package, which directory ...?") made
    ``optional``: the asker's situation, which the page may state in the sentence or
    leave to its section, as a preamble sentence of its own would be (a sentence that
    states it still counts it)."""
    frame = _frame_question(question, field_name)
    if not field_name:
        frame = replace(frame, renamed=renamed.asked_names(question))
        aside = excluded.split(question)
        reduced = frame_question(aside[0]) if aside is not None else None
        if aside is not None and reduced is not None and reduced.tech is None and not frame.tech:
            # "Besides X, what ...?" asks "what ...?" of a sentence naming X
            # (`excluded`); the set-aside items are searched for and rank pages, not asked
            query = " ".join([reduced.query, *aside[1]])
            frame = replace(reduced, excluded=aside[1], query=query)
    situation = _OPENING_CLAUSE.match(restate(question))
    if field_name or situation is None or not _ASKER.search(situation.group(0)):
        return frame
    asked = _frame_question(restate(question)[situation.end() :])
    optional = tuple(r for r in frame.relation if r not in asked.relation)
    # a name in the situation only ("from a Python package") ranks, as the preamble's do
    named = tuple(a for a in frame.anchors if a not in asked.anchors)
    return replace(
        frame,
        optional=optional,
        anchors=tuple(a for a in frame.anchors if a not in named),
        soft=tuple(dict.fromkeys([*frame.soft, *named])),
    )


def _frame_question(question: str, field_name: str | None = None) -> Frame:
    """The frame of a question, or of one required field of a brief about it.

    A field whose name has a known type takes that type (``venue`` a place, ``price``
    an amount, ``speaker`` a person); type names only rank sentences, while roles
    ("speaker") and other field names are words the sentence must contain. A question
    whose wh-phrase names a technical kind ("What is the name of the file where ...")
    asks for that kind whatever else it says ("where" there places nothing)."""
    question = restate(question)
    preamble, asked = split_preamble(question)
    if preamble and not field_name:
        # "Gunicorn isn't printing a line per request. Which option shows access logs on
        # stdout?": the question is the last sentence; what the user says before it is
        # context, words that rank pages and sentences but need not be in them
        inner = frame_question(asked)
        said = [
            w
            for w in words(preamble)
            if w.lower() not in STOPWORDS
            and w.lower() not in QUESTION_VERBS
            and w.lower().replace("’", "'") not in _CHATTER
            and "'" not in w
            and "’" not in w
        ]
        taken = set(inner.anchors) | set(inner.relation)
        extra = [stem(w.lower()) for w in said if stem(w.lower()) not in taken]
        # "My old code passes on_startup to Starlette(). In which release were those
        # parameters removed?": a question that points back at the preamble's things
        # ("those parameters") asks about them, and a sentence about another parameter
        # answers nothing: the code names the preamble writes are the question's names
        pointed = _POINTED.search(asked)
        named = (
            [stem(n.lower()) for n in _CODE_NAME.findall(preamble)]
            if pointed and stem(pointed.group(1).lower()) in inner.relation
            else []
        )
        named = [n for n in dict.fromkeys(named) if n not in taken]
        return replace(
            inner,
            text=question,
            anchors=(*inner.anchors, *named),
            soft=tuple(s for s in dict.fromkeys([*inner.soft, *extra]) if s not in named),
            query=" ".join(dict.fromkeys([*inner.query.split(), *said])),
        )
    answer_type = answer_type_of(question)
    if not field_name and technical.kind_of(question, head_only=True) is not None:
        answer_type = AnswerType.OTHER
    verb, role = _asked_role(question) if answer_type is AnswerType.PERSON else (None, None)
    anchors: dict[str, None] = {}
    relation: dict[str, None] = {}
    soft: dict[str, None] = {}
    query_words: list[str] = []
    predicate = None
    tokens = words(question)
    joined = {
        part.lower() for name in _JOINED_NAME.findall(question) for part in re.split(r"[-_]", name)
    }
    # "Which actor ...": the noun names the answer's kind; it ranks sentences, and a
    # sentence need not say it ("Michael Caine plays Alfred Pennyworth")
    person_noun = (
        _PERSON_ASKED.search(question.lower()) if answer_type is AnswerType.PERSON else None
    )
    kind_word = person_noun.group(0).split()[-1] if person_noun else None
    # "... gives me bytes *instead of text*?": what the answer is set against is no
    # predicate the sentence must say (its words stay relation words)
    contrast = next(
        (
            i
            for i, w in enumerate(tokens[:-1])
            # (one opening the question sets the situation: "Instead of gold, what ...?")
            if i > 0
            and (w.lower(), tokens[i + 1].lower()) in (("instead", "of"), ("rather", "than"))
        ),
        len(tokens),
    )
    for i, word in enumerate(tokens):
        low = word.lower()
        if low in STOPWORDS or low in QUESTION_VERBS or low.replace("’", "'") in _CHATTER:
            continue
        if low == kind_word:
            soft.setdefault(stem(low), None)
            query_words.append(word)
            continue
        if low.endswith(("n't", "n’t")):
            continue  # "isn't": a negation (`verify`'s polarity), no word to find
        if i > 0 and tokens[i - 1].lower() == "how":
            soft.setdefault(stem(low), None)  # "how long": ranks "820 metres long" first
            continue
        if low in SOFT_WORDS or (low == "least" and i > 0 and tokens[i - 1].lower() == "at"):
            # "Which pip version do I need at least?": a bound, not a word to find
            soft.setdefault(stem(low), None)
            query_words.append(word)
            continue
        if low in LIGHT_VERBS and word.islower():
            soft.setdefault(stem(low), None)
            continue
        acronym = word.isupper() and len(word) > 1 and word.isalpha()
        is_anchor = (
            not acronym
            and stem(low) != verb
            and ((i > 0 and word[0].isupper()) or any(c.isdigit() or c == "_" for c in word))
        )
        if not is_anchor and low in TYPE_WORDS:
            continue
        query_words.append(word)
        if is_anchor:
            anchors.setdefault(stem(low), None)
            predicate = None
        else:
            relation.setdefault(stem(low), None)
            # a part of a joined name ("waitress-serve", "mod_wsgi-express") is no verb
            # the sentence must say: names are written whole or not at all
            if i < contrast:
                predicate = None if low in joined else stem(low)
    if field_name:
        key = field_name.lower()
        field_type = FIELD_TYPES.get(key, FIELD_TYPES.get(key.split("_")[-1]))
        field_words = [w for w in re.split(r"[_\W]+", field_name) if w]
        answer_type = field_type or AnswerType.OTHER
        # a field that names a type ("venue", "price") ranks sentences; one that names a
        # role or anything else ("speaker", "menu") is a word the sentence must contain
        names_type = field_type is not None and field_type is not AnswerType.PERSON
        for word in field_words:
            (soft if names_type else relation).setdefault(stem(word), None)
            if word.lower() not in TYPE_WORDS:
                query_words.append(word)
        predicate = None if names_type else predicate
    # "Which 1995 film ...", "In which county ...?", "Which other company ...?": the noun
    # after the wh-word (a preposition before it, a year, a decade or a word that only
    # qualifies it aside)
    asked_word = head_word(question)
    head = None
    tech = technical.kind_of(question) if answer_type is AnswerType.OTHER else None
    if tech is not None and not field_name:
        # the kind's own words ("environment variable", "default value") rank sentences;
        # the sentence states the kind by the span's shape
        kind_stems = {stem(w) for w in technical.KIND_WORDS[tech]}
        for key in [r for r in relation if r in kind_stems]:
            del relation[key]
            soft.setdefault(key, None)
        if predicate in _KIND_STEMS or re.search(r"\b[A-Z]{2,}\W*$", question):
            # "... for CORS?": an acronym is said many ways; "... for the
            # --soft-error-limit flag?": a kind word names a thing, it is no act
            predicate = None
        lead = _SINCE_WHICH.match(question)
        if tech == "version" and lead is not None:
            # "Since which release ...?" asks where it began: "added in 0.102.0" says it
            # without "since" (a bound of its own, "before which", stays required)
            for word in words(lead.group(0)):
                relation.pop(stem(word.lower()), None)
                soft.pop(stem(word.lower()), None)
    else:
        tech = None
    if asked_word is not None and answer_type is AnswerType.OTHER and tech is None:
        head = stem(asked_word)
    measured = (
        re.search(
            r"\bhow (long|far|tall|high|big|large|deep|wide|heavy|fast)\b", question, re.IGNORECASE
        )
        is not None
    )
    means = answer_type is AnswerType.OTHER and tech is None and _ASKS_MEANS.match(question)
    return Frame(
        text=question,
        answer_type=answer_type,
        head=head,
        head_words=technical.asked_nouns(question) if head is not None else (),
        measured=measured and not field_name,
        anchors=tuple(anchors),
        relation=tuple(r for r in relation if r not in anchors),
        soft=tuple(s for s in soft if s not in anchors and s not in relation),
        query=" ".join(dict.fromkeys(query_words)) or question,
        predicate=predicate,
        verb=None if field_name else verb,
        role=None if field_name else role,
        tech=tech,
        means=bool(means) and not field_name,
    )


# "How do I make the test client keep following redirects ...?": the asker wants the way
# to do it ("How many ...", "How long ..." ask amounts: their own types)
_ASKS_MEANS = re.compile(
    r"\s*how\s+(?:do|does|did|can|could|should|would|will|may|might|must)\s+"
    r"(?:i|you|we|one|they|a\s+user|the\s+user|users)\b",
    re.IGNORECASE,
)
# the means a sentence states: "By passing `follow_redirects=True` to a request method,
# ..."; "... by setting the `FLASK_SKIP_DOTENV` environment variable" (a gerund after
# "by": "by the user" names a doer, "by default" no way of doing anything)
_BY_MEANS = re.compile(r"\b[Bb]y\s+(\w+ing\b[^,;.:!?]*(?:\.\w[^,;.:!?]*)*)")


def _means(sentence: str, answer_from: int = 0) -> str | None:
    """The way ``sentence`` (from ``answer_from``) says a thing is done: its "by
    VERBing ..." phrase, up to the clause's end; None when it says none (a sentence
    about what happens says nothing of how to make it happen)."""
    for match in _BY_MEANS.finditer(sentence, answer_from):
        phrase = match.group(1).strip()
        if phrase.count("`") % 2 == 0:
            return phrase
    return None


_JOINED_NAME = re.compile(r"\b\w+(?:[-_]\w+)+")
# a demonstrative and its noun: "those parameters", "this option"
_POINTED = re.compile(r"\b(?:those|these|this|that)\s+([a-z]+)\b")
# a name written as code: joined ("on_startup"), called ("Starlette()") or CamelCase
_CODE_NAME = re.compile(r"\b\w+(?:[-_]\w+)+|\b\w+(?=\(\))|\b[A-Z][a-z]+[A-Z]\w*")
_AUXILIARY = _set("did does do will would could can should has have had")
_SUBJECT_QUESTION = re.compile(r"^\s*(?i:who|which \w+)\s+([a-z][\w'’-]*)\b")
_OBJECT_QUESTION = re.compile(
    r"^\s*(?i:who|whom)\s+(?i:did|does|do|will|would|could|can|should)\s+"
    r"(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:(?:of|de|the)\s+)?[A-Z][\w'’-]*)*?"
    r"\s+(?!(?:of|de|the)\s)([a-z][\w'’-]*|[A-Z][a-z'’-]*(?=\W*$))"
)


def _asked_role(question: str) -> tuple[str | None, str | None]:
    """Whether a who-question asks for the subject of its verb ("Who founded X?") or its
    object ("Who did Ada hire?"), and the verb's stem; (None, None) when neither."""
    obj = _OBJECT_QUESTION.match(question)
    if obj is not None and obj.group(1).lower() not in STOPWORDS:
        return stem(obj.group(1).lower()), "object"
    subject = _SUBJECT_QUESTION.match(question)
    if subject is not None:
        word = subject.group(1)
        if word not in STOPWORDS and word not in QUESTION_VERBS and word not in _AUXILIARY:
            return stem(word), "subject"
    return None, None


def is_injection(sentence: str) -> bool:
    """Whether a sentence reads as instructions to an AI rather than as a statement."""
    return _INJECTION.search(sentence.strip()) is not None


def read_page(frame: Frame, url: str, title: str, segments: list[tuple[int, str]]) -> list[Reading]:
    """Every accepted sentence of the shown parts of a page, best first; nothing from a
    page that tries to instruct its reader. A run reads its opened pages again at every
    step with the same frames: the readings of a frame, page and shown parts are kept
    (`_read_page`, a pure function of them)."""
    return list(_read_page(frame, url, title, tuple(segments)))


@lru_cache(maxsize=512)
def _read_page(
    frame: Frame, url: str, title: str, segments: tuple[tuple[int, str], ...]
) -> tuple[Reading, ...]:
    return tuple(_read_page_uncached(frame, url, title, list(segments)))


def _read_page_uncached(
    frame: Frame, url: str, title: str, segments: list[tuple[int, str]]
) -> list[Reading]:
    spans = [(offset + s, text[s:e]) for offset, text in segments for s, e in sentence_spans(text)]
    if any(is_injection(sentence) for _, sentence in spans):
        return []
    # the title without an indexed passage's "[passage 4/7; next: URL]": its words are
    # the heading path's, not the next passage's address
    heading = title_heading(title)
    title_terms = set(content_terms(heading))
    sections = url_is_passage(title)  # its text opens with the heading path
    proper = proper_words(text for _, text in segments)
    # a name the page's address holds is the page's subject, as its title's would be
    # (".../flask/signals.rst" is Flask's page on signals, whose text seldom names Flask)
    named = frozenset(frame.anchors) & url_terms(url)
    found = []
    for offset, text in segments:
        previous: tuple[int, int] | None = None
        for s, e in sentence_spans(text):
            context = _section_terms(heading, text, s) if sections else title_terms
            context = context | named if named else context
            # a code block's lines state nothing of the question's words (`except
            # FailWhaleError as exc: raise task.retry(...)` is no statement about which
            # exception a task raises): read only with the prose that introduces it
            # (`_read_pairs`)
            code = code_block_end(text, s, e)
            if code is not None:
                # prose after the block's closing fence that the sentence splitter joined
                # to it ("```\nTIMEOUT = 5\n```\nThe default timeout is 30 seconds.") is a
                # sentence of its own
                after = code + len(text[code:e]) - len(text[code:e].lstrip())
                rest = text[after:e]
                reading = (
                    read_sentence(frame, url, rest, offset + after, context, proper)
                    if rest.strip()
                    else None
                )
            else:
                reading = read_sentence(frame, url, text[s:e], offset + s, context, proper)
            if (
                previous is not None
                and code is None
                and "\n" not in text[previous[1] : s]
                and PRONOUN_SUBJECT.match(text, s, e)
            ):
                # "It sits on a ridge above the town of Hollow Bay.": the evidence names
                # what "it" is, with the sentence before it in its paragraph; and a
                # sentence that says nothing alone may say it with that one ("The default
                # thread pool size is only 40 tokens. This means that only 40 threads can
                # run at the same time."), its answer still its own
                ps = previous[0]
                joined = read_sentence(
                    frame, url, text[ps:e], offset + ps, context, proper, answer_from=s - ps
                )
                reading = joined or reading
            elif (
                reading is None
                and previous is not None
                and code is None
                and frame.tech is None
                and "\n" not in text[previous[1] : s]
                and DEFAULT_NOTE.match(text, s, e)
            ):
                # "Warn if cookie headers are larger than this many bytes. Defaults to
                # `4093`.": a default note has no subject of its own; it states the value
                # of what the sentence before it describes (the answer is the note's)
                ps = previous[0]
                reading = read_sentence(
                    frame, url, text[ps:e], offset + ps, context, proper, answer_from=s - ps
                )
            if reading is not None and frame.excluded:
                asked = frozenset(frame.anchors) | frozenset(frame.relation)
                reading = excluded.adjust(reading, frame.excluded, asked)
            if reading is not None:
                found.append(reading)
            previous = (s, e)
    found.extend(_read_default_notes(frame, url, segments, heading, proper, sections, named))
    if frame.tech == "version":
        found.extend(_read_version_notes(frame, url, title, segments, proper, sections, named))
    if frame.tech is not None:
        found.extend(_read_pairs(frame, url, segments, heading, proper, sections, named))
    found.sort(key=lambda r: (-r.score, r.start))
    # one reading a span of text and value: a sentence read with the one before it as a
    # pronoun's and as a pair's is read once
    seen: set[tuple[int, int, str]] = set()
    unique = []
    for r in found:
        if (r.start, r.end, r.value) not in seen:
            seen.add((r.start, r.end, r.value))
            unique.append(r)
    return unique


_DEFAULT = stem("default")
# "Defaults to `4093`.", "Default: `None`": a note of a value without a subject of its own
DEFAULT_NOTE = re.compile(r"\s*(?:defaults?\s+(?:to|is)\b|default(?:\s+value)?\s*:)", re.I)
# "Added in FastAPI 0.134.0.", "New in version 2.1.", "Deprecated since version 1.2":
# a note without a subject of its own, about the section it stands in
_VERSION_NOTE = re.compile(
    r"\s*(?:added|new|introduced|available|changed|deprecated|removed)\s+(?:in|since|as of)\b",
    re.IGNORECASE,
)


_ENTRY_SENTENCES = 4  # an entry's description read with its default note, at most


def _read_default_notes(
    frame: Frame,
    url: str,
    segments: list[tuple[int, str]],
    heading: str,
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """A default note of its own paragraph ("Default: `timedelta(days=31)` (`2678400`
    seconds)") read with the entry it closes: a reference entry (a heading such as
    `PERMANENT_SESSION_LIFETIME`, then its description) gives its default last, under
    the words that say what it is ("If `session.permanent` is true, the cookie's
    expiration will be set ..."). The context runs back from the note to the entry's
    heading (a heading inside the passage, else the passage's start), at most
    `_ENTRY_SENTENCES` sentences; the answer is the note's. Read only when the note
    alone is no reading."""
    out = []
    for offset, text in segments:
        if "efault" not in text:
            continue  # no note here (the common case: skip splitting it again)
        spans = sentence_spans(text)
        for i, (s, e) in enumerate(spans):
            if not DEFAULT_NOTE.match(text, s, e) or i == 0:
                continue
            if code_block_end(text, s, e) is not None:
                continue  # a docstring's "Default: 100." in an example is code
            if "\n\n" not in text[spans[i - 1][1] : s]:
                continue  # a note on its description's line is read with it (`read_page`)
            context = _section_terms(heading, text, s, sections) | named
            if read_sentence(frame, url, text[s:e], offset + s, context, proper) is not None:
                continue
            first, last = _note_entry(text, spans, i, sections)
            entry = set(content_terms(text[spans[first][0] : spans[last][1]])) | context
            reading = read_sentence(frame, url, text[s:e], offset + s, set(), proper, context=entry)
            if reading is not None:
                out.append(reading)
    return out


def _note_entry(text: str, spans: list[tuple[int, int]], i: int, sections: bool) -> tuple[int, int]:
    """The sentences (first, last; indices into ``spans``) of the entry the default note
    ``spans[i]`` closes: back to the entry's heading (a heading inside the passage, else
    the passage's start) or the note before it, at most `_ENTRY_SENTENCES` sentences; and,
    for a note right under its heading, on to the next heading or note."""
    s = spans[i][0]
    sub = _subheading(text, s) if sections else None
    top = text.rfind(sub, 0, s) if sub else -1
    first = min(
        (k for k in range(max(0, i - _ENTRY_SENTENCES), i) if spans[k][0] >= top),
        default=i,
    )
    for k in range(first, i):
        if DEFAULT_NOTE.match(text, *spans[k]) or _VERSION_NOTE.match(text, *spans[k]):
            first = k + 1  # another entry's note ends that entry (a passage of many)
    # a line without a sentence's end is the entry's own heading ("`task_default_priority`")
    named = [k for k in range(first, i) if text[spans[k][1] - 1] not in ".:;!?"]
    first = named[-1] if named else first
    last = i
    if all(text[b - 1] not in ".:;!?" for _, b in spans[first:i]):
        # the note right under its entry's heading, its description after it
        # (Celery's settings: "`broker_connection_max_retries`\n\nDefault:
        # 100.\n\nMaximum number of retries before we give up ..."): read on to
        # the next heading or note, `_ENTRY_SENTENCES` sentences at most
        for k in range(i + 1, min(len(spans), i + 1 + _ENTRY_SENTENCES)):
            # a heading line ends the entry (it is the next entry's heading)
            below = min(len(text), spans[k][1] + 1)
            if (_subheading(text, below) if sections else None) != sub:
                break
            if DEFAULT_NOTE.match(text, *spans[k]) or _VERSION_NOTE.match(text, *spans[k]):
                break
            last = k
    return first, last


def note_entry(title: str, segments: list[tuple[int, str]], start: int) -> str | None:
    """The text of the entry that the default note of its own paragraph starting at
    ``start`` (an offset into the page, as a `Reading`'s) closes, the note itself aside:
    what the note's value is the value of ("Default: 100." under "Maximum number of
    retries before we give up ..."); None for any other sentence."""
    sections = url_is_passage(title)
    for offset, text in segments:
        if not offset <= start < offset + len(text):
            continue
        spans = sentence_spans(text)
        for i, (s, e) in enumerate(spans):
            if offset + s != start:
                continue
            if i == 0 or not DEFAULT_NOTE.match(text, s, e) or code_block_end(text, s, e):
                return None
            if "\n\n" not in text[spans[i - 1][1] : s]:
                return None
            first, last = _note_entry(text, spans, i, sections)
            before = [text[a:b] for a, b in spans[first:i]]
            # the description, not its cases: "If this is set to `None`, we'll retry
            # forever." says what happens otherwise, not what the default does
            after = [text[a:b] for a, b in spans[i + 1 : last + 1] if not _CASE.match(text, a, b)]
            return " ".join([*before, *after])
    return None


# a sentence about a case of its own: "If this is set to `None`, ...", "When ..., ..."
_CASE = re.compile(r"\s*(?:if|when|unless|otherwise|whenever|in\s+case)\b", re.IGNORECASE)


def _read_version_notes(
    frame: Frame,
    url: str,
    title: str,
    segments: list[tuple[int, str]],
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """Version notes read with their section's heading as their subject: "Added in
    FastAPI 0.134.0." under "Stream JSON Lines" says when JSON Lines streaming came (the
    nearest heading: `_section_terms`; ``named``: the question's names the page's address
    holds, as `read_page` takes them)."""
    heading = title_heading(title)
    out = []
    for offset, text in segments:
        spans = sentence_spans(text)
        for i, (s, e) in enumerate(spans):
            if _VERSION_NOTE.match(text, s, e) is None or code_block_end(text, s, e) is not None:
                continue
            sentence = text[s:e]
            subject = _section_terms(heading, text, s, sections) | set(content_terms(sentence))
            subject |= named | _described(text, spans, i, sections)
            reading = read_sentence(
                frame, url, sentence, offset + s, set(), proper, context=subject
            )
            if reading is not None:
                out.append(reading)
    return out


def _described(text: str, spans: list[tuple[int, int]], i: int, sections: bool) -> set[str]:
    """The words of what a version note of its own paragraph closes: the paragraph before
    it, back to the section's heading, another note or `_ENTRY_SENTENCES` sentences
    ("... you write `await logger.ainfo(...)`. ... New in version 23.1.0." says when the
    a-prefixed methods came, as Sphinx's ``versionadded`` after a description does). A
    note inside a paragraph is read with its section alone."""
    s = spans[i][0]
    if i == 0 or "\n\n" not in text[spans[i - 1][1] : s]:
        return set()
    sub = _subheading(text, s) if sections else None
    top = text.rfind(sub, 0, s) if sub else -1
    first = i
    for k in range(i - 1, max(-1, i - 1 - _ENTRY_SENTENCES), -1):
        if spans[k][0] < top or _VERSION_NOTE.match(text, *spans[k]) is not None:
            break
        first = k
    return set(content_terms(text[spans[first][0] : spans[i - 1][1]])) if first < i else set()


def url_terms(url: str) -> set[str]:
    """The words of a page's address (its host and path, not its scheme or fragment), as
    stems: ``file:///docs/flask/signals.rst#p1`` holds flask, signal, rst. Of a local
    file's path only the last `FILE_PATH_PARTS` parts: the folders above say where the
    documents were checked out ("/tmp/ci/...", "/work/main/..."), not what a page is
    about, and a question's "CI" or "main" read them as its subject (the same corpus read
    differently in two places)."""
    address = url.split("#", 1)[0]
    if address.startswith("file://"):
        parts = [p for p in address[len("file://") :].split("/") if p]
        address = "/".join(parts[-FILE_PATH_PARTS:])
    address = re.sub(r"^[a-z][\w+.-]*://", "", address)
    return set(content_terms(re.sub(r"[/._-]+", " ", address)))


# the corpus folder and up to three levels of pages under it ("flask/patterns/celery.rst",
# "docs-fastapi/tutorial/security/first-steps.md")
FILE_PATH_PARTS = 4


def url_is_passage(title: str) -> bool:
    """Whether ``title`` is an indexed passage's (its text opens with its heading path)."""
    return is_passage_title(title) or " › " in title


def _subheading(text: str, at: int) -> str | None:
    """The last line of ``text`` before ``at`` (after its first, the heading path, and a
    line repeating the heading) that reads as a heading: a short line of its own, between
    blank lines, without end punctuation; None when there is none."""
    lines = text[:at].split("\n")
    last = None
    first = lines[0].strip()
    fenced = False
    for i, raw in enumerate(lines[1:-1], start=1):
        line = raw.strip()
        if line.startswith("```"):
            fenced = not fenced  # a code block's lines are no headings
            continue
        if fenced or not line or len(line) > 80 or line[-1] in ".:;!?,)":
            continue
        if line.startswith(_NOT_HEADING) or _CODE_LIKE.search(line):
            continue
        if first.endswith(line) and i <= 2:
            continue  # the section's own heading, under its path
        if not lines[i - 1].strip() and (i + 1 >= len(lines) or not lines[i + 1].strip()):
            last = line
    return last


_NOT_HEADING = ("-", "*", "|", "```", "$", "<", "+", ">", "#", "@")
_CODE_LIKE = re.compile(r"[=(){}\[\];]|^\s*(?:import|from|def|class|return)\s")


def _section_terms(heading: str, text: str, at: int, sections: bool = True) -> set[str]:
    """The words of the section a sentence stands in: its passage's heading path, or,
    under a heading inside the passage, that heading with the path above the passage's
    own section ("Advanced Middleware › `HTTPSRedirectMiddleware`" then "`TrustedHostMiddleware`":
    the sentences after it are about TrustedHostMiddleware, not HTTPSRedirectMiddleware)."""
    sub = _subheading(text, at) if sections else None
    if sub is None:
        return set(content_terms(heading))
    parent = heading.rsplit(" › ", 1)[0] if " › " in heading else ""
    return set(content_terms(f"{parent} {sub}"))


def _read_pairs(
    frame: Frame,
    url: str,
    segments: list[tuple[int, str]],
    heading: str,
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """Technical readings of a sentence with its context: the sentences before it on the
    same line, one that introduces it with a colon, or the list item it is nested under
    ("`max_age` - Sets a maximum time ... responses. Defaults to `600`."; "- Swagger UI:
    ...\n  - You can set its URL with the parameter `docs_url`."), never a sibling item.
    The answer still comes from the sentence itself, and the context is read only when
    that sentence alone is no reading; else the words of the next sentence, when it goes
    on about the same subject ("This is configurable via ..."). ``named``: the question's
    names the page's address holds (its subject, as for every sentence of `read_page`)."""
    out = []
    for offset, text in segments:
        spans = sentence_spans(text)
        for i, (cs, ce) in enumerate(spans):
            first = _context_start(text, spans, i)
            alone = text[cs:ce]
            title_terms = _section_terms(heading, text, cs, sections) | named
            code = code_block_end(text, cs, ce) is not None
            if not code and read_sentence(frame, url, alone, offset + cs, title_terms, proper):
                continue
            ps = spans[first][0]
            reading = None
            prose = text[ps:cs]
            if code and frame.tech is not None and technical.candidates(frame.tech, prose):
                continue  # the prose names the asked thing itself ("The `jitter` option ...:")
            if first != i:
                # a code block read with the prose that introduces it: the prose states the
                # question's words, the block gives the value (its code words state none)
                said = set(content_terms(prose)) if code else None
                reading = read_sentence(
                    frame,
                    url,
                    text[ps:ce],
                    offset + ps,
                    title_terms,
                    proper,
                    answer_from=cs - ps,
                    context=said,
                )
            if reading is None and not code and i + 1 < len(spans):
                # "The prefix is `FLASK_` by default. This is configurable via the `prefix`
                # argument of `from_prefixed_env()`.": the next sentence goes on about the
                # same subject (a demonstrative opens it) and names it
                ns, ne = spans[i + 1]
                if "\n" not in text[ce:ns] and _GOES_ON.match(text, ns, ne):
                    said = set(content_terms(alone)) | set(content_terms(text[ns:ne]))
                    reading = read_sentence(
                        frame, url, alone, offset + cs, title_terms, proper, context=said
                    )
            if reading is not None:
                out.append(reading)
    return out


# a sentence that goes on about the one before it: "This is configurable via ...", "It can
# be changed with ..."
_GOES_ON = re.compile(
    r"(?:this|it|these|they)\s+(?:is|are|can|may|will|was|were|has|have)\b", re.IGNORECASE
)


def _indent(text: str, at: int) -> tuple[int, bool]:
    """The indentation of the line holding ``at``, and whether it starts a list item."""
    line = text.rfind("\n", 0, at) + 1
    rest = text[line:]
    stripped = rest.lstrip(" \t")
    return len(rest) - len(stripped), _ITEM_MARK.match(stripped) is not None


_ITEM_MARK = re.compile(r"(?:[-*+]|\d+[.)])[ \t]+\S")


def _context_start(text: str, spans: list[tuple[int, int]], i: int, most: int = 3) -> int:
    """The first sentence of sentence ``i``'s context (``i`` itself when it has none)."""
    k = i
    while k > 0 and i - k < most:
        gap = text[spans[k - 1][1] : spans[k][0]]
        if "\n" not in gap:
            k -= 1  # the same line: a list item's or a paragraph's earlier sentence
            continue
        if text[spans[k - 1][0] : spans[k - 1][1]].endswith(":") and (
            gap.count("\n") <= 1 or _INTRODUCED.match(text, spans[k][0])
        ):
            # "To generate a secret key use the command:" introduces what follows: a code
            # block, a list or a table (a prose paragraph after it follows something the
            # page left out, such as an included code file)
            k -= 1
            continue
        if "\n" in gap.strip(" \t") and gap.count("\n") > 1:
            if k == i and PRONOUN_SUBJECT.match(text, spans[k][0], spans[k][1]):
                k -= 1  # "Starting with version 0.122.0, they use ...": who they are
            break  # a blank line ends the context
        indent, item = _indent(text, spans[k][0])
        parent, _ = _indent(text, spans[k - 1][0])
        if item and parent < indent:
            k -= 1  # a nested item's parent
            continue
        if not item and gap.count("\n") == 1 and not gap.strip(" \t\n"):
            k -= 1  # a wrapped line of the same paragraph or list item
            continue
        break
    return k


def code_block_end(text: str, start: int, end: int) -> int | None:
    """Where the fenced code block holding ``start`` ends (at most ``end``), or None when
    ``start`` is in prose (`code_blocks`)."""
    for a, b in code_blocks(text):
        if a <= start < b:
            return min(end, b)
    return None


@lru_cache(maxsize=256)
def code_blocks(text: str) -> tuple[tuple[int, int], ...]:
    """The fenced code blocks of ``text`` (`fence_spans`), and the tail of a block the
    text starts inside: an indexed passage cut within a long block opens with its code
    and no fence, so when the fence lines are odd in number, a bare first one right after
    a code-like line closes that block (not opens one that would run over the prose after
    it)."""
    blocks = list(fence_spans(text))
    fences = len(_FENCE_LINE.findall(text))
    if blocks and fences % 2:
        a, b = blocks[0]
        line = text[a:b].split("\n", 1)[0].strip()
        above = [x.strip() for x in text[:a].split("\n") if x.strip()]
        if (
            line.strip("`~") == ""
            and above
            and not above[-1].endswith((".", ":", "!", "?"))
            and _CODE_LIKE.search(above[-1])
        ):
            close = text.find("\n", a)
            close = len(text) if close < 0 else close
            rest = [(x + close, y + close) for x, y in fence_spans(text[close:])]
            blocks = [(0, close), *rest]
    return tuple(blocks)


_FENCE_LINE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})", re.MULTILINE)
_INTRODUCED = re.compile(r"```|\$ |\||(?:[-*+]|\d+[.)])[ \t]+\S")
# a sentence whose subject is a pronoun, after an opening phrase at most: it continues the
# paragraph before it ("Starting with FastAPI version `0.122.0`, they use ...", "It's
# advised to use the `a2wsgi` package instead.")
PRONOUN_SUBJECT = re.compile(
    r"(?:[^,;:\n]{0,60},\s*)?(?:(?:they|it|this|these|he|she)\s|(?:it|they|he|she)['’](?:s|re)\s)",
    re.IGNORECASE,
)
# a list item, or an entry of an option list such as a --help output ("-r, --report-chars
# chars", "--verbosity=VERBOSE   Set verbosity. Default: 0."): the option, then another
# spelling of it or a column's gap
_ITEM_START = re.compile(
    r"\n[ \t]*(?=(?:[-*+]|\d+[.)])[ \t]+\S"
    r"|--?[A-Za-z][\w-]*(?:=\S+)?(?:,[ \t]+--?[A-Za-z]|[ \t]{2,}\S|[ \t]+[a-z]+[ \t]*\n))"
)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """`sleuth.text.sentences`, with a list item (or an option list's entry) starting a
    sentence of its own ("Defaults to `500`.\n- `compresslevel` - ..." is two sentences)."""
    out = []
    for s, e in sentences(text):
        start = s
        for m in _ITEM_START.finditer(text, s, e):
            if text[start : m.start()].strip():
                out.append((start, len(text[: m.start()].rstrip())))
            start = m.end()
        out.append((start, e))
    return out


def proper_words(texts: Iterable[str]) -> frozenset[str]:
    """Words a text writes capitalised where a sentence does not begin: proper nouns."""
    found: set[str] = set()
    for text in texts:
        for match in re.finditer(r"(?<=[a-z0-9,;:)] )([A-Z][\w'’-]+)", text):
            found.add(match.group(1))
            # "G. Stanley Hall's": the name is "Hall" when the sentence says it alone
            found.add(re.sub(r"['’]s?$", "", match.group(1)))
    return frozenset(found)


def read_sentence(
    frame: Frame,
    url: str,
    sentence: str,
    start: int,
    title_terms: set[str],
    proper: frozenset[str] = frozenset(),
    answer_from: int = 0,
    context: set[str] | None = None,
) -> Reading | None:
    """``sentence`` as an answer to ``frame``, or None. ``context``: the words the
    sentence states, when it states more than its own (a version note its heading's)."""
    if not frame.anchors and not frame.relation:
        return None  # "Who is he?": nothing to look for
    if is_injection(sentence) or sentence.rstrip(" \"')").endswith("?"):
        return None  # instructions and questions state no facts
    terms = context if context is not None else set(content_terms(sentence))
    anchors_in_sentence = {a for a in frame.anchors if a in terms}
    anchors_in_title = {a for a in frame.anchors if a in title_terms} - anchors_in_sentence
    succeeded = renamed.successor(sentence, frame.renamed, answer_from)
    if succeeded is not None:
        # "``pass_many`` is renamed to ``pass_collection``": the relation the question
        # asks is the sentence's own, whatever words it describes the name with
        total = 2 * len(frame.anchors) + len(frame.relation) or 1.0
        got = 2 * len(anchors_in_sentence) + 1.5 * len(anchors_in_title)
        got += sum(r in terms or r in title_terms for r in frame.relation)
        return Reading(
            url=url,
            start=start,
            end=start + len(sentence),
            sentence=sentence,
            value=sentence[succeeded[0] : succeeded[1]],
            score=round(got / total + 0.1, 4),
        )
    if len(anchors_in_sentence) + len(anchors_in_title) < frame.required_anchors:
        return None
    # "enabled" states "enable" and "activate"; `FLASK_DEBUG` states "debug"
    # (the question's own identifier says none of its other words: `from_prefixed_env()`
    # in a sentence is no "prefix" of "Which prefix does from_prefixed_env use?")
    parts = identifier_words(terms - set(frame.anchors)) | camel_words(sentence, frame.anchors)
    said = terms | {canon(t) for t in terms} | parts | phrase_keys(sentence)
    stated = {r for r in frame.relation if r in said or canon(r) in said}
    # a documentation question's generic verb ("send", "use") is said by the span's kind
    free = {r for r in frame.relation if frame.tech is not None and r in _TECH_LIGHT} - stated
    relation = stated | free
    relation_in_title = {r for r in frame.relation if r in title_terms} - relation
    if len(relation) + len(relation_in_title) < frame.required_relation and (
        not frame.optional
        or len((relation | relation_in_title) - set(frame.optional)) < frame.required_asked
    ):
        # every word counted as the question says them, or, with an asker's situation,
        # the question's own words alone: the situation's never stand in for them
        return None
    # a question that asks a default ("... by default?", "... if I don't pass one?") is
    # answered by a sentence or section that says it is one: an example's value
    # ("start-server wsgi.py --processes 4") is no default, whatever else it shares
    if _DEFAULT in frame.relation and _DEFAULT not in said and _DEFAULT not in title_terms:
        return None
    # a sentence states one relation word at least; when every one is a generic verb the
    # span's kind says ("Which package provides Pydantic Settings?"), the question's names
    # in the sentence itself are what it is about ("Add the `pydantic-settings` package")
    if frame.relation and not stated and not (free and anchors_in_sentence):
        return None
    # a technical question's last word is most often a noun its section names ("... for
    # signing JWT tokens?" under "... Bearer with JWT tokens"; "Which processor renames
    # that key?" read in a sentence that calls a code span a processor, under "Renaming
    # the `event` key"); a verb ("born") must be the sentence's own
    if (
        frame.predicate is not None
        and frame.predicate not in free
        and frame.predicate not in said
        and canon(frame.predicate) not in said
        and (
            frame.predicate not in title_terms
            or (
                frame.tech is None
                and not technical.apposed(sentence, frame.head_words, answer_from)
            )
        )
    ):
        return None
    # "Which function lets me inspect ...?": the act the user asks a means for is said
    # (a sentence that binds the same pairs to a logger gets one, it inspects nothing)
    act = _asked_act(frame)
    if act is not None and act not in said and canon(act) not in said:
        return None
    lowered = {w.lower() for w in words(sentence)}
    soft = {s for s in frame.soft if s in terms or (s in TEMPORAL and lowered & TEMPORAL)}
    question_terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    value = extract(frame, sentence, question_terms, proper, answer_from)
    if value is None:
        return None
    value = widened_to_list(frame.text, sentence, value, answer_from)
    unmatched = len(frame.relation) - len(relation) - len(relation_in_title)
    if unmatched and frame.tech is not None and _rival_spans(frame, sentence, answer_from):
        # "added in FastAPI 0.119.0 and removed in FastAPI 0.128.0" for "Which version
        # dropped ...?": with rivals of its kind, the word left unmatched may be the very
        # one that tells them apart
        return None
    total = 2 * len(frame.anchors) + len(frame.relation) + 0.5 * len(frame.soft) or 1.0
    got = 2 * len(anchors_in_sentence) + 1.5 * len(anchors_in_title) + len(relation)
    got += 0.5 * len(relation_in_title) + 0.5 * len(soft)
    typed = frame.answer_type is not AnswerType.OTHER or frame.tech is not None
    bonus = 0.1 if typed else 0.0
    return Reading(
        url=url,
        start=start,
        end=start + len(sentence),
        sentence=sentence,
        value=value,
        score=round(got / total + bonus, 4),
    )


# "Which two built-in user implementations ...?": several items are asked
ASKS_SEVERAL = re.compile(
    r"\s*(?:(?:in|at|on|from|of|to|by|with|for)\s+)?(?:which|what)\s+(two|three|four|five)"
    r"(?![-\w])",
    re.IGNORECASE,
)
_HOW_MANY_ITEMS = {"two": 2, "three": 3, "four": 4, "five": 5}
# a list's item: a code span, or one name that is no stop word and ends on no "."
# (`SimpleUser(username)`, day_of_week, TOML; not "the" of "the Rhine and the Moselle")
_STOP_ALTERNATIVES = "|".join(sorted((w for w in STOPWORDS if w.isalpha()), key=len, reverse=True))
# when-answers beside the calendar's (a date's candidates, not the day or year of one):
# an era's years and a time before the present ("AD 14", "55 BC", "11,600 BP", "11,700
# years ago", "65 million years ago") and a period by name ("the Jurassic Period", "the
# Bronze Age"; a bare "Pliocene" is a name of many things: "the end of the Pleistocene")
_ERA = re.compile(
    r"\b(?:(?:AD|CE) \d{1,4}|\d[\d,]* ?(?:BC|BCE|AD|CE|BP)"
    r"|\d[\d,.]* (?:(?:million|billion|thousand) )?years ago"
    # a period the sentence names as one ("in the Jurassic Period"), not a name's last
    # words ("Queens of the Stone Age", "after a Trial Period", "Ice Age: The Meltdown")
    r"|(?<!\bof )(?<=\bthe )(?:[A-Z][a-z]+ ){1,2}(?:Period|Epoch|Era|Age)(?! ?[A-Z:-]))\b"
    # an era's letters before a noun or a hyphen are a name's ("the 2010 BP oil spill",
    # "CE-marked")
    rf"(?!-|\s+(?!(?:{_STOP_ALTERNATIVES})\b)[a-z])"
)
_ITEM = rf"(?:`[^`\n]+`|(?!(?i:{_STOP_ALTERNATIVES})\b)[A-Za-z_][\w.()\[\]-]*(?<!\.))"
_ITEM_JOIN = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)"


@lru_cache(maxsize=256)  # asked of every sentence read; a pure function of the question
def asked_items(question: str) -> int | None:
    """How many items a "Which two ...?" question asks, else None."""
    found = ASKS_SEVERAL.match(asked_part(restate(question)))
    return _HOW_MANY_ITEMS[found.group(1).lower()] if found else None


def list_items(value: str) -> int:
    """How many items ``value`` lists (1 for one)."""
    return len(re.split(_ITEM_JOIN, value.strip()))


def is_list_of(value: str, n: int) -> bool:
    """Whether ``value`` is a list of exactly ``n`` names (`_ITEM`): "`week` and
    `day_of_week`" is one of two; "`TimeoutError` and the caller retries" is none."""
    return re.fullmatch(rf"{_ITEM}(?:{_ITEM_JOIN}{_ITEM}){{{n - 1}}}", value.strip()) is not None


def widened_to_list(question: str, sentence: str, value: str, answer_from: int = 0) -> str:
    """For a question that asks ``n`` items ("Which two built-in user implementations
    does Starlette ship?"), the list of exactly ``n`` names of the sentence that
    ``value`` is one of ("`UnauthenticatedUser()`, and `SimpleUser(username)`"); else
    ``value``. A longer list, or items that are phrases, are no such list."""
    n = asked_items(question)
    if n is None or list_items(value) >= n:
        return value
    at = sentence.find(value, answer_from)
    if at < 0:
        return value
    listed = re.compile(rf"(?<![\w`]){_ITEM}(?:{_ITEM_JOIN}{_ITEM}){{{n - 1}}}(?![\w`])")
    for m in listed.finditer(sentence, answer_from):
        if not m.start() <= at < m.end():
            continue
        before = re.search(rf"{_ITEM}{_ITEM_JOIN}$", sentence[answer_from : m.start()])
        after = re.match(rf"{_ITEM_JOIN}{_ITEM}", sentence[m.end() :])
        # a capitalised word against it makes an item part of a longer name ("New York
        # and Los Angeles" is no list of "York" and "Los")
        named = re.search(r"[A-Z][\w-]*\s+$", sentence[: m.start()]) or re.match(
            r"\s+[A-Z]", sentence[m.end() :]
        )
        if before is None and after is None and named is None:
            return m.group(0)
    return value


# "lets me VERB", "allows you to VERB": the act ("pass to waitress-serve" names a thing)
_ACT = re.compile(
    r"\b(?:lets?|allows?|enables?|helps?)\s+(?:me|you|us|one)\s+(?:to\s+)?([a-z]+)",
    re.IGNORECASE,
)


def _asked_act(frame: Frame) -> str | None:
    """The stem of the act a technical question asks the means of ("Which function lets
    me *inspect* ...?", "Which option allows you to *skip* ...?"), when it is one of its
    relation words; else None."""
    if frame.tech is None:
        return None
    found = _ACT.search(frame.text)
    if found is None:
        return None
    act = stem(found.group(1).lower())
    return act if act in frame.relation else None


def identifier_words(terms: set[str]) -> set[str]:
    """The words of the joined identifiers among ``terms`` (``flask_debug``: flask,
    debug), as stems."""
    return {
        stem(part)
        for t in terms
        if "_" in t or "." in t
        for part in re.split(r"[_.]+", t)
        if len(part) > 2
    }


# a name written in CamelCase, of two words or more ("TestClient", "BytesLoggerFactory")
_CAMEL_NAME = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b")


def camel_words(sentence: str, own: Iterable[str] = ()) -> set[str]:
    """The words of the CamelCase names of ``sentence`` ("TestClient": test, client), as
    stems: code's way of writing "the test client"; not those of a name the question
    itself gives (``own``, stems: its words are the question's, not the sentence's)."""
    asked = set(own)
    return {
        stem(part.lower())
        for name in _CAMEL_NAME.findall(sentence)
        if stem(name.lower()) not in asked
        for part in re.findall(r"[A-Z][a-z0-9]*", name)
        if len(part) > 2
    }


def _rival_spans(frame: Frame, sentence: str, start: int = 0) -> bool:
    """Whether ``sentence`` (from ``start``) has two different candidates of the frame's
    kind. A span the question itself names is no rival: "Apart from .html, .htm, .xml
    and .xhtml, which ... extension ...?" has set those aside, so "`.html`, `.htm`,
    `.xml`, `.xhtml`, as well as `.svg`" holds one candidate."""
    asked = frame.text.lower()
    spans = [
        (a, b)
        for a, b in technical.candidates(frame.tech or "", sentence, start)
        if sentence[a:b].strip("` ").lower() not in asked
    ]
    if technical.asks_many(frame.text):
        spans = technical.lists(sentence, spans)  # "names": a list is one answer
    # "the `statics` directory" for "which directory ...?": the span the sentence calls by
    # the asked noun has no rival among the others
    called = set(technical.apposed(sentence, technical.asked_nouns(frame.text), start))
    if len(called & set(spans)) == 1 and not technical.asks_many(frame.text):
        return False
    return len({sentence[a:b].strip("` ") for a, b in spans}) > 1


def extract(
    frame: Frame,
    sentence: str,
    question_terms: set[str],
    proper: frozenset[str] = frozenset(),
    answer_from: int = 0,
) -> str | None:
    """The short answer in ``sentence`` (from ``answer_from`` on) for ``frame``, or None
    when it has none."""
    if frame.mention:
        return sentence.strip()
    if frame.tech is not None:
        return technical.extract(
            frame.tech,
            sentence,
            question_terms,
            frame.text,
            answer_from,
            frame.predicate,
            set(frame.relation),
        )
    if frame.answer_type is AnswerType.OTHER:
        if frame.means:
            return _means(sentence, answer_from)
        if frame.head_words:
            # "Which processor renames that key?" -> "With the `EventRenamer` processor,
            # ...": a code span the sentence calls by the asked noun names one
            called = [
                (start, end)
                for start, end in technical.apposed(sentence, frame.head_words, answer_from)
                if not _only_question_words(sentence[start:end], question_terms)
            ]
            if len(called) == 1:  # two called so are rivals: neither is read this way
                return sentence[called[0][0] : called[0][1]]
        asked = frame.head or _copular_noun(frame.text)
        if asked is not None:
            # "Which 1995 film directed by Martin Scorsese stars Sharon Stone?" -> "Casino
            # is a 1995 American epic crime film directed by Martin Scorsese, starring ...";
            # "What was the currency of Finland until 2002?" -> "The Finnish markka was the
            # currency of Finland from 1860 until 28 February 2002": the name a sentence
            # opens with and defines as one of the asked kind
            defined = _DEFINED.match(sentence, answer_from)
            kind = re.split(_DEFINED_ENDS, defined.group("kind"))[0] if defined else ""
            name = defined.group("name") if defined else ""
            if (
                defined is not None
                and words(kind)
                # the kind's noun heads the phrase: "a 1995 ... crime film", not "an
                # American film actress" or "the film's director"
                and stem(words(kind)[-1].lower()) == asked
                and "'" not in kind
                and "’" not in kind
                and name.split()[0] not in _NOT_NAMES
                and any(w[:1].isupper() or w[:1].isdigit() for w in name.split())
                and not _only_question_words(name, question_terms)
            ):
                return name
        if frame.head is not None:  # "What prize ...?" -> "the Hollis Prize"
            noun = head_word(frame.text) or frame.head
            headed = [
                (start, end)
                for start, end in _name_spans(sentence)
                if headed_name(sentence[start:end], frame.head, noun)
                and not _only_question_words(sentence[start:end], question_terms - {frame.head})
                and not _names_itself(frame.text, sentence[start:end])
            ]
            if headed:
                # "Black played at Wake Forest University and was named head coach at
                # Clemson University in 2013" for "... head coach at which university in
                # 2013?": of several, the one the question's words stand nearest, but not
                # one of a relative clause ("... to Smith, who had studied at Yale
                # University") while another is said outside one
                main = [(a, b) for a, b in headed if not _RELATIVE.search(sentence, 0, a)]
                start, end = nearest(sentence, main or headed, question_terms - {frame.head})
                return sentence[start:end]
            # "Which broadcaster organised ...?" -> "The Danish broadcaster DR organised":
            # the name the sentence sets right after the asked noun, in apposition
            for start, end in _name_spans(sentence):
                name = sentence[start:end]
                if (
                    start >= answer_from
                    and after_head(sentence, start, noun)
                    and not _only_question_words(name, question_terms)
                ):
                    return name
        # then, in turn, the first of these that reads the sentence
        question = frame.text
        readers: tuple[Callable[[], str | None], ...] = (
            lambda: other_name(frame, sentence, question_terms, answer_from),
            lambda: coordinate_partner(question, sentence, question_terms, answer_from),
            lambda: filled_slot(question, sentence, question_terms, answer_from),
            lambda: _kind_of(question, sentence, question_terms, answer_from),
            lambda: _after_stranded(question, sentence, question_terms, answer_from),
            lambda: _clause_after_question_words(sentence, question_terms),
            lambda: _lone_code_span(sentence, frame, answer_from),
        )
        return next((value for value in (read() for read in readers) if value is not None), None)
    # a sentence read with the one before it answers from its own words
    spans = [
        (s, e)
        for s, e in candidates(frame.answer_type, sentence, proper, eras=True)
        if s >= answer_from
    ]
    if frame.measured:
        # "`2678400` seconds": a unit after the code span of its number measures it
        spans = [
            (s, e)
            for s, e in spans
            if _MEASURE.search(sentence[s:e])
            or (sentence[e : e + 1] == "`" and _MEASURE.match(sentence, e + 1))
        ]
    spans = [(s, e) for s, e in spans if not _only_question_words(sentence[s:e], question_terms)]
    # a candidate the hard rules refuse as no value of the kind is not the sentence's
    # reading: the next one is ("the Italian composer Luciano Berio")
    spans = [(s, e) for s, e in spans if not span_refused(frame, sentence, sentence[s:e])]
    if frame.answer_type in (AnswerType.NUMBER, AnswerType.AMOUNT):
        spans = counted_whole(sentence, spans)
    if frame.answer_type in (AnswerType.PERSON, AnswerType.PLACE):
        # the answer is not the entity the question is about ("Who killed Harold?")
        anchors = set(frame.anchors)
        spans = [(s, e) for s, e in spans if not anchors & {stem(w) for w in words(sentence[s:e])}]
    place = slot_of(frame.text, sentence, answer_from) if spans else None
    if place is not None:
        # "The treaty was signed in which year?" over "In 1812 the treaty was drafted, and
        # it was signed in 1814": the candidates in the place the question's words leave
        inside = [(s, e) for s, e in spans if place[0] <= s and e <= place[1]]
        if inside:
            spans = inside
    if frame.role is not None and frame.verb is not None:
        placed = _by_role(sentence, spans, frame.verb, frame.role, frame.anchors)
        if placed is not None:
            return sentence[placed[0] : placed[1]].strip(" ,;:")
        if any(stem(w) == frame.verb for w in words(sentence)):
            return None  # the verb is here, but no candidate stands where its answer would
        if frame.role == "subject" and frame.anchors:
            # another verb says it ("set up" for "made"): the doer still comes before
            # the one it was done to, unless it is named after "by"
            first = min(
                (
                    m.start()
                    for m in re.finditer(r"\w+", sentence)
                    if stem(m.group(0)) in frame.anchors
                ),
                default=len(sentence),
            )
            spans = [
                (s, e)
                for s, e in spans
                if e <= first or re.search(r"\bby\s+(?:the\s+)?$", sentence[:s])
            ]
    if spans:
        # "Whom is the song named after?": the name the sentence puts after that verb
        # ("even though the song is named for his friend Marty Jones"), not another of its
        # names (Duritz, who explained it)
        obj = _stranded_object(frame.text, sentence, answer_from)
        if obj is not None:
            spans = [(s, e) for s, e in spans if obj[0] <= s and e <= obj[1]]
        elif _NAMED_AFTER.search(asked_part(restate(frame.text))):
            # "named" alone is a soft word ("What is X called?"); "named after" is what is
            # asked, and a sentence that does not say it names no namesake
            return None
    if not spans:
        return None
    best = nearest(sentence, spans, question_terms)
    return sentence[best[0] : best[1]].strip(" ,;:")


def nearest(
    sentence: str, spans: list[tuple[int, int]], question_terms: set[str]
) -> tuple[int, int]:
    """Of ``spans``, the one that starts nearest a word of the question in ``sentence``
    (the first when no word of it is there, or at a tie)."""
    positions = [
        m.start() for m in re.finditer(r"\w+", sentence) if stem(m.group(0)) in question_terms
    ]

    def distance(span: tuple[int, int]) -> tuple[int, int]:
        if not positions:
            return (0, span[0])
        return (min(abs(span[0] - p) for p in positions), span[0])

    return min(spans, key=distance)


def _lone_code_span(sentence: str, frame: Frame, answer_from: int = 0) -> str | None:
    """The one code span of a sentence that states the question, for a what / which
    question whose kind no word names ("Babel's Translations class is derived from which
    class of the gettext module?" over "... derived from the `GNUTranslations` class in
    the `gettext` module"), when no clause answers it; None when there are several. A
    span is a name (`autocommit=True`, `init_db()`, `[tool:pytest]`), never a line of code,
    and never the question's own name written otherwise (`Model.save()` for "What does
    Model.save return?"). A yes/no, why or how question asks no name."""
    if not _ASKS_A_NAME.match(technical.asked_from(asked_part(restate(frame.text)).lower())):
        return None
    asked = {w.lower() for w in words(frame.text)}
    spans = [
        sentence[a:b]
        for a, b in technical.candidates("code", sentence, answer_from)
        if _CODE_NAME_SHAPE.fullmatch(sentence[a:b].strip())
        and not _names_asked(sentence[a:b].strip(), frame.text.lower(), asked)
    ]
    return spans[0] if len(spans) == 1 else None


# a what / which question that asks a thing ("What happens when ...?" asks an event)
_ASKS_A_NAME = re.compile(
    r"\s*(?:(?:in|on|at|from|to|for|by|with|into|of|under|since)\s+)?(?:what|which)\b"
    r"(?!\s+happens\b)",
    re.IGNORECASE,
)
# a name, an assignment, a call without arguments, a section: no spaces, no arguments
_CODE_NAME_SHAPE = re.compile(r"[\w.\[\]:=\-'\"/@*]+(?:\(\))?")


def _names_asked(span: str, question: str, asked: set[str]) -> bool:
    """Whether ``span`` is the question's own name: said in it as written, or after its
    call parentheses and module path are set aside (`json.dumps` for "dumps")."""
    bare = span.removesuffix("()")
    return (
        span.lower() in question or bare.lower() in question or bare.split(".")[-1].lower() in asked
    )


_WH_LEAD = re.compile(
    r"\s*(?P<prep>(?:in|on|at|from|to|for|by|with|into|of|under|during|near)\s+)?"
    r"(?:what|which)\s+(?P<rest>.*)",
    re.IGNORECASE | re.DOTALL,
)
# words that only qualify the asked noun ("Which other company ...?"), in lower case:
# "New Zealand", "Major League" are names
_QUALIFIERS = frozenset("other new former current main major same original famous local".split())
# after a preposition, nouns that ask a manner, a degree or a ground, not a thing the
# answer names: "In what way ...?", "To what extent ...?", "On what grounds ...?"
_NOT_HEADS = frozenset(
    "way ways manner extent degree sense means reason purpose end grounds order basis "
    "capacity respect terms form fashion circumstances conditions".split()
)


@lru_cache(maxsize=512)
def head_word(question: str) -> str | None:
    """The noun a "what/which NOUN" question asks for, in lower case ("Which 1995 film
    ...?" -> "film"; "In which American city ...?" -> "city"; "Which other company ...?"
    -> "company"), or None (none, or a word that names no kind: a stopword, a question
    verb, a type word, or after a preposition a manner such as "In what way"). Kept per
    question: the features ask it of every candidate reading."""
    found = _WH_LEAD.match(question)
    if found is None:
        # a wh-phrase inside the question ("The compile_catalog command is similar to which
        # GNU tool?": `technical.asked_from`), as written
        inside = technical.asked_from(question.lower())
        at = len(question) - len(inside)
        found = _WH_LEAD.match(question, at) if inside else None
        # the preposition it was cut after still asks a manner ("... to what extent?")
        cut = _PREPOSITION_BEFORE.search(question, 0, at) is not None
    else:
        cut = False
    if found is None:
        return None
    tokens = found.group("rest").split()
    i = 0
    if i < len(tokens) and re.fullmatch(r"[0-9]{4}s?", tokens[i]):
        i += 1  # "Which 1995 film": a year or a decade
    if i < len(tokens) and tokens[i] in _QUALIFIERS:
        i += 1
    names = 0
    while i < len(tokens) and tokens[i][:1].isupper() and names < 3:
        i, names = i + 1, names + 1  # "Which New Zealand city", "In which BBC soap opera"
    if i >= len(tokens):
        return None
    word = re.match(r"[a-z][\w-]*", tokens[i])
    if word is None or (names and word.group(0) in STOPWORDS):
        return None
    noun = word.group(0)
    if noun in STOPWORDS or noun in QUESTION_VERBS or noun in TYPE_WORDS:
        return None
    if (found.group("prep") or cut) and noun in _NOT_HEADS:
        return None
    return noun


_PREPOSITION_BEFORE = re.compile(
    r"\b(?:from|to|in|on|at|before|after|since|by|with|for|into|under|than)\s+$", re.IGNORECASE
)


def headed_name(name: str, head: str, word: str | None = None) -> bool:
    """Whether a capitalised name is one of the ``head`` noun's kind by its own words: it
    ends in the noun ("the Hollis Prize", "Jefferson County") or opens with it before
    "of" ("the Province of Queensland"). Given the question's ``word`` for it, a plural
    of a singular asked noun is another kind ("the United States" is no "state")."""
    parts = name.split()
    if not parts or not parts[-1][:1].isupper():
        return False
    last = parts[-1].lower()
    if stem(last) == head:
        return word is None or word.endswith("s") or not last.endswith("s") or last == word
    return len(parts) > 2 and parts[1] == "of" and stem(parts[0].lower()) == head


_WORD_BEFORE = re.compile(r"([a-z]+)\s+$")


def after_head(sentence: str, start: int, word: str) -> bool:
    """Whether the name at ``start`` stands right after the asked noun ``word`` (or its
    plural), in apposition: "the broadcaster DR", "the river Seine" (for "Which broadcaster
    ...?"); a verb of the same stem is no such noun ("the jury awarded Parasite")."""
    before = _WORD_BEFORE.search(sentence[max(0, start - 40) : start])
    return before is not None and before.group(1) in {word, f"{word}s", f"{word}es"}


# "Casino is a 1995 American epic crime film", "The Finnish markka was the currency of
# Finland": a name the sentence opens with (one common noun may end it), defined
# by a noun phrase (its first seven words, up to a clause or a qualifying phrase:
# `_DEFINED_ENDS`) that holds the kind's noun
_DEFINED = re.compile(
    r"\s*(?:The\s+)?(?P<name>[A-Z0-9][\w'’.:-]*(?:\s+(?:(?:of|the|and|de|in|on|a)\s+)?"
    r"[A-Z0-9][\w'’.:-]*){0,6}"
    r"(?:\s+(?!(?:also|still|then|later|now|once|already|never|not|only|soon|thus)\b)[a-z]+)?)"
    r"\s+(?:\([^()]*\)\s+)?(?:is|was)\s+(?:an?|the)\s+"
    r"(?P<kind>(?:[\w'’-]+\s+){0,6}[\w'’-]+)"
)
# "What is the capital of X?", "What was the official currency of X ...?": the noun a
# copular question asks for, when its wh-word has none of its own
_COPULAR = re.compile(
    r"\s*(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:(?:official|main|current|former|"
    r"national|first|original)\s+)?(?P<noun>[a-z]+)\s+(?:of|for)\b",
    re.IGNORECASE,
)


def _copular_noun(question: str) -> str | None:
    m = _COPULAR.match(question)
    return stem(m.group("noun").lower()) if m else None


# where the defining noun phrase ends: a clause or a phrase that qualifies it ("a town
# where the film was shot" defines no film)
_DEFINED_ENDS = re.compile(
    r"\s(?:where|which|that|who|whose|whom|when|in|of|by|for|with|on|at|from|to|and|or|"
    r"[a-z]+ed)\b"
)
_NOMINAL = re.compile(r"(?:al|ion|ment|ance|ence|ure)s?$")
_CLAUSE_START = re.compile(
    r"(?:^|[;:—(]|\b(?:which|who|whom|whose|when|while|where|whereas|although|because)\b)",
    re.IGNORECASE,
)
_CODE = re.compile(r"(?=\S*\d)[A-Za-z0-9-]+")
_AFTER_BY = re.compile(r"\bby\s+(?:the\s+)?$")
_PASSIVE = re.compile(
    r"\b(?:was|were|is|are|been|being|be)\s+"
    r"(?:(?:\w+ly|not|never|first|then|also|later|soon|often|once|still|all)\s+)*$",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(?:he|she|they|it|we|i|you|his|her|their|its)\b", re.IGNORECASE)


def doer_before(sentence: str, at: int, anchors: Iterable[str]) -> bool:
    """Whether the question's subject does the verb at ``at`` (for "Who did X marry?"):
    the verb is active and one of the question's names (or, when the sentence names
    none of them, a pronoun standing for the page's subject) is in its clause before
    it. "King David I, whose elder brother Alexander I had married Sybilla" does not
    say whom King David I married."""
    before = sentence[:at]
    if _PASSIVE.search(before):
        return False
    clause = max(m.end() for m in _CLAUSE_START.finditer(before))
    names = set(anchors)
    if not names:
        return True
    if names & {stem(w) for w in words(before[clause:])}:
        return True
    named = names & {stem(w) for w in words(sentence)}
    return not named and _PRONOUN.search(before[clause:]) is not None


def _by_role(
    sentence: str,
    spans: list[tuple[int, int]],
    verb: str,
    role: str,
    anchors: Iterable[str] = (),
) -> tuple[int, int] | None:
    """The candidate standing where the asked role of ``verb`` stands in ``sentence``.

    Subject: after "VERB by" (passive) or "VERBal of" (a noun: "the betrayal of X"),
    else the first candidate of the verb's clause before it, unless a pronoun is that
    clause's subject ("He made X earl" names no one). Object: the nearest candidate
    after the verb."""
    for match in re.finditer(r"\w+(?:['’]\w+)*", sentence):
        if stem(match.group(0)) != verb:
            continue
        after = [sp for sp in spans if sp[0] >= match.end()]
        if role == "object":
            # "X were encouraged ... by the Lombards": the one after "by" is the doer
            done_to = [sp for sp in after if not _AFTER_BY.search(sentence[: sp[0]])]
            if done_to and doer_before(sentence, match.start(), anchors):
                return min(done_to)
            continue
        follows = sentence[match.end() :]
        if _PASSIVE.search(sentence[: match.start()]):
            # "Dyrrachium was betrayed to the Normans by the Venetian ...": the doer is
            # named after "by" in its clause, never the subject before the verb
            by = re.match(r"[^,;:—(]{0,40}?\bby\s", follows)
            near = [sp for sp in after if by is not None and sp[0] >= match.end() + by.end()]
            if near:
                return min(near)
            continue
        agent = re.match(r"\s+by\s", follows) or (
            _NOMINAL.search(match.group(0).lower()) and re.match(r"\s+(?:of|by)\s", follows)
        )
        if agent:
            near = [sp for sp in after if sp[0] - match.end() <= 40]
            if near:
                return min(near)
            continue
        if _NOMINAL.search(match.group(0).lower()):
            continue  # a noun such as "the betrayal": its agent is not before it
        clause = max(m.end() for m in _CLAUSE_START.finditer(sentence[: match.start()]))
        before = sorted(sp for sp in spans if clause <= sp[0] and sp[1] <= match.start())
        if not before:
            continue
        if _PRONOUN.search(sentence[clause : before[0][0]]):
            continue
        return before[0]
    return None


def candidates(
    answer_type: AnswerType,
    sentence: str,
    proper: frozenset[str] = frozenset(),
    eras: bool = False,
) -> list[tuple[int, int]]:
    """Spans of ``sentence`` that could be an answer of ``answer_type``; with ``eras``,
    a date may be an era's (`_ERA`) in a sentence that gives no calendar date (the
    reading's candidates, and whether a value is a date at all; not the dates a sentence
    sets beside each other, which are the calendar's)."""
    if answer_type is AnswerType.TIME:
        return [m.span() for m in _TIME.finditer(sentence)]
    if answer_type is AnswerType.YEAR:
        return [m.span() for m in _YEAR.finditer(sentence)]
    if answer_type is AnswerType.DATE:
        dates = _longest(m.span() for m in _DATE.finditer(sentence))
        if dates or not eras:
            return dates
        return _longest(m.span() for m in _ERA.finditer(sentence))
    if answer_type in (AnswerType.NUMBER, AnswerType.AMOUNT):
        return _numbers(answer_type, sentence)
    names = [s for s in _name_spans(sentence) if _lone_word_ok(sentence, s, proper)]
    if answer_type is AnswerType.PLACE:
        # "printed in A0 portrait format": one word of letters and digits is a code (a
        # paper size, a model), not a place ("Room 101" keeps its number as a word)
        places = [
            s
            for s in names
            if _after_place_preposition(sentence, s[0])
            and not _CODE.fullmatch(sentence[s[0] : s[1]])
        ]
        # documentation's places are code: "write to ... `environ['wsgi.errors']`", "find
        # it at `.venv/var/flaskr-instance`", "available as `e.original_exception`"
        return places + [m.span(1) for m in _PLACED_CODE.finditer(sentence) if m.group(1).strip()]
    if answer_type is AnswerType.PERSON:
        return [
            part
            for span in names
            if not _after_place_preposition(sentence, span[0]) and not _in_quotes(sentence, span[0])
            for part in _person_parts(sentence, span)
            if sentence[part[0] : part[1]].split()[-1] not in _NOT_PERSON_HEADS
            or _WHO_FOLLOWS.match(sentence, part[1])
        ]
    return []


# "Hall, who was the first president of ...": a name a "who" clause follows is a person's,
# whatever word ends it (a surname may be a building's or a place's head: Hall, Church)
_WHO_FOLLOWS = re.compile(r",?\s+who\b")


def _numbers(answer_type: AnswerType, sentence: str) -> list[tuple[int, int]]:
    spans = []
    for m in _NUMBER.finditer(sentence):
        s, e = m.span()
        if answer_type is AnswerType.NUMBER and _YEAR.fullmatch(m.group(0)):
            continue
        if _in_date(sentence, s, e):
            continue  # the 4 of "4 May 1998" counts days, not things
        if _IN_IDENTIFIER_BEFORE.search(sentence, 0, s) or _IN_IDENTIFIER_AFTER.match(sentence, e):
            continue  # the 5 of "gpt-5-mini", the 3 of "py/3": part of a name, not a count
        unit = _UNIT.match(sentence, e)
        measure = _MEASURE.match(sentence, e) if answer_type is AnswerType.NUMBER else None
        if unit or measure:
            e = (unit or measure).end()  # type: ignore[union-attr]
        if answer_type is AnswerType.AMOUNT and not (unit or m.group(0)[0] in "$€£"):
            continue
        spans.append((s, e))
    return spans


_IN_IDENTIFIER_BEFORE = re.compile(r"[A-Za-z][-/]$")
_IN_IDENTIFIER_AFTER = re.compile(r"/\w")


def _in_date(sentence: str, start: int, end: int) -> bool:
    """Whether a number is the day or year of a longer date ("4 May 1998")."""
    spans = (m.span() for m in _DATE.finditer(sentence))
    return any(ds <= start and end <= de and de - ds > end - start for ds, de in spans)


def names(sentence: str) -> list[str]:
    """Proper-name sequences (for bridge entities in two-hop questions)."""
    return [sentence[s:e] for s, e in _name_spans(sentence)]


def _name_spans(sentence: str) -> list[tuple[int, int]]:
    spans = []
    for m in _CAPSEQ.finditer(sentence):
        text = m.group(0)
        parts = text.split()
        while parts and parts[0] in _NOT_NAMES:
            parts = parts[1:]
        if not parts or all(p in _NOT_NAMES or p.isdigit() for p in parts):
            continue
        spans.append((m.start() + text.index(parts[0]), m.end()))
    return spans


def _lone_word_ok(sentence: str, span: tuple[int, int], proper: frozenset[str]) -> bool:
    """A single capitalised word opening the sentence may be an ordinary word ("Local
    records say ..."): keep it only if the page capitalises it elsewhere too."""
    text = sentence[span[0] : span[1]]
    at_start = not sentence[: span[0]].strip(" \"'(")
    return not at_start or " " in text or text in proper


def _person_parts(sentence: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """A name sequence split at "of" ("CEO of Acme Robotics" names no person), with
    all-capital words trimmed from its ends ("CEO", "NASA": roles and organisations)."""
    groups: list[list[tuple[int, int]]] = [[]]
    for m in re.finditer(r"\S+", sentence[span[0] : span[1]]):
        token = m.group(0)
        if token in ("of", "the") and (token == "of" or not groups[-1]):
            groups.append([])
            continue
        groups[-1].append((span[0] + m.start(), span[0] + m.end()))
    parts = []
    for group in groups:
        while group and _acronym(sentence[group[0][0] : group[0][1]]):
            group = group[1:]
        while group and _acronym(sentence[group[-1][0] : group[-1][1]]):
            group = group[:-1]
        if group and not any(c.isdigit() for c in sentence[group[0][0] : group[-1][1]]):
            parts.append((group[0][0], group[-1][1]))  # people's names have no digits
    if len(groups) > 1 and groups[0] and parts and parts[0][0] == groups[0][0][0]:
        # "Sybilla of Normandy", "Duke William II of Normandy": a person of a place is
        # one name; the place alone is no answer to "who"
        return [(parts[0][0], parts[-1][1])]
    return parts


def _acronym(text: str) -> bool:
    """All capitals ("CEO", "NASA"), but not a regnal number ("II", "XIV")."""
    return all(
        w.isupper() and len(w) > 1 and re.fullmatch(r"[IVXL]+", w) is None for w in text.split()
    )


def _after_place_preposition(sentence: str, start: int) -> bool:
    """Whether the name at ``start`` stands where a place does: after a place
    preposition ("in Laie"), or in apposition to a place named after one ("in Laie,
    Hawaii"; "in Honolulu County, Hawaii, United States")."""
    if _PLACE_PREPOSITION.search(sentence[max(0, start - 24) : start]) is not None:
        return True
    before = sentence[max(0, start - 120) : start]
    chain = _PLACE_CHAIN.search(before)
    return chain is not None and _PLACE_PREPOSITION.search(before[: chain.start()]) is not None


_PLACED_CODE = re.compile(
    r"\b(?:in|at|to|into|as|under|from|inside)\s+(?:the\s+\w+\s+)?`([^`\n]+)`", re.IGNORECASE
)
# one or more "Name, " right before a name: "Laie, " of "in Laie, Hawaii"
_PLACE_CHAIN = re.compile(r"(?:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*,\s+)+$")


def placed(sentence: str, value: str) -> bool:
    """Whether every mention of ``value`` in ``sentence`` stands where a place does
    (`_after_place_preposition`): such a name is no person ("Who wrote ...?" is not
    answered by "Hawaii" of "a luau in Laie, Hawaii")."""
    spots = [m.start() for m in re.finditer(re.escape(value), sentence)]
    return bool(spots) and all(_after_place_preposition(sentence, at) for at in spots)


def _in_quotes(sentence: str, at: int) -> bool:
    """Whether ``at`` is inside a quotation: a name in quotes is a work's title ("The
    Hukilau Song" is a song written by ...), not a person."""
    before = sentence[:at]
    return before.count('"') % 2 == 1 or before.count("“") > before.count("”")


def quoted(sentence: str, value: str) -> bool:
    """Whether every mention of ``value`` in ``sentence`` is inside quotes (`_in_quotes`)."""
    spots = [m.start() for m in re.finditer(re.escape(value), sentence)]
    return bool(spots) and all(_in_quotes(sentence, at) for at in spots)


def _longest(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Non-overlapping spans, preferring the longest at each start."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans, key=lambda x: (x[0], -x[1])):
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out


def _names_itself(question: str, name: str) -> bool:
    """Whether the question says ``name`` as a whole name of its own ("The Contoocook
    River flows north to which river?": the river asked is another), not as a part of a
    longer one ("The Potter County Courthouse is in which county?")."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", name, flags=re.IGNORECASE)
    for m in re.finditer(rf"(?<![\w'’.-]){re.escape(bare)}(?![\w'’-])", question):
        before = re.search(r"([A-Z][\w'’.-]*)\s+$", question[: m.start()])
        if re.match(r"\s+(?:of\s+)?[A-Z]", question[m.end() :]):
            continue  # "Potter County Courthouse"
        if before is not None and before.group(1) not in ("The", "A", "An"):
            continue
        return True
    return False


def _only_question_words(text: str, question_terms: set[str]) -> bool:
    terms = [stem(w) for w in words(text) if w.lower() not in STOPWORDS]
    return bool(terms) and all(t in question_terms for t in terms)


_LEAD = re.compile(r"^(?:is|are|was|were|be|been|being|by|of|as|to|:|-|—|,)\s+", re.IGNORECASE)

# a question that ends with its verb's preposition ("What is the errors dictionary keyed
# on?", "What were the chains made out of?"): the answer is that preposition's object
_STRANDED = re.compile(
    r"\b([A-Za-z][\w-]*)\s+((?:out\s+)?(?:on|in|to|from|of|by|for|with|after|at|into|about))"
    r"\s*\?\s*$",
    re.IGNORECASE,
)
# where the object's phrase ends: a clause's punctuation or its connective
_PHRASE_END = re.compile(
    r"\s*(?:[,;:.!?()\[\]—]|\s-\s|\b(?:which|who|whom|whose|where|when|while|because|but)\b)",
    re.IGNORECASE,
)


def _after_stranded(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """The object of the question's stranded preposition in ``sentence``: the phrase
    after the question's last word and that preposition ("... will be keyed on the
    indices of invalid items" for "... keyed on?"), or None when the question ends
    otherwise, the sentence does not say the two together, or the phrase is only the
    question's words. The question's verb, not its last word of any kind, marks where
    the answer stands: the situation's words ("invalid items") may come after it."""
    for start, end in _stranded_objects(question, sentence, answer_from):
        phrase = sentence[start:end].strip(" .,;:")
        if words(phrase) and not _only_question_words(phrase, question_terms):
            return phrase
    return None


# "Whom is the song named after?", "What was the ship named for?"
_NAMED_AFTER = re.compile(r"\bnamed\s+(?:after|for)\s*\?\s*$", re.IGNORECASE)
# prepositions a stranded one is also said with: a thing "named after" someone is "named
# for" them in American usage
_SAME_PREPOSITION = {"after": "(?:after|for)", "for": "(?:for|after)"}


def _stranded_objects(
    question: str, sentence: str, answer_from: int = 0, same: bool = False
) -> Iterator[tuple[int, int]]:
    """Where, in ``sentence``, the object of the question's stranded preposition stands:
    each phrase after the question's verb and that preposition (``same``: or one said the
    same way, `_SAME_PREPOSITION`), to the clause's end; none when the question ends
    otherwise or the sentence does not say the verb with the preposition."""
    m = _STRANDED.search(asked_part(restate(question)))
    if m is None or m.group(1).lower() in STOPWORDS:
        return
    key = stem(m.group(1))
    preposition = r"\s+".join(m.group(2).lower().split())
    if same:
        preposition = _SAME_PREPOSITION.get(preposition, preposition)
    for w in re.finditer(r"[A-Za-z][\w-]*", sentence):
        said = stem(w.group(0))
        if w.start() < answer_from or (said != key and canon(said) != canon(key)):
            continue
        after = re.match(rf"\s+(?:\w+ly\s+)?{preposition}\s+", sentence[w.end() :], re.IGNORECASE)
        if after is None:
            continue
        start = w.end() + after.end()
        end = _PHRASE_END.search(sentence, start)
        yield start, end.start() if end else len(sentence)


def _stranded_object(question: str, sentence: str, answer_from: int = 0) -> tuple[int, int] | None:
    """The first of `_stranded_objects`, a preposition said the same way included ("named
    after?" over "is named for his friend Marty Jones, ..."), or None."""
    return next(_stranded_objects(question, sentence, answer_from, same=True), None)


# "In what kind of document ...?", "What type of index ...?": the kind is the noun's modifier
_KIND_OF = re.compile(r"\bwhat\s+(?:kind|sort|type)s?\s+of\s+([a-z][\w-]*)", re.IGNORECASE)


def _kind_of(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """The words before the asked noun in ``sentence`` when the question asks what kind
    of it ("In what kind of document do the jobs get exported ...?" over "... export the
    jobs to a JSON document ...": JSON); None when the question asks no kind or the
    sentence writes the noun bare or only with the question's words."""
    m = _KIND_OF.search(question)
    if m is None:
        return None
    noun = stem(m.group(1).lower())
    for w in re.finditer(r"[A-Za-z][\w-]*", sentence):
        if w.start() < answer_from or stem(w.group(0).lower()) != noun:
            continue
        before = re.search(
            r"\b(?:a|an|the)\s+((?:[\w.+-]+\s+)?[\w.+-]+)\s+$", sentence[: w.start()], re.I
        )
        if before is None:
            continue
        kind = before.group(1)
        said = [stem(k.lower()) for k in words(kind)]
        if said and not any(k in question_terms for k in said):
            return kind
    return None


def _code_span_at(sentence: str, at: int) -> tuple[int, int] | None:
    """The code span (backticks included) of ``sentence`` that holds offset ``at``."""
    for m in CODE_SPAN.finditer(sentence):
        if m.start() < at < m.end():
            return m.start(), m.end()
        if m.start() > at:
            break
    return None


CODE_SPAN = re.compile(r"`[^`\n]+`")  # a code span, its backticks included


def _clause_after_question_words(sentence: str, question_terms: set[str]) -> str | None:
    """What follows the last question word; None when nothing does (the whole sentence
    is no short answer)."""
    last_end = None
    for m in re.finditer(r"\w+(?:['’]\w+)*", sentence):
        if stem(m.group(0)) in question_terms:
            last_end = m.end()
            span = _code_span_at(sentence, m.start())
            if span is not None and any(
                stem(w) not in question_terms
                for w in re.findall(r"[A-Za-z]\w*", sentence[m.end() : span[1]])
            ):
                # "the `structlog.testing.capture_logs()` context manager" for "What's
                # structlog's counterpart to ... in a test?": a code span is one name, not
                # cut after the question's words in it (when it holds others after them)
                last_end = span[0]
    if last_end is None:
        return None  # no question word to answer after
    rest = sentence[last_end:].strip()
    while True:
        trimmed = _LEAD.sub("", rest)
        if trimmed == rest:
            break
        rest = trimmed
    rest = rest.rstrip(" .;:!")
    if not words(rest):
        return None  # the sentence ends with the question's words: it answers nothing
    named = _NAME_THEN_CLAUSE.match(rest)
    if named is not None and named.group("name").split()[0] not in _NOT_NAMES:
        # "capital is Sydney, which is also Australia's most populous city": the name
        # the clause after it describes
        return named.group("name")
    return rest


# a name, then a "which" clause that describes it as it is now ("Sydney, which is also
# Australia's most populous city"); not one that tells a change ("Rio de Janeiro, which
# was replaced by Brasília in 1960": the name is no longer the answer)
_NAME_THEN_CLAUSE = re.compile(
    r"(?P<name>[A-Z][\w'’.-]*(?:\s+(?:(?:of|the|de|and)\s+)?[A-Z][\w'’.-]*){0,5}),\s+"
    r"(?:which|who)\s+(?:is|are|has|have|remains|serves|lies)\b"
    r"(?![^.;]*\b(?:replaced|succeeded|superseded|renamed|moved|passed|transferred|lost|"
    r"abolished|until|no longer|former|formerly|ceased|dissolved|merged)\b)"
)


# a wh-phrase inside the question, after its subject and verb ("Celery configuration is
# taken from which key in the Flask configuration?"): not one fronted before an inverted
# auxiliary ("Beside which river does Orléans lie?")
_IN_SITU = re.compile(r"(?<=[\w,)’'`]) (?:which|what)\b", re.IGNORECASE)
_INVERTED = _set(
    "is was are were do does did can could should would will has have had may might must"
)
_TOKEN = re.compile(r"`[^`\n]+`|[\w'’.-]*\w|[^\w\s]")
_SLOT_ENDS = _set("which that who whom whose where when while and but or because since as if")
_DETERMINERS = _set("the a an its their his her this that these those")
_WH_PHRASE_WORDS = TYPE_WORDS | _QUALIFIERS | _set("one ones")
_COORDINATORS = _set("and or")
# a relative clause that runs on to a name: ", who had studied at [Yale University]"
_RELATIVE = re.compile(r",\s+(?:who|whom|whose|which|where)\b[^,;]*$")
_SLOT_PREPOSITIONS = _set(
    "in at on near by with from for to into under over during after before since until "
    "within across along through"
)


def filled_slot(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """What ``sentence`` says where the question's in-situ wh-phrase stands: the question
    restated with its slot filled ("Yugoslavia was a founding member of the Non-Aligned
    Movement" for "Yugoslavia was a founding member of which movement?" -> Non-Aligned;
    `slot_of`). A name that ends the slot is the answer without the words before it
    ("the somewhat larger Tethys" -> Tethys). None when the sentence does not say it so,
    or the slot is only the question's words."""
    found = slot_of(question, sentence, answer_from)
    if found is None:
        return None
    value = sentence[found[0] : found[1]].strip(" ,;:")
    name = _TRAILING_NAME.search(value)
    if name is not None and name.start() > 0 and "`" not in value:
        value = name.group(0)
    if not words(value) or _only_question_words(value, question_terms):
        return None
    return value


# a capitalised name that ends a phrase ("somewhat larger Tethys")
_TRAILING_NAME = re.compile(r"(?<![\w-])[A-Z][\w'’-]*(?:\s+(?:(?:of|the|de)\s+)?[A-Z][\w'’-]*)*$")


def slot_of(question: str, sentence: str, answer_from: int = 0) -> tuple[int, int] | None:
    """Where ``sentence`` says what the question's in-situ wh-phrase asks, as offsets.
    The two words before the wh-phrase must stand together in the sentence (from
    ``answer_from`` on), with the question's other words before them said since the
    last such place (so "Her mother was born in Galveston, and Beyoncé was born in
    Houston" answers "Beyoncé was born in which city?" with its second place, and
    "Yugoslavia was a founding member of ..." no question about Serbia); when the
    question goes on after the wh-phrase, its next two words stand after the slot,
    within eight words, else the slot ends at the clause's end, and with an asked noun
    at that noun. A determiner and the asked noun around the slot are not part of it,
    nor what a preposition adds after it ("the North Sea near Rotterdam"). None when the
    question has no such wh-phrase (one fronted before an inverted auxiliary is none),
    the sentence does not say it so, or the slot is empty, longer than six words, cut
    at "and" ("American and British delegates"), or, with an asked noun, names none
    ("this somewhat larger Tethys sea" does, "a shallow northern sea" and "the 1066
    battle" do not)."""
    asked = _slot_question(question)
    if asked is None:
        return None
    left, said, head, after = asked
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(sentence, answer_from)]
    lower = [sentence[a:b].lower() for a, b in tokens]
    stems = [stem(w) for w in lower]
    since = 0  # where the words before this place are looked for
    for i in range(len(tokens) - len(left)):
        if tuple(stems[i : i + len(left)]) != left:
            continue
        first = i + len(left)
        between, since = set(stems[since:i]), first
        if not said <= between:
            continue  # another subject's clause ("Her mother was born in ...")
        place = _slot_at(tokens, lower, stems, first, head, after)
        if place is not None:
            at, to = place
            if head is None or re.search(r"[A-Z`]", sentence[at:to]):
                return place
    return None


@lru_cache(maxsize=256)  # asked of every sentence read; a pure function of the question
def _slot_question(
    question: str,
) -> tuple[tuple[str, ...], frozenset[str], str | None, tuple[str, ...]] | None:
    """`slot_of`'s parts of the question: the stems of the two words before its in-situ
    wh-phrase, the content stems said before them, the asked noun, and the stems of the
    two words after the wh-phrase; None when it has no such wh-phrase."""
    asked = asked_part(restate(question))
    found = _IN_SITU.search(asked)
    if found is None:
        return None
    before = [t.lower() for t in _TOKEN.findall(asked[: found.start()])]
    rest = _TOKEN.findall(asked[found.end() :])
    if len(before) < 2 or not rest or rest[0].lower() in _INVERTED:
        return None
    if before[-1] in _COORDINATORS:
        return None  # "Koblenz and what other city?" asks a partner (`coordinate_partner`)
    head = head_word(asked)
    # the wh-phrase's own words: up to its noun ("which key", "what other country")
    phrase = 0
    if head is not None:
        for i, token in enumerate(rest[:4]):
            if stem(token.lower()) == stem(head):
                phrase = i + 1
                break
        else:
            return None
    else:  # "which year", "what other one": a type word or a qualifier is no head
        while phrase < min(len(rest), 3) and rest[phrase].lower() in _WH_PHRASE_WORDS:
            phrase += 1
    after = tuple(stem(t.lower()) for t in rest[phrase:] if t not in "?.!")[:2]
    if phrase < len(rest) and rest[phrase].lower() in _INVERTED:
        return None  # "..., what direction does it flow?": fronted after all
    left = tuple(stem(w) for w in before[-2:])
    said = frozenset(stem(w) for w in before[:-2] if w.isalnum() and w not in STOPWORDS)
    return left, said, head, after


def _slot_at(
    tokens: list[tuple[int, int]],
    lower: list[str],
    stems: list[str],
    first: int,
    head: str | None,
    after: tuple[str, ...],
) -> tuple[int, int] | None:
    """`slot_of`'s slot from token ``first`` on, as offsets, or None."""
    end = None
    if after:
        for j in range(first + 1, min(first + 9, len(tokens) - len(after) + 1)):
            if tuple(stems[j : j + len(after)]) == after:
                end = j
                break
    else:
        end = first
        while end < len(tokens) and end - first < 9:
            if lower[end] in _SLOT_ENDS or not re.match(r"[\w`]", lower[end]):
                break
            end += 1
            if head is not None and stems[end - 1] == stem(head):
                break
        if end < len(tokens) and lower[end] in _COORDINATORS:
            return None  # "American and British delegates": one of several
        if head is not None and (end == first or stems[end - 1] != stem(head)):
            return None
    if end is None:
        return None
    slot = list(range(first, end))
    while slot and lower[slot[0]] in _DETERMINERS:
        slot = slot[1:]
    if head is not None and slot:
        if stems[slot[-1]] == stem(head):
            slot = slot[:-1]
        elif stems[slot[0]] == stem(head):
            slot = slot[1:]
    if not after:
        # "the North Sea near Rotterdam", "C with some parts in Python": what a
        # preposition adds is not the slot's
        cut = next((k for k, t in enumerate(slot) if k and lower[t] in _SLOT_PREPOSITIONS), None)
        slot = slot[:cut] if cut is not None else slot
    if not slot or len(slot) > 6:
        return None
    return tokens[slot[0]][0], tokens[slot[-1]][1]


# "The Rhine and what other river ...?", "... between Koblenz and what other city?": the
# name the question pairs the asked one with
_AND_WHAT = re.compile(
    r"(?P<name>[A-Z][\w'’-]*(?:\s+(?:(?:am|an|de|der|del|of|on|upon|van|von|aan)\s+)?"
    r"[A-Z][\w'’-]*)*)\s+(?:and|or)\s+(?:what|which)\b(?:\s+other\b)?"
)
# a name a partner phrase ends or starts with ("Rüdesheim am Rhein", "upper Danube")
_NAME_RUN = r"[A-Z][\w'’-]*(?:\s+(?:(?:am|an|de|der|del|of|on|upon|van|von|aan)\s+)?[A-Z][\w'’-]*)*"
_PARTNER_BEFORE = re.compile(rf"(?<![\w-])(?P<partner>{_NAME_RUN}),?\s+(?:and|or)\s+(?:the\s+)?$")
_PARTNER_AFTER = re.compile(
    rf"\s+(?:and|or)\s+(?:the\s+)?(?:[a-z]+\s+)?(?P<partner>{_NAME_RUN})(?![\w-])"
    # the pair ends there: not "the German mathematician Leibniz", not "Bonn lies ..."
    rf"(?=\s*(?:[^\w\s]|$|(?:{_STOP_ALTERNATIVES})\b))"
)


def coordinate_partner(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """The name a sentence coordinates with the one the question pairs the asked one
    with: "The Rhine and what other river ...?" over "... the water-boundary of the
    Rhine and upper Danube" -> Danube; "... between Koblenz and what other city?" over
    "between Rüdesheim am Rhein and Koblenz" -> Rüdesheim am Rhein. A name after the
    paired one ends the pair (a stop word, a mark or the end after it): "Newton and the
    German mathematician Leibniz" and "Koblenz and Bonn lies further north" pair no name
    this way. None when the question asks no such pair, the sentence does not
    coordinate that name with another, or the partner is only the question's words."""
    asked = asked_part(restate(question))
    found = _AND_WHAT.search(asked)
    if found is None:
        return None
    name = re.sub(r"^(?:The|A|An)\s+", "", found.group("name"))
    if name.lower() in STOPWORDS:
        return None  # "There and what ...": a sentence's first word, no name
    for at in (m.start() for m in re.finditer(re.escape(name), sentence)):
        if at < answer_from:
            continue
        before = _PARTNER_BEFORE.search(sentence[answer_from:at])
        after = _PARTNER_AFTER.match(sentence, at + len(name))
        for partner in (before, after):
            if partner is None:
                continue
            value = partner.group("partner")
            if not _only_question_words(value, question_terms):
                return value
    return None


# "By what other name is the album 311 known?", "Under what other name is the Blue Lacy
# known?", "What is Anthemis cotula also known as?", "What else is it called?": a name
# the thing also goes by, whenever (not a former or a later one: "called today")
_ASKS_ALIAS = re.compile(
    r"\b(?:what|which)\s+(?:other|else|alternative|alternate)\s+names?\b"
    r"|\b(?:also|otherwise|commonly|better)\s+(?:known|called)\b"
    r"|\bwhat\s+else\s+(?:is|was|are|were)\b.*\b(?:called|known)\b",
    re.IGNORECASE,
)
# how a sentence gives such a name, in apposition to the thing: "Sorin Hall, also known
# as Sorin College, ...", "Kung Fu Tai Chi (also commonly known as Kung Fu Magazine)";
# not a former one ("previously known as")
_ALIAS = re.compile(
    r"(?:,|\()\s*(?:(?:also|commonly|better|popularly|otherwise|sometimes|often|locally|"
    r"widely|informally|colloquially)\s+)+(?:known\s+as|called|referred\s+to\s+as)\s+"
    r"|(?:,|\()\s*(?:a\.k\.a\.?|aka)\s+",
    re.IGNORECASE,
)
# the name, to the clause's end: a quoted one, or up to eight words ("stinking chamomile",
# "Hansen's bacillus", "the Bard of Avon")
_ALIAS_NAME = re.compile(
    r"\"(?P<quoted>[^\"]{1,80})\""
    r"|(?P<plain>[^\s,;()\"][^,;()\"]{0,79}?)(?=\s*(?:[,;()]|\.(?:\s|$)|$))"
)
# between the thing's last name and the apposition: nothing but the rest of its name
_NAME_TAIL = re.compile(r"""[\w'’"”.-]*(?:\s+(?:[A-Z0-9"“][\w'’"”.-]*|of|the|de|and))*\s*$""")


def other_name(
    frame: Frame, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """The other name a sentence gives the question's thing, for a question that asks
    one ("By what other name is the album 311 known?" over '... on the album "311",
    also known as "The Blue Album"' -> The Blue Album): in apposition to it, right after
    the last of the question's names (only the rest of a name between them, so not "Lake
    Baikal is fed by the Selenga River, also called the Selenge"), with every word of the
    question that the sentence says said before it (so not "Beyonce, also known as Queen
    Bey, led the group" for "Beyonce's group"). None when the question asks no other
    name, the sentence gives none so, says it is not one ("is not ... also called"), or
    the name is only the question's words or longer than eight words. A former or a later
    name ("formerly known as", "now called") answers another question, with a time."""
    if not _ASKS_ALIAS.search(frame.text):
        return None
    asked = set(frame.anchors) | set(frame.relation)
    for found in _ALIAS.finditer(sentence, answer_from):
        head = sentence[answer_from : found.start()]
        said = [(m.end(), stem(m.group(0))) for m in re.finditer(r"[\w'’-]+", head)]
        before = {w for _, w in said}
        after = {stem(w) for w in words(sentence[found.end() :])}
        if not asked & before or (asked & after) - before:
            continue  # another thing's other name, or a word of the question said after it
        last = max(end for end, w in said if w in asked)
        if not _NAME_TAIL.fullmatch(head[last:]) or re.search(r"\bnot\b", head):
            continue
        named = _ALIAS_NAME.match(sentence, found.end())
        if named is None:
            continue
        value = next(g for g in named.groups() if g).strip(" ,;:.")
        if 0 < len(words(value)) <= 8 and not _only_question_words(value, question_terms):
            return value
    return None


def span_refused(frame: Frame, sentence: str, value: str) -> bool:
    """Whether the hard rules (`sleuth.policies.verify.check`) refuse a typed candidate
    as no value of the asked kind where another candidate of the sentence is: a people's
    adjective for a person or place ("the Italian composer Luciano Berio": not Italian),
    a span's other end ("Until what year ...?" over "from 2004 to 2007": 2007, not 2004).
    Asked of each candidate before one is chosen, so that the sentence is read with the
    next. A candidate the rules refuse as another thing's (a count of other awards,
    another name's dates) is no such case: the next candidate may be another's too
    ("won three Golden Globes and was nominated for eight Oscars"), so the sentence
    keeps it, and the rules refuse its reading."""
    kind = frame.answer_type
    if kind in (AnswerType.PERSON, AnswerType.PLACE) and contrary.demonym(
        sentence, value, kind is AnswerType.PERSON
    ):
        return True
    return pairing.range_end_mismatch(_asked_text(frame.text), sentence, value)


@lru_cache(maxsize=256)  # asked of every candidate; a pure function of the question
def _asked_text(question: str) -> str:
    return asked_part(restate(question))


# "one of the fifty-four districts": the count right after the "one" of "one of"
_WHOLE_AFTER_ONE = re.compile(r"\bone\s+of\s+(?:the\s+|its\s+|their\s+)?$", re.IGNORECASE)


def counted_whole(sentence: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The number candidates with the "one" of "one of the fifty-four" (`contrary.
    one_of_many`, which the hard rules refuse as a count) replaced by the whole it is one
    of: "Tartu is one of the fifty-four districts" counts fifty-four. When the sentence
    counts anything else ("Bach, one of eight children, fathered twenty children"), it
    is not told which count is asked: no candidate."""
    ones = [(s, e) for s, e in spans if contrary.one_of_many(sentence, sentence[s:e])]
    if not ones:
        return spans
    rest = [span for span in spans if span not in ones]
    if len(rest) == 1 and _WHOLE_AFTER_ONE.search(sentence, 0, rest[0][0]):
        return rest
    return []
