"""What an answer claims, and whether its quoted evidence states it.

The finish validator asks two questions of an answer: does every name and number it
gives occur on a page the run opened (``unsupported``), and is its content stated by its
own quotes (``ungrounded``)? Both need the same view of an answer:

* **Framing is not content.** Words that talk about the source or the answer
  ("According to the page,", "The passage says that", "Answer:", "as the cited text
  states"), markdown (bold, italics, bullets, headings, code spans, links) and inline
  citations (URLs, ``[doc_x]``) are set aside.
* **Terms compare in their usual forms.** A word is its Snowball stem, folded
  (accents, ``æ``/``ø``/``ß``, case, possessive ``'s``); a number is its value, however
  it is written ("1,000" = "1000" = "one thousand", "3½" = "3.5", "4th" = "fourth"); a
  date is its day, month and year ("1776-07-04" = "4 July 1776" = "July 4, 1776");
  "%" is "percent", "$" is "dollar". Hyphenated and joined compounds match ("post-war" =
  "postwar" = "post war").
* **Polarity must agree.** Negations and the comparison words (most/least, more/less,
  before/after, above/below, over/under, first/last) are content, never filler: an
  answer that says "not" needs evidence that negates.

Everything here is a pure function over strings.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from sleuth.text import STOPWORDS, canonical, stem

#: Words that frame an answer rather than state it: the source, the act of saying, the
#: answer itself, hedges. Compared by stem. An answer made only of these states nothing.
_FRAMING_WORDS = (
    "according accordance based basis source sources page pages passage passages document "
    "documents article articles text texts context paragraph paragraphs section sections "
    "evidence quote quoted quotes quotation excerpt snippet entry answer answers answered "
    "response reply question say says said saying state states stated statement mention "
    "mentions mentioned note notes noted indicate indicates indicated show shows shown showed "
    "explain explains explained describe describes described cite cites cited citation "
    "citations provide provides provided information info read reading opened see seen "
    "sentence sentences line lines claim claims confirm confirms confirmed verbatim "
    "directly explicitly clearly specifically reportedly apparently evidently indeed namely "
    "simply essentially basically therefore thus hence here short final correct exact "
    "best brief briefly summary summarised summarized tldr wikipedia web site website link "
    "reference referenced refer refers reported reports report"
)
FRAMING = frozenset(stem(w) for w in _FRAMING_WORDS.split())

#: Negations: an answer that negates needs evidence that negates.
NEGATIONS = frozenset("not no nor never neither none nothing nobody nowhere without n't".split())
#: Stop words that carry polarity or order, so they must be matched rather than skipped.
_POLAR = frozenset(
    "not no nor never neither more most less least fewer few before after above below over "
    "under first last only against same other up down off out".split()
)
SKIP = frozenset(STOPWORDS - _POLAR)

_MONTHS = {
    "jan": "january",
    "feb": "february",
    "mar": "march",
    "apr": "april",
    "jun": "june",
    "jul": "july",
    "aug": "august",
    "sep": "september",
    "sept": "september",
    "oct": "october",
    "nov": "november",
    "dec": "december",
}
_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_UNITS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {
    w: 10 * n
    for n, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
    if n >= 2
}
_SCALES = {
    "hundred": 100,
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "trillion": 10**12,
}
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "hundredth": 100,
    "thousandth": 1000,
}
_FRACTIONS = {
    "½": ".5",
    "¼": ".25",
    "¾": ".75",
    "⅓": ".333",
    "⅔": ".667",
    "⅛": ".125",
    "⅜": ".375",
    "⅝": ".625",
    "⅞": ".875",
    "⅕": ".2",
}
_FRACTION = re.compile(r"(\d*)\s?([" + "".join(_FRACTIONS) + r"])")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_SYMBOLS = {
    "%": " percent ",
    "$": " dollar ",
    "€": " euro ",
    "£": " pound ",
    "¥": " yen ",
    "&": " and ",
}
_SYMBOL = re.compile("[" + re.escape("".join(_SYMBOLS)) + "]")
_PER_CENT = re.compile(r"\bper\s+cent\b", re.IGNORECASE)
#: A token: a number (thousands commas and a decimal part kept), or a run of letters and
#: digits; apostrophes inside words ("n't", "’s") are kept for the tokeniser below.
_TOKEN = re.compile(r"\d+(?:,\d{3})+(?:\.\d+)?(?!\d)|\d+(?:\.\d+)?|[^\W\d_]+(?:['’][^\W\d_]+)*|_+")
_ORDINAL_SUFFIX = frozenset({"st", "nd", "rd", "th", "s"})  # 4th, 1990s
_TRANSLIT = str.maketrans(
    {
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ß": "ss",
        "đ": "d",
        "Đ": "D",
        "ł": "l",
        "Ł": "L",
        "þ": "th",
        "Þ": "Th",
        "ð": "d",
        "Ð": "D",
        "ı": "i",
    }
)


def fold(word: str) -> str:
    """Lower case without accents or ligatures: "Æthelred" -> "aethelred"."""
    word = word.translate(_TRANSLIT).lower()
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def prepare(text: str) -> str:
    """Text with number, date and symbol forms made comparable: vulgar fractions as
    decimals, ISO dates as "4 july 1776", "%" as "percent", typography made plain."""
    text = _FRACTION.sub(lambda m: (m.group(1) or "0") + _FRACTIONS[m.group(2)], text)
    text = canonical(text)
    text = _ISO_DATE.sub(_iso_as_words, text)
    text = _PER_CENT.sub(" percent ", text)
    return _SYMBOL.sub(lambda m: _SYMBOLS[m.group(0)], text)


def _iso_as_words(match: re.Match[str]) -> str:
    year, month, day = int(match.group(1)), int(match.group(2)), int(match.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return match.group(0)
    return f"{day} {_MONTH_NAMES[month - 1]} {year}"


@dataclass(frozen=True)
class Term:
    """One unit of content: ``key`` is what is compared (a stem, or ``#`` and a number's
    value), ``surface`` how the text wrote it."""

    key: str
    surface: str


def _number_key(value: float) -> str:
    shown = f"{value:.6f}".rstrip("0").rstrip(".")
    return "#" + (shown or "0")


def terms(text: str) -> list[Term]:
    """The content of ``text``: numbers as values (a number written in words, with its
    scale, is one value), other words as stems; stop words that carry no polarity are
    left out. Framing words are kept (callers decide); see `content`."""
    tokens = _TOKEN.findall(prepare(text))
    out: list[Term] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        low = fold(token)
        value, used = _read_number(tokens, i)
        if used:
            surface = " ".join(tokens[i : i + used])
            out.append(Term(_number_key(value), surface))
            i += used
            if i < len(tokens) and tokens[i].lower() in _ORDINAL_SUFFIX:
                i += 1
            continue
        i += 1
        if low.endswith(("'s", "’s")):
            low, token = low[:-2], token[:-2]
        if low.endswith(("n't", "n’t")):
            if low[:-3] not in SKIP:
                out.append(Term(stem(low[:-3]), token[:-3]))
            out.append(Term("not", "n't"))
            continue
        if token == "May":  # the month, not the modal verb
            out.append(Term("may", token))
            continue
        if low in SKIP or low == "_" * len(low):
            continue
        if low in _ORDINALS:
            out.append(Term(_number_key(_ORDINALS[low]), token))
            continue
        low = _MONTHS.get(low, low)
        out.append(Term("not" if low in NEGATIONS else stem(low), token))
    return out


def _read_number(tokens: Sequence[str], i: int) -> tuple[float, int]:
    """The number starting at ``tokens[i]`` and how many tokens it takes (0: none).
    Digits may be followed by a scale ("1.2 million"); words combine ("twenty five",
    "one hundred and six", "three and a half")."""
    first = tokens[i]
    if first[0].isdigit():
        value = float(first.replace(",", ""))
        used = 1
        if i + 1 < len(tokens) and tokens[i + 1].lower() in _SCALES:
            value *= _SCALES[tokens[i + 1].lower()]
            used = 2
        return value, used
    total, current, used, seen = 0.0, 0.0, 0, False
    j = i
    while j < len(tokens):
        low = tokens[j].lower()
        if low in _UNITS:
            current += _UNITS[low]
        elif low in _TENS:
            current += _TENS[low]
        elif low in _SCALES and seen:
            current = (current or 1) * _SCALES[low]
            if _SCALES[low] >= 1000:
                total, current = total + current, 0.0
        elif low == "and" and seen and j + 1 < len(tokens):
            nxt = tokens[j + 1].lower()
            if nxt in ("a", "one") and j + 2 < len(tokens) and tokens[j + 2].lower() == "half":
                current += 0.5
                j += 3
                used = j - i
                continue
            if nxt not in _UNITS and nxt not in _TENS:
                break
        else:
            break
        seen = True
        j += 1
        used = j - i
    return (total + current, used) if seen else (0.0, 0)


def content(text: str) -> list[Term]:
    """The terms of ``text`` that state something: framing words left out."""
    return [t for t in terms(text) if t.key not in FRAMING]


@lru_cache(maxsize=4096)
def _keys_of(text: str) -> frozenset[str]:
    """Every key ``text`` states, with the number alternatives a reader would accept
    ("1.2 million" states 1.2 and 1200000) and joined compounds ("post war" also
    states "postwar")."""
    tokens = _TOKEN.findall(prepare(text))
    keys = {t.key for t in terms(text)}
    folded = [fold(t) for t in tokens]
    for a, b in itertools.pairwise(folded):
        if a.isalpha() and b.isalpha():
            keys.add(stem(a + b))
    for n, token in enumerate(tokens):
        if token[0].isdigit():
            keys.add(_number_key(float(token.replace(",", ""))))
        elif n + 1 < len(tokens) and tokens[n + 1].lower() in _SCALES:
            value, used = _read_number(tokens, n)
            if used:
                keys.add(_number_key(value))
    return frozenset(keys)


def stated_keys(texts: Iterable[str]) -> frozenset[str]:
    """The keys stated by any of ``texts`` (the quotes of an answer, say)."""
    out: set[str] = set()
    for text in texts:
        out |= _keys_of(text)
    return frozenset(out)


def missing_terms(answer_terms: Sequence[Term], stated: frozenset[str]) -> list[Term]:
    """The answer's terms that ``stated`` does not contain; a hyphenated or spaced
    compound counts when its parts joined are stated ("post-war" by "postwar")."""
    missing: list[Term] = []
    skip_next = False
    for n, term in enumerate(answer_terms):
        if skip_next:
            skip_next = False
            continue
        if term.key in stated:
            continue
        if n + 1 < len(answer_terms):
            nxt = answer_terms[n + 1]
            joined = stem(fold(term.surface) + fold(nxt.surface))
            if joined in stated:
                skip_next = True
                continue
        missing.append(term)
    return missing


def negates(keys: Iterable[str]) -> bool:
    return "not" in keys


# --- questions ---------------------------------------------------------------------------

_AUXILIARIES = frozenset(
    "is are was were am do does did has have had can could will would shall should may might "
    "must".split()
)
_YES_NO = {"yes": True, "no": False, "yeah": True, "yep": True, "nope": False}


def is_yes_no_question(question: str) -> bool:
    """Whether ``question`` asks for yes or no ("Were X and Y both ...?", "Is X ...?")."""
    first = re.findall(r"[^\W\d_]+", question.lower())[:1]
    return bool(first) and first[0] in _AUXILIARIES and " or " not in f" {question.lower()} "


def yes_no(answer_text: str) -> bool | None:
    """True/False when the answer's first word is yes/no ("Yes, both were American.")."""
    first = re.findall(r"[^\W\d_]+", answer_text.lower())[:1]
    return _YES_NO.get(first[0]) if first else None


