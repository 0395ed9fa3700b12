"""What a reader change does on R, the data the reader's rules are developed on.

    python benchmarks/rule_report.py run --out base.json             # every R part, 2 processes
    python benchmarks/rule_report.py run --parts squad-dev,starlette-dev --limit 20 --out a.json
    python benchmarks/rule_report.py diff base.json new.json         # what moved, case by case
    python benchmarks/rule_report.py show new.json --part flask-train --category unread
    python benchmarks/rule_report.py show new.json --category right --min-steps 4  # slow ones
    python benchmarks/rule_report.py trace --part flask-train config.rst:permanent-session-lifetime

R is `fit_offline_confidence.RULE_PARTS` (SQuAD "Normans" and the "Rhine" questions of
paragraphs 0 and 2 modulo 4, closed and open; HotpotQA and MuSiQue records 1-50 with their
derived unanswerable copies; the FastAPI and Flask docs questions) and the development
sets written for the rules: ``benchmarks/squad_dev``, ``squad_dev2``, ``squad_dev3``,
``squad_dev4`` to ``squad_dev7`` (closed, as their READMEs run them), ``benchmarks/twohop_dev``,
``twohop_dev2`` and ``musique_dev`` to ``musique_dev3`` (closed, with derived copies) and the
docs questions ``marshmallow_dev``, ``structlog_dev``, ``starlette_dev``, ``alembic_dev``,
``babel_dev``, ``apscheduler_dev``, ``celery_dev``, ``pytest_dev``, ``mypy_dev``,
``aiohttp_dev``, ``pygments_dev``, ``tox_dev``, ``tornado_dev``, ``lxml_dev``, ``scrapy_dev``,
``peewee_dev``, ``huey_dev``, ``cryptography_dev``, ``packaging_dev``, ``docutils_dev``,
``webob_dev``, ``nose2_dev``, ``flask-sqlalchemy_dev``, ``simpy_dev``, ``behave_dev``,
``deform_dev``, ``gevent_dev``, ``whoosh_dev``, ``oslo-config_dev`` and ``sphinx_dev`` over
their vendored docs.
The held-out sides are never run here: they are ``heldout_report.py``'s.

Each case is run with the default policy (`sleuth ask` with no flags: the shipped model,
the default threshold), graded as ``sleuth eval`` grades it, and put in one category:

* ``right``: answered and passed; ``wrong``: answered and not passed;
* ``abstained``: not answered, and the case has no answer (rightly);
* an answerable case (or one whose expectation says neither) not answered: ``unread``
  when the pages holding its answer were opened (a docs case: the page its id names before
  the first ``:``; a SQuAD or two-hop case: every gold page of the case, so a bridge
  question counts as unread only when both of its pages were opened), else
  ``not_opened``;
* ``error``: the run raised (the record's ``error``).

The pages a run opened are not in its record: the policy is wrapped (`Observed`) to keep
the run's state, whose ``opened`` pages are read when the run ends (src/ is not changed).

The output is deterministic (no time, no run id; cases in part order, each part's cases
in file order); ``diff`` compares two such files part by part and case by case. ``trace``
runs cases of one part again and prints each step: the tool, its query or page, the
policy's thought, a search's top hits, and the outcome (why a case took the steps it took).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fit_offline_confidence as fit  # beside this file

from sleuth.cli_common import make_policy
from sleuth.contract import Policy
from sleuth.evals.runner import run_case
from sleuth.evals.suite import SuiteCase
from sleuth.runtime import Turn
from sleuth.state import RunState

BENCHMARKS = Path(__file__).resolve().parent
FORMAT = 1  # the JSON file's version

CATEGORIES = ("right", "wrong", "abstained", "unread", "not_opened", "error")
COUNTS = ("cases", "answered", *CATEGORIES)

# -- the parts ----------------------------------------------------------------------------

# a data file's short name, by its stem
_STEMS = {
    Path(fit.NORMANS).stem: "normans",
    Path(fit.RHINE).stem: "rhine",
    Path(fit.HOTPOT).stem: "hotpotqa",
    Path(fit.MUSIQUE).stem: "musique",
    "squad2_style_dev": "squad-dev",
    "squad2_style_dev2": "squad-dev2",
    "squad2_style_dev3": "squad-dev3",
    "squad2_style_dev4": "squad-dev4",
    "squad2_style_dev5": "squad-dev5",
    "squad2_style_dev6": "squad-dev6",
    "squad2_style_dev7": "squad-dev7",
    "hotpot_style_dev": "twohop-dev",
    "hotpot_style_dev2": "twohop-dev2",
    "musique_style_dev": "musique-dev",
    "musique_style_dev2": "musique-dev2",
    "musique_style_dev3": "musique-dev3",
}

#: the development sets beside `fit.RULE_PARTS` (R too: the rules are written reading them)
DEV_PARTS = [
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev' / 'squad2_style_dev.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev2' / 'squad2_style_dev2.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev3' / 'squad2_style_dev3.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev4' / 'squad2_style_dev4.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev5' / 'squad2_style_dev5.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev6' / 'squad2_style_dev6.json'}", "closed"),
    fit.Part(f"squad2:{BENCHMARKS / 'squad_dev7' / 'squad2_style_dev7.json'}", "closed"),
    fit.Part(f"hotpotqa:{BENCHMARKS / 'twohop_dev' / 'hotpot_style_dev.json'}", "closed", True),
    fit.Part(f"hotpotqa:{BENCHMARKS / 'twohop_dev2' / 'hotpot_style_dev2.json'}", "closed", True),
    fit.Part(f"musique:{BENCHMARKS / 'musique_dev' / 'musique_style_dev.json'}", "closed", True),
    fit.Part(f"musique:{BENCHMARKS / 'musique_dev2' / 'musique_style_dev2.json'}", "closed", True),
    fit.Part(f"musique:{BENCHMARKS / 'musique_dev3' / 'musique_style_dev3.json'}", "closed", True),
    fit.Part("docs:marshmallow/marshmallow_dev", "index"),
    fit.Part("docs:structlog/structlog_dev", "index"),
    fit.Part("docs:starlette/starlette_dev", "index"),
    fit.Part("docs:alembic/alembic_dev", "index"),
    fit.Part("docs:babel/babel_dev", "index"),
    fit.Part("docs:apscheduler/apscheduler_dev", "index"),
    fit.Part("docs:celery/celery_dev", "index"),
    fit.Part("docs:pytest/pytest_dev", "index"),
    fit.Part("docs:mypy/mypy_dev", "index"),
    fit.Part("docs:aiohttp/aiohttp_dev", "index"),
    fit.Part("docs:pygments/pygments_dev", "index"),
    fit.Part("docs:tox/tox_dev", "index"),
    fit.Part("docs:tornado/tornado_dev", "index"),
    fit.Part("docs:lxml/lxml_dev", "index"),
    fit.Part("docs:scrapy/scrapy_dev", "index"),
    fit.Part("docs:peewee/peewee_dev", "index"),
    fit.Part("docs:huey/huey_dev", "index"),
    fit.Part("docs:cryptography/cryptography_dev", "index"),
    fit.Part("docs:packaging/packaging_dev", "index"),
    fit.Part("docs:docutils/docutils_dev", "index"),
    fit.Part("docs:webob/webob_dev", "index"),
    fit.Part("docs:nose2/nose2_dev", "index"),
    fit.Part("docs:flask-sqlalchemy/flask-sqlalchemy_dev", "index"),
    fit.Part("docs:simpy/simpy_dev", "index"),
    fit.Part("docs:behave/behave_dev", "index"),
    fit.Part("docs:deform/deform_dev", "index"),
    fit.Part("docs:gevent/gevent_dev", "index"),
    fit.Part("docs:whoosh/whoosh_dev", "index"),
    fit.Part("docs:oslo-config/oslo-config_dev", "index"),
    fit.Part("docs:sphinx/sphinx_dev", "index"),
]

#: ``--parts`` groups: every R part of the fit script, and the development sets
GROUPS = {"rules": "fit_offline_confidence.RULE_PARTS", "dev": "the development sets"}


def short_name(part: fit.Part, settings: int = 1) -> str:
    """A part's name for ``--parts``: its questions file (``fastapi-more``, ``squad-dev``),
    with the setting when its file is run in ``settings`` > 1 settings."""
    if part.spec.startswith("docs:"):
        return part.docs[1].replace("_", "-")
    stem = Path(part.spec.split(":", 1)[1]).stem
    name = _STEMS.get(stem, stem.replace("_", "-"))
    return f"{name}-{part.setting}" if settings > 1 else name


def all_parts() -> list[tuple[str, fit.Part]]:
    """Every part this report runs, by short name: R's, then the development sets."""
    parts = [*fit.RULE_PARTS, *DEV_PARTS]
    specs = [p.spec for p in parts]
    named = [(short_name(p, specs.count(p.spec)), p) for p in parts]
    names = [n for n, _ in named]
    if len(set(names)) != len(names):
        raise RuntimeError(f"two parts share a short name: {names}")
    return named


