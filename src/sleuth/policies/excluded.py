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

"Other than" inside a question ("the country other than Greece where ..."), "as well as"
after a question ("Who wrote X as well as Y?", both written by the answer), a pronoun
("Other than that, ...", "besides him"), a clause ("Besides winning the Oscar", "In
addition to being a singer") and a "besides" in the question's middle ("Which river,
besides the Rhine, flows ...?") set no item aside and are left alone; "else" ("who else
...?") goes with the phrase. The other item is of the set-aside ones' kind: a name beside
names ("the U.K." after "The U.S. and"), a number beside numbers; a verb phrase ("Smith
and later moved") or "others" is none, and a list in another clause of the sentence
("Tito and Nasser met in 1956; the movement was founded by Nehru") leaves the reading
alone.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from sleuth.text import content_terms

if TYPE_CHECKING:  # pragma: no cover
    from .reading import Reading

_ASIDE = r"besides|apart from|aside from|other than|in addition to|along with"
#: Longer questions are left alone (no question is; the patterns stay linear on them).
MOST_CHARS = 400
#: At most this many words set aside (a longer phrase is a clause, not a list of items);
#: after the question, fewer ("... besides tourism is a sector of ..." is no item).
MOST_WORDS = 10
MOST_TRAILING_WORDS = 5
# "Besides viniculture, what ...?": the phrase opens the question, its items end at the
# comma before the question's wh-phrase ("Besides Tito, Nasser, Nehru and Nkrumah, who
# ...?", "Besides English, in which ...?"); the question's spaces are single ones here
_LEADING = re.compile(
    rf"^(?:{_ASIDE}|as well as) (?P<items>[^?;:]+?) ?, ?"
    r"(?P<rest>(?:(?:in|at|on|to|from|for|by|with|of|under|into) )?"
    r"(?:what|which|who|whom|whose|when|where|why|how|name)\b.*)$",
    re.IGNORECASE,
)
# "... promoted besides Discover Dogs?": the phrase closes the question (its last one)
_TRAILING = re.compile(r",? (?:besides|apart from|aside from) ", re.IGNORECASE)
_END = re.compile(r"[?.!]$")
_WH = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how|name)\b", re.IGNORECASE)
# what no list of items opens with: a pronoun ("Other than that, ...", "besides him"), a
# possessive one or a clause ("Besides winning the Oscar", "In addition to being a
# singer", "Besides what he wrote")
_NO_ITEM = frozenset(
    """
    that this these those it him her them he she they we us me you one ones his its their
    our my your what when where which who whom whose why how
    """.split()
)
# a verb in the set-aside phrase: a clause ("besides tourism is a sector of ..."), no item
_CLAUSE_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would)\b",
    re.IGNORECASE,
)
# "who else ...?", "what else ...?": with the set-aside phrase gone, "else" asks nothing
_ELSE = re.compile(r"\belse\b ?", re.IGNORECASE)
# a list's separators: "A, B and C", "A or B", "A, as well as B", "A along with B"
_JOINERS = r"and|or|as well as|along with|together with"
_SEPARATOR = re.compile(rf"\s*,\s*(?:(?:{_JOINERS})\s+)?|\s+(?:{_JOINERS})\s+", re.IGNORECASE)
# what joins an item to the next one, after the first
_CONNECTOR = re.compile(rf"\s*(?:,\s*)?(?:{_JOINERS})\s+|\s*,\s*", re.IGNORECASE)
# ... and to the one before it, read back from a set-aside item
_CONNECTOR_BEFORE = re.compile(r"(?:\s*,\s*(?:and|or)|\s+(?:and|or)|\s*,)\s+$", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_WORD = re.compile(r"[\w'’.&+#-]+")
# where a common-noun list item ends: a clause word, a preposition, an adverb
_ITEM_END = frozenset(
    """
    in on at by for with from to into onto over under of as than that which who whom whose
    where when while is are was were be been has have had do does did will would can could
    may might shall should must not also but then later again still now soon once both
    even only so and or the a an this these those its his her their
    """.split()
)
_NAME_JOINERS = frozenset({"of", "de", "del", "da", "van", "von", "la", "le", "the", "and"})
# what stands for more items, never one
_NO_PARTNER = frozenset({"others", "other", "more", "many", "several", "etc", "so on"})


@lru_cache(maxsize=512)
def split(question: str) -> tuple[str, tuple[str, ...]] | None:
    """(the question without its setting-aside phrase, the items set aside), or None when
    it sets nothing aside. Kept per question: the hard rules and the features ask it of
    every candidate reading."""
    text = " ".join(question.split())
    if not text or len(text) > MOST_CHARS:
        return None
    lead = _LEADING.match(text)
    if lead is not None:
        items = _items(lead.group("items"), MOST_WORDS)
        if items:
            rest = _ELSE.sub("", lead.group("rest")).strip()
            return rest[:1].upper() + rest[1:], items
    trailing = list(_TRAILING.finditer(text))
    if trailing:
        last = trailing[-1]
        tail = text[last.end() :]
        end = _END.search(tail)
        phrase = tail[: end.start()] if end else tail
        rest = text[: last.start()].rstrip(" ,")
        items = _items(phrase, MOST_TRAILING_WORDS) if _names_only(phrase) else ()
        if items and _WH.search(rest):
            return _ELSE.sub("", rest).strip() + (end.group(0) if end else "?"), items
    return None


def _items(phrase: str, most: int) -> tuple[str, ...]:
    words = _WORD.findall(phrase)
    if not words or len(words) > most or _WH.search(phrase) or _CLAUSE_VERB.search(phrase):
        return ()
    parts = [_ARTICLE.sub("", p.strip()) for p in _SEPARATOR.split(phrase.strip())]
    parts = [p for p in parts if re.search(r"\w", p)]
    for part in parts:
        first = _WORD.findall(part)[0]
        if first.lower() in _NO_ITEM or (first.endswith("ing") and first.islower()):
            return ()  # "Besides him", "Besides winning the Oscar", "the one in Paris"
    return tuple(parts)


def _names_only(phrase: str) -> bool:
    """Whether a phrase after the question ("... besides Discover Dogs?") is names (or
    one or two words): "which river, besides the Rhine, flows through Basel?" sets aside
    the Rhine in the question's middle, and "flows through Basel" is no item."""
    words = _WORD.findall(phrase)
    lower = [w for w in words if w.islower() and w not in ("the", "a", "an", "and", "or", "of")]
    return len(words) <= 2 or not lower


def _names(text: str, item: str) -> bool:
    """Whether ``text`` names ``item`` (its words in order, case aside, an article aside)."""
    return next(_finds(text, item), None) is not None


def _finds(text: str, item: str) -> Iterator[re.Match[str]]:
    words = _WORD.findall(item)
    if not words:
        return iter(())
    pattern = r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w-])"
    return re.finditer(pattern, text, re.IGNORECASE)


