"""Verifying an offline reading before it is answered: hard rules, then features.

A `Reading` (see `sleuth.policies.reading`) says that a sentence covers the question's
words and holds a span of the expected type. That is necessary, not sufficient: SQuAD 2.0
writes unanswerable questions that share every word with a sentence but negate it, swap
an ordinal or a number, or ask about something the sentence says of another entity. So
before a reading may answer, it is checked against the question:

**Hard rules** (`check`) — a reading that breaks one is never an answer:

* ``polarity`` — every polar word of the question (a negation such as not / never /
  without / except, an order or degree word such as first / last / before / after /
  most / least / only, a superlative such as "largest") is stated by the sentence, its
  predecessor or the page title;
* ``number`` — every number and ordinal of the question is stated there too;
* ``echo`` — the answer is not only words of the question (nor of the page title alone
  when the question names it: "Normans" answers no question about the Normans);
* ``fragment`` — the answer is not half a code span, a clause cut at punctuation, nor
  (for an "other" question) a cut clause: one opening with a conjunction or a clause
  adverb ("because Richard had promised ..."), holding a finite auxiliary, or running
  past a dash into a verb;
* ``type`` — a typed question's answer is a span of that type (a date, a number, a
  capitalised name for a person or a place), and a possessive ("Robert's" in "Bohemond,
  Robert's son") names no person or place but for a whose-question; a person is not a
  name the sentence uses as a place (after a place preposition or in apposition to one:
  "a luau in Laie, Hawaii") nor a quoted title ('"The Hukilau Song" is a song ...');
  and a question that asks two things, each with its wh-word ("Who named it, and in
  which year?"), has no answer of one span;
* ``polarity`` also — a question about the present ("the current CEO") is not answered
  by a sentence saying the state ended ("stepped down", "former");
* ``entity`` — a name that qualifies a word of the question qualifies it in the sentence
  too: "a Norman general" is not stated by "Norman mercenaries ... a Byzantine general"
  (`sleuth.policies.modifiers`);
* ``role`` — the named subject of "When did NAME VERB ...?" does the verb in the
  sentence: "When did King Harold II conquer England?" is not stated by "Duke William
  II of Normandy conquered England killing King Harold II" (`sleuth.policies.doers`).

**Features** (`features`) — numbers in [0, 1] that the calibration model
(`sleuth.policies.calibration`) turns into the probability that the answer is right
(`FEATURES` and `EXTRA_FEATURES` are the pool the fit selects from; the model file names
the ones it uses, the others are shown with a run's answer). Alignment is weighed by
rarity too (`page_idf`, `_weighed`): the share of the question's IDF mass the sentence
leaves unmatched and the IDF of its rarest unmatched word — an adversarial unanswerable
question differs from an answerable one by one swapped word.
The main one is *strict alignment* (`_alignment`): every question word that is not the
answer stated by the sentence itself, in the question's order, next to the answer —
SQuAD 2.0's traps share the question's words but swap a modifier or a subject. Also:
how much of the question the sentence itself states (stems and a few synonyms, the
title and the previous sentence counted apart), whether the question's word pairs stand
together in the sentence, negations the sentence adds, the answer's length and type,
how many candidates of its type the sentence has, how far the answer stands from the
question's words, the margin over the page's next-best reading, how many pages agree,
the page's rank in the search, and whether the answer is a technical span
(`sleuth.policies.technical`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sleuth.claims import content, stated_keys, terms
from sleuth.passages import title_heading
from sleuth.text import STOPWORDS, content_terms, stem, words

from . import contrary, doers, excluded, modifiers, pairing, renamed, technical
from .extraction import (
    ASKS_SEVERAL,
    after_head,
    asked_items,
    candidates,
    headed_name,
    is_list_of,
    placed,
    quoted,
)
from .frames import (
    LIGHT_VERBS,
    QUESTION_VERBS,
    SOFT_WORDS,
    TYPE_WORDS,
    AnswerType,
    Frame,
    asked_part,
    asks_two,
    head_word,
    name_spans,
    omission_as_default,
    omits_a_choice,
    restate,
)
from .reading import PRONOUN_SUBJECT, TEMPORAL, Reading, identifier_words, sentence_spans
from .slots import CODE_SPAN
from .synonyms import canon, phrase_keys

# conditions that say "if not" ("without the header" is "otherwise" of "must be sent")
_IF_NOT = frozenset({"otherw", "unless"})
# words that say "not" in one: a question's "If a request's host isn't in TRUSTED_HOSTS"
# is stated by "if the host is invalid" (Flask's config.rst)
_NEGATIVE_WORDS = frozenset(
    "invalid unknown missing unset unsupported untrusted disallowed unavailable undefined "
    "absent".split()
)
_PREVENTS = re.compile(
    r"\b(?:prevent(?:s|ed|ing)?|keeps?|kept|keeping|stop(?:s|ped|ping)?)\s+"
    r"[^.;:,]{1,40}?\bfrom\s+(\w+ing)\b",
    re.IGNORECASE,
)
_NOT_VERB = re.compile(r"\b(?:not|n't|never)\s+(?:be\s+)?(\w+)", re.IGNORECASE)


def _kept_from(question: str, sentence: str) -> bool:
    """Whether the sentence keeps something from doing what the question negates:
    "does not discover it" and "prevent pytest from discovering classes"."""
    negated = {stem(m.group(1).lower()) for m in _NOT_VERB.finditer(question)}
    return any(stem(m.group(1).lower()) in negated for m in _PREVENTS.finditer(sentence))


_WH = frozenset("what which who whom whose when where why how".split())
_SKIP_KEYS = frozenset(QUESTION_VERBS | TYPE_WORDS | _WH)
# a question of yes or no (an auxiliary opens it, and no wh-word asks a part of it): no
# span of a sentence answers it ("Does behave print skipped steps by default?" is not
# answered "behaviour"); a comparison's ("Are both ...?") is `twohop`'s
_ASKS_YES_NO = re.compile(
    r"\s*(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|has|have|had|may|"
    r"might|must)\b",
    re.IGNORECASE,
)
# ... but a request put as one asks what it names ("Could you tell me the default port?",
# "Do you know the default timeout?")
_REQUEST = re.compile(
    r"\s*(?:(?:can|could|would|will)\s+(?:you|someone|anyone)\s+(?:please\s+)?"
    r"(?:tell|give|show|let|say)\b|(?:do|does)\s+(?:you|anyone|someone)\s+know\b)",
    re.IGNORECASE,
)


def _asks_yes_or_no(text: str) -> bool:
    """Whether ``text``'s question (its last sentence: "I use behave. Does it ...?") is one
    of yes or no (`_ASKS_YES_NO`, `_REQUEST`), with no wh-word anywhere in ``text``."""
    last = re.split(r"(?<=[.?!])\s+", text.strip())[-1]
    if not _ASKS_YES_NO.match(last) or _REQUEST.match(last):
        return False
    return not _WH & {w.lower() for w in words(text)}


# words the reader never requires ("current", "located", "take place"): not in the frame
_SOFT = frozenset(SOFT_WORDS | LIGHT_VERBS)
# an answer that opens with punctuation is a piece of a clause, not a span
_POSSESSIVE = re.compile(r"['’]s?$")
_FRAGMENT = re.compile(r"^\s*[^\w\s`'\"“‘$/(\[€£-]")
# an object pronoun opening a phrase: the rest of a clause about something said before
_PRONOUN_LED = re.compile(r"^\s*(?:them|him|it|us|me|itself|themselves|himself|herself)\b", re.I)


# "What was the name of ...?", "What is Tancred's nephew's name?": a name answers it
_ASKS_NAME = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:\w+\s+)?names?\s+(?:of|for)\b"
    r"|\b(?:what|which)\s+(?:is|was|are|were)\s+\S+['’]s\s+(?:\w+['’]s\s+)?names?\b",
    re.I,
)


def _named(value: str) -> bool:
    """Whether ``value`` is a name: it opens (after an article) with a capitalised word,
    a number, a quote or code, or it is an identifier (``uv.lock``, ``max_age``); "with an
    army of Italo-Normans" is a phrase about one."""
    head = re.sub(r"^\s*(?:the|a|an)\s+", "", value, flags=re.I)
    return bool(re.match(r"[\"“‘'`(]?[A-Z0-9]", head) or re.search(r"\w[_./]\w", head))


def _canon(key: str) -> str:
    return canon(key)


def _polar(key: str) -> bool:
    """Keys whose presence changes what a sentence says: negations, order and degree
    words, numbers and ordinals, superlatives."""
    return (
        key == "not"
        or key.startswith(("~", "#", "ord"))
        or (
            len(key) > 5
            and key.endswith("est")
            and key.isalpha()
            and key not in contrary.NOT_SUPERLATIVES
        )
    )


@dataclass(frozen=True)
class Check:
    """The verdict of the hard rules: ``rule`` names the first one broken, if any."""

    ok: bool
    rule: str | None = None


