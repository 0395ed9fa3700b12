"""Dataset adapters: standard QA files turned into a corpus plus eval cases.

Three formats are read — SQuAD 2.0 JSON, HotpotQA (distractor) and MuSiQue, the last two
as a JSON list or as JSONL (one record per line) — into a `Dataset`: the pages of the
file, keyed by stable URLs, and one `EvalCase` per question with its accepted answers,
its gold pages and whether it can be answered at all.

Page URLs name the source and the paragraph title, percent-encoded only where a title has
characters that cannot stand in a readable URL (space, ``/``, ``#``, ``?``, quotes, ...;
see `url_part`):

    squad2://{article title}/p{paragraph index}
    hotpotqa://{paragraph title}
    musique://{paragraph title}

A paragraph met again with the same title and the same text is the same page; a
different text under a title already used gets ``#2``, ``#3``, ... in file order.

Two settings decide what a case may see (`Dataset.corpus_for`): *closed*, only the
case's own paragraphs (``EvalCase.pages``); *open*, every page of the file. For
multi-hop data, ``derive_unanswerable`` adds for every answerable case a copy that lacks
the gold pages that state an accepted answer (its first gold page, in paragraph order,
when none does: a yes / no comparison), marked ``derived`` and listed in ``removed``;
those pages are then missing from the case's corpus in both settings.

`export_jsonl` writes a dataset's pages and queries as the two JSONL files the search
benchmark reads.

A bad record (a missing ``context``, no paragraphs, a paragraph with no text, a field of
the wrong type, no question or answer, a repeated id, a JSONL line that is not JSON, ...)
is left out and counted: `Dataset.skipped` names each one (file, line, index and id) and
why, and the rest of the file loads. With ``strict=True`` the first bad record raises
`CorpusError` instead, in one line naming the file, the record and what is wrong. A file
that cannot be read as a whole (missing, empty, not JSON, not a list of records) or that
keeps no question is always an error.
"""

from __future__ import annotations

import io
import json
import logging
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, TypeVar
from urllib.parse import quote

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from sleuth.corpus import Corpus, Page
from sleuth.errors import CorpusError, UsageError
from sleuth.jsonl import BadLine, json_type, read_jsonl

Setting = Literal["closed", "open"]
SETTINGS: tuple[Setting, ...] = ("closed", "open")
KINDS = ("squad2", "hotpotqa", "musique")
DERIVED_SUFFIX = "::derived"
# Characters kept as they are in a page URL besides letters and digits of any script.
_URL_SAFE = "-_.~(),:!*"
_M = TypeVar("_M", bound="_In")
log = logging.getLogger("sleuth")


# --- the records ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EvalCase:
    """One question to research, with what counts as a right answer.

    ``answers`` are the accepted answers (aliases included; empty when unanswerable),
    ``gold_urls`` the pages that hold the answer (empty when unanswerable), ``pages`` the
    case's own paragraphs — what it may see in the closed setting (the open setting shows
    every page of the dataset but ``removed``). A ``derived`` case was made unanswerable
    by removing the gold page(s) in ``removed`` from an answerable one.
    """

    id: str
    question: str
    answers: list[str]
    gold_urls: list[str]
    answerable: bool
    derived: bool
    pages: list[str]
    dataset: str
    removed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Skipped:
    """A record left out of a dataset: ``record`` names it (the file, the line of a JSONL
    file, its index or path in the file, and its id when it has one), ``reason`` says
    what is wrong with it."""

    record: str
    reason: str

    def __str__(self) -> str:
        return f"{self.record}: {self.reason}"


@dataclass(frozen=True)
class Dataset:
    """The pages of a QA file (in file order, shared by both settings), its cases, and
    the bad records that were left out (``skipped``, in file order)."""

    name: str
    setting: Setting
    pages: dict[str, Page] = field(repr=False)
    cases: list[EvalCase] = field(repr=False)
    skipped: tuple[Skipped, ...] = ()

    def corpus_for(self, case: EvalCase) -> Corpus:
        """The corpus ``case`` may search: its own pages in the closed setting, every page
        of the dataset in the open one — in both, without the pages in ``case.removed``."""
        removed = frozenset(case.removed)
        if self.setting == "open":
            if not removed:
                return self._open_corpus  # one object, so its search index is built once
            return Corpus(
                name=f"{self.name}:{case.id}", pages=_PagesWithout(self._all_pages, removed)
            )
        pages: dict[str, Page] = {}
        for url in case.pages:
            page = self.pages.get(url)
            if page is None:
                raise ValueError(f"case {case.id!r} lists page {url!r}, not in {self.name}")
            if url not in removed:
                pages[url] = page
        return Corpus(name=f"{self.name}:{case.id}", pages=pages)

    @cached_property
    def _open_corpus(self) -> Corpus:
        return Corpus(name=self.name, pages=self._all_pages)

    @cached_property
    def _all_pages(self) -> Mapping[str, Page]:
        """A read-only view of every page, shared by the open corpora (no copy)."""
        return MappingProxyType(self.pages)


