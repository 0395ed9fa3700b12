"""The question's subject must do the question's verb in the evidence.

"When did King Harold II conquer England?" shares every word with "In 1066, Duke William
II of Normandy conquered England killing King Harold II at the Battle of Hastings", and
the year is right there; but in the sentence William conquers and Harold is killed.
SQuAD 2.0 writes such traps by swapping who does what. The who-question reads roles
already (`extraction._by_role`); this is the same check for the other questions with an
active verb and a named subject: "When/where/what did NAME VERB ...?". When the sentence
uses that verb as a verb (not "a third attack", not "to serve as"), one of the subject's
names must stand before it in its clause, in the active voice (`extraction.doer_before`).
"""

from __future__ import annotations

import re

from sleuth.text import STOPWORDS, stem, words

from .extraction import doer_before
from .modifiers import NAME_JOINERS

_ASKED = re.compile(r"^\s*(?!who\b|whom\b)[\w\s]*?\b(?:did|does|do)\s+(?P<rest>.+)$", re.I)
_ROMAN = re.compile(r"^[IVXLC]+$")
_TOKEN = re.compile(r"[\w’'-]+")
# a word right before the verb that makes it a noun or an infinitive
_NOT_A_VERB = frozenset(
    "a an the this that these those its his her their our your my to first second third".split()
)


def subject_and_verb(question: str) -> tuple[frozenset[str], str] | None:
    """The named subject's stems and the verb's stem of "... did NAME VERB ...?", or
    None when the subject is not a capitalised name (or there is no such verb)."""
    asked = _ASKED.match(question)
    if asked is None:
        return None
    tokens = _TOKEN.findall(asked.group("rest"))
    names: list[str] = []
    i = 0
    while i < len(tokens) and (
        tokens[i][:1].isupper() or (tokens[i].lower() in NAME_JOINERS and (names or i == 0))
    ):
        if tokens[i][:1].isupper() and not _ROMAN.match(tokens[i]):
            names.append(tokens[i])
        i += 1
    if not names or i >= len(tokens) or not tokens[i][:1].islower():
        return None
    verb = tokens[i].lower()
    if verb in STOPWORDS or (verb.endswith("s") and not verb.endswith("ss")):
        return None  # after "did", a verb is bare: "the Saint-Evroul monks" is a subject
    return frozenset(stem(n.lower()) for n in names if len(n) > 2), stem(verb)


def other_doer(question: str, sentence: str) -> bool:
    """Whether ``sentence`` uses the question's verb with someone else doing it (see the
    module); False when the question has no named subject or the sentence no such verb."""
    asked = subject_and_verb(question)
    if asked is None:
        return False
    names, verb = asked
    if not names:
        return False
    uses = []
    for match in re.finditer(r"\w+(?:['’]\w+)*", sentence):
        if stem(match.group(0).lower()) != verb:
            continue
        before = words(sentence[: match.start()])
        if before and before[-1].lower() in _NOT_A_VERB:
            continue
        uses.append(match.start())
    return bool(uses) and not any(doer_before(sentence, at, names) for at in uses)