def choose(names: str | None) -> list[tuple[str, fit.Part]]:
    """The parts ``--parts`` names (comma-separated short names or `GROUPS`; None: all),
    in the report's order. `ValueError` names an unknown one."""
    every = all_parts()
    if not names:
        return every
    rules = {n for n, _ in every[: len(fit.RULE_PARTS)]}
    wanted: set[str] = set()
    known = {n for n, _ in every}
    for name in (n.strip() for n in names.split(",") if n.strip()):
        if name == "rules":
            wanted |= rules
        elif name == "dev":
            wanted |= known - rules
        elif name in known:
            wanted.add(name)
        else:
            raise ValueError(f"no part {name!r} (parts: {', '.join(sorted(known))}; or rules, dev)")
    return [(n, p) for n, p in every if n in wanted]


def data_of(part: fit.Part) -> Path:
    """The file or folder ``part`` reads."""
    if part.spec.startswith("docs:"):
        return fit.docs_folder(part.docs[0])
    return Path(part.spec.split(":", 1)[1])


def missing_data(parts: Sequence[tuple[str, fit.Part]]) -> list[tuple[str, Path]]:
    """(name, path) of each part whose data is not there."""
    return [(n, data_of(p)) for n, p in parts if not data_of(p).exists()]


# -- the records --------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseRow:
    """One case as run: the answer (or the ``cannot:`` text and its reason), how it ended,
    its pages (``gold``: the pages holding its answer; ``opened``: what the run opened,
    docs pages relative to their folder) and its category (`CATEGORIES`)."""

    part: str
    case_id: str
    question: str
    answer: str | None
    reason: str | None
    status: str | None
    confidence: float | None
    steps: int
    answered: bool
    should_abstain: bool | None
    passed: bool
    category: str
    gold: tuple[str, ...]
    opened: tuple[str, ...]


