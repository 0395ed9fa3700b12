"""The offline reader on the two-hop files of ``../shared/data``, closed setting with the
derived unanswerable copies, per half (``--half 0``: the first 50 records, the half the
two-hop paths were developed on; ``--half 1``: the last 50, not developed on: records
51-75 are where their confidences are fitted (fold A's calibration side), 76-100 fold A's
held-out side; see ``fit_offline_confidence.py``).

    python benchmarks/two_hop_report.py --half 1
    python benchmarks/two_hop_report.py --half 1 --no-two-hop   # the single-hop reader alone
    python benchmarks/two_hop_report.py --half 0 --cases        # every answered case

Prints, per file and for both files together: cases, answered, coverage (answered
answerable cases / answerable cases), answered precision, accuracy against the
always-abstain floor, how many derived unanswerable copies were answered, and per path
(``comparison:date``, ``bridge:born``, … or ``single`` for the single-hop reader) the
answers, right answers and mean confidence.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from fit_offline_confidence import HOTPOT, MUSIQUE, SHARED, Part, cases_of
from fit_two_hop_confidence import path_of

from sleuth.evals.runner import run_case
from sleuth.policies.offline import OfflinePolicy


def records(kind: str, name: str, half: int, two_hop: bool) -> list[dict[str, Any]]:
    policy = OfflinePolicy(two_hop=two_hop)
    rows = []
    span = (0, 50) if half == 0 else (50, 100)  # 0-based [start, end) of the records
    for case in cases_of(Part(f"{kind}:{SHARED / name}", "closed", True, span)):
        row = run_case(case, policy, None, None)
        row["path"] = (path_of(case.question) if two_hop else None) or "single"
        rows.append(row)
    return rows


def summary(rows: list[dict[str, Any]], cases: bool) -> dict[str, Any]:
    answerable = [r for r in rows if not r["should_abstain"]]
    derived = [r for r in rows if str(r["case_id"]).endswith("::derived")]
    answered = [r for r in rows if r["answered"]]
    right = [r for r in answered if r["passed"]]
    paths: dict[str, dict[str, Any]] = {}
    for path in sorted({r["path"] for r in answered}):
        mine = [r for r in answered if r["path"] == path]
        known = [r["confidence"] for r in mine if r["confidence"] is not None]
        paths[path] = {
            "answered": len(mine),
            "right": sum(bool(r["passed"]) for r in mine),
            "mean_confidence": round(sum(known) / len(known), 3) if known else None,
        }
    out: dict[str, Any] = {
        "cases": len(rows),
        "answered": len(answered),
        "coverage_of_answerable": round(
            sum(r["answered"] for r in answerable) / len(answerable), 3
        ),
        "answered_precision": round(len(right) / len(answered), 3) if answered else None,
        "accuracy": round(sum(bool(r["passed"]) for r in rows) / len(rows), 3),
        "always_abstain": round(sum(bool(r["should_abstain"]) for r in rows) / len(rows), 3),
        "derived_answered": f"{sum(r['answered'] for r in derived)}/{len(derived)}",
        "paths": paths,
    }
    if cases:
        out["answers"] = [
            {
                "question": r["question"][:90],
                "answer": r["answer"],
                "path": r["path"],
                "right": r["passed"],
                "confidence": r["confidence"],
                "derived": str(r["case_id"]).endswith("::derived"),
            }
            for r in answered
        ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--half", type=int, choices=[0, 1], required=True)
    parser.add_argument("--no-two-hop", action="store_true", help="the single-hop reader alone")
    parser.add_argument("--cases", action="store_true", help="list every answered case")
    args = parser.parse_args()
    every: list[dict[str, Any]] = []
    report: dict[str, Any] = {
        "half": "records 1-50" if args.half == 0 else "records 51-100",
        "two_hop": not args.no_two_hop,
    }
    for kind, name in (("hotpotqa", HOTPOT), ("musique", MUSIQUE)):
        rows = records(kind, name, args.half, not args.no_two_hop)
        every += rows
        report[name] = summary(rows, args.cases)
    report["both"] = summary(every, False)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
