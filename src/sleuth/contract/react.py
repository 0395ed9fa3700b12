"""Parse one model reply written in the ReAct text protocol into a `Decision`.

`parse_react` is a pure function: text in, `Decision` or `ParseError` out. It never raises.

Accepted grammar (labels are matched at the start of a line, case-insensitively; surrounding
whitespace and markdown emphasis such as ``**Action:**`` or ``**Action**:`` are allowed)::

    reply        := [preamble] [Thought: text...] Action: TOOL [Action Input: INPUT]
                  | [preamble] [Thought: text...] Final Answer: TEXT-OR-JSON-OBJECT
    TOOL         := name                      e.g.  search, `open`, "finish", Search.
                  | name[INPUT]               e.g.  search[acme robotics]
                  | name(INPUT)               e.g.  search("acme robotics")
                  | name(key=literal, ...)    e.g.  open(url="https://example.com")
    INPUT        := JSON object               -> the tool's args
                  | Python dict literal       -> the tool's args (ast.literal_eval, never eval)
                  | JSON string | bare text   -> {BARE_INPUT_ARG[tool]: text}  (search, open)

* Thought is optional and may span lines. Text before the first label is part of the thought.
* ``Observation:`` lines come from the runtime. Everything from the first line that starts
  with ``Observation:`` on is discarded (the model invented it); if a valid action precedes
  it, the `Decision` carries a note saying so.
* Code fences (```` ``` ```` / ```` ```json ````) around the whole reply or around the input
  are stripped, as are single backticks around the input.
* The input may span several lines (pretty-printed JSON). Text after a complete JSON object
  is ignored with a note. A bare-string input uses its first line only (with a note if more
  lines followed).
* Tool names are lower-cased and stripped of backticks, quotes, emphasis and trailing
  punctuation. Unknown tool names are *not* a parse error: the runtime reports them, so
  an unknown tool gets whatever object input it was given, or ``{}``.
* ``Final Answer: X`` with no ``Action:`` is read as a call to ``finish``: a JSON object X
  becomes the args, anything else becomes ``{"answer": X}`` (which the runtime's finish
  validator rejects for missing keys, telling the model what ``finish`` needs).
* A reply with no labels at all that contains a LangChain-style JSON blob
  ``{"action": TOOL, "action_input": INPUT}`` is read as that call, with a note.

Errors (each a `ParseError` whose message tells the model how to fix its reply):
empty reply; no ``Action:`` line; ``Action: None`` (every turn must call a tool, and
``finish`` ends the run); more than one ``Action:`` (one action per turn); both
``Action:`` and ``Final Answer:``; missing or empty ``Action Input:``; input that is not
valid JSON; input that is a JSON array, number, boolean or null; a bare string for a tool
that needs an object (``finish``).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, Final

from sleuth.contract.calls import (
    FINISH_KEYS,
    NO_TOOL_NAMES,
    coerce_args,
    needs_message,
    no_tool_message,
    normalize_tool_name,
)
from sleuth.decision import TOOL_NAMES, Decision, ParseError

__all__ = ["FINISH_KEYS", "FORMAT_HINT", "OBSERVATION_NOTE", "parse_react"]

#: How every "fix your format" message ends.
FORMAT_HINT: Final = "reply with Thought:, Action: and Action Input:"

#: Note attached to a `Decision` whose reply went on past its action with a fake observation.
OBSERVATION_NOTE: Final = "ignored text after a hallucinated Observation: line"

_LABELS: Final = {
    "thought": "thought",
    "action": "action",
    "actioninput": "input",
    "observation": "observation",
    "finalanswer": "final",
}

# Matched against a stripped line. No two adjacent unbounded runs of the same characters,
# so matching stays linear on pathological lines.
_LABEL_RE: Final = re.compile(
    r"(?P<open>[*_]{1,3})?[ \t]?"
    r"(?P<label>thought|action[ \t_-]*input|action|observation|final[ \t_-]*answer)"
    r"[ \t]*(?:(?P<close>[*_]{1,3})[ \t]*)?:(?P<rest>.*)",
    re.IGNORECASE | re.DOTALL,
)
_FENCE_LINE_RE: Final = re.compile(r"(?:`{3,}|~{3,})[ \t]?[\w.+-]*")
_OPEN_FENCE_RE: Final = re.compile(
    r"(?:`{3,}|~{3,})(?:(?:json5?|python|py|text|txt|plaintext|javascript|js|yaml)\b)?",
    re.IGNORECASE,
)
_CALL_RE: Final = re.compile(r"[`*\"']*(?P<name>[A-Za-z_][\w.-]*)[`*\"']*[ \t]*(?P<open>[\[(])")
_CLOSERS: Final = {"[": "]", "(": ")"}
_MAX_BLOB_TRIES: Final = 3


class _Missing:
    """Marks an input that was not given at all (distinct from an empty string)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = _Missing()


