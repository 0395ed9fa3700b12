"""Questions that set a known answer aside: "Besides viniculture, what is a dominant
economic sector of the Middle Rhine?", "Besides Lester Smith, who created Demon Dice?",
"At which show have these breeds been promoted besides Discover Dogs?".

Such a question asks for another member of a group the page names together with the
items it sets aside. Its words "besides", "apart from", ... are no words a sentence
states, and the set-aside items are no answer. So:

* `split` takes the setting-aside phrase out of the question: the reader frames the
  question without it ("what is a dominant economic sector of the Middle Rhine?"), and
  the items are kept apart (``Frame.excluded``);
* `adjust` turns a reading of that frame into the answer: the sentence must name every
  set-aside item (the question's premise; a sentence that names none, or another one,
  says nothing of "besides X"), and the answer is another item of the list the sentence
  names them in ("viniculture and tourism": tourism; "created by Lester Smith and Jane
  Doe": Jane Doe), never a set-aside item.

"Other than" inside a question ("the country other than Greece where ...") and "as well
as" after a question ("Who wrote X as well as Y?", both written by the answer) set
nothing aside and are left alone.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .reading import Reading

_ASIDE = r"besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to|along\s+with"
# "Besides viniculture, what ...?": the phrase opens the question, its items end at the
# comma before the question's wh-phrase ("Besides Tito, Nasser, Nehru and Nkrumah, who
# ...?", "Besides English, in which ...?")
_LEADING = re.compile(
    rf"^\s*(?:{_ASIDE}|as\s+well\s+as)\s+(?P<items>[^?;:]+?)\s*,\s*"
    r"(?P<rest>(?:(?:in|at|on|to|from|for|by|with|of|under|into)\s+)?"
    r"(?:what|which|who|whom|whose|when|where|why|how|name)\b.*)$",
    re.IGNORECASE,
)
# "... promoted besides Discover Dogs?": the phrase closes the question
_TRAILING = re.compile(
    r"^(?P<rest>.*\S)\s*,?\s+(?:besides|apart\s+from|aside\s+from)\s+(?P<items>[^,?;:]+?)"
    r"\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)
_WH = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how|name)\b", re.IGNORECASE)
#: At most this many words set aside (a longer phrase is a clause, not a list of items).
MOST_WORDS = 10
# a list's separators: "A, B and C", "A or B", "A as well as B"
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as\s+well\s+as|along\s+with)\s+")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_WORD = re.compile(r"[\w'’.-]+")
# where a common-noun list item ends: punctuation, a clause word or a preposition
_ITEM_END = frozenset(
    """
    in on at by for with from to into onto over under of as than that which who whom whose
    where when while is are was were be been has have had do does did will would can could
    may might shall should must not also but
    """.split()
)
_NAME_JOINERS = frozenset({"of", "de", "del", "da", "van", "von", "la", "le", "the", "and"})


def split(question: str) -> tuple[str, tuple[str, ...]] | None:
    """(the question without its setting-aside phrase, the items set aside), or None when
    it sets nothing aside."""
    lead = _LEADING.match(question)
    if lead is not None and _WH.search(lead.group("rest")):
        rest = lead.group("rest")
        items = _items(lead.group("items"))
        if items:
            return rest[:1].upper() + rest[1:], items
    trail = _TRAILING.match(question)
    if trail is not None and _WH.search(trail.group("rest")):
        items = _items(trail.group("items"))
        if items and not _WH.search(trail.group("items")):
            return trail.group("rest") + (trail.group("end") or "?"), items
    return None


def _items(phrase: str) -> tuple[str, ...]:
    words = _WORD.findall(phrase)
    if not words or len(words) > MOST_WORDS:
        return ()
    parts = [_ARTICLE.sub("", p.strip()) for p in _SEPARATOR.split(phrase.strip())]
    return tuple(p for p in parts if p)


def _names(text: str, item: str) -> bool:
    """Whether ``text`` names ``item`` (its words in order, case aside, an article aside)."""
    return _find(text, item) is not None


def _find(text: str, item: str) -> re.Match[str] | None:
    words = _WORD.findall(item)
    if not words:
        return None
    pattern = r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w-])"
    return re.search(pattern, text, re.IGNORECASE)


def _is_excluded(part: str, excluded: tuple[str, ...]) -> bool:
    bare = _ARTICLE.sub("", part.strip()).casefold()
    return any(bare == item.casefold() or _names(part, item) for item in excluded)


def adjust(reading: Reading, excluded: tuple[str, ...]) -> Reading | None:
    """The reading with another item than the set-aside ones as its value (see the
    module), or None when its sentence does not name every set-aside item or names no
    other item beside them. When the sentence names the set-aside items in a list, the
    answer is an item of that list (the question's "besides" says the answer stands
    where they do): a reading of another span of the sentence gives way to it ("in
    Italian and English": Italian, not "authors")."""
    sentence = reading.sentence
    if not excluded or not all(_names(sentence, item) for item in excluded):
        return None
    value = reading.value.strip()
    parts = [p for p in _SEPARATOR.split(value) if p.strip()]
    others = _others(sentence, excluded)
    if not any(_is_excluded(p, excluded) for p in parts):
        if not others or any(_same(value, other) for other in others):
            return reading  # the reading names another item, or the items are in no list
        return dataclasses.replace(reading, value=others[0])
    rest = [p.strip() for p in parts if not _is_excluded(p, excluded)]
    if rest:
        return dataclasses.replace(reading, value=rest[0]) if rest[0] in sentence else None
    return dataclasses.replace(reading, value=others[0]) if others else None


def _same(value: str, item: str) -> bool:
    a = _ARTICLE.sub("", value.strip()).casefold()
    b = _ARTICLE.sub("", item.strip()).casefold()
    return a == b or (bool(a) and bool(b) and (a in b or b in a))


def _others(sentence: str, excluded: tuple[str, ...]) -> list[str]:
    """The items the sentence names in one list with the set-aside ones, best first:
    between them ("France, Reunion Island, Comoros and Mayotte"), after the last of them
    ("Lester Smith (designer of ...) and Tim Brown"), before the first ("Cyril Monk (the
    dedicatee ...) and Constance Brandon Usher"); none when it names them in no list. A
    set-aside name is the whole name it opens ("Hong Kong" of "Hong Kong International
    Airport"); quotation marks around items are no part of them."""
    plain = _QUOTES.sub(" ", sentence)
    found = [_whole(plain, m) for m in (_find(plain, item) for item in excluded) if m]
    if not found:
        return []
    found.sort()
    first, last = found[0][0], found[-1][1]
    out = []
    for part in _SEPARATOR.split(plain[first:last]):
        part = part.strip()
        if part and not _is_excluded(part, excluded) and len(_WORD.findall(part)) <= 6:
            out.append(part)
    rest = _PARENTHESIS.sub("", plain[last:], count=1)
    after = _CONNECTOR.match(rest)
    if after is not None:
        item = _item_after(rest[after.end() :])
        if item and not _is_excluded(item, excluded):
            out.append(item)
    before = re.search(r"\s+(?:and|or)\s+$", plain[:first])
    if before is not None:
        item = _item_before(_TRAILING_PARENTHESIS.sub("", plain[: before.start()]))
        if item and not _is_excluded(item, excluded):
            out.append(item)
    return [item for item in out if item in sentence]


_QUOTES = re.compile(r"[\"“”„]")


# what joins two items of a list: a comma (and "and" / "or"), "and", "or", "as well as"
_CONNECTOR = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as\s+well\s+as)\s+)")
# an aside about an item: "Lester Smith (designer of the better-known Dragon Dice) and ..."
_PARENTHESIS = re.compile(r"^\s*\([^()]*\)")
_TRAILING_PARENTHESIS = re.compile(r"\s*\([^()]*\)\s*$")


