"""What the evidence pairs the answer with, against what the question pairs it with.

Three ways a sentence holds every word of a question and still answers another one,
each read from the sentence itself (written from `benchmarks/squad_dev4`, R):

* *respectively*: "Hayek earned doctorates in law and political science in 1921 and
  1923 respectively" pairs the two lists by place; the doctorate in political science
  is 1923, not 1921 (`respective_mismatch`);
* *an excluded one*: "Who plays the filmmaker's daughter in place of Veninger's own
  daughter?" over "... the filmmaker's daughter, Sara, is played by Veninger's real life
  daughter Hallie Switzer": the question rules out whom the sentence names, described
  by the excluded words (`excluded`);
* *a slot filled otherwise*: "Who was the longtime drummer for Counting Crows?" over
  "... Kenney Dale Johnson, longtime drummer for the musician Chris Isaak" on the page
  of a Counting Crows song: the sentence gives the role to another name
  (`slot_named_otherwise`).

And, from `benchmarks/squad_dev5` (R): the other end of a span ("Until what year ...?"
over "from 2004 to 2007": `range_end_mismatch`) and a life's dates that belong to the
name they follow ("Nora Bergliot Ibsen (born 1951)" is no answer about Henrik Ibsen:
`dated_for_another_name`).
"""

from __future__ import annotations

import re

from sleuth.text import STOPWORDS, stem

_WORD = re.compile(r"[\w'’-]+")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
# a list member is a few words at most; these end it on the left or the right
_MEMBER_STOPS = frozenset(
    "in on at by for from with of to as the a an and or but which who that was were is are "
    "respectively".split()
)


def _keys(text: str) -> set[str]:
    return {stem(w.lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS}


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]


def _pairs(tokens: list[tuple[int, int, str]], until: int) -> list[tuple[int, str, str]]:
    """Each "A and B" before offset ``until``: (the place of "and", A's words, B's
    words), A and B cut at a preposition, an article or a clause word."""
    out = []
    for i, (start, _, word) in enumerate(tokens):
        if word.lower() != "and" or start >= until:
            continue
        left: list[str] = []
        for _, _, w in reversed(tokens[:i]):
            if w.lower() in _MEMBER_STOPS or len(left) == 3:
                break
            left.insert(0, w)
        right: list[str] = []
        for _, _, w in tokens[i + 1 :]:
            if w.lower() in _MEMBER_STOPS or len(right) == 3:
                break
            right.append(w)
        if left and right:
            out.append((i, " ".join(left), " ".join(right)))
    return out


def respective_mismatch(question: str, sentence: str, value: str) -> bool:
    """Whether ``sentence`` pairs two lists "respectively" and gives ``value`` the place
    of the other member than the one the question names: "... in law and political
    science in 1921 and 1923 respectively" answers "political science" with 1923. Only
    two-member lists; a question naming both members, or neither, is not decided here."""
    if not value or not _RESPECTIVELY.search(sentence):
        return False
    at = sentence.find(value)
    if at < 0:
        return False
    tokens = _tokens(sentence)
    starts = [i for i, (s, _, _) in enumerate(tokens) if s >= at]
    if not starts:
        return False
    first = starts[0]
    last = max(i for i, (_, e, _) in enumerate(tokens) if e <= at + len(value))
    if not any(w.lower() == "respectively" for _, _, w in tokens[last + 1 : last + 7]):
        return False  # "respectively" closes the value's own list
    if last + 1 < len(tokens) and tokens[last + 1][2].lower() == "and":
        place = 0  # "1921 and 1923": the first
    elif first > 0 and tokens[first - 1][2].lower() == "and":
        place = 1
    else:
        return False
    asked = _keys(question)
    for i, left, right in _pairs(tokens, tokens[first][0]):
        if i >= first - 1 and i <= last + 1:
            continue  # the value's own list
        in_left, in_right = bool(_keys(left) & asked), bool(_keys(right) & asked)
        if in_left != in_right:
            return (0 if in_left else 1) != place
    return False


