"""Conformance of the finish validator on real questions: correct finishes in many
phrasings, violations in many families.

From SQuAD 2.0, HotpotQA and MuSiQue files (the shared data's format) this builds, per
answerable question, a small run: the pages it opened (the gold ones and a distractor),
pages it did not open, and a verbatim evidence sentence of a gold page that states the
answer. Then:

* `correct_finishes` writes the right answer the ways models write it (``FAMILIES``):
  lead-ins, restatements, markdown, number and date forms, typography, quotes differing
  from the page only in whitespace or Unicode variants, answers across two pages…
  Every one of them must be accepted.
* `violations` breaks the contract one way each (``VIOLATIONS``): invented names,
  wrong numbers, names from pages that were not opened, altered or stitched quotes, a
  true quote with a wrong answer, negated or flipped claims… Every one must be rejected.

The cases are built from the data alone: nothing here calls the validator, so the
generator cannot be shaped by what the validator happens to accept. `run` applies the
validator and tallies a table per family. Seeds are fixed: the same files give the same
finishes.
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote as urlquote

from sleuth.corpus import Page
from sleuth.state import OpenedPage
from sleuth.text import sentences, stem
from sleuth.validate import Validated, validate_finish

Payload = dict[str, Any]


@dataclass(frozen=True)
class Case:
    """One answerable question and the run it was researched in."""

    dataset: str
    qid: str
    question: str
    answer: str
    pages: dict[str, Page]  # opened in the run, gold first
    unopened: dict[str, Page]  # in the corpus, never opened
    quotes: tuple[tuple[str, str], ...]  # (url, verbatim sentence); the first states the answer
    others: tuple[str, ...] = ()  # answers to other questions of the same file
    comparison: bool = False  # the question asks to choose between entities it names

    @property
    def yes_no(self) -> bool:
        return self.answer.lower() in ("yes", "no")

    @property
    def cited(self) -> list[str]:
        return list(dict.fromkeys(url for url, _ in self.quotes))

    def opened(self) -> dict[str, OpenedPage]:
        out = {}
        for step, (url, page) in enumerate(self.pages.items(), start=2):
            shown = OpenedPage(page=page, opened_step=step)
            shown.mark_seen(0, len(page.body), step)
            out[url] = shown
        return out


@dataclass(frozen=True)
class Finish:
    family: str
    case: Case
    payload: Payload
    correct: bool


# --- loading the shared data -------------------------------------------------------------


def load_squad(path: Path, name: str, *, limit: int | None = None) -> list[Case]:
    """Answerable SQuAD 2.0 questions: each paragraph is a page."""
    data = json.loads(path.read_text(encoding="utf-8"))
    paragraphs = [p for article in data["data"] for p in article["paragraphs"]]
    title = data["data"][0].get("title", name)
    pages = [
        Page(f"https://squad.example/{name}/p{i}", f"{title} ({i})", p["context"])
        for i, p in enumerate(paragraphs)
    ]
    answers = [
        qa["answers"][0]["text"]
        for p in paragraphs
        for qa in p["qas"]
        if qa["answers"] and not qa.get("is_impossible")
    ]
    cases: list[Case] = []
    for i, paragraph in enumerate(paragraphs):
        for qa in paragraph["qas"]:
            if qa.get("is_impossible") or not qa["answers"]:
                continue
            gold = qa["answers"][0]
            sentence = _sentence_at(paragraph["context"], gold["answer_start"], gold["text"])
            if sentence is None:
                continue
            rng = random.Random(f"{name}:{qa['id']}")
            rest = [p for j, p in enumerate(pages) if j != i]
            picked = rng.sample(rest, min(4, len(rest)))
            cases.append(
                Case(
                    dataset=name,
                    qid=qa["id"],
                    question=qa["question"].strip(),
                    answer=gold["text"].strip(),
                    pages={p.url: p for p in [pages[i], *picked[:2]]},
                    unopened={p.url: p for p in picked[2:]},
                    quotes=((pages[i].url, sentence),),
                    others=tuple(a for a in answers if a != gold["text"]),
                )
            )
    return cases[:limit]


def _sentence_at(context: str, start: int, answer: str) -> str | None:
    """The sentence(s) of ``context`` that contain the answer span."""
    end = start + len(answer)
    if context[start:end] != answer:
        return None
    spans = [s for s in sentences(context) if s[0] < end and start < s[1]]
    if not spans:
        return None
    return context[spans[0][0] : spans[-1][1]]


def load_hotpotqa(path: Path, *, limit: int | None = None) -> list[Case]:
    """HotpotQA (distractor setting): each context title is a page; the supporting
    sentences are the quotes. Questions whose answer no supporting page states verbatim
    (a paraphrased answer) are left out: no correct finish could quote them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    answers = [d["answer"] for d in data if d["answer"] not in ("yes", "no")]
    cases: list[Case] = []
    for item in data:
        sents = {title: [s.strip() for s in ss] for title, ss in item["context"]}
        pages = {
            t: Page(_url("hotpotqa", t), t, " ".join(s for s in ss if s)) for t, ss in sents.items()
        }
        support = [(t, n) for t, n in item["supporting_facts"] if t in sents and n < len(sents[t])]
        titles = list(dict.fromkeys(t for t, _ in support))
        if len(titles) < 2:
            continue
        quotes = [(t, sents[t][n]) for t, n in support if sents[t][n]]
        answer = item["answer"].strip()
        if answer.lower() not in ("yes", "no"):
            holder = _answer_sentence(answer, [(t, s) for t in titles for s in sents[t] if s])
            if holder is None:
                continue
            quotes = [holder, *(q for q in quotes if q != holder)]
        others_t = [t for t in sents if t not in titles]
        rng = random.Random(f"hotpotqa:{item['_id']}")
        rng.shuffle(others_t)
        opened = [*titles, *others_t[:1]]
        cases.append(
            Case(
                dataset="hotpotqa",
                qid=item["_id"],
                question=item["question"].strip(),
                answer=answer,
                pages={pages[t].url: pages[t] for t in opened},
                unopened={pages[t].url: pages[t] for t in others_t[1:3]},
                quotes=tuple((pages[t].url, s) for t, s in quotes),
                others=tuple(a for a in answers if a != answer),
                comparison=item.get("type") == "comparison" or " or " in item["question"],
            )
        )
    return cases[:limit]