def _is_excluded(part: str, excluded: tuple[str, ...]) -> bool:
    bare = _ARTICLE.sub("", part.strip()).casefold()
    return any(bare == item.casefold() or _names(part, item) for item in excluded)


# a wh-phrase whose head is plural: "Which stemming algorithms does Whoosh include?" asks
# every other item ("such as Porter and Porter2, Paice Husk, and Lovins")
_PLURAL_WH = re.compile(
    r"^\s*(?:which|what)\s+(?:other\s+)?(?:[\w-]+\s+){0,3}?[a-z]{2,}[^sui\W]s\s+"
    r"(?:do|does|did|are|were|can|could|will|would|should|have|has|had)\b",
    re.IGNORECASE,
)


def asks_plural(question: str) -> bool:
    """Whether ``question`` (without its setting-aside phrase) asks for several items."""
    return _PLURAL_WH.match(question) is not None


def adjust(
    reading: Reading,
    excluded: tuple[str, ...],
    asked: frozenset[str] = frozenset(),
    many: bool = False,
) -> Reading | None:
    """The reading with another item than the set-aside ones as its value (see the
    module), or None when its sentence does not name every set-aside item or names no
    other item beside them. When the sentence names the set-aside items in a list in the
    reading's own clause, the answer is an item of that list (the question's "besides"
    says the answer stands where they do): a reading of another span of that clause gives
    way to it ("in Italian and English": Italian, not "authors"); a list in another clause
    does when its clause states more of the question's words (``asked``, stems) than the
    reading's ("... have appeared in "Tai Chi Magazine", "Inside Kung Fu" and "Yoga
    Journal". He also wrote ... in the United States")."""
    sentence = reading.sentence
    if not excluded or not all(_names(sentence, item) for item in excluded):
        return None
    value = reading.value.strip()
    # (a reading's value is short; a long one is no list to split)
    parts = [p for p in _SEPARATOR.split(value) if p.strip()] if len(value) < 300 else [value]
    found = _others(sentence, excluded)
    others = found[1] if found else []
    rest_of_list = _rest_of_list(sentence, excluded, found[0]) if many and found else None
    if rest_of_list is not None and (
        _same(value, rest_of_list)
        or any(_same(value, other) or _is_excluded(value, excluded) for other in others)
    ):
        # "Apart from Porter and Porter2, which stemming algorithms ...?": every other
        # item the list goes on with, as the sentence writes them
        return dataclasses.replace(reading, value=rest_of_list)
    if not any(_is_excluded(p, excluded) for p in parts):
        if not others or any(_same(value, other) for other in others):
            return reading  # the reading names another item, or the items are in no list
        if found and not _list_states_more(sentence, value, found[0], asked):
            return reading  # the list is another clause's ("Tito and Nasser met; ...")
        return dataclasses.replace(reading, value=others[0])
    rest = [p.strip() for p in parts if not _is_excluded(p, excluded)]
    if rest:
        return dataclasses.replace(reading, value=rest[0]) if rest[0] in sentence else None
    return dataclasses.replace(reading, value=others[0]) if others else None