# "in place of Veninger's own daughter", "other than the mayor", "besides Hong Kong": what
# the question rules out (up to a comma, a question mark or a clause word)
_EXCLUDES = re.compile(
    r"\b(?:in\s+place\s+of|instead\s+of|other\s+than|rather\s+than|apart\s+from|besides|"
    r"except(?:\s+for)?)\s+([^,?;]+?)(?=\s*(?:[,?;]|$|\b(?:who|which|that|when|where)\b))",
    re.IGNORECASE,
)
# a name the excluded phrase opens with ("Hong Kong and Haikou", not "Veninger's own ...")
_NAME_RUN = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:(?:and|of|the|de)\s+)?[A-Z][\w'’.-]*)*")
_DESCRIBED_BEFORE = 5  # words before a name that describe it ("Veninger's real life daughter")


def excluded(question: str, sentence: str, value: str) -> bool:
    """Whether the question rules out ``value``: it is the excluded phrase itself, or
    the sentence describes it, in the few words right before it, by every content word
    of that phrase ("Veninger's real life daughter Hallie Switzer" for "in place of
    Veninger's own daughter")."""
    if not value:
        return False
    at = sentence.find(value)
    for m in _EXCLUDES.finditer(question):
        phrase = m.group(1)
        name = _NAME_RUN.match(phrase)
        if name is not None and not name.group(0).endswith(("'s", "’s")):
            phrase = name.group(0)  # "other than Paris hosted it": Paris
        keys = _keys(phrase)
        if not keys:
            continue
        if keys <= _keys(value):
            return True
        if at > 0:
            before = [w for _, _, w in _tokens(sentence[:at])][-_DESCRIBED_BEFORE:]
            if keys <= _keys(" ".join(before)):
                return True
    return False


# "drummer for Counting Crows", "capital of Normandy": a role or part and whose it is
_SLOT = re.compile(
    r"\b([a-z][a-z-]{2,})\s+(for|of|with|at)\s+(?:the\s+)?"
    r"([A-Z][\w'’.-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’.-]*)*)"
)


def slot_named_otherwise(question: str, sentence: str, value: str) -> bool:
    """Whether the sentence, which does not name the question's owner of a role ("the
    drummer for Counting Crows"), gives that role with the same preposition to another
    name ("drummer for the musician Chris Isaak"), the answer not being that name."""
    for m in _SLOT.finditer(question):
        noun, preposition, owner = m.groups()
        if noun in STOPWORDS or owner.lower() in sentence.lower():
            continue
        key = stem(noun)
        pattern = rf"\b([A-Za-z][\w-]*)\s+{preposition}\s+(?:the\s+)?(?:[a-z]+\s+)?" + (
            r"([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
        )
        for s in re.finditer(pattern, sentence):
            if stem(s.group(1).lower()) != key:
                continue
            other = s.group(2)
            if other.lower() != owner.lower() and value not in other and other not in value:
                return True
    return False


# "from 2004 to 2007", "between 2008 and 2010", "2004–2007": a span's two ends
_RANGE = re.compile(
    r"\b(?:from|between)\s+([\w,. ]{1,25}?)\s+(?:to|until|till|through|and)\s+([\w,.]+(?: \d{4})?)"
    r"|\b(\d{4})\s*[–-]\s*(\d{4})\b",
    re.IGNORECASE,
)
_ASKS_END = re.compile(
    r"\b(?:until|till|up\s+to|through)\s+(?:what|which|when)\b|\bhow\s+long\s+until\b", re.I
)
_ASKS_START = re.compile(r"\b(?:since|from)\s+(?:what|which|when)\b", re.IGNORECASE)


def range_end_mismatch(question: str, sentence: str, value: str) -> bool:
    """Whether the question asks one end of a span ("Until what year was he champion?")
    and ``value`` is the other end of a span the sentence gives ("held the title from 2004
    to 2007": 2007, not 2004; "Since which year ...?": 2004)."""
    if not value:
        return False
    end = _ASKS_END.search(question) is not None
    start = _ASKS_START.search(question) is not None
    if end == start:
        return False
    for m in _RANGE.finditer(sentence):
        first, second = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        wrong = first if end else second
        right = second if end else first
        if value in wrong and value not in right:
            return True
    return False


# "Nora Bergliot Ibsen (born 1951)", "Jagdish Mali (18 January 1954 – 13 May 2013)": a
# life's dates in brackets right after the name they belong to
_BRACKETED_AFTER_NAME = re.compile(
    r"([A-Z][\w'’.-]*(?:\s+(?:(?:de|van|von|der|da|del|of)\s+)?[A-Z][\w'’.-]*)*)\s*\(([^()]*)\)"
)
_QUESTION_NAME = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*")


def dated_for_another_name(question: str, sentence: str, value: str) -> bool:
    """Whether ``value`` stands in the brackets of a life's dates after a name that is
    not the question's ("In what year was Henrik Ibsen born?" over "Nora Bergliot Ibsen
    (born 1951) is ... noted for ... Henrik Ibsen's death"): a name of the question that
    shares a word with the bracket's owner but has a word the owner lacks."""
    if not value:
        return False
    names = [_keys(m.group(0)) for m in _QUESTION_NAME.finditer(question)]
    names = [n for n in names if n]
    for m in _BRACKETED_AFTER_NAME.finditer(sentence):
        if value not in m.group(2):
            continue
        owner = _keys(m.group(1))
        for name in names:
            if name & owner and not name <= owner:
                return True
    return False