def question_keys(question: str) -> list[str]:
    """The question's content keys (stems, polar words, numbers) in order, without its
    grammar ("what", "did") and answer-type words ("year")."""
    out: dict[str, None] = {}
    asked = asked_part(restate(question))
    aside = excluded.split(asked)
    if aside is not None:  # "Besides X, what ...?": X is named (`excluded`), "besides" is not
        asked = aside[0] + " " + " ".join(aside[1])
    for term in terms(asked):
        low = term.surface.lower()
        if low in _SKIP_KEYS:
            continue
        out.setdefault(term.key, None)
    if _NAMED_AFTER.search(asked):
        out.pop("~after", None)  # whom a thing is named after: no order in time
    for key, bound in (("~least", AT_LEAST), ("~most", AT_MOST)):
        if key in out and _BOUNDS[bound][0].search(asked):
            # "Which pip version do I need at least?", "how many do they keep at most?": a
            # bound, which "needs pip 25.1 or newer" and "the maximum number" say too
            out = {(bound if k == key else k): None for k in out}
    return list(out)


AT_LEAST, AT_MOST = "~atleast", "~atmost"
# a bound the question asks ("at least"), and the phrases that state it in a sentence
_BOUNDS = {
    AT_LEAST: (
        re.compile(r"\bat\s+least\b", re.IGNORECASE),
        re.compile(
            r"\bat\s+least\b|\bminimum\b|\bor\s+(?:newer|later|higher|above|more|greater)\b|"
            r"\band\s+(?:newer|later|up|above|higher)\b|\bno\s+(?:fewer|less)\s+than\b",
            re.IGNORECASE,
        ),
    ),
    AT_MOST: (
        re.compile(r"\bat\s+most\b", re.IGNORECASE),
        re.compile(
            r"\bat\s+most\b|\bmaximum\b|\bup\s+to\b|\bno\s+more\s+than\b|"
            r"\bor\s+(?:fewer|less|lower|older|earlier|below)\b",
            re.IGNORECASE,
        ),
    ),
}


def bounds_said(text: str) -> set[str]:
    """The asked bounds (`AT_LEAST`, `AT_MOST`) ``text`` states."""
    return {bound for bound, (_, said) in _BOUNDS.items() if said.search(text)}


_NAMED_AFTER = re.compile(r"\bnamed\s+after\b", re.IGNORECASE)


def _keys(text: str) -> frozenset[str]:
    keys = stated_keys([text]) if text else frozenset()
    return keys | {_canon(k) for k in keys}


# a name a question writes joined with "_" (``latex_engine``, ``html_last_updated_fmt``)
_SNAKE_NAME = re.compile(r"\b[A-Za-z]\w*_\w+")


def another_entry(question: str, entry: str | None) -> bool:
    """Whether the default note of the entry named ``entry`` (`reading.note_subject`) is
    another entry's than the one ``question`` asks about: the question writes a sibling's
    name ("What is the default value of latex_engine?" over `latex_use_xindy`'s "Default:
    ..."; a name that holds the entry's, or is held in it, is the entry's own or its
    owner's: `FLASK_DEBUG` for `DEBUG`, `send_file` for `SEND_FILE_MAX_AGE_DEFAULT`), or
    says none of the entry name's words, or leaves two or more of them unsaid (a page of
    settings mentions its neighbours: "the default linkcheck timeout" is no
    `linkcheck_report_timeouts_as_broken`'s, while "How many threads does the linkcheck
    builder use ...?" may be `linkcheck_workers`'s, one word paraphrased). A name's word is
    said by the question's word it shortens ("chars"), or by two the question's words
    start with (`URLLENGTH`: "URL length", `eqref`: "equation references")."""
    if entry is None:
        return False
    name = entry.rsplit(".", 1)[-1].lower()
    own = name.split("_")
    for written in _SNAKE_NAME.findall(question):
        theirs = set(written.lower().split("_"))
        if not (theirs <= set(own) or set(own) <= theirs):
            return True
    spoken = re.sub(r"[_.-]", " ", question)
    said = {canon(t) for t in content_terms(spoken)}
    plain = [w.lower() for w in words(spoken)]
    parts = [p for p in re.split(r"[_.-]", name) if {canon(t) for t in content_terms(p)}]
    unsaid = [
        part
        for part in parts
        if not {canon(t) for t in content_terms(part)} <= said
        and not _shortens(part.removesuffix("s"), plain)
        and not any(
            _shortens(part[:k], plain) and _shortens(part[k:], plain)
            for k in range(2, len(part) - 1)
        )
    ]
    return len(unsaid) >= 2 or (bool(parts) and len(unsaid) == len(parts))


def _shortens(piece: str, plain: list[str]) -> bool:
    """Whether a word of ``plain`` starts with ``piece`` (two letters at least)."""
    return len(piece) >= 2 and any(w.startswith(piece) for w in plain)


