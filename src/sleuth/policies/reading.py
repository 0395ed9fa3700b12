"""The offline policy's reader: which sentence of a page answers a question's frame.

Pure functions, no model. The method, in order:

1. **Frame the question** (`sleuth.policies.frames.frame_question`): its expected answer
   type, its anchors (names and ids), relation words, soft words and predicate.
2. **Accept a sentence** (`read_sentence`) only if it covers the frame: every anchor,
   counting the page title as context; every relation word (all but one when there
   are four or more), in the sentence or the title, with at least one — and the
   predicate — in the sentence itself; and, for
   typed questions, a candidate of the expected type that is not a question word.
   Questions state no facts. A page that addresses AI agents or gives instructions
   (prompt injection) is never evidence, not one sentence of it. An indexed passage's
   title is its heading path (never the next passage's address), and a sentence under
   a heading inside the passage has that heading, not the passage's last one, as its
   section (`_section_terms`). Technical questions read a sentence with its context
   (`_read_pairs`: the line's earlier sentences, a colon introducing a code block, list
   or table, a nested item's parent, the paragraph before a sentence whose subject is a
   pronoun), and a version note ("Added in FastAPI 0.134.0.") with its section's heading
   as subject; with two spans of the kind in the sentence, every relation word must be
   matched (the one left out may be what tells them apart).
3. **Extract a short answer** (`sleuth.policies.extraction.extract`): the typed candidate
   nearest to the matched question words, or the clause after them, or the one where the
   asked role stands.
4. **Score** = weighted coverage (anchors 2, relation 1, soft 0.5; a word found only
   in the title counts 1.5 for an anchor, 0.5 for a relation word) plus a small bonus
   for a typed candidate, so the sentence that states the fact most completely wins.

It abstains by construction: no accepted sentence, no answer. It never combines facts
from sentences that do not each cover the question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from sleuth.formats.fences import fence_spans
from sleuth.passages import is_passage_title, title_heading
from sleuth.text import STOPWORDS, content_terms, sentences, stem, words

from . import excluded, renamed, technical
from .extraction import extract, tidy, widened_to_agents, widened_to_list
from .frames import AnswerType, Frame, word_set
from .synonyms import canon, phrase_keys

# "current" in a question is matched by any of these in a sentence ("is now the CEO").
TEMPORAL = word_set("current currently now present presently today")


# Verbs a documentation question uses for what any span of its kind does ("Which status
# code does X send?" over "Uses a 307 status code"): they rank sentences, the kind and
# the question's other words say what is asked.
_TECH_LIGHT = frozenset(stem(w) for w in "send return use give pass accept provide".split())
# "Which method do I call to ...?": calling is what any method undergoes (not so "Which
# module do I import to call run?", where what is called is named)
_CALLS_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:\w+\s+)?(?:method|function|callable)s?\s+(?:\w+\s+){0,3}?"
    r"(?:call|invoke)\b",
    re.IGNORECASE,
)
_CALL = frozenset({stem("call"), stem("invoke")})


_INJECTION = re.compile(
    r"\bignore\b[^.]{0,40}\b(?:instructions|rules|prompts?|guidelines)"
    r"|\bdisregard\b[^.]{0,40}\b(?:instructions|rules|above|previous)"
    r"|\b(?:system|developer) prompt|\bnew instructions\b|\boverrides?\b[^.]{0,40}\binstructions"
    # a bare "model" is a data model in documentation ("Pydantic models should ..."), and
    # "Write tests with ..." is an ordinary imperative there
    r"|\b(?:AI|LLMs?|language models?|chat ?bots?|assistants?|agents?)\b[^.]{0,40}"
    r"\b(?:reading|must|should|shall|are instructed|ignore|cite|report|respond|answer|reply)\b"
    r"|^(?:please\s+)?(?:report|state|say|answer|respond|reply|cite)\b[^.]{0,60}"
    r"\b(?:that|as|with)\b"
    r"|\byou (?:are|must|should|will) (?:now )?(?:an? )?(?:AI|assistant|agent|language model)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Reading:
    """An accepted sentence: where it is, what it answers, how well."""

    url: str
    start: int
    end: int
    sentence: str
    value: str
    score: float
    #: a line of the same page the value is read from, when the sentence does not hold it
    #: (a change log's version heading over its entry): quoted before the sentence
    lead: str = ""

    @property
    def quotes(self) -> list[str]:
        """What this reading quotes as evidence: its sentence, after its lead if any."""
        return [self.lead, self.sentence] if self.lead else [self.sentence]


def is_injection(sentence: str) -> bool:
    """Whether a sentence reads as instructions to an AI rather than as a statement."""
    return _INJECTION.search(sentence.strip()) is not None


def read_page(frame: Frame, url: str, title: str, segments: list[tuple[int, str]]) -> list[Reading]:
    """Every accepted sentence of the shown parts of a page, best first; nothing from a
    page that tries to instruct its reader. A run reads its opened pages again at every
    step with the same frames: the readings of a frame, page and shown parts are kept
    (`_read_page`, a pure function of them)."""
    return list(_read_page(frame, url, title, tuple(segments)))


@lru_cache(maxsize=512)
def _read_page(
    frame: Frame, url: str, title: str, segments: tuple[tuple[int, str], ...]
) -> tuple[Reading, ...]:
    return tuple(_read_page_uncached(frame, url, title, list(segments)))


def _read_page_uncached(
    frame: Frame, url: str, title: str, segments: list[tuple[int, str]]
) -> list[Reading]:
    spans = [(offset + s, text[s:e]) for offset, text in segments for s, e in sentence_spans(text)]
    if any(is_injection(sentence) for _, sentence in spans):
        return []
    # the title without an indexed passage's "[passage 4/7; next: URL]": its words are
    # the heading path's, not the next passage's address
    heading = title_heading(title)
    title_terms = set(content_terms(heading))
    sections = url_is_passage(title)  # its text opens with the heading path
    proper = proper_words(text for _, text in segments)
    # a name the page's address holds is the page's subject, as its title's would be
    # (".../flask/signals.rst" is Flask's page on signals, whose text seldom names Flask)
    named = frozenset(frame.anchors) & url_terms(url)
    found = []
    for offset, text in segments:
        previous: tuple[int, int] | None = None
        for s, e in sentence_spans(text):
            context = _section_terms(heading, text, s) if sections else title_terms
            context = context | named if named else context
            # a code block's lines state nothing of the question's words (`except
            # FailWhaleError as exc: raise task.retry(...)` is no statement about which
            # exception a task raises): read only with the prose that introduces it
            # (`_read_pairs`)
            code = code_block_end(text, s, e)
            if code is not None:
                # prose after the block's closing fence that the sentence splitter joined
                # to it ("```\nTIMEOUT = 5\n```\nThe default timeout is 30 seconds.") is a
                # sentence of its own
                after = code + len(text[code:e]) - len(text[code:e].lstrip())
                rest = text[after:e]
                reading = (
                    read_sentence(frame, url, rest, offset + after, context, proper)
                    if rest.strip()
                    else None
                )
            else:
                entry = _entry_terms(heading, text, s, sections) if frame.renamed else None
                reading = read_sentence(
                    frame, url, text[s:e], offset + s, context, proper, entry=entry
                )
            if (
                previous is not None
                and code is None
                and "\n" not in text[previous[1] : s]
                and PRONOUN_SUBJECT.match(text, s, e)
            ):
                # "It sits on a ridge above the town of Hollow Bay.": the evidence names
                # what "it" is, with the sentence before it in its paragraph; and a
                # sentence that says nothing alone may say it with that one ("The default
                # thread pool size is only 40 tokens. This means that only 40 threads can
                # run at the same time."), its answer still its own
                ps = previous[0]
                joined = read_sentence(
                    frame, url, text[ps:e], offset + ps, context, proper, answer_from=s - ps
                )
                reading = joined or reading
            elif (
                reading is None
                and previous is not None
                and code is None
                and frame.tech is None
                and "\n" not in text[previous[1] : s]
                and DEFAULT_NOTE.match(text, s, e)
            ):
                # "Warn if cookie headers are larger than this many bytes. Defaults to
                # `4093`.": a default note has no subject of its own; it states the value
                # of what the sentence before it describes (the answer is the note's)
                ps = previous[0]
                reading = read_sentence(
                    frame, url, text[ps:e], offset + ps, context, proper, answer_from=s - ps
                )
            elif (
                reading is None
                and previous is not None
                and code is None
                and frame.renamed
                and renamed.says_use(text[s:e])
                and (
                    "\n" not in text[previous[1] : s]
                    or renamed.deprecation_note(text[previous[0] : previous[1]])
                )
            ):
                # "This property is deprecated and will be removed in a future version.
                # Please switch to the timezone-aware variant `not_valid_after_utc`.": the
                # imperative names the successor of what the sentence before deprecates
                # (or a Sphinx note's "Deprecated since version 2.3:", a paragraph of its own)
                ps = previous[0]
                entry = _entry_terms(heading, text, ps, sections)
                reading = read_sentence(
                    frame,
                    url,
                    text[ps:e],
                    offset + ps,
                    context,
                    proper,
                    answer_from=s - ps,
                    entry=entry,
                )
            if (
                reading is None
                and previous is not None
                and code is None
                and frame.tech is not None
                and "\n" not in text[previous[1] : s]
            ):
                # a documentation sentence that states the question only with the one
                # before it in its paragraph, which says the rest of its words: "Contrary
                # to the `requests` library, it won't read environment variables by
                # default. But you can do so by passing `trust_env=True` into
                # `aiohttp.ClientSession` constructor." (the answer still its own; prose is
                # read alone, or with a pronoun's sentence)
                ps = previous[0]
                reading = read_sentence(
                    frame, url, text[ps:e], offset + ps, context, proper, answer_from=s - ps
                )
            if reading is not None and frame.excluded:
                asked = frozenset(frame.anchors) | frozenset(frame.relation)
                many = excluded.asks_plural(frame.text)
                reading = excluded.adjust(reading, frame.excluded, asked, many)
            if reading is not None:
                found.append(reading)
            previous = (s, e)
    found.extend(_read_default_notes(frame, url, segments, heading, proper, sections, named))
    if frame.tech == "version":
        found.extend(_read_version_notes(frame, url, title, segments, proper, sections, named))
        found.extend(_read_change_entries(frame, url, title, segments, proper, sections, named))
    if frame.tech is not None:
        found.extend(_read_pairs(frame, url, segments, heading, proper, sections, named))
        found.extend(_read_entry_names(frame, url, segments, heading, proper, sections, named))
    found.sort(key=lambda r: (-r.score, r.start))
    # one reading a span of text and value: a sentence read with the one before it as a
    # pronoun's and as a pair's is read once
    seen: set[tuple[int, int, str]] = set()
    unique = []
    for r in found:
        if (r.start, r.end, r.value) not in seen:
            seen.add((r.start, r.end, r.value))
            unique.append(r)
    return unique


_DEFAULT = stem("default")


# "Defaults to `4093`.", "Default: `None`": a note of a value without a subject of its own
# (a field list's "Default" field is rendered as an item: ":Default: 4 (severe)." is
# "- Default: 4 (severe).")
DEFAULT_NOTE = re.compile(
    r"\s*(?:[-*]\s+(?=default))?(?:defaults?\s+(?:to|is)\b|default(?:\s+value)?\s*:)", re.I
)


# "Added in FastAPI 0.134.0.", "New in version 2.1.", "Deprecated since version 1.2":
# a note without a subject of its own, about the section it stands in
_VERSION_NOTE = re.compile(
    r"\s*(added|new|introduced|available|changed|deprecated|removed)\s+(?:in|since|as of)\b",
    re.IGNORECASE,
)


_ENTRY_SENTENCES = 4  # an entry's description read with its default note, at most


def _read_default_notes(
    frame: Frame,
    url: str,
    segments: list[tuple[int, str]],
    heading: str,
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """A default note of its own paragraph ("Default: `timedelta(days=31)` (`2678400`
    seconds)") read with the entry it closes: a reference entry (a heading such as
    `PERMANENT_SESSION_LIFETIME`, then its description) gives its default last, under
    the words that say what it is ("If `session.permanent` is true, the cookie's
    expiration will be set ..."). The context runs back from the note to the entry's
    heading (a heading inside the passage, else the passage's start), at most
    `_ENTRY_SENTENCES` sentences; the answer is the note's. Read only when the note
    alone is no reading."""
    out = []
    for offset, text in segments:
        if "efault" not in text:
            continue  # no note here (the common case: skip splitting it again)
        spans = sentence_spans(text)
        for i, (s, e) in enumerate(spans):
            if not DEFAULT_NOTE.match(text, s, e) or i == 0:
                continue
            if code_block_end(text, s, e) is not None:
                continue  # a docstring's "Default: 100." in an example is code
            if "\n\n" not in text[spans[i - 1][1] : s]:
                continue  # a note on its description's line is read with it (`read_page`)
            context = _section_terms(heading, text, s, sections) | named
            if read_sentence(frame, url, text[s:e], offset + s, context, proper) is not None:
                continue
            first, last = _note_entry(text, spans, i, sections)
            entry = set(content_terms(text[spans[first][0] : spans[last][1]])) | context
            reading = read_sentence(frame, url, text[s:e], offset + s, set(), proper, context=entry)
            if reading is not None:
                out.append(reading)
    return out


# the kinds a reference entry's heading names: a setting, function, class, option,
# environment variable, command or exception
_ENTRY_KINDS = frozenset({"name", "option", "env", "command", "error"})
# a reference entry's heading: a code name, alone or after the word Sphinx gives its kind
# ("exception `huey.exceptions.TaskLockedException`"), its call's arguments aside
# ("`MiniHuey([name='huey'[, interval=1]])`")
_ENTRY_HEADING = re.compile(
    r"(?:(?:class|exception|function|method|attribute|data|decorator|setting|option)\s+)?"
    r"`*(?P<name>-{0,2}[A-Za-z_][\w.:-]*)(?:\(.*\))?`*"
)
# a name written as code without backticks: joined by "_" or ".", called, camel-cased or
# an option ("HTTPERROR_ALLOW_ALL", "Huey.lock_task()", "--max-tasks"); a heading in words
# ("Logging") names no entry
_NAME_SHAPED = re.compile(r"[\w-][_.][\w-]|[a-z][A-Z]|^--?\w")
_ERROR_NAME = re.compile(r"(?:Error|Exception|Warning)$")


def entry_name(entry: str, kind: str) -> str | None:
    """The name a reference entry's heading ``entry`` gives, when it is one of ``kind``;
    None for a heading in words or of another kind."""
    m = _ENTRY_HEADING.fullmatch(entry.strip())
    if m is None:
        return None
    name = m.group("name")
    if not ("`" in entry or "(" in entry or _NAME_SHAPED.search(name)):
        return None
    if kind == "error":
        # a class is an exception by its name or by the word Sphinx gives it
        ok = bool(_ERROR_NAME.search(name)) or entry.lstrip().startswith("exception ")
    elif kind == "option":
        ok = name.startswith("-")
    elif kind == "name":
        ok = not name.startswith("-")
    else:
        ok = technical.is_kind(kind, name)
    return name if ok else None


def _read_entry_names(
    frame: Frame,
    url: str,
    segments: list[tuple[int, str]],
    heading: str,
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """A reference entry's description answers a question asking a name with the entry's
    name: "Which setting makes HttpErrorMiddleware pass all responses through ...,
    regardless of their status code?" over the entry headed `HTTPERROR_ALLOW_ALL` whose
    description says "Pass all responses, regardless of its status code." Held to more
    than a sentence is, as no span of the sentence is the answer:

    * the sentence is the first of the description (only field lines, "Default: `False`",
      stand between it and the heading right above it, `_entry_above`), at a line's start,
      not a list item's (an item describes its own name);
    * the heading is a name of the asked kind (`entry_name`), one the question does not
      write, and the entry is of the kind the question names: its section or its heading
      line says the kind's noun ("HttpErrorMiddleware settings" for "Which setting ...?",
      "Environment Variables" for "Which environment variable ...?");
    * the sentence names no span of the asked kind itself (then it is read as it is) and
      states the question as a sentence must (`_states`), with the name's words and its
      section's; its paragraph states every relation word (none may be missing: "same
      domain" is no answer to "different domains").

    The evidence runs from the heading's line to the sentence, so the quote holds the
    answer."""
    if frame.tech not in _ENTRY_KINDS:
        return []
    nouns = _kind_nouns(frame.text)
    if not nouns:
        return []  # "Which one ...?": no kind the entry can be checked to be of
    out = []
    asked = frame.text.lower()
    for offset, text in segments:
        for s, e in sentence_spans(text):
            if code_block_end(text, s, e) is not None or _ITEM_LINE.match(text, s):
                continue
            above = _entry_above(text, s, sections)
            if above is None:
                continue
            at, line = above
            name = entry_name(line, frame.tech)
            if name is None or name.lower() in asked or technical.qualified_echo(asked, name):
                continue
            context = _section_terms(heading, text, s, sections) | named
            if not _says_kind(nouns, f"{heading} {_subheading(text, s) or ''} {line}"):
                continue  # a setting's entry answers no "Which function ...?"
            sentence = text[s:e]
            if technical.candidates(frame.tech, sentence) or DEFAULT_NOTE.match(sentence):
                continue
            terms = set(content_terms(sentence)) | set(content_terms(name))
            found = _states(frame, sentence, terms, context)
            if found is None:
                continue
            # every relation word, the description's paragraph read whole ("... built
            # without speedups written as C extensions. This option is primarily useful
            # for debugging.")
            end = text.find("\n\n", s)
            paragraph = text[s : len(text) if end < 0 else end]
            whole = _states(frame, paragraph, set(content_terms(paragraph)) | terms, context)
            if whole is None or len(whole.relation | whole.relation_in_title) < len(frame.relation):
                continue
            soft = {w for w in frame.soft if w in terms}
            total = 2 * len(frame.anchors) + len(frame.relation) + 0.5 * len(frame.soft) or 1.0
            got = 2 * len(found.anchors) + 1.5 * len(found.anchors_in_title)
            got += len(found.relation) + 0.5 * len(found.relation_in_title) + 0.5 * len(soft)
            out.append(
                Reading(
                    url=url,
                    start=offset + at,
                    end=offset + e,
                    sentence=text[at:e],
                    value=name,
                    score=round(got / total + 0.1, 4),
                )
            )
    return out


# a field line of an entry, a label and its value ("Default: `False`", "Type: int")
_FIELD = re.compile(r"-?\s*[A-Z][\w ]{0,20}:\s")


def _entry_above(text: str, s: int, sections: bool) -> tuple[int, str] | None:
    """The line (where it starts, its text) right above the paragraph at ``s``, field
    lines and blank lines aside: the heading of the entry the paragraph describes, when it
    is a line of its own (a blank line before it); None when a sentence or a list stands
    there, or only the passage's heading path does."""
    pos = s
    while pos > 0:
        end = pos - 1
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        pos = start
        if not line or _FIELD.match(line):
            continue
        if sections and "\n" not in text[:start]:
            return None  # the passage's heading path
        if start > 1 and text[start - 2 : start] != "\n\n":
            return None  # a paragraph's last line, no heading
        if line[-1] in ".;!?," or line.startswith(_NOT_HEADING):
            return None
        return start, line
    return None


def _kind_nouns(question: str) -> set[str]:
    """The wh-phrase's words that name a technical kind ("setting", "environment
    variable", "exception"), as words without a plural's "s" (a stem would take the verb
    "sets" for the noun "setting")."""
    kinds = {w for words_ in technical.KIND_WORDS.values() for w in words_}
    return {_singular(w.lower()) for w in technical.head_words(question) if w.lower() in kinds}


def _singular(word: str) -> str:
    """``word`` without a plural's ending ("classes", "settings", "dependencies")."""
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _says_kind(nouns: set[str], text: str) -> bool:
    """Whether ``text`` (an entry's heading path and line) names one of ``nouns``."""
    return bool(nouns & {_singular(w.lower()) for w in words(text)})


def _note_entry(text: str, spans: list[tuple[int, int]], i: int, sections: bool) -> tuple[int, int]:
    """The sentences (first, last; indices into ``spans``) of the entry the default note
    ``spans[i]`` closes: back to the entry's heading (a heading inside the passage, else
    the passage's start) or the note before it, at most `_ENTRY_SENTENCES` sentences; and,
    for a note right under its heading, on to the next heading or note."""
    s = spans[i][0]
    sub = _subheading(text, s) if sections else None
    top = text.rfind(sub, 0, s) if sub else -1
    first = min(
        (k for k in range(max(0, i - _ENTRY_SENTENCES), i) if spans[k][0] >= top),
        default=i,
    )
    for k in range(first, i):
        if DEFAULT_NOTE.match(text, *spans[k]) or _VERSION_NOTE.match(text, *spans[k]):
            first = k + 1  # another entry's note ends that entry (a passage of many)
    # a line without a sentence's end is the entry's own heading ("`task_default_priority`")
    named = [k for k in range(first, i) if text[spans[k][1] - 1] not in ".:;!?"]
    first = named[-1] if named else first
    last = i
    if all(text[b - 1] not in ".:;!?" for _, b in spans[first:i]):
        # the note right under its entry's heading, its description after it
        # (Celery's settings: "`broker_connection_max_retries`\n\nDefault:
        # 100.\n\nMaximum number of retries before we give up ..."): read on to
        # the next heading or note, `_ENTRY_SENTENCES` sentences at most
        for k in range(i + 1, min(len(spans), i + 1 + _ENTRY_SENTENCES)):
            # a heading line ends the entry (it is the next entry's heading)
            below = min(len(text), spans[k][1] + 1)
            if (_subheading(text, below) if sections else None) != sub:
                break
            if DEFAULT_NOTE.match(text, *spans[k]) or _VERSION_NOTE.match(text, *spans[k]):
                break
            last = k
    return first, last


def _note_at(
    title: str, segments: list[tuple[int, str]], start: int
) -> tuple[str, list[tuple[int, int]], int, bool] | None:
    """The default note of its own paragraph that starts at ``start`` (an offset into the
    page, as a `Reading`'s): its segment's text, the text's sentences, the note's index
    among them and whether the page is a passage; None for any other sentence."""
    sections = url_is_passage(title)
    for offset, text in segments:
        if not offset <= start < offset + len(text):
            continue
        spans = sentence_spans(text)
        for i, (s, e) in enumerate(spans):
            if offset + s != start:
                continue
            if i == 0 or not DEFAULT_NOTE.match(text, s, e) or code_block_end(text, s, e):
                return None
            if "\n\n" not in text[spans[i - 1][1] : s]:
                return None
            return text, spans, i, sections
    return None


def note_entry(title: str, segments: list[tuple[int, str]], start: int) -> str | None:
    """The text of the entry that the default note of its own paragraph starting at
    ``start`` (`_note_at`) closes, the note itself aside: what the note's value is the
    value of ("Default: 100." under "Maximum number of retries before we give up ...");
    None for any other sentence."""
    note = _note_at(title, segments, start)
    if note is None:
        return None
    text, spans, i, sections = note
    first, last = _note_entry(text, spans, i, sections)
    before = [text[a:b] for a, b in spans[first:i]]
    # the description, not its cases: "If this is set to `None`, we'll retry
    # forever." says what happens otherwise, not what the default does
    after = [text[a:b] for a, b in spans[i + 1 : last + 1] if not _CASE.match(text, a, b)]
    return " ".join([*before, *after])


def note_subject(title: str, segments: list[tuple[int, str]], start: int) -> str | None:
    """The name of the entry whose default note of its own paragraph starts at ``start``
    (`_note_at`): the name line the entry opens with ("`linkcheck_workers`" over
    "Default: `5`."), else the heading it stands under; None for any other sentence, or
    for an entry headed by words ("Fragment size") rather than a name (written as code,
    or joined with "_")."""
    note = _note_at(title, segments, start)
    if note is None:
        return None
    text, spans, i, sections = note
    first, _ = _note_entry(text, spans, i, sections)
    line = text[spans[first][0] : spans[first][1]].strip() if first < i else ""
    if not line or line[-1] in ".:;!?":
        line = (_subheading(text, spans[i][0]) if sections else None) or ""
    if not line:
        line = title_heading(title).rsplit(" › ", 1)[-1].strip()
    name = _ENTRY_NAME.fullmatch(line)
    if name is None or not (line.startswith("`") or "_" in line):
        return None
    return name.group(1)


# an entry's name line: a code name alone, as code or not ("`linkcheck_workers`",
# "`Client.timeout()`", "html_theme")
_ENTRY_NAME = re.compile(r"`?([A-Za-z_][\w.:-]*)(?:\(\))?`?")


# a sentence about a case of its own: "If this is set to `None`, ...", "When ..., ..."
_CASE = re.compile(r"\s*(?:if|when|unless|otherwise|whenever|in\s+case)\b", re.IGNORECASE)


def _read_version_notes(
    frame: Frame,
    url: str,
    title: str,
    segments: list[tuple[int, str]],
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """Version notes read with their section's heading as their subject: "Added in
    FastAPI 0.134.0." under "Stream JSON Lines" says when JSON Lines streaming came (the
    nearest heading: `_section_terms`; ``named``: the question's names the page's address
    holds, as `read_page` takes them). A note gives the documented project's version,
    so it answers no question about another name's that the page gives a version of
    itself ("This class requires `pycares` version 4. ... Deprecated since version 6.2"
    is no pycares version)."""
    heading = title_heading(title)
    out = []
    others = _versioned_elsewhere(frame.text, url, heading)
    asked = _asked_acts(frame.text)
    relation, anchors = set(frame.relation), set(frame.anchors)
    # a signature's parameters ("os.remove(path, *, dir_fd=None)") are no subject's words
    params = set(content_terms(" ".join(re.findall(r"\(([^()]*)\)", heading))))
    folders = url_folder_terms(url)
    bare = re.sub(r"\([^()]*\)", " ", heading)
    heading_parts = set(content_terms(re.sub(r"[_.]+", " ", bare)))
    for offset, text in segments:
        versioned = [v for v in others if v.search(text)]
        spans = sentence_spans(text)
        for run in _note_runs(text, spans):
            own = {i: _own_text(text, spans, i, body) for i, body in run}
            acts = {i: _acts_of(text[spans[i][0] : spans[i][1]], own[i]) for i, _ in run}
            for place, (i, _) in enumerate(run):
                s, e = spans[i]
                sentence = text[s:e]
                if code_block_end(text, s, e) is not None:
                    continue
                if any(not v.search(sentence) for v in versioned):
                    continue  # the page gives the name's version; the note, the project's
                if not asked & acts[i] and (asked or acts[i] & _ENDING):
                    # "Which version will drop the deprecated better-exceptions support?"
                    # over "Deprecated since version 26.1.0:": the note's release is its
                    # own act's ("... and will be removed in a future release" is none),
                    # and a deprecation's or removal's answers only a question asking it
                    # ("Since which version is there ...?" asks none)
                    continue
                section = _section_terms(heading, text, s, sections)
                # the section's subject: its words and the words of its names
                # ("flask.stream_template(...)" is about streaming a template), a
                # signature's parameters aside
                topic = (section - params) | heading_parts | named
                mine = set(content_terms(own[i]))
                if (
                    _NOTE_ACTS[1] in acts[i]
                    and mine
                    and not (relation | anchors) - _ACT_WORDS - topic & mine
                ):
                    # "Changed in version 2.0:\n\nThe `strict` parameter was added.": a
                    # change note's own text says what changed then; one that states no
                    # word of the question but the section's subject and its act ("The
                    # `oslo-config-generator --format` parameter was added" for "When was
                    # oslo-config-generator added?") is another thing's release
                    continue
                # the description a run of notes closes goes with its first note ("...
                # you write `await logger.ainfo(...)`.\n\nNew in version 23.1.0."); a
                # later note says its own text
                described = _described(text, spans, i, sections) if place == 0 else set()
                subject = section | set(content_terms(sentence)) | mine | named | described
                reading = read_sentence(
                    frame, url, sentence, offset + s, set(), proper, context=subject
                )
                # a note states its own act in the question's words of it ("New in version
                # 6.5.0." is when oslo-config-validator "first appeared"), only where the
                # rest of the question is said: the act stands in for no near miss ("New in
                # version 1.4.0." under "oslo-config-generator")
                said_act = {w for act in acts[i] & asked for w in act}
                if _NOTE_ACTS[0] in acts[i] & asked:
                    said_act |= _FIRST_APPEARED
                if (
                    reading is None
                    and said_act & relation
                    and not _unsaid(relation - said_act, subject | folders)
                ):
                    reading = read_sentence(
                        frame, url, sentence, offset + s, set(), proper, context=subject | said_act
                    )
                if reading is not None:
                    out.append(reading)
    return out


# the acts a version note's release is of, each with the words that say it
_NOTE_ACTS = (
    frozenset({"add", "new", "introduc", "avail", "appear"}),
    frozenset({"chang"}),
    frozenset({"deprec"}),
    frozenset({"remov", "drop", "delet"}),
)
_ACT_WORDS = frozenset().union(*_NOTE_ACTS)
# the acts that end a thing: a deprecation's or removal's note is no release of its start
_ENDING = frozenset({_NOTE_ACTS[2], _NOTE_ACTS[3]})


# the words a question says a first release with besides the note's ("In which version did
# oslo-config-validator first appear?")
_FIRST_APPEARED = frozenset({"first", "appear"})


def _unsaid(words_: set[str], said: set[str]) -> set[str]:
    """The ``words_`` (stems) that ``said`` states neither as written nor in their
    canonical form (`canon`)."""
    canonical = {canon(w) for w in said}
    return {w for w in words_ if w not in said and canon(w) not in canonical}


def _note_runs(text: str, spans: list[tuple[int, int]]) -> list[list[tuple[int, list[int]]]]:
    """The runs of version notes of ``text``: notes that follow each other with nothing but
    their own text between them, each note (its index into ``spans``) with the sentences of
    its own text: the rest of its paragraph ("Changed in version 3.3: The *handlers*
    argument was added. Additional checks were added ..."), and the paragraph after it when
    it ends with a colon ("Changed in version 4.3.0:" over "The `--format` parameter was
    added, ...")."""
    runs: list[list[tuple[int, list[int]]]] = []
    k = 0
    while k < len(spans):
        if _VERSION_NOTE.match(text, *spans[k]) is None:
            k += 1
            continue
        run: list[tuple[int, list[int]]] = []
        while k < len(spans) and _VERSION_NOTE.match(text, *spans[k]) is not None:
            body: list[int] = []
            b = k + 1
            while b < len(spans) and not _note_or_new_paragraph(text, spans, b):
                body.append(b)
                b += 1
            if text[spans[k][0] : spans[k][1]].rstrip().endswith(":") and not body:
                while b < len(spans) and _VERSION_NOTE.match(text, *spans[b]) is None:
                    if body and "\n\n" in text[spans[b - 1][1] : spans[b][0]]:
                        break
                    body.append(b)
                    b += 1
            run.append((k, body))
            k = b
        runs.append(run)
    return runs


def _note_or_new_paragraph(text: str, spans: list[tuple[int, int]], b: int) -> bool:
    return (
        _VERSION_NOTE.match(text, *spans[b]) is not None
        or "\n\n" in text[spans[b - 1][1] : spans[b][0]]
    )


def _own_text(text: str, spans: list[tuple[int, int]], i: int, body: list[int]) -> str:
    """What version note ``i`` says itself: the words after its colon ("Changed in version
    3.3: Added the *dir_fd* parameter.") and its ``body`` (`_note_runs`); "" for a bare
    note ("New in version 1.4.0.")."""
    note = text[spans[i][0] : spans[i][1]]
    _, colon, rest = note.partition(":")
    said = [rest.strip()] if colon and rest.strip() else []
    return " ".join(said + [text[spans[b][0] : spans[b][1]] for b in body])


def _acts_of(note: str, own: str) -> set[frozenset[str]]:
    """The acts (`_NOTE_ACTS`) a version note's release is of: the one it names ("New in
    version 2.0", "Deprecated since ..."), and for a change, what its own text says was
    done ("Changed in version 4.3.0: The `--format` parameter was added ..."; not what
    will be: "... will be removed in a future release")."""
    opening = _VERSION_NOTE.match(note)
    lead = stem(opening.group(1).lower()) if opening is not None else ""
    acts = {act for act in _NOTE_ACTS if lead in act}
    if _NOTE_ACTS[1] in acts:
        done = _FUTURE.sub(" ", own)
        acts |= {act for act in _NOTE_ACTS if act & set(content_terms(done))}
    return acts


# an act yet to come: "will be removed", "is going to be dropped", "to be deprecated"
_FUTURE = re.compile(
    r"\b(?:will|shall|would|may|might)\s+(?:(?:be|get|also|eventually|soon)\s+)*[A-Za-z]+"
    r"|\b(?:going\s+)?to\s+be\s+[A-Za-z]+",
    re.IGNORECASE,
)
# a lifecycle word that describes a thing rather than asks its act ("the deprecated
# support", "a removed option")
_ACT_AS_ADJECTIVE = re.compile(r"\b(?:the|a|an|its|this|that|these|those|their|my|our)\s+$", re.I)
# what a release's act follows as a verb with its object ("Which version deprecated the
# parameter?", "Which release of packaging first added support for ...?")
_ACT_AS_VERB = re.compile(
    r"\b(?:versions?|releases?|first|originally|initially|then|also|later|finally|\d[\w.]*)\s+$",
    re.IGNORECASE,
)
# an infinitive of a question about an ability ("... is there a context manager to change
# the directory?", "Since which version is it possible to delete ...?"): the asker's verb, no
# release's act (a question with "can" or "could" asks none at all: `_asked_acts`)
_ABILITY = re.compile(r"\bto\s+$", re.IGNORECASE)


def _asked_acts(question: str) -> set[frozenset[str]]:
    """The acts (`_NOTE_ACTS`) ``question`` asks the release of, each said as a verb of
    what is asked about ("Which version will *drop* the deprecated ... support?" asks a
    removal, not a deprecation; "Since which version can I delete a key?", an ability,
    asks no act; nor does a name's word: `os.remove()`)."""
    if re.search(r"\b(?:can|could)\b", question, re.IGNORECASE):
        return set()
    asked = set()
    for m in re.finditer(r"[A-Za-z]+", question):
        before, after = question[: m.start()], question[m.end() :]
        if before.endswith((".", "_", "`", "-")) or re.match(r"[(_`]|[.-]\w", after):
            continue  # a word of a name (not one a sentence's full stop ends)
        if _ACT_AS_ADJECTIVE.search(before) or _ABILITY.search(before):
            continue
        word = m.group(0).lower()
        following = words(after)[:1]
        if (
            word.endswith("ed")
            and following
            and following[0].lower() not in STOPWORDS
            and not following[0].lower().endswith("ly")
            and following[0].lower() != "first"
            and not _ACT_AS_VERB.search(before)
        ):
            continue  # "deprecated better-exceptions support": an adjective
        asked |= {act for act in _NOTE_ACTS if canon(stem(word)) in act}
    return asked


def _read_change_entries(
    frame: Frame,
    url: str,
    title: str,
    segments: list[tuple[int, str]],
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """A change log's entries read with the version they are listed under: "- Remove
    `on_startup` and `on_shutdown` parameters from `Starlette` and `Router`." under
    "1.0.0rc1 (February 23, 2026) › Removed" says in which release those parameters were
    removed. The entry (a list item) must state the question's words, with its category
    heading ("Removed", "Added") and the version heading as its context, as a version
    note states them with its section's; the answer is the version heading's, which is
    quoted before the entry (`Reading.lead`)."""
    if not _asks_own_release(frame.text, url):
        return []
    heading = title_heading(title) if sections else ""
    # a name before a version must be the question's or the page's own project's
    # ("pytest 9.2.0 (2026-10-27)" on .../pytest/changelog.rst)
    names = frozenset(frame.anchors) | frozenset(url_terms(url))
    out = []
    for offset, text in segments:
        for s, e in sentence_spans(text):
            if not _in_list_item(text, s) or code_block_end(text, s, e) is not None:
                continue
            found = _entry_version(text, s, heading, names)
            if found is None:
                continue
            at, line, category = found
            sentence = text[s:e]
            if _VERSION_NOTE.match(sentence) is not None:
                continue  # a version note of its own ("Added in 2.1.") is read as one
            if _intended(sentence, frame.relation):
                continue  # "... has been deprecated and will be removed in a future release"
            subject = set(content_terms(f"{line} {category} {sentence}")) | named
            reading = read_sentence(frame, url, line, offset + at, set(), proper, context=subject)
            if reading is None:
                continue
            out.append(
                Reading(url, offset + s, offset + e, sentence, reading.value, reading.score, line)
            )
    return out


# "minimum SQLAlchemy version", "oldest Python version", "which version of Redis": the
# version asked is of what the words before or after it name
_NAME_VERSION = re.compile(r"([\w.+-]+)\s+(?:version|release)s?\b", re.IGNORECASE)
_VERSION_OF = re.compile(r"\b(?:version|release)s?\s+of\s+([\w.+-]+)", re.IGNORECASE)
_NOT_A_NAME = frozenset(
    "which what the a an this that each every new next first last major minor patch oldest "
    "newest earliest latest minimum maximum lowest highest required supported current "
    "earlier later older newer previous stable exact specific".split()
)


def _asks_own_release(question: str, url: str) -> bool:
    """Whether ``question`` asks in which release of the documented project something
    changed (a change log answers that): "In which release ...", "Which Starlette
    version ..." on Starlette's pages; not the version of another name ("What is the
    minimum SQLAlchemy version ...", "which version of Python")."""
    own = url_terms(url)
    for name in [*_NAME_VERSION.findall(question), *_VERSION_OF.findall(question)]:
        if name.lower() in _NOT_A_NAME:
            continue
        terms = set(content_terms(name))
        if terms and not terms & own:
            return False
    return True


def _versioned_elsewhere(question: str, url: str, heading: str = "") -> list[re.Pattern[str]]:
    """For each name whose version ``question`` asks ("Which major version of pycares
    ...?") and that is not the page's project (named in its address or its heading), a
    pattern of that name written with a version of its own ("`pycares` version 4",
    "version 4 of pycares"): a page that writes one tells the name's versions from its own
    version notes'. A name the question gives a version of is no unknown's."""
    own = url_terms(url) | set(content_terms(heading))
    out = []
    for name in [*_NAME_VERSION.findall(question), *_VERSION_OF.findall(question)]:
        terms = set(content_terms(name))
        if name.lower() in _NOT_A_NAME or not terms or terms & own:
            continue
        written = re.escape(name)
        # (as code or with the word "version": a project writes its own releases bare,
        # "removed in Tornado 7.0")
        # (or bare with a bound, as a requirement is written: "on Python 3.11+",
        # "Python 3.9 or newer"; a project's own releases are not)
        pattern = re.compile(
            rf"`{written}`\s+(?:version\s+)?v?\d|\b{written}`?\s+version\s+v?\d"
            rf"|\bversion\s+v?\d[\w.]*\s+of\s+`?{written}\b"
            rf"|\b{written}\s+v?\d+(?:\.\d+)*(?:\+|\s+or\s+(?:newer|later|above|higher)\b)",
            re.IGNORECASE,
        )
        if pattern.search(question):
            continue  # "... needs pycares version 4 ...": the question's own
        out.append(pattern)
    return out


# a change log's version heading: "1.0.0rc1 (February 23, 2026)", "Version 2.0.1", "3.3.0"
# (a bold line of its own), "v3.2.0 - 2017-01-01", "[1.2.0] - 2020-01-01", "pytest-2.6.1:
# fixes" (a name before the version must be one the question names); a date ("12.05.2023")
# is none
_VERSION_HEADING = re.compile(
    r"(?:(?P<word>version|release|v)\s*|(?P<name>[A-Za-z][\w.]*)[ -])?\[?v?"
    r"(?!\d{1,2}[./]\d{1,2}[./]\d{4}\b)\d+(?:\.\d+)+(?:[-.]?(?:a|b|rc|dev|post)\d*)?\]?"
    r"(?:\s*(?:\([^()]*\)|[-–—:]\s*[^.!?]*))?",
    re.IGNORECASE,
)
# how far above an entry its headings are looked for, in lines (a long page is read whole)
_ENTRY_LINES = 200
# how many heading lines above an entry are read: its version, and categories between
_ENTRY_HEADINGS = 6
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+•]|\d+[.)])\s")