def _whole(sentence: str, match: re.Match[str]) -> tuple[int, int]:
    """The span of a set-aside item, run on over the capitalised words that follow it."""
    end = match.end()
    while (more := _CAPITALISED.match(sentence, end)) is not None:
        end = more.end()
    return match.start(), end


_CAPITALISED = re.compile(r"[ \t]+[A-Z][\w'’.-]*")


def _item_after(text: str) -> str | None:
    words = re.findall(r"[\w'’.-]+|[^\w\s]", text)
    taken: list[str] = []
    named = bool(words) and words[0][:1].isupper()
    for i, w in enumerate(words):
        if not re.match(r"[\w'’.-]", w):
            break
        if named:
            joins = w.lower() in _NAME_JOINERS and w.lower() != "and"
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if w[:1].isupper() or (joins and taken and nxt[:1].isupper()):
                taken.append(w)
                continue
            break
        if w.lower() in _ITEM_END or w.lower() in {"and", "or"} or len(taken) == 4:
            break
        taken.append(w)
    item = " ".join(taken).rstrip(".")
    return item or None


def _item_before(text: str) -> str | None:
    words = re.findall(r"[\w'’.-]+|[^\w\s]", text)
    taken: list[str] = []
    for w in reversed(words):
        if not re.match(r"[\w'’.-]", w) or not w[:1].isupper():
            if taken and w.lower() in _NAME_JOINERS - {"and", "the"}:
                taken.insert(0, w)
                continue
            break
        taken.insert(0, w)
    while taken and not taken[0][:1].isupper():
        taken.pop(0)
    return " ".join(taken) or None