class _PagesWithout(Mapping[str, Page]):
    """A read-only view of ``pages`` that lacks the URLs in ``removed`` (no copy)."""

    def __init__(self, pages: Mapping[str, Page], removed: frozenset[str]) -> None:
        self._pages = pages
        self._removed = removed & pages.keys()

    def __getitem__(self, url: str) -> Page:
        if url in self._removed:
            raise KeyError(url)
        return self._pages[url]

    def __iter__(self) -> Iterator[str]:
        return (url for url in self._pages if url not in self._removed)

    def __len__(self) -> int:
        return len(self._pages) - len(self._removed)


# --- loading -------------------------------------------------------------------------------


def load_dataset(
    spec: str,
    setting: str = "closed",
    limit: int | None = None,
    derive_unanswerable: bool = False,
    strict: bool = False,
) -> Dataset:
    """Load ``squad2:PATH``, ``hotpotqa:PATH`` or ``musique:PATH`` in ``setting``,
    keeping the first ``limit`` questions; ``derive_unanswerable`` is for multi-hop data;
    ``strict`` makes the first bad record an error instead of a skipped one."""
    kind, sep, path = spec.partition(":")
    if not sep or kind not in KINDS or not path:
        raise CorpusError(f"unknown dataset {spec!r}: give {', '.join(k + ':PATH' for k in KINDS)}")
    if kind == "squad2":
        if derive_unanswerable:
            raise UsageError(
                "squad2 has its own unanswerable questions; deriving them is for hotpotqa "
                "and musique"
            )
        return load_squad2(path, setting=setting, limit=limit, strict=strict)
    load = load_hotpotqa if kind == "hotpotqa" else load_musique
    return load(
        path,
        setting=setting,
        limit=limit,
        derive_unanswerable=derive_unanswerable,
        strict=strict,
    )


class _In(BaseModel):
    model_config = ConfigDict(extra="ignore")


class _SquadAnswer(_In):
    text: str


class _SquadQuestion(_In):
    id: str
    question: str
    answers: list[_SquadAnswer] = []
    is_impossible: bool = False


class _SquadParagraph(_In):
    context: str
    qas: list[Any] = []


class _SquadArticle(_In):
    title: str
    paragraphs: list[Any]


def load_squad2(
    path: str | Path, setting: str = "closed", limit: int | None = None, strict: bool = False
) -> Dataset:
    """Load a SQuAD 2.0 JSON file: one page per paragraph (``squad2://TITLE/pN``), one
    case per question; ``is_impossible`` questions are unanswerable with no gold page.
    A bad article, paragraph (with its questions) or question is skipped, or with
    ``strict`` an error."""
    load = _Load.of("squad2", path, setting, limit, strict)
    where, problems, table = load.where, load.problems, load.table
    raw = _parse_json(where, _read(where))
    if not isinstance(raw, dict):
        raise CorpusError(
            f"{where}: expected a SQuAD 2.0 JSON object with a 'data' list, "
            f"got a JSON {json_type(raw)}"
        )
    if not isinstance(raw.get("data"), list):
        got = "nothing" if "data" not in raw else f"a JSON {json_type(raw['data'])}"
        raise CorpusError(f"{where}: data: expected a list of articles, got {got}")
    for _, article_at, article in load.each(_SquadArticle, raw["data"], f"{where}: data"):
        if not article.paragraphs:
            problems.bad(article_at, "paragraphs: the article has no paragraphs")
        paragraphs = load.each(_SquadParagraph, article.paragraphs, f"{article_at}.paragraphs")
        for number, at, paragraph in paragraphs:
            if not paragraph.context.strip():
                problems.bad(at, "context: the paragraph has no text")
                continue
            url = table.add(
                f"squad2://{url_part(article.title)}/p{number}", article.title, paragraph.context
            )
            for _, label, qa in load.each(_SquadQuestion, paragraph.qas, f"{at}.qas", True):
                answers = [] if qa.is_impossible else _unique(x.text for x in qa.answers)
                if not qa.question.strip():
                    problems.bad(label, "question: empty")
                    continue
                if not qa.is_impossible and not answers:
                    problems.bad(label, "answers: none given, but is_impossible is false")
                    continue
                if not load.ids.add(qa.id, label, problems):
                    continue
                load.add(qa.id, qa.question, answers, [url] if answers else [], [url])
    return load.dataset()