def _in_list_item(text: str, at: int) -> bool:
    """Whether the sentence at ``at`` stands in a list item: its line, or the line its
    item starts on (an item's later lines are indented or follow without a blank line),
    at most `_ENTRY_LINES` lines above (a page of lines without a blank one is read in
    linear time, not quadratic)."""
    start = text.rfind("\n", 0, at) + 1
    for _ in range(_ENTRY_LINES):  # an item is not hundreds of lines long
        if _LIST_ITEM.match(text, start):
            return True
        if start == 0 or text[start - 2 : start] == "\n\n" or start < 2:
            return False
        start = text.rfind("\n", 0, start - 1) + 1
    return False


def _entry_version(
    text: str, at: int, heading: str, names: frozenset[str]
) -> tuple[int, str, str] | None:
    """The version heading a list item at ``at`` is listed under, as ``(offset in text,
    heading line, category heading)``: the nearest heading above it (a line of its own
    without a sentence's end, or an element of the passage's heading path on its first
    line) is a version, or a category ("Removed", "Bug fixes": at most four words, no
    digits) under one, with only other categories between them ("3.3.0", "Fixed", ...,
    "Added"); the first category stands right under the version (a heading after a
    version's own entries, "3.3.0", "- Fixed a leak", "Upcoming", is a section of its
    own). None otherwise, or for a version of a name (``names``: the question's and the
    page address's) the question does not name."""
    first_end = text.find("\n")
    path = text[:first_end].strip() if first_end > 0 else ""
    is_path = bool(heading) and bool(path) and heading.endswith(path)
    # the heading lines above, nearest first, each with whether anything but blank lines
    # stands between it and the heading line below it
    lines: list[tuple[int, str, bool]] = []
    content = False
    pos = text.rfind("\n", 0, at)
    top = pos <= 0  # the scan reached the passage's first line
    for _ in range(_ENTRY_LINES):
        if pos <= 0 or len(lines) == _ENTRY_HEADINGS:
            top = top or pos <= 0
            break
        start = text.rfind("\n", 0, pos) + 1
        if start == 0 and is_path:
            top = True
            break  # the passage's heading path: read below
        raw = text[start:pos]
        line = raw.strip()
        if (
            line
            and (start == 0 or _blank(text, text.rfind("\n", 0, start - 1) + 1))
            and _blank(text, pos + 1)
            and len(line) <= 80
            and line[-1] not in ".:;!?,"
            and not _LIST_ITEM.match(raw)
        ):
            lines.append((start + raw.index(line), line, content))
            content = False
        elif line:
            content = True
        pos = start - 1
    if len(lines) < _ENTRY_HEADINGS and is_path and top:
        place = first_end
        for n, part in enumerate(reversed(path.split(" › "))):
            place = text.rfind(part, 0, place)
            lines.append((place, part.strip(), content and n == 0))
    category = ""
    for offset, line, below in lines:
        match = _VERSION_HEADING.fullmatch(line)
        if match is not None:
            name = match.group("name")
            if name is not None and not set(content_terms(name)) & names:
                return None  # "Python 3.11" over a question about Starlette
            return None if category and below else (offset, line, category)
        if len(line.split()) > 4 or any(c.isdigit() for c in line):
            return None
        category = category or line
    return None