def _rest_of_list(sentence: str, excluded: tuple[str, ...], span: tuple[int, int]) -> str | None:
    """The items the list at ``span`` goes on with after the set-aside ones, verbatim from
    the first to the last ("Paice Husk, and Lovins"), when they are two or more and the
    list closes its clause: its last item joined by "and" or "or" and the clause ending
    there (a list running on into another clause, "Italy and Russia, Wellington and
    Blucher finally defeating him", or closed by "etc." is read as before, one item)."""
    plain = _QUOTES.sub(" ", sentence)
    named = all(item[:1].isupper() for item in excluded)
    items: list[tuple[int, int]] = []
    at = span[1]
    closed = False
    while len(items) < 8:
        connector = _CONNECTOR.match(plain, at)
        if connector is None:
            break
        got = _item_after(plain[connector.end() :], named)
        if not got or _is_excluded(got[0], excluded) or got[0].lower() in _NO_PARTNER:
            return None
        start = plain.find(got[0], connector.end())
        if start < 0:
            return None  # (an item written across a line break is not read back)
        items.append((start, start + len(got[0])))
        at = start + len(got[0])
        closed = re.search(r"\b(?:and|or)\b", connector.group(0), re.IGNORECASE) is not None
    if not closed or len(items) < 2 or not _CLAUSE_ENDS.match(plain, at):
        return None
    return sentence[items[0][0] : items[-1][1]]


# where a closed list ends its clause: the sentence's end, a semicolon, a colon, a dash
_CLAUSE_ENDS = re.compile(r"\s*(?:[.;:!?]|\s[-–—]\s|$)")


def _same(value: str, item: str) -> bool:
    a = _ARTICLE.sub("", value.strip()).casefold()
    b = _ARTICLE.sub("", item.strip()).casefold()
    return a == b or (bool(a) and bool(b) and (a in b or b in a))


def _list_states_more(
    sentence: str, value: str, span: tuple[int, int], asked: frozenset[str]
) -> bool:
    """Whether the list at ``span`` may stand for the reading: in the value's own clause
    (no semicolon, colon or sentence break between them), or in a clause that states more
    of the question's words than the value's clause does."""
    at = sentence.find(value)
    if at < 0:
        return True
    start, end = min(at, span[0]), max(at + len(value), span[1])
    if _CLAUSE_BREAK.search(sentence, start, end) is None:
        return True
    return _states(_clause_at(sentence, span[0]), asked) > _states(_clause_at(sentence, at), asked)


def _clause_at(sentence: str, at: int) -> str:
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, at)]
    nxt = _CLAUSE_BREAK.search(sentence, at)
    return sentence[max(starts, default=0) : nxt.start() if nxt else len(sentence)]


def _states(clause: str, asked: frozenset[str]) -> int:
    return len(asked & set(content_terms(clause)))


_CLAUSE_BREAK = re.compile(r"[;:]|[.!?]\s+(?=[A-Z])")


def _others(sentence: str, excluded: tuple[str, ...]) -> tuple[tuple[int, int], list[str]] | None:
    """The span of the list the sentence names the set-aside items in, and its other
    items, best first: between them ("France, Reunion Island, Comoros and Mayotte"),
    after the last of them ("Lester Smith (designer of ...) and Tim Brown"), before the
    first ("Cyril Monk (the dedicatee ...) and Constance Brandon Usher"); None when it
    names them in no list. A set-aside name is the whole name it opens ("Hong Kong" of
    "Hong Kong International Airport"); quotation marks around items are no part of
    them; an item is of the set-aside ones' kind (a name beside names, a number beside
    numbers)."""
    if len(sentence) > MOST_CHARS * 10:
        return None
    plain = _QUOTES.sub(" ", sentence)
    spans = []
    for item in excluded:
        matches = list(_finds(plain, item))
        if not matches:
            return None
        listed = [m for m in matches if _listed(plain, m)]
        spans.append(_whole(plain, (listed or matches)[0]))
    spans.sort()
    first, last = spans[0][0], spans[-1][1]
    named = all(item[:1].isupper() for item in excluded)
    counted = all(any(c.isdigit() for c in item) for item in excluded)
    out = []
    for part in _SEPARATOR.split(plain[first:last]):
        part = _without_full_stop(part.strip())
        if part and not _is_excluded(part, excluded) and len(_WORD.findall(part)) <= 6:
            out.append(part)
    rest = _PARENTHESIS.sub("", plain[last:], count=1)
    after = _CONNECTOR.match(rest)
    if after is not None:
        out.extend(_item_after(rest[after.end() :], named))
    before = _before(plain, first)
    if before is not None:
        out.extend(_item_before(_TRAILING_PARENTHESIS.sub("", plain[:before]), named))
    kept = [
        item
        for item in out
        if item in sentence
        and not _is_excluded(item, excluded)
        and item.lower() not in _NO_PARTNER
        and (not named or _ARTICLE.sub("", item)[:1].isupper())
        and (not counted or any(c.isdigit() for c in item))
    ]
    return ((first, last), kept) if kept else None


