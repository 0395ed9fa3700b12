"""The offline reader on the two-hop files of ``../shared/data``, closed setting with the
derived unanswerable copies, per half (``--half 0``: the first 50 records, the half the
two-hop path was developed on; ``--half 1``: the last 50, held out).

    python benchmarks/two_hop_report.py --half 1
    python benchmarks/two_hop_report.py --half 1 --no-two-hop   # the single-hop reader alone

Prints, per file: cases, answered % (of all cases and of the answerable ones), answered
precision, accuracy against the always-abstain floor, and how many derived
unanswerable copies were answered.
"""

from __future__ import annotations

import argparse
import json

from fit_offline_confidence import HOTPOT, MUSIQUE, SHARED, Part, cases_of

from sleuth.evals.runner import run_case
from sleuth.policies.offline import OfflinePolicy


def report(kind: str, name: str, half: int, two_hop: bool) -> dict[str, object]:
    policy = OfflinePolicy(two_hop=two_hop)
    rows = [
        run_case(case, policy, None, None)
        for case in cases_of(Part(f"{kind}:{SHARED / name}", "closed", True, half))
    ]
    answerable = [r for r in rows if not r["should_abstain"]]
    derived = [r for r in rows if str(r["case_id"]).endswith("::derived")]
    answered = [r for r in rows if r["answered"]]
    right = [r for r in answered if r["passed"]]
    return {
        "file": name,
        "half": "first 50" if half == 0 else "last 50",
        "two_hop": two_hop,
        "cases": len(rows),
        "answered": len(answered),
        "coverage_of_answerable": round(
            sum(r["answered"] for r in answerable) / len(answerable), 3
        ),
        "answered_precision": round(len(right) / len(answered), 3) if answered else None,
        "accuracy": round(sum(bool(r["passed"]) for r in rows) / len(rows), 3),
        "always_abstain": round(sum(bool(r["should_abstain"]) for r in rows) / len(rows), 3),
        "derived_answered": f"{sum(r['answered'] for r in derived)}/{len(derived)}",
        "right": [(r["question"][:70], r["answer"]) for r in right],
        "wrong": [(r["question"][:70], r["answer"]) for r in answered if not r["passed"]],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", type=int, choices=[0, 1], required=True)
    parser.add_argument("--no-two-hop", action="store_true")
    args = parser.parse_args()
    for kind, name in (("hotpotqa", HOTPOT), ("musique", MUSIQUE)):
        print(json.dumps(report(kind, name, args.half, not args.no_two_hop), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
