"""The offline policy: deterministic research without a model (the default).

It decides each step from the run's trace alone (it keeps no memory of its own), so a
stored run replays to the same decisions. Each question — or each required field of a
brief — is a *goal* with a frame from `sleuth.policies.frames`. Per step:

1. First step: search the question's key words.
2. While a goal has no accepted sentence, in order:
   a. read on in an opened page that was cut off and mentions the goal's names (at
      most three windows of a page); else read the rest of an opened passage's section
      (the "next:" its passage title names, only while it continues the same section:
      ``URL#p5``, not a next section's ``URL#heading``; at most three passages of a
      document); else open the unread hit whose title and snippet state most of the
      goal's words (names 2, relation words 1, soft words and a joined identifier's
      words 0.5; the search's order breaks ties; only the top three hits of each search,
      and only hits sharing a word with the goal). A single-hop lookup is then search,
      open, finish when the best hit holds the answer;
   b. two-hop: if an opened sentence covers the question's names and part of its
      relation but not all ("the founder of Acme Robotics" → "Ada Ortiz"), search the
      bridge name found there with the missing words ("Ada Ortiz study");
   c. for a brief's field, search the question's words with the field's words;
   d. otherwise the goal is exhausted: it will be reported as cannot-answer.
3. When every goal is answered or exhausted, corroborate: open up to two more unread
   hits whose title and snippet alone contain every word of the goal (they likely
   state the same fact), because only reading a second source can reveal a conflict. Conflicts
   are declared only between typed values (names, places, dates, times, numbers):
   two differently worded clauses, or technical spans, are not a disagreement, so a
   goal answered by one is not corroborated (a second source could change nothing).
4. Finish: the short answer and its sentence as evidence; different values from
   different pages become a conflict report; goals without an accepted sentence
   become ``cannot:`` answers. With one step left it finishes with what the opened
   pages say; if it has opened nothing yet it keeps researching and lets the budget
   speak.
5. Publishing (only when the task asks for it): a finish that answers every goal
   without a conflict (or with conflicts the task's explicit rule may resolve) is first
   offered to ``publish_brief`` with the same payload (the
   run then waits for a person), and one step is kept for that. After the publish call
   — done or refused — it finishes with the same payload.

Two-hop questions (`sleuth.policies.twohop`, unless ``two_hop=False``): a comparison
("Which was formed first, X or Y?", "Are X and Y both ...?") opens a page for each side
and compares typed values in code; a question that embeds another ("... the city where
X was born?") answers the embedded one first with the steps above, then the question
through its answer, and cites both hops. Either ends with cannot-answer when a hop is
not verified.

Nothing in a page can change this procedure; sentences that read as instructions to
an AI are never evidence (see `reading.is_injection`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sleuth.contract import Turn
from sleuth.decision import Decision
from sleuth.effects import PUBLISH_BRIEF
from sleuth.passages import parse_passage_url, title_heading
from sleuth.state import OpenedPage, RunState, Step
from sleuth.text import content_terms, normalize_query, stem, words
from sleuth.validate import is_inline_id, validate_finish
from sleuth.values import same_value

from . import bridge_questions, renamed, twohop, verify
from .bridge import decide as decide_bridge
from .calibration import Calibration, shipped
from .frames import AnswerType, Frame, frame_question, loose, names
from .reading import (
    Reading,
    identifier_words,
    note_entry,
    note_subject,
    read_page,
    sentence_spans,
)
from .relations import DEMONYMS

# the hits of a search worth opening: on fold A's training parts, the third added no right
# answer (Normans open: 45 of 47 answers from the first page opened) and cost a step
# on every question it could not answer (issue 17: steps as few as the question needs)
OPENS_PER_SEARCH = 2
# ... but a lower hit whose snippet itself reads as an answer (`_snippet_reads`) is a lead
# worth a step: the question's words and a span of its kind stand in it together
SNIPPET_LEADS = 5
MAX_CORROBORATIONS = 2
SEARCH_K = 5
CONFLICT_SCORE_RATIO = 0.85


@dataclass(frozen=True)
class Goal:
    name: str | None  # the brief's field, or None for the question itself
    frame: Frame


@dataclass(frozen=True)
class Answer:
    readings: tuple[Reading, ...]  # the answering sentence last; a bridge sentence first
    conflicts: tuple[Reading, ...] = ()
    confidence: float | None = None  # the calibrated probability that it is right
    features: dict[str, float] | None = None  # what the confidence was computed from

    @property
    def main(self) -> Reading:
        return self.readings[-1]


@dataclass(frozen=True)
class _Page:
    url: str
    title: str
    segments: list[tuple[int, str]]


@dataclass(frozen=True)
class Verifier:
    """The checks a reading passes before it may answer: `verify.check`'s hard rules
    and the run's validator (`page_candidates`), then the calibrated confidence at or
    above ``threshold``. ``ranks`` are the pages'
    places in the run's first search."""

    calibration: Calibration | None
    threshold: float
    ranks: dict[str, int]
    question: str
    opened: Mapping[str, OpenedPage] = field(default_factory=dict)
    # candidates from loose frames (`frames.loose`): the calibration's training samples
    # only (`scored_readings`); a run answers from strict frames, every content word of the
    # question matched (issue 17: never answer from a near miss)
    loose: bool = False
    _finishes: dict[tuple[str, int, str], bool] = field(default_factory=dict)

    def finishes(self, reading: Reading) -> bool:
        """Whether the run's validator would accept this reading as the finish: one it
        would reject is no answer (the policy reads on or abstains, never spends its
        repair turn on a reading it could have checked)."""
        if not self.opened or reading.url not in self.opened:
            return True
        key = (reading.url, reading.start, reading.value)
        if key not in self._finishes:
            inline = (
                "" if "://" in reading.url or not is_inline_id(reading.url) else f" [{reading.url}]"
            )
            finish = {
                "answer": reading.value + inline,
                "citations": [reading.url],
                "cannot_answer": False,
                "evidence": reading.quotes,
            }
            verdict = validate_finish(finish, self.opened, (), self.question)
            self._finishes[key] = not isinstance(verdict, list)
        return self._finishes[key]

    def confidence(self, features: dict[str, float]) -> float | None:
        if self.calibration is None:
            return None
        return round(self.calibration.probability(features), 4)