class _Record(_In):
    """A record of a JSON list or JSONL file: one question."""

    id: str

    def problem(self) -> str | None:
        """Why the record is bad, beyond its fields' types; None when it is good."""
        raise NotImplementedError


class _HotpotRecord(_Record):
    id: str = Field(validation_alias=AliasChoices("_id", "id"))
    question: str
    answer: str
    supporting_facts: list[tuple[str, int]]
    context: list[tuple[str, list[str]]]

    @cached_property
    def paragraphs(self) -> list[tuple[str, str]]:
        """The context's paragraphs as (title, text)."""
        return [(title, join_sentences(sentences)) for title, sentences in self.context]

    def problem(self) -> str | None:
        titles = {title for title, _ in self.paragraphs}
        return (
            _blank(self.question, "question")
            or _blank(self.answer, "answer")
            or _no_paragraphs(self.paragraphs, "context")
            or next(
                (
                    f"supporting_facts: title {title!r} is not in the context"
                    for title, _ in self.supporting_facts
                    if title not in titles
                ),
                None,
            )
        )


def load_hotpotqa(
    path: str | Path,
    setting: str = "closed",
    limit: int | None = None,
    derive_unanswerable: bool = False,
    strict: bool = False,
) -> Dataset:
    """Load HotpotQA (distractor) records from a JSON list or JSONL: one page per context
    paragraph (``hotpotqa://TITLE``, its sentences joined by one space), gold pages from
    the ``supporting_facts`` titles; every question is answerable. A bad record is
    skipped, or with ``strict`` an error."""
    load = _Load.of("hotpotqa", path, setting, limit, strict)
    for record in load.records(_HotpotRecord):
        urls: list[str] = []
        by_title: dict[str, list[str]] = {}
        for title, text in record.paragraphs:
            url = load.table.add(f"hotpotqa://{url_part(title)}", title, text)
            by_title.setdefault(title, []).append(url)
            urls.append(url)
        gold = {url for title, _ in record.supporting_facts for url in by_title[title]}
        pages = _unique(urls)
        answers = _unique([record.answer])
        gold_urls = [u for u in pages if u in gold]
        load.add(record.id, record.question, answers, gold_urls, pages, answerable=True)
    return load.dataset(derive_unanswerable)


class _MusiqueParagraph(_In):
    title: str
    paragraph_text: str
    is_supporting: bool = False


class _MusiqueRecord(_Record):
    question: str
    answer: str
    answer_aliases: list[str] = []
    answerable: bool = True
    paragraphs: list[_MusiqueParagraph]

    @property
    def answers(self) -> list[str]:
        """The answer and its aliases; none when the question is unanswerable."""
        return _unique([self.answer, *self.answer_aliases]) if self.answerable else []

    def problem(self) -> str | None:
        return (
            _blank(self.question, "question")
            or ("answer: empty" if self.answerable and not self.answers else None)
            or _no_paragraphs([(p.title, p.paragraph_text) for p in self.paragraphs], "paragraphs")
        )


def load_musique(
    path: str | Path,
    setting: str = "closed",
    limit: int | None = None,
    derive_unanswerable: bool = False,
    strict: bool = False,
) -> Dataset:
    """Load MuSiQue records from a JSON list or JSONL: one page per paragraph
    (``musique://TITLE``), gold pages those with ``is_supporting``, answers the answer
    plus its aliases; ``answerable`` comes from the file (true when absent). A bad
    record is skipped, or with ``strict`` an error."""
    load = _Load.of("musique", path, setting, limit, strict)
    for record in load.records(_MusiqueRecord):
        urls: list[str] = []
        gold: set[str] = set()
        for paragraph in record.paragraphs:
            title, text = paragraph.title, paragraph.paragraph_text
            url = load.table.add(f"musique://{url_part(title)}", title, text)
            urls.append(url)
            if paragraph.is_supporting:
                gold.add(url)
        pages = _unique(urls)
        gold_urls = [u for u in pages if u in gold] if record.answerable else []
        load.add(record.id, record.question, record.answers, gold_urls, pages, record.answerable)
    return load.dataset(derive_unanswerable)


