"""What a sentence says in the place a question asks about: the slot rules of the offline
reader's extraction (`sleuth.policies.extraction.extract` calls them).

* **An in-situ wh-phrase** ("Yugoslavia was a founding member of which movement?" over
  "... of the Non-Aligned Movement"): what the sentence says where the question's
  wh-phrase stands, in the clause whose words the question says before it, cut at a
  preposition, never one of two coordinated words (`slot_of`, `filled_slot`).
* **A coordinated pair** ("between Koblenz and what other city?" over "between Rüdesheim
  am Rhein and Koblenz"): the name a sentence coordinates with the one the question pairs
  (`coordinate_partner`), when it ends the pair.
* **Another name** ("the album "311", also known as "The Blue Album""): the other name a
  sentence gives the question's thing in apposition (`other_name`), never another thing's,
  a denied or a former one.
* **The clause after the question's words** (`clause_after_question_words`): what an
  "other" question is answered by, none when the sentence ends there.

Shared with the extraction: whether a span is only the question's words
(`only_question_words`), a relative clause's opening (`RELATIVE`) and an inline code span
(`CODE_SPAN`, which the hard rules use too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from sleuth.text import STOPWORDS, stem, words

from .frames import (
    NOT_NAMES,
    QUALIFIERS,
    STOP_ALTERNATIVES,
    TYPE_WORDS,
    Frame,
    asked_part,
    head_word,
    restate,
    word_set,
)


def only_question_words(text: str, question_terms: set[str]) -> bool:
    terms = [stem(w) for w in words(text) if w.lower() not in STOPWORDS]
    return bool(terms) and all(t in question_terms for t in terms)


_LEAD = re.compile(r"^(?:is|are|was|were|be|been|being|by|of|as|to|:|-|—|,)\s+", re.IGNORECASE)


def _code_span_at(sentence: str, at: int) -> tuple[int, int] | None:
    """The code span (backticks included) of ``sentence`` that holds offset ``at``."""
    for m in CODE_SPAN.finditer(sentence):
        if m.start() < at < m.end():
            return m.start(), m.end()
        if m.start() > at:
            break
    return None


CODE_SPAN = re.compile(r"`[^`\n]+`")  # a code span, its backticks included


def clause_after_question_words(sentence: str, question_terms: set[str]) -> str | None:
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
    if named is not None and named.group("name").split()[0] not in NOT_NAMES:
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


_INVERTED = word_set(
    "is was are were do does did can could should would will has have had may might must"
)


_TOKEN = re.compile(r"`[^`\n]+`|[\w'’.-]*\w|[^\w\s]")


_SLOT_ENDS = word_set("which that who whom whose where when while and but or because since as if")


_DETERMINERS = word_set("the a an its their his her this that these those")


_WH_PHRASE_WORDS = TYPE_WORDS | QUALIFIERS | word_set("one ones")


_COORDINATORS = word_set("and or")


# a relative clause that runs on to a name: ", who had studied at [Yale University]"
RELATIVE = re.compile(r",\s+(?:who|whom|whose|which|where)\b[^,;]*$")


_SLOT_PREPOSITIONS = word_set(
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
    if not words(value) or only_question_words(value, question_terms):
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
    rf"(?=\s*(?:[^\w\s]|$|(?:{STOP_ALTERNATIVES})\b))"
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
            if not only_question_words(value, question_terms):
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
        if 0 < len(words(value)) <= 8 and not only_question_words(value, question_terms):
            return value
    return None


# where the object of a preposition ends: a clause's punctuation or its connective, a
# bracket (a number's decimal point is none: "increased to 20.5 percent")
OBJECT_END = re.compile(
    r"[;:!?()\[\]—]|[.,](?=\s|$)|\b(?:which|who|whom|whose|where|when|while|because|but)\b",
    re.IGNORECASE,
)


def prepositional_objects(
    sentence: str,
    said: Callable[[str], bool],
    preposition: str,
    answer_from: int = 0,
    end: re.Pattern[str] = OBJECT_END,
) -> Iterator[tuple[int, int, int]]:
    """Each place, from ``answer_from`` on, where a word ``said`` accepts (as written)
    takes ``preposition`` (a pattern; an adverb may stand between: "is now simply an
    alias for"), as (the word's start, its object's start, its object's end): the object
    runs to ``end``."""
    code = [m.span() for m in CODE_SPAN.finditer(sentence)]
    for w in re.finditer(r"[A-Za-z][\w-]*", sentence):
        if w.start() < answer_from or not said(w.group(0)):
            continue
        after = re.match(rf"\s+(?:\w+ly\s+)?{preposition}\s+", sentence[w.end() :], re.I)
        if after is None:
            continue
        start = w.end() + after.end()
        # (a code span's own dots and brackets end nothing: "a shortcut for
        # `db.session.query(User)`")
        stop = next(
            (
                m
                for m in end.finditer(sentence, start)
                if not any(a < m.start() < b for a, b in code)
            ),
            None,
        )
        yield w.start(), start, stop.start() if stop else len(sentence)