class OfflinePolicy:
    """Deterministic extractive research; see the module docstring for the method.

    Every answer is verified first (`sleuth.policies.verify`) and carries its calibrated
    confidence (`sleuth.policies.calibration`): the candidates of the opened pages (read
    with strict frames: every content word of the question that is not the answer is
    matched) are ranked by it and the most confident answers; loose frames
    (`frames.loose`) only widen the model's training samples (`scored_readings`). One
    under ``min_confidence`` is no answer, so the policy reads on or finishes with
    cannot-answer. The default, ``"fitted"``, is the threshold the model file gives
    (`benchmarks/fit_offline_confidence.py`: the decision threshold 0.5 of a model
    calibrated on data no rule was written from); 0 answers whatever passes the hard rules
    and only reports the confidence. ``calibration=None`` keeps the hard rules and the
    strict frames only and reports no confidence. A comparison or bridge question is
    read by `sleuth.policies.twohop` / `bridge` unless ``two_hop`` is False."""

    name = "offline"

    def __init__(
        self,
        min_confidence: float | Literal["fitted"] = "fitted",
        calibration: Calibration | bool | None = True,
        two_hop: bool = True,
    ) -> None:
        model = shipped() if calibration is True else calibration
        self.calibration = model if isinstance(model, Calibration) else None
        if min_confidence == "fitted":
            min_confidence = self.calibration.threshold if self.calibration else 0.0
        if not 0.0 <= min_confidence <= 1.0:
            raise ValueError("min_confidence is a probability, in [0, 1]")
        self.min_confidence = min_confidence
        self.two_hop = two_hop

    def verifier(self, state: RunState) -> Verifier:
        return Verifier(
            self.calibration,
            self.min_confidence,
            _ranks(state),
            state.task.question,
            state.opened,
        )

    def answers(self, state: RunState) -> dict[Goal, Answer | None]:
        """Each goal's verified answer from the pages opened so far (None: not yet)."""
        pages = _pages(state)
        check = self.verifier(state)
        return {g: answer_for(g, pages, check) for g in goals_of(state)}

    def comparison(self, state: RunState) -> twohop.Comparison | None:
        """The comparison the task asks (`sleuth.policies.twohop`), or None."""
        if not self.two_hop or state.task.require or state.task.publish:
            return None
        return twohop.parse(state.task.question)

    def bridge(self, state: RunState) -> bridge_questions.Bridge | None:
        """The embedded question the task asks through (`bridge_questions.parse_bridge`), or
        None."""
        if not self.two_hop or state.task.require or state.task.publish:
            return None
        return bridge_questions.parse_bridge(state.task.question)

    def decide(self, state: RunState) -> Turn:
        plan = self.comparison(state)
        if plan is not None:
            return twohop.decide(plan, state, self.min_confidence)
        bridge = self.bridge(state)
        if bridge is not None:
            return decide_bridge(bridge, state, self._hop, self._decide_single, self.min_confidence)
        return self._decide_single(state)

    def _decide_single(self, state: RunState) -> Turn:
        """The single-hop reader's step (also each hop of a bridge question)."""
        goals = goals_of(state)
        pages = _pages(state)
        check = self.verifier(state)
        whole = frame_question(state.task.question)
        if not (whole.anchors or whole.relation or whole.renamed or state.task.require):
            return _nothing_to_seek()  # "Who is he?"
        if not any(s.tool == "search" for s in state.steps):
            query = whole.query
            return _turn(
                "Search the key words of the question.", "search", {"query": query, "k": SEARCH_K}
            )
        answers = {g: answer_for(g, pages, check) for g in goals}
        if state.steps_left <= 1 + _publish_pending(state) and state.opened:
            return _finish(goals, answers, state)  # the last step: report what was read
        for goal in goals:
            if answers[goal] is None:
                action = _research(goal, state, pages)
                if action is not None:
                    return action
        if state.steps_left > 1:
            corroborate = _corroboration(goals, answers, state, pages, check)
            if corroborate is not None:
                return corroborate
        return _finish(goals, answers, state)

    def _hop(self, state: RunState) -> Reading | None:
        """One hop of a bridge question: the single-hop reader's verified reading (strict
        frame, hard rules, the run's validator), whatever the prose model's confidence.
        The hop's question is the reader's own ("Where did Ada Ortiz study?", written
        through the bridge), not one written to look answerable as SQuAD 2.0's traps are,
        which is what the prose model's probabilities are fitted on; the two-hop answer's
        confidence is its path's precision on the calibration data (`twohop_confidence`),
        and that is what the threshold is held against (`bridge._finish`)."""
        answer = self._single(state, threshold=0.0)
        return answer.main if answer is not None else None

    def _single(self, state: RunState, threshold: float | None = None) -> Answer | None:
        """The single-hop reader's verified answer to ``state``'s question, or None (at
        ``threshold``, the run's own when None)."""
        goal = goals_of(state)[0]
        check = self.verifier(state)
        if threshold is not None:
            check = replace(check, threshold=threshold)
        answer = answer_for(goal, _pages(state), check)
        if answer is None or answer.conflicts or len(answer.readings) > 1:
            return None
        return answer


