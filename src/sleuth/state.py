"""The state of one run: its steps, what it searched and what it opened.

The runtime owns and mutates a `RunState`; policies read it (the trace is the state).
`opened` grows only on a successful open, and each `OpenedPage` remembers which spans
of the page text were actually shown, so only text the agent saw can be quoted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sleuth.corpus import Page
from sleuth.decision import BASE_TOOLS, EFFECT_TOOLS
from sleuth.result import ConflictRule, Usage


@dataclass(frozen=True)
class Budgets:
    """Hard limits set by the caller. Nothing a model or a page says changes them."""

    max_steps: int = 6
    timeout_s: float = 120.0
    max_tokens: int | None = None

    def __post_init__(self) -> None:
        if self.max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        if not math.isfinite(self.timeout_s) or self.timeout_s <= 0:
            raise ValueError("timeout_s must be a positive number of seconds")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ValueError("max_tokens must be at least 1")

    def to_json(self) -> dict[str, Any]:
        return {
            "max_steps": self.max_steps,
            "timeout_s": self.timeout_s,
            "max_tokens": self.max_tokens,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Budgets:
        tokens, timeout = data.get("max_tokens"), data["timeout_s"]
        return cls(
            max_steps=int(data["max_steps"]),
            timeout_s=timeout if type(timeout) is int else float(timeout),  # as it was given
            max_tokens=None if tokens is None else int(tokens),
        )


@dataclass(frozen=True)
class Task:
    """What the user asked: a question, optionally the fields a brief must fill, an
    optional explicit rule for resolving conflicts, and whether the run may publish its
    brief (``publish_brief``, which waits for a person's approval)."""

    question: str
    require: tuple[str, ...] = ()
    conflict_rule: ConflictRule | None = None
    publish: bool = False

    @property
    def tools(self) -> tuple[str, ...]:
        """The tools this run offers."""
        return BASE_TOOLS + (EFFECT_TOOLS if self.publish else ())

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "require": list(self.require),
            "conflict_rule": None if self.conflict_rule is None else str(self.conflict_rule),
            "publish": self.publish,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Task:
        rule = data.get("conflict_rule")
        return cls(
            question=str(data["question"]),
            require=tuple(str(f) for f in data.get("require") or ()),
            conflict_rule=None if rule is None else ConflictRule(rule),
            publish=bool(data.get("publish", False)),
        )


@dataclass(frozen=True)
class Observation:
    """What a tool call returned. ``text`` is what a model reads; ``data`` is the same
    content structured (hits, page window) for the offline policy and the trace;
    ``error`` is a short code when the call failed."""

    text: str
    kind: str  # hits | page | error | rejected | finish | effect | declined
    error: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    index: int  # 1-based
    thought: str
    tool: str  # "" when the model's output could not be parsed
    args: dict[str, Any]
    observation: Observation
    raw: Any = None  # the model's raw output for this turn, if any
    started_at: str = ""
    duration_ms: float = 0.0
    usage: Usage | None = None
    calls: tuple[dict[str, Any], ...] = ()  # model calls: request/response bodies, retries

    def to_json(self) -> dict[str, Any]:
        """The step as the runs store keeps it: flat, the observation's parts beside the
        call (`from_json` reads it back)."""
        obs = self.observation
        return {
            "index": self.index,
            "started_at": self.started_at,
            "duration_ms": self.duration_ms,
            "thought": self.thought,
            "tool": self.tool,
            "args": self.args,
            "observation": obs.text,
            "kind": obs.kind,
            "error": obs.error,
            "data": obs.data,
            "raw": self.raw,
            "usage": None if self.usage is None else self.usage.model_dump(mode="json"),
            "calls": list(self.calls),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        usage = data.get("usage")
        return cls(
            index=int(data["index"]),
            thought=str(data.get("thought") or ""),
            tool=str(data["tool"]),
            args=dict(data.get("args") or {}),
            observation=Observation(
                text=str(data["observation"]),
                kind=str(data["kind"]),
                error=data.get("error"),
                data=dict(data.get("data") or {}),
            ),
            raw=data.get("raw"),
            started_at=str(data.get("started_at") or ""),
            duration_ms=float(data.get("duration_ms") or 0.0),
            usage=None if usage is None else Usage.model_validate(usage),
            calls=tuple(data.get("calls") or ()),
        )


@dataclass
class OpenedPage:
    page: Page
    opened_step: int
    seen: list[tuple[int, int]] = field(default_factory=list)  # merged shown spans
    windows: list[tuple[int, int, int]] = field(default_factory=list)  # (start, end, step)

    def mark_seen(self, start: int, end: int, step: int | None = None) -> None:
        self.windows.append((start, end, self.opened_step if step is None else step))
        spans = sorted([*self.seen, (start, end)])
        merged: list[tuple[int, int]] = []
        for s, e in spans:
            if merged and s <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], e))
            else:
                merged.append((s, e))
        self.seen = merged

    def shown_at(self, start: int, end: int) -> int:
        """The step after which ``body[start:end]`` had been shown in full."""
        covered: list[tuple[int, int]] = []
        for s, e, step in sorted(self.windows, key=lambda w: w[2]):
            covered.append((s, e))
            position = start
            for cs, ce in sorted(covered):
                if cs <= position < ce:
                    position = ce
            if position >= end:
                return step
        return self.opened_step

    def segments(self) -> list[tuple[int, str]]:
        """The shown parts of the page as ``(offset, text)``."""
        return [(s, self.page.body[s:e]) for s, e in self.seen]

    def seen_text(self) -> str:
        return "\n".join(text for _, text in self.segments())


@dataclass
class RunState:
    run_id: str
    task: Task
    budgets: Budgets
    corpus: str
    policy: str
    steps: list[Step] = field(default_factory=list)
    corpus_build: str | None = None  # which build of the corpus (an index's) it reads
    opened: dict[str, OpenedPage] = field(default_factory=dict)
    searched: dict[str, int] = field(default_factory=dict)  # normalised query -> step
    seen_in_results: dict[str, int] = field(default_factory=dict)  # url -> first step
    rejected: list[str] = field(default_factory=list)  # codes of rejected finishes
    usage: Usage = field(default_factory=Usage)
    deadline: float = math.inf  # the run's wall-clock deadline, on the runtime's clock

    @property
    def question(self) -> str:
        return self.task.question

    @property
    def steps_left(self) -> int:
        return self.budgets.max_steps - len(self.steps)