def check(
    frame: Frame, reading: Reading, title: str = "", previous: str = "", question: str = ""
) -> Check:
    """Whether ``reading`` may answer ``frame``'s question at all (see the module)."""
    text = asked_part(restate(question or frame.text))
    if asks_two(text):
        return Check(False, "type")  # "Who named it, and in which year?": two answers
    if _asks_yes_or_no(text):
        return Check(False, "type")  # "Does behave print skipped steps by default?": no span
    title = title_heading(title)
    qkeys = question_keys(text)
    if _CONTRAST.match(reading.sentence):
        # "... `application/x-www-form-urlencoded` when it doesn't include files. But when
        # the form includes files, it is encoded as `multipart/form-data`.": the sentence
        # says the other case; the one before does not lend it its "not"
        previous = ""
    around = _keys(reading.sentence) | _keys(previous) | _keys(title)
    around |= {canon(k) for k in phrase_keys(reading.sentence)} | phrase_keys(reading.sentence)
    if around & _IF_NOT:
        around |= {"not"}  # "must be sent as well, otherwise ...": what happens without it
    if {w.lower() for w in words(reading.sentence)} & _NEGATIVE_WORDS:
        around |= {"not"}  # "if the host is invalid": a host that isn't one of the valid
    around |= bounds_said(reading.sentence) | bounds_said(previous)
    several = ASKS_SEVERAL.match(text)
    if several and is_list_of(reading.value, asked_items(text) or 0):
        around |= _keys(several.group(1))  # "Which two fields ...?": "`week` and `day_of_week`"
    if frame.tech == "version" and _FIRST_RELEASE_NOTE.match(reading.sentence):
        around |= {"ord1"}  # "New in version 6.5.0.": when it first appeared
    if frame.tech is not None and _kept_from(text, reading.sentence):
        # "users can prevent pytest from discovering classes ... by setting ...": what
        # a setting keeps from happening does not happen (documentation's way of saying
        # "so that pytest does not discover it")
        around |= {"not"}
    slot = _SPATIAL_SLOT.match(text)
    for key in qkeys:
        if not _polar(key):
            continue
        if key in around:
            continue
        if key == "not" and "default" in around and omits_a_choice(text):
            # "If I register the panel without passing a database, where ...?" over "By
            # default the panel stores ...": what holds without a choice is the default
            continue
        if slot is not None and key == "~" + slot.group(1).lower():
            # "Under which event dict key ...?", "Below what size ...?": the preposition
            # places the asked slot, which the sentence may name otherwise ("in the
            # `level_number` key"); only the opposite side says otherwise
            if around & _SPATIAL_OPPOSITES[key]:
                return Check(False, "polarity")
            continue
        return Check(False, "number" if key.startswith(("#", "ord")) else "polarity")
    if _qualified_otherwise(text, reading.sentence, reading.value):
        return Check(False, "polarity")
    if _failed(text, reading.sentence):
        return Check(False, "polarity")  # "travelled to carve out a state ..., but failed"
    # (a default is what holds when a thing is not given: "If you don't specify an
    # environment with `-e`, the devenv feature will default to `-e py`" states one)
    negated = omission_as_default(reading.sentence) if "default" in qkeys else reading.sentence
    if "not" not in qkeys and _negates(negated, qkeys, reading.value):
        return Check(False, "polarity")  # "the Normans did not have the rich traditions"
    if _ASKS_PRESENT.search(text) and _ENDED.search(reading.sentence):
        return Check(False, "polarity")  # "the current CEO": not one who "stepped down"
    if _ended_for_ongoing(text, reading.sentence):
        return Check(False, "polarity")  # "formerly owned": not "currently owned"
    if contrary.number_swapped(text, reading.sentence):
        return Check(False, "number")  # "the remaining four ... teams": not "six ... teams"
    if contrary.ranked_superlative(text, reading.sentence):
        return Check(False, "number")  # "the longest": not "the second longest"
    if contrary.prefix_antonym(text, reading.sentence):
        return Check(False, "polarity")  # "insignificant amounts": not "significant"
    if contrary.plain_antonym(text, reading.sentence):
        return Check(False, "polarity")  # "from a big city": not "from a small town"
    if contrary.opposite_direction(text, reading.sentence) or contrary.opposite_way(
        text, reading.sentence
    ):
        return Check(False, "polarity")  # "flow out of": not "flows into"
    if contrary.opposite_end(text, reading.sentence):
        return Check(False, "polarity")  # "move from San Antonio": not "to San Antonio"
    if contrary.all_for_one(text, reading.sentence):
        return Check(False, "polarity")  # "for all modules": not "for just that module"
    if contrary.stranded_otherwise(text, reading.sentence):
        return Check(False, "polarity")  # "the rock the Rhine flows into": not "around"
    if ASKS_SEVERAL.match(text) and not _SEVERAL.search(reading.value):
        return Check(False, "type")  # "Which two built-in user implementations ...?": one
    if _ASKS_ONE_OF.search(text) and len(CODE_SPAN.findall(reading.value)) > 1:
        return Check(False, "type")  # "which of the two ... works with Twisted?": not both
    # the question's names, and the asker's preamble's when the sentence holds another code
    # span the question may ask ("... I still need dump to return an OrderedDict. Which
    # schema attribute do I set?" over "set `marshmallow.Schema.dict_class` ... of
    # `marshmallow.Schema.dump`"); with one span, the asker's task often names the answer
    # ("I need to load settings from a TOML file. Which function ...?": `tomllib.load`)
    spans = CODE_SPAN.findall(reading.sentence)
    echoed = (question or frame.text) if len(set(spans)) > 1 else text
    if frame.tech is not None:
        value = reading.value.strip("` ")
        # a code value in capitals states its words ("['GET']": "get" is a stop word in
        # prose), as the finish validator reads it
        stated = _keys(value) or content(value, code=True)
        if not value or value.lower() in text.lower() or not stated:
            return Check(False, "echo")  # the question's own, or nothing a quote can state
        if technical.qualified_echo(echoed, value, frame.tech):
            return Check(False, "echo")  # ".EnvironmentContext.configure.autogenerate_plugins"
        if _setting_for_value(text, reading.sentence, reading.value):
            return Check(False, "role")  # "Set `BABEL_PYPROJECT_TOML` ... to `skip`": skip
        if _added_to_asked(text, reading.sentence, reading.value):
            return Check(False, "role")  # "you may want to add 400 to `RETRY_HTTP_CODES`"
        if reading.value.count("`") % 2:
            return Check(False, "fragment")
        if _another_callables_parameter(text, reading.sentence, title):
            return Check(False, "entity")  # `request(...)`'s read_bufsize: not ClientSession's
        if contrary.object_elsewhere(text, reading.sentence, reading.value):
            return Check(False, "role")  # "an alias for which class?": not the alias itself
        if _coordinated_with_asked(text, reading.sentence, reading.value):
            return Check(False, "entity")  # "`tree_class` and `empty_data_class`": a peer
        if _of_another_release(text, reading.sentence, reading.value):
            return Check(False, "number")  # "lxml 4.x used Cython 0.29.x": not lxml 5.x's
        # (or where the sentence has it: "`pycares` version 4" writes a version)
        ok = (
            technical.is_kind(frame.tech, reading.value)
            or any(
                reading.sentence[a:b] == reading.value
                for a, b in technical.candidates(frame.tech, reading.sentence)
            )
            # "Which HTTP response codes ...?": "500, 502, 503", a list of the kind
            or (technical.asks_many(text) and technical.is_list_of_kind(frame.tech, reading.value))
        )
        return Check(True) if ok else Check(False, "type")
    value_keys = {k for k in _keys(reading.value) if k != "not"}
    if not value_keys:
        return Check(False, "echo")
    if frame.mention:
        return Check(True)
    if value_keys <= set(qkeys) | {_canon(k) for k in qkeys} and not _new_identifier(
        reading.value, question or frame.text
    ):
        return Check(False, "echo")
    if (
        len(set(spans)) > 1
        and f"`{reading.value}`" in spans
        and technical.qualified_echo(echoed, reading.value)
    ):
        # "`marshmallow.Schema.dump`" for "... I still need dump to return an OrderedDict.
        # Which schema attribute do I set?": the question's own name, written qualified
        return Check(False, "echo")
    title_keys = _keys(title)
    if value_keys <= title_keys and value_keys & set(qkeys) and not succeeds(frame, reading):
        # (a heading that says the renaming itself states the successor, it echoes none)
        return Check(False, "echo")
    if reading.value.count("`") % 2 or _FRAGMENT.match(reading.value):
        return Check(False, "fragment")  # half a code span, a clause cut at punctuation
    if _PRONOUN_LED.match(reading.value):
        return Check(False, "fragment")  # "them back again": a clause's rest, no thing
    if frame.answer_type is AnswerType.OTHER and _clause(reading.value):
        return Check(False, "fragment")  # "again to Byzantine hands", "because he had ..."
    kind = frame.answer_type
    if kind is AnswerType.OTHER and contrary.not_a_place(text, reading.value):
        return Check(False, "type")  # "between Koblenz and what other city?": a name
    if kind is AnswerType.OTHER and _ASKS_NAME.search(text) and not _named(reading.value):
        return Check(False, "type")  # "the name of Tancred's nephew": not "with an army"
    if kind in (AnswerType.PERSON, AnswerType.PLACE):
        coded = kind is AnswerType.PLACE and f"`{reading.value}`" in reading.sentence
        if not coded and not any(w[:1].isupper() for w in words(reading.value)):
            return Check(False, "type")  # names are capitalised
        if kind is AnswerType.PLACE and contrary.asks_rank(text):
            return Check(False, "type")  # "Where did Ruud finish?": seventh, not a place
        if contrary.demonym(reading.sentence, reading.value, kind is AnswerType.PERSON):
            # "the Swiss canton of Graubünden": not "Swiss"; "American actor Ed Asner":
            # not "American"
            return Check(False, "type")
        if kind is AnswerType.PERSON and placed(reading.sentence, reading.value):
            return Check(False, "type")  # "in Laie, Hawaii": a place, not a person
        if kind is AnswerType.PERSON and quoted(reading.sentence, reading.value):
            return Check(False, "type")  # '"The Hukilau Song" is a song': a work's title
        if _POSSESSIVE.search(reading.value) and not re.match(r"\s*whose\b", text, re.I):
            return Check(False, "type")  # "Robert's son": Robert is whose son he is
    elif kind is not AnswerType.OTHER and not candidates(kind, reading.value, eras=True):
        return Check(False, "type")
    if _date_swapped(text, f"{previous} {reading.sentence}"):
        return Check(False, "number")  # "on February 9, 1824": not "February 9, 1825"
    if _ASKS_DAY.search(text) and _YEAR_ONLY.match(reading.value):
        return Check(False, "type")  # "On what date ...?": a day, not "2013"
    if _dated_another_year(text, reading.value):
        return Check(False, "number")  # "released in 2011": not "November 19, 2010"
    if contrary.one_of_many(reading.sentence, reading.value):
        return Check(False, "number")  # "one of the fifty-four": the count is fifty-four
    if _dated_for_another_verb(frame, reading.sentence, reading.value):
        return Check(False, "role")  # "closed in September 2006 ... in 2009, was sold"
    if _names_in_another_clause(frame, reading.sentence, reading.value):
        return Check(False, "entity")  # "... fell in the 15th century; ... Roman Empire"
    if kind is AnswerType.PLACE and contrary.placed_for_another(
        text, reading.sentence, reading.value
    ):
        return Check(False, "entity")  # "... Marvin Lee Stadium in Macoya": not Yorke's
    if kind in (AnswerType.NUMBER, AnswerType.AMOUNT):
        if contrary.counts_another(text, reading.sentence, reading.value):
            return Check(False, "entity")  # "five Filmfare Awards ... seven Screen Awards"
        if contrary.counts_other(text, reading.sentence, reading.value):
            return Check(False, "entity")  # "How many passengers": not "one ... airline"
        if contrary.dated_not_measured(text, reading.sentence, reading.value):
            return Check(False, "type")  # "22,000 years ago" is when, not how long
        if _named_number(reading.value):
            return Check(False, "type")  # "Seven Days to the River Rhine": a title
        if contrary.only_listed(text, reading.sentence, reading.value):
            return Check(False, "entity")  # "three bodies of water: the Obersee, ..."
    if _time_for_a_thing(text, reading.value):
        return Check(False, "type")  # "On which console ...?": not "on February 10, 2009"
    if _agent_elsewhere(frame, reading.sentence, reading.value):
        return Check(False, "role")  # "a biography by ... Andrew Morton": not Madonna
    if pairing.range_end_mismatch(text, reading.sentence, reading.value):
        return Check(False, "number")  # "Until what year ...?": 2007 of "from 2004 to 2007"
    if pairing.dated_for_another_name(text, reading.sentence, reading.value):
        return Check(False, "entity")  # "Nora Bergliot Ibsen (born 1951)": not Henrik's
    if pairing.respective_mismatch(text, reading.sentence, reading.value):
        return Check(False, "entity")  # "law and political science in 1921 and 1923 ..."
    if excluded.split(text) is None and pairing.excluded(text, reading.sentence, reading.value):
        # (a set-aside question's reading is another item than the set-aside ones already:
        # `excluded.adjust`, which the item right before it in "X and Y" would fail here)
        return Check(False, "entity")  # "in place of Veninger's own daughter": not her
    if pairing.slot_named_otherwise(text, reading.sentence, reading.value):
        return Check(False, "entity")  # "drummer for Chris Isaak": not for Counting Crows
    if modifiers.swapped(text, reading.sentence, reading.value):
        return Check(False, "entity")  # "a Norman general" is not "a Byzantine general"
    if modifiers.slot_swapped(text, reading.sentence, reading.value):
        return Check(False, "entity")  # "the British and their allies": not "the French"
    if modifiers.possessed(text, f"{previous} {reading.sentence}", reading.value):
        return Check(False, "entity")  # "Edward's son" is not Edward
    if contrary.arguments_swapped(text, reading.sentence):
        return Check(False, "role")  # "the humans treat the apes": not "apes treat humans"
    if contrary.recipient_for_object(text, reading.sentence):
        return Check(False, "role")  # "Who betrayed the Normans?": not "betrayed to" them
    if contrary.object_for_doer(text, reading.sentence, reading.value):
        return Check(False, "role")  # "What captured X?": not what was captured
    if contrary.object_elsewhere(text, reading.sentence, reading.value):
        return Check(False, "role")  # "a tributary of which river?": not the tributary
    if doers.other_doer(text, reading.sentence):
        return Check(False, "role")  # "When did Harold conquer England?": William did
    return Check(True)