def _listed(text: str, match: re.Match[str]) -> bool:
    """Whether a list connector stands right after or right before ``match``."""
    end = _whole(text, match)[1]
    return bool(_CONNECTOR.match(text, end)) or _before(text, match.start()) is not None


def _before(text: str, at: int) -> int | None:
    """Where the connector to the item before ``at`` starts, if one ends there (read in
    the last 40 characters only: a connector is short)."""
    found = _CONNECTOR_BEFORE.search(text[max(0, at - 40) : at])
    return max(0, at - 40) + found.start() if found is not None else None


_QUOTES = re.compile(r"[\"“”„]")
# an aside about an item: "Lester Smith (designer of the better-known Dragon Dice) and ..."
_PARENTHESIS = re.compile(r"^\s*\([^()]*\)")
_TRAILING_PARENTHESIS = re.compile(r"\s*\([^()]*\)\s*$")


def _whole(sentence: str, match: re.Match[str]) -> tuple[int, int]:
    """The span of a set-aside item, run on over the capitalised words that follow it."""
    end = match.end()
    while (more := _CAPITALISED.match(sentence, end)) is not None:
        if more.group(1).lower() in ("and", "or"):
            break  # "NEW YORK AND BOSTON": a list in capitals, not one name
        end = more.end()
    return match.start(), end


_CAPITALISED = re.compile(r"[ \t]+([A-Z][\w'’-]*(?:\.(?=\w)[\w'’-]*)*)")
_TOKEN = re.compile(r"[\w'’.&+#-]+|[^\w\s]")


def _item_after(text: str, named: bool) -> list[str]:
    """The item that opens ``text``: a name (after an article, "the U.K.") when the
    set-aside items are names, else a phrase of at most three words up to a clause or
    preposition word."""
    words = _TOKEN.findall(text[:300])
    taken: list[str] = []
    start = 0
    if len(words) > 1 and words[0].lower() in ("the", "a", "an") and words[1][:1].isupper():
        taken, start = [words[0]], 1
    capital = start < len(words) and words[start][:1].isupper()
    for i in range(start, len(words)):
        w = words[i]
        if not re.match(r"[\w'’]", w):
            break
        if capital:
            nxt = words[i + 1] if i + 1 < len(words) else ""
            joins = w.lower() in _NAME_JOINERS and w.lower() != "and" and nxt[:1].isupper()
            if w[:1].isupper() or w[:1].isdigit() or (joins and len(taken) > start):
                taken.append(w)
                continue
            break
        if named or w.lower() in _ITEM_END or len(taken) == 3:
            break
        taken.append(w)
    item = _without_full_stop(" ".join(taken))
    return [item] if item and (capital or not named) else []


def _without_full_stop(item: str) -> str:
    """``item`` without the sentence's full stop: "Boston." is Boston, "U.K." stays."""
    last = item.rsplit(" ", 1)[-1]
    return item[:-1] if last.endswith(".") and "." not in last[:-1] else item


def _item_before(text: str, named: bool) -> list[str]:
    """The item that closes ``text``: a name, or (when the set-aside items are no names)
    a phrase of at most three words back to a comma, a clause or a preposition word."""
    words = _TOKEN.findall(text[-300:])
    taken: list[str] = []
    capital = bool(words) and words[-1][:1].isupper()
    for w in reversed(words):
        if not re.match(r"[\w'’]", w):
            break
        if capital:
            if w[:1].isupper() or (taken and w.lower() in _NAME_JOINERS - {"and", "the"}):
                taken.insert(0, w)
                continue
            break
        if named or w.lower() in _ITEM_END or len(taken) == 3:
            break
        taken.insert(0, w)
    while taken and capital and not taken[0][:1].isupper():
        taken.pop(0)
    item = " ".join(taken)
    return [item] if item else []