def _blank(text: str, name: str) -> str | None:
    """Why a record is bad when its ``name`` field is blank, else None."""
    return None if text.strip() else f"{name}: empty"


def _no_paragraphs(paragraphs: list[tuple[str, str]], name: str) -> str | None:
    """Why a record is bad when it has no paragraph, or one without text, else None."""
    if not paragraphs:
        return f"{name}: no paragraphs"
    for n, (title, text) in enumerate(paragraphs):
        if not text.strip():
            return f"{name}[{n}]: the paragraph {title!r} has no text"
    return None


def join_sentences(sentences: list[str]) -> str:
    """A HotpotQA paragraph from its sentences, each kept verbatim: one space between
    two sentences unless one already has whitespace there; empty sentences are skipped."""
    parts: list[str] = []
    for sentence in sentences:
        if not sentence:
            continue
        if parts and not parts[-1][-1].isspace() and not sentence[0].isspace():
            parts.append(" ")
        parts.append(sentence)
    return "".join(parts)


def _derive(cases: list[EvalCase], pages: Mapping[str, Page]) -> list[EvalCase]:
    """Each case followed, when it is answerable and has a gold page, by a derived
    unanswerable copy whose pages lack the gold pages that state an accepted answer
    (`_removed`)."""
    out: list[EvalCase] = []
    for case in cases:
        out.append(case)
        if not case.answerable or not case.gold_urls:
            continue
        removed = _removed(case, pages)
        out.append(
            EvalCase(
                id=case.id + DERIVED_SUFFIX,
                question=case.question,
                answers=[],
                gold_urls=[],
                answerable=False,
                derived=True,
                pages=[u for u in case.pages if u not in removed],
                dataset=case.dataset,
                removed=removed,
            )
        )
    return out


def _removed(case: EvalCase, pages: Mapping[str, Page]) -> list[str]:
    """The gold pages a derived copy lacks: every one whose text states an accepted answer
    (as a whole word, case aside), so that no page left states it ("How to Eat, released
    in which year, ...?" is still answered by the page "How to Eat" when only the first
    gold page, Nigella Lawson's, is taken away); the first gold page (in paragraph order)
    when none does (a yes / no comparison)."""
    patterns = [
        re.compile(rf"(?<!\w){re.escape(a.strip())}(?!\w)", re.IGNORECASE)
        for a in case.answers
        if a.strip() and a.strip().lower() not in ("yes", "no")
    ]
    stating = [
        url
        for url in case.gold_urls
        if url in pages and any(p.search(pages[url].body) for p in patterns)
    ]
    return stating or case.gold_urls[:1]


# --- export --------------------------------------------------------------------------------


def export_jsonl(
    dataset: Dataset, pages_path: str | Path, queries_path: str | Path
) -> tuple[int, int]:
    """Write the benchmark's two inputs: every page as ``{"url", "title", "body"}`` (the
    JSONL that ``--corpus`` reads) and, for each answerable case with a gold page,
    ``{"query": question, "relevant": gold_urls}``; both in dataset order. Returns the
    number of pages and of queries written."""
    page_lines = [
        json.dumps({"url": p.url, "title": p.title, "body": p.body}, ensure_ascii=False)
        for p in dataset.pages.values()
    ]
    query_lines = [
        json.dumps({"query": c.question, "relevant": c.gold_urls}, ensure_ascii=False)
        for c in dataset.cases
        if c.answerable and c.gold_urls
    ]
    _write_lines(Path(pages_path), page_lines)
    _write_lines(Path(queries_path), query_lines)
    return len(page_lines), len(query_lines)


def _write_lines(path: Path, lines: list[str]) -> None:
    """Write ``lines`` to ``path`` through a temporary file, so a failure leaves no half
    file behind."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write: {_one_line(str(exc))}") from None


# --- helpers -------------------------------------------------------------------------------


class _PageTable:
    """Pages in file order, one per distinct (title, text) under a base URL; a new text
    under a base URL already used gets ``#2``, ``#3``, ..."""

    def __init__(self) -> None:
        self.pages: dict[str, Page] = {}
        self._urls: dict[tuple[str, str, str], str] = {}
        self._uses: dict[str, int] = {}

    def add(self, base: str, title: str, body: str) -> str:
        """The URL of the page (``title``, ``body``) under ``base``, added if new."""
        key = (base, title, body)
        url = self._urls.get(key)
        if url is None:
            uses = self._uses.get(base, 0) + 1
            self._uses[base] = uses
            url = base if uses == 1 else f"{base}#{uses}"
            self._urls[key] = url
            self.pages[url] = Page(url=url, title=title, body=body)
        return url


