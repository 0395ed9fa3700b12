"""The eval summary as typed models: what `sleuth.evals.metrics.summarize` computes,
what the store keeps (``evals.summary_json``), what ``--json`` prints and what the
reports render. ``EvalSummary.model_validate(d).model_dump() == d`` for every summary
`summarize` makes (tested), and a summary stored before a field existed reads with that
field's default.

The calibration parts:

* `Calibration` — a reliability diagram's data: one `CalibrationBin` per confidence
  decile that holds answers (count, mean confidence, observed precision), the expected
  calibration error (the count-weighted mean gap between a bin's mean confidence and its
  precision), and how many answers there were and how many had a confidence;
* `CoveragePoint` — one point of the answered-precision vs coverage curve: answering
  only the cases at or above ``threshold``, the share of all cases answered and the
  share of those right.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CalibrationBin(_Model):
    """One confidence bin: confidences in [low, high) (the last bin includes 1.0)."""

    bin: str = Field(description="'LOW-HIGH', e.g. '0.3-0.4'")
    count: int = Field(ge=1)
    mean_confidence: float = Field(ge=0, le=1)
    precision: float = Field(ge=0, le=1)

    @property
    def low(self) -> float:
        return float(self.bin.split("-")[0])

    @property
    def high(self) -> float:
        return float(self.bin.split("-")[1])


class Calibration(_Model):
    """A reliability diagram's data and the expected calibration error (None when no
    answer had a confidence)."""

    bins: list[CalibrationBin] = []
    ece: float | None = None
    answered: int | None = Field(default=None, description="answers (None: not recorded)")
    with_confidence: int | None = Field(default=None, description="answers with a confidence")

    @property
    def reported(self) -> bool:
        """Whether any answer came with a confidence."""
        return bool(self.bins)


class CoveragePoint(_Model):
    coverage: float = Field(ge=0, le=1, description="share of all cases answered")
    precision: float = Field(ge=0, le=1, description="share of those answered that are right")
    threshold: float = Field(description="the least confidence answered")


class Floor(_Model):
    accuracy: float | None = None
    coverage: float | None = None
    exact_match: float | None = None


class Baselines(_Model):
    always_abstain: Floor = Floor()
    always_answer_perfectly: Floor = Floor()


class SkippedRecord(_Model):
    """A bad record of a dataset file, left out of the eval (`sleuth.datasets.Skipped`)."""

    record: str
    reason: str


class EvalSummary(_Model):
    """The figures of one eval (see `sleuth.evals.metrics` for each one's meaning)."""

    cases: int
    passed: int
    accuracy: float | None = None
    coverage: float | None = None
    answered_precision: float | None = None
    abstention_precision: float | None = None
    abstention_recall: float | None = None
    abstention_f1: float | None = None
    citation_validity: float | None = None
    exact_match: float | None = None
    f1: float | None = None
    mean_steps: float | None = None
    mean_tokens: float | None = None
    mean_latency_s: float | None = None
    failures: dict[str, int] = {}
    baselines: Baselines = Baselines()
    precision_coverage: list[CoveragePoint] = []
    calibration: Calibration = Calibration()
    skipped_records: int = Field(default=0, description="bad dataset records left out")
    skipped: list[SkippedRecord] = []
