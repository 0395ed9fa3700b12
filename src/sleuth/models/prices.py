"""Estimated prices, in US dollars per million tokens, for a cost figure in the usage.

Prices change: this table is a convenience, not a bill. Unknown models get no cost
(``None``). SLEUTH_PRICES may hold a JSON object ``{"model-prefix": [input, output,
cached_input, cache_write]}`` that is consulted first.
"""

from __future__ import annotations

import json
import os

from sleuth.result import Usage

# prefix -> (input, output, cached input, cache write) per million tokens
PRICES: dict[str, tuple[float, float, float, float]] = {
    "gpt-4o-mini": (0.15, 0.60, 0.075, 0.15),
    "gpt-4o": (2.50, 10.00, 1.25, 2.50),
    "gpt-4.1-mini": (0.40, 1.60, 0.10, 0.40),
    "gpt-4.1": (2.00, 8.00, 0.50, 2.00),
    "claude-3-5-haiku": (0.80, 4.00, 0.08, 1.00),
    "claude-haiku-4": (1.00, 5.00, 0.10, 1.25),
    "claude-sonnet-4": (3.00, 15.00, 0.30, 3.75),
    "claude-opus-4": (15.00, 75.00, 1.50, 18.75),
}


def _table() -> dict[str, tuple[float, float, float, float]]:
    extra = os.environ.get("SLEUTH_PRICES")
    if not extra:
        return PRICES
    try:
        parsed = json.loads(extra)
        custom = {
            str(k): (float(v[0]), float(v[1]), float(v[2]), float(v[3])) for k, v in parsed.items()
        }
    except (ValueError, TypeError, IndexError, AttributeError):
        return PRICES
    return {**PRICES, **custom}


def estimate_cost(model: str, usage: Usage) -> float | None:
    table = _table()
    matches = [prefix for prefix in table if model.startswith(prefix)]
    if not matches:
        return None
    price = table[max(matches, key=len)]
    cost = (
        usage.input_tokens * price[0]
        + usage.output_tokens * price[1]
        + usage.cached_input_tokens * price[2]
        + usage.cache_write_input_tokens * price[3]
    )
    return round(cost / 1_000_000, 6)