@dataclass
class _Segment:
    label: str
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()


@dataclass
class _Input:
    value: object
    notes: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# The parser


def parse_react(text: str) -> Decision | ParseError:
    """Parse one ReAct reply (see the module docstring for the grammar). Never raises."""
    raw: object = text
    if not isinstance(raw, str):
        return ParseError(f"empty reply (not text); {FORMAT_HINT}")
    try:
        return _parse(raw)
    except Exception as exc:  # a safety net: model output must never crash the run
        return ParseError(f"could not parse the reply ({type(exc).__name__}); {FORMAT_HINT}")


def _parse(text: str) -> Decision | ParseError:
    if not text.strip():
        return ParseError(f"empty reply; {FORMAT_HINT}")

    preamble, segments, cut = _split(text)
    thought = _thought(preamble, segments)
    actions = [s for s in segments if s.label == "action"]
    inputs = [s for s in segments if s.label == "input"]
    finals = [s for s in segments if s.label == "final"]

    result: Decision | ParseError
    if len(actions) > 1:
        result = ParseError(
            f"one action per turn: found {len(actions)} Action: lines; "
            "call one tool, then wait for its Observation",
            thought,
        )
    elif actions and finals:
        result = ParseError(
            'ambiguous reply: it has both "Action:" and "Final Answer:"; to answer, '
            f"call finish with Action Input: a JSON object with keys {', '.join(FINISH_KEYS)}",
            thought,
        )
    elif len(inputs) > 1:
        result = ParseError(
            f"one action per turn: found {len(inputs)} Action Input: lines; "
            "give one Action: and one Action Input:",
            thought,
        )
    elif actions:
        result = _decide_action(actions[0], inputs[0] if inputs else None, thought)
    elif finals:
        result = _decide_final(finals, thought)
    else:
        result = _decide_unlabelled(preamble, thought, cut)

    if not cut:
        return result
    if isinstance(result, Decision):
        return replace(result, notes=(*result.notes, OBSERVATION_NOTE))
    if "hallucinated" in result.message:
        return result
    return replace(result, message=f"{result.message} (also {OBSERVATION_NOTE})")


def _split(text: str) -> tuple[list[str], list[_Segment], bool]:
    """Split the reply into unlabelled preamble lines and labelled segments.

    Fence-only lines are dropped (a JSON string cannot contain a raw newline, so this never
    cuts into an input). Returns ``cut=True`` if an Observation: line ended the scan.
    """
    preamble: list[str] = []
    segments: list[_Segment] = []
    for line in text.splitlines():
        if _FENCE_LINE_RE.fullmatch(line.strip()):
            continue
        labelled = _match_label(line)
        if labelled is None:
            (segments[-1].lines if segments else preamble).append(line)
            continue
        label, rest = labelled
        if label == "observation":
            return preamble, segments, True
        segments.append(_Segment(label, [rest]))
    return preamble, segments, False


def _match_label(line: str) -> tuple[str, str] | None:
    match = _LABEL_RE.match(line.strip())
    if match is None:
        return None
    word = re.sub(r"[ \t_-]", "", match["label"]).lower()
    rest = match["rest"]
    opener = match["open"]
    if opener and not match["close"]:
        # "**Action: search**" or "**Action:** search": drop the emphasis closing the label.
        stripped = rest.lstrip(" \t")
        if stripped.startswith(opener):
            rest = stripped[len(opener) :]
        elif rest.rstrip().endswith(opener):
            rest = rest.rstrip()[: -len(opener)]
    return _LABELS[word], rest.strip()


def _thought(preamble: list[str], segments: list[_Segment]) -> str:
    parts = ["\n".join(preamble).strip()]
    parts += [s.text for s in segments if s.label == "thought"]
    return "\n".join(part for part in parts if part)