@dataclass(frozen=True)
class PartInfo:
    name: str
    label: str


@dataclass(frozen=True)
class Report:
    """A run: its parts (short name and the fit script's label), the ``--limit`` and every
    case."""

    parts: tuple[PartInfo, ...]
    limit: int | None
    cases: tuple[CaseRow, ...]


def save(report: Report, path: Path) -> None:
    data = {"format": FORMAT, **asdict(report)}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def load(path: Path) -> Report:
    """The report `save` wrote (`ValueError` for another format)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a rule_report file (format {FORMAT})")
    limit = data["limit"]
    return Report(
        parts=tuple(PartInfo(name=str(p["name"]), label=str(p["label"])) for p in data["parts"]),
        limit=None if limit is None else int(limit),
        cases=tuple(_case(c) for c in data["cases"]),
    )


def _case(c: dict[str, Any]) -> CaseRow:
    confidence = c["confidence"]
    should = c["should_abstain"]
    return CaseRow(
        part=str(c["part"]),
        case_id=str(c["case_id"]),
        question=str(c["question"]),
        answer=None if c["answer"] is None else str(c["answer"]),
        reason=None if c["reason"] is None else str(c["reason"]),
        status=None if c["status"] is None else str(c["status"]),
        confidence=None if confidence is None else float(confidence),
        steps=int(c["steps"]),
        answered=bool(c["answered"]),
        should_abstain=None if should is None else bool(should),
        passed=bool(c["passed"]),
        category=str(c["category"]),
        gold=tuple(str(g) for g in c["gold"]),
        opened=tuple(str(o) for o in c["opened"]),
    )


# -- running ------------------------------------------------------------------------------


class Observed:
    """A policy that keeps the state of the run it decides for (mutated in place by the
    runtime, so its ``opened`` pages are the run's when the run has ended)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.state: RunState | None = None

    def decide(self, state: RunState) -> Turn:
        self.state = state
        return self.inner.decide(state)

    def opened(self) -> list[str]:
        """The run's opened pages' URLs, in the order they were first opened."""
        if self.state is None:
            return []
        pages = sorted(self.state.opened.items(), key=lambda kv: kv[1].opened_step)
        return [url for url, _ in pages]


def docs_page(url: str, folder: Path) -> str:
    """A docs URL (``file:///.../FOLDER/guide/x.md#section``) as the page path the case ids
    use, with its fragment (``guide/x.md#section``); a URL outside ``folder`` as given."""
    parsed = urlparse(url)
    if parsed.scheme != "file":
        return url
    path = Path(unquote(parsed.path))
    for base in (folder, folder.resolve()):
        try:
            rel = path.relative_to(base).as_posix()
        except ValueError:
            continue
        return f"{rel}#{parsed.fragment}" if parsed.fragment else rel
    return url


def gold_pages(part: fit.Part, case: SuiteCase) -> tuple[str, ...]:
    """The pages holding ``case``'s answer: a docs case's is the page its id names before
    the first ``:`` (none for an id without one); a dataset case's, its gold URLs."""
    if part.spec.startswith("docs:"):
        page, colon, _ = case.id.partition(":")
        return (page,) if colon else ()
    return tuple(case.expect.gold)


def _page(url: str) -> str:
    return url.split("#", 1)[0]


def category(
    answered: bool,
    passed: bool,
    should_abstain: bool | None,
    gold: Sequence[str],
    opened: Sequence[str],
    error: bool = False,
) -> str:
    """A case's category (`CATEGORIES`, the module's docstring): ``unread`` needs every
    ``gold`` page among the ``opened`` ones (fragments aside) and at least one gold page."""
    if error:
        return "error"
    if answered:
        return "right" if passed else "wrong"
    if should_abstain:
        return "abstained"
    seen = {_page(o) for o in opened}
    return "unread" if gold and all(_page(g) in seen for g in gold) else "not_opened"


def docs_folder_of(part: fit.Part) -> Path | None:
    """The folder a docs part's pages are under (None for a dataset part)."""
    return fit.docs_folder(part.docs[0]) if part.spec.startswith("docs:") else None


def run_observed(case: SuiteCase) -> tuple[dict[str, Any], Observed]:
    """``case`` run and graded by the default policy, with the policy that kept its state."""
    policy = Observed(make_policy(None, None, None, None, "tools", False))
    return run_case(case, policy, None, None), policy


def run_part(name: str, part: fit.Part, limit: int | None = None) -> list[CaseRow]:
    """The first ``limit`` cases of ``part`` (None: all), each run by the default policy,
    graded and categorised."""
    folder = docs_folder_of(part)
    rows = []
    for case in fit.cases_of(part)[:limit]:
        record, policy = run_observed(case)
        opened = policy.opened()
        if folder is not None:
            opened = [docs_page(u, folder) for u in opened]
        gold = gold_pages(part, case)
        answered = bool(record.get("answered"))
        passed = bool(record["passed"])
        should = record.get("should_abstain")
        confidence = record.get("confidence")
        rows.append(
            CaseRow(
                part=name,
                case_id=case.id,
                question=case.question,
                answer=record.get("answer"),
                reason=record.get("reason"),
                status=record.get("status"),
                confidence=None if confidence is None else float(confidence),
                steps=int(record.get("steps") or 0),
                answered=answered,
                should_abstain=None if should is None else bool(should),
                passed=passed,
                category=category(answered, passed, should, gold, opened, "error" in record),
                gold=gold,
                opened=tuple(opened),
            )
        )
    return rows


def run(parts: Sequence[tuple[str, fit.Part]], workers: int, limit: int | None) -> Report:
    """Every part, in ``workers`` processes (1: in this one)."""
    if workers <= 1:
        results = [run_part(n, p, limit) for n, p in parts]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run_part, n, p, limit) for n, p in parts]
            results = [f.result() for f in futures]
    return Report(
        parts=tuple(PartInfo(n, p.label) for n, p in parts),
        limit=limit,
        cases=tuple(row for rows in results for row in rows),
    )


