"""How much the held-out figures move with the fit alone: several ``heldout_report.py
--json`` runs of one reader, each refitted with another ``--bag-seed``, side by side.

    for s in 0 1 2; do python benchmarks/heldout_report.py --json --bag-seed $s > s$s.json; done
    python benchmarks/heldout_spread.py s0.json s1.json s2.json
    python benchmarks/heldout_spread.py s0.json s1.json --against old0.json old1.json
    python benchmarks/heldout_spread.py s0.json s1.json --against old0.json --common-parts

A reader's rules change the calibration samples, so every change is measured through a
refit, and a refit moves the answers whose confidence is near the threshold (session 21:
the held-out right and wrong answers moved by 2-3 a fold from one refit to the next,
about what a batch of rules changes). The reader is the same in every run given here,
and only the bootstraps of the bagged fit differ, so what moves between the runs is the
fit's share of a difference. Printed per fold: the right and wrong answers of each kind
of part (docs, SQuAD-style, two-hop) in each run, with their mean; the targets met in
each run and every target that is met in some runs and not in others; the ECE of each
run. With ``--against``, the same for a second reader's runs, then the difference of the
means per kind, beside the larger of the two readers' ranges (a difference inside it is
not told apart from the fit's noise by these runs). With ``--common-parts`` the totals and
targets count only the parts every run of a fold holds, so that runs made after a data set
joined the sides compare with runs made before it on the same parts (the pooled ECE still
covers every answer of each run); the parts left out are named.

Each run's right answers per part are its answered cases times its answered precision
(`heldout_report.part_figures`), rounded to whole answers.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KINDS = ("docs", "squad", "two-hop")


def kind_of(label: str) -> str:
    """A part's kind from its label (`fit_offline_confidence.Part.label`)."""
    if label.startswith("docs-"):
        return "docs"
    lower = label.lower()
    return "two-hop" if "hotpot" in lower or "musique" in lower else "squad"


def right_wrong(figures: dict[str, Any]) -> tuple[int, int]:
    """(right, wrong) answers of one part's figures."""
    answered = int(figures.get("answered") or 0)
    precision = figures.get("answered_precision")
    right = round(answered * precision) if precision is not None else 0
    return right, answered - right


@dataclass(frozen=True)
class FoldRun:
    """One run's figures of one fold: right and wrong answers per kind, the targets met
    (by target and part), and the pooled ECE."""

    by_kind: dict[str, tuple[int, int]]
    met: dict[tuple[str, str], bool]
    ece: float | None


def fold_run(fold: dict[str, Any], parts: frozenset[str] | None = None) -> FoldRun:
    """One fold's figures; with ``parts``, only those parts' answers and targets (a target
    of the whole fold, such as the ECE or the deciles, is kept)."""
    totals = {k: [0, 0] for k in KINDS}
    for label, figures in fold["parts"].items():
        if parts is not None and label not in parts:
            continue
        right, wrong = right_wrong(figures)
        totals[kind_of(label)][0] += right
        totals[kind_of(label)][1] += wrong
    met = {
        (c["target"], c["part"]): bool(c["met"])
        for c in fold["checks"]
        if c["met"] is not None
        and (parts is None or c["part"] in parts or c["part"] not in fold["parts"])
    }
    return FoldRun(
        {k: (v[0], v[1]) for k, v in totals.items()}, met, fold.get("calibration", {}).get("ece")
    )


def read_reports(paths: list[Path]) -> list[dict[str, dict[str, Any]]]:
    """Each report's folds, in the order of ``paths`` (`ValueError` for a file that is not
    a report, or for reports that do not hold the same folds)."""
    reports: list[dict[str, dict[str, Any]]] = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("folds"), dict):
            raise ValueError(f"{path}: not a heldout_report.py --json file")
        if reports and set(data["folds"]) != set(reports[0]):
            raise ValueError(f"{path}: folds {sorted(data['folds'])}, not {sorted(reports[0])}")
        reports.append(data["folds"])
    return reports


def common_parts(reports: list[dict[str, dict[str, Any]]]) -> dict[str, frozenset[str]]:
    """Per fold, the parts every report holds."""
    return {
        name: frozenset.intersection(*(frozenset(r[name]["parts"]) for r in reports))
        for name in reports[0]
    }


