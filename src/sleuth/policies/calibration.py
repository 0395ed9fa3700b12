"""The offline reader's confidence: a small logistic model over `verify.FEATURES`.

``confidence = 1 / (1 + exp(-(bias + Σ weight·(x - mean) / scale)))`` — the estimated
probability that an answer is right, in [0, 1], with a model of its own for technical
answers (documentation spans; ``technical`` in the file). A model with ``members`` is
bagged: its confidence is the mean of its members', each such a logistic model fitted on
a bootstrap of the calibration questions. The weights live in
``offline_confidence.json`` beside this module, fitted offline by
``benchmarks/fit_offline_confidence.py`` on the calibration data it records there (data
no rule was written from); the same file gives the default abstention threshold (the
decision threshold 0.5, with its out-of-fold figures on that data). Plain Python at run
time: no numpy needed.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

MODEL_FILE = "offline_confidence.json"


@dataclass(frozen=True)
class Calibration:
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    threshold: float
    meta: dict[str, Any]
    # the model of technical answers (`verify.features`' ``technical``: a documentation
    # span such as an option, a default or a version), fitted on those alone: the prose
    # model's samples are mostly SQuAD 2.0's, whose traps make a perfect lexical match
    # right about seven times in ten, which says little of a "Defaults to `600`" lookup
    technical: Calibration | None = None
    # a bagged model: the mean probability of its members, each fitted (features chosen
    # and weighed) on a bootstrap of the questions; ``features`` is then their union and
    # the model's own weights are unused
    members: tuple[Calibration, ...] = ()

    def probability(self, values: dict[str, float]) -> float:
        if self.technical is not None and values.get("technical", 0.0) >= 0.5:
            return self.technical.probability(values)
        if self.members:
            return sum(m.probability(values) for m in self.members) / len(self.members)
        z = self.bias
        for name, w, m, s in zip(self.features, self.weights, self.mean, self.scale, strict=True):
            z += w * (values.get(name, 0.0) - m) / s
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Calibration:
        threshold = float(data["threshold"])
        technical = data.get("technical")
        shared: dict[str, Any] = {
            "threshold": threshold,
            "meta": {k: v for k, v in data.items() if k not in _MODEL_KEYS},
            "technical": (
                cls.from_json({**technical, "threshold": threshold})
                if isinstance(technical, dict)
                else None
            ),
        }
        members = data.get("members")
        if isinstance(members, list) and members:
            parts = tuple(cls.from_json({**m, "threshold": threshold}) for m in members)
            features = tuple(dict.fromkeys(f for m in parts for f in m.features))
            return cls(features, (), 0.0, (), (), members=parts, **shared)
        return cls(
            features=tuple(data["features"]),
            weights=tuple(float(w) for w in data["weights"]),
            bias=float(data["bias"]),
            mean=tuple(float(m) for m in data["mean"]),
            scale=tuple(float(s) or 1.0 for s in data["scale"]),
            **shared,
        )


_MODEL_KEYS = frozenset("features weights bias mean scale threshold technical members".split())


@lru_cache(maxsize=1)
def shipped() -> Calibration | None:
    """The model shipped in the package, or None when the file is absent."""
    try:
        text = resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    return Calibration.from_json(json.loads(text))
