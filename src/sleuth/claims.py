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
    "according accordance based source sources page pages passage passages document "
    "documents article articles text context paragraph paragraphs section sections evidence "
    "quote quoted quotes quotation excerpt snippet answer answers answered response reply "
    "question say says said saying stated statement mention mentions mentioned noted "
    "indicate indicates indicated shows shown explain explains explained describe describes "
    "described cite cites cited citation citations provided opened see sentence sentences "
    "confirm confirms confirmed verbatim directly explicitly clearly specifically reportedly "
    "apparently evidently indeed namely simply essentially basically therefore thus hence "
    "here tldr wikipedia referenced reported approximately roughly around circa ca estimated"
)
#: Compared as written (folded), not by stem: "stated" frames, "state" may be content.
FRAMING = frozenset(_FRAMING_WORDS.split())
#: "The page states X", "the passage notes X": verbs that frame only after a source noun.
_SOURCE_VERB = re.compile(
    r"\b(?P<noun>page|passage|source|article|document|text|paragraph|section|evidence|quote|"
    r"context|it|this|which)\s+(?:also\s+)?(?:states|notes|reports|says|writes|lists|gives)\b",
    re.IGNORECASE,
)
_ANSWER_LABEL = re.compile(
    r"^[\s>*_#+-]*(?:(?:the|my|short|final|correct|direct|best|long)\s+)*answer\s*[:=-]+\s*",
    re.IGNORECASE | re.MULTILINE,
)