# a change an entry announces rather than makes: "will be removed", "may change"
_MODAL = re.compile(r"\b(?:will|would|may|might|shall|could|should)\b((?:\W+\w+){1,3})", re.I)


def _intended(sentence: str, relation: tuple[str, ...]) -> bool:
    """Whether ``sentence`` says the question's relation only as what will or may happen
    ("Built-in GraphQL support ... has been deprecated and will be removed in a future
    release" did not remove it in the version it is listed under)."""
    return any(
        stem(w.lower()) in relation for m in _MODAL.finditer(sentence) for w in words(m.group(1))
    )


def _blank(text: str, start: int) -> bool:
    """Whether the line of ``text`` that starts at ``start`` is blank (spaces only)."""
    end = text.find("\n", start)
    return not text[start : end if end >= 0 else len(text)].strip()


def _described(text: str, spans: list[tuple[int, int]], i: int, sections: bool) -> set[str]:
    """The words of what a version note of its own paragraph closes: the paragraph before
    it, back to the section's heading, another note or `_ENTRY_SENTENCES` sentences
    ("... you write `await logger.ainfo(...)`. ... New in version 23.1.0." says when the
    a-prefixed methods came, as Sphinx's ``versionadded`` after a description does). A
    note inside a paragraph is read with its section alone."""
    s = spans[i][0]
    if i == 0 or "\n\n" not in text[spans[i - 1][1] : s]:
        return set()
    sub = _subheading(text, s) if sections else None
    top = text.rfind(sub, 0, s) if sub else -1
    first = i
    for k in range(i - 1, max(-1, i - 1 - _ENTRY_SENTENCES), -1):
        if spans[k][0] < top or _VERSION_NOTE.match(text, *spans[k]) is not None:
            break
        first = k
    return set(content_terms(text[spans[first][0] : spans[i - 1][1]])) if first < i else set()