# -- figures ------------------------------------------------------------------------------


def counts(cases: Sequence[CaseRow]) -> dict[str, int]:
    """`COUNTS` of ``cases``."""
    out = {"cases": len(cases), "answered": sum(c.answered for c in cases)}
    out.update({k: sum(c.category == k for c in cases) for k in CATEGORIES})
    return out


def part_counts(report: Report) -> dict[str, dict[str, int]]:
    """Each part's `counts`, in the report's order."""
    return {p.name: counts([c for c in report.cases if c.part == p.name]) for p in report.parts}


def _table(rows: dict[str, dict[str, int]], cell: Callable[[str, str], str]) -> list[str]:
    width = max([len("part"), len("total"), *(len(n) for n in rows)])
    lines = [f"{'part':<{width}} " + " ".join(f"{k:>10}" for k in COUNTS)]
    lines += [f"{n:<{width}} " + " ".join(f"{cell(n, k):>10}" for k in COUNTS) for n in rows]
    return lines


def render(report: Report) -> str:
    per = part_counts(report)
    total = counts(report.cases)
    width = max([len("total"), *(len(n) for n in per)])
    lines = _table(per, lambda n, k: str(per[n][k]))
    lines.append(f"{'total':<{width}} " + " ".join(f"{total[k]:>10}" for k in COUNTS))
    labels = [f"  {p.name}: {p.label}" for p in report.parts]
    limit = f" (first {report.limit} cases of each)" if report.limit is not None else ""
    return "\n".join([*lines, "", f"parts{limit}:", *labels])


