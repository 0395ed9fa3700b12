"""The native tool-call decoder against a table of real good and bad API responses.

Each row is ``(calls, content)`` and the exact outcome: an `Ok` (tool, args, thought) or an
`Err` (a phrase the ParseError message must contain).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pytest

from sleuth.decision import Decision, ParseError
from sleuth.native import decode_tool_calls

FINISH_ARGS = {
    "answer": "Acme Robotics was founded in 2011.",
    "citations": ["https://acme.example/about"],
    "cannot_answer": False,
    "evidence": [{"url": "https://acme.example/about", "quote": "Founded in 2011"}],
}


@dataclass(frozen=True)
class Ok:
    tool: str
    args: dict[str, Any]
    thought: str = ""


@dataclass(frozen=True)
class Err:
    phrase: str
    thought: str | None = None  # None: not checked


def openai(name: Any, arguments: Any, call_id: str = "call_abc123") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def tool_use(name: Any, input_: Any, block_id: str = "toolu_01A") -> dict[str, Any]:
    return {"type": "tool_use", "id": block_id, "name": name, "input": input_}


class FakeSdkCall:
    """Stands in for an SDK (pydantic) tool-call object."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def model_dump(self) -> dict[str, Any]:
        return self._data


class ExplodingSdkCall:
    def model_dump(self) -> dict[str, Any]:
        raise RuntimeError("boom")


