"""Small text helpers shared by search, validation and the offline policy.

Everything here is a pure function over strings.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer  # type: ignore[import-untyped]

STOPWORDS = frozenset(
    "a about above after again against all am an and any are as at be because been "
    "before being below between both but by can could did do does doing down during "
    "each few for from further had has have having he her here hers herself him "
    "himself his how i if in into is it its itself just me more most my myself no nor "
    "not now of off on once only or other our ours ourselves out over own same she "
    "should so some such than that the their theirs them themselves then there these "
    "they this those through to too under until up very was we were what when where "
    "which while who whom whose why will with would you your yours yourself "
    "yourselves s t also may might must shall many much did does done get got let us "
    "per via yes ever".split()
)

_WORD = re.compile(r"\w+(?:['’]\w+)*", re.UNICODE)
_SPACE = re.compile(r"\s+")
#: Typographic variants made plain, after NFKC: every Unicode hyphen and dash, quote and
#: apostrophe form; invisible characters (soft hyphen, zero-width spaces, BOM) dropped.
_QUOTES = str.maketrans(
    {
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\ufe58\ufe63\uff0d", "-"),
        **dict.fromkeys(
            "\u2018\u2019\u201a\u201b\u2032\u2035\u2039\u203a\uff07`\u00b4\u02bc\u02b9\u02bb", "'"
        ),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\uff02\u301d\u301e", '"'),
        **dict.fromkeys("\u00ad\u200b\u200c\u200d\u2060\ufeff", None),
    }
)


def words(text: str) -> list[str]:
    """Word tokens in order, as written (case kept, possessive 's dropped)."""
    return [w[:-2] if w[-2:].lower() in _POSSESSIVE else w for w in _WORD.findall(text)]


_POSSESSIVE = ("'s", "’s")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball (Porter 2) stem of a lower-cased word: founded/founding -> found,
    offices -> offic, employs -> employ. Agent nouns (founder, employer) stay apart,
    as the stemmer keeps them; `RELATED` maps the few that matter back together."""
    if _ACRONYM_PLURAL.fullmatch(word):
        # an acronym's plural as written ("DTDs", "PDFs", "SDKs"): Snowball deletes a
        # plural "s" only after a vowel, so "dtds" would stay apart from "DTD" (an
        # acronym that ends in S, "HTTPS", "DNS", is written in capitals throughout)
        word = word[:-1]
    w = _fold(word.lower())
    w = IRREGULAR.get(w, w)
    w = BRITISH.get(w, w)
    base: str = _STEMMER.stemWord(w)
    return RELATED.get(base, base)


_STEMMER = snowballstemmer.stemmer("english")
_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Z0-9]+s")
_TRANSLIT = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i"}
)


def _fold(word: str) -> str:
    """Without accents or ligatures ("Hervé" -> "herve", "æ" -> "ae"), so spellings with
    and without them match."""
    if word.isascii():
        return word
    word = word.translate(_TRANSLIT)
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _british() -> dict[str, str]:
    """British spellings -> American ones, as whole words ("colours" -> "colors",
    "customised" -> "customized", "centre" -> "center"): a user writes either, and a
    word-by-word match must see one word. Listed roots only: "four", "hour", "rise" and
    "analysis" are no such spellings."""
    out: dict[str, str] = {}
    our = """colour behaviour favour honour labour neighbour harbour flavour humour rumour
    armour vapour odour endeavour parlour saviour splendour vigour valour tumour"""
    for root in our.split():
        us = root[:-3] + "or"
        for end in ("", "s", "ed", "ing", "ful", "ite", "ites", "able", "al"):
            out[root + end] = us + end
    ise = """organis recognis realis customis initialis serialis deserialis normalis optimis
    authoris minimis maximis prioritis summaris utilis specialis finalis visualis synchronis
    apologis categoris standardis memoris parallelis tokenis sanitis localis capitalis
    characteris emphasis criticis familiaris generalis legalis modernis neutralis
    personalis publicis stabilis symbolis sterilis internationalis containeris virtualis"""
    for root in ise.split():
        us = root[:-1] + "z"
        for end in ("e", "es", "ed", "ing", "er", "ers", "ation", "ations"):
            out[root + end] = us + end
    for root in ("analys", "paralys", "catalys"):
        for end in ("e", "ed", "ing", "er", "ers"):
            out[root + end] = root[:-1] + "z" + end
    for root in "cent met lit theat fib calib sab spect lust somb meag".split():
        for end in ("re", "res", "red"):
            out[root + end] = root + "er" + ("s" if end == "res" else "ed" if end == "red" else "")
    for uk, us in (
        ("licence", "license"),
        ("licences", "licenses"),
        ("defence", "defense"),
        ("offence", "offense"),
        ("catalogue", "catalog"),
        ("catalogues", "catalogs"),
        ("dialogue", "dialog"),
        ("dialogues", "dialogs"),
        ("analogue", "analog"),
        ("grey", "gray"),
    ):
        out[uk] = us
    return out


BRITISH = _british()

#: Irregular English verb forms -> base form ("began" and "begin" must match).
IRREGULAR = {
    form: base
    for base, forms in {
        "begin": "began begun",
        "become": "became",
        "build": "built",
        "buy": "bought",
        "bring": "brought",
        "catch": "caught",
        "choose": "chose chosen",
        "draw": "drew drawn",
        "drive": "drove driven",
        "eat": "ate eaten",
        "fall": "fell fallen",
        "feel": "felt",
        "fight": "fought",
        "fly": "flew flown",
        "forget": "forgot forgotten",
        "give": "gave given",
        "go": "went gone",
        "grow": "grew grown",
        "hear": "heard",
        "hide": "hid hidden",
        "hold": "held",
        "keep": "kept",
        "know": "knew known",
        "lead": "led",
        "lose": "lost",
        "make": "made",
        "mean": "meant",
        "meet": "met",
        "pay": "paid",
        "ride": "rode ridden",
        "rise": "rose risen",
        "run": "ran",
        "say": "said",
        "see": "saw seen",
        "seek": "sought",
        "sell": "sold",
        "send": "sent",
        "sing": "sang sung",
        "sink": "sank sunk",
        "speak": "spoke spoken",
        "spend": "spent",
        "stand": "stood",
        "steal": "stole stolen",
        "strike": "struck",
        "swim": "swam swum",
        "take": "took taken",
        "teach": "taught",
        "tell": "told",
        "think": "thought",
        "throw": "threw thrown",
        "understand": "understood",
        "wear": "wore worn",
        "win": "won",
        "write": "wrote written",
        "bear": "bore borne",
    }.items()
    for form in forms.split()
}

#: Stems that name the same relation for question answering (agent noun -> verb).
RELATED = {
    "founder": "found",
    "employe": "employ",
    "employer": "employ",
    "owner": "own",
    "creator": "creat",
    "author": "write",
    "writer": "write",
    "inventor": "invent",
    "designer": "design",
    "director": "direct",
    "builder": "build",
    "establish": "found",
    "birth": "born",
    "death": "die",
}


def content_terms(text: str) -> list[str]:
    """Stemmed, lower-cased words without stop words, in order, duplicates removed."""
    seen: dict[str, None] = {}
    for word in words(text):
        if word.lower() in STOPWORDS:
            continue
        seen.setdefault(stem(word), None)
    return list(seen)


def normalize_space(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def normalize_query(query: str) -> str:
    """The form under which two searches count as the same search."""
    return " ".join(w.lower() for w in words(unicodedata.normalize("NFKC", query)))


def canonical(text: str) -> str:
    """Unicode- and typography-normalised text: NFKC, curly quotes and dashes made plain."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


def find_verbatim(haystack: str, needle: str) -> tuple[int, int] | None:
    """Where ``needle`` occurs in ``haystack`` up to whitespace, Unicode normal form and
    typography, as character offsets into the original ``haystack``; None when it does
    not occur. A base character and the combining marks after it are normalised
    together, so decomposed (NFD) text matches its composed copy."""
    target = _DASHES.sub("-", normalize_space(canonical(needle)))
    if not target:
        return None
    # fast path: the quote as written, up to whitespace
    pattern = r"\s+".join(re.escape(part) for part in needle.split())
    match = re.search(pattern, haystack) if pattern else None
    if match:
        return match.span()
    flat: list[str] = []
    spans: list[tuple[int, int]] = []  # for each character of `flat`, its source span
    previous_space = True
    for start, end in _clusters(haystack):
        folded = canonical(haystack[start:end])
        if not folded:
            continue
        if folded.isspace():
            if not previous_space:
                flat.append(" ")
                spans.append((start, end))
            previous_space = True
            continue
        for part in folded:
            if part == "-":  # "a — b" = "a-b" = "a -- b": no space around a dash, one dash
                if flat and flat[-1] == " ":
                    flat.pop()
                    spans.pop()
                if flat and flat[-1] == "-":
                    spans[-1] = (spans[-1][0], end)
                    continue
            flat.append(part)
            spans.append((start, end))
        previous_space = flat[-1] == "-"
    at = "".join(flat).find(target)
    if at < 0:
        return None
    return spans[at][0], spans[at + len(target) - 1][1]


_DASHES = re.compile(r"\s*(?:-+\s*)+")


def _clusters(text: str) -> list[tuple[int, int]]:
    """Spans of a base character with the combining marks that follow it."""
    out: list[tuple[int, int]] = []
    for i, ch in enumerate(text):
        if out and unicodedata.combining(ch):
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n\s*\n")


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` of ``text``. Splits on end punctuation followed by
    a capital or digit and on blank lines; good enough for prose, never loses text."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.start()
        if match.group(0).strip() or not _ends_with_abbreviation(text[start:end]):
            _append_trimmed(text, start, end, spans)
            start = match.end()
    _append_trimmed(text, start, len(text), spans)
    return spans


_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof st mt inc co ltd corp jr sr vs etc no fig e.g i.e u.s approx".split()
)


def _ends_with_abbreviation(chunk: str) -> bool:
    """True when ``chunk`` ends in "Dr." or an initial ("J."), which end no sentence."""
    last = chunk.rsplit(None, 1)[-1] if chunk.strip() else ""
    token = last.rstrip(".").lower()
    return token in _ABBREVIATIONS or (len(token) == 1 and token.isalpha())


def _append_trimmed(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))