def load_musique(path: Path, *, limit: int | None = None) -> list[Case]:
    """MuSiQue-Ans: paragraphs are pages; the supporting ones are opened. The quote that
    states the answer is its sentence in a supporting paragraph; each other supporting
    paragraph adds the sentence naming its hop's answer (or its first sentence)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    answers = [d["answer"] for d in data]
    cases: list[Case] = []
    for item in data:
        if not item.get("answerable", True):
            continue
        paras = item["paragraphs"]
        pages = [
            Page(_url("musique", f"{p['title']}#{p['idx']}"), p["title"], p["paragraph_text"])
            for p in paras
        ]
        support = [n for n, p in enumerate(paras) if p["is_supporting"]]
        answer = item["answer"].strip()
        split = {n: [pages[n].body[a:b] for a, b in sentences(pages[n].body)] for n in support}
        holder = _answer_sentence(answer, [(n, s) for n in support for s in split[n]])
        if holder is None:
            continue
        hops = [h.get("answer", "") for h in item.get("question_decomposition", [])]
        quotes = [holder]
        for n in support:
            if n == holder[0]:
                continue
            found = next(
                (
                    q
                    for h in hops
                    if h
                    for q in [_answer_sentence(h, [(n, s) for s in split[n]])]
                    if q
                ),
                None,
            )
            quotes.append(found or (n, split[n][0]))
        rest = [n for n in range(len(paras)) if n not in support]
        rng = random.Random(f"musique:{item['id']}")
        rng.shuffle(rest)
        opened = [*support, *rest[:1]]
        cases.append(
            Case(
                dataset="musique",
                qid=item["id"],
                question=item["question"].strip(),
                answer=answer,
                pages={pages[n].url: pages[n] for n in opened},
                unopened={pages[n].url: pages[n] for n in rest[1:3]},
                quotes=tuple((pages[n].url, s) for n, s in quotes),
                others=tuple(a for a in answers if a != answer),
            )
        )
    return cases[:limit]


def _url(kind: str, title: str) -> str:
    return f"https://{kind}.example/{urlquote(title.replace(' ', '_'), safe='_#()')}"


def _answer_sentence(answer: str, candidates: Sequence[tuple[Any, str]]) -> tuple[Any, str] | None:
    """The first candidate sentence that contains ``answer`` as written (case aside)."""
    pattern = re.compile(rf"(?<!\w){re.escape(answer.lower())}(?!\w)")
    for key, sentence in candidates:
        if pattern.search(sentence.lower()):
            return key, sentence
    return None


def load_shared(data_dir: Path, *, limit: int | None = None) -> dict[str, list[Case]]:
    """Every dataset of the shared data folder that is present, by name."""
    loaders: dict[str, Callable[[], list[Case]]] = {
        "normans": lambda: load_squad(data_dir / "squad2-dev-normans.json", "normans", limit=limit),
        "rhine": lambda: load_squad(data_dir / "squad2-dev-rhine.json", "rhine", limit=limit),
        "hotpotqa": lambda: load_hotpotqa(
            data_dir / "hotpotqa-train100-distractor.json", limit=limit
        ),
        "musique": lambda: load_musique(data_dir / "musique-ans-train100.json", limit=limit),
    }
    files = {
        "normans": "squad2-dev-normans.json",
        "rhine": "squad2-dev-rhine.json",
        "hotpotqa": "hotpotqa-train100-distractor.json",
        "musique": "musique-ans-train100.json",
    }
    return {name: load() for name, load in loaders.items() if (data_dir / files[name]).exists()}


# --- correct finishes --------------------------------------------------------------------


def _payload(answer: str, citations: Sequence[str], evidence: str | list[str]) -> Payload:
    return {
        "answer": answer,
        "citations": list(citations),
        "cannot_answer": False,
        "evidence": evidence,
    }


def _plain(case: Case, answer: str) -> Payload:
    return _payload(answer, case.cited, [s for _, s in case.quotes])


Family = Callable[[Case, random.Random], Payload | None]


def _answer_family(template: str) -> Family:
    def family(case: Case, rng: random.Random) -> Payload:
        return _plain(case, template.format(a=case.answer, url=case.cited[0]))

    return family


_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS_WORDS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_in_words(n: int) -> str:
    """English words for 0 <= n < 1,000,000 ("one thousand two hundred and six")."""
    if n < 20:
        return _NUMBER_WORDS[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        return _TENS_WORDS[tens] + (f"-{_NUMBER_WORDS[unit]}" if unit else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_NUMBER_WORDS[hundreds]} hundred" + (
            f" and {number_in_words(rest)}" if rest else ""
        )
    thousands, rest = divmod(n, 1000)
    return f"{number_in_words(thousands)} thousand" + (f" {number_in_words(rest)}" if rest else "")


_DIGITS = re.compile(r"(?<![^\s(])(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?=[\s);:]|[.,](?!\d)|$)")


def _number_forms(case: Case, rng: random.Random) -> Payload | None:
    """ "1,000" / "1000" / "one thousand", "3.5" / "3½": one number of the answer rewritten."""
    found = list(_DIGITS.finditer(case.answer))
    if not found:
        return None
    match = rng.choice(found)
    text = match.group(0)
    value = float(text.replace(",", ""))
    choices = []
    if "," in text:
        choices.append(text.replace(",", ""))
    elif value >= 1000 and value == int(value) and not (1000 <= value <= 2100):
        choices.append(f"{int(value):,}")
    if value == int(value) and value < 1_000_000 and not (1000 <= value <= 2100):
        choices.append(number_in_words(int(value)))
    if value != int(value) and value * 2 == int(value * 2):
        choices.append(f"{int(value)}½")
    if not choices:
        return None
    written = rng.choice(choices)
    return _plain(case, case.answer[: match.start()] + written + case.answer[match.end() :])


_MONTHS = (
    "January February March April May June July August September October November December".split()
)
_DATE_DMY = re.compile(r"\b(\d{1,2}) (" + "|".join(_MONTHS) + r"),? (\d{4})\b")
_DATE_MDY = re.compile(r"\b(" + "|".join(_MONTHS) + r") (\d{1,2}),? (\d{4})\b")


def _date_forms(case: Case, rng: random.Random) -> Payload | None:
    """4 July 1776 / July 4, 1776 / 1776-07-04."""
    for pattern, order in ((_DATE_DMY, "dmy"), (_DATE_MDY, "mdy")):
        match = pattern.search(case.answer)
        if not match:
            continue
        if order == "dmy":
            day, month, year = match.group(1), match.group(2), match.group(3)
        else:
            month, day, year = match.group(1), match.group(2), match.group(3)
        iso = f"{year}-{_MONTHS.index(month) + 1:02d}-{int(day):02d}"
        other = f"{month} {day}, {year}" if order == "dmy" else f"{day} {month} {year}"
        written = rng.choice([iso, other])
        return _plain(case, case.answer[: match.start()] + written + case.answer[match.end() :])
    return None


def _restate_question(case: Case, rng: random.Random) -> Payload:
    """The answer as a full sentence reusing the question's words."""
    body = case.question.rstrip(" ?")
    form = rng.choice(
        ["{q}: {a}.", "To the question {q}, the answer is {a}.", "{a} — that is, {q}."]
    )
    return _plain(case, form.format(q=body[:1].lower() + body[1:], a=case.answer))


