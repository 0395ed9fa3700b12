"""Fit the confidence of the offline reader's two-hop paths (`twohop_confidence`).

    python benchmarks/fit_two_hop_confidence.py             # fit on both sides, write
    python benchmarks/fit_two_hop_confidence.py --check     # refit; compare with the file
    python benchmarks/fit_two_hop_confidence.py --fold A    # side 1 only, printed

The training data are the two-hop parts of a fold's calibration side
(`fit_offline_confidence.fold`): the shared HotpotQA and MuSiQue files' records outside R
and the two-hop questions written over those records (``benchmarks/twohop_side1``,
``twohop_side1b``, ``twohop_side2``, ``twohop_side2b``), closed setting, each with its
derived unanswerable copy. The shipped file is fitted on both sides (``--fold AB``: records
51-100 and the written sets); fold A's paths on side 1 (records 51-75, ``twohop_side1``,
``twohop_side1b``) and fold B's on side 2 (76-100, ``twohop_side2``, ``twohop_side2b``),
which ``heldout_report.py`` refits (`fit`) to score each fold's held-out two-hop answers
with paths fitted on its own calibration parts only.
Not records 1-50: the two-hop paths were developed there (the rule data R), where they
are right far more often than elsewhere (21 answers, 21 right), so a confidence fitted
there says little of new questions. Every case is run by the offline policy with no
confidence threshold (``min_confidence=0``: collected at the fitted threshold, a path
whose confidence is under it would never answer, so never get a sample: the fit would
feed on itself); each answer given by a two-hop path (a comparison of some kind, or a
bridge whose first hop is a typed relation or a question) is one sample, right when the
graded answer passed. A derived copy that is answered is a wrong sample. With 25 records
a file, most paths answer once or never, so each path's precision is shrunk towards the
pooled precision of all paths (an empirical-Bayes prior) rather than towards 0.5:

    pooled  = (R + 1) / (N + 2)                       over all paths (Laplace)
    p(path) = (right + 2 · pooled) / (answered + 2)   a path never answered: pooled

The file records the folds and the counts, so a refit reproduces it exactly (no
randomness, no numerics).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fit_offline_confidence import FOLDS, RULE_PARTS, Part, cases_of
from fit_offline_confidence import fold as fold_parts

from sleuth.evals.runner import run_case
from sleuth.policies import bridge, bridge_questions, twohop, twohop_confidence
from sleuth.policies.offline import OfflinePolicy

MODEL_PATH = Path(twohop_confidence.__file__).with_name(twohop_confidence.MODEL_FILE)
PRIOR = 0.5  # Laplace, for the pooled precision: one right and one wrong answer imagined
PRIOR_WEIGHT = 2.0  # and, for each path, two answers imagined at the pooled precision
TWO_HOP_KINDS = ("hotpotqa", "musique")


def path_of(question: str) -> str | None:
    """The two-hop path the offline policy takes for ``question``, or None (single hop)."""
    plan = twohop.parse(question)
    if plan is not None:
        return twohop.path_of(plan)
    found = bridge_questions.parse_bridge(question)
    return bridge.path_of(found) if found is not None else None


def two_hop_parts(fold: str, held_out: bool = False) -> list[Part]:
    """The two-hop parts of the fold's calibration side (`fit_offline_confidence.fold`;
    ``held_out``: of its held-out side): the shared files' records of that side and the
    questions written over them."""
    parts = fold_parts(fold)[1 if held_out else 0]
    return [p for p in parts if p.spec.split(":", 1)[0] in TWO_HOP_KINDS]


def samples(fold: str = "AB") -> list[dict[str, Any]]:
    """One row per answered two-hop case of the fold's calibration parts (with no
    threshold, a path's confidence changes nothing the policy does)."""
    policy = OfflinePolicy(min_confidence=0.0)
    rows = []
    for part in two_hop_parts(fold):
        for case in cases_of(part):
            path = path_of(case.question)
            if path is None:
                continue
            record = run_case(case, policy, None, None)
            if record["answered"]:
                rows.append({"case": case.id, "path": path, "right": bool(record["passed"])})
    return rows


def fit(rows: list[dict[str, Any]], fold: str = "AB") -> dict[str, Any]:
    right = sum(r["right"] for r in rows)
    pooled = twohop_confidence.smoothed(right, len(rows), PRIOR, PRIOR_WEIGHT)
    paths: dict[str, dict[str, Any]] = {}
    for path in sorted({r["path"] for r in rows}):
        mine = [r for r in rows if r["path"] == path]
        k = sum(r["right"] for r in mine)
        paths[path] = {
            "answered": len(mine),
            "right": k,
            "p": twohop_confidence.smoothed(k, len(mine), pooled, PRIOR_WEIGHT),
        }
    return {
        "about": "precision of each two-hop path, shrunk towards the pooled precision: (right "
        "+ pooled * weight) / (answered + weight), pooled = (R + prior * weight) / (N + "
        "weight); fitted by benchmarks/fit_two_hop_confidence.py",
        "folds": {
            "fold": fold,
            "train": [p.label for p in two_hop_parts(fold)],
            "held_out": [p.label for p in two_hop_parts(fold, held_out=True)],
            "not_fitted": [
                f"{p.label} (R: the paths were developed there)"
                for p in RULE_PARTS
                if p.spec.split(":", 1)[0] in TWO_HOP_KINDS
            ],
        },
        "prior": PRIOR,
        "prior_weight": PRIOR_WEIGHT,
        "answered": len(rows),
        "right": right,
        "pooled": pooled,
        "unseen": pooled,
        "paths": paths,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare a refit with the file")
    parser.add_argument(
        "--fold",
        choices=FOLDS,
        default="AB",
        help="AB (default, shipped): both sides; A: side 1 (records 51-75, twohop_side1, "
        "twohop_side1b); B: side 2 (76-100, twohop_side2, twohop_side2b); A and B are "
        "printed, not written",
    )
    args = parser.parse_args()
    model = fit(samples(args.fold), args.fold)
    if args.check:
        shipped = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
        worst = max(
            [abs(shipped["pooled"] - model["pooled"]), abs(shipped["unseen"] - model["unseen"])]
            + [
                abs(shipped["paths"].get(p, {"p": -1.0})["p"] - v["p"])
                for p, v in model["paths"].items()
            ]
        )
        same = worst <= 1e-6 and set(shipped["paths"]) == set(model["paths"])
        print(f"largest difference {worst:.2e}; {'reproduced' if same else 'NOT reproduced'}")
        return 0 if same else 1
    if args.fold == "AB":
        MODEL_PATH.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(model, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
