"""What a question asks: its frame (`frame_question`).

The first step of the offline reader (`sleuth.policies.reading` reads a page with a
frame, `sleuth.policies.extraction` takes the answer from a sentence). The expected
answer type comes from the wh-phrase (who → person, when / what year → date or year, what
time → time, where → place, how many → number, how much / cost / budget → amount;
otherwise "other"). Its content words split into *anchors* (names and ids: capitalised
words inside the question, words with digits or underscores) and *relation* words (the
rest, e.g. "founded", "head office", and acronyms such as "CEO", which name roles more
often than things). Temporal modifiers such as "current" are *soft*: they rank sentences
but are never required, and so are light verbs ("take place", "go up against", "made out
of"), which a sentence often says with another verb. Words that only name the answer type
("year", "time") are dropped. The question's last word, when it is a relation word, is its
*predicate* ("born" in "Where was the inventor of X born?"). A who-question also names the
*role* it asks for: the subject of its verb ("Who founded X?") or the object ("Who did X
hire?", whose verb is a relation word even when capitalised: "Who did Emma Marry?"). A
condition of omission in the question ("if you don't pass one", "unless you change X")
asks the default (`restate`). The names of a text (`names`) and the noun a wh-phrase asks
for (`head_word`) are read here too: a frame is made of them; so are the question without
the asker's preamble (`asked_part`) and the stop words as a pattern (`STOP_ALTERNATIVES`),
which the later steps share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from sleuth.text import STOPWORDS, stem, words

from . import excluded, renamed, technical
from .synonyms import OUT_OF_THE_BOX


class AnswerType(StrEnum):
    PERSON = "person"
    DATE = "date"
    YEAR = "year"
    TIME = "time"
    PLACE = "place"
    NUMBER = "number"
    AMOUNT = "amount"
    OTHER = "other"


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


SOFT_WORDS = word_set(
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
LIGHT_VERBS = word_set(
    "go goes going went gone come comes coming came take takes taking took taken make "
    "makes making made get gets getting got gotten become becomes becoming became use uses "
    "using used put puts putting set sets setting give gives giving gave given"
)


# A user's pronouns and "lets you": the asker's, never a fact to look for.
_CHATTER = frozenset(
    "you're i'm we're they're it's you've i've we've i'd you'd i'll you'll let's lets".split()
)


# Words that name the answer's type rather than the fact itself.
TYPE_WORDS = word_set(
    "year years date day time times place city country town location name when where century "
    "centuries decade decades"
)


# Words of a request or a question's grammar, never facts to look for.
QUESTION_VERBS = word_set(
    "be is are was were do does did has have had tell give list describe explain show find "
    "know please me one kind sort type"
)


FIELD_TYPES: dict[str, AnswerType] = {
    **dict.fromkeys(
        word_set("venue location place where address room city country"), AnswerType.PLACE
    ),
    **dict.fromkeys(word_set("time start starts start_time"), AnswerType.TIME),
    **dict.fromkeys(word_set("when date day deadline"), AnswerType.DATE),
    "year": AnswerType.YEAR,
    **dict.fromkeys(word_set("price fee cost budget salary"), AnswerType.AMOUNT),
    **dict.fromkeys(word_set("count number"), AnswerType.NUMBER),
    **dict.fromkeys(
        word_set("founder ceo speaker organiser organizer host author contact chair"),
        AnswerType.PERSON,
    ),
}


AMOUNT_WORDS = word_set("cost costs price prices fee fees budget salary pay paid worth")


MONTHS = (
    "January February March April May June July August September October November December "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec"
).split()


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


NOT_NAMES = frozenset(MONTHS) | word_set(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday The A An This That These "
    "Those It Its He She They We Our Their His Her I You Your In On At By For From To Of "
    "And But Or If When Where Who What Which How Why After Before During Since Until As "
    "Also Today Does Do Did Is Are Was Were Has Have Had Can Could Will Would Should "
    "Please Still Not No Yes Mr Mrs Ms Dr"
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
    # "by passing X" (the extraction's by-means rule), never the clause after the question's words
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


# a clause before the question's wh-word: a condition or a setting ("When I load ...,",
# "In the Flask example,"; "When a task hits a breakpoint, from which port ...?"), not a
# wh-question of its own ("Where did they settle, ...").
# `technical.kind_of` has a wider twin (`_opening_clause_end`: any text before a "which"
# or "what" after a comma or a sentence's end, "On a Mac, ... . Which service ...?");
# one rule for both would move readings of each and needs a refit and a held-out run
_OPENING_CLAUSE = re.compile(
    r"\s*(?:when|where|while|once|if|after|before|since|unless|because|although|though|"
    r"given|in|on|at|for|with|by|from|during|as)\b"
    r"(?!\s+(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have|had)\b)"
    r"[^,?]*,\s+(?=(?:(?:in|to|from|on|at|for|by|with|into|under)\s+)?"
    r"(?:what|which|who|whom|whose|how|when|where)\b)",
    re.IGNORECASE,
)


# "Within what time should you receive an acknowledgment?", "How soon ...?": a span of
# time, measured in its units ("within 48 hours"), not a time of day ("At what time ...?")
_DURATION_ASKED = re.compile(
    r"\bwithin\s+(?:what|which)\s+(?:time(?:\s*frame)?|timeframe|(?:time\s+)?period)\b"
    r"|\bhow\s+soon\b",
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
    if _DURATION_ASKED.search(q):
        return AnswerType.NUMBER  # "within what time ...?" asks a duration, not a clock time
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
    r"|without\s+(?:any\s+)?(?:configuration|configuring(?:\s+(?:it|anything))?)\b"
    # "... unless I configure it otherwise?", "unless told otherwise", "unless otherwise
    # specified": what holds until the asker chooses is the default
    # (ending the clause: "unless otherwise noted, which licence ...?" and "unless told
    # otherwise by the server" say something else)
    r"|unless\s+(?:otherwise\s+(?:told|configured|specified|set|stated|instructed)"
    rf"|(?:(?:you|one|I|we)\s+{_OMITTED_VERB}\s+(?:(?:it|them|this|that|one)\s+)?"
    r"|(?:told|configured|specified|set|stated|instructed)\s+)?otherwise)(?=\s*(?:[?.,;!]|$)))",
    re.IGNORECASE,
)


# an asker's condition of omission with its object said: "If I register the panel without
# passing a database, where ...?", "When I call self.redirect() without setting the
# permanent flag, which ...?" ask what holds by default, which documentation may say so
# ("By default the panel stores ..."; "The default value of `permanent` is `False`") as
# well as by the omission ("If no database is specified, ..."): `omits_a_choice`. In the
# opening clause only ("Which option lets me run without setting a password?" asks for a
# means), and not of what is required (leaving it out is an error, no default)
_WITHOUT_GIVING = re.compile(
    r"^\s*(?:if|when)\s+(?:I|we|you|one)\b[^,?]*?\bwithout\s+"
    r"(?:passing|specifying|setting|giving|providing|declaring|configuring|supplying|"
    r"choosing|adding|changing)\b(?![^,?]*\b(?:required|mandatory)\b)",
    re.IGNORECASE,
)

# what an omission may instead cause: an error, not a default
_ASKS_FAILURE = re.compile(r"\b(?:error|exception|warning|fail\w*|happens?)\b", re.IGNORECASE)


def omits_a_choice(question: str) -> bool:
    """Whether the asker's opening condition leaves a choice out ("If I register the
    panel without passing a database, ...?") and the question asks what then holds: a
    sentence saying what holds by default states the condition's "without"."""
    return _WITHOUT_GIVING.match(question) is not None and not _ASKS_FAILURE.search(question)