def url_terms(url: str) -> set[str]:
    """The words of a page's address (its host and path, not its scheme or fragment), as
    stems: ``file:///docs/flask/signals.rst#p1`` holds flask, signal, rst. Of a local
    file's path only the last `FILE_PATH_PARTS` parts: the folders above say where the
    documents were checked out ("/tmp/ci/...", "/work/main/..."), not what a page is
    about, and a question's "CI" or "main" read them as its subject (the same corpus read
    differently in two places)."""
    address = url.split("#", 1)[0]
    if address.startswith("file://"):
        parts = [p for p in address[len("file://") :].split("/") if p]
        address = "/".join(parts[-FILE_PATH_PARTS:])
    address = re.sub(r"^[a-z][\w+.-]*://", "", address)
    return set(content_terms(re.sub(r"[/._-]+", " ", address)))


def url_folder_terms(url: str) -> set[str]:
    """`url_terms` of the folders of a page's address, without its file's name."""
    address = url.split("#", 1)[0]
    return url_terms(address.rsplit("/", 1)[0] + "/") if "/" in address else set()


# a word before a value that names whose it is ("setuptools 77.0"), not a version's word
_WORD_BEFORE_VALUE = re.compile(r"([A-Za-z][\w.-]*)\s+v?$")


def _named_before(sentence: str, value: str) -> bool:
    """Whether ``value`` is written in ``sentence`` right after a word that names whose it
    is ("in setuptools 77.0"), not after a version's word or a function word ("New in
    version 24.2", "added in 24.2")."""
    at = sentence.find(value)
    if at < 0:
        return False
    before = _WORD_BEFORE_VALUE.search(sentence[max(0, at - 40) : at].rstrip("`"))
    if before is None:
        return False
    word = before.group(1).lower()
    return word not in STOPWORDS and word not in ("version", "versions", "release", "releases")