def _sentence_answer(case: Case, rng: random.Random) -> Payload:
    """The answer is the evidence sentence itself."""
    return _plain(case, case.quotes[0][1])


def _hyphenation(case: Case, rng: random.Random) -> Payload | None:
    words = case.answer.split()
    if "-" in case.answer:
        return _plain(case, case.answer.replace("-", " "))
    if len(words) > 1 and all(w.isalnum() for w in words):
        return _plain(case, "-".join(words))
    return None


def _nb_hyphens(case: Case, rng: random.Random) -> Payload | None:
    """U+2011 for every hyphen, in the answer and the quotes."""
    if not any("-" in s for _, s in case.quotes) and "-" not in case.answer:
        return None
    nb = "\u2011"
    return _payload(
        case.answer.replace("-", nb), case.cited, [s.replace("-", nb) for _, s in case.quotes]
    )


def _diacritics(case: Case, rng: random.Random) -> Payload | None:
    """Accents dropped from the answer, or the answer and quotes decomposed (NFD)."""
    if case.answer.isascii() and all(s.isascii() for _, s in case.quotes):
        return None
    if not case.answer.isascii() and rng.random() < 0.5:
        stripped = "".join(
            c for c in unicodedata.normalize("NFKD", case.answer) if not unicodedata.combining(c)
        )
        return _plain(case, stripped)
    nfd = [unicodedata.normalize("NFD", s) for _, s in case.quotes]
    return _payload(unicodedata.normalize("NFD", case.answer), case.cited, nfd)