_UNLESS_CHANGED = re.compile(
    r",?\s*\bunless\s+(?:you|one)\s+(?:change|set|pass|override|configure)\s+(\S+?)(?=\W*$)",
    re.IGNORECASE,
)


_SINCE_WHICH = re.compile(
    r"\s*(?:since|starting (?:with|from|in)|beginning with|as of|from)\s+(?=which|what)",
    re.IGNORECASE,
)


def omission_as_default(text: str) -> str:
    """``text`` with a condition of omission ("If you don't specify an environment, ...")
    said as what it means, "by default" (`restate`'s first step)."""
    return _OMITTED.sub(" by default", text)


def restate(question: str) -> str:
    """``question`` with a condition of omission said as what it means, "by default"
    ("Which status code does a RedirectResponse send if you don't pass one?" asks its
    default; "... unless you change openapi_version?" asks the default of
    ``openapi_version``; "out of the box" is "by default" too)."""
    question = OUT_OF_THE_BOX.sub("by default", omission_as_default(question))
    question = _AT_THE_MOMENT.sub("currently", question)
    question = _META_NOUN.sub(
        lambda m: m.group(0) if m.group(2).lower() in STOPWORDS else m.group(1), question
    )
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


# "What is the term cstruct shorthand for?": "the term" names the word after it, which is
# what a sentence states ("A cstruct is a shorthand for ..."); "the term for X" asks one
_META_NOUN = re.compile(
    r"\b(the\s+)(?:term|word|phrase|expression|abbreviation|acronym)\s+(?=[\"'“‘`]?(\w+))",
    re.IGNORECASE,
)