CASES = [
    # --- OpenAI chat completions ------------------------------------------------------------
    pytest.param(
        [openai("search", '{"query": "acme robotics"}')],
        None,
        Ok("search", {"query": "acme robotics"}),
        id="openai-string-args",
    ),
    pytest.param(
        [openai("open", {"url": "https://acme.example/about"})],
        "",
        Ok("open", {"url": "https://acme.example/about"}),
        id="openai-dict-args",
    ),
    pytest.param(
        [
            openai(
                "finish",
                '{\n  "answer": "Acme Robotics was founded in 2011.",\n'
                '  "citations": ["https://acme.example/about"],\n  "cannot_answer": false,\n'
                '  "evidence": [{"url": "https://acme.example/about", '
                '"quote": "Founded in 2011"}]\n}',
            )
        ],
        "The about page says 2011.",
        Ok("finish", FINISH_ARGS, thought="The about page says 2011."),
        id="openai-finish-with-content-as-thought",
    ),
    pytest.param(
        [{"name": "search", "arguments": '{"query": "acme"}'}],
        None,
        Ok("search", {"query": "acme"}),
        id="openai-flattened",
    ),
    pytest.param(
        [openai("  Search ", '{"query": "acme"}')],
        None,
        Ok("search", {"query": "acme"}),
        id="name-case-and-whitespace",
    ),
    pytest.param(
        [openai("functions.search", '{"query": "acme"}')],
        None,
        Ok("search", {"query": "acme"}),
        id="name-with-functions-prefix",
    ),
    pytest.param(
        [openai("browse", '{"url": "x"}')],
        None,
        Ok("browse", {"url": "x"}),
        id="unknown-tool-returns-decision",
    ),
    pytest.param(
        [openai("browse", "not json")],
        None,
        Ok("browse", {}),
        id="unknown-tool-bad-args-still-decision",
    ),
    pytest.param(
        [openai("search", '{"query": "acme",}')],
        None,
        Err("the arguments of search are not valid JSON (Expecting property name enclosed in"),
        id="malformed-json-args",
    ),
    pytest.param(
        [openai("search", '{"query": "acme"')],
        None,
        Err("not valid JSON (Expecting ',' delimiter at line 1 column 17)"),
        id="truncated-json-args",
    ),
    pytest.param(
        [openai("search", "acme robotics")],
        None,
        Err("not valid JSON"),
        id="unquoted-string-args-are-not-json",
    ),
    pytest.param(
        [openai("search", '"acme robotics"')],
        None,
        Ok("search", {"query": "acme robotics"}),
        id="bare-json-string-args-for-search",
    ),
    pytest.param(
        [openai("open", '"https://acme.example"')],
        None,
        Ok("open", {"url": "https://acme.example"}),
        id="bare-json-string-args-for-open",
    ),
    pytest.param(
        [openai("finish", '"Acme was founded in 2011."')],
        None,
        Err("finish needs a JSON object with keys answer, citations, cannot_answer, evidence"),
        id="bare-string-args-for-finish",
    ),
    pytest.param(
        [openai("search", '"{\\"query\\": \\"acme\\"}"')],
        None,
        Ok("search", {"query": "acme"}),
        id="double-encoded-json-args",
    ),
    pytest.param(
        [openai("search", '["acme"]')],
        None,
        Err("must be a JSON object, not an array"),
        id="array-args",
    ),
    pytest.param(
        [openai("open", "42")],
        None,
        Err("must be a JSON object, not a number"),
        id="number-args",
    ),
    pytest.param(
        [openai("search", "")],
        None,
        Err("the search call has no arguments"),
        id="empty-string-args",
    ),
    pytest.param(
        [{"id": "call_1", "type": "function", "function": {"name": "finish"}}],
        None,
        Err("the finish call has no arguments; finish needs a JSON object"),
        id="missing-args",
    ),
    pytest.param(
        [openai("search", "{}")],
        None,
        Ok("search", {}),
        id="empty-object-args-left-to-runtime",
    ),
    # --- Anthropic ------------------------------------------------------------------------
    pytest.param(
        [tool_use("search", {"query": "acme robotics"})],
        "I'll search for it.",
        Ok("search", {"query": "acme robotics"}, thought="I'll search for it."),
        id="anthropic-tool-use",
    ),
    pytest.param(
        [
            {"type": "thinking", "thinking": "hidden", "signature": "sig"},
            {"type": "text", "text": "Let me open the page."},
            tool_use("open", {"url": "https://acme.example/about"}),
        ],
        None,
        Ok("open", {"url": "https://acme.example/about"}, thought="Let me open the page."),
        id="anthropic-full-content-list",
    ),
    pytest.param(
        [tool_use("finish", FINISH_ARGS)],
        None,
        Ok("finish", FINISH_ARGS),
        id="anthropic-finish",
    ),
    pytest.param(
        [tool_use("search", "acme")],
        None,
        Ok("search", {"query": "acme"}),
        id="anthropic-string-input-is-a-value-not-json",
    ),
    pytest.param(
        [tool_use("finish", "Acme was founded in 2011.")],
        None,
        Err("finish needs a JSON object with keys answer, citations, cannot_answer, evidence"),
        id="anthropic-string-input-for-finish",
    ),
    pytest.param(
        [{"name": "search", "parameters": {"query": "acme"}}],
        None,
        Ok("search", {"query": "acme"}),
        id="parameters-key",
    ),
    pytest.param(
        [tool_use("search", ["acme"])],
        None,
        Err("must be a JSON object, not an array"),
        id="anthropic-list-input",
    ),
    # --- wrong number of calls ----------------------------------------------------------------
    pytest.param(
        [openai("search", '{"query": "a"}'), openai("open", '{"url": "b"}', "call_2")],
        "Doing both.",
        Err("one action per turn: got 2 tool calls (search, open)", thought="Doing both."),
        id="two-calls",
    ),
    pytest.param(
        [tool_use("search", {"query": "a"}), tool_use("search", {"query": "b"}, "toolu_02")],
        None,
        Err("one action per turn"),
        id="two-anthropic-calls",
    ),
    pytest.param(
        [],
        "I'm sorry, I can't help with that.",
        Err("text alone does not finish the run", thought="I'm sorry, I can't help with that."),
        id="no-calls-refusal",
    ),
    pytest.param(
        None,
        "Acme Robotics was founded in 2011.",
        Err("no tool call: text alone does not finish the run"),
        id="no-calls-plain-answer",
    ),
    pytest.param(
        [{"type": "text", "text": "The answer is 2011."}],
        None,
        Err("text alone does not finish the run", thought="The answer is 2011."),
        id="anthropic-text-block-only",
    ),
    pytest.param([], None, Err("empty reply: no tool call and no text"), id="no-calls-no-text"),
    pytest.param(None, "  \n ", Err("empty reply"), id="none-calls-whitespace-text"),
    # --- garbage ---------------------------------------------------------------------------------
    pytest.param([42], None, Err("the tool call is not an object: 42"), id="int-entry"),
    pytest.param([None], None, Err("not an object"), id="none-entry"),
    pytest.param([[["search"]]], None, Err("not an object"), id="nested-list-entry"),
    pytest.param(["search"], None, Err("not an object"), id="string-entry"),
    pytest.param([42, None], None, Err("one action per turn: got 2 tool calls (?, ?)"), id="junk"),
    pytest.param(
        [{"id": "call_1", "type": "function", "function": {"arguments": '{"query": "a"}'}}],
        None,
        Err("the tool call has no name"),
        id="missing-name",
    ),
    pytest.param([tool_use(None, {})], None, Err("has no name"), id="null-name"),
    pytest.param([tool_use(7, {})], None, Err("has no name"), id="int-name"),
    pytest.param([openai("  ", "{}")], None, Err("has no name"), id="blank-name"),
    pytest.param([openai("none", "{}")], None, Err("is not a tool"), id="name-none"),
    pytest.param(
        [{"id": "x", "type": "function", "function": "search"}],
        None,
        Err("has no name"),
        id="function-is-a-string",
    ),
    pytest.param(
        [openai("search", {1: "a"})], None, Err("keys must be strings"), id="non-string-keys"
    ),
    pytest.param(42, None, Err("tool calls must be a list, not int"), id="calls-is-an-int"),
    pytest.param(
        openai("search", '{"query": "acme"}'),
        None,
        Ok("search", {"query": "acme"}),
        id="single-call-not-in-a-list",
    ),
    pytest.param(
        [FakeSdkCall(openai("search", '{"query": "acme"}'))],
        None,
        Ok("search", {"query": "acme"}),
        id="sdk-object-with-model-dump",
    ),
    pytest.param([ExplodingSdkCall()], None, Err("not an object"), id="sdk-object-that-raises"),
]