@dataclass(frozen=True)
class Change:
    """A case whose category or answer differs between two runs (None: not in that run)."""

    part: str
    case_id: str
    question: str
    old_category: str | None
    new_category: str | None
    old_answer: str | None
    new_answer: str | None


def deltas(old: Report, new: Report) -> dict[str, dict[str, int]]:
    """Each part's counts in ``new`` minus those in ``old`` (a part in one run only counts
    as empty in the other), in ``old``'s part order then ``new``'s new parts."""
    before, after = part_counts(old), part_counts(new)
    empty = dict.fromkeys(COUNTS, 0)
    names = [*before, *(n for n in after if n not in before)]
    return {n: {k: after.get(n, empty)[k] - before.get(n, empty)[k] for k in COUNTS} for n in names}


def changes(old: Report, new: Report) -> list[Change]:
    """The cases whose category or answer changed (or that one run lacks), in ``old``'s
    order then ``new``'s new cases."""
    before = {(c.part, c.case_id): c for c in old.cases}
    after = {(c.part, c.case_id): c for c in new.cases}
    keys = [*before, *(k for k in after if k not in before)]
    out = []
    for key in keys:
        a, b = before.get(key), after.get(key)
        if a is not None and b is not None and (a.category, a.answer) == (b.category, b.answer):
            continue
        either = b if b is not None else a
        assert either is not None
        out.append(
            Change(
                part=key[0],
                case_id=key[1],
                question=either.question,
                old_category=a.category if a else None,
                new_category=b.category if b else None,
                old_answer=a.answer if a else None,
                new_answer=b.answer if b else None,
            )
        )
    return out


def render_diff(old: Report, new: Report) -> str:
    moved = deltas(old, new)
    after = part_counts(new)

    def cell(name: str, key: str) -> str:
        d = moved[name][key]
        now = after.get(name, {}).get(key, 0)
        return f"{now} ({d:+d})" if d else str(now)

    total = {k: sum(m[k] for m in moved.values()) for k in COUNTS}
    lines = ["counts in NEW (change from OLD):", *_table(moved, cell)]
    width = max([len("total"), *(len(n) for n in moved)])
    lines.append(f"{'total':<{width}} " + " ".join(f"{total[k]:>+10d}" for k in COUNTS))
    found = changes(old, new)
    lines += ["", f"{len(found)} cases changed:"]
    for c in found:
        lines += [
            f"{c.part} {c.case_id}: {c.old_category or 'absent'} -> {c.new_category or 'absent'}",
            f"    Q: {c.question}",
            f"    old: {c.old_answer}",
            f"    new: {c.new_answer}",
        ]
    return "\n".join(lines)


def render_show(
    report: Report, part: str | None, kind: str | None, min_steps: int | None = None
) -> str:
    picked = [
        c
        for c in report.cases
        if (part is None or c.part == part)
        and (kind is None or c.category == kind)
        and (min_steps is None or c.steps >= min_steps)
    ]
    lines = []
    for c in picked:
        confidence = "-" if c.confidence is None else f"{c.confidence:.3f}"
        lines += [
            f"{c.part} {c.case_id} [{c.category}] confidence {confidence}, {c.steps} steps",
            f"    Q: {c.question}",
            f"    A: {c.answer}",
        ]
    lines.append(f"{len(picked)} cases")
    return "\n".join(lines)


# -- trace ----------------------------------------------------------------------------------

#: How many of a search's hits a trace prints.
TRACE_HITS = 5