# "Which formatter supports that at the moment?" asks what holds now: "currently" (its
# "moment" is no word a sentence must state)
# ("at the moment of the merger" is a point in time: the phrase must end the question or
# its clause)
_AT_THE_MOMENT = re.compile(r"\b(?:at|for)\s+the\s+moment\b(?=\s*[?,.;]|\s*$)", re.IGNORECASE)

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
    if not field_name and omits_a_choice(question) and "without" in frame.relation:
        # "If I create a Response without giving it a status, what status does it have?"
        # asks what holds by default: the question's own word, said by "defaults to" or
        # by the omission ("If `bar` is omitted, ..."; `synonyms.phrase_keys`)
        frame = replace(
            frame,
            relation=(*(r for r in frame.relation if r != "without"), "default"),
            query=f"{frame.query} default",
        )
    situation = _OPENING_CLAUSE.match(restate(question))
    if field_name or situation is None or not _ASKER.search(situation.group(0)):
        return frame
    asked = _frame_question(restate(question)[situation.end() :])
    optional = tuple(r for r in frame.relation if r not in asked.relation and r != "default")
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
        named = (
            [stem(m.group(0).lower()) for m in _CODE_NAME.finditer(preamble) if not _modifier(m)]
            if _points_back(asked, inner.relation)
            else []
        )
        named = [n for n in dict.fromkeys(named) if n not in taken]
        # "... only if a certain environment variable is left at its default value.
        # Which variable is that?": a question whose own words are its kind noun and a
        # pronoun pointing back says nothing more of its own either
        bare = (
            set(inner.relation) <= set(inner.head_words)
            and _BARE_WH_PHRASE.fullmatch(asked) is not None
        )
        wordless = not (inner.anchors or named) and (
            not inner.relation
            or (
                set(inner.relation) <= set(inner.head_words)
                and _POINTING_PRONOUN.search(asked) is not None
            )
            # "... was raised from 5. To what value?", "Which ones?": a question that is
            # its wh-phrase alone names only the kind it asks
            or bare
        )
        defaulted = _DEFAULT_OF.search(preamble)
        if set(inner.relation) == {"default"} and not inner.anchors and defaulted is not None:
            # "Whoosh 0.3 changed the default post limit (run size). What is the new
            # default?": a default, with no word of what it is the default of, is the one
            # the preamble names, whose noun's words are then the question's
            nouns = [
                stem(w.lower())
                for w in words(defaulted.group(1))
                if w.lower() not in STOPWORDS and stem(w.lower()) not in taken
            ]
            return replace(
                inner,
                text=question,
                relation=tuple(dict.fromkeys([*inner.relation, *nouns])),
                soft=tuple(s for s in dict.fromkeys([*inner.soft, *extra]) if s not in nouns),
                query=" ".join(dict.fromkeys([*inner.query.split(), *said])),
            )
        if wordless and len(set(extra)) >= 3 and not renamed.asked_names(question):
            # "... tracking a non-OpenSSL-derived library as a possible long-term
            # alternative. Which one do they name?", "Which function does that?": a
            # question with no word of its own asks about what the preamble says, whose
            # words are then the ones to find (as a question's own, a few may go unsaid;
            # "X is deprecated. What should I use instead?" asks X's successor alone; "Cool.
            # Which one?" says nothing to look for)
            # (the kind a bare wh-phrase names is what the answer is, not a word the
            # sentence says: "... (from 5 to 256)" for "To what value?")
            own = () if bare else inner.relation
            return replace(
                inner,
                text=question,
                relation=tuple(dict.fromkeys([*own, *extra])),
                soft=tuple(s for s in inner.soft if s not in extra),
                # (not the wordless question's own query, its text: "Which one do they name?")
                query=" ".join(dict.fromkeys([*inner.soft, *said])),
            )
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
        # (stemmed as written: an acronym's plural, "DTDs", is the acronym's)
        if is_anchor:
            anchors.setdefault(stem(word), None)
            predicate = None
        else:
            relation.setdefault(stem(word), None)
            # a part of a joined name ("waitress-serve", "mod_wsgi-express") is no verb
            # the sentence must say: names are written whole or not at all
            if i < contrast:
                predicate = None if low in joined else stem(word)
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
        or _DURATION_ASKED.search(question) is not None
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