def _decide_action(
    action: _Segment, input_segment: _Segment | None, thought: str
) -> Decision | ParseError:
    lines = action.lines
    if not lines[0].strip():
        # "Action:" alone on its line, the tool name on the next one.
        lines = [line for line in lines if line.strip()] or [""]
    head = lines[0]
    inline: _Input | ParseError | None = None
    call = _CALL_RE.match(head)
    if call is not None:
        raw_name = call["name"]
        body = "\n".join(lines)
        inline = _parse_inline(body[call.end() :], call["open"])
        extra = ""
    else:
        raw_name = head
        extra = "\n".join(lines[1:]).strip()

    tool = normalize_tool_name(raw_name)
    if tool in NO_TOOL_NAMES:
        return ParseError(no_tool_message(raw_name), thought)
    if isinstance(inline, ParseError):
        return replace(inline, thought=thought)

    given = _decode_input(input_segment.text) if input_segment is not None else None
    if isinstance(given, ParseError):
        if tool not in TOOL_NAMES:
            return Decision(tool, {}, thought)
        return ParseError(f"{given.message}; {needs_message(tool)}", thought)

    chosen: _Input
    if inline is not None and given is not None and given.value is not MISSING:
        if inline.value != given.value:
            return ParseError(
                f'the input is given twice, inline in "Action: {head.strip()}" and in '
                '"Action Input:"; give it once, in Action Input:',
                thought,
            )
        chosen = given
    elif inline is not None and inline.value is not MISSING:
        chosen = inline
    elif given is not None and given.value is not MISSING:
        chosen = given
    elif extra and given is None:
        chosen = _unlabelled_object_input(extra)
    else:
        chosen = _Input(MISSING)

    if chosen.value is MISSING:
        if tool not in TOOL_NAMES:
            return Decision(tool, {}, thought)
        what = 'an empty "Action Input:"' if given is not None else 'no "Action Input:" line'
        return ParseError(f"{what}; {needs_message(tool)}; {FORMAT_HINT}", thought)

    args = coerce_args(tool, chosen.value)
    if isinstance(args, str):
        return ParseError(args, thought)
    return Decision(tool, args, thought, tuple(chosen.notes))


def _unlabelled_object_input(extra: str) -> _Input:
    """Text after an ``Action:`` line with no ``Action Input:`` label: used if an object."""
    decoded = _decode_input(extra)
    if isinstance(decoded, ParseError) or not isinstance(decoded.value, dict):
        return _Input(MISSING)
    decoded.notes.insert(0, 'read the JSON object after "Action:" as the missing Action Input:')
    return decoded


def _parse_inline(after_open: str, opener: str) -> _Input | ParseError | None:
    """Parse the inline input of ``name[...]`` / ``name(...)``. None if there is none."""
    closer = _CLOSERS[opener]
    end = after_open.rfind(closer)
    if end < 0:
        return ParseError(f'unclosed "{opener}" in Action:; {FORMAT_HINT}')
    inner = after_open[:end].strip()
    if not inner:
        return None
    if opener == "(":
        call_args = _python_call_args(inner)
        if call_args is not None:
            return call_args
    decoded = _decode_input(inner)
    if isinstance(decoded, _Input) and decoded.value is MISSING:
        return None
    return decoded


def _python_call_args(inner: str) -> _Input | None:
    """``("acme")``, ``(query="acme")`` or ``({"a": 1})`` as Python literals; else None."""
    try:
        tree = ast.parse(f"f({inner})", mode="eval")
    except Exception:
        return None
    call = tree.body
    if not isinstance(call, ast.Call) or len(call.args) > 1:
        return None
    try:
        keywords = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
        if len(keywords) != len(call.keywords):
            return None  # **kwargs
        if not call.args:
            return _Input(keywords)
        positional = ast.literal_eval(call.args[0])
    except Exception:
        return None
    if not keywords:
        return _Input(positional)
    if isinstance(positional, dict):
        return _Input({**positional, **keywords})
    return None


def _decode_input(text: str) -> _Input | ParseError:
    """Decode an input's text into a value: dict, str, or something the caller rejects."""
    body = _strip_fences(text)
    if not body:
        return _Input(MISSING)
    if body[0] in "{[":
        return _decode_structured(body)
    if body[0] in "\"'":
        quoted = _decode_quoted(body)
        if quoted is not None:
            return quoted
    try:
        scalar = json.loads(body)
    except (ValueError, RecursionError):
        scalar = MISSING
    if scalar is not MISSING and not isinstance(scalar, str):
        return _Input(scalar)
    return _bare(body)


def _decode_structured(body: str) -> _Input | ParseError:
    """A JSON (or Python literal) object or array, possibly followed by junk."""
    json_error: json.JSONDecodeError | None = None
    try:
        value, end = json.JSONDecoder().raw_decode(body)
        return _with_trailing(value, body[end:])
    except json.JSONDecodeError as exc:
        json_error = exc
    except (ValueError, RecursionError):
        pass
    literal_end = _literal_end(body)
    if literal_end is not None:
        try:
            literal = ast.literal_eval(body[:literal_end])
        except Exception:
            pass
        else:
            return _with_trailing(literal, body[literal_end:])
    detail = (
        f" ({json_error.msg} at line {json_error.lineno} column {json_error.colno})"
        if json_error is not None
        else ""
    )
    return ParseError(
        f"Action Input is not valid JSON{detail}; write one JSON object with double-quoted "
        "keys and strings"
    )


def _with_trailing(value: object, trailing: str) -> _Input:
    notes = []
    if trailing.strip() and isinstance(value, dict):
        notes.append("ignored text after the JSON object in Action Input:")
    return _Input(value, notes)


