"""A named modifier of the question must modify the same word in the evidence.

SQuAD 2.0's traps keep every word of an answerable question and swap the name that
qualifies a noun: "When did Hervé serve as a *Norman* general?" over "One of the first
Norman mercenaries to serve as a *Byzantine* general was Hervé in the 1050s". Every word
is there ("Norman" too, elsewhere), so matching words one by one accepts the sentence;
what differs is which name qualifies "general". The rule: when the question writes a
capitalised word right before a lowercase word ("Norman general"), and the sentence has
that word right after *another* capitalised word the question does not have ("Byzantine
general") but never right after the question's, the sentence is about something else.
So it is when the other word is a lower-case one and the question's name qualifies
another word of the sentence: "Who was famed for their Christian spirit?" over "famed
for their martial spirit and eventually for their Christian piety".

Names are told by capitals only (no tagger, no word lists), and a capitalised run that
holds the question's name is that name ("Edward the Confessor returned" states "Edward
returned"); the question's first word, the answer's words and words split by punctuation
are left alone.

A possessive picks out another thing by its name (`possessed`): "When did Edward the
Confessor's *son* return ...?" asks about the son, so a sentence about Edward the
Confessor himself ("When finally Edward the Confessor returned ... in 1041") does not
answer it unless it states the possessed noun too (or its neighbour sentence does).
"""

from __future__ import annotations

import re

from sleuth.text import STOPWORDS, stem

from .frames import SOFT_WORDS

_TOKEN = re.compile(r"[\w’'-]+|[^\w\s]")
# lower-case words inside a name ("Edward the Confessor", "Roger de Tosny")
NAME_JOINERS = frozenset({"the", "of", "de", "von", "van", "da", "del", "di", "du", "la", "le"})


def swapped(question: str, sentence: str, answer: str = "") -> tuple[str, str, str] | None:
    """(the question's name, the word it qualifies, the sentence's other name) when the
    sentence qualifies the word by another name (see the module); else None."""
    q = _TOKEN.findall(question)
    s = _TOKEN.findall(sentence)
    skip = {_key(w) for w in _TOKEN.findall(answer)}
    asked = {_key(w) for w in q}
    s_keys = [_key(w) for w in s]
    for i in range(1, len(q) - 1):  # the first word is capitalised anyway
        name, word = q[i], q[i + 1]
        if not (_capital(name) and _lower_word(word)):
            continue
        n, w = _key(name), _key(word)
        if n in skip or w in skip or w in STOPWORDS or n not in s_keys:
            continue
        before = [j for j in range(1, len(s)) if s_keys[j] == w]
        if not before or any(n in _run_before(s, j) for j in before):
            continue
        # the question's name qualifying another word of the sentence ("Christian
        # piety" for "Christian spirit")
        # (an adjective: not a plural subject, "the Normans attack"; nor before a verb or
        # an adverb, "monks of Saint-Evroul fled", "Europe slowly began")
        elsewhere = not name.endswith("s") and any(
            s_keys[i] == n
            and i + 1 < len(s)
            and _lower_word(s[i + 1])
            and s_keys[i + 1] != w
            and s_keys[i + 1] not in STOPWORDS
            and not s[i + 1].endswith(("ed", "ly"))
            for i in range(len(s))
        )
        for j in before:
            other = s[j - 1]
            if j - 1 <= 0 or _key(other) in asked:
                continue
            if _capital(other):
                return name, word, other
            if (
                elsewhere
                and _lower_word(other)
                and _key(other) not in STOPWORDS
                and other.lower() not in _QUANTIFIERS
                and not other.endswith("ly")  # "Europe slowly began": a verb's adverb
            ):
                return name, word, other  # "martial spirit and ... Christian piety"
    return None


