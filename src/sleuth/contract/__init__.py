"""The model-facing contract, in one place.

* what a policy is — `Policy` and `AsyncPolicy` (declared protocols) and the `Turn` one
  proposes each step (`sleuth.contract.policy`);
* what a model may call — the tools' JSON schemas, generated from their argument models
  (`sleuth.contract.schemas`);
* how a model's reply becomes a `Decision` or a `ParseError` — the ReAct text parser
  (`sleuth.contract.react`), the native tool-call decoder (`sleuth.contract.native`), the
  rules both apply to a call (`sleuth.contract.calls`) and `decode_turn`, which picks the
  decoder by the reply's form (`sleuth.contract.decode`; the scripted and model-backed
  policies both use it).

Decoding is pure and never raises: model output is never an exception.
"""

from sleuth.contract.calls import FINISH_KEYS
from sleuth.contract.decode import decode_turn
from sleuth.contract.native import decode_tool_calls
from sleuth.contract.policy import AsyncPolicy, Policy, Turn
from sleuth.contract.react import parse_react
from sleuth.contract.schemas import tool_schemas
from sleuth.decision import Decision, ParseError

__all__ = [
    "FINISH_KEYS",
    "AsyncPolicy",
    "Decision",
    "ParseError",
    "Policy",
    "Turn",
    "decode_tool_calls",
    "decode_turn",
    "parse_react",
    "tool_schemas",
]