def _decode_quoted(body: str) -> _Input | None:
    """A JSON or Python string literal, possibly followed by junk. None if not one."""
    value: object
    try:
        value, end = json.JSONDecoder().raw_decode(body)
    except (ValueError, RecursionError):
        literal_end = _literal_end(body)
        if literal_end is None:
            return None
        try:
            value = ast.literal_eval(body[:literal_end])
        except Exception:
            return None
        end = literal_end
    if not isinstance(value, str):
        return None
    notes = ["ignored text after the quoted Action Input:"] if body[end:].strip() else []
    return _Input(value, notes)


def _bare(body: str) -> _Input:
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if len(first) >= 2 and first[0] == first[-1] and first[0] in "\"'`":
        first = first[1:-1].strip()
    notes = ["used only the first line of Action Input:"] if len(lines) > 1 else []
    return _Input(first, notes)


def _strip_fences(text: str) -> str:
    body = text.strip()
    opening = _OPEN_FENCE_RE.match(body)
    if opening is not None:
        body = body[opening.end() :].strip()
    for mark in "`~":
        if body.endswith(mark * 3):
            body = body.rstrip(mark).strip()
    if len(body) >= 2 and body[0] == "`" and body[-1] == "`":
        body = body[1:-1].strip()
    return body


def _literal_end(body: str) -> int | None:
    """Index just past the bracketed or quoted literal that starts ``body``, or None.

    Tracks nesting and string quotes (with backslash escapes), so that the Python literal
    in ``{'a': '}'} and some prose`` can be cut from its trailing prose.
    """
    depth = 0
    quote = ""
    escaped = False
    for index, char in enumerate(body):
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
                if depth == 0:
                    return index + 1
        elif char in "\"'":
            quote = char
        elif char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
            if depth <= 0:
                return index + 1
    return None


def _decide_final(finals: list[_Segment], thought: str) -> Decision | ParseError:
    if len(finals) > 1:
        return ParseError(
            f'one action per turn: found {len(finals)} "Final Answer:" lines; to answer, '
            f"call finish once with a JSON object with keys {', '.join(FINISH_KEYS)}",
            thought,
        )
    note = 'read "Final Answer:" as a call to finish; next time use Action: finish'
    text = _strip_fences(finals[0].text)
    if text.startswith("{"):
        decoded = _decode_structured(text)
        if isinstance(decoded, _Input) and isinstance(decoded.value, dict):
            args = coerce_args("finish", decoded.value)
            if isinstance(args, dict):
                return Decision("finish", args, thought, (note, *decoded.notes))
    return Decision("finish", {"answer": text}, thought, (note,))


def _decide_unlabelled(preamble: list[str], thought: str, cut: bool) -> Decision | ParseError:
    blob = _action_blob(preamble)
    if blob is not None:
        return blob
    if cut:
        return ParseError(
            'no "Action:" line before the hallucinated "Observation:" line; '
            f"{FORMAT_HINT}, then stop: the runtime supplies the Observation:",
            thought,
        )
    return ParseError(
        f'no "Action:" line; {FORMAT_HINT} (every turn must call one tool; '
        "call finish to end the run)",
        thought,
    )


def _action_blob(preamble: list[str]) -> Decision | ParseError | None:
    """A LangChain-style ``{"action": ..., "action_input": ...}`` blob, or None."""
    starts = [i for i, line in enumerate(preamble) if line.lstrip().startswith("{")]
    for index in starts[:_MAX_BLOB_TRIES]:
        decoded = _decode_structured("\n".join(preamble[index:]).strip())
        if not isinstance(decoded, _Input) or not isinstance(decoded.value, dict):
            continue
        blob: dict[Any, Any] = decoded.value
        action = blob.get("action")
        if not isinstance(action, str):
            continue
        thought = "\n".join(preamble[:index]).strip()
        if isinstance(blob.get("thought"), str):
            thought = "\n".join(p for p in (thought, blob["thought"].strip()) if p)
        tool = normalize_tool_name(action)
        if tool in NO_TOOL_NAMES:
            return ParseError(no_tool_message(action), thought)
        value = _first_present(blob, ("action_input", "action input", "input", "args"))
        if value is MISSING:
            if tool not in TOOL_NAMES:
                return Decision(tool, {}, thought)
            return ParseError(f'no "action_input" in the JSON blob; {needs_message(tool)}', thought)
        args = coerce_args(tool, value)
        if isinstance(args, str):
            return ParseError(args, thought)
        note = 'read the {"action": ...} JSON blob as the call; prefer Action: and Action Input:'
        return Decision(tool, args, thought, (note, *decoded.notes))
    return None


def _first_present(blob: dict[Any, Any], keys: tuple[str, ...]) -> object:
    for key in keys:
        if key in blob:
            value: object = blob[key]
            return value
    return MISSING