# the corpus folder and up to three levels of pages under it ("flask/patterns/celery.rst",
# "docs-fastapi/tutorial/security/first-steps.md")
FILE_PATH_PARTS = 4


def url_is_passage(title: str) -> bool:
    """Whether ``title`` is an indexed passage's (its text opens with its heading path)."""
    return is_passage_title(title) or " › " in title


# a list item's line: a parameter's or an option's own entry
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])\s")


def _entry_terms(heading: str, text: str, at: int, sections: bool) -> frozenset[str]:
    """The words of the one heading the sentence at ``at`` stands under (the passage's
    innermost: a heading inside it, else its path's last), which a pointer of the
    sentence ("This property", "Deprecated since version 2.3:") stands for; none inside a
    list item, whose own name it stands for ("- param bool `verify_ssl`: ... Deprecated
    since version 3.0: Use `ssl=False`" deprecates the parameter, not its method)."""
    line = text.rfind("\n", 0, at) + 1
    if _ITEM_LINE.match(text, line):
        return frozenset()
    sub = _subheading(text, at) if sections else None
    return frozenset(content_terms(sub if sub is not None else heading.rsplit(" › ", 1)[-1]))


def _subheading(text: str, at: int) -> str | None:
    """The last line of ``text`` before ``at`` (after its first, the heading path, and a
    line repeating the heading) that reads as a heading: a short line of its own, between
    blank lines, without end punctuation; None when there is none."""
    lines = text[:at].split("\n")
    last = None
    first = lines[0].strip()
    fenced = False
    for i, raw in enumerate(lines[1:-1], start=1):
        line = raw.strip()
        if line.startswith("```"):
            fenced = not fenced  # a code block's lines are no headings
            continue
        if fenced or not line or len(line) > 80 or line[-1] in ".:;!?,)":
            continue
        if line.startswith(_NOT_HEADING) or _CODE_LIKE.search(line) or _FIELD_LINE.match(line):
            continue
        if first.endswith(line) and i <= 2:
            continue  # the section's own heading, under its path
        if not lines[i - 1].strip() and (i + 1 >= len(lines) or not lines[i + 1].strip()):
            last = line
    return last