def slot_swapped(question: str, sentence: str, answer: str = "") -> tuple[str, str] | None:
    """(the question's name, the sentence's) when a phrase the two share stands beside a
    different name in each: a run of three words or more, two of them not stop words,
    right after (or right before) a capitalised word of each that differ ("Who led the
    *British* and their native allies?" over "destroyed by the *French* and their native
    allies led by ..."; "the first *Byzantine* mercenary to serve" over "the first
    *Norman* mercenaries to serve as a Byzantine general"). The phrase must stand in the
    answer's clause (not across a semicolon); the question's first word, a sentence's first
    word and the answer's words are left alone."""
    q = _TOKEN.findall(question)
    s = _TOKEN.findall(sentence)
    qk = [_key(w) for w in q]
    sk = [_key(w) for w in s]
    skip = {_key(w) for w in _TOKEN.findall(answer)}
    # the answer's clause: a phrase after a semicolon (or before one) says another fact
    said = [j for j, w in enumerate(s) if skip and _key(w) in skip]
    breaks = [j for j, w in enumerate(s) if w == ";"]

    def beside_answer(j: int) -> bool:
        return not said or any(not any(min(j, a) < b < max(j, a) for b in breaks) for a in said)

    def differ(a: int, b: int) -> bool:
        return (
            0 < a < len(q)
            and 0 < b < len(s)
            and _capital(q[a])
            and _capital(s[b])
            and q[a][:1].isalpha()
            and s[b][:1].isalpha()
            and qk[a] != sk[b]
            and not {qk[a], sk[b]} & skip
        )

    for i in range(1, len(q)):
        for j in range(1, len(s)):
            if qk[i] != sk[j] or qk[i - 1] == sk[j - 1]:
                continue  # not the start of a shared run
            n = 0
            while i + n < len(q) and j + n < len(s) and qk[i + n] == sk[j + n]:
                n += 1
            shared = [k for k in qk[i : i + n] if k[:1].isalnum() and k not in STOPWORDS]
            if n < 3 or len(shared) < 2 or not beside_answer(j):
                continue
            if differ(i - 1, j - 1):
                return q[i - 1], s[j - 1]
            if differ(i + n, j + n):
                return q[i + n], s[j + n]
    return None


_WHOSE = frozenset({"who's", "who’s", "whose"})
# words before a noun that count it, not qualify it
_QUANTIFIERS = frozenset(
    "several many few some most all both each every various numerous first second third "
    "other another".split()
)


def possessed(question: str, stated: str, answer: str = "") -> str | None:
    """The noun a capitalised possessive of the question owns ("son" in "Edward the
    Confessor's son") when ``stated`` (the sentence, with its neighbour) does not state
    it; else None. A noun of the answer, a stop word or an answer-type word ("What is
    Tancred's name?") is left alone."""
    q: list[str] = _TOKEN.findall(question)
    have = {_key(w) for w in _TOKEN.findall(stated)} | {_key(w) for w in _TOKEN.findall(answer)}
    for i in range(len(q) - 1):
        owner = q[i]
        if owner.lower() in _WHOSE or not _capital(owner) or not owner.endswith(("'s", "’s")):
            continue
        j = i + 1
        while j < len(q) - 1 and (q[j].lower() in _ORDER_WORDS or q[j].lower() in SOFT_WORDS):
            j += 1  # "William's eldest son": the son (the order word is `polarity`'s)
        noun = q[j].removesuffix("'s").removesuffix("’s")
        if not _lower_word(noun) or noun.lower() in STOPWORDS or noun.lower() in _TYPE_NOUNS:
            continue
        if _key(noun) not in have:
            return noun
    return None


# nouns that name the answer's kind, not a thing of the owner's ("What was Tancred's name?")
_TYPE_NOUNS = frozenset({"name", "names", "title"})
_ORDER_WORDS = frozenset(
    "first second third last eldest oldest youngest elder younger only main late former".split()
)


def _run_before(tokens: list[str], j: int) -> set[str]:
    """The keys of the capitalised run (names joined by "the", "of", ...) right before
    ``tokens[j]``."""
    run: set[str] = set()
    k = j - 1
    while k >= 0 and (_capital(tokens[k]) or (tokens[k].lower() in NAME_JOINERS and run)):
        run.add(_key(tokens[k]))
        k -= 1
    return run


def _key(token: str) -> str:
    return stem(token.strip("’'"))  # as written: "DTDs" is the acronym's plural


def _capital(token: str) -> bool:
    return token[:1].isupper()


def _lower_word(token: str) -> bool:
    return token[:1].isalpha() and token[:1].islower()