def _curly(case: Case, rng: random.Random) -> Payload:
    def curl(text: str) -> str:
        text = re.sub(r"(\w)'(\w)", "\\1’\\2", text)
        text = re.sub(r'"(\w)', "“\\1", text)
        return re.sub(r'"', "”", text)

    return _payload(f"“{curl(case.answer)}”", case.cited, [curl(s) for _, s in case.quotes])


def _apostrophes(case: Case, rng: random.Random) -> Payload | None:
    """Typographic apostrophes and primes where the page writes straight ones."""
    if not any("'" in s for _, s in case.quotes) and "'" not in case.answer:
        return None
    mark = rng.choice(["’", "‘", "ʼ", "′"])
    quotes = [s.replace("'", mark) for _, s in case.quotes]
    return _payload(case.answer.replace("'", mark), case.cited, quotes)


def _dashes(case: Case, rng: random.Random) -> Payload:
    dash = rng.choice(["–", "—", "\u2212", " - ", " -- "])
    quotes = [re.sub(r"\s*[-–—]\s*", lambda m: dash, s) for _, s in case.quotes]
    return _payload(f"{case.answer} — as the cited page says", case.cited, quotes)


def _whitespace(case: Case, rng: random.Random) -> Payload:
    def respace(text: str) -> str:
        parts = text.split(" ")
        return "".join(p + rng.choice([" ", "  ", "\n", " \n  ", "\t"]) for p in parts).strip()

    return _payload(case.answer, case.cited, [respace(s) for _, s in case.quotes])


def _odd_spaces(case: Case, rng: random.Random) -> Payload:
    def respace(text: str) -> str:
        return "".join(
            c if c != " " else rng.choice([" ", "\u00a0", "\u2009", "\u202f"]) for c in text
        )

    return _payload(case.answer, case.cited, [respace(s) for _, s in case.quotes])