#: Negations: an answer that negates needs evidence that negates.
NEGATIONS = frozenset("not no nor never neither none nothing nobody nowhere without n't".split())
#: Stop words that carry polarity or order, so they must be matched rather than skipped.
_POLAR = frozenset(
    "not no nor never neither more most less least fewer few before after above below over "
    "under first last only against".split()
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
_MONTH_SET = frozenset(_MONTH_NAMES) | frozenset(_MONTHS)
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
_POSSESSIVE_S = re.compile(r"(\w)'s\b")
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
    text = _POSSESSIVE_S.sub(r"\1", canonical(text))
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


def terms(text: str, *, code: bool | None = None) -> list[Term]:
    """The content of ``text``: numbers as values (a number written in words, with its
    scale, is one value), other words as stems; stop words that carry no polarity are
    left out, unless ``code`` keeps the ones written in capitals ("GET", "ON": by
    default, when the text also has lower case, so that capitals were chosen). Framing
    words are kept (callers decide); see `content`."""
    if code is None:
        code = any(c.islower() for c in text)
    tokens = _TOKEN.findall(prepare(text))
    out: list[Term] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        low = fold(token)
        value, used = _read_number(tokens, i)
        if used:
            surface = " ".join(tokens[i : i + used])
            suffix = tokens[i + used].lower() if i + used < len(tokens) else ""
            if suffix in _ORDINAL_SUFFIX and suffix != "s" and used == 1:  # 4th = fourth
                out.append(Term(f"ord{value:g}", surface + suffix))
                i += used + 1
                continue
            out.append(Term(_number_key(value), surface))
            i += used
            if suffix in _ORDINAL_SUFFIX:
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
        if low == "_" * len(low):
            continue
        if low in SKIP and not (code and len(token) > 1 and token.isupper()):
            continue
        if low in _ORDINALS:
            out.append(Term(f"ord{_ORDINALS[low]}", token))
            continue
        low = _MONTHS.get(low, low)
        out.append(Term(_word_key(low), token))
    return out


def _word_key(low: str) -> str:
    """A word's key: "not" for every negation, ``~word`` for the other polar words (so
    "last" is not "lasted"), else its stem."""
    if low in NEGATIONS:
        return "not"
    if low in _POLAR:
        return "~" + low
    return stem(_american(_UNITS_SPELLED.get(low, low)))


#: Unit abbreviations and their words: "400 m" states "400 metres".
_UNITS_SPELLED = {
    **dict.fromkeys(["km", "kms", "kilometre", "kilometres", "kilometers"], "kilometer"),
    **dict.fromkeys(["m", "metre", "metres", "meters"], "meter"),
    **dict.fromkeys(["cm", "centimetre", "centimetres", "centimeters"], "centimeter"),
    **dict.fromkeys(["mm", "millimetre", "millimetres", "millimeters"], "millimeter"),
    **dict.fromkeys(["kg", "kgs", "kilogramme", "kilogrammes", "kilograms"], "kilogram"),
    **dict.fromkeys(["mi", "miles"], "mile"),
    **dict.fromkeys(["ft", "feet"], "foot"),
    **dict.fromkeys(["lb", "lbs", "pounds"], "pound"),
    **dict.fromkeys(["hr", "hrs", "hours"], "hour"),
    **dict.fromkeys(["yr", "yrs", "years"], "year"),
    **dict.fromkeys(["sq"], "square"),
}
_BRITISH = [
    (re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations|er|ers)$"), r"iz\1"),  # organise
    (re.compile(r"(?<=[a-z]{3})ys(e|ed|es|ing)$"), r"yz\1"),  # analyse
    (re.compile(r"(?<=[a-z]{2}[^aeiou])re(s?)$"), r"er\1"),  # centre, metre, theatre
    (re.compile(r"(?<=[a-z]{2}[^aeiou])our(s|ed|ing|ite|ites|able)?$"), r"or\1"),  # colour
    (re.compile(r"(?<=[a-z])ogue(s?)$"), r"og\1"),  # catalogue
    (re.compile(r"(?<=[a-z])ence(s?)$"), r"ense\1"),  # defence, licence
]


def _american(word: str) -> str:
    """One spelling for British and American forms ("colour" = "color", "centre" =
    "center", "organise" = "organize"); the same rewrite on both sides of a comparison,
    so it can only join spellings, never split them."""
    for pattern, repl in _BRITISH:
        word = pattern.sub(repl, word)
    return word


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


def content(text: str, *, code: bool | None = None) -> list[Term]:
    """The terms of ``text`` that state something: framing words left out."""
    return [t for t in terms(unframed(text), code=code) if fold(t.surface) not in FRAMING]


def unframed(text: str) -> str:
    """``text`` without answer labels ("Final answer:", "**Answer:**") and with a source's
    framing verb dropped ("the page states X" -> "the page X")."""
    return _ANSWER_LABEL.sub(" ", _SOURCE_VERB.sub(r"\g<noun>", text))


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
            keys.add(f"+{a}{b}")  # "post war" states "postwar"; kept apart from stems
    for n, token in enumerate(tokens):
        if token[0].isdigit():
            keys.add(_number_key(float(token.replace(",", ""))))
            near = {fold(t) for t in tokens[max(0, n - 2) : n + 3]}
            if near & _MONTH_SET:  # "4 July" states "July 4th"
                keys.add(f"ord{float(token.replace(',', '')):g}")
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
        if term.key in stated or f"+{fold(term.surface)}" in stated:
            continue
        if n + 1 < len(answer_terms):
            nxt = answer_terms[n + 1]
            joined = stem(fold(term.surface) + fold(nxt.surface))
            if joined in stated:
                skip_next = True
                continue
        missing.append(term)
    return missing


# --- questions ---------------------------------------------------------------------------

_AUXILIARIES = frozenset(
    "is are was were am do does did has have had can could will would shall should may might "
    "must".split()
)
_YES_NO = {"yes": True, "no": False, "yeah": True, "yep": True, "nope": False}


def is_yes_no_question(question: str) -> bool:
    """Whether ``question`` asks for yes or no ("Were X and Y both ...?", "Is X ...?")."""
    last = re.split(r"(?<=[.!?])\s+", question.strip())[-1]  # "X has an OBE. Does Y?"
    first = re.findall(r"[^\W\d_]+", last.lower())[:1]
    return bool(first) and first[0] in _AUXILIARIES and " or " not in f" {last.lower()} "


def yes_no(answer_text: str, question: str = "") -> bool | None:
    """True/False when the answer says yes or no: its first word, framing aside ("Yes,
    both were American.", "The answer is no."), or, to a yes/no question, a yes or no
    anywhere in it ("To the question whether X, the answer is yes.")."""
    found = re.findall(r"[^\W\d_]+", unframed(answer_text).lower())
    for word in found:
        if word in _YES_NO:
            return _YES_NO[word]
        if word not in STOPWORDS and word not in FRAMING:
            break
    if question and is_yes_no_question(question):
        said = [_YES_NO[w] for w in found if w in _YES_NO]
        if said and len(set(said)) == 1:
            return said[0]
    return None


#: Comparatives and superlatives that make a question a choice between entities it names.
_COMPARATIVES = frozenset(
    "older younger oldest youngest larger smaller largest smallest bigger biggest higher "
    "lower highest lowest longer shorter longest shortest greater greatest earlier later "
    "earliest latest taller tallest heavier heaviest faster fastest closer closest farther "
    "further newer newest wider widest deeper deepest more most less least fewer fewest "
    "first last better best worse worst".split()
)
_NAME = r"(?:[A-Z0-9][\w'’.&-]*(?:\s+(?:of|the|de|and|for|in|on|a|an)?\s*[A-Z0-9][\w'’.&-]*)*)"
_PAIR = re.compile(rf"(?<!^){_NAME}\s+(?:and|or)\s+(?:the\s+)?{_NAME}")
_BETWEEN = re.compile(rf"\b(?i:between)\s+(?:the\s+)?{_NAME}\s+and\s+(?:the\s+)?{_NAME}")


def is_choice(question: str) -> bool:
    """Whether ``question`` asks to choose among entities it names, so that the answer may
    be one of its names: "Which is older, X or Y?", "Between X and Y, who ...?", "Who
    was born first between X and Y?", "X and Y were founded in the 1950s. Which was
    the first to serve pizza?" (a which/who question with a comparison, about two names
    joined by "and" or "or")."""
    left, sep, right = question.rpartition(" or ")
    if sep and _names(left) and _names(right, opens=False):
        return True
    if _BETWEEN.search(question) and question.lstrip().lower().startswith("between"):
        return True
    asks = [
        s
        for s in re.split(r"(?<=[.!?])\s+", question.strip())
        if re.match(r"(?:which|who)\b", s, re.IGNORECASE)
        and set(re.findall(r"[a-z]+", s.lower())) & _COMPARATIVES
    ]
    return bool(asks) and bool(_BETWEEN.search(question) or _PAIR.search(question))


def named_sides(question: str) -> list[str]:
    """The entities a yes/no or comparison question names: the capitalised names around
    its " or " when it has one ("Which band formed first, The Exies or Circus Diablo?"
    -> The Exies, Circus Diablo), else all its capitalised names (its first word left
    out). A name right after "same" qualifies what is compared, not a side ("in the same
    U.S. state", "the same NFL position")."""
    question = _SAME_QUALIFIER.sub(lambda m: m.group(1) + m.group(2).lower(), question)
    left, sep, right = question.rpartition(" or ")
    if sep:
        before, after = _names(left), _names(right, opens=False)
        if before and after:
            return [before[-1], after[0]]
    return _names(question)


# "same" and the capitalised words after it (a name or an abbreviation such as "U.S.")
_SAME_QUALIFIER = re.compile(r"(\bsame\s+)((?:[A-Z][\w'’.-]*\s+)+)")


def _names(question: str, *, opens: bool = True) -> list[str]:
    """Capitalised runs of ``question`` ("The Exies", "Duchy of Normandy"); its first word
    is left out when ``opens`` (a question's first word is capitalised anyway)."""
    names: list[str] = []
    run: list[str] = []
    tokens = re.findall(r"[\w'’.-]+|[^\w\s]", question)
    for n, token in enumerate(tokens):
        word = token.strip(".")
        upper = word[:1].isupper() and not (n == 0 and opens)
        following = tokens[n + 1] if n + 1 < len(tokens) else ""
        # "The" mid-sentence starts a name when a capitalised word follows ("The Exies")
        capital = upper and (word.lower() not in STOPWORDS or following[:1].isupper())
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
    r"^[\s>*_#+-]*(?P<verb>according\s+to|based\s+on|as\s+per|per|from|citing|going\s+by|"
    r"judging\s+(?:by|from)|drawing\s+on|as\s+(?:stated|noted|said|mentioned|reported|"
    r"described|shown|written|explained|given|quoted)\s+(?:in|on|by))\b"
    r"(?P<source>(?:[^,:;.\n]|\.(?=\S|\s+[a-z0-9])){0,100})[,:]\s*",
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
    if not match.group("verb").lower().startswith("according"):
        # "From the page," is a source; "From 1990 until 2000," is a claim
        source = [w for w in re.findall(r"\w+", match.group("source")) if w.lower() not in SKIP]
        if source and not any(fold(w) in FRAMING for w in source):
            return "", answer
    return answer[: match.end()], answer[match.end() :]