_JOINED_NAME = re.compile(r"\b\w+(?:[-_]\w+)+")


# a question that ends on a pronoun pointing back at what was said before it ("Which
# variable is that?", "Which one does that?")
_POINTING_PRONOUN = re.compile(r"\b(?:that|this|it|they|them|those|these)\s*[?.!]*\s*$", re.I)


# the noun a preamble names the default of: "changed the default post limit (run size)"
# (up to three words, to a verb, preposition or punctuation)
_DEFAULT_OF = re.compile(
    r"\bdefault\s+((?:(?!(?:is|are|was|were|of|for|in|to|from|on|and|or|by|with)\b)"
    r"[A-Za-z][\w-]*\s*){1,3})",
    re.IGNORECASE,
)


# a question that is its wh-phrase alone: "To what value?", "Which ones?", "Which version?"
_BARE_WH_PHRASE = re.compile(
    r"\s*(?:(?:to|from|in|on|at|by|for|with|of|into|since|until)\s+)?(?:what|which)"
    r"(?:\s+[\w-]+){0,2}\s*\?\s*",
    re.IGNORECASE,
)


# a demonstrative and the word after it, and the next one: "those parameters", "this
# setting", "those deprecated parameters"
_POINTED = re.compile(r"\b(?:those|these|this|that)\s+([a-z]+)\b(?:\s+([a-z]+)\b)?")


def _points_back(asked: str, relation: tuple[str, ...]) -> bool:
    """Whether the question points with a demonstrative at a noun it asks about ("those
    parameters", "this setting"), the noun after a participle ("those deprecated
    parameters") too."""
    pointed = _POINTED.search(asked)
    if pointed is None:
        return False
    nouns = [pointed.group(1)]
    if pointed.group(2) and re.search(r"(?:ed|ing)$", pointed.group(1)):
        nouns.append(pointed.group(2))
    return any(stem(n.lower()) in relation for n in nouns)


# a hyphened word of lower-case parts ending in a past participle is a modifier
# ("fine-grained", "tox-managed", "ast-based"), no name written as code ("pytest-xdist"),
# unless written as an option or in a code span ("--last-failed", "`--ignore-installed`")
_COMPOUND_MODIFIER = re.compile(r"[a-z]+(?:-[a-z]+)*-[a-z]+[^e]ed")