# a wh-phrase opened by a preposition of place: "Under which key ...?", "Below what size?"
_SPATIAL_SLOT = re.compile(r"\s*(under|below|above|over)\s+(?:which|what)\b", re.IGNORECASE)
_SPATIAL_OPPOSITES = {
    "~under": frozenset({"~above", "~over"}),
    "~below": frozenset({"~above", "~over"}),
    "~above": frozenset({"~below", "~under"}),
    "~over": frozenset({"~below", "~under"}),
}
_ASKS_VALUE = re.compile(r"\b(?:what|which)\s+value\b|\bto\s+what\b", re.IGNORECASE)


# code spans listed together: "`tree_class` and `empty_data_class`", "`a`, `b` or `c`"
_LISTED = re.compile(r"`([^`\n]+)`(?=\s*(?:,\s*(?:and|or)?|and|or|/)\s*`([^`\n]+)`)")
# a question that asks for a peer of its own name: "Which option goes together with X?"
_ASKS_PEER = re.compile(
    r"\b(?:with|together|combined|alongside|along|besides|both|other|others|another|"
    r"pair|companion|sibling|and|or|instead|rather|than|versus|vs|after|before|then|next|"
    r"follows?|followed|precedes?|preceded)\b",
    re.IGNORECASE,
)


def _coordinated_with_asked(question: str, sentence: str, value: str) -> bool:
    """Whether ``value`` is a code span the sentence lists beside a code name the
    question writes ("The `ObjectifyElementClassLookup()` call accepts two keyword
    arguments, `tree_class` and `empty_data_class`" for "... which class does it use as
    its empty_data_class?"): a peer of the question's name, not a value of it. A question
    that asks a peer ("... together with X?", "besides X") is exempt."""
    if _ASKS_PEER.search(question):
        return False
    name = value.strip("` ").lower()
    for m in _LISTED.finditer(sentence):
        a, b = m.group(1).lower(), m.group(2).lower()
        for mine, other in ((a, b), (b, a)):
            if mine != name or other == name:
                continue
            written = re.search(
                rf"(?<![\w.])`?{re.escape(other.strip('()'))}(?:\(\))?`?(?![\w])",
                question,
                re.IGNORECASE,
            )
            # (written as code: joined, dotted, called, quoted or in mixed case; a plain
            # word of the question's is no name of one)
            if written is not None and _CODE_WRITTEN.search(written.group(0)):
                return True
    return False


_CODE_WRITTEN = re.compile(r"[_.`]|\(\)|[a-z][A-Z]|^-")


# a name with a release of it: "lxml 5.x", "Tornado 4.0", "Python 3.11"
_NAMED_RELEASE = re.compile(r"\b([A-Za-z][\w-]*)\s+v?(\d+(?:\.(?:\d+|x))+)\b", re.IGNORECASE)


# a version note of a thing's first release ("New in version 6.5.0.", "Added in 2.1")
_FIRST_RELEASE_NOTE = re.compile(
    r"\s*(?:added|new|introduced|available)\s+(?:in|since|as\s+of)\b", re.IGNORECASE
)


def _of_another_release(question: str, sentence: str, value: str) -> bool:
    """Whether the sentence that gives ``value`` (of a reading's few) names a release of
    a name the question names with another release, and not the question's: "lxml 5.x
    currently uses at least Cython 3.0. ... lxml 4.x used Cython 0.29.x instead." gives
    0.29 of lxml 4.x, no answer about lxml 5.x. (A question that asks a release itself,
    "Which macOS release succeeded Mac OS X 10.4?", is the caller's to leave alone; a
    value that is one of the sentence's releases is no value of one.)"""
    asked = {
        (m.group(1).lower(), m.group(2).lower())
        for m in _NAMED_RELEASE.finditer(question)
        if m.group(1).lower() not in _RELEASE_WORDS and m.group(1).lower() not in STOPWORDS
    }
    names = {n for n, _ in asked}
    if not asked or names & _release_owners(question) or _SEQUENCE.search(question):
        # "In which Tornado version was the argument, deprecated in Tornado 5.1,
        # removed?", "Which release succeeded Mac OS X 10.4?": another release of the
        # same name is what is asked
        return False
    places = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(value)}(?![\w])", sentence)]
    if not places:
        return False
    for at in places:
        piece_at = next(((s, e) for s, e in sentence_spans(sentence) if s <= at < e), None)
        s0, e0 = piece_at if piece_at is not None else (0, len(sentence))
        piece = sentence[s0:e0]
        named = list(_NAMED_RELEASE.finditer(piece))
        if any(m.start() <= at - s0 < m.end() and m.group(1).lower() in names for m in named):
            return False  # the value is a release of the question's own name
        said = {(m.group(1).lower(), m.group(2).lower()) for m in named}
        if not (any(n in names and (n, v) not in asked for n, v in said) and not (said & asked)):
            return False  # one place the value is given for the question's release, or none
    return True


def _release_owners(question: str) -> set[str]:
    """The names whose release ``question`` asks: "Which Cython version ...", "which
    version of Python" (lower case)."""
    owners = {m.group(1).lower() for m in _OWNER_BEFORE.finditer(question)}
    return owners | {m.group(1).lower() for m in _OWNER_AFTER.finditer(question)}


_OWNER_BEFORE = re.compile(r"\b([A-Za-z][\w-]*)\s+(?:version|release)s?\b", re.IGNORECASE)
_OWNER_AFTER = re.compile(r"\b(?:version|release)s?\s+of\s+([A-Za-z][\w-]*)", re.IGNORECASE)
_SEQUENCE = re.compile(
    r"\b(?:succeed(?:s|ed)?|follow(?:s|ed)?|replac(?:es|ed)|after|before|previous|next)\b",
    re.IGNORECASE,
)
_RELEASE_WORDS = frozenset("version versions release releases in since of and to from".split())


def _new_identifier(value: str, question: str) -> bool:
    """Whether ``value`` is a code identifier the question does not write, whatever words
    it is made of (`get_lexer_by_name()` for "... identifiers that can be used with which
    function?" says more than "lexer" and "name")."""
    name = value.strip("` ")
    if not _IDENTIFIER.fullmatch(name):
        return False
    bare = name.removesuffix("()")
    if bare.lower() in question.lower():
        return False
    # the question's own name written in words ("the max body size" for `max_body_size`,
    # "the app factory" for `app_factory()`) is the question's, not a new one
    parts = [p for p in re.split(r"[_.#]+|(?<=[a-z])(?=[A-Z])", bare) if p]
    spelled = r"\W+".join(re.escape(p) for p in parts)
    return re.search(rf"(?<!\w){spelled}(?!\w)", question, re.IGNORECASE) is None


# a name as code writes it: joined by underscores or dots, or called ("get_lexer_by_name()")
_IDENTIFIER = re.compile(
    r"[A-Za-z_][\w.]*(?:_\w|\.\w)[\w.]*(?:\(\))?|[A-Za-z_]\w*\(\)"
    r"|(?:[A-Za-z_]\w*\.)*[A-Z]\w*#"
    + technical.MEMBER
    + r"(?:\(\))?"  # ConfigOpts#reload_config_files
)


# a parameter's field as the index shows a reST field list: "param int read_bufsize: ..."
_PARAM_FIELD = re.compile(r"\s*(?:[-*]\s+)?(?:param|parameter|arg|argument|key|keyword)\s", re.I)
# a described object's heading in a path: "`ClientSession(...)`", "`request(method, url)`"
_DESCRIBED_HEAD = re.compile(r"`([\w.]+)(\()?[^`]*`")