_NOT_HEADING = ("-", "*", "|", "```", "$", "<", "+", ">", "#", "@")
# a reference entry's field line, a label and a code value ("Scope:
# `scrapy.spidermiddlewares.urllength`", "Type: `int`"): a line of the entry, no heading
# (a heading written so, "Example: `app.py`", is taken for a line too: its section's
# sentences read under the heading above it)
_FIELD_LINE = re.compile(r"[A-Za-z][\w ]{0,20}:\s*`[^`]+`$")


_CODE_LIKE = re.compile(r"[=(){}\[\];]|^\s*(?:import|from|def|class|return)\s")


def _section_terms(heading: str, text: str, at: int, sections: bool = True) -> set[str]:
    """The words of the section a sentence stands in: its passage's heading path, or,
    under a heading inside the passage, that heading with the path above the passage's
    own section ("Advanced Middleware › `HTTPSRedirectMiddleware`" then "`TrustedHostMiddleware`":
    the sentences after it are about TrustedHostMiddleware, not HTTPSRedirectMiddleware)."""
    sub = _subheading(text, at) if sections else None
    if sub is None:
        return set(content_terms(heading))
    if " › " in heading:
        parent = heading.rsplit(" › ", 1)[0]
    else:
        # a path of one heading directly over a heading of the passage, nothing but blank
        # lines between them, is a section it opens ("What's new in aiohttp 3.0" over
        # "async/await everywhere"); after text of its own, the heading may be a sibling
        # the passage took in (a page of "##" sections only)
        parent = heading if _heads_directly(text, heading, sub, at) else ""
    return set(content_terms(f"{parent} {sub}"))


def _heads_directly(text: str, heading: str, sub: str, at: int) -> bool:
    """Whether only the passage's heading lines stand above ``sub`` (before ``at``): the
    heading path's line and the heading repeated, then blank lines."""
    place = text.rfind(sub, 0, at)
    if place < 0:
        return False
    lines = [line.strip() for line in text[:place].split("\n")[1:]]
    return all(not line or line == heading.strip() for line in lines)


def _read_pairs(
    frame: Frame,
    url: str,
    segments: list[tuple[int, str]],
    heading: str,
    proper: frozenset[str],
    sections: bool = True,
    named: frozenset[str] = frozenset(),
) -> list[Reading]:
    """Technical readings of a sentence with its context: the sentences before it on the
    same line, one that introduces it with a colon, or the list item it is nested under
    ("`max_age` - Sets a maximum time ... responses. Defaults to `600`."; "- Swagger UI:
    ...\n  - You can set its URL with the parameter `docs_url`."), never a sibling item.
    The answer still comes from the sentence itself, and the context is read only when
    that sentence alone is no reading; else the words of the next sentence, when it goes
    on about the same subject ("This is configurable via ..."). ``named``: the question's
    names the page's address holds (its subject, as for every sentence of `read_page`)."""
    out = []
    for offset, text in segments:
        spans = sentence_spans(text)
        for i, (cs, ce) in enumerate(spans):
            first = _context_start(text, spans, i)
            alone = text[cs:ce]
            title_terms = _section_terms(heading, text, cs, sections) | named
            code = code_block_end(text, cs, ce) is not None
            if not code and read_sentence(frame, url, alone, offset + cs, title_terms, proper):
                continue
            ps = spans[first][0]
            reading = None
            prose = text[ps:cs]
            if code and frame.tech is not None and technical.candidates(frame.tech, prose):
                continue  # the prose names the asked thing itself ("The `jitter` option ...:")
            if first != i and not code and _default_elsewhere(frame, prose, alone):
                # "... If no plugin marks the run as successful, the default state is
                # failure. To mark a run as successful, set `event.success` to `True`.":
                # the context that says what the default is gives it; a later sentence that
                # does not say "default" gives another value
                continue
            if first != i:
                # a code block read with the prose that introduces it: the prose states the
                # question's words, the block gives the value (its code words state none)
                said = set(content_terms(prose)) if code else None
                reading = read_sentence(
                    frame,
                    url,
                    text[ps:ce],
                    offset + ps,
                    title_terms,
                    proper,
                    answer_from=cs - ps,
                    context=said,
                )
            if reading is None and not code and i + 1 < len(spans):
                # "The prefix is `FLASK_` by default. This is configurable via the `prefix`
                # argument of `from_prefixed_env()`.": the next sentence goes on about the
                # same subject (a demonstrative opens it) and names it
                ns, ne = spans[i + 1]
                if "\n" not in text[ce:ns] and _GOES_ON.match(text, ns, ne):
                    said = set(content_terms(alone)) | set(content_terms(text[ns:ne]))
                    reading = read_sentence(
                        frame, url, alone, offset + cs, title_terms, proper, context=said
                    )
            if (
                reading is not None
                and first != i
                and not code
                and reading.value not in prose
                and _answers_itself(frame, prose, alone)
            ):
                # "Both `Specifier` and `SpecifierSet` support `__replace__`. ... While
                # `prereleases` remains mutable, ...": the context that states the question
                # names a thing of the asked kind itself; a later sentence's is another's
                reading = None
            if reading is not None:
                out.append(reading)
    return out


def _default_elsewhere(frame: Frame, prose: str, sentence: str) -> bool:
    """Whether a question asking a default value is read in ``sentence`` with a prose
    context that says "default" where the sentence itself does not (a question asking
    what changes a default, "Which argument changes the default instance folder?", is
    answered by a later sentence: "You can change it with `instance_path`.")."""
    if frame.tech != "value" or _DEFAULT not in frame.relation:
        return False
    return _DEFAULT in content_terms(prose) and _DEFAULT not in content_terms(sentence)


# the kinds whose spans tell themselves apart from the rest of a context's code: a
# version, an option ("--no-color"), an environment variable, an exception's name
_SHAPED_KINDS = {
    "version": None,
    "env": None,
    "option": re.compile(r"-{1,2}\w"),
    "error": re.compile(r"[\w.]*(?:Error|Exception|Warning)$"),
}


def _answers_itself(frame: Frame, prose: str, sentence: str = "") -> bool:
    """Whether ``prose`` (a sentence's context) holds a span of the asked kind that is not
    one of the question's own names: for a kind whose spans are shaped (`_SHAPED_KINDS`),
    any such span; for a name, one the context gives as the object of the question's own
    relation ("Both `Specifier` and `SpecifierSet` *support* `__replace__`" for "Which
    method do both ... support ...?"; any identifier is a name, and "The `app` object
    serves static files" names no parameter that changes the folder), or one it calls by
    the asked kind's noun when ``sentence`` (the one read with it) points back at that one
    ("this function from `oslo.log`")."""
    shaped = frame.tech in _SHAPED_KINDS
    if not shaped and frame.tech != "name":
        return False
    shape = _SHAPED_KINDS.get(frame.tech or "")
    asked = frame.text.lower()
    relation = set(frame.relation)
    nouns = set() if shaped else _kind_nouns(frame.text)
    nouns = {n for n in nouns if re.search(_POINTS_BACK + re.escape(n), sentence, re.I)}
    for a, b in technical.candidates(frame.tech or "", prose):
        span = prose[a:b].strip("` ")
        if span.lower().removesuffix("()") in asked:
            continue
        if shaped and (shape is None or shape.match(span)):
            return True
        # "(usually a `set_defaults()` function)", "the method `mutate`": the context
        # calls a span by the asked kind's noun ("What function should a library
        # expose ...?"), which a later sentence's "this function from `oslo.log`" is
        beside = words(prose[b : b + 20])[:1] + words(prose[max(0, a - 20) : a])[-1:]
        if nouns & {_singular(w.lower()) for w in beside}:
            return True
        before = [stem(w.lower()) for w in words(prose[max(0, a - 40) : a])][-3:]
        if not shaped and relation & set(before):
            return True
    return False