class _Ids:
    """Case ids seen so far in one file; a repeated id makes its record bad."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def add(self, case_id: str, label: str, problems: _Problems) -> bool:
        """Note ``case_id``; False (the record reported to ``problems``) when it was
        seen before."""
        if case_id in self._seen:
            problems.bad(label, f"id: {case_id!r} appears twice in the file")
            return False
        self._seen.add(case_id)
        return True


class _Problems:
    """The bad records of one file: each skipped and counted, or with ``strict`` the
    first one an error."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.skipped: list[Skipped] = []

    def bad(self, record: str, reason: str) -> None:
        """``record`` is bad for ``reason``: skip it, or raise when strict."""
        reason = _one_line(reason)
        if self.strict:
            raise CorpusError(f"{record}: {reason} (--strict: no record is skipped)")
        self.skipped.append(Skipped(record, reason))
        log.info("skipped %s: %s", record, reason)

    def check(self, model: type[_M], raw: Any, label: str) -> _M | None:
        """``raw`` read as ``model``, or None when it is not one (reported as bad, by its
        first problem)."""
        if not isinstance(raw, dict):
            self.bad(label, f"expected a JSON object, got a JSON {json_type(raw)}")
            return None
        try:
            return model.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            self.bad(label, f"{_path_of(first['loc']) or 'record'}: {first['msg']}")
            return None


_R = TypeVar("_R", bound=_Record)


@dataclass
class _Load:
    """One file being loaded: its dataset's name, setting and limit, and the pages,
    cases, ids and bad records so far."""

    where: Path
    name: str
    setting: Setting
    limit: int | None
    problems: _Problems
    table: _PageTable = field(default_factory=_PageTable)
    cases: list[EvalCase] = field(default_factory=list)
    ids: _Ids = field(default_factory=_Ids)

    @classmethod
    def of(
        cls, kind: str, path: str | Path, setting: str, limit: int | None, strict: bool
    ) -> _Load:
        """A load of ``path`` as ``kind``, the setting and limit checked."""
        where = Path(path)
        mode, checked = _setting(setting), _limit(limit)
        return cls(where, f"{kind}:{where.name}", mode, checked, _Problems(strict))

    def full(self) -> bool:
        """Whether the limit of questions is reached."""
        return self.limit is not None and len(self.cases) >= self.limit

    def each(
        self, model: type[_M], items: list[Any], where: str, noted: bool = False
    ) -> Iterator[tuple[int, str, _M]]:
        """The good ``model`` items of the list at ``where``, each with its index and its
        label (``where[n]``, and with ``noted`` the item's id when it has one), until the
        limit (a bad one is reported, and skipped)."""
        for n, item in enumerate(items):
            if self.full():
                return
            at = f"{where}[{n}]" + (_id_note(item) if noted else "")
            checked = self.problems.check(model, item, at)
            if checked is not None:
                yield n, at, checked

    def records(self, model: type[_R]) -> Iterator[_R]:
        """The records of a JSON list or JSONL file that are good ``model`` records with a
        new id (the others are bad records), until the caller has added the limit's
        cases (one a record)."""
        for label, raw in _records(self.where, self.problems):
            record = self.problems.check(model, raw, label)
            if record is None:
                continue
            reason = record.problem()
            if reason is not None:
                self.problems.bad(label, reason)
                continue
            if not self.ids.add(record.id, label, self.problems):
                continue
            yield record
            if self.full():
                break

    def add(
        self,
        case_id: str,
        question: str,
        answers: list[str],
        gold_urls: list[str],
        pages: list[str],
        answerable: bool | None = None,
    ) -> None:
        """A case from the file (not derived); answerable, unless said, when it has
        answers."""
        self.cases.append(
            EvalCase(
                id=case_id,
                question=question,
                answers=answers,
                gold_urls=gold_urls,
                answerable=bool(answers) if answerable is None else answerable,
                derived=False,
                pages=pages,
                dataset=self.name,
            )
        )

    def dataset(self, derive_unanswerable: bool = False) -> Dataset:
        """The loaded dataset (with the derived cases when asked); a file that keeps no
        question is an error."""
        cases = _derive(self.cases, self.table.pages) if derive_unanswerable else self.cases
        problems = self.problems
        if not cases:
            if problems.skipped:
                raise CorpusError(
                    f"{self.where}: no good record: all {len(problems.skipped)} were skipped "
                    f"(the first: {problems.skipped[0]})"
                )
            raise CorpusError(f"{self.where}: the file has no questions")
        return Dataset(
            name=self.name,
            setting=self.setting,
            pages=self.table.pages,
            cases=cases,
            skipped=tuple(problems.skipped),
        )