def _another_callables_parameter(question: str, sentence: str, title: str) -> bool:
    """Whether ``sentence`` is a parameter's field of a callable the question does not
    name, described inside one it does: in an API reference a method's parameters are
    listed under the method ("Client Session › `ClientSession(...)` › `request(...)`"),
    so "`None` by default" of ``request``'s ``read_bufsize`` is not what ClientSession's
    ``read_bufsize`` defaults to (``title``: the passage's heading path)."""
    if _PARAM_FIELD.match(sentence) is None:
        return False
    heads = title.split(" › ")
    found = _DESCRIBED_HEAD.fullmatch(heads[-1].strip())
    if found is None or found.group(2) is None:
        return False  # the innermost heading is no callable's signature
    inner_name = found.group(1).rsplit(".", 1)[-1]
    if inner_name.startswith("__"):
        return False  # `__init__(...)`: the class's own constructor
    if re.search(rf"(?<![\w]){re.escape(inner_name)}(?!\w)", question, re.IGNORECASE):
        return False  # the question names the callable the field is of ("ClientSession.get()")
    asked = set(content_terms(question)) | identifier_words(set(content_terms(question)))
    if set(content_terms(inner_name)) & asked:
        return False
    for head in heads[:-1]:
        outer = _DESCRIBED_HEAD.fullmatch(head.strip())
        if outer is not None and set(content_terms(outer.group(1).rsplit(".", 1)[-1])) & asked:
            return True
    return False


def _setting_for_value(question: str, sentence: str, value: str) -> bool:
    """Whether a question that asks the value to give a setting is answered with the
    setting itself: "Set ``BABEL_PYPROJECT_TOML`` to read a different file instead, or to
    ``skip`` to not read any." gives the value ``skip``, after "to"."""
    if not _ASKS_VALUE.search(question):
        return False
    bare = value.strip("` ")
    return bool(re.search(rf"\bset\s+`*{re.escape(bare)}`*\s+(?:to|=)", sentence, re.IGNORECASE))


_ADDING_VERBS = frozenset(stem(w) for w in "add append insert include extend".split())


def _added_to_asked(question: str, sentence: str, value: str) -> bool:
    """Whether the sentence says to add ``value`` to a thing, while the question asks
    what the thing holds by default, not what to add: "In some cases you may want to add
    400 to `RETRY_HTTP_CODES` because ..." for "Which HTTP response codes does
    RetryMiddleware retry by default?" (what one adds is what the default lacks; "add
    `sphinx.ext.autodoc` to `extensions`" still answers which extension reads docstrings)."""
    if (
        not technical.ASKS_DEFAULT.search(question)
        or {stem(w.lower()) for w in words(question)} & _ADDING_VERBS
    ):
        return False
    bare = re.escape(value.strip("` "))
    return bool(bare) and bool(
        re.search(rf"\b(?:add|append|insert)\s+`*{bare}`*\s+(?:to|into)\b", sentence, re.I)
    )


# "On which console ...?", "Which of its bombs ...?": the noun the answer is one of
_WHICH_NOUN = re.compile(
    r"\b(?:which|what)\s+(?:of\s+(?:its|their|his|her|the|these|those)\s+)?([a-z]+)\b", re.I
)
_TEMPORAL_NOUNS = frozenset(
    "year years date dates day days month months time times century centuries decade decades "
    "period periods season seasons era age week weeks hour hours minute minutes".split()
)
_LEADING_PREPOSITION = re.compile(
    r"^\s*(?:(?:in|on|at|during|by|since|from|until|around|about|before|after)\s+)?(?:the\s+)?",
    re.IGNORECASE,
)


def _time_for_a_thing(question: str, value: str) -> bool:
    """Whether ``value`` is only a time ("on February 10, 2009", "in 1945") while the
    question asks which thing of a kind that is no time ("On which console ...?")."""
    m = _WHICH_NOUN.search(question)
    if m is None or m.group(1).lower() in _TEMPORAL_NOUNS or m.group(1).lower() in _SKIP_KEYS:
        return False
    bare = _LEADING_PREPOSITION.sub("", value).strip(" ,.;")
    if not bare:
        return False
    spans = candidates(AnswerType.DATE, bare)
    return any(s == 0 and e >= len(bare) for s, e in spans)


def _agent_elsewhere(frame: Frame, sentence: str, value: str) -> bool:
    """Whether the sentence names the doer the question asks after "by" beside the asked
    thing ("Madonna is a biography by English author Andrew Morton" for "Who wrote the
    biography?") and ``value`` is not in that phrase."""
    if frame.answer_type is not AnswerType.PERSON or frame.role != "subject" or not value:
        return False
    things = [r for r in frame.relation if r != frame.verb]
    for m in re.finditer(r"[A-Za-z][\w-]*", sentence):
        if stem(m.group(0).lower()) not in things:
            continue
        by = re.match(r"\s+by\s+", sentence[m.end() :])
        if by is None:
            continue
        rest = sentence[m.end() + by.end() :]
        end = re.search(r"[,;:()]|\s(?:and|which|who|that)\s", rest)
        # (the whole list after "by" is the doers: "created by Klaus Müller and Tony
        # Vignaux", `extraction.widened_to_agents`)
        if value not in (rest[: end.start()] if end else rest) and not rest.startswith(value):
            return True
    return False


# a unit written with a capital after a number makes it part of a name ("Seven Days to
# the River Rhine", "The Thirty Years' War"), not a measure: units are lower case
_TITLED_UNIT = re.compile(
    r"^(?:Seconds?|Minutes?|Hours?|Days?|Nights?|Weeks?|Months?|Years?|Decades?|Centur(?:y|ies)"
    r"|Miles?|Kilometres?|Kilometers?|Metres?|Meters?|Feet|Foot|Inches|Leagues?)\b"
)


def _named_number(value: str) -> bool:
    """Whether a number answer reads as part of a title: its unit in Title case ("Seven
    Days"), as no measure writes it."""
    rest = value.split()[1:]
    return bool(rest) and _TITLED_UNIT.match(rest[0]) is not None


_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_MONTH_RE = "(" + "|".join(m.capitalize() for m in _MONTH_NAMES) + ")"
_FULL_DATE = re.compile(
    rf"\b{_MONTH_RE}\s+(\d{{1,2}}),?\s+(\d{{4}})\b|\b(\d{{1,2}})\s+{_MONTH_RE}\s+(\d{{4}})\b"
)


def _full_dates(text: str) -> set[tuple[str, int, str]]:
    """(month, day, year) of each full date of ``text`` ("February 9, 1825", "9 February
    1825")."""
    out = set()
    for m in _FULL_DATE.finditer(text):
        if m.group(1):
            out.add((m.group(1).lower(), int(m.group(2)), m.group(3)))
        else:
            out.add((m.group(5).lower(), int(m.group(4)), m.group(6)))
    return out


def _date_swapped(question: str, evidence: str) -> bool:
    """Whether a full date of the question is not the evidence's, which gives that day
    another year or that month and year another day: "Who was elected President on
    February 9, 1824?" over "... was elected President on February 9, 1825." (the title's
    "1824" states the year, not that day)."""
    stated = _full_dates(evidence)
    for month, day, year in _full_dates(question) - stated:
        if any(m == month and (d == day) != (y == year) for m, d, y in stated):
            return True
    return False


# "On what date ...?", "Which day ...?" ask for a day: a year alone answers no such question
_ASKS_DAY = re.compile(r"\b(?:what|which)\s+(?:exact\s+)?(?:date|day)\b", re.I)
_YEAR_ONLY = re.compile(r"^\s*(?:in\s+)?\d{3,4}\s*$", re.I)


_A_YEAR = re.compile(r"(?<![\d,.])(?:1[0-9]|20)\d{2}(?![\d,])")


def _dated_another_year(question: str, value: str) -> bool:
    """Whether the answer is a date of another year than the one year the question
    writes ("On what date was the single released in 2011?" over "released ... on
    November 19, 2010")."""
    asked = set(_A_YEAR.findall(question))
    given = set(_A_YEAR.findall(value))
    return len(asked) == 1 and bool(given) and not asked & given


def _dated_for_another_verb(frame: Frame, sentence: str, value: str) -> bool:
    """Whether a when-question's date is another event's: the sentence dates two events
    and, for every relation word of the question it says, the date nearest that word in
    its clause is not the answer ("In September 2006, the Northern Hotel was closed and in
    January 2009, was sold at auction." dates no sale in 2006). A word nearest the answer
    ("The museum opened in 1901; it moved in 1950": "moved" for "When did the museum
    move?") keeps it."""
    if frame.answer_type not in (AnswerType.DATE, AnswerType.YEAR) or not frame.relation:
        return False
    at = sentence.find(value)
    spans = candidates(frame.answer_type, sentence)
    if at < 0 or len({sentence[a:b] for a, b in spans}) < 2:
        return False
    cuts = [0, *(m.start() for m in _CLAUSE_JOIN.finditer(sentence)), len(sentence)]
    tokens = [(m.start(), stem(m.group(0).lower())) for m in re.finditer(r"[A-Za-z]+", sentence)]
    nearest_dates = []
    for word in frame.relation:
        spots = [p for p, key in tokens if key == word]
        if not spots:
            continue
        # the word's own clause ("In September 2006, the Northern Hotel was closed" and
        # "in January 2009, was sold at auction") holds its date; within it, the nearest
        mine = [
            span
            for lo, hi in itertools.pairwise(cuts)
            if any(lo <= p < hi for p in spots)
            for span in spans
            if lo <= span[0] < hi
        ]
        if mine:
            nearest_dates.append(
                min(mine, key=lambda sp: min(min(abs(sp[0] - p), abs(sp[1] - p)) for p in spots))
            )
    if not nearest_dates:
        return False
    return not any(a < at + len(value) and at < b for a, b in nearest_dates)


