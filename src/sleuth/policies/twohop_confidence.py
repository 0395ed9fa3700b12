"""The confidence of a two-hop answer: the smoothed precision of the path it took.

A two-hop answer is not scored by the single-hop model (its features measure how one
sentence aligns with the question, which neither hop's sentence does alone). Instead each
*path* — ``comparison:date``, ``comparison:nationality``, ``bridge:born``,
``bridge:role``, … — has its precision fitted on calibration records of the shared
two-hop files (not the ones the paths were developed on) by
``benchmarks/fit_two_hop_confidence.py``, which writes ``twohop_confidence.json`` beside
this module:

    pooled  = (R + 1) / (N + 2)                       over every path's answers
    p(path) = (right + 2 · pooled) / (answered + 2)

Each path's precision shrunk towards the pooled one: a path right twice of twice is
above the pooled precision, not 1; one answered forty times is mostly its own
precision; a path never answered in calibration gets the pooled precision (``unseen``).
Plain Python at run time.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

MODEL_FILE = "twohop_confidence.json"
#: Used only when the file is absent: no evidence either way.
UNFITTED = 0.5


def smoothed(right: int, answered: int, prior: float, weight: float) -> float:
    """``(right + weight · prior) / (answered + weight)``, rounded to 4 places."""
    return round((right + weight * prior) / (answered + weight), 4)


@lru_cache(maxsize=1)
def shipped() -> dict[str, Any] | None:
    try:
        text = resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    data: dict[str, Any] = json.loads(text)
    return data


_in_use: dict[str, Any] | None = None


def use(model: dict[str, Any] | None) -> None:
    """Score two-hop paths with ``model`` (a fitted file's content) in this process from
    now on, instead of the shipped file; None goes back to the shipped file. For the
    evaluation scripts, which score each fold with the paths fitted on its own
    calibration records."""
    global _in_use
    _in_use = model


def confidence(path: str) -> float:
    """The estimated probability that an answer taken by ``path`` is right."""
    model = _in_use if _in_use is not None else shipped()
    if model is None:
        return UNFITTED
    entry = model["paths"].get(path)
    if entry is None:
        return float(model["unseen"])
    return float(entry["p"])
