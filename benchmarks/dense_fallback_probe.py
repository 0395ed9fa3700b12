"""What a dense fallback reader would add on R's documentation questions: a probe, not a reader.

    python benchmarks/dense_fallback_probe.py                       # R's docs parts, 2 processes
    python benchmarks/dense_fallback_probe.py --parts starlette-dev --json

Users' questions paraphrase the docs: on R, most documentation questions the reader leaves
unanswered had their answer's page opened, but no sentence of it carries the question's
words. The embeddings extra (all-MiniLM-L6-v2) ranks sentences by meaning instead; this
probe asks what reading the closest sentence would give. Each case is run by the default
policy (`sleuth ask` with no flags); for each case it leaves unanswered, every sentence of
the page text the run was shown (each opened page's segments) is ranked by cosine
similarity to the question, and the closest one is read as the reader reads a technical
question's sentence once it has chosen it: the question's frame (`frames.frame_question`:
the kind its wh-phrase asks, its predicate, its relation words) and `extraction.extract`, a
candidate of that kind placed by the predicate; the word-overlap checks that choose a
sentence (`reading.read_sentence`) are what the probe replaces, save the one that a
predicate (a verb: "removed", "restores") is the sentence's own. Each such case is:

* ``right``: a candidate, holding every phrase the case expects;
* ``wrong``: a candidate of an answerable case that does not;
* ``trap``: a candidate of a case with no answer;
* ``refused``: the question's predicate is not in the closest sentence;
* ``no_candidate``: the closest sentence has no candidate of the kind (or the question
  asks for none: prose);
* ``no_sentence``: the pages the run opened show no sentence of `MIN_SENTENCE` to
  `MAX_SENTENCE` characters (headings, code);
* ``no_page``: the run opened nothing.

The summary splits the candidates by the closest sentence's cosine and its margin over
the next one, the two figures a fitted fallback would have to tell right from wrong by.
It runs R only (`rule_report.py`'s parts: the fit script's rule parts and the development
sets; by default their documentation questions, the FastAPI and Flask sets and the nine
``*_dev`` sets); the held-out sides are `heldout_report.py`'s.
Without the extra it exits 2, saying so.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fit_offline_confidence as fit  # beside this file
import rule_report  # beside this file

from sleuth.errors import UsageError
from sleuth.index.dense import Embedder, load_embedder
from sleuth.policies import extraction, frames
from sleuth.policies.synonyms import canon
from sleuth.state import RunState
from sleuth.text import content_terms, sentences

CATEGORIES = ("right", "wrong", "trap", "refused", "no_candidate", "no_sentence", "no_page")
# a sentence shorter than this is a heading or a list marker, longer a code block
MIN_SENTENCE, MAX_SENTENCE = 12, 600
# the split of the summary: the closest sentence's cosine, and its margin over the next
HIGH_COSINE, WIDE_MARGIN = 0.7, 0.1


@dataclass(frozen=True)
class Probe:
    """One unanswered case, read from the sentence closest to its question."""

    part: str
    case_id: str
    category: str
    kind: str | None = None
    cosine: float | None = None
    margin: float | None = None
    sentence: str | None = None
    candidate: str | None = None


def opened_sentences(state: RunState) -> list[str]:
    """Every sentence of the text the run was shown of the pages it opened (their
    segments), in the order they were opened, but headings and code blocks (shorter than
    `MIN_SENTENCE` or longer than `MAX_SENTENCE` characters)."""
    out = []
    for opened in sorted(state.opened.values(), key=lambda p: p.opened_step):
        for _, segment in opened.segments():
            for start, end in sentences(segment):
                text = segment[start:end].strip()
                if MIN_SENTENCE <= len(text) <= MAX_SENTENCE:
                    out.append(text)
    return out


def closest(question: str, texts: Sequence[str], embedder: Embedder) -> tuple[str, float, float]:
    """The sentence of ``texts`` closest in meaning to ``question``, its cosine, and its
    margin over the next closest (0 when it is the only one)."""
    vectors = embedder.encode([question, *texts])
    cosines = [float(v) for v in vectors[1:] @ vectors[0]]
    order = sorted(range(len(texts)), key=lambda i: -cosines[i])
    best = order[0]
    margin = cosines[best] - cosines[order[1]] if len(order) > 1 else 0.0
    return texts[best], cosines[best], margin


def read_closest(
    question: str,
    texts: Sequence[str],
    embedder: Embedder,
    phrases: list[str | list[str]],
    unanswerable: bool,
) -> tuple[str, dict[str, Any]]:
    """(category, details) of reading ``question`` from the closest of ``texts`` (the
    sentences of the opened pages; empty: the pages show none)."""
    if not texts:
        return "no_sentence", {}
    sentence, cosine, margin = closest(question, texts, embedder)
    frame = frames.frame_question(question)
    details: dict[str, Any] = {
        "kind": frame.tech,
        "cosine": round(cosine, 4),
        "margin": round(margin, 4),
        "sentence": sentence,
    }
    if frame.tech is None:
        return "no_candidate", details
    said = set(content_terms(sentence))
    said |= {canon(t) for t in said}
    if frame.predicate is not None and not {frame.predicate, canon(frame.predicate)} & said:
        return "refused", details
    terms = set(frame.anchors) | set(frame.relation) | set(frame.soft)
    candidate = extraction.extract(frame, sentence, terms)
    if candidate is None:
        return "no_candidate", details
    details["candidate"] = candidate
    if unanswerable:
        return "trap", details
    return ("right" if fit.holds(candidate, phrases) else "wrong"), details


@cache
def _model() -> Embedder:
    """The extra's model, loaded once a process (a process runs several parts)."""
    return load_embedder()