def goals_of(state: RunState) -> list[Goal]:
    task = state.task
    if task.require:
        return [Goal(name, frame_question(task.question, name)) for name in task.require]
    return [Goal(None, frame_question(task.question))]


def _pages(state: RunState) -> list[_Page]:
    ordered = sorted(state.opened.values(), key=lambda p: p.opened_step)
    return [_Page(p.page.url, p.page.title, p.segments()) for p in ordered]


def answer_for(goal: Goal, pages: list[_Page], check: Verifier | None = None) -> Answer | None:
    """The best verified reading across pages, with conflicting readings of other
    pages; or a two-hop answer through a bridge sentence; or None.

    Per page, the readings that pass the hard rules are its candidates; with a
    calibration the one of highest confidence is the page's answer (the model was fitted
    on every such candidate, so it ranks them), else the best scored. A page whose
    answer is under the threshold gives none (the next page may do better); across
    pages the most confident answer wins (the first opened on ties)."""
    per_page: list[tuple[_Page, Reading, dict[str, float], float | None]] = []
    for page, ranked in _candidates_by_page(goal.frame, pages, check):
        if check is None or check.calibration is None:
            reading, values = ranked[0]
            per_page.append((page, reading, values, None))
            continue
        scored = [(check.confidence(v) or 0.0, -i, r, v) for i, (r, v) in enumerate(ranked)]
        top, _, reading, values = max(scored, key=lambda t: (t[0], t[1]))
        per_page.append((page, reading, values, top))
    kept: list[tuple[Reading, float | None, dict[str, float]]] = []
    for page, reading, values, of_page in per_page:
        agree = sum(
            1 for p, r, _, _ in per_page if p.url != page.url and same_value(r.value, reading.value)
        )
        values = {**values, "agree": min(agree, 3) / 3}
        if check is not None and of_page is not None and of_page < check.threshold:
            continue
        kept.append((reading, of_page, values))
    # a disagreeing page is a conflict whatever its confidence: a source under the
    # threshold still says otherwise, and hiding it would pass a disputed fact for ready
    rivals = [r for _, r, _, _ in per_page]
    if kept:
        if check is not None and check.calibration is not None:
            best, confidence, chosen = max(kept, key=lambda k: k[1] or 0.0)
        else:
            best, confidence, chosen = max(kept, key=lambda k: k[0].score)
        conflicts = tuple(
            r
            for r in rivals
            if _conflicts_declared(goal.frame)
            if r.url != best.url
            and r.score >= CONFLICT_SCORE_RATIO * best.score
            and not same_value(r.value, best.value)
        )
        return Answer(
            readings=(best,),
            conflicts=_distinct(conflicts),
            confidence=confidence,
            features=chosen,
        )
    hop = _bridge(goal, pages)
    if hop is not None:
        bridge, frame = hop
        for _, ranked in _candidates_by_page(frame, pages, check):
            for reading, values in ranked[:1]:
                values = {**values, "hops": 1.0}
                second = check.confidence(values) if check is not None else None
                if check is not None and second is not None and second < check.threshold:
                    break
                return Answer(readings=(bridge, reading), confidence=second, features=values)
    return None


