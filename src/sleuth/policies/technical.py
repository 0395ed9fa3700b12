"""Technical answers as first-class spans: identifiers, code spans, versions, URLs, ...

Documentation answers "Which environment variable holds the key?" with `BRAVE_API_KEY`,
"What does max_age default to?" with `600`, "In which version ...?" with 0.95.0 — spans
that the prose reader (`sleuth.policies.frames`' answer types) has no type for, so it
took the clause after the question's words ("such as `staging`", ".json`"). Here a
question's *kind* comes from its wh-phrase head ("which environment variable", "what
command", "which version", "what is the default value of") and a sentence's candidates
of that kind are found by their shape:

| kind | asked by | a candidate |
|---|---|---|
| ``env`` | environment variable, env var | an ALL_CAPS name (`FASTAPI_ENV`, `NETRC`) |
| ``version`` | which version, as of which release | 0.95.0, 2.16, `version 2` |
| ``ip`` | IP address, host | 127.0.0.1 |
| ``status`` | status code | a three-digit code (`401 Unauthorized`) |
| ``exit`` | exit code, exit status, return code | a number of at most three digits (`5`) |
| ``url`` | URL, endpoint, route | a URL or an absolute path (`/openapi.json`) |
| ``path`` | path (a URL's or a file's) | a URL, or a file or directory span (`.dmypy.json`) |
| ``error`` | which error, exception | a CamelCase name ending in Error / Exception / Warning |
| ``command`` | what command | a code span with a space, or a shell line after ``$`` |
| ``package`` | package, library, module, extra | a code span, or a word beside "package" |
| ``media`` | media type, content type | ``application/json`` |
| ``header`` | header | a code span shaped as a header name (`X-Process-Time`) |
| ``file`` | file, filename | a code span with an extension (`uv.lock`, `.env`) |
| ``option`` | option, flag | a code span `--workers`, or an identifier |
| ``name`` | parameter, argument, class, marker, ... | a code span identifier (`docs_url`) |
| ``value`` | default, set to, defaults to | a code span, True / False / None, or a number |

The kind is the one the wh-phrase's head names: its last kind word ("Which command line
option" asks an option, "What is the name of the file" a file), and only a question
without one falls back to an env / IP / status pattern or a default cue anywhere in it.
A technical head wins over "where" or "when" later in the question ("the file where ...").
A question that opens with neither a wh-word nor an auxiliary may ask with a wh-phrase
inside it ("Starting in which mypy version must ...?"): of the kinds prose seldom names
(`_ASKED_INSIDE_KINDS`; "Feynman won the Nobel Prize in which field?" is prose).

A candidate is never the question's own words (``REQUESTS_CA_BUNDLE`` does not answer
"used as fallback if REQUESTS_CA_BUNDLE is not set"), nor a code span glossing a word of
the question ("underscore (`_`)"; a span of bare symbols is answered with the word it
glosses, "hyphen (`-`)"), and it comes from the sentence itself even when the previous
sentence is read with it as context ("`max_age` - Sets ... responses. Defaults to
`600`."). Of several, the one after the question's verb wins ("added in 0.119.0 and
removed in 0.128.0": "removed" places 0.128.0), then the one nearest the question's words
said once (a word beside every candidate tells none apart); a keyword argument gives its
value (`Depends(scope="request")` answers which scope with ``"request"``). No candidate of
the kind, no answer: a technical question is never answered by a clause.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sleuth.text import STOPWORDS, stem
from sleuth.validate import inline_ids

from .synonyms import OUT_OF_THE_BOX, canon

# the head words that name a kind: they rank sentences but need not be in them
KIND_WORDS: dict[str, frozenset[str]] = {
    "env": frozenset("environment variable variables env var vars".split()),
    "version": frozenset("version versions release".split()),
    "ip": frozenset("ip address host".split()),
    "status": frozenset("status code http response error".split()),
    "exit": frozenset("exit return code status returncode".split()),
    "url": frozenset("url urls endpoint route address".split()),
    # a path is a URL's or a file's: "the default path of the daemon's status file"
    # ("Which URL path ...": the URL's words name the same kind)
    "path": frozenset("path paths url urls endpoint route".split()),
    "error": frozenset("error exception warning".split()),
    "command": frozenset("command".split()),
    "package": frozenset(
        "package library module extra dependency pip extension plugin framework".split()
    ),
    "media": frozenset("media content mime type".split()),
    "header": frozenset("header headers".split()),
    "file": frozenset("file files filename".split()),
    "option": frozenset("option options flag flags switch switches".split()),
    "name": frozenset(
        "parameter argument attribute field setting keyword class function "
        "method decorator key marker".split()
    ),
    "value": frozenset("value".split()),  # "default" stays required: a sentence must say it
}

# The kind a question's wh-phrase names by its head: the last kind word of the noun
# phrase after "which" / "what" ("Which command line option" asks for an option, "Which
# HTTP status code" for a status); a kind said anywhere else in the question is only a
# fallback (the env / IP / status patterns, and the default-value cues).
_HEAD_KINDS = [
    ("env", r"\benv(?:ironment)?\s+var(?:iable)?s?\b"),
    ("exit", r"\b(?:exit|return)\s+(?:code|status)\b|\breturncode\b"),
    ("ip", r"\bip\s+address(?:es)?\b|\bhost\b"),
    ("status", r"\bstatus(?:\s+code)?\b|\bhttp\s+(?:error|response)\b"),
    ("media", r"\b(?:media|content|mime)\s+type\b"),
    ("version", r"\bversion\b|\brelease\b"),
    ("error", r"\b(?:error|exception|warning)\b"),
    ("command", r"\bcommand\b"),
    ("path", r"\bpaths?\b"),
    ("url", r"\b(?:url|endpoint|route)\b"),
    ("package", r"\b(?:package|library|module|extra|dependency|extension|plugin|framework)\b"),
    ("header", r"\bheaders?\b"),
    # (a noun after it is what is asked: "Which file formats ...?" asks a format, INI or
    # TOML, not a file)
    (
        "file",
        r"\bfile(?:name)?(?:\s+extensions?)?\b(?!\s+(?:formats?|sizes?|modes?|systems?|"
        r"descriptors?|handles?|objects?|permissions?|types?|encodings?|patterns?|names?\s+pattern)\b)",
    ),
    # ("Which command-line argument stops ...?" asks an option, not a function's argument)
    ("option", r"\b(?:option|flag|switch)\b|\bcommand[- ]line\s+(?:argument|parameter)s?\b"),
    (
        "name",
        r"\b(?:parameter|argument|attribute|field|setting|keyword|class|function|method|"
        r"decorator|key|marker)\b",
    ),
]
# a measure of a kind's thing ("URL length", "header size", "path depth"): what is asked
# (a noun: "Which setting limits ...?" asks a setting)
_MEASURED = re.compile(r"\s+(?:length|size|limit|count|depth)\b")
_KIND_OF_QUESTION = [
    ("env", r"\benv(?:ironment)?\s+var(?:iable)?s?\b"),
    # "What must be installed before ...?", "What do I need to pip install ...?"
    (
        "package",
        r"^\s*what\s+(?:must|should|do\s+i\s+need\s+to|needs\s+to)\s+(?:be\s+|pip\s+)?install",
    ),
    ("ip", r"\bip\s+address\b"),
    # "What should my processor raise to drop an entry?": the object of "raise" asked
    # (its object is asked: "raise money for ...", "raise max_connections to 500" ask
    # something else)
    (
        "error",
        r"^\s*what\s+(?:\w+\s+){1,4}?(?:raise|throw)(?:\s*\?|\s+(?:to|when|if|so|in|inside)\b)",
    ),
    ("exit", r"\b(?:exit|return)\s+(?:code|status)\b"),
    ("status", r"\bstatus\s+code\b"),
    (
        "value",
        r"\bdefaults?\b|\bset\s+to\b|\bdefault\s+value\b",
    ),
]
# the wh-phrase: "which" / "what" and up to three words before the verb or a preposition
_WH_PHRASE = re.compile(
    r"^\s*(?:(?:in|at|as of|before|since|starting with|from|with)\s+)?(?:which|what)\s+"
    r"((?:(?!(?:is|are|was|were|do|does|did|can|could|should|must|will|would|has|have|had|"
    r"of|in|for|to|on|from|with|by|the|a|an|if|when|that)\b)[\w.-]+(?:\(\))?\s+){0,2}"
    r"(?:(?!(?:is|are|was|were|do|does|did|can|could|should|must|will|would|has|have|had|"
    r"of|in|for|to|on|from|with|by|the|a|an|if|when|that)\b)[\w.-]+))",
    re.IGNORECASE,
)


def kind_of(question: str, head_only: bool = False) -> str | None:
    """The technical kind a question asks for, or None for a prose question
    (``head_only``: only a kind its wh-phrase names)."""
    # "If you're using the app factory pattern, which option ...?", "On a Mac, port 5000
    # is taken. Which service ...?": the wh-phrase may follow an opening clause, or
    # stand inside the question ("Celery configuration is taken from which key ...?")
    opening = _opening_clause_end(question.lower())
    whole = question.lower()[opening:]
    q = asked_from(whole)
    inside = q != whole  # a wh-phrase inside the question (`_ASKED_INSIDE_KINDS`)
    if not re.match(
        r"\s*(?:what|which|in which|in what|as of which|before which|at which|since which|"
        r"starting with which|from which)\b",
        q,
    ):
        return None
    copular = _WHAT_IS_THE.match(question, opening)  # as written (read below)
    # "What is the name of the file where ...": the head is the named noun
    q = re.sub(r"^\s*what\s+is\s+the\s+name\s+of\s+(?:the|a|an)\s+", "which ", q)
    # "What is the oldest Python version ...?": the noun after "what is the" is asked
    q = re.sub(r"^\s*what\s+(?:is|was|are|were)\s+the\s+(?=[\w.-]+\s+[\w.-]+)", "which ", q)
    phrase = _WH_PHRASE.match(q)
    if phrase is not None:
        found = [
            (m.end(), kind, m.start())
            for kind, pattern in _HEAD_KINDS
            for m in re.finditer(pattern, phrase.group(1))
            # "What is the default maximum URL length ...?" asks a length, not a URL
            if not _MEASURED.match(q, phrase.start(1) + m.end())
        ]
        head = max(found, key=lambda t: (t[0], -t[2]))[1] if found else None
        if head is not None and (not inside or head in _ASKED_INSIDE_KINDS):
            return head
    if _WHAT_VALUE.match(q):
        return "value"  # "What value do I pass to its recreate flag?"
    # "What is the new minimum required redis-py version?": a noun phrase to the end of
    # the question, longer than a wh-phrase, named by its last word
    # (of a kind prose seldom names, after a name: "the current global conservation
    # status", "the final studio album release" are prose's)
    if copular is not None and not inside:
        *_, before, last = copular.group(1).split()
        named = [kind for kind, pattern in _HEAD_KINDS if re.fullmatch(pattern, last)]
        if named and named[0] in _ASKED_INSIDE_KINDS and _NAME_LIKE.search(before):
            return named[0]
    if head_only:
        return None
    # the fallbacks read the whole question after an opening clause (a default cue may
    # stand before a wh-phrase inside it)
    for kind, pattern in _KIND_OF_QUESTION:
        if re.search(pattern, whole):
            return kind
    return None


def asks_many(question: str) -> bool:
    """Whether the wh-phrase's head is a plural kind word ("what factory function
    *names* does the flask command look for?"): the answer is the list the sentence
    gives ("`create_app` or `make_app`"), not one of its items."""
    q = asked_from(question.lower())
    q = re.sub(r"^\s*(?:in|at|as of|before|since|starting with|from|with)\s+", "", q)
    phrase = _WH_PHRASE.match(q)
    if phrase is None:
        return False
    if re.match(r"(?:two|three|four|five|both)\s", phrase.group(1)):
        return True  # "Which two built-in user implementations ...?": two items, a list
    head = phrase.group(1).split()[-1]
    singular = re.sub(r"(?:(?<=[sx])es|s)$", "", head)
    # "names" heads a phrase of a kind ("factory function names") as a kind word does
    return singular != head and singular in _ALL_KIND_WORDS | {"name"}


def head_words(question: str) -> tuple[str, ...]:
    """The words of the question's wh-phrase after its wh-word, as written ("Which
    *logger factory* should I configure ...?", "Which *processor renames* that key?": a
    verb may close the phrase), or none."""
    q = asked_from(question.lower())
    q = re.sub(r"^\s*(?:in|at|as of|before|since|starting with|from|with)\s+", "", q)
    phrase = _WH_PHRASE.match(q)
    return tuple(phrase.group(1).split()) if phrase is not None else ()


@lru_cache(maxsize=256)  # asked once per sentence read; a pure function of the question
def kind_modifiers(question: str) -> tuple[str, ...]:
    """The stems of the wh-phrase's common words before the kind word it is headed by
    ("Which *management* command ...?", "Which Huey *constructor* flag ...?"): they say
    which one of its kind is asked (a kind's own words, "environment variable", "keyword
    argument", are none; a word the question capitalises, "uWSGI", "Huey", is a name: it
    says whose, which the page's subject often is)."""
    phrase = " ".join(head_words(question))
    found = [
        (m.end(), -m.start())
        for _, pattern in _HEAD_KINDS
        for m in re.finditer(pattern, phrase)
        if not _MEASURED.match(phrase, m.end())
    ]
    if not found:
        return ()
    start = -max(found)[1]
    return tuple(
        stem(w)
        for w in re.findall(r"[\w-]+", phrase[:start])
        if w not in STOPWORDS
        and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", question)
        # a kind's own word ("keyword argument", "command-line option") is the kind's
        and not any(re.search(pattern, w) for _, pattern in _HEAD_KINDS)
    )


@lru_cache(maxsize=256)  # asked once per sentence read; a pure function of the question
def asked_nouns(question: str) -> tuple[str, ...]:
    """The stems of the wh-phrase's words (`head_words`) but stopwords: the nouns a
    sentence may call the answer by ("which *directory*" and "the `statics` directory")."""
    return tuple(stem(w) for w in head_words(question) if w not in STOPWORDS)


# the words that call a code span by a noun: "the `EventRenamer` processor", "the
# processor `EventRenamer`", "a processor called `X`", and give a noun its value: "sets
# the port to `50000`", "the prefix is `FLASK_`" ("the directory of `X`" calls X nothing)
_CALLED = re.compile(r"(?:\s+(?:called|named|to|is|as))?\s*$")
_BESIDE = 40  # how far before a span its noun is looked for (a bounded search)


def apposed(sentence: str, nouns: tuple[str, ...], start: int = 0) -> list[tuple[int, int]]:
    """The code spans of ``sentence`` (from ``start``) that it calls by one of ``nouns``
    (stems): the noun right after the span ("With the `EventRenamer` processor") or right
    before it ("the constant `EXCLUDE`", "a factory called `X`"), or the identifier's own
    last word ("`structlog.BytesLoggerFactory`" is a factory). An item of a list ("a
    function named `create_app` or `make_app`") shares the noun beside the list with the
    other items: none of them alone is what it names (its own last word still names it)."""
    out = []
    code = _code_spans(sentence)
    listed = {
        sp
        for group in lists(sentence, code)
        for sp in code
        if group != sp and group[0] <= sp[0] and sp[1] <= group[1]
    }
    for s, e in code:
        if s < start:
            continue
        after = re.match(r"`*\s*([A-Za-z]+)", sentence[e:])
        lead = sentence[max(0, s - _BESIDE) : s].rstrip("`")
        before = re.search(r"(?<![A-Za-z])([A-Za-z]{1,30})" + _CALLED.pattern, lead)
        last = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", sentence[s:e].split(".")[-1])
        beside = [] if (s, e) in listed else [m.group(1) for m in (after, before) if m]
        own = [last[-1]] if len(last) > 1 else []
        if any(stem(w.lower()) in nouns for w in [*beside, *own]):
            out.append((s, e))
    return out


# items of one list: "`create_app` or `make_app`", "`a`, `b` and `c`"
_LIST_GAP = re.compile(r"`*\s*(?:,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)`*")


def lists(sentence: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with the items of one list ("`create_app` or `make_app`") joined into one
    span, from its first item's start to its last item's end."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and _LIST_GAP.fullmatch(sentence[out[-1][1] : s]):
            out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


# a sentence or list item that opens with a name and its verb: "Watchdog provides ..."
_NAMED_SUBJECT = re.compile(
    r"\s*(?:[-*+]\s+)?(?:The\s+)?([A-Z][\w.]*(?:-[\w.]+)*)\s+"
    r"(?:provides|is|adds|offers|enables|supports|implements|gives|makes|lets|allows)\b"
)


def _opening_clause_end(question: str) -> int:
    """Where the question starts after an opening clause ("If ..., which ...",
    "On a Mac, ... . Which ...", "... paused mode — which ..."): after the first comma,
    sentence end or dash right before a wh-word, else 0."""
    # "In which version ...?", "As of which release ...?": the wh-phrase opens it ("In
    # web API terms, which ...?" has an opening clause)
    if re.match(
        r"\s*(?:(?:in|as\s+of|before|at|since|starting\s+(?:with|from)|from)\s+)?(?:what|which)\b",
        question,
    ):
        return 0
    # (a dash sets off the situation too: "Starting the scheduler in paused mode — which
    # version introduced that?"; not an aside between two dashes, "The strict_bytes option
    # — which is now on by default — was enabled in which mypy version?")
    wh = re.search(
        r"(?:(?:,|[.:;!?])\s+|(?:\s[-–—]\s*|[–—]\s*)(?!(?:which|what)\b[^-–—]*(?:\s-\s|[–—])))"
        r"(?=(?:which|what)\b)",
        question,
    )
    return wh.end() if wh is not None else 0


_WHAT_IS_THE = re.compile(
    r"(?i:\s*what\s+(?:is|was|are|were)\s+the\s+)"
    r"((?:(?!(?i:of|for|in|on|to|from|with|by|at|about|the|a|an)\b)[\w.-]+\s+){3,5}[\w.-]+)"
    # (what the noun phrase is of: "... Python version for aiohttp 3.0?")
    r"(?:\s+(?i:for|of|in)\s+[\w.-]+(?:\s+v?\d+(?:\.\d+)+)?)?"
    r"\s*\?\s*$"
)
# "What value do I pass to ...?": the asker sets it ("What value did the coin have?" asks
# an amount with its unit)
_WHAT_VALUE = re.compile(
    r"\s*(?:what|which)\s+(?:default\s+)?value\s+(?:do|should|must|can)\s+(?:i|you|we)\s+"
    r"(?:pass|set|give|use|put|assign|provide)\b"
    # "... was raised from 5. To what value?": a value, bare
    r"|\s*(?:to\s+)?(?:what|which)\s+(?:new\s+)?value\s*\?\s*$"
)
# a name in a noun phrase: a capitalised word or one joined by a dash, dot or underscore
# ("Python version", "redis-py version")
_NAME_LIKE = re.compile(r"^[A-Z]|[\w][-_.][\w]|\d")
# the kinds a wh-phrase inside a question asks: those whose words prose seldom uses
# ("Feynman won the Nobel Prize in which field?", "The ship sailed under which flag?" are
# no technical questions; "... in which mypy version ...?" is one)
_ASKED_INSIDE_KINDS = frozenset("version env exit media header file path".split())
# a question that does not open with its wh-word or an auxiliary ("Celery configuration
# is taken from which key ...?", "Starting in which mypy version must ...?") asks with
# the wh-phrase a preposition introduces inside it
_ASKED_INSIDE = re.compile(
    r"\b(?:from|to|in|on|at|before|after|since|by|with|for|into|under|as\s+of|than)\s+"
    r"(?=(?:which|what)\s)"
)
_OPENS_ASKING = re.compile(
    r"\s*(?:what|which|who|whom|whose|where|when|why|how|is|are|was|were|do|does|did|can|"
    r"could|should|would|will|may|might|must|has|have|had|in|at|as|before|since|from|with)\b"
)


def asked_from(q: str) -> str:
    """The lower-cased question from where it asks: after an opening clause
    (`_opening_clause_end`), or from the last wh-phrase a preposition introduces inside a
    question that opens with neither a wh-word nor an auxiliary (`_ASKED_INSIDE`; "The
    directory to which files are uploaded is set by which option?")."""
    q = q[_opening_clause_end(q) :]
    if _OPENS_ASKING.match(q):
        return q
    inside = list(_ASKED_INSIDE.finditer(q))
    return q[inside[-1].end() :] if inside else q


_CODE = re.compile(r"`+([^`\n]+?)`+")
_ENV = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")
_BARE_ENV = re.compile(r"(?<![\w$%.-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])")
_VERSION = re.compile(
    r"(?<![\w.#])v?\d+(?:\.\d+){1,3}(?:[a-z]+\d*)?(?![\w.]*\d)|(?<=version )\d+\b"
    # a major version after a name, said to be a least one ("PostgreSQL 12 or newer",
    # "Python 3+")
    r"|(?<=[A-Za-z] )\d{1,3}(?=\+|\s+or\s+(?:newer|later|above|higher|greater)\b)"
)
_SERIES = re.compile(r"(?<![\w.#])v?\d+\.x\b")
_IP = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.]*\d)")
# a process's exit code: a whole number of one to three digits, alone or in a code span
# ("Exit code 5: No tests were collected", "exits with `2`"), not part of a version or a date
# (no version, exit code, status or literal is a tracker's number: "(#404, #500)")
_EXIT = re.compile(r"(?<![\w.,/:#-])`?(\d{1,3})`?(?![\w,/-]|[.:]\d|\s*%)")
# a status code with its reason phrase ("404 Not Found", "200 OK")
_STATUS = re.compile(
    r"(?<![\w.#])[1-5]\d\d(?:\s+(?:OK\b|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*))?(?!\w|\.\w)"
)
_URL = re.compile(r"https?://[^\s`'\"<>)\]]+|(?<![\w.:/])/[\w.{}-]+(?:/[\w.{}-]+)*/?")
_ERROR = re.compile(r"(?<![\w.])(?:[\w]+\.)*[A-Z]\w*(?:Error|Exception|Warning)\b")
# a sentence about raising: its CamelCase code spans are exceptions by what it says of them
_RAISED = re.compile(r"\b(?:rais(?:e|es|ed|ing)|throw(?:s|n)?|thrown)\b", re.IGNORECASE)
# a class's name, maybe qualified ("tornado.web.Finish"), and an exception word beside it
_CLASS_NAME = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Z][A-Z0-9_]*[a-z]\w*")
# "the (special) exception `X`", "the `X` exception": not "Any exception `X` raises" nor
# "the `X` error handling section"
_CALLED_ERROR_BEFORE = re.compile(
    r"\b(?:the|an?|this|that)\s+(?:[a-z]+\s+)?(?:exception|error)\s+`*$", re.IGNORECASE
)
_CALLED_ERROR_AFTER = re.compile(
    r"`*\s+(?:exception|error)\b(?!\s+(?:handl|log|messag|callback|page|code|level|class|"
    r"type|hook|report|section|output|status|string|text|rate|case))",
    re.IGNORECASE,
)
# a code span that raises or is doing something: the doer, not the thing raised
_DOES = re.compile(r"`*\s+(?:raises|throws|is|was|logs|catches|handles)\b", re.IGNORECASE)
_CAMEL = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")
# values, not names: `False` is what a setting is set to, never the setting
_CONSTANTS = frozenset({"True", "False", "None", "true", "false", "null"})
# a dotted name after a dot, as Sphinx writes a relative reference (no dot file: `.env`)
_RELATIVE = re.compile(r"\.[A-Z]\w*\.[A-Za-z_][\w.]*(?:\(\))?$")  # a class's path
_COMMAND_LINE = re.compile(r"(?:^|\n)\s*\$\s+([^\n]+)")
# a one-word code span the sentence calls a command by the noun after it ("the
# `create_huey_tables` management command"), not a command line's option or prompt
_CALLED_COMMAND_AFTER = re.compile(
    r"`+\s+(?:(?!(?:in|into|of|for|on|to|with|by|from|at|as|and|or|the|a|an)\s)[a-z]+\s+)?"
    r"(?:sub)?commands?\b"
    r"(?![\s-]+(?:line|prompt|output|option|flag|argument|parameter|switch))",
    re.IGNORECASE,
)
_ONE_WORD = re.compile(r"[\w.:-]+")
_INSTALLS = re.compile(
    r"\b(?:pip|uv\s+pip|uv|poetry|pipx|conda)\s+(?:install|add)\s+(?:-[\w-]+\s+)*['\"]?([A-Za-z][\w.\[\],-]*)"
)
_PACKAGE = re.compile(r"^[A-Za-z][\w.-]*(?:\[[\w,-]+\])?$")
# a member's name written after its class's "#" (the Javadoc and Ruby way:
# "`ConfigOpts#reload_config_files`"): code-shaped (joined, camel-cased or called), so no
# page's anchor ("api.md#Handler", "Configuration#Logging") nor a CSS selector
# ("div#sidebar")
MEMBER = r"(?:[A-Za-z]\w*_\w+|[a-z]+[A-Z]\w*|[A-Za-z_]\w*(?=\(\)))"
# docs_url, @pytest.mark.anyio, and a member after its class's "#"
_IDENTIFIER = re.compile(
    r"^@?(?:[A-Za-z_][\w.]*|(?:[A-Za-z_]\w*\.)*[A-Z]\w*#" + MEMBER + r")(?:\(\))?$"
)
# a name called with its arguments ("use `request.GET.getone('pref')`"): the call is the name
# (no nested call, no keyword argument: "`f(x=g(y))`" is an example, not a name)
_CALL_WITH_ARGUMENTS = re.compile(r"[A-Za-z_][\w.]*\([^()=]+\)")
_HEADER = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$")  # X-Process-Time
_FILE = re.compile(r"^[\w./-]*\.[A-Za-z0-9]+$")  # uv.lock, .env, 404.html, app/main.py
_DIRECTORY = re.compile(r"^[\w.~-]*/[\w./~-]*$")  # .venv/var/app-instance, build/
_FILE_OF_PATH = re.compile(
    r"^(?:[\w./~-]*/)?(?:\.[A-Za-z][\w.-]*|[\w.-]*\.(?:py|pyi|pyc|json|toml|cfg|ini|yaml|yml|"
    r"txt|md|rst|html?|css|js|ts|lock|log|env|sh|bat|xml|csv|db|sqlite3?|mako|conf|pem|crt|"
    r"whl|zip|gz|tar))$"
)
_OPTION = re.compile(r"^--?[A-Za-z][\w-]*$")  # --workers
_ARTICLE_BEFORE = re.compile(r"\b(?:the|an?)\s+`*$", re.IGNORECASE)
_OPTION_WITH_ARGUMENT = re.compile(r"--?[A-Za-z][\w-]*(?=\s+\S)")  # `--call {module}:{factory}`
_MEDIA = re.compile(r"(?<![\w/.-])(?:application|text|image|audio|video|multipart|font)/[\w.+-]+\w")
# a number inside an identifier ("5" of gpt-5-mini, "3" of py3/lib) is no literal
# a number keeps its unit of time or size ("30 minutes", "1 hour", "500 kB"): the unit is
# part of the value a default states
_UNIT = (
    r"(?:milli|micro|nano)?seconds?|minutes?|hours?|days?|weeks?|ms|(?i:[kmgt]i?b)|"
    r"bytes?|(?:kilo|mega|giga)bytes?|percent|%"
)
# (not a tracker's number, "#754")
_LITERAL = re.compile(
    rf"(?<![\w./#-])(?:True|False|None|\d+(?:\.\d+)?(?:\s?(?:{_UNIT})(?!\w))?)(?![\w/-]|\.\w)"
)
# a bare identifier with digits, slashes or dashes: a model name, a path, a version
# ("openai/gpt-5-mini", "gpt-4o", "v2-beta"), one span however it is joined
_JOINED = re.compile(
    r"(?<![\w./@:-])(?=[\w./-]*[A-Za-z])(?=[\w.-]*(?:\d|/[\w.-]*[A-Za-z]))"
    r"[A-Za-z0-9][\w.-]*(?:/[\w.-]+)*(?<![.-])(?![\w/@-])"
)
# what cues a value: a default said, or what a name is set to
_DEFAULT_CUE = re.compile(
    r"\b(?:defaults?\s+(?:to|is|of)|default\s+(?:value\s+)?(?:is|of)|set\s+to|by\s+default(?:\s+is)?"
    # "you need to set `TWISTED_DNS_RESOLVER` to `...`": what a name is set to
    r"|set\s+(?:the\s+)?`[^`]+`(?:\s+(?:setting|option|(?:environment\s+)?variable|parameter))?"
    r"\s+to"
    r"|default(?:\s+value)?\s*[:=]|\(\s*default|default\s+(?:[\w-]+\s+){1,2}"
    # "The default visibility timeout for Redis is 1 hour": the noun may be of a name
    r"(?:(?:for|of|in|on)\s+(?-i:[A-Z][\w.-]*)\s+)?(?:is|are|was))\s*$",
    re.IGNORECASE,
)
# a default said after its value: "`500` by default", "`True` (the default)", "is the default"
_DEFAULT_AFTER = re.compile(
    r"^`*\s*(?:\w+\s+)?(?:by\s+default|\(?(?:the\s+)?default\b\)?|is\s+the\s+default)",
    re.IGNORECASE,
)
# a sentence that says what is the default, wherever its value stands: "By default,
# `app.frontend()` uses `fallback="auto"`", "Header will by default convert ...", "Out
# of the box, ..."
_SAYS_DEFAULT = re.compile(
    rf"\bby\s+default\b|{OUT_OF_THE_BOX.pattern}|\bdefaults?\s+(?:to|is)\b|\bdefault\s*[:=]"
    r"|\bdefault\s+(?:[\w-]+\s+){0,2}(?:is|are|was|of)\b|\(\s*(?:the\s+)?default\b",
    re.I,
)
# "Changed default post limit (run size) from 4 MB to 32 MB.": a change of a default,
# which says the new side of its "from A to B" only (`_change_pairs`)
_CHANGED_DEFAULT = re.compile(
    r"\b(?:changed|raised|increased|lowered|reduced|decreased)\s+(?:the\s+)?default\b",
    re.I,
)
_OPENING_DEFAULT = re.compile(r"\s*by\s+default\b,?", re.IGNORECASE)
# a question asking what holds by default ("the default port", "by default"; questions
# reach it restated, "out of the box" said "by default"); the verifier's added-value rule
# and the value kind's cue share it
ASKS_DEFAULT = re.compile(r"\bdefaults?\b", re.IGNORECASE)


