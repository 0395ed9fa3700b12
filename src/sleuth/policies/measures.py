"""Numbers with units for comparisons: "Which is taller, X or Y?", "Which has more
members, X or Y?", "Which city has a larger population, X or Y?".

`asked` reads what a comparison question measures from its comparative word:

* an adjective with a dimension — taller / higher / shorter / lower: a height or
  length; longer: a length; deeper: a depth; wider: a width; larger / bigger / smaller
  with an area unit: an area — read as a number with a unit of that dimension
  ("330 metres (1,083 ft) tall", "covers 2,300 km2") and converted to metres or square
  metres, so "1,083 ft" and "330 m" compare;
* "more / fewer / less NOUN" (and "larger / smaller population"): a count of the noun,
  read as a number just before it ("has 12 stations", "with 3,000 employees") or, for a
  population, after "population of" / before "inhabitants".

`read` finds that value in one sentence and returns it with the span it came from; a
sentence with two different such values is no value (it may be comparing two things).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from sleuth.text import stem

Dimension = Literal["length", "area", "count"]

#: Units to metres (length) or square metres (area).
_LENGTH = {
    "m": 1.0,
    "metre": 1.0,
    "meter": 1.0,
    "km": 1000.0,
    "kilometre": 1000.0,
    "kilometer": 1000.0,
    "cm": 0.01,
    "ft": 0.3048,
    "foot": 0.3048,
    "feet": 0.3048,
    "mi": 1609.344,
    "mile": 1609.344,
    "yd": 0.9144,
    "yard": 0.9144,
    "in": 0.0254,
    "inch": 0.0254,
}
_AREA = {
    "km2": 1e6,
    "km²": 1e6,
    "sq km": 1e6,
    "square kilometre": 1e6,
    "square kilometer": 1e6,
    "sq mi": 2_589_988.0,
    "square mile": 2_589_988.0,
    "acre": 4046.8564224,
    "hectare": 1e4,
    "ha": 1e4,
    "m2": 1.0,
    "m²": 1.0,
    "square metre": 1.0,
    "square meter": 1.0,
}
_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_NUMBER = r"(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|" + "|".join(_WORDS) + r")"
_SCALE = r"(?:\s+(?P<scale>million|billion|thousand))?"

_HIGH = frozenset("taller higher shorter lower".split())
_LONG = frozenset("longer deeper wider".split())
_BIG = frozenset("larger bigger smaller".split())
_MORE = frozenset("more fewer less".split())
_UP = frozenset(
    "taller higher longer deeper wider larger bigger more greater farther further".split()
)
#: A distance from somewhere ("Which airport is farther from its city's centre?"): a
#: length read only when the sentence says from what ("8 km from the city center").
_FAR = frozenset("farther further closer nearer".split())
#: Counted nouns that ask a place's population ("more residents at the 2010 census").
_POPULATION = frozenset("population populations residents inhabitants people".split())


@dataclass(frozen=True)
class Measure:
    """What a comparison measures: a ``dimension`` and, for a count, the counted noun."""

    dimension: Dimension
    noun: str = ""
    most: bool = True  # the larger value wins ("taller"), else the smaller ("shorter")


def asked(question: str) -> Measure | None:
    """The measure a comparison question asks about, or None."""
    low = question.lower()
    tokens = re.findall(r"[a-z]+", low)
    for i, word in enumerate(tokens):
        most = word in _UP
        if word in _MORE or (word in _BIG and i + 1 < len(tokens) and _counted(tokens[i + 1])):
            if i + 1 >= len(tokens) or tokens[i + 1] in ("than", "or"):
                return None
            noun = tokens[i + 1]
            return Measure("count", "population" if noun in _POPULATION else noun, most)
        if word in _FAR:
            return Measure("length", "distance", most)
        if word in _HIGH or word in _LONG:
            return Measure("length", "", most)
        if word in _BIG:
            return Measure("area", "", most)
    return None


def _counted(word: str) -> bool:
    return word in ("population", "populations")


@dataclass(frozen=True)
class Quantity:
    value: float  # in metres, square metres or units
    text: str  # as written


def read(measure: Measure, sentence: str) -> Quantity | None:
    """The one quantity of ``measure`` that ``sentence`` states, or None."""
    found: list[Quantity] = []
    for q in _quantities(measure, sentence):
        if not any(_same(q.value, f.value) for f in found):  # "330 metres (1,083 ft)"
            found.append(q)
    return found[0] if len(found) == 1 else None


def _same(a: float, b: float) -> bool:
    """Equal within the rounding of a converted unit (2 %)."""
    return abs(a - b) <= 0.02 * max(abs(a), abs(b))


def _quantities(measure: Measure, sentence: str) -> list[Quantity]:
    out = []
    if measure.dimension == "count" and measure.noun.startswith("population"):
        for m in re.finditer(rf"\bpopulation\b[^.;\d]{{0,30}}?\b{_NUMBER}{_SCALE}", sentence):
            out.append(Quantity(_value(m), m.group(0)))
        for m in re.finditer(
            rf"\b{_NUMBER}{_SCALE}\s+(?:inhabitants|residents|people)\b", sentence
        ):
            out.append(Quantity(_value(m), m.group(0)))
        return out
    if measure.dimension == "count":
        noun = stem(measure.noun)
        for m in re.finditer(
            rf"\b{_NUMBER}{_SCALE}\s+(?P<a>[a-z-]+)(?:\s+(?P<w>[a-z]+))?\b", sentence
        ):
            if noun in (stem(m.group("a")), stem(m.group("w") or "")):  # "12 (new) stations"
                out.append(Quantity(_value(m), m.group(0)))
        return out
    units = _LENGTH if measure.dimension == "length" else _AREA
    names = "|".join(sorted((re.escape(u) for u in units), key=len, reverse=True))
    for m in re.finditer(rf"\b{_NUMBER}{_SCALE}\s*(?P<u>{names})(?:e?s)?(?![\w²])", sentence):
        unit = m.group("u")
        if measure.noun == "distance" and not re.match(
            r"(?:\s+\([^()]*\))?\s+(?:[a-z-]+\s+)?(?:from|of)\s+(?:the\s+|its\s+)?"
            r"(?:city|town|downtown|centre|center|central)\b",
            sentence[m.end() :],
        ):
            continue  # a length, not the distance from the centre asked about
        if unit == "in" and not re.match(r"\s*(?:tall|high|long)", sentence[m.end() :]):
            continue  # "in" is mostly a preposition
        out.append(Quantity(_value(m) * units[unit], m.group(0)))
    return out


def _value(m: re.Match[str]) -> float:
    raw = m.group("n")
    number = float(_WORDS[raw]) if raw in _WORDS else float(raw.replace(",", ""))
    scale = m.group("scale")
    return number * {"thousand": 1e3, "million": 1e6, "billion": 1e9}.get(scale or "", 1.0)


#: Units an amount is written in ("49.9 inches (1,270 mm) of precipitation").
_AMOUNT_UNITS = (
    r"inches|inch|mm|cm|millimet(?:re|er)s?|centimet(?:re|er)s?|feet|foot|ft|met(?:re|er)s?|"
    r"km|kilomet(?:re|er)s?|miles?|yards?|kg|kilograms?|tonnes?|tons?|pounds?|lb|litres?|"
    r"liters?|gallons?|acres?|hectares?|percent|per cent|%"
)
_HOW = re.compile(r"(?i)^\s*how\s+(?P<many>much|many)\s+(?P<noun>[a-z-]+)\b")


def amount_asked(question: str) -> tuple[str, bool] | None:
    """("precipitation", False) for "How much precipitation falls …?", ("members", True)
    for "How many members …?": the asked noun and whether it is counted; else None."""
    m = _HOW.match(question)
    if m is None:
        return None
    return m.group("noun").lower(), m.group("many").lower() == "many"


def amount_in(noun: str, counted: bool, sentence: str) -> str | None:
    """The one amount of ``noun`` that ``sentence`` states, as written: for a count the
    number just before the noun ("has 59 members": 59), else a number with a unit in a
    sentence naming the noun ("receives 49.9 inches (1,270 mm) of precipitation": 49.9
    inches); None when it states none, or two different ones."""
    found: list[str] = []
    if counted:
        for m in re.finditer(rf"\b{_NUMBER}{_SCALE}\s+(?:[a-z-]+\s+)?(?P<w>[a-z-]+)\b", sentence):
            if stem(m.group("w")) == stem(noun):
                found.append(
                    m.group(0)[: m.end("scale") - m.start()] if m.group("scale") else m.group("n")
                )
    elif stem(noun) in {stem(w) for w in re.findall(r"[a-z-]+", sentence.lower())}:
        for m in re.finditer(rf"\b{_NUMBER}{_SCALE}\s*(?:{_AMOUNT_UNITS})(?![\w])", sentence):
            if not re.search(r"\(\s*$", sentence[: m.start()]):  # "(1,270 mm)": the same amount
                found.append(m.group(0))
    distinct = list(dict.fromkeys(found))
    return distinct[0] if len(distinct) == 1 else None


#: "What amount of TEUs did Thessaloniki handle in 2010?", "How many passengers did X
#: carry in 2015?": a count of a unit the question says its subject's verb did.
_AMOUNT_BY_VERB = re.compile(
    r"(?i)^\s*(?:what\s+(?:amount|number)\s+of|how\s+many)\s+(?P<unit>[A-Za-z-]+)\s+"
    r"(?:did|does|do)\s+(?P<subject>.+?)\s+(?P<verb>[a-z]+)"
    r"(?:\s+in\s+(?P<year>[0-9]{4}))?\s*\?\s*$"
)


def amount_by_verb(question: str, subject: str, sentence: str) -> str | None:
    """The number of the asked unit that ``sentence`` says ``subject`` did by the
    question's verb, written right after the subject ("In 2010 Piraeus handled 513,319
    TEUs, followed by Thessaloniki, which handled 273,282 TEUs": 273,282 TEUs for
    Thessaloniki, not Piraeus's figure); the sentence must name the question's year.
    None when the question is not so shaped, or the sentence says no such number, or
    two."""
    m = _AMOUNT_BY_VERB.match(question)
    if m is None or m.group("subject") != subject:
        return None
    if m.group("year") and m.group("year") not in sentence:
        return None
    verb = stem(m.group("verb").lower())
    said = re.finditer(
        rf"{re.escape(subject)},?\s+(?:which\s+|that\s+)?(?P<verb>[a-z]+)\s+"
        rf"{_NUMBER}{_SCALE}\s+(?P<unit>[A-Za-z-]+)",
        sentence,
    )
    found = {
        s.group(0)[s.start("n") - s.start() :]
        for s in said
        if stem(s.group("verb")) == verb and stem(s.group("unit")) == stem(m.group("unit"))
    }
    return found.pop() if len(found) == 1 else None
