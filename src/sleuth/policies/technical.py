"""Technical answers as first-class spans: identifiers, code spans, versions, URLs, ...

Documentation answers "Which environment variable holds the key?" with `BRAVE_API_KEY`,
"What does max_age default to?" with `600`, "In which version ...?" with 0.95.0 — spans
that the prose reader (`sleuth.policies.reading`) has no type for, so it took the clause
after the question's words ("such as `staging`", ".json`"). Here a question's *kind*
comes from its wh-phrase head ("which environment variable", "what command", "which
version", "what is the default value of") and a sentence's candidates of that kind are
found by their shape:

| kind | asked by | a candidate |
|---|---|---|
| ``env`` | environment variable, env var | an ALL_CAPS name (`FASTAPI_ENV`, `NETRC`) |
| ``version`` | which version, as of which release | 0.95.0, 2.16, `version 2` |
| ``ip`` | IP address, host | 127.0.0.1 |
| ``status`` | status code | a three-digit code (`401 Unauthorized`) |
| ``url`` | URL, path, endpoint, route | a URL or an absolute path (`/openapi.json`) |
| ``error`` | which error, exception | a CamelCase name ending in Error / Exception / Warning |
| ``command`` | what command | a code span with a space, or a shell line after ``$`` |
| ``package`` | package, library, module, extra | a code span, or a word beside "package" |
| ``name`` | parameter, argument, option, class, header, file, ... | an identifier in a code span |
| ``value`` | default, set to, defaults to | a code span, True / False / None, or a number |

A candidate is never the question's own words (``REQUESTS_CA_BUNDLE`` does not answer
"used as fallback if REQUESTS_CA_BUNDLE is not set"), and it comes from the sentence
itself even when the previous sentence is read with it as context ("`max_age` - Sets
... responses. Defaults to `600`."). No candidate of the kind, no answer: a technical
question is never answered by a clause.
"""

from __future__ import annotations

import re

from sleuth.text import stem
from sleuth.validate import inline_ids

# the head words that name a kind: they rank sentences but need not be in them
KIND_WORDS: dict[str, frozenset[str]] = {
    "env": frozenset("environment variable variables env var vars".split()),
    "version": frozenset("version versions release".split()),
    "ip": frozenset("ip address host".split()),
    "status": frozenset("status code http".split()),
    "url": frozenset("url urls path endpoint route address".split()),
    "error": frozenset("error exception warning".split()),
    "command": frozenset("command".split()),
    "package": frozenset("package library module extra dependency pip".split()),
    "name": frozenset(
        "parameter argument option attribute field setting flag keyword class function "
        "method header decorator key file".split()
    ),
    "value": frozenset("value".split()),  # "default" stays required: a sentence must say it
}

_KIND_OF_QUESTION = [
    ("env", r"\benv(?:ironment)?\s+var(?:iable)?s?\b"),
    ("ip", r"\bip\s+address\b|\bwhich\s+host\b"),
    ("status", r"\bstatus\s+code\b"),
    ("version", r"\b(?:what|which)\s+(?:\w+\s+)?(?:version|release)\b"),
    ("error", r"\b(?:what|which)\s+(?:\w+\s+)?(?:error|exception|warning)\b"),
    ("command", r"\b(?:what|which)\s+(?:\w+\s+)?command\b"),
    ("url", r"\b(?:what|which|at which|at what)\s+(?:\w+\s+)?(?:url|path|endpoint|route)\b"),
    ("package", r"\b(?:what|which)\s+(?:\w+\s+)?(?:package|library|module|extra|dependency)\b"),
    (
        "name",
        r"\b(?:what|which)\s+(?:\w+\s+)?(?:parameter|argument|option|attribute|field|setting|"
        r"flag|keyword|class|function|method|header|decorator|key|file)\b",
    ),
    (
        "value",
        r"\bdefaults?\b|\bset\s+to\b|\bdefault\s+value\b",
    ),
]