# a sentence that points back at a thing of a kind its context named: "this function",
# "that method" (the kind's noun follows)
_POINTS_BACK = r"\b(?:this|that|these|those|such(?:\s+an?)?|the\s+same)\s+"


# a sentence that goes on about the one before it: "This is configurable via ...", "It can
# be changed with ..."
_GOES_ON = re.compile(
    r"(?:this|it|these|they)\s+(?:is|are|can|may|will|was|were|has|have)\b", re.IGNORECASE
)


def _indent(text: str, at: int) -> tuple[int, bool]:
    """The indentation of the line holding ``at``, and whether it starts a list item."""
    line = text.rfind("\n", 0, at) + 1
    rest = text[line:]
    stripped = rest.lstrip(" \t")
    return len(rest) - len(stripped), _ITEM_MARK.match(stripped) is not None


_ITEM_MARK = re.compile(r"(?:[-*+]|\d+[.)])[ \t]+\S")


def _context_start(text: str, spans: list[tuple[int, int]], i: int, most: int = 3) -> int:
    """The first sentence of sentence ``i``'s context (``i`` itself when it has none)."""
    k = i
    while k > 0 and i - k < most:
        gap = text[spans[k - 1][1] : spans[k][0]]
        if "\n" not in gap:
            k -= 1  # the same line: a list item's or a paragraph's earlier sentence
            continue
        if text[spans[k - 1][0] : spans[k - 1][1]].endswith(":") and (
            gap.count("\n") <= 1 or _INTRODUCED.match(text, spans[k][0])
        ):
            # "To generate a secret key use the command:" introduces what follows: a code
            # block, a list or a table (a prose paragraph after it follows something the
            # page left out, such as an included code file)
            k -= 1
            continue
        if "\n" in gap.strip(" \t") and gap.count("\n") > 1:
            if k == i and PRONOUN_SUBJECT.match(text, spans[k][0], spans[k][1]):
                k -= 1  # "Starting with version 0.122.0, they use ...": who they are
            break  # a blank line ends the context
        indent, item = _indent(text, spans[k][0])
        parent, _ = _indent(text, spans[k - 1][0])
        if item and parent < indent:
            k -= 1  # a nested item's parent
            continue
        if not item and gap.count("\n") == 1 and not gap.strip(" \t\n"):
            k -= 1  # a wrapped line of the same paragraph or list item
            continue
        break
    return k


def code_block_end(text: str, start: int, end: int) -> int | None:
    """Where the fenced code block holding ``start`` ends (at most ``end``), or None when
    ``start`` is in prose (`code_blocks`)."""
    for a, b in code_blocks(text):
        if a <= start < b:
            return min(end, b)
    return None


@lru_cache(maxsize=256)
def code_blocks(text: str) -> tuple[tuple[int, int], ...]:
    """The fenced code blocks of ``text`` (`fence_spans`), and the tail of a block the
    text starts inside: an indexed passage cut within a long block opens with its code
    and no fence, so when the fence lines are odd in number, a bare first one right after
    a code-like line closes that block (not opens one that would run over the prose after
    it)."""
    blocks = list(fence_spans(text))
    fences = len(_FENCE_LINE.findall(text))
    if blocks and fences % 2:
        a, b = blocks[0]
        line = text[a:b].split("\n", 1)[0].strip()
        above = [x.strip() for x in text[:a].split("\n") if x.strip()]
        if (
            line.strip("`~") == ""
            and above
            and not above[-1].endswith((".", ":", "!", "?"))
            and _CODE_LIKE.search(above[-1])
        ):
            close = text.find("\n", a)
            close = len(text) if close < 0 else close
            rest = [(x + close, y + close) for x, y in fence_spans(text[close:])]
            blocks = [(0, close), *rest]
    return tuple(blocks)


_FENCE_LINE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})", re.MULTILINE)


_INTRODUCED = re.compile(r"```|\$ |\||(?:[-*+]|\d+[.)])[ \t]+\S")


# a sentence whose subject is a pronoun, after an opening phrase at most: it continues the
# paragraph before it ("Starting with FastAPI version `0.122.0`, they use ...", "It's
# advised to use the `a2wsgi` package instead.")
PRONOUN_SUBJECT = re.compile(
    r"(?:[^,;:\n]{0,60},\s*)?(?:(?:they|it|this|these|he|she)\s|(?:it|they|he|she)['’](?:s|re)\s)",
    re.IGNORECASE,
)


# a list item, or an entry of an option list such as a --help output ("-r, --report-chars
# chars", "--verbosity=VERBOSE   Set verbosity. Default: 0."): the option, then another
# spelling of it or a column's gap
_ITEM_START = re.compile(
    r"\n[ \t]*(?=(?:[-*+]|\d+[.)])[ \t]+\S"
    r"|--?[A-Za-z][\w-]*(?:=\S+)?(?:,[ \t]+--?[A-Za-z]|[ \t]{2,}\S|[ \t]+[a-z]+[ \t]*\n))"
)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """`sleuth.text.sentences`, with a list item (or an option list's entry) starting a
    sentence of its own ("Defaults to `500`.\n- `compresslevel` - ..." is two sentences)."""
    out = []
    for s, e in sentences(text):
        start = s
        for m in _ITEM_START.finditer(text, s, e):
            if text[start : m.start()].strip():
                out.append((start, len(text[: m.start()].rstrip())))
            start = m.end()
        out.append((start, e))
    return out


def proper_words(texts: Iterable[str]) -> frozenset[str]:
    """Words a text writes capitalised where a sentence does not begin: proper nouns."""
    found: set[str] = set()
    for text in texts:
        for match in re.finditer(r"(?<=[a-z0-9,;:)] )([A-Z][\w'’-]+)", text):
            found.add(match.group(1))
            # "G. Stanley Hall's": the name is "Hall" when the sentence says it alone
            found.add(re.sub(r"['’]s?$", "", match.group(1)))
    return frozenset(found)


# "lets me VERB", "allows you to VERB": the act ("pass to waitress-serve" names a thing)
_ACT = re.compile(
    r"\b(?:lets?|allows?|enables?|helps?)\s+(?:me|you|us|one)\s+(?:to\s+)?([a-z]+)",
    re.IGNORECASE,
)


def _asked_act(frame: Frame) -> str | None:
    """The stem of the act a technical question asks the means of ("Which function lets
    me *inspect* ...?", "Which option allows you to *skip* ...?"), when it is one of its
    relation words; else None."""
    if frame.tech is None:
        return None
    found = _ACT.search(frame.text)
    if found is None:
        return None
    act = stem(found.group(1).lower())
    return act if act in frame.relation else None


def identifier_words(terms: set[str]) -> set[str]:
    """The words of the joined identifiers among ``terms`` (``flask_debug``: flask,
    debug), as stems."""
    return {
        stem(part)
        for t in terms
        if "_" in t or "." in t
        for part in re.split(r"[_.]+", t)
        if len(part) > 2
    }


# a name written in CamelCase, of two words or more ("TestClient", "BytesLoggerFactory")
_CAMEL_NAME = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b")


def camel_words(sentence: str, own: Iterable[str] = ()) -> set[str]:
    """The words of the CamelCase names of ``sentence`` ("TestClient": test, client), as
    stems: code's way of writing "the test client"; not those of a name the question
    itself gives (``own``, stems: its words are the question's, not the sentence's)."""
    asked = set(own)
    return {
        stem(part.lower())
        for name in _CAMEL_NAME.findall(sentence)
        if stem(name.lower()) not in asked
        for part in re.findall(r"[A-Z][a-z0-9]*", name)
        if len(part) > 2
    }


def _rival_spans(frame: Frame, sentence: str, start: int = 0) -> bool:
    """Whether ``sentence`` (from ``start``) has two different candidates of the frame's
    kind. A span the question itself names is no rival: "Apart from .html, .htm, .xml
    and .xhtml, which ... extension ...?" has set those aside, so "`.html`, `.htm`,
    `.xml`, `.xhtml`, as well as `.svg`" holds one candidate."""
    asked = frame.text.lower()
    spans = [
        (a, b)
        for a, b in technical.candidates(frame.tech or "", sentence, start)
        if sentence[a:b].strip("` ").lower() not in asked
    ]
    if technical.asks_many(frame.text):
        spans = technical.lists(sentence, spans)  # "names": a list is one answer
    # "the `statics` directory" for "which directory ...?": the span the sentence calls by
    # the asked noun has no rival among the others
    called = set(technical.apposed(sentence, technical.asked_nouns(frame.text), start))
    if len(called & set(spans)) == 1 and not technical.asks_many(frame.text):
        return False
    return len({sentence[a:b].strip("` ") for a, b in spans}) > 1


@dataclass(frozen=True)
class _Stated:
    """What of the question a sentence (with its section) states: the question's names
    in the sentence and in the title only, its relation words (a generic verb its kind
    says counted), and those the title alone states."""

    anchors: frozenset[str]
    anchors_in_title: frozenset[str]
    relation: frozenset[str]
    relation_in_title: frozenset[str]


# a number with a dot, as a whole: "1.5" (and "1.5.2", "1.5a4"), never "1.16" or "11.5"
_DOTTED = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?!\d)")