def _modifier(name: re.Match[str]) -> bool:
    before = name.string[name.start() - 1 : name.start()] if name.start() else ""
    return _COMPOUND_MODIFIER.fullmatch(name.group(0)) is not None and before not in ("-", "`", "/")


# a name written as code: joined ("on_startup"), called ("Starlette()") or CamelCase
_CODE_NAME = re.compile(r"\b\w+(?:[-_]\w+)+|\b\w+(?=\(\))|\b[A-Z][a-z]+[A-Z]\w*")


_AUXILIARY = word_set("did does do will would could can should has have had")


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


_WH_LEAD = re.compile(
    r"\s*(?P<prep>(?:in|on|at|from|to|for|by|with|into|of|under|during|near)\s+)?"
    r"(?:what|which)\s+(?P<rest>.*)",
    re.IGNORECASE | re.DOTALL,
)


# words that only qualify the asked noun ("Which other company ...?"), in lower case:
# "New Zealand", "Major League" are names
QUALIFIERS = frozenset("other new former current main major same original famous local".split())


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
    if i < len(tokens) and tokens[i] in QUALIFIERS:
        i += 1
    capitalised = 0
    while i < len(tokens) and tokens[i][:1].isupper() and capitalised < 3:
        i, capitalised = i + 1, capitalised + 1  # "Which New Zealand city", "In which BBC ..."
    if i >= len(tokens):
        return None
    word = re.match(r"[a-z][\w-]*", tokens[i])
    if word is None or (capitalised and word.group(0) in STOPWORDS):
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


def names(sentence: str) -> list[str]:
    """Proper-name sequences (for bridge entities in two-hop questions)."""
    return [sentence[s:e] for s, e in name_spans(sentence)]


def name_spans(sentence: str) -> list[tuple[int, int]]:
    spans = []
    for m in _CAPSEQ.finditer(sentence):
        text = m.group(0)
        parts = text.split()
        while parts and parts[0] in NOT_NAMES:
            parts = parts[1:]
        if not parts or all(p in NOT_NAMES or p.isdigit() for p in parts):
            continue
        spans.append((m.start() + text.index(parts[0]), m.end()))
    return spans


def asked_part(question: str) -> str:
    """The question without the user's preamble (`frames.split_preamble`)."""
    return split_preamble(question)[1]


_WH = (
    r"(?:(?:in|at|on|from|of|to|by|with|for|since|until|under)\s+)?"
    r"(?:who|whom|whose|what|which|when|where|why|how)\b"
)
_WH_OPENS = re.compile(rf"\s*{_WH}", re.IGNORECASE)
# a second question joined to the first, short and to the question's end: ", and in
# which year?", ", and which package provides it?", "... and when?" (a relative clause
# joined so runs on, ", and who won the Nobel Prize in 1921?", or has a subject of its
# own, ", and in which Sharon Stone plays Ginger?"; "..., and what other city?" ends a
# list)
_SECOND_ASK = re.compile(
    rf",\s*and\s+(?!(?:\w+\s+)?(?:what|which)\s+other\b){_WH}"
    r"(?!\s+(?:(?-i:[A-Z])|(?:the|a|an|he|she|it|they|his|her|its|their)\b))"
    r"(?:\s+[\w'’-]+){0,4}\s*\?\s*$"
    r"|\s+and\s+(?:when|where|why|how)\s*\?\s*$",
    re.IGNORECASE,
)


def asks_two(question: str) -> bool:
    """Whether ``question`` asks two things, each with its own wh-word ("Who originally
    named behavior-driven development, and in which year?"), which no one span answers.
    A yes/no question with a wh-part asks one ("Is there a Julia port, and what is it
    called?"), and a wh-word inside a phrase is no question of its own ("The Rhine and
    what other river were ...?", "between Koblenz and what other city?")."""
    text = asked_part(question)
    return _WH_OPENS.match(text) is not None and _SECOND_ASK.search(text) is not None


# the stop words as a regex alternation, longest first (a pattern's "not a stop word")
STOP_ALTERNATIVES = "|".join(sorted((w for w in STOPWORDS if w.isalpha()), key=len, reverse=True))