def kind_of(question: str) -> str | None:
    """The technical kind a question asks for, or None for a prose question."""
    q = question.lower()
    if not re.match(r"\s*(?:what|which|in which|in what|as of which|before which|at which)\b", q):
        return None
    for kind, pattern in _KIND_OF_QUESTION:
        if re.search(pattern, q):
            return kind
    return None


_CODE = re.compile(r"`+([^`\n]+?)`+")
_ENV = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")
_BARE_ENV = re.compile(r"(?<![\w$%.-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])")
_VERSION = re.compile(r"(?<![\w.])v?\d+(?:\.\d+){1,3}(?:[a-z]+\d*)?(?![\w.]*\d)|(?<=version )\d+\b")
_IP = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.]*\d)")
_STATUS = re.compile(r"(?<![\w.])[1-5]\d\d(?:\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)?(?![\w.])")
_URL = re.compile(r"https?://[^\s`'\"<>)\]]+|(?<![\w.:/])/[\w.{}-]+(?:/[\w.{}-]+)*/?")
_ERROR = re.compile(r"(?<![\w.])(?:[\w]+\.)*[A-Z]\w*(?:Error|Exception|Warning)\b")
_COMMAND_LINE = re.compile(r"(?:^|\n)\s*\$\s+([^\n]+)")
_PACKAGE = re.compile(r"^[A-Za-z][\w.-]*(?:\[[\w,-]+\])?$")
_IDENTIFIER = re.compile(r"^[A-Za-z_][\w.]*(?:\(\))?$")
# a number inside an identifier ("5" of gpt-5-mini, "3" of py3/lib) is no literal
_LITERAL = re.compile(
    r"(?<![\w./-])(?:True|False|None|\d+(?:\.\d+)?(?:\s?(?:seconds?|bytes|ms))?)(?![\w/-]|\.\w)"
)
# a bare identifier with digits, slashes or dashes: a model name, a path, a version
# ("openai/gpt-5-mini", "gpt-4o", "v2-beta"), one span however it is joined
_JOINED = re.compile(
    r"(?<![\w./@:-])(?=[\w./-]*[A-Za-z])(?=[\w.-]*(?:\d|/[\w.-]*[A-Za-z]))"
    r"[A-Za-z0-9][\w.-]*(?:/[\w.-]+)*(?<![.-])(?![\w/@-])"
)
_DEFAULT_CUE = re.compile(
    r"\b(?:defaults?\s+(?:to|is|of)|default\s+(?:value\s+)?(?:is|of)|set\s+to|by\s+default(?:\s+is)?)\s*$",
    re.IGNORECASE,
)


def _code_spans(sentence: str) -> list[tuple[int, int]]:
    return [m.span(1) for m in _CODE.finditer(sentence)]


def candidates(kind: str, sentence: str, start: int = 0) -> list[tuple[int, int]]:
    """Spans of ``sentence`` (from ``start`` on) that could answer a question of ``kind``."""
    spans = _candidates(kind, sentence)
    return [(s, e) for s, e in spans if s >= start and sentence[s:e].strip()]