def _code_spans(sentence: str) -> list[tuple[int, int]]:
    return [m.span(1) for m in _CODE.finditer(sentence)]


def candidates(kind: str, sentence: str, start: int = 0) -> list[tuple[int, int]]:
    """Spans of ``sentence`` (from ``start`` on) that could answer a question of ``kind``."""
    spans = _candidates(kind, sentence, start)
    return [(s, e) for s, e in spans if s >= start and sentence[s:e].strip()]


# words beside "module" / "package" that say something of it, not its name ("a module
# name to be type checked", "the package manager", "import that module within a Python
# program")
_NOT_PACKAGES = frozenset(
    "name names path paths level system manager index version versions file files author "
    "authors docs documentation data metadata source sources search installer installation "
    "maintainer maintainers management within without into onto upon across through "
    "throughout via per against during inside outside beyond toward towards under over above "
    "below between among".split()
)


# the nouns a lower-case word after an article says the kind of ("a client library")
_KIND_SAYING_NOUN = re.compile(r"\s+(?:library|package)\b")
# a package's name as prose writes it without backticks: lower case, joined by a dash, dot
# or underscore or holding a digit ("pytest-xdist", "backports.zstd", "py7zr"); not a
# compound adjective ("third-party", "drop-in", "built-in") nor one after an article ("a
# pure-python package")
_NAMED_PACKAGE = re.compile(r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+|[a-z]+\d[a-z0-9]*")
_DETERMINER = re.compile(r"\b(?:a|an|any|another|some|each|every|one)\s+$", re.IGNORECASE)
_COMPOUND_ENDS = (
    "-party", "-in", "-on", "-level", "-source", "-python", "-known", "-safe", "-platform",
    "-based", "-compatible", "-only", "-time", "-side", "-free", "-style",
)  # fmt: skip


def _within(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(s <= span[0] and span[1] <= e for s, e in spans)


def _versioned_name(sentence: str, m: re.Match[str]) -> bool:
    """Whether a match of `_VERSION` is a version: a dotted one, one after "version", or a
    bare major number after a name written with a capital ("PostgreSQL 12 or newer",
    "Python 3+"), not a count or a size ("requires 4+ GB", "a level of 6 or greater")."""
    if "." in m.group(0) or not m.group(0).isdigit():
        return True
    if sentence[m.start() - 8 : m.start()].lower() == "version ":
        return True
    before = re.search(r"(\S+)\s$", sentence[max(0, m.start() - 80) : m.start()])
    return before is not None and before.group(1)[:1].isupper()


def _candidates(kind: str, sentence: str, start: int = 0) -> list[tuple[int, int]]:
    code = _code_spans(sentence)
    if kind == "env":
        found = [(s, e) for s, e in code if _ENV.match(sentence[s:e]) and e - s > 2]
        return found or [m.span() for m in _BARE_ENV.finditer(sentence)]
    if kind == "version":
        found = [
            m.span()
            for m in _VERSION.finditer(sentence)
            if not _IP.fullmatch(m.group(0)) and _versioned_name(sentence, m)
        ]
        # a major release's series ("upgrade to SQLAlchemy 2.x") when the sentence names
        # no release itself ("Python 3.8 or newer is required; Python 2.x is not
        # supported" names one; a series beside it is another's)
        return found or [m.span() for m in _SERIES.finditer(sentence)]
    if kind == "ip":
        return [m.span() for m in _IP.finditer(sentence)]
    if kind == "status":
        return [m.span() for m in _STATUS.finditer(sentence)]
    if kind == "exit":
        return [m.span(1) for m in _EXIT.finditer(sentence)]
    if kind == "url":
        return [m.span() for m in _URL.finditer(sentence)]
    if kind == "path":
        # a URL's path, or a code span shaped as a file's (`.dmypy.json`, `out/foo.pyi`)
        urls = [m.span() for m in _URL.finditer(sentence)]
        files = [(s, e) for s, e in code if path_shaped(sentence[s:e])]
        return sorted(
            set(urls) | {sp for sp in files if not any(u[0] <= sp[0] < u[1] for u in urls)}
        )
    if kind == "error":
        found = [m.span() for m in _ERROR.finditer(sentence)]
        if _RAISED.search(sentence):  # "a 405 (`MethodNotAllowed`) will be raised"
            found += [(s, e) for s, e in code if _CAMEL.fullmatch(sentence[s:e])]
            # "The special exception `tornado.web.Finish` may be raised": a class the
            # sentence calls an exception, whatever its name
            found += [
                (s, e)
                for s, e in code
                if _CLASS_NAME.fullmatch(sentence[s:e])
                and not _DOES.match(sentence, e)
                and (
                    _CALLED_ERROR_BEFORE.search(sentence, max(0, s - 60), s)
                    or _CALLED_ERROR_AFTER.match(sentence, e)
                )
            ]
        # "produces a 404 "Not Found" error": a status code the sentence calls an error
        found += [
            m.span()
            for m in _STATUS.finditer(sentence)
            if re.match(r"[\s\"'“”A-Za-z]{0,30}?\berror\b", sentence[m.end() :])
        ]
        return sorted(set(found))
    if kind == "command":
        lines = [m.span(1) for m in _COMMAND_LINE.finditer(sentence)]
        called = [
            (s, e)
            for s, e in code
            if _ONE_WORD.fullmatch(sentence[s:e]) and _CALLED_COMMAND_AFTER.match(sentence, e)
        ]
        spaced = [(s, e) for s, e in code if " " in sentence[s:e].strip()]
        return lines + spaced + [sp for sp in called if sp not in lines]
    if kind == "package":
        # "(`pip install flask[async]`)": what a command installs is the package
        installed = [
            m.span(1) for s, e in code for m in [_INSTALLS.search(sentence, s, e)] if m is not None
        ]
        if installed:
            return installed
        found = [(s, e) for s, e in code if _PACKAGE.match(sentence[s:e])]
        beside_matches = list(
            re.finditer(
                r"\b(?:package|library|module)\s+([a-z][\w.-]*)"
                r"|\b([A-Za-z][\w.-]*)\s+(?:package|library|extension|plugin|framework)\b",
                sentence,
            )
        )
        spans = [m.span(1) if m.group(1) else m.span(2) for m in beside_matches]
        spans = [
            (s, e)
            for s, e in spans
            if sentence[s:e].lower() not in STOPWORDS and sentence[s:e].lower() not in _NOT_PACKAGES
        ]
        if found:
            # a code span, and a name the sentence calls a package or plugin by the noun
            # after it without one ("`pytest` supports ... through the pytest-xdist plugin")
            called = [
                m.span(2)
                for m in beside_matches
                if m.group(2)
                and _NAMED_PACKAGE.fullmatch(m.group(2))
                and not _DETERMINER.search(sentence, 0, m.start(2))
                and not m.group(2).lower().endswith(_COMPOUND_ENDS)
            ]
            return sorted(
                set(found) | {sp for sp in called if sp in spans and not _within(sp, code)}
            )
        # "use WebOb as a client library": a lower-case word after an article says what
        # kind of library or package, no name ("a Redis library", "a pytest plugin" name
        # one); when it was all the sentence had, it has no name of one
        kinds = [
            m.span(2)
            for m in beside_matches
            if m.group(2)
            and m.group(2).islower()
            and _KIND_SAYING_NOUN.match(sentence, m.end(2))
            and _DETERMINER.search(sentence, 0, m.start(2))
        ]
        if kinds and not [sp for sp in spans if sp not in kinds]:
            return []
        spans = [sp for sp in spans if sp not in kinds]
        if spans:
            return spans
        # "- Watchdog provides a faster, more efficient reloader": a list item (or a
        # sentence) whose subject is a name, the link text of a project
        # (the sentence's own subject, when it is read after its context: "... consider
        # Quart. Quart is a reimplementation of Flask ...")
        subject = _NAMED_SUBJECT.match(sentence, start)
        return [subject.span(1)] if subject is not None else []
    if kind == "name":
        # (Sphinx's relative reference, "`.EnvironmentContext.configure.compare_type`",
        # names what follows its dot)
        code = [(s + 1, e) if _RELATIVE.match(sentence, s, e) else (s, e) for s, e in code]
        return [
            (s, e)
            for s, e in code
            if _IDENTIFIER.match(sentence[s:e].split("=")[0]) and sentence[s:e] not in _CONSTANTS
        ]
    if kind == "header":
        return [(s, e) for s, e in code if _HEADER.match(sentence[s:e].split(":")[0])]
    if kind == "file":
        return [(s, e) for s, e in code if _FILE.match(sentence[s:e])]
    if kind == "option":
        # "use `--call {module}:{factory}` instead": an option written with its argument
        # is the option
        argued = [
            m.span()
            for s, e in code
            for m in [_OPTION_WITH_ARGUMENT.match(sentence, s, e)]
            if m is not None
        ]
        return argued + [
            (s, e)
            for s, e in code
            if _OPTION.match(sentence[s:e].split("=")[0])
            or (_IDENTIFIER.match(sentence[s:e].split("=")[0]) and sentence[s:e] not in _CONSTANTS)
        ]
    if kind == "media":
        return [m.span() for m in _MEDIA.finditer(sentence)]
    if kind == "value":
        # an option the sentence names with an article is the option, no value given to
        # anything ("document inside the `--help` how to disable colorized output via the
        # `PY_COLORS` ... variable" sets PY_COLORS to nothing)
        code = [
            (s, e)
            for s, e in code
            if not (
                _OPTION.match(sentence[s:e]) and _ARTICLE_BEFORE.search(sentence, max(0, s - 8), s)
            )
        ]
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


# kinds answered by a code span: an answer of them is the span's text without its backticks
_CODE_KINDS = frozenset("command package name value header file option".split())
_ASSIGNED = frozenset(("name", "option"))  # `docs_url=None`, `--workers=4`: the name


def is_kind(kind: str, value: str) -> bool:
    """Whether ``value`` (an answer) is itself a span of ``kind``."""
    return (
        any(s == 0 and e == len(value) for s, e in _candidates(kind, value))
        or (kind in _CODE_KINDS and bool(value.strip()))
        or (kind == "error" and _CAMEL.fullmatch(value.strip("`")) is not None)
        or (kind == "error" and _STATUS.fullmatch(value.strip()) is not None)
        or (kind == "path" and is_list_of_kind("path", value))
    )


def is_list_of_kind(kind: str, value: str) -> bool:
    """Whether ``value`` is a list whose every item is a span of ``kind`` (`asks_many`:
    "Which paths ...?" answered "`src`, `lib`"; "Which HTTP response codes ...?" answered
    "500, 502, 503")."""
    items = [i.strip("` ") for i in _LIST_GAP.split(value)]
    if kind == "path":
        return all(path_shaped(i) for i in items if i) and any(items)
    items = [i for i in items if i]
    return len(items) > 1 and all(is_kind(kind, i) for i in items)


def path_shaped(value: str) -> bool:
    """Whether ``value`` is a URL, a URL's path or a file's (`_candidates`' "path"): a
    file of a known extension or a dot file (`.dmypy.json`), or a directory's path
    ("out/foo.pyi", ".venv/var/app-instance", "build/"; "and/or", "TCP/IP" and "os.path"
    are none)."""
    if _URL.fullmatch(value) or _FILE_OF_PATH.match(value):
        return True
    return (
        bool(_DIRECTORY.match(value))
        and bool(re.search(r"[a-z]", value))
        and value.lower() not in _NOT_PATHS
    )


# word pairs written with a slash ("and/or"): no directory's path
_NOT_PATHS = frozenset(
    "and/or either/or true/false yes/no on/off read/write input/output client/server".split()
)


_LAST_PART = re.compile(r"[\w-]+(?=\W*$)")
_FILE_KINDS = frozenset({"file", "path"})
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,4}`?$")  # "404.html", not "app.config.from_pyfile"


def qualified_echo(question: str, value: str, kind: str | None = None) -> bool:
    """Whether a code value is a name of the question written qualified: its last dotted
    part is an identifier the question writes ("the autogenerate_plugins parameter" over
    "`.EnvironmentContext.configure.autogenerate_plugins`"); for a file's ``kind``, an
    extension is no name (`404.html` in "In HTML mode, which file ...?")."""
    if not re.search(r"\w[.:]+\w", value):
        return False
    if kind in _FILE_KINDS and _EXTENSION.search(value):
        return False
    last = _LAST_PART.search(value)
    if last is None:
        return False
    name = last.group(0).lower()
    return ("_" in name or len(name) > 3) and re.search(
        rf"(?<![\w.]){re.escape(name)}(?![\w])", question, re.IGNORECASE
    ) is not None


def _name_of(kind: str, sentence: str, span: tuple[int, int]) -> str:
    text = sentence[span[0] : span[1]].strip()
    return (text.split("=")[0] if kind in _ASSIGNED else text).strip("`")


_CALLABLE_NOUNS = frozenset(stem(w) for w in ("method", "function", "callable", "helper"))


# "`on_error` is the function called ...", "`cleanup` is a callback": a span said to be one
_SAID_CALLABLE = re.compile(
    r"`?\s+(?:is|as)\s+(?:the|a|an)\s+(?:\w+\s+)?(?:function|method|callback|callable|handler)\b"
)
# one argument of a call: a quoted string (commas and all) or what runs to the next comma
_ARGUMENT = re.compile(r"""\s*('[^']*'|"[^"]*"|[^,]+)""")


def _argument_of(name: str, call: str) -> bool:
    """Whether ``name`` (quotes aside) is one of the arguments written in ``call``'s
    parentheses."""
    if "(" not in call or not call.endswith(")"):
        return False
    inside = call[call.index("(") + 1 : -1]
    arguments = {m.group(1).strip().strip("'\"") for m in _ARGUMENT.finditer(inside)}
    return name.strip("`'\" ") in arguments


def extract(
    kind: str,
    sentence: str,
    question_terms: set[str],
    question: str,
    start: int = 0,
    predicate: str | None = None,
    relation: set[str] | None = None,
) -> str | None:
    """The candidate of ``kind`` in ``sentence`` (from ``start``) that answers: not the
    question's own words; after a "defaults to" cue when the kind is a value; else the
    one nearest the question's ``predicate`` (its last relation word, the verb asked:
    "removed" in "added in 0.119.0 and removed in 0.128.0"), then the one nearest the
    question's words."""
    asked = question.lower()
    spans = []
    for s, e in candidates(kind, sentence, start):
        text = sentence[s:e].strip()
        name = text.split("=")[0] if kind in _ASSIGNED else text
        if name.lower() in asked:
            continue  # the question's own identifier answers nothing
        if inline_ids(text):
            continue  # "[https://…]" would read as an inline citation
        glossed = _GLOSSED.search(sentence, 0, s)
        if glossed is not None and re.match(r"`*\)", sentence[e:]):
            # "from underscore (`_`) to hyphen (`-`)": a code span in parentheses names
            # the word before it; the question's own word is no answer, and a span of
            # bare symbols is answered with the word it glosses
            if _stem_in(glossed.group(1), question_terms) and not (
                kind == "name" and _CLASS_NAME.fullmatch(text.strip("`"))
            ):
                # (a class's name after the phrase the question describes it by is the
                # name asked: "a container for other WSGI frameworks (`WSGIContainer`)")
                continue
            if not re.search(r"\w", text):
                s = glossed.start(1)
                e = e + len(re.match(r"`*\)", sentence[e:]).group(0))  # type: ignore[union-attr]
        spans.append((s, e))
    if len(spans) > 1:
        # with rivals, the question's own name written qualified is none of them
        # ("`aiohttp.ClientSession`" beside `trust_env=True` for "Which ClientSession
        # constructor argument ...?"); alone, the hard rules judge it by the asked part
        # (`tomllib.load` for "I need to load settings from a TOML file. Which function ...?")
        own = [sp for sp in spans if qualified_echo(question, _name_of(kind, sentence, sp), kind)]
        spans = [sp for sp in spans if sp not in own] or spans
    if kind == "name" and _CALLABLE_NOUNS & set(asked_nouns(question)):
        # "use `request.GET.getone('pref')`, which will raise ... for `pref`" for "Which
        # method raises ...?": a name called with its arguments is a method, and an
        # argument of it is none, unless the sentence calls it one ("`app.add_handler(
        # on_error)`, where `on_error` is the function called ...")
        calls = [
            (a, b)
            for a, b in _code_spans(sentence)
            if a >= start
            and _CALL_WITH_ARGUMENTS.fullmatch(sentence, a, b)
            and sentence[a:b].split("(")[0].lower() not in asked
        ]
        called = set(apposed(sentence, tuple(_CALLABLE_NOUNS), start)) | {
            sp for sp in spans if _SAID_CALLABLE.match(sentence, sp[1])
        }
        kept = [
            sp
            for sp in spans
            if sp in called
            or not any(_argument_of(sentence[sp[0] : sp[1]], sentence[a:b]) for a, b in calls)
        ]
        spans = sorted(set(kept) | set(calls)) if calls else spans
    if not spans:
        return None
    # the one span the sentence calls by a noun of the wh-phrase ("the `statics`
    # directory"), when one only is (a list of names is answered whole: `asks_many`)
    called = set(apposed(sentence, asked_nouns(question), start)) & set(spans)
    if len(called) != 1 or asks_many(question):
        called = set()
    if kind == "value":
        # "By default `StaticFiles` will look for a `statics` directory" for "which
        # directory ... by default?": a "by default" opening the sentence is no cue of the
        # span after it when the asked noun calls another; a cue of its own ("defaults to
        # `8000`", "`8000` by default") still wins over a called span
        opening = _OPENING_DEFAULT.match(sentence) if called else None
        after = opening.end() if opening else 0
        cued = [
            sp
            for sp in spans
            if _DEFAULT_CUE.search(sentence[after : sp[0]].rstrip("` "))
            or _DEFAULT_AFTER.match(sentence[sp[1] :])
        ]
        if called and not cued:
            spans = [sp for sp in spans if sp in called]
        if cued:
            spans = cued
        elif (
            ASKS_DEFAULT.search(question)
            and not _SAYS_DEFAULT.search(sentence, start)
            and _CHANGED_DEFAULT.search(sentence, start)
        ):
            # the new side of the changed default's "from A to B", or nothing
            # (the old side may be the question's own number: "raised from 5. To what value?")
            every = list(candidates(kind, sentence, start))
            spans = [b for _, b in _change_pairs(sentence, every) if b in spans]
            if not spans:
                return None
        elif ASKS_DEFAULT.search(question) and not _SAYS_DEFAULT.search(sentence, start):
            # "Combined with the default max_form_memory_size, ... at most 500MB": the
            # sentence's "default" qualifies something else, and a sentence read with
            # the one before it ("... default model is X. The timeout is 30 seconds.")
            # says no default of its own: no value is said to be the default
            return None
    spans = _changed_to(sentence, spans, question)
    labelled = [sp for sp in spans if _labelled(sentence, sp, question_terms)] or [
        sp for sp in spans if sp in called
    ]
    if labelled:
        spans = labelled  # "use the `template_filter()` decorator": the decorator asked
    matched = [m for m in re.finditer(r"[\w]+", sentence) if _stem_in(m.group(0), question_terms)]
    # a question word said beside every candidate ("in FastAPI 0.119.0 and removed in
    # FastAPI 0.128.0") tells none apart: the words said once place the answer
    counts: dict[str, int] = {}
    for m in matched:
        key = stem(m.group(0).lower())
        counts[key] = counts.get(key, 0) + 1
    once = [m.start() for m in matched if counts[stem(m.group(0).lower())] == 1]
    positions = once or [m.start() for m in matched]

    verb = [m.start() for m in matched if predicate and stem(m.group(0).lower()) == predicate]

    def gap(span: tuple[int, int], spots: list[int]) -> int:
        return min((min(abs(span[0] - p), abs(span[1] - p)) for p in spots), default=0)

    def after_verb(span: tuple[int, int]) -> int:
        """How far after the asked verb (its complement follows it: "removed in FastAPI
        0.128.0"); one before every mention of it comes last."""
        ahead = [span[0] - p for p in verb if span[0] >= p]
        return min(ahead) if ahead else (10_000 if verb else 0)

    asked_verbs = {canon(r) for r in relation or ()}

    def governed(span: tuple[int, int]) -> int:
        """0 when a relation word of the question (or its synonym) governs the span:
        it stands among the three words before it in its clause ("removed in FastAPI
        0.128.0" for "Which version dropped ...?"; "added in FastAPI 0.119.0" is not)."""
        clause = re.split(r"[,;:()]|\band\b|\bor\b|\bbut\b", sentence[: span[0]])[-1]
        near = re.findall(r"[A-Za-z]+", clause)[-3:]
        return 0 if any(canon(stem(w.lower())) in asked_verbs for w in near) else 1

    # the question's last word places the answer when it stands between the candidates
    # ("returns `200` ..., or `404` when the item is missing" for "... when the item is
    # missing?"); when it stands before them all ("support for `pydantic.v1` models was
    # added in ... and removed in ..."), the verb that governs one of them does
    separates = (
        bool(verb) and any(s0 < verb[0] for s0, _ in spans) and any(s0 > verb[0] for s0, _ in spans)
    )

    def distance(span: tuple[int, int]) -> tuple[int, int, int, int]:
        if separates:
            return (after_verb(span), governed(span), gap(span, positions), span[0])
        return (governed(span), after_verb(span), gap(span, positions), span[0])

    best = min(spans, key=distance)
    if asks_many(question):
        # "what factory function names ...?": the list that holds the best item
        best = next(sp for sp in lists(sentence, spans) if sp[0] <= best[0] and best[1] <= sp[1])
        if best not in spans:
            return sentence[best[0] : best[1]].replace("`", "").strip()
    value = sentence[best[0] : best[1]].strip()
    assigned = ASSIGNMENT.fullmatch(value)
    if kind == "value" and assigned is not None and _stem_in(assigned.group(1), question_terms):
        # `Depends(scope="request")` for "Which scope ... by default?": the value given
        return assigned.group(2)
    if kind in _ASSIGNED and "=" in value:
        value = value.split("=")[0]
    return value


_ALL_KIND_WORDS = frozenset().union(*KIND_WORDS.values()) - {"value", "error", "response"}


def _labelled(sentence: str, span: tuple[int, int], question_terms: set[str]) -> bool:
    """Whether the sentence names ``span`` by a kind word of the question right beside it:
    "the `template_filter()` decorator", "the option `--reload`"."""
    after = re.match(r"`*\)?\s+([A-Za-z]+)", sentence[span[1] :])
    before = re.search(r"\b([A-Za-z]+)\s+\(?`*$", sentence[: span[0]])
    return any(
        m is not None
        and m.group(1).lower() in _ALL_KIND_WORDS
        and _stem_in(m.group(1), question_terms)
        for m in (after, before)
    )


# `name=value`, or a call's one keyword argument `f(name=value)`
ASSIGNMENT = re.compile(r"(?:[\w.]+\()?([A-Za-z_]\w*)\s*=\s*([^=()]+?)\)?")
# a word, then the opening parenthesis (and backticks) of a code span right after it
_GLOSSED = re.compile(r"\b([A-Za-z][\w-]*)\s+\(`*$")

# a change said as "from A to B" ("libuv has been updated from 1.24 to 1.34", "raised the
# limit from `100` to `1000`"): B is what holds now, A what held before. A change verb
# says it (a range, "ports from 8000 to 8080 are tried", changes nothing)
_FROM_BEFORE = re.compile(
    r"\b(?:updated|upgraded|downgraded|changed|raised|increased|decreased|lowered|reduced|"
    r"bumped|moved|switched|went|grew|grown|shrunk|shrank)\b"
    r"(?:\s+[\w`'.()-]+){0,6}?\s+\(?from\s+(?:version\s+|v)?$",
    re.IGNORECASE,
)
_TO_BETWEEN = re.compile(r"\s+to\s+(?:version\s+|v)?", re.IGNORECASE)
_ASKS_OLD = re.compile(
    r"\b(?:from\s+(?:which|what)|previous(?:ly)?|old|older|former(?:ly)?|originally|"
    r"used?\s+to|prior|before|until|earlier|out\s+of)\b|\bfrom\s*\?",
    re.IGNORECASE,
)
# "before" and "until" of a question that measures ("How long does the server wait before
# closing an idle connection?", "How many times does it retry before giving up?") say
# when the measure ends, not what held earlier
_SPAN_WORDS = frozenset({"before", "until"})
_HOW_MEASURED = re.compile(r"\W*how\s+(?:long|soon|often|many|much)\b", re.IGNORECASE)


def _changed_to(
    sentence: str, spans: list[tuple[int, int]], question: str
) -> list[tuple[int, int]]:
    """``spans`` without the old side of each "from A to B" pair of them (the new side
    when the question asks what held before: "From which version ...?", "What was the
    previous default?")."""
    old = any(
        m.group(0).lower() not in _SPAN_WORDS or not _HOW_MEASURED.match(question)
        for m in _ASKS_OLD.finditer(question)
    )
    dropped = {b if old else a for a, b in _change_pairs(sentence, spans)}
    return [sp for sp in spans if sp not in dropped] or spans


def _change_pairs(
    sentence: str, spans: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The (old, new) pairs of ``spans`` a change verb says "from A to B" of."""
    pairs = []
    for a in spans:
        if not _FROM_BEFORE.search(sentence[: a[0]].rstrip("`")):
            continue
        for b in spans:
            if b[0] > a[1] and _TO_BETWEEN.fullmatch(sentence[a[1] : b[0]].replace("`", "")):
                pairs.append((a, b))
    return pairs


def _stem_in(word: str, question_terms: set[str]) -> bool:
    return stem(word.lower()) in question_terms