def run_part(name: str, part: fit.Part, embedder: Embedder | None = None) -> list[Probe]:
    """The probes of ``part``'s cases that the default policy leaves unanswered."""
    embedder = embedder or _model()
    probes = []
    for case in fit.cases_of(part):
        record, policy = rule_report.run_observed(case)
        if record.get("answered"):
            continue
        if policy.state is None or not policy.state.opened:
            probes.append(Probe(name, case.id, "no_page"))
            continue
        texts = opened_sentences(policy.state)
        phrases = list(case.expect.answer_contains or [])
        unanswerable = bool(record.get("should_abstain"))
        category, details = read_closest(case.question, texts, embedder, phrases, unanswerable)
        probes.append(Probe(name, case.id, category, **details))
    return probes


def summary(probes: Sequence[Probe]) -> dict[str, Any]:
    """Categories in all, and the candidates split by cosine and margin."""
    split: dict[str, Counter[str]] = {}
    for p in probes:
        if p.category not in ("right", "wrong", "trap"):
            continue
        assert p.cosine is not None and p.margin is not None
        cosine = f"cosine {'>=' if p.cosine >= HIGH_COSINE else '<'} {HIGH_COSINE}"
        margin = f"margin {'>=' if p.margin >= WIDE_MARGIN else '<'} {WIDE_MARGIN}"
        split.setdefault(f"{cosine}, {margin}", Counter())[p.category] += 1
    return {
        "cases": len(probes),
        "categories": {c: sum(p.category == c for p in probes) for c in CATEGORIES},
        "candidates_by_cosine_and_margin": {
            k: {c: v[c] for c in ("right", "wrong", "trap")} for k, v in sorted(split.items())
        },
    }


def parts_of(names: str | None) -> list[tuple[str, fit.Part]]:
    """The parts ``--parts`` names (`rule_report.choose`); None: every documentation part
    of R, the rule parts' and the development sets'."""
    if names is not None:
        return rule_report.choose(names)
    return [(n, p) for n, p in rule_report.choose(None) if p.spec.startswith("docs:")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--parts",
        help="rule report part names or groups (default: the docs parts of rules and dev)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", action="store_true", help="every probe and the summary")
    args = parser.parse_args(argv)
    try:
        chosen = parts_of(args.parts)
    except ValueError as e:
        parser.error(str(e))
    missing = rule_report.missing_data(chosen)
    if missing:
        print(f"no data for {', '.join(n for n, _ in missing)}", file=sys.stderr)
        return 2
    try:
        load_embedder()
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
    names, parts = [n for n, _ in chosen], [p for _, p in chosen]
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        results = list(pool.map(run_part, names, parts))
    probes = [p for rows in results for p in rows]
    report = summary(probes)
    if args.json:
        print(json.dumps({"summary": report, "probes": [asdict(p) for p in probes]}, indent=1))
        return 0
    print(f"{report['cases']} unanswered cases of {len(chosen)} part(s)")
    for category, n in report["categories"].items():
        print(f"  {category:13s} {n}")
    print("candidates (right / wrong / trap):")
    for key, counts in report["candidates_by_cosine_and_margin"].items():
        print(f"  {key:32s} {counts['right']} / {counts['wrong']} / {counts['trap']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