def trace(name: str, part: fit.Part, case_ids: Sequence[str]) -> str:
    """Each of ``case_ids`` (of part ``name``) run again by the default policy, step by
    step: the tool and its query or page (a docs page relative to its folder), the
    policy's thought, a search's top hits, an error; then the outcome. An id the part
    does not have is said so."""
    folder = docs_folder_of(part)

    def page(url: str) -> str:
        return docs_page(url, folder) if folder is not None else url

    by_id = {c.id: c for c in fit.cases_of(part)}
    lines: list[str] = []
    for case_id in case_ids:
        case = by_id.get(case_id)
        if case is None:
            lines += [f"{name} {case_id}: no such case in this part", ""]
            continue
        record, policy = run_observed(case)
        lines += [f"{name} {case.id}", f"    Q: {case.question}"]
        steps = policy.state.steps if policy.state is not None else []
        for number, step in enumerate(steps, start=1):
            target = step.args.get("query") or page(str(step.args.get("url") or ""))
            offset = step.args.get("offset")
            where = f"{target} (offset {offset})" if offset else target
            lines.append(f"    {number}. {step.tool} {where}".rstrip())
            lines.append(f"         {step.thought}")
            if step.observation.error:
                said = " ".join(step.observation.text.split())
                lines.append(f"         error {step.observation.error}: {said}")
            elif step.tool == "search" and step.observation.kind == "hits":
                for rank, hit in enumerate(step.observation.data.get("hits", [])[:TRACE_HITS]):
                    lines.append(f"         hit {rank}: {page(hit['url'])}  {hit['title']!r}")
        confidence = record.get("confidence")
        lines += [
            f"    A: {record.get('answer')}",
            f"    {'passed' if record['passed'] else 'not passed'}; confidence "
            f"{'-' if confidence is None else confidence}; reason {record.get('reason') or '-'}; "
            f"{record.get('steps')} steps",
        ]
        if record.get("error"):
            lines.append(f"    the run raised: {record['error']}")
        lines.append("")
    return "\n".join(lines).rstrip("\n")


# -- the command --------------------------------------------------------------------------


def _parts_help() -> str:
    names = ", ".join(n for n, _ in all_parts())
    groups = "; ".join(f"{g}: {what}" for g, what in GROUPS.items())
    return f"comma-separated parts (default all): {names}; or the groups {groups}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run_p = commands.add_parser("run", help="run R's parts and write the per-case JSON")
    run_p.add_argument("--parts", help=_parts_help())
    run_p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    run_p.add_argument("--limit", type=int, help="only the first N cases of each part")
    run_p.add_argument("--out", required=True, type=Path, help="the JSON file to write")
    diff_p = commands.add_parser("diff", help="what changed between two runs")
    diff_p.add_argument("old", type=Path)
    diff_p.add_argument("new", type=Path)
    show_p = commands.add_parser("show", help="list a run's cases")
    show_p.add_argument("file", type=Path)
    show_p.add_argument("--part", help="one part's cases (its short name)")
    show_p.add_argument("--category", choices=CATEGORIES, help="one category's cases")
    show_p.add_argument("--min-steps", type=int, help="only cases that took at least N steps")
    trace_p = commands.add_parser("trace", help="run cases again and print their steps")
    trace_p.add_argument("--part", required=True, help="the cases' part (its short name)")
    trace_p.add_argument("case_ids", nargs="+", metavar="CASE_ID")
    args = parser.parse_args(argv)
    if args.command == "diff":
        print(render_diff(load(args.old), load(args.new)))
        return 0
    if args.command == "show":
        print(render_show(load(args.file), args.part, args.category, args.min_steps))
        return 0
    if args.command == "trace":
        try:
            chosen = choose(args.part)
        except ValueError as exc:
            parser.error(str(exc))
        if len(chosen) != 1:
            parser.error(f"trace takes one part, not {args.part!r}")
        ((name, part),) = chosen
        missing = missing_data([(name, part)])
        if missing:
            print(f"rule_report: data missing ({missing[0][1]})", file=sys.stderr)
            return 2
        print(trace(name, part, args.case_ids))
        return 0
    if args.workers < 1:
        parser.error("--workers is at least 1")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit is at least 1")
    try:
        parts = choose(args.parts)
    except ValueError as exc:
        parser.error(str(exc))
    missing = missing_data(parts)
    if missing:
        what = "; ".join(f"{n}: {path}" for n, path in missing)
        print(
            f"rule_report: data missing ({what}). The shared data is read from {fit.SHARED} "
            "(set SLEUTH_SHARED_DATA); --parts dev runs the vendored development sets only.",
            file=sys.stderr,
        )
        return 2
    started = time.monotonic()
    report = run(parts, args.workers, args.limit)
    save(report, args.out)
    print(render(report))
    wall = time.monotonic() - started
    print(f"\nwrote {args.out}; wall {wall:.1f} s with {args.workers} worker process(es)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