def _conflicts_declared(frame: Frame) -> bool:
    """Whether two pages' different answers to ``frame`` are a conflict: only typed
    values (names, places, dates, times, numbers) are; two clauses, or two technical
    spans read from differently worded sentences, are not a disagreement."""
    return frame.answer_type is not AnswerType.OTHER


def _frame_for(frame: Frame, check: Verifier | None) -> Frame:
    """The frame candidates are read with: loose when the run has a model to weigh them
    (technical lookups and bridge mentions keep their own frames)."""
    if check is not None and check.loose and frame.tech is None and not frame.mention:
        return loose(frame)
    return frame


# features `page_candidates` adds to `verify.features`' (the fit's pool has both)
PAGE_FEATURES = ("strict_frame",)


def page_candidates(
    frame: Frame,
    page: _Page,
    check: Verifier | None,
    most: int = 8,
    readings: list[Reading] | None = None,
) -> list[tuple[Reading, dict[str, float]]]:
    """The page's readings (``readings``, else read here) that pass the hard rules (and
    the validator), best scored first, at most ``most``, each with its features: the
    candidates the confidence model ranks at run time and was fitted on.

    ``strict_frame`` is 1 for a reading the question's own (strict) frame reads too,
    the only readings a run answers with; 0 for one only a loose frame reads (the
    fit's extra samples)."""
    strict = frame
    frame = _frame_for(frame, check)
    if readings is None:
        readings = read_page(frame, page.url, page.title, page.segments)
    if not readings:
        return []
    strictly = None  # None: every reading is read by the strict frame
    if frame is not strict:
        strictly = {
            (r.start, r.value) for r in read_page(strict, page.url, page.title, page.segments)
        }
    previous = {r.start: _previous_sentence(page, r.start) for r in readings}
    # the hard rules read a default note with the entry it closes (`reading.note_entry`:
    # its description may stand after it, and what it says is what the value is of); the
    # features keep the sentence before it, as the model was fitted
    around = {r.start: note_entry(page.title, page.segments, r.start) for r in readings}
    question = check.question if check is not None else frame.text
    hard = [
        r
        for r in readings
        if verify.check(frame, r, page.title, around[r.start] or previous[r.start], question).ok
        # a default note is its own entry's (a settings page's neighbours name each other)
        and not verify.another_entry(question, note_subject(page.title, page.segments, r.start))
    ]
    passing = [r for r in hard if check is None or check.finishes(r)][:most]
    if not passing:
        return []
    idf = verify.page_idf(text[a:b] for _, text in page.segments for a, b in sentence_spans(text))
    out = []
    for place, reading in enumerate(passing):
        others = [r.score for r in hard if not same_value(r.value, reading.value)]
        values = verify.features(
            frame,
            # a reading with a lead is read as its quotes say it, the lead first (a change
            # log's "1.0.0rc1 (February 23, 2026)" over "- Remove `on_startup` ...")
            replace(reading, sentence=f"{reading.lead} {reading.sentence}")
            if reading.lead
            else reading,
            question=question,
            title=page.title,
            previous=previous[reading.start],
            margin=reading.score - max(others, default=0.0),
            readings=len(readings),
            rank=check.ranks.get(page.url, 0) if check is not None else 0,
            idf=idf,
            place=place,
        )
        values["strict_frame"] = float(
            strictly is None or (reading.start, reading.value) in strictly
        )
        out.append((reading, values))
    return out


