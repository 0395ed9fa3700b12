"""When two extracted values say the same thing (`sleuth.values`)."""

from __future__ import annotations

import pytest

from sleuth.values import same_value


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("12 June 2026", "June 12, 2026", True),
        ("forty", "40", True),
        ("30", "30 days", True),
        # durations compare in seconds (Flask's docs say both: "The default is 31 days.",
        # "Default: `timedelta(days=31)` (`2678400` seconds)"; flask_train, R)
        ("31 days", "2678400", True),
        ("31 days", "timedelta(days=31)", True),
        ("`timedelta(days=31)`", "2678400 seconds", True),
        ("3 minutes", "180 seconds", True),
        ("timedelta(hours=1, minutes=30)", "90 minutes", True),
        ("30 days", "31 days", False),
        ("2 hours", "2 days", False),
        ("180 seconds", "3 hours", False),
        # a number of another unit is not read as a duration
        ("180 euros", "3 minutes", False),
        ("timedelta(days=x)", "31 days", False),
    ],
)
def test_same_value(a: str, b: str, same: bool) -> None:
    assert same_value(a, b) is same
    assert same_value(b, a) is same