def _candidates(kind: str, sentence: str) -> list[tuple[int, int]]:
    code = _code_spans(sentence)
    if kind == "env":
        found = [(s, e) for s, e in code if _ENV.match(sentence[s:e]) and e - s > 2]
        return found or [m.span() for m in _BARE_ENV.finditer(sentence)]
    if kind == "version":
        return [m.span() for m in _VERSION.finditer(sentence) if not _IP.fullmatch(m.group(0))]
    if kind == "ip":
        return [m.span() for m in _IP.finditer(sentence)]
    if kind == "status":
        return [m.span() for m in _STATUS.finditer(sentence)]
    if kind == "url":
        return [m.span() for m in _URL.finditer(sentence)]
    if kind == "error":
        return [m.span() for m in _ERROR.finditer(sentence)]
    if kind == "command":
        lines = [m.span(1) for m in _COMMAND_LINE.finditer(sentence)]
        return lines + [(s, e) for s, e in code if " " in sentence[s:e].strip()]
    if kind == "package":
        found = [(s, e) for s, e in code if _PACKAGE.match(sentence[s:e])]
        if found:
            return found
        beside = re.finditer(
            r"\b(?:package|library|module)\s+([a-z][\w.-]*)|\b([a-z][\w.-]*)\s+(?:package|library)\b",
            sentence,
        )
        return [m.span(1) if m.group(1) else m.span(2) for m in beside]
    if kind == "name":
        return [(s, e) for s, e in code if _IDENTIFIER.match(sentence[s:e].split("=")[0])]
    if kind == "value":
        found = code + [m.span() for m in _LITERAL.finditer(sentence)]
        found += [m.span() for m in _JOINED.finditer(sentence) if _joined(m.group(0))]
        return sorted(
            {
                sp
                for sp in found
                if not any(o != sp and o[0] <= sp[0] and sp[1] <= o[1] for o in code)
            }
        )
    return code


def _joined(token: str) -> bool:
    """Whether a bare token is one identifier: letters joined to digits or parts by a
    dash or slash ("gpt-5-mini", "openai/gpt-5-mini"), not a plain number or word."""
    return (
        bool(re.search(r"[A-Za-z]", token))
        and bool(re.search(r"[-/]|\d", token))
        and not (re.fullmatch(r"\d+(?:\.\d+)*", token))
    )


def is_kind(kind: str, value: str) -> bool:
    """Whether ``value`` (an answer) is itself a span of ``kind``."""
    return any(s == 0 and e == len(value) for s, e in _candidates(kind, value)) or (
        kind in ("command", "package", "name", "value") and bool(value.strip())
    )


def extract(
    kind: str, sentence: str, question_terms: set[str], question: str, start: int = 0
) -> str | None:
    """The candidate of ``kind`` in ``sentence`` (from ``start``) that answers: not the
    question's own words; after a "defaults to" cue when the kind is a value; else the
    one nearest the question's words."""
    asked = question.lower()
    spans = []
    for s, e in candidates(kind, sentence, start):
        text = sentence[s:e].strip()
        name = text.split("=")[0] if kind == "name" else text
        if name.lower() in asked:
            continue  # the question's own identifier answers nothing
        if inline_ids(text):
            continue  # "[https://…]" would read as an inline citation
        glossed = _GLOSSED.search(sentence, 0, s)
        if glossed is not None and re.match(r"`*\)", sentence[e:]):
            # "from underscore (`_`) to hyphen (`-`)": a code span in parentheses names
            # the word before it; the question's own word is no answer, and a span of
            # bare symbols is answered with the word it glosses
            if _stem_in(glossed.group(1), question_terms):
                continue
            if not re.search(r"\w", text):
                s = glossed.start(1)
                e = e + len(re.match(r"`*\)", sentence[e:]).group(0))  # type: ignore[union-attr]
        spans.append((s, e))
    if not spans:
        return None
    if kind == "value":
        cued = [sp for sp in spans if _DEFAULT_CUE.search(sentence[: sp[0]].rstrip("` "))]
        if cued:
            spans = cued
    positions = [
        m.start() for m in re.finditer(r"[\w]+", sentence) if _stem_in(m.group(0), question_terms)
    ]

    def distance(span: tuple[int, int]) -> tuple[int, int]:
        if not positions:
            return (0, span[0])
        return (min(min(abs(span[0] - p), abs(span[1] - p)) for p in positions), span[0])

    best = min(spans, key=distance)
    value = sentence[best[0] : best[1]].strip()
    if kind == "name" and "=" in value:
        value = value.split("=")[0]
    return value


# a word, then the opening parenthesis (and backticks) of a code span right after it
_GLOSSED = re.compile(r"\b([A-Za-z][\w-]*)\s+\(`*$")


def _stem_in(word: str, question_terms: set[str]) -> bool:
    return stem(word.lower()) in question_terms
