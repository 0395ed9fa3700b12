"""The scripted policy: replays raw model outputs, for tests and for judging transcripts.

A script is a JSON file: a list of turns, or ``{"turns": [...]}``. Each turn is what a
model said, in either protocol (`sleuth.contract.decode`):

* a string — ReAct text, parsed by `sleuth.contract.react.parse_react`;
* ``{"tool_calls": [...], "content": "..."}`` — OpenAI-style native tool calls;
* ``{"content": [{"type": "text", ...}, {"type": "tool_use", ...}]}`` — Anthropic blocks.

Both go through the same decoders a real model's replies go through. A script must fit
its run exactly, and a mismatch fails loudly: asked for a turn past the end of its
script, the policy raises `ScriptExhaustedError` (a transcript that runs out is a bug in
the transcript, not an outcome); `assert_used_up` raises `ScriptError` naming the turns
a finished run never asked for (a test whose script has leftovers is not testing what
it says).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sleuth.contract import Turn, decode_turn
from sleuth.errors import ScriptError, ScriptExhaustedError
from sleuth.state import RunState

__all__ = ["ScriptedPolicy", "decode_turn"]

_SHOWN = 60


class ScriptedPolicy:
    """Replays ``turns`` in order, one per step: the turn for step n is ``turns[n - 1]``,
    so a resumed run picks up where its recorded steps end."""

    name = "scripted"

    def __init__(self, turns: Sequence[Any]) -> None:
        self.turns = list(turns)
        self.position = 0

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedPolicy:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ScriptError(f"{path}: cannot read the script: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ScriptError(f"{path}: the script is not valid JSON: {exc}") from None
        except RecursionError:
            raise ScriptError(f"{path}: the script's JSON is nested too deeply") from None
        if isinstance(data, dict):
            data = data.get("turns")
        if not isinstance(data, list) or not data:
            raise ScriptError(
                f'{path}: a script is a non-empty list of turns or {{"turns": [...]}}'
            )
        return cls(data)

    @property
    def remaining(self) -> int:
        return len(self.turns) - self.position

    def assert_used_up(self) -> None:
        """Raise `ScriptError` if the run left turns of the script unused, naming them.
        Call it when the run has ended (a run the runtime stopped early — a budget, a
        pause, a cancel — leaves turns on purpose: check `remaining` there instead)."""
        if self.remaining <= 0:
            return
        unused = ", ".join(
            f"turn {n}: {_shown(turn)}"
            for n, turn in enumerate(self.turns[self.position :], start=self.position + 1)
        )
        raise ScriptError(
            f"the run ended after {self.position} of the script's {len(self.turns)} turns; "
            f"unused: {unused}"
        )

    def decide(self, state: RunState) -> Turn:
        # turn n is step n's: a resumed run goes on with the turn after its last step
        self.position = len(state.steps)
        if self.position >= len(self.turns):
            raise ScriptExhaustedError(
                f"the scripted policy was asked for turn {self.position + 1} but the script "
                f"has {len(self.turns)}"
            )
        raw = self.turns[self.position]
        self.position += 1
        return decode_turn(raw)


def _shown(turn: Any) -> str:
    text = turn if isinstance(turn, str) else json.dumps(turn, ensure_ascii=False)
    text = " ".join(text.split())
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…")