def _numbers_not_agreeing(question: str, sentence: str, stated: set[str]) -> set[str]:
    """The ``stated`` words that are parts of a dotted number of the question ("1" and
    "5" of "gevent 1.5") which ``sentence`` says only as parts of other numbers ("Version
    1.16 or newer of dnspython"): numbers agree, they are not merely present. A part the
    question also says alone ("1.5 ... the 5 workers") is its own word."""
    dotted = _DOTTED.findall(question)
    if not dotted:
        return set()
    alone = {w for w in words(_DOTTED.sub(" ", question)) if w.isdigit()}
    parts = {p for n in dotted for p in n.split(".")} - alone
    suspect = stated & parts
    if not suspect:
        return set()
    # the sentence's own numbers that are the question's (a release of one, "1.5.2", or
    # the series one is of, "1.5" for "1.5.0")
    agreeing = [
        n
        for n in _DOTTED.findall(sentence)
        if any(n == d or n.startswith(d + ".") or d.startswith(n + ".") for d in dotted)
    ]
    said = {p for n in agreeing for p in n.split(".")}
    # (a part a sentence says alone, "version 1", is a word it says)
    said |= {w for w in words(_DOTTED.sub(" ", sentence)) if w.isdigit()}
    return suspect - said


def _states(
    frame: Frame,
    sentence: str,
    terms: set[str],
    title_terms: set[str],
    answer_from: int = 0,
    context: bool = False,
) -> _Stated | None:
    """The question's words ``sentence`` (whose words are ``terms``) states with its
    section's (``title_terms``), or None when it does not state the question: a name
    missing, too few relation words, a default not said, the asked verb or act not its
    own. ``context``: ``terms`` holds a context's words besides the sentence's."""
    anchors_in_sentence = {a for a in frame.anchors if a in terms}
    anchors_in_title = {a for a in frame.anchors if a in title_terms} - anchors_in_sentence
    if len(anchors_in_sentence) + len(anchors_in_title) < frame.required_anchors:
        return None
    # "enabled" states "enable" and "activate"; `FLASK_DEBUG` states "debug"
    # (the question's own identifier says none of its other words: `from_prefixed_env()`
    # in a sentence is no "prefix" of "Which prefix does from_prefixed_env use?")
    parts = identifier_words(terms - set(frame.anchors)) | camel_words(sentence, frame.anchors)
    said = terms | {canon(t) for t in terms} | parts | phrase_keys(sentence)
    stated = {r for r in frame.relation if r in said or canon(r) in said}
    if not context:
        # (words a context states, a version note's heading's, are not the sentence's)
        stated -= _numbers_not_agreeing(frame.text, sentence, stated)
    # a documentation question's generic verb ("send", "use") is said by the span's kind
    light = _TECH_LIGHT | _CALL if _CALLS_ASKED.search(frame.text) else _TECH_LIGHT
    free = {r for r in frame.relation if frame.tech is not None and r in light} - stated
    relation = stated | free
    relation_in_title = {r for r in frame.relation if r in title_terms} - relation
    if len(relation) + len(relation_in_title) < frame.required_relation and (
        not frame.optional
        or len((relation | relation_in_title) - set(frame.optional)) < frame.required_asked
    ):
        # every word counted as the question says them, or, with an asker's situation,
        # the question's own words alone: the situation's never stand in for them
        return None
    # "If I create a webob Response without giving it a status, what status does it
    # have?": a question with no word of its own asks what its situation says, two of
    # whose words at least the sentence itself states (under "WebOb › Response", "To set
    # the code without the reason, use `response.status_code = 200`." says "without" only)
    if (
        frame.optional
        and len(frame.optional) == len(frame.relation)
        and len(relation) < min(2, len(frame.optional))
    ):
        return None
    # a question that asks a default ("... by default?", "... if I don't pass one?") is
    # answered by a sentence or section that says it is one: an example's value
    # ("start-server wsgi.py --processes 4") is no default, whatever else it shares
    if _DEFAULT in frame.relation and _DEFAULT not in said and _DEFAULT not in title_terms:
        return None
    # a sentence states one relation word at least; when every one is a generic verb the
    # span's kind says ("Which package provides Pydantic Settings?"), the question's names
    # in the sentence itself are what it is about ("Add the `pydantic-settings` package")
    if frame.relation and not stated and not (free and anchors_in_sentence):
        return None
    # a technical question's last word is most often a noun its section names ("... for
    # signing JWT tokens?" under "... Bearer with JWT tokens"; "Which processor renames
    # that key?" read in a sentence that calls a code span a processor, under "Renaming
    # the `event` key"); a verb ("born") must be the sentence's own
    if (
        frame.predicate is not None
        and frame.predicate not in free
        and frame.predicate not in said
        and canon(frame.predicate) not in said
        and (
            frame.predicate not in title_terms
            or (
                frame.tech is None
                and not technical.apposed(sentence, frame.head_words, answer_from)
            )
        )
    ):
        return None
    # "Which function lets me inspect ...?": the act the user asks a means for is said
    # (a sentence that binds the same pairs to a logger gets one, it inspects nothing)
    act = _asked_act(frame)
    if act is not None and act not in said and canon(act) not in said:
        return None
    return _Stated(
        frozenset(anchors_in_sentence),
        frozenset(anchors_in_title),
        frozenset(relation),
        frozenset(relation_in_title),
    )


def read_sentence(
    frame: Frame,
    url: str,
    sentence: str,
    start: int,
    title_terms: set[str],
    proper: frozenset[str] = frozenset(),
    answer_from: int = 0,
    context: set[str] | None = None,
    entry: frozenset[str] | None = None,
) -> Reading | None:
    """``sentence`` as an answer to ``frame``, or None. ``context``: the words the
    sentence states, when it states more than its own (a version note its heading's);
    ``entry``: the words of the one heading the sentence's entry is under, which a pointer
    ("This property is deprecated") stands for (`_entry_terms`; none: no pointer)."""
    if not frame.anchors and not frame.relation and not frame.renamed:
        return None  # "Who is he?": nothing to look for
    if is_injection(sentence) or sentence.rstrip(" \"')").endswith("?"):
        return None  # instructions and questions state no facts
    terms = context if context is not None else set(content_terms(sentence))
    anchors_in_sentence = {a for a in frame.anchors if a in terms}
    anchors_in_title = {a for a in frame.anchors if a in title_terms} - anchors_in_sentence
    succeeded = (
        renamed.successor(sentence, frame.renamed, answer_from, entry or frozenset())
        if frame.tech != "version"  # "`foo` was renamed. In which version?" asks when
        else None
    )
    if succeeded is not None:
        # "``pass_many`` is renamed to ``pass_collection``": the relation the question
        # asks is the sentence's own, whatever words it describes the name with (each
        # relation word is stated by it: "Which attribute should we read instead?" over
        # "Please switch to ..."), and the old name, a name the question looks for, is
        # stated by the relation itself (in the sentence, or by the heading it points at)
        total = 2.0 * len(frame.anchors) + len(frame.relation) + 2
        got = 2 * len(anchors_in_sentence) + 1.5 * len(anchors_in_title) + len(frame.relation)
        got += 2
        return Reading(
            url=url,
            start=start,
            end=start + len(sentence),
            sentence=sentence,
            value=sentence[succeeded[0] : succeeded[1]],
            score=round(got / total + 0.1, 4),
        )
    if not frame.anchors and not frame.relation:
        return None  # "X is deprecated. What should I use instead?": its successor only
    found = _states(frame, sentence, terms, title_terms, answer_from, context is not None)
    if found is None:
        return None
    relation, relation_in_title = found.relation, found.relation_in_title
    lowered = {w.lower() for w in words(sentence)}
    soft = {s for s in frame.soft if s in terms or (s in TEMPORAL and lowered & TEMPORAL)}
    question_terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    value = extract(frame, sentence, question_terms, proper, answer_from)
    if value is not None:
        value = tidy(frame, value)
    if not value:
        return None
    value = widened_to_list(frame.text, sentence, value, answer_from)
    value = widened_to_agents(frame, sentence, value, answer_from)
    unmatched = len(frame.relation) - len(relation) - len(relation_in_title)
    if unmatched and frame.tech is not None and _rival_spans(frame, sentence, answer_from):
        # "added in FastAPI 0.119.0 and removed in FastAPI 0.128.0" for "Which version
        # dropped ...?": with rivals of its kind, the word left unmatched may be the very
        # one that tells them apart
        return None
    if unmatched and frame.tech is not None and not frame.loose:
        left = set(frame.relation) - relation - relation_in_title
        modifiers = left & set(technical.kind_modifiers(frame.text))
        # (a name the page writes as one, "Celery" of "Which celery setting ...?", or
        # a folder of its address holds, "packaging" of "In which packaging release
        # ...?" on ".../packaging/licenses.rst", is the page's subject more often than a
        # word its sentences repeat; the page's own file name is its topic, no subject:
        # "management" of ".../huey/django/management.rst")
        written = {stem(p.lower()) for p in proper}
        folders = url_folder_terms(url)
        if modifiers and not modifiers & (written | folders):
            # "Which management command creates huey's tables once?": the word before the
            # asked kind says which of its kind is asked; a sentence that leaves it unsaid
            # ("(`pip install huey[stats]`), creating its tables") names another command
            return None
        if modifiers and not modifiers & written and _named_before(sentence, value):
            # the page's project, named by its folder, gives no release another name
            # gives: "... was added in setuptools 77.0." on packaging's pages
            return None
    total = 2 * len(frame.anchors) + len(frame.relation) + 0.5 * len(frame.soft) or 1.0
    got = 2 * len(anchors_in_sentence) + 1.5 * len(anchors_in_title) + len(relation)
    got += 0.5 * len(relation_in_title) + 0.5 * len(soft)
    typed = frame.answer_type is not AnswerType.OTHER or frame.tech is not None
    bonus = 0.1 if typed else 0.0
    return Reading(
        url=url,
        start=start,
        end=start + len(sentence),
        sentence=sentence,
        value=value,
        score=round(got / total + bonus, 4),
    )