def _names_in_another_clause(frame: Frame, sentence: str, value: str) -> bool:
    """Whether the question's names stand only in another clause than the answer's, of
    clauses a semicolon or a contrast (", while", ", whereas") joins (each says its own
    fact): "The mouths of the Rhine ... fell
    to the Burgundian Netherlands in the 15th century; Holland remained contentious ...
    and the eventual collapse of the Holy Roman Empire, ..." dates no fall of the Roman
    Empire. A clause that opens with a pronoun ("...; it moved to Bonn in 1950") may
    speak of the names before it."""
    if not _CLAUSE_OR_SENTENCE.search(sentence) or not frame.anchors or not value:
        return False
    # the clauses, and the sentences when the evidence is read with the one before it
    cuts = [0, *(m.end() for m in _CLAUSE_OR_SENTENCE.finditer(sentence)), len(sentence)]
    clauses = [(lo, sentence[lo:hi]) for lo, hi in itertools.pairwise(cuts)]
    anchors = set(frame.anchors)

    def names(text: str) -> set[str]:
        return anchors & {stem(w.lower()) for w in words(text)}

    # the clause of each place the answer stands ("That engineer was Ellen Marsh; the
    # canal was designed by Ellen Marsh in 1801": the second names the canal)
    mine = [
        part
        for at in (m.start() for m in re.finditer(re.escape(value), sentence))
        for lo, part in clauses
        if lo <= at < lo + len(part)
    ]
    if not mine or any(names(part) or PRONOUN_SUBJECT.match(part.lstrip()) for part in mine):
        return False
    return any(names(part) for _, part in clauses)


_CLAUSE_OR_SENTENCE = re.compile(r";|,\s*(?:while|whereas)\b|(?<=[.!?])\s+(?=[A-Z])")
_CLAUSE_JOIN = re.compile(r";|\band\b|\bbut\b|\bwhile\b|\bwhereas\b|\bthen\b")


# a question that asks for several things by their number ("Which two ...?", "What
# three ...?"): one item is no answer; a list ("X and Y", "X, Y") may be
_SEVERAL = re.compile(r",|;|&|\band\b|\bor\b|\bnor\b", re.IGNORECASE)
# "which of the two ...?", "which one of its three ...?": one item of a counted group is
# asked, and the group's list is no answer ("which of the settings are ...?" may ask many)
_ASKS_ONE_OF = re.compile(
    r"\bwhich\s+(?:one\s+)?of\s+(?:the|these|those|its|their)\s+(?:two|three|four|five)\b",
    re.IGNORECASE,
)
# a question about the present ("Who is the current CEO?") is not answered by a sentence
# that says the state ended ("Ada Ortiz ... stepped down as CEO")
_ASKS_PRESENT = re.compile(r"\b(?:current|currently|now|presently|today)\b", re.I)
_ENDED = re.compile(
    r"\b(?:stepped down|steps down|resigned|retired|former|formerly|no longer|used to|"
    r"was replaced|were replaced|until (?:his|her|their|its) (?:death|retirement))\b",
    re.I,
)
# and the reverse: a question about a state that ended ("Which house was formerly owned by
# ...?") is not answered by a sentence that says the same verb holds now ("currently owned
# by ..."), unless it says an end of that verb too
_PAST_VERB = re.compile(r"\b(?:formerly|previously|once|no longer)\s+(?:been\s+)?([a-z]+)\b", re.I)
_ONGOING_VERB = re.compile(r"\b(?:currently|presently|still|now)\s+(?:being\s+)?([a-z]+)\b", re.I)


def _ended_for_ongoing(question: str, sentence: str) -> bool:
    """Whether the question asks of a verb's past ("formerly owned") and the sentence
    says that verb holds now ("currently owned") and nowhere that it ended."""
    asked = {stem(m.group(1).lower()) for m in _PAST_VERB.finditer(question)}
    if not asked:
        return False
    now = {stem(m.group(1).lower()) for m in _ONGOING_VERB.finditer(sentence)}
    ended = {stem(m.group(1).lower()) for m in _PAST_VERB.finditer(sentence)}
    return bool(asked & now) and not (asked & ended)


_BOUND = (
    r"(?:before|until|prior\s+to|up\s+to|earlier\s+than"
    r"|after|since|starting\s+(?:with|from)|from|as\s+of)"
)
_BOUND_BEFORE = re.compile(r"\b(?:before|until|prior\s+to|up\s+to|earlier\s+than)\b", re.I)


_NEGATION = re.compile(r"\b(?:not|never)\b|n['’]t\b", re.I)
# a sentence opening with a contrast says the other case than the one before it
_CONTRAST = re.compile(
    r"\s*(?:but|however|in contrast|by contrast|on the other hand|otherwise|conversely|"
    r"instead|unlike)\b",
    re.I,
)
_NOT_ONLY = re.compile(r"\s*(?:only|just|merely|until|least)\b", re.I)


def _negates(sentence: str, qkeys: list[str], value: str = "") -> bool:
    """Whether ``sentence`` negates what a question without a negation asks: a "not",
    "never" or "n't" followed within three words by one of the question's words, in the
    answer's clause ("In the visual arts, the Normans did not have the rich ...
    traditions of the cultures they conquered" for "What kind of art did the Normans have
    a rich tradition of?"; but "didn't support OpenAPI 3.1.0 (it does since 5.0.0)"
    states 5.0.0). "not only" and "not until" are left alone."""
    asked = {k for k in qkeys if not _polar(k)} | {_canon(k) for k in qkeys}
    at = sentence.find(value) if value else -1
    for m in _NEGATION.finditer(sentence):
        if _NOT_ONLY.match(sentence, m.end()):
            continue
        after = words(sentence[m.end() :])[:3]
        if not any(_canon(stem(w.lower())) in asked for w in after):
            continue
        between = sentence[min(at, m.start()) : max(at, m.end())] if at >= 0 else ""
        if at < 0 or not _CLAUSE_BREAK.search(between):
            return True
        if m.start() > at and _negated_words(sentence, at, m.start(), asked):
            return True
    return False


def _negated_words(sentence: str, at: int, negation: int, asked: set[str]) -> bool:
    """Whether the question's words that the answer's clause leaves unsaid are said by a
    later clause that negates them: "The version of the song with vocals was released to
    radio in 2009, however a commercial single was not released." states no date of "a
    commercial single"."""
    breaks = [b.start() for b in _CLAUSE_BREAK.finditer(sentence)]
    start = max((b for b in breaks if b <= at), default=0)
    end = min((b for b in breaks if b > at), default=len(sentence))
    if end > negation:
        return False
    later = min((b for b in breaks if b > negation), default=len(sentence))

    def said(text: str) -> set[str]:
        stems = {stem(w.lower()) for w in words(text)}
        return stems | {_canon(k) for k in stems}

    # the question's words the sentence says, but not in the answer's clause (a word the
    # sentence does not say at all, the page's title may)
    missing = (asked & said(sentence)) - said(sentence[start:end])
    return bool(missing) and missing <= said(sentence[end:later])


_FAILURE = re.compile(
    r"\bbut\s+failed\b|\bfailed\s+to\b|\bin\s+vain\b|\bto\s+no\s+avail\b|\bunsuccessful"
    r"|\bwithout\s+success\b|\btried\s+to\b|\battempted\s+to\b",
    re.IGNORECASE,
)


def _failed(question: str, sentence: str) -> bool:
    """Whether ``sentence`` says the question's act was only attempted: the question's
    verb stands there only as an infinitive ("travelled to carve out a state ..., but
    failed" for "Who carved out a state ...?") and the sentence says it failed or was
    tried; an act done in vain ("besieged Dyrrachium ..., but to no avail") was done."""
    if not _FAILURE.search(sentence) or _FAILURE.search(question):
        return False
    asked = doers.subject_and_verb(question)
    verbs = {asked[1]} if asked is not None else set()
    first = re.match(r"\s*(?:who|what|which\s+\w+)\s+(\w+)", question, re.IGNORECASE)
    if first is not None and first.group(1).lower() not in _SKIP_KEYS:
        verbs.add(stem(first.group(1).lower()))
    for verb in verbs:
        uses = [m for m in re.finditer(r"\w+", sentence) if stem(m.group(0).lower()) == verb]
        if uses and all(re.search(r"\bto\s+$", sentence[: m.start()]) for m in uses):
            return True
    return False


_CLAUSE_BREAK = re.compile(r"[(;:—–)]|\bbut\b|\bwhile\b|\bwhereas\b|\bhowever\b", re.I)