def alternatives(question: str) -> list[str]:
    """The options a question offers ("Which is older, X or Y?" -> ["X", "Y"]), or []."""
    body = question.strip().rstrip("?").strip()
    match = re.search(
        r"(?:[,:]\s*|\b(?:between|is|was|are|were|the)\s+)([^,:]+?)\s+or\s+([^,:]+)$",
        body,
        re.IGNORECASE,
    )
    if not match:
        return []
    return [match.group(1).strip(), match.group(2).strip()]


def named_sides(question: str) -> list[str]:
    """The entities a yes/no or comparison question compares: its options, else its
    capitalised names (the question's first word left out)."""
    options = alternatives(question)
    if options:
        return options
    names: list[str] = []
    run: list[str] = []
    for n, token in enumerate(re.findall(r"[\w'’.-]+|[^\w\s]", question)):
        word = token.strip(".")
        capital = word[:1].isupper() and not (n == 0 or word.lower() in STOPWORDS)
        if capital or (run and word.lower() in {"of", "the", "de", "von", "van"}):
            run.append(word)
        elif run:
            names.append(" ".join(run))
            run = []
    if run:
        names.append(" ".join(run))
    connectors = ("of", "the", "de", "von", "van")
    trimmed = []
    for name in names:
        parts = name.split()
        while parts and parts[-1].lower() in connectors:
            parts.pop()
        if parts:
            trimmed.append(" ".join(parts))
    return trimmed


_ATTRIBUTION = re.compile(
    r"^[\s>*_#+-]*(?:according\s+to|based\s+on|as\s+per|per|from|citing|going\s+by|"
    r"judging\s+(?:by|from)|drawing\s+on|as\s+(?:stated|noted|said|mentioned|reported|"
    r"described|shown|written|explained|given|quoted)\s+(?:in|on|by))\b[^,:;.\n]{0,100}[,:]\s*",
    re.IGNORECASE,
)


def split_attribution(answer: str) -> tuple[str, str]:
    """``(lead_in, rest)``: an opening attribution clause ("According to Dudo,", "Per
    [doc_x]:", "Based on the cited page,") and the claim after it. The lead-in names a
    source, so it is not checked against the quotes (its names must still be on an
    opened page)."""
    match = _ATTRIBUTION.match(answer)
    if not match or not answer[match.end() :].strip():
        return "", answer
    return answer[: match.end()], answer[match.end() :]