def _candidates_by_page(
    frame: Frame, pages: list[_Page], check: Verifier | None
) -> list[tuple[_Page, list[tuple[Reading, dict[str, float]]]]]:
    """Each page that has candidates (`page_candidates`), with ``rank`` set to the
    page's place, in the run's first search, among the opened pages that state the
    question's words at all (any reading, before the hard rules): a page of questions
    or of another topic above it says nothing about this one, while a relevant page
    above it that yields no candidate does (``search_rank`` keeps the plain place)."""
    ranks = check.ranks if check is not None else {}
    read = _frame_for(frame, check)
    relevant = []
    for i, page in enumerate(pages):
        readings = read_page(read, page.url, page.title, page.segments)
        if readings:
            relevant.append((ranks.get(page.url, 0), i, page, readings))
    relevant.sort(key=lambda t: (t[0], t[1]))
    out = []
    for place, (_, _, page, readings) in enumerate(relevant):
        ranked = page_candidates(frame, page, check, readings=readings)
        if ranked:
            rank = min(place, 5) / 5
            out.append(
                (page, [(r, {**v, "search_rank": v["rank"], "rank": rank}) for r, v in ranked])
            )
    return out


def scored_readings(
    goal: Goal, pages: list[_Page], check: Verifier
) -> list[tuple[Reading, dict[str, float]]]:
    """Every candidate of every page (`page_candidates`, loose frames as a calibrated
    run reads them) with its features: the samples the calibration is fitted on."""
    check = replace(check, loose=True)
    found = _candidates_by_page(goal.frame, pages, check)
    return [pair for _, ranked in found for pair in ranked]


def _previous_sentence(page: _Page, start: int) -> str:
    """The sentence of the shown parts of ``page`` that ends last before ``start``."""
    before = ""
    for offset, text in page.segments:
        for s, e in sentence_spans(text):
            if offset + e <= start:
                before = text[s:e]
    return before


def _ranks(state: RunState) -> dict[str, int]:
    """Each page's place in the run's first search with hits (0 = top)."""
    steps = _search_steps(state)
    if not steps:
        return {}
    hits = steps[0].observation.data.get("hits", [])
    return {hit["url"]: i for i, hit in reversed(list(enumerate(hits)))}


