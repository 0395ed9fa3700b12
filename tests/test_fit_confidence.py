"""The confidence fit's math (benchmarks/fit_offline_confidence.py) on small data: the
Newton solution is the penalised optimum, deterministic, and the shipped runtime formula
(`Calibration.probability`) gives the same probabilities as the fitted design."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from shared import SHARED_DATA
from sleuth.policies.calibration import Calibration

np = pytest.importorskip("numpy", reason="the fit needs numpy (dev or bench extra)")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "fit_offline_confidence.py"


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("fit_offline_confidence", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fit_offline_confidence", module)
    spec.loader.exec_module(module)
    return module


FIT = _script()
NAMES = ("a", "b", "c")


def _data(seed: int = 7, n: int = 60) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3))
    x[:, 2] = 1.0  # a constant feature: scale 1, weight 0
    y = (x[:, 0] - 0.5 * x[:, 1] + rng.normal(scale=0.8, size=n) > 0).astype(float)
    return x, y


def _probabilities(model: dict[str, Any], x: Any) -> Any:
    z = model["bias"] + ((x - np.array(model["mean"])) / np.array(model["scale"])) @ np.array(
        model["weights"]
    )
    return 1 / (1 + np.exp(-z))


def test_newton_reaches_the_penalised_optimum() -> None:
    x, y = _data()
    l2 = 3.0
    model = FIT.fit(x, y, l2)
    assert model["scale"][2] == 1.0 and model["weights"][2] == 0.0
    z = (x - np.array(model["mean"])) / np.array(model["scale"])
    p = _probabilities(model, x)
    w = np.array(model["weights"])
    gradient = z.T @ (p - y) + l2 * w  # the bias is not penalised
    assert np.max(np.abs(gradient)) < 1e-6
    assert abs(np.sum(p - y)) < 1e-6
    assert model["weights"][0] > 0 > model["weights"][1]  # the signs the data were made with


def test_fit_is_deterministic_to_the_written_digits() -> None:
    x, y = _data()
    assert FIT.fit(x, y, 10.0) == FIT.fit(x.copy(), y.copy(), 10.0)


def test_a_larger_penalty_shrinks_the_weights() -> None:
    x, y = _data()
    small, large = FIT.fit(x, y, 0.3), FIT.fit(x, y, 300.0)
    assert np.linalg.norm(large["weights"]) < np.linalg.norm(small["weights"])


def test_runtime_probability_equals_the_fitted_design() -> None:
    x, y = _data()
    model = FIT.fit(x, y, 1.0)
    model["features"] = list(NAMES)
    runtime = Calibration.from_json({**model, "threshold": 0.5})
    expected = _probabilities(model, x)
    for row, p in zip(x, expected, strict=True):
        assert runtime.probability(dict(zip(NAMES, row, strict=True))) == pytest.approx(p)


def test_threshold_is_the_best_training_accuracy_above_the_target() -> None:
    model = Calibration(("a",), (4.0,), 0.0, (0.0,), (1.0,), 0.5, {})
    # readings at a = -0.5 (p 0.12), 0.05 (0.5498), 0.2 (0.6900), 0.6 (0.92); None abstained
    rows = [
        {"features": {"a": 0.6}, "passed": True, "should_abstain": False},
        {"features": {"a": 0.2}, "passed": True, "should_abstain": False},
        {"features": {"a": 0.05}, "passed": False, "should_abstain": True},
        {"features": {"a": -0.5}, "passed": False, "should_abstain": True},
        {"features": None, "passed": True, "should_abstain": True},
    ]
    threshold, figures = FIT.choose_threshold(rows, model, 0.0)
    assert 0.5498 < threshold <= 0.6899  # answers the two right ones, abstains on the rest
    assert figures["accuracy"] == 1.0 and figures["answered_precision"] == 1.0
    threshold, figures = FIT.choose_threshold(rows, model, 1.01)  # unreachable: abstain
    assert threshold == 0.95 and figures == {}


@pytest.mark.slow
def test_the_shipped_model_is_reproduced_from_the_shared_data() -> None:
    """The fit of fold A on the shared data gives the shipped file to 1e-6 and the same
    threshold: a change to the reader, the rules or the validator that moves the training
    samples fails here until the model is refitted."""
    if not (SHARED_DATA / "squad2-dev-normans.json").is_file():
        pytest.skip(f"no shared data at {SHARED_DATA}")
    assert FIT.main(["--check"]) == 0