def _setting(value: str) -> Setting:
    """``value`` checked to be a setting ("closed" or "open")."""
    for setting in SETTINGS:
        if value == setting:
            return setting
    raise UsageError(f"unknown setting {value!r}: use closed or open")


def _limit(value: int | None) -> int | None:
    """``value`` checked to be None (no limit) or a positive number of questions."""
    if value is not None and (isinstance(value, bool) or value < 1):
        raise UsageError(f"limit must be a positive number of questions, not {value!r}")
    return value


def url_part(title: str) -> str:
    """``title`` as it stands in a page URL: letters (any script), digits and
    ``-_.~(),:!*`` kept, every other character percent-encoded as UTF-8, so
    ``urllib.parse.unquote`` gives the title back."""
    return "".join(ch if ch.isalnum() or ch in _URL_SAFE else quote(ch, safe="") for ch in title)


def _unique(values: Any) -> list[str]:
    """The non-blank strings of ``values``, first occurrences only, in order."""
    return list(dict.fromkeys(v for v in values if v.strip()))


def _read(path: Path) -> str:
    """The text of ``path`` (UTF-8, BOM allowed); missing, unreadable or empty is an error."""
    return _decoded(path, _read_bytes(path))


def _read_bytes(path: Path) -> bytes:
    """The bytes of ``path``; missing, unreadable or empty (but for a BOM and
    whitespace) is an error."""
    if not path.exists():
        raise CorpusError(f"{path}: no such file")
    if path.is_dir():
        raise CorpusError(f"{path}: is a folder; give a .json or .jsonl file")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read: {_one_line(str(exc))}") from None
    if not data.removeprefix(b"\xef\xbb\xbf").strip():
        raise CorpusError(f"{path}: the file is empty")
    return data


def _decoded(path: Path, data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{path}: cannot read: {_one_line(str(exc))}") from None
    if not text.strip():
        raise CorpusError(f"{path}: the file is empty")
    return text


def _parse_json(path: Path, text: str) -> Any:
    """``text`` parsed as one JSON document; invalid JSON is an error naming ``path``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path}: not valid JSON: {exc}") from None


def _records(path: Path, problems: _Problems) -> Iterator[tuple[str, Any]]:
    """The records of a JSON list or JSONL file, each with a label that names the file
    (and line) and the record index (and id); a JSONL line that is not JSON is a bad
    record. JSONL is a ``.jsonl`` file or one whose text starts with ``{``."""
    raw = _read_bytes(path)
    starts = raw.removeprefix(b"\xef\xbb\xbf").lstrip()[:1]
    if path.suffix.lower() != ".jsonl" and starts != b"{":
        data = _parse_json(path, _decoded(path, raw))
        if not isinstance(data, list):
            raise CorpusError(
                f"{path}: expected a JSON list of records (or JSONL, one per line), "
                f"got a JSON {json_type(data)}"
            )
        for index, record in enumerate(data):
            yield f"{path}: record {index}{_id_note(record)}", record
        return
    lines = read_jsonl(io.BytesIO(raw), expect=None)  # `sleuth.jsonl`'s rules
    for index, item in enumerate(lines):
        if isinstance(item, BadLine):
            if item.line is None:  # the file as a whole
                raise CorpusError(f"{item.where(path)}: {item.message}")
            problems.bad(item.where(path), item.message)
            continue
        lineno, record = item
        yield f"{path}:{lineno}: record {index}{_id_note(record)}", record


def _id_note(record: Any) -> str:
    """`` (id 'X')`` for a record with an ``_id`` or ``id``, else nothing."""
    if isinstance(record, dict):
        for key in ("_id", "id"):
            value = record.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool):
                return f" (id {str(value)!r})"
    return ""


def _path_of(loc: Any) -> str:
    """A pydantic error location as a path: ``("paragraphs", 0, "title")`` ->
    ``paragraphs[0].title``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")


def _one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines included) made one space."""
    return " ".join(text.split())