def _distinct(readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    out: list[Reading] = []
    for r in readings:
        if not any(same_value(r.value, o.value) for o in out):
            out.append(r)
    return tuple(out)


def _bridge(goal: Goal, pages: list[_Page]) -> tuple[Reading, Frame] | None:
    """A sentence covering the question's names and part of its relation, and the
    frame of the second hop through a name it introduces."""
    frame = goal.frame
    if len(frame.relation) < 2 or frame.tech is not None:
        return None  # a technical lookup is answered by a page's own span
    partial = Frame(
        text=frame.text,
        answer_type=AnswerType.OTHER,
        anchors=frame.anchors,
        relation=(),
        soft=(),
        query=frame.query,
        mention=True,
    )
    question_terms = set(frame.anchors) | set(frame.relation)
    for page in pages:
        for reading in read_page(partial, page.url, page.title, page.segments):
            sentence_terms = set(content_terms(reading.sentence))
            covered = [r for r in frame.relation if r in sentence_terms]
            missing = [r for r in frame.relation if r not in sentence_terms]
            if not covered or not missing:
                continue
            for name in names(reading.sentence):
                name_terms = tuple(dict.fromkeys(stem(w) for w in words(name)))
                if not name_terms or set(name_terms) <= question_terms:
                    continue
                if _coordinated(reading.sentence, name, frame.anchors):
                    continue  # "based on StructuredText and Setext": a peer, no bridge
                if set(re.split(r"[\s-]+", name)) <= DEMONYMS:
                    continue  # "a former American college ... player": an adjective
                missing_words = [w for w in words(frame.text) if stem(w) in missing]
                hop = Frame(
                    text=frame.text,
                    answer_type=frame.answer_type,
                    anchors=name_terms,
                    relation=tuple(missing),
                    soft=(),
                    query=" ".join([name, *dict.fromkeys(missing_words)]),
                )
                return Reading(
                    url=reading.url,
                    start=reading.start,
                    end=reading.end,
                    sentence=reading.sentence,
                    value=name,
                    score=reading.score,
                ), hop
    return None


def _coordinated(sentence: str, name: str, anchors: tuple[str, ...]) -> bool:
    """Whether ``name`` stands in ``sentence`` joined to one of the question's names by
    "and", "or" or a comma ("StructuredText and Setext"): what the sentence says of both
    relates neither to the other."""
    for word in set(words(sentence)):
        if stem(word) not in anchors or word in name:
            continue
        a, b = re.escape(name), re.escape(word)
        # (a comma with no "and"/"or" joins a list, not an apposition: "Ian Feldman, the
        # Setext author" says who the author is)
        joint = (
            r"(?:,[ \t]*(?:(?:and|or)[ \t]+(?:the[ \t]+)?)?|[ \t]+(?:and|or)[ \t]+(?:the[ \t]+)?)"
        )
        if re.search(rf"\b{a}\b{joint}{b}\b|\b{b}\b{joint}{a}\b", sentence):
            return True
    return False


def _search_steps(state: RunState) -> list[Step]:
    return [s for s in state.steps if s.tool == "search" and s.observation.kind == "hits"]


def _research(goal: Goal, state: RunState, pages: list[_Page]) -> Turn | None:
    for opened in sorted(state.opened.values(), key=lambda p: p.opened_step):
        unseen = _first_unseen(opened.seen, len(opened.page.body))
        read = _windows_read(state, opened.page.url)
        if unseen is not None and _relevant(goal, opened) and read < 3:
            return _turn(
                f"Read on in {opened.page.title!r}: the answer may be further down.",
                "open",
                {"url": opened.page.url, "offset": unseen},
            )
    for opened in sorted(state.opened.values(), key=lambda p: p.opened_step):
        # an indexed document's passage goes on in the next one; only while the section
        # does (a next passage named by its own heading starts another section: the
        # search's next hit is then a better lead than a neighbour's)
        nxt = _same_section_next(opened.page.title)
        if (
            nxt
            and nxt not in state.opened
            and _relevant(goal, opened)
            and not _failed_open(state, nxt)
            and _passages_read(state, nxt) < 3
        ):
            return _turn(f"Read the rest of the section, {nxt}.", "open", {"url": nxt})
    hit = _best_hit(goal, state)
    if hit is not None:
        return _turn(
            f"Open the unread result {hit['title']!r} to look for the answer.",
            "open",
            {"url": hit["url"]},
        )
    searched = state.searched
    hop = _bridge(goal, pages)
    if hop is not None and normalize_query(hop[1].query) not in searched:
        return _turn(
            f"{hop[0].value!r} is the bridge; search it with the missing words.",
            "search",
            {"query": hop[1].query, "k": SEARCH_K},
        )
    if goal.name is not None and normalize_query(goal.frame.query) not in searched:
        return _turn(
            f"Search for the {goal.name} specifically.",
            "search",
            {"query": goal.frame.query, "k": SEARCH_K},
        )
    return None


def _relevant(goal: Goal, opened: OpenedPage) -> bool:
    """Whether an opened page names one of the goal's names (any page when it has none)."""
    anchors = set(goal.frame.anchors)
    text = title_heading(opened.page.title) + " " + opened.seen_text()
    return not anchors or bool(anchors & set(content_terms(text)))


def _coverage(frame: Frame, text: str) -> float:
    """How much of the frame ``text`` states: names 2, relation words 1, soft words, the
    asker's situation's words (``optional``) and the words of a joined identifier 0.5 (a
    hit that says "the app factory pattern" of "If you're using the app factory pattern,
    which option do you pass to waitress-serve?" but not waitress is the weaker lead)."""
    said = set(content_terms(text))
    optional = set(frame.optional)
    return (
        2 * sum(a in said for a in frame.anchors)
        + sum((0.5 if r in optional else 1.0) for r in frame.relation if r in said)
        + 0.5 * sum(s in said for s in frame.soft)
        + 0.5 * sum(p in said for p in _identifier_parts(frame))
    )


def _identifier_parts(frame: Frame) -> set[str]:
    """The words of the frame's joined identifiers, as stems (``separate_input_output_schemas``:
    separ, input, output, schema): a page's prose names the thing in words."""
    return identifier_words(set(frame.anchors)) - set(frame.anchors) - set(frame.relation)


def _lead_terms(frame: Frame) -> set[str]:
    """The words a hit must share one of to be worth opening: the frame's, and those of
    the items a "Besides X" question sets aside (the page names them too)."""
    aside = {t for item in frame.excluded for t in content_terms(item)}
    # the entry of a name the question asks the successor of is where it is given
    # ("`Certificate.not_valid_after` ... is deprecated. Which attribute ... instead?")
    old = renamed.entry_terms(frame.renamed)
    return set(frame.anchors) | set(frame.relation) | _identifier_parts(frame) | aside | old


def _best_hit(goal: Goal, state: RunState) -> dict[str, Any] | None:
    """The unread hit (of the top three of each search) whose title and snippet state
    most of the goal's words, the search's order breaking ties; a hit sharing none of
    them is no lead."""
    terms = _lead_terms(goal.frame)
    found: list[tuple[bool, float, int, dict[str, Any]]] = []
    for step in _search_steps(state):
        for rank, hit in enumerate(step.observation.data.get("hits", [])[:SNIPPET_LEADS]):
            if hit["url"] in state.opened or _failed_open(state, hit["url"]):
                continue
            reads = _snippet_reads(goal.frame, hit)
            if rank >= OPENS_PER_SEARCH and not reads:
                continue
            text = f"{hit['title']} {hit['snippet']}"
            if terms and not terms & set(content_terms(text)):
                continue
            found.append((not reads, -_coverage(goal.frame, text), len(found), hit))
    return min(found, key=lambda t: t[:3])[3] if found else None


def _snippet_reads(frame: Frame, hit: dict[str, Any]) -> bool:
    """Whether a hit's snippet, read as a page of its own, holds an answer to ``frame``:
    the strict frame reads one of its sentences, or, for a technical question, a loose
    frame finds a span of the asked kind beside the question's words (a snippet is cut
    from its section, whose heading and earlier sentences may state the rest; the page
    itself is verified when opened)."""
    snippet = str(hit.get("snippet", "")).strip(" …")
    if not snippet:
        return False
    title, url = str(hit.get("title", "")), str(hit["url"])
    parts = prose_parts(snippet)
    if not parts:
        return False
    if read_page(frame, url, title, parts):
        return True
    if frame.tech is None:
        return False
    lead = replace(loose(frame), predicate=None)  # the section may name the last word
    return bool(read_page(lead, url, title, parts))


# a Markdown code fence, with its language when it opens one ("```python")
_FENCE = re.compile(r"`{3,}([\w+-]*)")
# what code has and prose seldom does: brackets, assignments, statement ends
_CODE_MARKS = re.compile(r"[()\[\]{}=;<>]|^\s*(?:import|from|def|class|return)\b")


_INLINE_CODE = re.compile(r"(?<!`)`[^`\n]+`(?!`)")


def prose_parts(snippet: str) -> list[tuple[int, str]]:
    """The prose of a search snippet, whose lines the index joined: a fenced code block
    ("```python from starlette ... ```") is no sentence of it, and a sentence does not run
    on into the code before or after it. A fence with a language opens a block; a bare one
    closes the block it is in; the first in a snippet cut from mid-page closes the block the
    snippet started in when code comes before it (brackets, an assignment), else opens one
    (``(offset, text)`` parts, as `read_page` takes a page's)."""
    parts: list[tuple[int, str]] = []
    position, in_code = 0, None  # None: the snippet's start is not known to be either
    for fence in _FENCE.finditer(snippet):
        before = snippet[position : fence.start()]
        # a bare first fence after code ("routes=routes) ```") closes the block the
        # snippet was cut from; after prose ("Install it with pip ```"), or at the
        # snippet's start, it opens one
        # (an inline code span is prose's: "use `--call {module}:{factory}` instead")
        prose = not _CODE_MARKS.search(_INLINE_CODE.sub("", before))
        opens = bool(fence.group(1)) or in_code is False or (in_code is None and prose)
        if not in_code and (opens or in_code is False) and before.strip():
            parts.append((position, before))
        in_code = opens
        position = fence.end()
    if not in_code and snippet[position:].strip():
        parts.append((position, snippet[position:]))
    return parts


def _first_unseen(seen: list[tuple[int, int]], length: int) -> int | None:
    """The first offset of the page not shown yet, or None when all of it was."""
    position = 0
    for start, end in seen:
        if start > position:
            return position
        position = max(position, end)
    return position if position < length else None


_NEXT_PASSAGE = re.compile(r"next: (\S+?)\]")


def _same_section_next(title: str) -> str | None:
    """The next passage a passage's title names (``[passage 4/7; next: URL#p5]``) when it
    continues the same section: one that starts a section is named by its heading's
    anchor (``URL#simple-requests``), not ``#pN``."""
    following = _NEXT_PASSAGE.search(title)
    if following is None:
        return None
    url = following.group(1)
    return url if parse_passage_url(url) is not None else None


def _passages_read(state: RunState, passage: str) -> int:
    """How many passages of ``passage``'s document this run has opened."""
    document = passage.rsplit("#p", 1)[0]
    return sum(1 for url in state.opened if url.rsplit("#p", 1)[0] == document)


def _windows_read(state: RunState, url: str) -> int:
    return sum(1 for s in state.steps if s.tool == "open" and s.observation.data.get("url") == url)


def _failed_open(state: RunState, url: str) -> bool:
    return any(
        s.tool == "open" and s.args.get("url") == url and s.observation.error for s in state.steps
    )


def _corroboration(
    goals: list[Goal],
    answers: dict[Goal, Answer | None],
    state: RunState,
    pages: list[_Page],
    check: Verifier,
) -> Turn | None:
    if _corroborations_so_far(goals, pages, check) >= MAX_CORROBORATIONS:
        return None
    for step in _search_steps(state):
        for hit in step.observation.data.get("hits", []):
            if hit["url"] in state.opened or _failed_open(state, hit["url"]):
                continue
            hit_terms = set(content_terms(f"{hit['title']} {hit['snippet']}"))
            for goal in goals:
                answer = answers[goal]
                if answer is None or answer.conflicts or len(answer.readings) > 1:
                    continue
                if not _conflicts_declared(goal.frame):
                    continue  # a second source could not reveal a conflict: a wasted step
                frame = goal.frame
                if set(frame.anchors) | set(frame.relation) <= hit_terms:
                    return _turn(
                        f"Check a second source for the {goal.name or 'answer'}: {hit['title']!r}.",
                        "open",
                        {"url": hit["url"]},
                    )
    return None


def _corroborations_so_far(goals: list[Goal], pages: list[_Page], check: Verifier) -> int:
    """Pages opened after the last page that answered a new goal."""
    answered = {g for g in goals if answer_for(g, pages, check) is not None}
    for k in range(len(pages) + 1):
        if {g for g in goals if answer_for(g, pages[:k], check) is not None} == answered:
            return len(pages) - k
    return 0


def _finish(goals: list[Goal], answers: dict[Goal, Answer | None], state: RunState) -> Turn:
    payloads = {g.name: payload(g, answers[g]) for g in goals}
    if state.task.require:
        args: dict[str, Any] = {"fields": payloads}
    else:
        args = payloads[None]
    found = sum(a is not None for a in answers.values())
    thought = f"Finish: {found} of {len(goals)} answered from the opened pages."
    scores = [a.confidence for a in answers.values() if a is not None]
    known = [c for c in scores if c is not None]
    confidence = min(known) if known and len(known) == len(goals) else None
    # a conflict is publishable only if the task's explicit rule may resolve it
    # (publish_brief refuses what the rule leaves unresolved, and the run finishes)
    conflicted = any(a.conflicts for a in answers.values() if a)
    ready = found == len(goals) and (not conflicted or state.task.conflict_rule is not None)
    if ready and _publish_pending(state):
        thought = "Publish the ready brief; a person must approve it before it goes out."
        return Turn(parsed=Decision(tool=PUBLISH_BRIEF, args=args, thought=thought))
    return Turn(parsed=Decision(tool="finish", args=args, thought=thought), confidence=confidence)


#: the answer of a question with neither a name nor a relation word: nothing was searched
NOTHING_TO_SEEK = "cannot: the question has no name or relation word to look up"


def _nothing_to_seek() -> Turn:
    """The finish of a question whose own words name nothing ("Who is he?", "Which
    journalist came up with the name?", or "Which function does that?" after a preamble):
    no sentence could state it strictly, so no search is run, and the abstention says so
    rather than that no opened page states the answer."""
    args = {"answer": NOTHING_TO_SEEK, "citations": [], "cannot_answer": True, "evidence": ""}
    thought = "Finish: the question has no name or relation word to look up."
    return Turn(parsed=Decision(tool="finish", args=args, thought=thought))


def _publish_pending(state: RunState) -> int:
    """1 if the task asks to publish and the run has not called ``publish_brief`` yet."""
    if not state.task.publish:
        return 0
    return int(not any(s.tool == PUBLISH_BRIEF for s in state.steps))


def payload(goal: Goal, answer: Answer | None) -> dict[str, Any]:
    if answer is None:
        what = goal.name or "the answer"
        return {
            "answer": f"cannot: no opened page states {what}",
            "citations": [],
            "cannot_answer": True,
            "evidence": "",
        }
    if answer.conflicts:
        return {
            "conflicts": [
                {"value": r.value, "citation": r.url, "evidence": r.sentence}
                for r in (answer.main, *answer.conflicts)
            ]
        }
    citations = list(dict.fromkeys(r.url for r in answer.readings))
    inline = [c for c in citations if "://" not in c and is_inline_id(c)]  # ids, not URLs
    value = answer.main.value + "".join(f" [{c}]" for c in inline)
    evidence: str | list[str] = [q for r in answer.readings for q in r.quotes]
    if len(evidence) == 1:
        evidence = evidence[0]
    return {"answer": value, "citations": citations, "cannot_answer": False, "evidence": evidence}


def _turn(thought: str, tool: str, args: dict[str, Any]) -> Turn:
    return Turn(parsed=Decision(tool=tool, args=args, thought=thought))