def _qualified_otherwise(question: str, sentence: str, value: str = "") -> bool:
    """Whether the sentence bounds the question's version or number the other way:
    "Before version 0.122.0, ... `403`" does not answer "starting with version 0.122.0"
    (nor "after ..." a question asked "before ..."). The bound that governs the answer
    is the last one before it ("Before 0.122.0 ... `403`. Starting with 0.122.0, they
    use `401`": 401 is bounded by "starting with")."""
    q_before = _BOUND_BEFORE.search(question) is not None
    at = sentence.rfind(value) if value else -1
    for m in re.finditer(r"\d+(?:\.\d+)+", question):
        number = re.escape(m.group(0))
        bounds = list(re.finditer(rf"\b({_BOUND})\s+(?:\w+\s+){{0,3}}`?{number}", sentence, re.I))
        if not bounds:
            continue
        before = [b for b in bounds if b.start() < at] if at >= 0 else []
        where = before[-1] if before else bounds[0]
        s_before = _BOUND_BEFORE.fullmatch(where.group(1)) is not None
        if s_before != q_before:
            return True
    return False


FEATURES = (
    "unmatched_idf",
    "unmatched_max",
    "sentence_rank",
    "typed",
    "value",
    "technical",
    "strict",
    "missing",
    "rivals",
    "margin",
    "answer_words",
    "rank",
)
# Computed too; with FEATURES, the pool `benchmarks/fit_offline_confidence.py` selects
# from by a grouped cross-validation (``search_rank`` is kept out of it: see there).
EXTRA_FEATURES = (
    "search_rank",
    "temporal",
    "number",
    "score",
    "person",
    "place",
    "other_head",
    "sentence_cover",
    "title_only",
    "pairs_near",
    "pairs_in_order",
    "neg_extra",
    "answer_in_question",
    "distance",
    "readings",
    "agree",
    "hops",
    "exact",
    "order",
    "bigrams",
    "compact",
    "gap",
)


# a code span or a joined identifier, whose words negate nothing (`not_valid_after_utc`)
_IN_CODE = re.compile(r"`[^`]*`|\b\w+_\w+\b")


def _says_not(text: str) -> bool:
    """Whether ``text`` says a negation ("not", "doesn't", "never", "no") in its prose."""
    return "not" in _keys(_IN_CODE.sub(" ", text))


def features(
    frame: Frame,
    reading: Reading,
    *,
    question: str = "",
    title: str = "",
    previous: str = "",
    margin: float = 1.0,
    readings: int = 1,
    agree: int = 0,
    rank: int = 0,
    hops: int = 1,
    idf: Mapping[str, float] | None = None,
    place: int = 0,
) -> dict[str, float]:
    """The calibration features of ``reading`` as an answer to ``frame`` (see FEATURES).

    ``idf`` weighs the question's words by how rare they are on the page (`page_idf`; a
    word the page never says weighs most), ``place`` is the reading's place among the
    page's readings that pass the hard rules (0: the best scored)."""
    text = asked_part(restate(question or frame.text))
    title = title_heading(title)
    qkeys = [k for k in question_keys(text) if not _polar(k)]
    value_keys = _keys(reading.value)
    asked = [k for k in qkeys if k not in value_keys] or qkeys
    sentence = _keys(reading.sentence)
    if TEMPORAL & {w.lower() for w in words(reading.sentence)}:
        # "current" is stated by "now" ("Kenji Ito is now the CEO."), as the reader
        # matches it (a stopword, so no key of the sentence's own)
        sentence |= {k for k in asked if k in TEMPORAL and k in frame.soft}
    if frame.renamed and succeeds(frame, reading):
        # the sentence gives the successor of the name the question asks about: the
        # renaming is the relation asked, whatever words the question asks it with
        # ("Which attribute should we read instead?" over "Please switch to ..."); the
        # question's names are still the sentence's to state
        sentence |= set(asked) - set(frame.anchors)
    context = _keys(title) | _keys(previous)
    in_sentence = [k for k in asked if k in sentence or _canon(k) in sentence]
    in_context = [k for k in asked if k not in in_sentence and k in context]
    n = max(1, len(asked))
    kind = frame.answer_type
    verbs = {_canon(k) for k in (frame.verb, frame.predicate) if k}
    alignment = _alignment(text, reading, value_keys, context, verbs)
    return {
        # a typed span: a date, number, name, or a name of the asked head noun's kind
        # ("What prize ...?" -> "the Hollis Prize"; "Which broadcaster ...?" -> "the
        # broadcaster DR")
        "typed": float(kind is not AnswerType.OTHER or _named_as_head(frame, reading)),
        "person": float(kind is AnswerType.PERSON),
        "temporal": float(kind in (AnswerType.DATE, AnswerType.YEAR, AnswerType.TIME)),
        "place": float(kind is AnswerType.PLACE),
        "number": float(kind in (AnswerType.NUMBER, AnswerType.AMOUNT)),
        # a date, time or number: few training answers are numbers, so they are one feature
        "value": float(
            kind
            in (
                AnswerType.DATE,
                AnswerType.YEAR,
                AnswerType.TIME,
                AnswerType.NUMBER,
                AnswerType.AMOUNT,
            )
        ),
        # "What NOUN ...?" answered by a clause, not by a name ending in the noun (that
        # one is ``typed``)
        "other_head": float(
            kind is AnswerType.OTHER
            and frame.head is not None
            and not _named_as_head(frame, reading)
            and not apposed(frame, reading)
        ),
        "score": min(reading.score, 1.2),
        "sentence_cover": len(in_sentence) / n,
        "title_only": len(in_context) / n,
        "missing": (n - len(in_sentence) - len(in_context)) / n,
        "pairs_near": _pairs_near(asked, reading.sentence),
        # the question's verb aside, as in `_alignment`'s order: a passive sentence
        # ("Acme Robotics was founded by Ada Ortiz") states "Who founded Acme Robotics?"
        "pairs_in_order": _pairs_near(
            [k for k in asked if _canon(k) not in verbs], reading.sentence, window=2, ordered=True
        ),
        # a "not" of the sentence's own the question does not say (as a word: the "not"
        # of `not_valid_after_utc` negates nothing)
        "neg_extra": float(_says_not(reading.sentence) and not _says_not(text)),
        "answer_words": min(len(words(reading.value)), 12) / 12,
        "answer_in_question": len(value_keys & set(qkeys)) / max(1, len(value_keys)),
        "rivals": _rivals(frame, reading),
        "distance": _distance(asked, reading),
        "margin": max(0.0, min(margin, 1.0)),
        "readings": math.log1p(readings) / math.log(10),
        "agree": min(agree, 3) / 3,
        "rank": min(rank, 5) / 5,
        "search_rank": min(rank, 5) / 5,
        "hops": float(hops > 1),
        # a span of a technical kind, or a code span the sentence calls by the asked noun
        # or the name a sentence gives a renamed one ("is renamed to ``pass_collection``")
        "technical": float(
            frame.tech is not None or apposed(frame, reading) or succeeds(frame, reading)
        ),
        "sentence_rank": min(place, 5) / 5,
        **_weighed(asked, in_sentence, in_context, idf or {}),
        **alignment,
    }


def page_idf(sentences: Iterable[str]) -> dict[str, float]:
    """Each key's inverse document frequency over a page's sentences, scaled to (0, 1]:
    ``log((n + 1) / (df + 1)) / log(n + 1)``, floored at 0.05; a key the page never
    states is missing from the map and weighs 1."""
    texts = list(sentences)
    n = len(texts)
    df: dict[str, int] = {}
    for text in texts:
        for key in _keys(text):
            df[key] = df.get(key, 0) + 1
    top = math.log(n + 1) or 1.0
    return {k: max(0.05, math.log((n + 1) / (d + 1)) / top) for k, d in df.items()}


def _weighed(
    asked: list[str], in_sentence: list[str], in_context: list[str], idf: Mapping[str, float]
) -> dict[str, float]:
    """Alignment weighed by rarity: the share of the question's IDF mass that the
    sentence does not state (``unmatched_idf``; the context's words count half), and the
    IDF of the rarest word it leaves unstated (``unmatched_max``). SQuAD 2.0's traps
    swap one word of an answerable question, most often a rare one (a name, a number
    word, an antonym), so the unmatched word's weight tells them apart."""
    weight = {k: idf.get(_canon(k), idf.get(k, 1.0)) for k in asked}
    total = sum(weight.values())
    if not asked or total <= 0:
        return {"unmatched_idf": 0.0, "unmatched_max": 0.0}
    said = set(in_sentence)
    half = set(in_context)
    unmatched = sum(w for k, w in weight.items() if k not in said and k not in half)
    unmatched += 0.5 * sum(w for k, w in weight.items() if k in half)
    rarest = max((w for k, w in weight.items() if k not in said and k not in half), default=0.0)
    return {"unmatched_idf": unmatched / total, "unmatched_max": rarest}


# words a noun phrase does not open with (conjunctions, subordinators, clause adverbs),
# and finite auxiliaries a noun phrase does not hold: an "other" answer with one is a cut
# of the sentence's clause, not a thing it names
_CLAUSE_OPENERS = frozenset(
    """after again also although and because but either eventually however if neither
    nor or so still than that then though thus ultimately unless when whenever whereas
    whether which while who whom whose why yet""".split()
)
_FINITE = frozenset(
    """am is are was were be been being has have had do does did will would shall should
    can could may might must""".split()
)
_DASHED_CLAUSE = re.compile(r"[—–]\s*[a-z]")  # "the Adriatic—fell again to ..."


_LONGEST_PHRASE = 8  # words: a longer "other" answer is a stretch of its sentence
_CUT_WORD = re.compile(r"^\s*-[^\W\d_]")  # "-Norse settlers" out of "Anglo-Norse settlers"