@pytest.mark.parametrize(("calls", "content", "expected"), CASES)
def test_decode_tool_calls(calls: Any, content: str | None, expected: Ok | Err) -> None:
    result = decode_tool_calls(calls, content)
    if isinstance(expected, Ok):
        assert result == Decision(expected.tool, expected.args, expected.thought)
    else:
        assert isinstance(result, ParseError), result
        assert expected.phrase in result.message
        if expected.thought is not None:
            assert result.thought == expected.thought


def test_args_are_a_copy() -> None:
    arguments = {"query": "acme"}
    result = decode_tool_calls([tool_use("search", arguments)])
    assert isinstance(result, Decision)
    result.args["query"] = "changed"
    assert arguments == {"query": "acme"}


@pytest.mark.parametrize(
    "calls",
    [
        [openai("search", "[" * 100_000)],
        [openai("search", "[" * 100_000 + "]" * 100_000)],
        [tool_use("x" * 100_000 + ".", {})],
        [functools.reduce(lambda inner, _: [inner], range(100_000), [])],
        [10**5000],
    ],
    ids=["unclosed-nesting", "deep-nesting", "huge-name", "deep-list-entry", "huge-int-entry"],
)
def test_pathological_calls_do_not_raise(calls: list[Any]) -> None:
    assert isinstance(decode_tool_calls(calls), Decision | ParseError)


@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(400, marks=pytest.mark.integration, id="400"),
        pytest.param(100_000, marks=pytest.mark.slow, id="100k"),
    ],
    ids=lambda n: str(n),
)
def test_never_raises_on_arbitrary_calls(examples: int) -> None:
    hypothesis = pytest.importorskip("hypothesis")
    st = pytest.importorskip("hypothesis.strategies")

    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=20),
        st.sampled_from(["search", "open", "finish", "function", "tool_use", "text", "{}"]),
    )
    junk = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(["name", "arguments", "input", "function", "type", "text"]),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=20,
    )

    @hypothesis.settings(
        max_examples=examples,
        deadline=None,
        derandomize=examples > 400,  # the slow tier: a fixed sequence, no example database
        database=None if examples > 400 else hypothesis.settings.default.database,
        suppress_health_check=list(hypothesis.HealthCheck),
    )
    @hypothesis.given(junk, st.one_of(st.none(), st.text(max_size=20)))
    def check(calls: Any, content: str | None) -> None:
        result = decode_tool_calls(calls, content)
        assert isinstance(result, Decision | ParseError)

    check()
