"""A short answer from an accepted sentence (`extract`), the third step of the offline
reader (`sleuth.policies.frames` frames the question, `sleuth.policies.reading` accepts
the sentence).

The typed candidate nearest to the matched question words; for "other" questions, the
clause after the last matched question word (`slots.clause_after_question_words`: none when
the sentence ends there, a whole sentence is no short answer). For a role, the candidate
where that role stands: a subject before the verb in its clause (or after "by", or after
"the betrayal of"), never when a pronoun is that subject; an object after the verb (never
the doer after "by"), only when the question's subject does the verb in that clause ("Who
did X marry?" is not answered by "Y married X's sister Z", nor by "X, whose brother Y had
married Z"); a passive verb's doer is its "by" agent ("Dyrrachium was betrayed ... by the
Venetian merchants"); when another verb says it, a subject still comes before the
question's names. People are capitalised name runs without digits, not after a place
preposition nor in apposition to a place named after one ("in Laie, Hawaii": both are
places, and a code such as "A0" is none), not inside quotes (a work's title), not ending in
an organisation or place word ("Labs", "Robotics", "River"); "X of Y" is one person ("Queen
Adela II of Varn"); a lone capitalised word at the start of a sentence counts only if the
page also writes it capitalised elsewhere. What a sentence says where the question's
wh-phrase stands, the name it coordinates with the question's, another name of the
question's thing and the clause after the question's words are `sleuth.policies.slots`'.
Pure functions, no model.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import pairwise

from sleuth.text import STOPWORDS, stem, words

from . import contrary, pairing, technical
from .frames import (
    MONTHS,
    NOT_NAMES,
    STOP_ALTERNATIVES,
    AnswerType,
    Frame,
    asked_part,
    head_word,
    name_spans,
    restate,
    word_set,
)
from .slots import (
    CODE_SPAN,
    RELATIVE,
    clause_after_question_words,
    coordinate_partner,
    filled_slot,
    only_question_words,
    other_name,
    prepositional_objects,
    slot_of,
)
from .synonyms import canon

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
    r"km/h|mph|storeys?|floors?|"
    # documentation's measures: "up to 255 bytes", "a 4 MB limit", "within 500 ms"
    # ("characters" are a story's people as often; "MS" is an abbreviation)
    r"(?:kilo|mega|giga|tera)?bytes?|[KMGT]i?B|kb|milliseconds?|(?-i:ms)|microseconds?)\b",
    re.IGNORECASE,
)


# "about 10 times as long", "three times faster": a ratio's number is read with its
# "times" (the 10 alone says ten of something); "three times as a junior" counts, and
# keeps its number alone
_RATIO = re.compile(
    r"\s(?:times|fold)(?=\s+(?:as\s+(?:much|many|long|large|big|fast|slow|high|low|often|"
    r"likely|great|far|heavy|wide|old)\b|more\b|less\b|fewer\b|(?:fast|slow|larg|bigg|small|"
    r"high|low|long|short|great|cheap|heavi|light|wid|old|young|smart|strong|weak)er\b))",
    re.IGNORECASE,
)


# A name ending in one of these names an organisation, a place or a thing, not a person.
_NOT_PERSON_HEADS = word_set(
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


# "Which two built-in user implementations ...?": several items are asked
ASKS_SEVERAL = re.compile(
    r"\s*(?:(?:in|at|on|from|of|to|by|with|for)\s+)?(?:which|what)\s+(two|three|four|five)"
    r"(?![-\w])",
    re.IGNORECASE,
)


_HOW_MANY_ITEMS = {"two": 2, "three": 3, "four": 4, "five": 5}


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
    rf"(?!-|\s+(?!(?:{STOP_ALTERNATIVES})\b)[a-z])"
)


# a list's item: a code span, or one name that is no stop word and ends on no "."
# (`SimpleUser(username)`, day_of_week, TOML; not "the" of "the Rhine and the Moselle")
_ITEM = rf"(?:`[^`\n]+`|(?!(?i:{STOP_ALTERNATIVES})\b)[A-Za-z_][\w.()\[\]-]*(?<!\.))"


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


# "SimPy was originally created by Klaus Müller and Tony Vignaux": the names after "by",
# joined as one list, are the doers together
_BY_BEFORE = re.compile(r"\bby\s+$")
_POSSESSIVE_AFTER = re.compile(r"['’]s?\b")
_POSSESSIVE = re.compile(r"['’]s?$")
# what may follow a list of doers: the sentence's or clause's end, or a preposition
_LIST_ENDS = re.compile(
    r"\s*(?:[.;:)!?]|$|,\s*(?!and\b)|\s(?:in|on|at|for|from|with|during|of|as|who|whose|"
    r"which|while|when|after|before|until|to|under|between)\b)"
)


def widened_to_agents(frame: Frame, sentence: str, value: str, answer_from: int = 0) -> str:
    """For a who question, the whole list of names a "by" gives ("created by Klaus Müller
    and Tony Vignaux") that ``value`` is one of: the doers are the list, and one of them
    alone is a part of the answer. Names only of the question's words are no more doers
    ("Who wrote it with Tony Vignaux?"), and a list that owns something ("by Müller and
    Vignaux's students") names others."""
    if frame.answer_type is not AnswerType.PERSON:
        return value
    at = sentence.find(value, answer_from)
    if at < 0:
        return value
    names = [sp for sp in name_spans(sentence) if sp[0] >= answer_from]
    mine = next((i for i, (s, e) in enumerate(names) if s <= at < e), None)
    if mine is None:
        return value
    first = last = mine
    while first > 0 and re.fullmatch(_ITEM_JOIN, sentence[names[first - 1][1] : names[first][0]]):
        first -= 1
    while last + 1 < len(names) and re.fullmatch(
        _ITEM_JOIN, sentence[names[last][1] : names[last + 1][0]]
    ):
        last += 1
    group = names[first : last + 1]
    asked = set(frame.anchors)
    gaps = [sentence[a[1] : b[0]] for a, b in pairwise(group)]
    if (
        len(group) < 2
        # a list ends in its conjunction ("Horace Jones, Tower Bridge" is no list), and its
        # last name ends the phrase: a verb after it opens a clause of its own ("by Steven
        # Spielberg and George Lucas served as producer", "by David, and Saul gave ...")
        or not re.search(r"\b(?:and|or)\s+$", gaps[-1])
        or not _LIST_ENDS.match(sentence, group[-1][1])
        or not _BY_BEFORE.search(sentence, 0, group[0][0])
        or _POSSESSIVE.search(sentence, 0, group[-1][1])
        or _POSSESSIVE_AFTER.match(sentence, group[-1][1])
        or any({stem(w.lower()) for w in words(sentence[s:e])} <= asked for s, e in group)
    ):
        return value
    return sentence[group[0][0] : group[-1][1]]


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
        found = technical.extract(
            frame.tech,
            sentence,
            question_terms,
            frame.text,
            answer_from,
            frame.predicate,
            set(frame.relation),
        )
        if found is None and frame.tech == "value":
            # "To what was the default chunk_size increased?" over "... increased to 64KB":
            # a value's shape (a number, a code span or a quoted literal), no clause
            value = fronted_object(frame.text, sentence, question_terms, answer_from)
            if value is not None and _VALUE_SHAPED.match(value):
                return value
        return found
    if frame.answer_type is AnswerType.OTHER:
        if frame.means:
            return _means(sentence, answer_from)
        if frame.head_words:
            # "Which processor renames that key?" -> "With the `EventRenamer` processor,
            # ...": a code span the sentence calls by the asked noun names one
            called = [
                (start, end)
                for start, end in technical.apposed(sentence, frame.head_words, answer_from)
                if not only_question_words(sentence[start:end], question_terms)
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
                and name.split()[0] not in NOT_NAMES
                and any(w[:1].isupper() or w[:1].isdigit() for w in name.split())
                and not only_question_words(name, question_terms)
            ):
                return name
        if frame.head is not None:  # "What prize ...?" -> "the Hollis Prize"
            noun = head_word(frame.text) or frame.head
            headed = [
                (start, end)
                for start, end in name_spans(sentence)
                if headed_name(sentence[start:end], frame.head, noun)
                and not only_question_words(sentence[start:end], question_terms - {frame.head})
                and not _names_itself(frame.text, sentence[start:end])
            ]
            if headed:
                # "Black played at Wake Forest University and was named head coach at
                # Clemson University in 2013" for "... head coach at which university in
                # 2013?": of several, the one the question's words stand nearest, but not
                # one of a relative clause ("... to Smith, who had studied at Yale
                # University") while another is said outside one
                main = [(a, b) for a, b in headed if not RELATIVE.search(sentence, 0, a)]
                start, end = nearest(sentence, main or headed, question_terms - {frame.head})
                return sentence[start:end]
            # "Which broadcaster organised ...?" -> "The Danish broadcaster DR organised":
            # the name the sentence sets right after the asked noun, in apposition
            for start, end in name_spans(sentence):
                name = sentence[start:end]
                if (
                    start >= answer_from
                    and after_head(sentence, start, noun)
                    and not only_question_words(name, question_terms)
                ):
                    return name
            # "Which formatter supports that?" -> "Currently only the JSON formatter
            # supports embedding data": a technical name the sentence sets right before
            # the asked noun, after an article, says which one. (Tried for any name, "the
            # Wii console", it gave six wrong answers for one right on fold A's held-out
            # SQuAD-style parts: prose's "the Danish broadcaster", "the Imperial army" are
            # adjectives as often as names)
            modified = [
                (start, end)
                for start, end in name_spans(sentence)
                if start >= answer_from
                and _TECHNICAL_NAME.fullmatch(sentence[start:end])
                and before_head(sentence, start, end, noun)
                and not only_question_words(sentence[start:end], question_terms)
                and not _RIVAL_BEFORE.search(_clause_before(sentence, start))
            ]
            if len(modified) == 1:  # two are rivals ("the JSON formatter ... the XML one")
                return sentence[modified[0][0] : modified[0][1]]
        # then, in turn, the first of these that reads the sentence
        question = frame.text
        readers: tuple[Callable[[], str | None], ...] = (
            lambda: _called_code(question, sentence, question_terms, answer_from),
            lambda: other_name(frame, sentence, question_terms, answer_from),
            lambda: coordinate_partner(question, sentence, question_terms, answer_from),
            lambda: filled_slot(question, sentence, question_terms, answer_from),
            lambda: _kind_of(question, sentence, question_terms, answer_from),
            lambda: _after_stranded(question, sentence, question_terms, answer_from),
            lambda: fronted_object(question, sentence, question_terms, answer_from),
            lambda: clause_after_question_words(sentence, question_terms),
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
    spans = [(s, e) for s, e in spans if not only_question_words(sentence[s:e], question_terms)]
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


_OPENS = {")": "(", "]": "["}


def tidy(frame: Frame, value: str) -> str:
    """An answer as a reader states it: without a closing bracket it does not open (a slot
    read to the end of "... (charset is always `utf8mb4`)." holds the aside's ")"), and,
    for a question asking a noun that an assignment names ("Which encoding should we
    pass?" over "Pass `encoding='utf-8-sig'`"), the value assigned, not the assignment.
    Any other answer is left as read, to the letter."""
    # (a code span's or a technical answer's: in prose, a value cut inside an aside is
    # no answer the bracket's loss would mend — "Rhein)" of "the Rhine (German: Rhein)")
    coded = frame.tech is not None or "`" in value
    while (
        coded
        and value[-1:] in _OPENS
        and value[-2:-1] not in (":", ";")  # "congratulations :)" is a face, not an aside's end
        and value.count(value[-1]) > value.count(_OPENS[value[-1]])
        # "[0.0, 1.0)": a half-open interval closes with the other bracket
        and sum(value.count(o) - value.count(c) for c, o in _OPENS.items()) < 0
    ):
        value = value[:-1].rstrip(" ,;:")
    assigned = technical.ASSIGNMENT.fullmatch(value.strip("` "))
    if (
        assigned is not None
        and frame.tech is None
        and frame.head is not None
        and stem(assigned.group(1).lower()) == frame.head
    ):
        return assigned.group(2).strip()
    return value


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
    # (a part of a hyphened word is no name the question writes: "consumer-specific"
    # does not name `huey.consumer`)
    hyphened = {p.lower() for w in _HYPHENED.findall(frame.text) for p in w.split("-")}
    asked = {w.lower() for w in words(frame.text)} - hyphened
    spans = [
        sentence[a:b]
        for a, b in technical.candidates("code", sentence, answer_from)
        if _CODE_NAME_SHAPE.fullmatch(sentence[a:b].strip())
        and not _names_asked(sentence[a:b].strip(), frame.text.lower(), asked)
    ]
    return spans[0] if len(spans) == 1 else None


_HYPHENED = re.compile(r"\b[A-Za-z]+(?:-[A-Za-z]+)+\b")


# "What must the Flask application be called in the script ...?": the name asked is
# the one the sentence gives after "called" or "named" ("... which must be called
# `application`"), written as code
_ASKS_CALLED = re.compile(
    r"\b(?:be\s+)?(?:called|named)\b(?:\s+(?:in|by|for|when|if)\b[^?]*)?\?\s*$"
)
_CALLED_CODE = re.compile(r"\b(?:called|named)\s+`+([^`\n]+?)`+")
_LISTED_AFTER = re.compile(r"\s*(?:,|\bor\b|\band\b)\s*`")


def _called_code(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """For a question that asks what a thing is called or named, the one code span the
    sentence puts right after "called" or "named"; None when there is none, or several,
    or it is only the question's words."""
    if not _ASKS_CALLED.search(question):
        return None
    found = list(_CALLED_CODE.finditer(sentence, answer_from))
    if len(found) != 1 or _LISTED_AFTER.match(sentence, found[0].end()):
        return None  # several names, or a list ("named `create_app` or `make_app`")
    name = found[0].group(1)
    return None if only_question_words(name, question_terms) else name


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


_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s+$", re.IGNORECASE)
# a technical name's shape: an acronym ("JSON", "YAML"), camel case ("PyPy", "MkDocs") or
# one with digits, dots, dashes or underscores ("HTTP/2", "py.test")
_TECHNICAL_NAME = re.compile(
    r"[A-Z][A-Z0-9]+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Za-z][\w]*[\d._/-][\w./-]*"
)
# what a name is set against in its clause: "Unlike the JSON formatter, ...", "to compete
# with the PDF format", "a rival of the IBM company"
_RIVAL_BEFORE = re.compile(
    r"\b(?:unlike|instead\s+of|rather\s+than|other\s+than|except|besides|apart\s+from|"
    r"compet\w*\s+(?:with|against)|rivals?\s+(?:of|to)|than|not)\b",
    re.IGNORECASE,
)


def _clause_before(sentence: str, start: int) -> str:
    """The text of ``sentence`` before ``start`` back to the clause's last comma,
    semicolon or colon."""
    before = sentence[:start]
    cut = max(before.rfind(","), before.rfind(";"), before.rfind(":"))
    return before[cut + 1 :]


def before_head(sentence: str, start: int, end: int, word: str) -> bool:
    """Whether the name at ``start``-``end`` stands between an article and the asked noun
    ``word`` (or its plural), as its modifier: "the JSON formatter" (for "Which formatter
    ...?")."""
    after = re.match(r"\s+([a-z]+)\b", sentence[end : end + 40])
    return (
        after is not None
        and after.group(1) in {word, f"{word}s", f"{word}es"}
        and _ARTICLE_BEFORE.search(sentence[max(0, start - 40) : start]) is not None
    )


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
    names = [s for s in name_spans(sentence) if _lone_word_ok(sentence, s, proper)]
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
        # it at `.venv/var/flaskr-instance`", "available as `e.original_exception`"; and
        # a file's or a directory's path that a place's noun or a parenthesis introduces
        # ("the default place to look is the index file `/etc/xml/catalog`", "(typically
        # `build/docs/html`)"), not one a clause is about ("`logging.ini` says ...")
        code = [m.span(1) for m in _PLACED_CODE.finditer(sentence) if m.group(1).strip()]
        code += [
            (m.start() + 1, m.end() - 1)
            for m in CODE_SPAN.finditer(sentence)
            if technical.path_shaped(m.group()[1:-1])
            and _PATH_INTRODUCED.search(sentence[max(0, m.start() - 30) : m.start()])
            and (m.start() + 1, m.end() - 1) not in code
        ]
        return places + sorted(code)
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
        measure = (
            _MEASURE.match(sentence, e) or _RATIO.match(sentence, e)
            if answer_type is AnswerType.NUMBER
            else None
        )
        if unit or measure:
            e = (unit or measure).end()  # type: ignore[union-attr]
        if answer_type is AnswerType.AMOUNT and not (unit or m.group(0)[0] in "$€£"):
            continue
        spans.append((s, e))
    return _ranges_joined(sentence, spans)


# "a random number (1--6) of tickets", "1 to 6", "between 1 and 6": two numbers that
# bound one count (reST writes an en dash as "--")
_RANGE_GAP = re.compile(r"\s*(?:-{1,3}|–|—)\s*|\s+to\s+")
_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+$", re.IGNORECASE)


def _ranges_joined(sentence: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The number candidates with a range's two ends as one: "(1--6)" counts one to six,
    and its "6" alone says another count than the sentence's."""
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out:
            ps, pe = out[-1]
            gap = sentence[pe:s]
            # ("raised from 30 to 60 seconds" is a change, its end the value now)
            ranged = _RANGE_GAP.fullmatch(gap) and not _FROM.search(sentence, 0, ps)
            if ranged or (gap == " and " and _BETWEEN.search(sentence, 0, ps)):
                out[-1] = (ps, e)
                continue
        out.append((s, e))
    return out


_IN_IDENTIFIER_BEFORE = re.compile(r"[A-Za-z][-/]$")


_IN_IDENTIFIER_AFTER = re.compile(r"/\w")


def _in_date(sentence: str, start: int, end: int) -> bool:
    """Whether a number is the day or year of a longer date ("4 May 1998")."""
    spans = (m.span() for m in _DATE.finditer(sentence))
    return any(ds <= start and end <= de and de - ds > end - start for ds, de in spans)


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


# what introduces a path as a place: a place's noun right before it ("the index file
# `/etc/xml/catalog`", "the directory `build/`") or a parenthesis ("(typically `x`)")
_PATH_INTRODUCED = re.compile(
    r"(?:\b(?:file|files|directory|directories|folder|folders|path|location|place|dir)"
    r"|\((?:\w+\s+)?)\s*$",
    re.IGNORECASE,
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


# a question that ends with its verb's preposition ("What is the errors dictionary keyed
# on?", "What were the chains made out of?"): the answer is that preposition's object
_STRANDED = re.compile(
    r"\b([A-Za-z][\w-]*)\s+((?:out\s+)?(?:on|in|to|from|of|by|for|with|after|at|into|about))"
    # (or its object asked where it stands: "`User.query` is a shortcut for what?")
    r"(?:\s+what)?\s*\?\s*$",
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
    in_place = _IN_PLACE.search(question) is not None
    for start, end in _stranded_objects(question, sentence, answer_from):
        phrase = sentence[start:end].strip(" .,;:")
        if not words(phrase) or only_question_words(phrase, question_terms):
            continue
        if in_place and not phrase.startswith("`"):
            # "... a shortcut for what?" asks a name there: a code span ("Marie Curie won
            # the Nobel Prize for what?" over "for Physics in 1903 and for Chemistry in
            # 1911" has no phrase that ends where the object does)
            continue
        return phrase
    return None


# an object asked where it stands: "`User.query` is a shortcut for what?"
_IN_PLACE = re.compile(r"\s+what\s*\?\s*$", re.IGNORECASE)


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

    def said(word: str) -> bool:
        return stem(word) == key or canon(stem(word)) == canon(key)

    for _, start, end in prepositional_objects(
        sentence, said, preposition, answer_from, end=_PHRASE_END
    ):
        yield start, end


_VALUE_SHAPED = re.compile(r"\s*(?:[-+]?\d|`|\"|'|“)")


# a question led by its verb's preposition ("To what was the default chunk_size ...
# increased ...?", "At what value does that count begin?"): the answer is that
# preposition's object, after the question's verb in the sentence
_FRONTED = re.compile(
    r"\s*(to|at|from|into|onto|by|with)\s+(?:what|which)\b(?:\s+([a-z][\w-]*))?",
    re.IGNORECASE,
)


def fronted_object(
    question: str, sentence: str, question_terms: set[str], answer_from: int = 0
) -> str | None:
    """The object of the question's fronted preposition in ``sentence``: the phrase
    after a word of the question (not the asked noun) and that preposition ("The default
    `chunk_size` has been increased to 64KB (from 4KB)" for "To what was the default
    chunk_size ... increased ...?": 64KB), to the clause's end or a bracket; None when the
    question is not led so, the sentence does not say one of its words with the
    preposition, or the phrase is only the question's words."""
    asked = asked_part(restate(question))
    m = _FRONTED.match(asked)
    if m is None:
        return None
    preposition = m.group(1).lower()
    noun = m.group(2).lower() if m.group(2) else ""
    keys = {
        stem(w.lower())
        for w in words(asked[m.end() :])
        if w.lower() not in STOPWORDS and w.lower() != noun
    }

    def asked_word(word: str) -> bool:
        return stem(word.lower()) in keys

    for _, start, end in prepositional_objects(sentence, asked_word, preposition, answer_from):
        phrase = sentence[start:end].strip(" .,;:")
        said = words(phrase)
        if not said or only_question_words(phrase, question_terms):
            continue
        if preposition == "to" and len(said) >= 3 and _BARE_START.match(phrase):
            continue  # "changed to improve throughput": an infinitive, no object
        return phrase
    return None


# a phrase that opens with a bare lower-case word: after "to", a verb more often than not
# ("to improve throughput on fast networks"; "to the House of Lords", "to 64KB" are objects)
_BARE_START = re.compile(
    r"(?!(?:a|an|the|this|that|these|those|his|her|its|their|our|my|your|one|some|any|"
    r"each|every|all|both|no)\b)[a-z]+\s",
)


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
