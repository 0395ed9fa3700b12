"""Check the test tiers: together they collect exactly the whole suite, each test once,
and none of them is empty (pytest's exit code 5, nothing collected, is a failure).

    python3 tests/check_tiers.py "" "integration and not slow" "slow"

Each argument is one tier's ``-m`` expression; an empty one is the default (pyproject's
``addopts``, the fast tier). The whole suite is what ``-m ""`` collects. The collections
run at once, one pytest process each.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter


def collect(markexpr: str | None) -> tuple[int, list[str], str]:
    """(exit code, node ids, output) of ``pytest --collect-only`` with ``-m markexpr``
    (None: no ``-m`` beyond addopts)."""
    args = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    if markexpr is not None:
        args += ["-m", markexpr]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    ids = []
    for line in done.stdout.splitlines():
        if not line.strip():
            break  # the summary follows the first blank line
        ids.append(line)
    return done.returncode, ids, done.stdout + done.stderr


def main(tiers: list[str]) -> int:
    if not tiers:
        print("usage: check_tiers.py MARKEXPR... (one per tier; '' is the default)")
        return 2
    exprs: list[str | None] = [t or None for t in tiers]
    with_all = [*exprs, ""]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(with_all)) as pool:
        results = list(pool.map(collect, with_all))
    *parts, (code, everything, output) = results
    failed = False
    if code != 0:
        print(f"collecting the whole suite failed (exit {code}):\n{output}")
        return 1
    seen: Counter[str] = Counter()
    for tier, (code, ids, output) in zip(tiers, parts, strict=True):
        name = repr(tier) if tier else "the default tier"
        if code != 0 or not ids:
            print(f"{name}: collection failed or found nothing (exit {code}):\n{output[-2000:]}")
            failed = True
        print(f"{name}: {len(ids)} tests")
        seen.update(ids)
    twice = sorted(i for i, n in seen.items() if n > 1)
    missing = sorted(set(everything) - set(seen))
    extra = sorted(set(seen) - set(everything))
    for label, ids in (
        ("in more than one tier", twice),
        ("in no tier", missing),
        ("unknown", extra),
    ):
        if ids:
            failed = True
            print(f"{len(ids)} tests {label}:", *ids[:50], sep="\n  ")
    print(f"the whole suite: {len(everything)} tests; " + ("FAILED" if failed else "tiers ok"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