def _edge_ellipsis(case: Case, rng: random.Random) -> Payload:
    sentence = case.quotes[0][1]
    words = sentence.split(" ")
    cut = (
        len(words) // 3
        if len(words) > 6 and case.answer not in " ".join(words[: len(words) // 3])
        else 0
    )
    first = " ".join(words[cut:])
    first = ("…" if cut else "") + first
    return _payload(case.answer, case.cited, [f'"{first}"', *(s for _, s in case.quotes[1:])])


def _one_string(case: Case, rng: random.Random) -> Payload | None:
    """The evidence as one string (the four-key contract's own form)."""
    if len(case.quotes) != 1:
        return None
    return _payload(case.answer, case.cited, case.quotes[0][1])


def _extra_quote(case: Case, rng: random.Random) -> Payload:
    """A second, true quote of the cited page beside the one that states the answer."""
    url, sentence = case.quotes[0]
    body = case.pages[url].body
    spans = [body[a:b] for a, b in sentences(body)]
    extra = [s for s in spans if s != sentence] or [sentence]
    return _payload(case.answer, case.cited, [s for _, s in case.quotes] + [rng.choice(extra)])


def _two_pages(case: Case, rng: random.Random) -> Payload | None:
    """An answer whose words come from two opened pages, each cited and quoted."""
    if len(case.cited) > 1:
        url, sentence = case.quotes[-1]
        quotes = [s for _, s in case.quotes]
        citations = case.cited
    else:
        url = next((u for u in case.pages if u not in case.cited), "")
        if not url:
            return None
        body = case.pages[url].body
        a, b = sentences(body)[0]
        sentence = body[a:b]
        quotes = [case.quotes[0][1], sentence]
        citations = [*case.cited, url]
    words = sentence.split()
    if len(words) < 5:
        return None
    phrase = " ".join(words[1:5]).strip(".,;:()\"'")
    return _payload(f"{case.answer} (and, from the other page: {phrase})", citations, quotes)


FAMILIES: dict[str, Family] = {
    "plain": _answer_family("{a}"),
    "period": _answer_family("{a}."),
    "answer_is": _answer_family("The answer is {a}."),
    "according_to_source": _answer_family("According to the source, {a}."),
    "according_to_title": lambda c, r: _plain(
        c, f"According to {c.pages[c.cited[0]].title}, {c.answer}."
    ),
    "based_on_page": _answer_family("Based on the page, the answer is {a}."),
    "based_on_cited": _answer_family("Based on the cited passage, {a}."),
    "passage_says": _answer_family("The passage says {a}."),
    "passage_says_that": _answer_family("The passage says that the answer is {a}."),
    "per_citation": _answer_family("Per [{url}], {a}."),
    "from_the_page": _answer_family("From the page: {a}"),
    "answer_colon": _answer_family("Answer: {a}"),
    "final_answer": _answer_family("Final answer: **{a}**"),
    "bold": _answer_family("**{a}**"),
    "italics": _answer_family("*{a}*"),
    "bullet": _answer_family("- {a}"),
    "numbered": _answer_family("1. {a}"),
    "heading": _answer_family("### Answer\n\n{a}"),
    "blockquote": _answer_family("> {a}"),
    "code_span": _answer_family("`{a}`"),
    "trailing_explanation": _answer_family("{a}. This is stated directly in the cited passage."),
    "parenthetical": _answer_family("{a} (see the quoted sentence)"),
    "restated_question": _restate_question,
    "sentence_answer": _sentence_answer,
    "lower_case": lambda c, r: _plain(c, c.answer.lower()),
    "upper_case": lambda c, r: _plain(c, c.answer.upper()),
    "title_case": lambda c, r: _plain(c, c.answer.title()),
    "possessive": _answer_family("It is {a}’s."),
    "hyphenation": _hyphenation,
    "nb_hyphens": _nb_hyphens,
    "diacritics": _diacritics,
    "curly_quotes": _curly,
    "apostrophes": _apostrophes,
    "dashes": _dashes,
    "number_forms": _number_forms,
    "date_forms": _date_forms,
    "quote_whitespace": _whitespace,
    "quote_unicode_spaces": _odd_spaces,
    "quote_edge_ellipsis": _edge_ellipsis,
    "quote_one_string": _one_string,
    "quote_extra": _extra_quote,
    "two_pages": _two_pages,
}


def correct_finishes(case: Case) -> Iterator[Finish]:
    for name, family in FAMILIES.items():
        payload = family(case, random.Random(f"{case.dataset}:{case.qid}:{name}"))
        if payload is not None:
            yield Finish(name, case, payload, correct=True)


# --- violations --------------------------------------------------------------------------

_INVENTED = [
    "Zorblax Quenterhoff",
    "Vellmira Okonkwe",
    "Tarsk Haldovian",
    "Quilleth Morrow",
    "Brannoch Ysgard",
]


def _all_text(case: Case) -> str:
    return "\n".join(p.title + "\n" + p.body for p in case.pages.values()).lower()


def _absent_number(case: Case, rng: random.Random, near: int | None = None) -> int:
    text = _all_text(case) + " " + case.question.lower()
    for _ in range(1000):
        n = (
            near + rng.choice([-1, 1]) * rng.randint(1, 12)
            if near is not None
            else rng.randint(1000, 2030)
        )
        if n > 0 and not re.search(rf"(?<!\d){n}(?!\d)", text.replace(",", "")):
            return n
    raise AssertionError("no absent number")  # pragma: no cover - 1000 tries over a few pages


def _invented(case: Case, rng: random.Random) -> Payload:
    name = rng.choice(_INVENTED)
    return _plain(
        case,
        rng.choice([name, f"{case.answer} and {name}", f"According to {name}, {case.answer}."]),
    )


def _wrong_number(case: Case, rng: random.Random) -> Payload:
    found = list(_DIGITS.finditer(case.answer))
    if found:
        match = rng.choice(found)
        value = int(float(match.group(0).replace(",", "")))
        wrong = str(_absent_number(case, rng, value))
        return _plain(case, case.answer[: match.start()] + wrong + case.answer[match.end() :])
    return _plain(case, f"{case.answer}, {_absent_number(case, rng, rng.randint(2, 500))} of them")


def _wrong_year(case: Case, rng: random.Random) -> Payload:
    return _plain(case, f"{case.answer}, in {_absent_number(case, rng)}")


def _date_shifted(case: Case, rng: random.Random) -> Payload | None:
    years = [m for m in re.finditer(r"\b1\d{3}\b|\b20\d{2}\b", case.answer)]
    if not years:
        return None
    match = rng.choice(years)
    shifted = _absent_number(case, rng, int(match.group(0)))
    return _plain(case, case.answer[: match.start()] + str(shifted) + case.answer[match.end() :])


def _names_only_in(text: str, elsewhere: str) -> list[str]:
    names = re.findall(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]{2,}(?: [A-Z][a-z]{2,})*)", text)
    return sorted({n for n in names if n.lower() not in elsewhere})


def _name_from_unopened(case: Case, rng: random.Random) -> Payload | None:
    seen = _all_text(case) + case.question.lower()
    words = set(re.findall(r"\w+", seen))
    names = [
        n
        for p in case.unopened.values()
        for n in _names_only_in(p.body, seen)
        if any(w not in words for w in re.findall(r"\w+", n.lower()))
    ]
    if not names:
        return None
    return _plain(case, rng.choice(names))


def _year_from_unopened(case: Case, rng: random.Random) -> Payload | None:
    seen = _all_text(case).replace(",", "") + case.question
    years = sorted(
        {
            y
            for p in case.unopened.values()
            for y in re.findall(r"\b\d{4}\b", p.body)
            if not re.search(rf"(?<!\d){y}(?!\d)", seen)
        }
    )
    if not years:
        return None
    return _plain(case, f"{case.answer} ({rng.choice(years)})")


def _cite_unopened(case: Case, rng: random.Random) -> Payload | None:
    if not case.unopened:
        return None
    url = rng.choice(list(case.unopened))
    body = case.unopened[url].body
    a, b = sentences(body)[0]
    return _payload(case.answer, [*case.cited, url], [s for _, s in case.quotes] + [body[a:b]])


def _invented_url(case: Case, rng: random.Random) -> Payload:
    return _payload(
        case.answer,
        [f"https://invented.example/{rng.randint(1, 10**6)}"],
        [s for _, s in case.quotes],
    )


def _page_texts(case: Case) -> list[str]:
    return [p.body.lower() for p in [*case.pages.values(), *case.unopened.values()]]


def _normalised(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _on_no_page(case: Case, quote: str) -> bool:
    target = _normalised(quote)
    return all(target not in _normalised(t) for t in _page_texts(case))


def _quote_word_changed(case: Case, rng: random.Random) -> Payload | None:
    sentence = case.quotes[0][1]
    words = sentence.split(" ")
    slots = [i for i, w in enumerate(words) if len(w.strip(".,;:")) > 3]
    replacements = [
        "never",
        "rarely",
        "purple",
        "eleven",
        "Zurich",
        "quietly",
        "seventeen",
        "ocean",
    ]
    for _ in range(20):
        if not slots:
            return None
        i = rng.choice(slots)
        changed = [*words]
        changed[i] = rng.choice(replacements)
        quote = " ".join(changed)
        if _on_no_page(case, quote):
            return _payload(case.answer, case.cited, [quote, *(s for _, s in case.quotes[1:])])
    return None


def _quote_word_dropped(case: Case, rng: random.Random) -> Payload | None:
    sentence = case.quotes[0][1]
    words = sentence.split(" ")
    if len(words) < 5:
        return None
    for _ in range(20):
        i = rng.randrange(1, len(words) - 1)
        quote = " ".join(words[:i] + words[i + 1 :])
        if _on_no_page(case, quote):
            return _payload(case.answer, case.cited, [quote, *(s for _, s in case.quotes[1:])])
    return None


def _quote_stitched(case: Case, rng: random.Random) -> Payload | None:
    url, sentence = case.quotes[0]
    other = next((u for u in case.pages if u != url), None)
    if other is None:
        return None
    body = case.pages[other].body
    a, b = rng.choice(sentences(body))
    tail = body[a:b].split(" ")
    head = sentence.split(" ")
    quote = " ".join(head[: max(3, len(head) // 2)] + tail[len(tail) // 2 :])
    if not _on_no_page(case, quote):
        return None
    return _payload(case.answer, [url, other], [quote])


def _content_words(text: str) -> set[str]:
    from sleuth.text import STOPWORDS

    return {w for w in re.findall(r"[^\W_]+", text.lower()) if w not in STOPWORDS and len(w) > 2}


def _wrong_answer_true_quote(case: Case, rng: random.Random) -> Payload | None:
    """Another question's answer, with this question's true quote: at least one of its
    words is in neither the quote nor the question (else the quote might state it)."""
    context = " ".join(s for _, s in case.quotes).lower() + " " + case.question.lower()
    context_words = {stem(w) for w in re.findall(r"\w+", context)} | {
        _NUMBER_WORDS[int(d)] for d in re.findall(r"\b\d{1,2}\b", context) if int(d) < 20
    }
    for _ in range(30):
        if not case.others:
            return None
        wrong = rng.choice(case.others)
        words = _content_words(wrong) | set(re.findall(r"\d+", wrong))
        if (
            words
            and any(stem(w) not in context_words for w in words)
            and wrong.lower() not in case.answer.lower()
        ):
            return _plain(case, wrong)
    return None


def _only_on_uncited_page(case: Case, rng: random.Random) -> Payload | None:
    """An answer stated only by an opened page that the finish does not cite or quote:
    a name from that page with a word that no cited page and not the question has."""
    cited = " ".join(case.pages[u].body for u in case.cited)
    context = " ".join(stem(w) for w in re.findall(r"\w+", f"{cited} {case.question}".lower()))
    for url, page in case.pages.items():
        if url in case.cited:
            continue
        names = [
            n
            for n in _names_only_in(page.body, context)
            if any(f" {stem(w)} " not in f" {context} " for w in _content_words(n))
        ]
        if names:
            return _plain(case, rng.choice(names))
    return None


_NEGATION = re.compile(r"\b(not|no|never|none|neither|nor|without)\b|n't", re.IGNORECASE)


def _negated(case: Case, rng: random.Random) -> Payload | None:
    texts = [case.question, *(s for _, s in case.quotes)]
    if any(_NEGATION.search(t) for t in texts) or case.yes_no:
        return None
    form = rng.choice(["It was not {a}.", "Not {a}.", "{a} never did.", "The answer isn't {a}."])
    return _plain(case, form.format(a=case.answer))


_FLIPS = {
    "largest": "smallest", "smallest": "largest", "biggest": "smallest", "most": "least",
    "least": "most", "more": "less", "less": "more", "first": "last", "last": "first",
    "before": "after", "after": "before", "highest": "lowest", "lowest": "highest",
    "longest": "shortest", "shortest": "longest", "oldest": "youngest", "youngest": "oldest",
    "earliest": "latest", "latest": "earliest", "larger": "smaller", "smaller": "larger",
    "greater": "lesser", "higher": "lower", "lower": "higher", "older": "younger",
    "younger": "older", "above": "below", "below": "above", "upper": "lower", "early": "late",
}  # fmt: skip


def _flipped(case: Case, rng: random.Random) -> Payload | None:
    """The evidence sentence restated with a superlative or comparative flipped."""
    sentence = case.quotes[0][1]
    words = sentence.split(" ")
    slots = [i for i, w in enumerate(words) if w.lower().strip(".,;:") in _FLIPS]
    for i in slots:
        bare = words[i].lower().strip(".,;:")
        flip = _FLIPS[bare]
        if re.search(rf"\b{flip}\b", f"{sentence} {case.question}".lower()):
            continue
        changed = [*words]
        changed[i] = words[i].lower().replace(bare, flip)
        return _plain(case, " ".join(changed))
    for a, b in (("first", "last"), ("largest", "smallest"), ("before", "after")):
        both = f"{sentence} {case.question}".lower()
        if re.search(rf"\b{a}\b", case.question.lower()) and not re.search(rf"\b{b}\b", both):
            return _plain(
                case, f"{case.answer}, the {b}" if a != "before" else f"{case.answer}, {b} that"
            )
    return None


def _question_echo(case: Case, rng: random.Random) -> Payload | None:
    """A name from the question itself as the answer (it is not the answer)."""
    names = re.findall(r"\b[A-Z][a-z]{2,}(?: [A-Z][a-z]{2,})*", case.question[1:])
    if case.yes_no or case.comparison or " or " in case.question:
        return None  # choosing one of the question's names is what such a question asks
    names = [n for n in names if n.lower() not in case.answer.lower()]
    if not names:
        return None
    return _plain(case, rng.choice(names))


def _question_restated(case: Case, rng: random.Random) -> Payload | None:
    """The question's own words, reordered into a statement that gives no answer ("Acme
    Robotics founded" to "Who founded Acme Robotics?")."""
    if case.yes_no or case.comparison or " or " in case.question:
        return None
    words = [w for w in re.findall(r"[^\W\d_][\w'-]*", case.question) if w.lower() not in _WH]
    words = [w for w in words if w.lower() not in case.answer.lower()]
    if len(words) < 2:
        return None
    rng.shuffle(words)
    if " ".join(words) in case.question:
        words.reverse()
    return _plain(case, " ".join(words) + ".")


_WH = frozenset("what which who whom whose when where why how did does do is are was were".split())


def _quote_from(case: Case, pages: dict[str, Page], rng: random.Random) -> Payload | None:
    if not pages:
        return None
    url = rng.choice(list(pages))
    body = pages[url].body
    a, b = rng.choice(sentences(body))
    cited = " ".join(_normalised(case.pages[u].body) for u in case.cited if u in case.pages)
    if not _content_words(body[a:b]) or _normalised(body[a:b]) in cited:
        return None
    return _payload(case.answer, case.cited, [body[a:b]])


def _quote_unopened(case: Case, rng: random.Random) -> Payload | None:
    return _quote_from(case, case.unopened, rng)


def _quote_uncited(case: Case, rng: random.Random) -> Payload | None:
    other = {u: p for u, p in case.pages.items() if u not in case.cited}
    return _quote_from(case, other, rng)


def _framing_only(case: Case, rng: random.Random) -> Payload:
    form = rng.choice(
        [
            "According to the page, the answer is stated there.",
            "The passage says it.",
            "Answer: see the cited source.",
        ]
    )
    return _plain(case, form)


def _inline_uncited(case: Case, rng: random.Random) -> Payload | None:
    others = [u for u in [*case.pages, *case.unopened] if u not in case.cited]
    if not others:
        return None
    return _plain(case, f"{case.answer} [{rng.choice(others)}]")


def _yes_no_one_side(case: Case, rng: random.Random) -> Payload | None:
    """A yes/no answer with a quote about one side only."""
    if not case.yes_no or len(case.cited) < 2:
        return None
    url = rng.choice(case.cited)
    quotes = [s for u, s in case.quotes if u == url]
    return _payload(case.answer, [url], quotes)


def _wrong_number_in_words(case: Case, rng: random.Random) -> Payload:
    n = _absent_number(case, rng, rng.randint(13, 400))
    for word in {number_in_words(n), number_in_words(n).replace("-", " ")}:
        if word in _all_text(case):
            return _plain(case, f"{case.answer}, {number_in_words(n + 1000)} of them")
    return _plain(case, f"{case.answer}, {number_in_words(n)} of them")


def _abstain_with_citation(case: Case, rng: random.Random) -> Payload:
    return {
        "answer": "cannot: not stated",
        "citations": case.cited,
        "cannot_answer": True,
        "evidence": "",
    }


VIOLATIONS: dict[str, Family] = {
    "invented_entity": _invented,
    "wrong_number": _wrong_number,
    "wrong_year": _wrong_year,
    "date_shifted": _date_shifted,
    "number_in_words_wrong": _wrong_number_in_words,
    "name_from_unopened_page": _name_from_unopened,
    "year_from_unopened_page": _year_from_unopened,
    "cites_unopened_page": _cite_unopened,
    "cites_invented_url": _invented_url,
    "quote_word_changed": _quote_word_changed,
    "quote_word_dropped": _quote_word_dropped,
    "quote_stitched_from_two_pages": _quote_stitched,
    "quote_from_unopened_page": _quote_unopened,
    "quote_from_uncited_page": _quote_uncited,
    "true_quote_wrong_answer": _wrong_answer_true_quote,
    "answer_only_on_uncited_page": _only_on_uncited_page,
    "negated_claim": _negated,
    "flipped_comparison": _flipped,
    "question_words_only": _question_echo,
    "question_restated": _question_restated,
    "framing_only": _framing_only,
    "inline_citation_not_cited": _inline_uncited,
    "yes_no_one_side": _yes_no_one_side,
    "abstain_with_citation": _abstain_with_citation,
}


def violations(case: Case, variants: int = 1) -> Iterator[Finish]:
    """Each violation family's finishes for ``case``: ``variants`` draws each (different
    seeds; duplicates dropped)."""
    for name, family in VIOLATIONS.items():
        seen: list[Payload] = []
        for v in range(variants):
            payload = family(case, random.Random(f"{case.dataset}:{case.qid}:{name}:{v}"))
            if payload is not None and payload not in seen:
                seen.append(payload)
                yield Finish(name, case, payload, correct=False)


# --- running -----------------------------------------------------------------------------


@dataclass
class Tally:
    accepted: int = 0
    total: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    examples: list[tuple[Finish, str]] = field(default_factory=list)  # the unexpected outcomes


def check(finish: Finish) -> tuple[bool, str]:
    """``(accepted, first problem)`` of the validator on ``finish``."""
    verdict = validate_finish(finish.payload, finish.case.opened(), question=finish.case.question)
    if isinstance(verdict, Validated):
        return True, ""
    return False, str(verdict[0])


def run(
    finishes: Iterator[Finish],
    keep: int = 5,
    checker: Callable[[Finish], tuple[bool, str]] = check,
) -> dict[str, Tally]:
    """Validate each finish (with ``checker``, `check` unless another validator is being
    measured); a tally per family, with up to ``keep`` unexpected outcomes (a correct
    finish rejected, a violation accepted) kept as examples."""
    table: dict[str, Tally] = {}
    for finish in finishes:
        tally = table.setdefault(finish.family, Tally())
        accepted, problem = checker(finish)
        tally.total += 1
        tally.accepted += accepted
        if problem:
            tally.codes[problem.split(":", 1)[0]] += 1
        if accepted != finish.correct and len(tally.examples) < keep:
            tally.examples.append((finish, problem))
    return table


def render(table: dict[str, Tally], *, correct: bool) -> str:
    """A markdown table: family, accepted / total, and the rejection codes."""
    head = "| family | accepted / total | rate | rejected as |\n|---|---|---|---|"
    rows = []
    for name, t in table.items():
        rate = t.accepted / t.total if t.total else 0.0
        codes = ", ".join(f"{c} {n}" for c, n in t.codes.most_common()) or "—"
        rows.append(f"| {name} | {t.accepted} / {t.total} | {rate:.1%} | {codes} |")
    total = sum(t.total for t in table.values())
    accepted = sum(t.accepted for t in table.values())
    label = "all correct finishes" if correct else "all violations"
    rows.append(f"| **{label}** | **{accepted} / {total}** | {accepted / max(total, 1):.2%} | |")
    return "\n".join([head, *rows])
