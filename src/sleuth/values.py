"""When two extracted values say the same thing.

One rule for the whole code base (conflict detection, conflict validation, conflict
resolution): dates compare as dates ("12 June 2026" = "June 12, 2026" = "2026-06-12"),
times as times ("09:30" = "9:30" = "9.30 am"), numbers as numbers ("40" = "forty",
"25,000 euros" = "25000 euros"), durations in seconds ("31 days" = "2678400 seconds" =
"timedelta(days=31)"; a bare number is read as seconds: Flask's "(`2678400` seconds)"
gives the number alone), and anything else as words, where a value contained in
the other counts as the same ("Room 204" and "Room 204 of the Hall of Science").
"""

from __future__ import annotations

import re
from datetime import date

from sleuth.text import canonical, words

_MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {
    "hundred": 100,
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "dozen": 12,
}
_ARTICLES = frozenset({"the", "a", "an"})
_TIME = re.compile(r"^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?m?\.?$|^(\d{1,2})[:.](\d{2})$")
_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def value_key(text: str) -> str:
    """A comparable key: ``date:2026-06-12``, ``time:09:30``, ``num:25000 euros`` or the
    value's lower-cased words without articles."""
    plain = canonical(text).strip().rstrip(".")
    low = plain.lower()
    for parse in (_as_time, _as_date, _as_number):
        key = parse(low)
        if key is not None:
            return key
    return " ".join(w.lower() for w in words(plain) if w.lower() not in _ARTICLES)


def same_value(a: str, b: str) -> bool:
    ka, kb = value_key(a), value_key(b)
    if ka == kb:
        return True
    da, db = _seconds(a, ka), _seconds(b, kb)
    if da is not None and db is not None:
        return abs(da - db) < 1e-6  # "31 days" = "timedelta(days=31)" = "2678400 seconds"
    if ka.startswith("num:") and kb.startswith("num:"):
        (na, _, ua), (nb, _, ub) = ka.partition(" "), kb.partition(" ")
        if na == nb and (not ua or not ub or ua == ub):
            return True  # "30" = "30 days"
        # a bare number of seconds is the duration ("2678400" = "31 days")
        bare, timed = (na, db) if not ua else (nb, da) if not ub else (None, None)
        return bare is not None and timed is not None and abs(float(bare[4:]) - timed) < 1e-6
    if ":" in ka.split(" ", 1)[0] or ":" in kb.split(" ", 1)[0]:
        return False  # typed values are equal or they are not
    if not ka or not kb:
        return False
    shorter, longer = sorted((ka, kb), key=len)
    return f" {shorter} " in f" {longer} "


def _as_time(low: str) -> str | None:
    match = _TIME.match(low)
    if not match:
        return None
    if match.group(4) is not None:
        hour, minute = int(match.group(4)), int(match.group(5))
    else:
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        if match.group(3) == "p" and hour < 12:
            hour += 12
        if match.group(3) == "a" and hour == 12:
            hour = 0
    if hour > 23 or minute > 59:
        return None
    return f"time:{hour:02d}:{minute:02d}"


def _as_date(low: str) -> str | None:
    iso = _ISO.match(low)
    if iso:
        try:
            return "date:" + date(int(iso[1]), int(iso[2]), int(iso[3])).isoformat()
        except ValueError:
            return None
    tokens = [t for t in re.split(r"[\s,]+", low.replace("the ", "")) if t]
    day = month = year = None
    for token in tokens:
        token = re.sub(r"(?<=\d)(st|nd|rd|th)$", "", token).rstrip(".")
        if token in _MONTHS and month is None:
            month = _MONTHS[token]
        elif token.isdigit() and len(token) == 4 and year is None:
            year = int(token)
        elif token.isdigit() and 1 <= int(token) <= 31 and day is None:
            day = int(token)
        elif token != "of":
            return None
    if month is None:
        return None
    parts = [f"{year:04d}" if year else "????", f"{month:02d}", f"{day:02d}" if day else "??"]
    return "date:" + "-".join(parts)


def _as_number(low: str) -> str | None:
    tokens = low.replace(",", "").replace("-", " ").split()
    if not tokens:
        return None
    total, current, seen, rest = 0.0, 0.0, False, []
    for i, token in enumerate(tokens):
        cleaned = token.lstrip("$€£")
        if re.fullmatch(r"\d+(?:\.\d+)?", cleaned):
            current += float(cleaned)
            seen = True
        elif token in _UNITS:
            current += _UNITS[token]
            seen = True
        elif token in _SCALES and seen:
            current = (current or 1) * _SCALES[token]
            if _SCALES[token] >= 1000:
                total, current = total + current, 0.0
        elif token == "and" and seen:
            continue
        else:
            rest = tokens[i:]
            break
    if not seen:
        return None
    number = total + current
    shown = f"{number:.6f}".rstrip("0").rstrip(".")
    unit = " ".join(rest)
    return f"num:{shown}" + (f" {unit}" if unit else "")


# a duration's unit in seconds ("3 minutes", "31 days", "2 hrs")
_DURATION_UNITS = {
    **dict.fromkeys(["second", "seconds", "sec", "secs", "s"], 1),
    **dict.fromkeys(["minute", "minutes", "min", "mins"], 60),
    **dict.fromkeys(["hour", "hours", "hr", "hrs", "h"], 3600),
    **dict.fromkeys(["day", "days", "d"], 86400),
    **dict.fromkeys(["week", "weeks"], 604800),
}
_TIMEDELTA = re.compile(r"^\s*(?:datetime\.)?timedelta\(([^()]*)\)\s*$")
_TIMEDELTA_ARG = re.compile(r"^\s*(seconds|minutes|hours|days|weeks)\s*=\s*(\d+(?:\.\d+)?)\s*$")


def _seconds(text: str, key: str) -> float | None:
    """A duration's length in seconds: a number with a unit of time (its key ``num:31
    days``) or Python's ``timedelta(days=31)``; None for anything else."""
    found = _TIMEDELTA.match(text.strip().strip("`"))
    if found is not None:
        total = 0.0
        for arg in found.group(1).split(","):
            named = _TIMEDELTA_ARG.match(arg)
            if named is None:
                return None
            total += float(named.group(2)) * _DURATION_UNITS[named.group(1)]
        return total
    if not key.startswith("num:"):
        return None
    number, _, unit = key[4:].partition(" ")
    factor = _DURATION_UNITS.get(unit)
    return None if factor is None else float(number) * factor
