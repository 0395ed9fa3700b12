"""Finish-validator conformance on the shared data: a table per family.

    python benchmarks/conformance.py [--data DIR] [--split dev|held-out|all] [--variants 3]
                                     [--examples N] [--against REV]

For each correct phrasing family: accepted / total (targets: ≥ 99% overall and ≥ 98% in
every family), with the codes of the rejections; for each violation family: accepted /
total (target: 0) with the codes that rejected them. ``--examples N`` prints up to N
unexpected outcomes per family. Splits: ``dev`` is Normans + HotpotQA, ``held-out`` is
Rhine + MuSiQue (the issue note says how each was used).

``--against REV`` also runs the validator of git revision REV (exported to a temporary
folder and imported in a subprocess) on the very same generated finishes, and prints its
tables and its time per finish beside this one's: the baseline, measured in the same run.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
SPLITS = {
    "dev": ["normans", "hotpotqa"],
    "held-out": ["rhine", "musique"],
    "all": ["normans", "rhine", "hotpotqa", "musique"],
}


def measure(data: Path, split: str, variants: int) -> dict[str, Any]:
    """The tables of whichever `sleuth` is importable, and its time per finish. The
    generator is always this checkout's (loaded by path), so two validators see the same
    finishes."""
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location(
        "conformance_generator", REPO / "src" / "sleuth" / "testing" / "conformance.py"
    )
    assert spec and spec.loader
    conf = module_from_spec(spec)
    sys.modules[spec.name] = conf
    spec.loader.exec_module(conf)
    from sleuth.validate import Validated, validate_finish

    takes_question = "question" in inspect.signature(validate_finish).parameters

    def checker(finish: Any) -> tuple[bool, str]:
        extra = {"question": finish.case.question} if takes_question else {}
        verdict = validate_finish(finish.payload, finish.case.opened(), **extra)
        return (True, "") if isinstance(verdict, Validated) else (False, str(verdict[0]))

    loaded = conf.load_shared(data)
    names = [n for n in SPLITS[split] if n in loaded]
    cases = [c for n in names for c in loaded[n]]
    good = [f for c in cases for f in conf.correct_finishes(c)]
    bad = [f for c in cases for f in conf.violations(c, variants)]
    started = time.perf_counter()
    correct = conf.run(iter(good), checker=checker)
    violations = conf.run(iter(bad), checker=checker)
    spent = time.perf_counter() - started
    return {
        "questions": {n: len(loaded[n]) for n in names},
        "correct": conf.render(correct, correct=True),
        "violations": conf.render(violations, correct=False),
        "ms_per_finish": spent / (len(good) + len(bad)) * 1e3,
        "examples": [
            f"{fam}: {f.case.question!r} -> {f.payload['answer']!r}: {p or 'accepted'}"
            for table in (correct, violations)
            for fam, t in table.items()
            for f, p in t.examples
        ],
    }


def export(rev: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "src/sleuth"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def show(title: str, result: dict[str, Any], examples: int) -> None:
    print(f"\n# {title}\n")
    print("questions: " + ", ".join(f"{n} {k}" for n, k in result["questions"].items()))
    print("\n## Correct finishes (each must be accepted)\n")
    print(result["correct"])
    print("\n## Violations (each must be rejected)\n")
    print(result["violations"])
    print(f"\nvalidator: {result['ms_per_finish']:.3f} ms per finish")
    for line in result["examples"][:examples]:
        print(f"- {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--split", choices=sorted(SPLITS), default="all")
    parser.add_argument("--variants", type=int, default=3, help="draws per violation family")
    parser.add_argument("--examples", type=int, default=0)
    parser.add_argument("--against", metavar="REV", help="a git revision to measure beside")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # subprocess
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.data, args.split, args.variants)))
        return
    current = measure(args.data, args.split, args.variants)
    show("this checkout", current, args.examples)
    if args.against:
        with tempfile.TemporaryDirectory() as tmp:
            src = export(args.against, Path(tmp))
            env = {**os.environ, "PYTHONPATH": str(src)}
            command = [sys.executable, str(HERE), "--json", "--data", str(args.data)]
            command += ["--split", args.split, "--variants", str(args.variants)]
            out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
        baseline = json.loads(out.stdout)
        show(f"baseline: {args.against}", baseline, args.examples)
        ratio = current["ms_per_finish"] / baseline["ms_per_finish"]
        print(f"\ntime per finish, this checkout / {args.against}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