def load_runs(
    paths: list[Path], parts: dict[str, frozenset[str]] | None = None
) -> dict[str, list[FoldRun]]:
    """Each fold's runs, in the order of ``paths``; with ``parts``, each fold counted over
    its parts only (`fold_run`)."""
    runs: dict[str, list[FoldRun]] = {}
    for folds in read_reports(paths):
        for name, fold in folds.items():
            runs.setdefault(name, []).append(
                fold_run(fold, None if parts is None else parts.get(name))
            )
    return runs


def mean(values: list[int] | list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def describe(name: str, runs: list[FoldRun]) -> list[str]:
    """One reader's runs of one fold, as lines."""
    lines = [f"fold {name}: {len(runs)} runs"]
    for k in KINDS:
        right = [r.by_kind[k][0] for r in runs]
        wrong = [r.by_kind[k][1] for r in runs]
        lines.append(
            f"  {k:<8} right {'/'.join(map(str, right)):<14} (mean {mean(right):5.1f}, "
            f"range {max(right) - min(right)})   wrong {'/'.join(map(str, wrong)):<14} "
            f"(mean {mean(wrong):5.1f}, range {max(wrong) - min(wrong)})"
        )
    met = [sum(r.met.values()) for r in runs]
    measured = [len(r.met) for r in runs]
    lines.append(
        "  targets met "
        + ", ".join(f"{m}/{n}" for m, n in zip(met, measured, strict=True))
        + "   ECE "
        + ", ".join("-" if r.ece is None else f"{r.ece:.3f}" for r in runs)
    )
    keys = sorted({key for r in runs for key in r.met})
    for target, part in keys:
        seen = [r.met.get((target, part)) for r in runs]
        if len({s for s in seen if s is not None}) > 1:
            marks = " ".join("-" if s is None else "met" if s else "NOT" for s in seen)
            lines.append(f"  unstable: {target} on {part}: {marks}")
    return lines


def compare(name: str, old: list[FoldRun], new: list[FoldRun]) -> list[str]:
    """The difference of the two readers' means per kind, against their ranges."""
    lines = [f"fold {name}: new - old (mean over runs; the larger range of the two beside it)"]
    for k in KINDS:
        cells = []
        for i, what in ((0, "right"), (1, "wrong")):
            a = [r.by_kind[k][i] for r in old]
            b = [r.by_kind[k][i] for r in new]
            spread = max(max(a) - min(a), max(b) - min(b))
            cells.append(f"{what} {mean(b) - mean(a):+5.1f} (range {spread})")
        lines.append(f"  {k:<8} " + "   ".join(cells))
    met_a = mean([sum(r.met.values()) for r in old])
    met_b = mean([sum(r.met.values()) for r in new])
    lines.append(f"  targets met: {met_a:.1f} -> {met_b:.1f} (mean)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path, help="heldout_report.py --json files")
    parser.add_argument(
        "--against", nargs="+", type=Path, default=None, help="another reader's runs"
    )
    parser.add_argument(
        "--common-parts",
        action="store_true",
        help="count only the parts every run of a fold holds (runs before and after a data "
        "set joined the sides), naming the others",
    )
    args = parser.parse_args(argv)
    lines: list[str] = []
    try:
        parts = None
        if args.common_parts:
            reports = read_reports(args.runs + (args.against or []))
            parts = common_parts(reports)
            for name, kept in parts.items():
                left = sorted({p for r in reports for p in r[name]["parts"]} - kept)
                if left:
                    lines.append(f"fold {name}: not counted (not in every run): {'; '.join(left)}")
        new = load_runs(args.runs, parts)
        old = load_runs(args.against, parts) if args.against else None
    except (OSError, ValueError) as exc:
        print(f"heldout_spread: {exc}", file=sys.stderr)
        return 2
    if old is not None:
        if set(old) != set(new):
            print("heldout_spread: the two readers' runs hold other folds", file=sys.stderr)
            return 2
        lines.append("== old ==")
        for name, runs in old.items():
            lines += describe(name, runs)
        lines.append("== new ==")
    for name, runs in new.items():
        lines += describe(name, runs)
    if old is not None:
        lines.append("== difference ==")
        for name in new:
            lines += compare(name, old[name], new[name])
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