def _clause(value: str) -> bool:
    """Whether an "other" answer reads as a cut clause: it opens with a conjunction or a
    clause adverb, holds a lowercase finite auxiliary (a capitalised title such as "The
    Man Who Would Be King" keeps its words), runs on past a dash into a verb, starts in
    the middle of a hyphenated word, or runs past eight words (the reader's phrases are
    short; on fold A's training side every longer one was a stretch of its sentence)."""
    parts = words(value)
    if not parts:
        return False
    if len(parts) > _LONGEST_PHRASE or _CUT_WORD.match(value):
        return True
    if parts[0] in _CLAUSE_OPENERS:  # lowercase: a capitalised opener starts a name
        return True
    capitalised = sum(1 for w in parts if w[:1].isupper())
    if capitalised * 2 < len(parts) and any(w in _FINITE for w in parts):
        return True
    return bool(_DASHED_CLAUSE.search(value))


def succeeds(frame: Frame, reading: Reading) -> bool:
    """Whether the answer is the name its sentence gives a name the question asks the
    successor of (`renamed.successor`; a pointer, "This property", taken for that name:
    the reader took it so only under the entry's own heading, which a passage's title may
    not be)."""
    heading = renamed.entry_terms(frame.renamed)
    span = renamed.successor(reading.sentence, frame.renamed, heading=heading)
    return span is not None and reading.sentence[span[0] : span[1]] == reading.value


def apposed(frame: Frame, reading: Reading) -> bool:
    """Whether the answer is a code span its sentence calls by a word of the question's
    wh-phrase ("the `EventRenamer` processor" for "Which processor ...?")."""
    if not frame.head_words:
        return False
    return any(
        reading.sentence[s:e] == reading.value
        for s, e in technical.apposed(reading.sentence, frame.head_words)
    )


def _headed(frame: Frame, value: str) -> bool:
    """Whether an "other" answer is a capitalised name of the question's head noun's kind
    by its own words (`extraction.headed_name`: "the Hollis Prize", "the Province of
    Queensland")."""
    if frame.head is None:
        return False
    return headed_name(" ".join(words(value)), frame.head, head_word(frame.text))


def _named_as_head(frame: Frame, reading: Reading) -> bool:
    """Whether an "other" answer is a name of the question's head noun: one ending in it
    ("the Hollis Prize"), or one the sentence sets right after it ("the broadcaster DR")."""
    if _headed(frame, reading.value):
        return True
    if frame.head is None or not reading.value[:1].isupper():
        return False
    at = reading.sentence.find(reading.value)
    asked = head_word(frame.text)
    return at > 0 and asked is not None and after_head(reading.sentence, at, asked)


def _alignment(
    question: str,
    reading: Reading,
    value_keys: frozenset[str],
    context: frozenset[str] = frozenset(),
    verbs: frozenset[str] | set[str] = frozenset(),
) -> dict[str, float]:
    """How strictly the sentence states the question's frame around the answer, in words
    of the sentence (numbers in [0, 1]):

    * ``strict`` — 1 when all of the rest hold: every question word that is not the
      answer is in the sentence itself (a name of the question may be in the title or
      the previous sentence instead: "Kowalski was born in Sopot" under "Marta
      Kowalski"), the matched words stand in the question's order, and the answer is
      within two words of them; else 0;

    * ``exact`` — the share of the question's content words written the same way;
    * ``order`` — the share of pairs of matched question words in the question's order
      ("When did Harold conquer England?" is not stated by "William conquered England
      killing Harold": Harold stands after the verb);
    * ``bigrams`` — the share of the question's neighbouring content words that are
      neighbours in the sentence too, in order ("first Byzantine mercenary" is not
      "first Norman mercenaries ... Byzantine general");
    * ``compact`` — the matched words and the answer over the stretch of sentence they
      span (1: nothing else between them);
    * ``gap`` — words from the answer to the nearest matched question word, over 8.

    The order leaves out the question's verb (``verbs``): "Orbis Ltd was founded by
    Nadia Perez" states "Who founded Orbis Ltd?" in the passive.
    """
    asked = [
        t
        for t in terms(question)
        if t.surface.lower() not in _SKIP_KEYS | _SOFT
        and not _polar(t.key)
        and t.key not in value_keys
    ]
    sequence = list(dict.fromkeys(_canon(t.key) for t in asked))
    surfaces = {t.surface.lower() for t in asked}
    tokens = [_canon(t.key) for t in terms(reading.sentence)]
    written = {w.lower() for w in words(reading.sentence)}
    at = reading.sentence.find(reading.value)
    first = len(terms(reading.sentence[:at])) if at >= 0 else len(tokens)
    last = first + max(1, len(terms(reading.value))) - 1
    where: dict[str, list[int]] = {}
    for i, tok in enumerate(tokens):
        where.setdefault(tok, []).append(i)

    def nearest(key: str) -> int:
        return min(
            where[key],
            key=lambda i: (0 if first <= i <= last else min(abs(i - first), abs(i - last)), i),
        )

    matched = [k for k in sequence if k in where]
    position = {k: nearest(k) for k in matched}
    pairs = list(itertools.combinations([k for k in matched if k not in verbs], 2))
    order = sum(position[a] < position[b] for a, b in pairs) / len(pairs) if pairs else 1.0
    neighbours = list(itertools.pairwise(sequence))
    together = sum(
        1
        for a, b in neighbours
        if a in where and b in where and any(0 < j - i <= 2 for i in where[a] for j in where[b])
    )
    spots = [*position.values(), first, last]
    stretch = max(spots) - min(spots) + 1
    outside = [p for p in position.values() if not first <= p <= last]
    gap = min((min(abs(p - first), abs(p - last)) for p in outside), default=0)
    named = {_canon(t.key) for t in asked if t.surface[:1].isupper()}
    unstated = [k for k in sequence if k not in where and not (k in named and k in context)]
    gap_words = min(gap, 8)
    return {
        "strict": float(not unstated and order == 1.0 and gap_words <= 2),
        "exact": len(surfaces & written) / len(surfaces) if surfaces else 1.0,
        "order": order,
        "bigrams": together / len(neighbours) if neighbours else 1.0,
        "compact": min(1.0, (len(matched) + last - first + 1) / stretch),
        "gap": gap_words / 8,
    }


def _tokens(sentence: str) -> list[str]:
    return [_canon(t.key) for t in terms(sentence)]


def _pairs_near(asked: list[str], sentence: str, window: int = 3, ordered: bool = False) -> float:
    """The share of the question's neighbouring word pairs (both in the sentence) that
    stand within ``window`` words of each other there (``ordered``: in the question's
    order): "Christian spirit" is not stated by "martial spirit and Christian piety"."""
    tokens = _tokens(sentence)
    where: dict[str, list[int]] = {}
    for i, tok in enumerate(tokens):
        where.setdefault(tok, []).append(i)
    present = [_canon(k) for k in asked if _canon(k) in where]
    pairs = list(itertools.pairwise(present))
    if not pairs:
        return 1.0

    def close(i: int, j: int) -> bool:
        return 0 < j - i <= window if ordered else abs(i - j) <= window

    near = sum(1 for a, b in pairs if any(close(i, j) for i in where[a] for j in where[b]))
    return near / len(pairs)


def _rivals(frame: Frame, reading: Reading) -> float:
    """1 / the number of candidates of the answer's type in the sentence (for a name
    ending in the asked head noun, the names that end in it); 1 for a clause: the
    sentence has one clause after the question's words, so it has no rival (0 said
    "many rivals" of every clean clause answer, the brand voice's among them)."""
    kind = frame.answer_type
    if kind is AnswerType.OTHER:
        if not _headed(frame, reading.value):
            return 1.0
        spans = [reading.sentence[a:b] for a, b in name_spans(reading.sentence)]
        return 1.0 / max(1, sum(_headed(frame, name) for name in spans))
    count = len(candidates(kind, reading.sentence))
    return 1.0 / max(1, count)


def _distance(asked: list[str], reading: Reading) -> float:
    """How far (in words, scaled to [0, 1]) the answer stands from the nearest question
    word in its sentence."""
    at = reading.sentence.find(reading.value)
    if at < 0:
        return 1.0
    asked_set = {_canon(k) for k in asked}
    positions = [
        m.start()
        for m in re.finditer(r"\w+", reading.sentence)
        if any(_canon(t.key) in asked_set for t in terms(m.group(0)))
    ]
    # a sentence whose subject is a pronoun, read alone (its page's title names the
    # subject) or with the one before it ("... the Kest Observatory ... . It sits on a
    # ridge above the town of Hollow Bay."): the pronoun stands for the question's words
    for s, _ in sentence_spans(reading.sentence):
        if s <= at:
            pronoun = PRONOUN_SUBJECT.match(reading.sentence, s)
            if pronoun is not None:
                positions.append(pronoun.end() - 1)
    if not positions:
        return 1.0
    end = at + len(reading.value)
    gap = min(0 if at <= p < end else min(abs(p - at), abs(p - end)) for p in positions)
    return min(gap / 60, 1.0)
