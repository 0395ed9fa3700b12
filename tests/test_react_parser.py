"""The ReAct parser against a table of real good and bad model outputs.

Each row is a reply and the exact outcome: an `Ok` (tool, args, and the notes expected) or
an `Err` (a phrase the ParseError message must contain).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest

from sleuth.decision import Decision, ParseError
from sleuth.react import parse_react

OBS_NOTE = "ignored text after a hallucinated Observation: line"
FINAL_NOTE = 'read "Final Answer:" as a call to finish'
FINISH_ARGS = {
    "answer": "Acme Robotics was founded in 2011.",
    "citations": ["https://acme.example/about"],
    "cannot_answer": False,
    "evidence": [{"url": "https://acme.example/about", "quote": "Founded in 2011"}],
}
FINISH_JSON = """{
  "answer": "Acme Robotics was founded in 2011.",
  "citations": ["https://acme.example/about"],
  "cannot_answer": false,
  "evidence": [
    {"url": "https://acme.example/about", "quote": "Founded in 2011"}
  ]
}"""


@dataclass(frozen=True)
class Ok:
    tool: str
    args: dict[str, Any]
    thought: str | None = None  # None: not checked
    notes: tuple[str, ...] = ()  # phrases, one per expected note, in order


@dataclass(frozen=True)
class Err:
    phrase: str
    thought: str | None = None  # None: not checked


CASES = [
    # --- clean replies -------------------------------------------------------------------
    pytest.param(
        "Thought: I should look for the founding year.\n"
        "Action: search\n"
        'Action Input: {"query": "acme robotics founded"}',
        Ok(
            "search",
            {"query": "acme robotics founded"},
            thought="I should look for the founding year.",
        ),
        id="clean-search",
    ),
    pytest.param(
        "Thought: The about page should say.\n"
        "Action: open\n"
        'Action Input: {"url": "https://acme.example/about"}\n',
        Ok("open", {"url": "https://acme.example/about"}, thought="The about page should say."),
        id="clean-open",
    ),
    pytest.param(
        f"Thought: The page says 2011.\nAction: finish\nAction Input: {FINISH_JSON}\n",
        Ok("finish", FINISH_ARGS, thought="The page says 2011."),
        id="clean-finish-multiline-json",
    ),
    pytest.param(
        "Thought: I need to find\nwhen Acme was founded,\nthen open the page.\n"
        "Action: search\nAction Input: acme founded",
        Ok(
            "search",
            {"query": "acme founded"},
            thought="I need to find\nwhen Acme was founded,\nthen open the page.",
        ),
        id="multiline-thought",
    ),
    pytest.param(
        "Let me search for this first.\nAction: search\nAction Input: acme",
        Ok("search", {"query": "acme"}, thought="Let me search for this first."),
        id="unlabelled-thought",
    ),
    pytest.param(
        "Action: search\nAction Input: acme",
        Ok("search", {"query": "acme"}, thought=""),
        id="no-thought",
    ),
    pytest.param(
        "thought: hmm\nACTION: Search\naction input: acme",
        Ok("search", {"query": "acme"}, thought="hmm"),
        id="lower-and-upper-case-labels",
    ),
    pytest.param(
        "  Thought :  spaced out  \n   Action :   search  \n  Action Input :   acme  ",
        Ok("search", {"query": "acme"}, thought="spaced out"),
        id="whitespace-around-labels",
    ),
    pytest.param(
        "**Thought:** I will search.\n**Action:** search\n**Action Input:** acme robotics",
        Ok("search", {"query": "acme robotics"}, thought="I will search."),
        id="markdown-bold-labels-colon-inside",
    ),
    pytest.param(
        '**Thought**: I will search.\n**Action**: search\n**Action Input**: {"query": "acme"}',
        Ok("search", {"query": "acme"}, thought="I will search."),
        id="markdown-bold-labels-colon-outside",
    ),
    # --- tool names ---------------------------------------------------------------------
    pytest.param(
        "Action: `Search`.\nAction Input: acme",
        Ok("search", {"query": "acme"}),
        id="tool-name-backticks-case-punctuation",
    ),
    pytest.param(
        "Action: \"open\"\nAction Input: 'https://acme.example'",
        Ok("open", {"url": "https://acme.example"}),
        id="tool-name-quoted",
    ),
    pytest.param(
        "Action: browse_web\nAction Input: acme robotics",
        Ok("browse_web", {}),
        id="unknown-tool-returns-decision",
    ),
    pytest.param(
        'Action: Calculator\nAction Input: {"expression": "2+2"}',
        Ok("calculator", {"expression": "2+2"}),
        id="unknown-tool-keeps-object-args",
    ),
    pytest.param(
        "Action: None\nAction Input: none",
        Err("every turn must call exactly one tool"),
        id="action-none",
    ),
    pytest.param(
        "Thought: I already know the answer.\nAction: N/A",
        Err("call finish to end the run", thought="I already know the answer."),
        id="action-n/a",
    ),
    pytest.param("Action: null", Err("is not a tool"), id="action-null"),
    pytest.param(
        "Thought: nothing to do\nAction:\nAction Input: {}",
        Err("every turn must call exactly one tool"),
        id="action-empty",
    ),
    # --- bracket and call styles --------------------------------------------------------
    pytest.param("Action: search[acme]", Ok("search", {"query": "acme"}), id="bracket-style"),
    pytest.param(
        "Thought: go\nAction: search[acme robotics founders]",
        Ok("search", {"query": "acme robotics founders"}, thought="go"),
        id="bracket-style-spaces",
    ),
    pytest.param(
        'Action: search("acme robotics")',
        Ok("search", {"query": "acme robotics"}),
        id="call-style-positional",
    ),
    pytest.param(
        'Action: open(url="https://acme.example/a(b)")',
        Ok("open", {"url": "https://acme.example/a(b)"}),
        id="call-style-keyword",
    ),
    pytest.param(
        f"Action: finish({FINISH_JSON})",
        Ok("finish", FINISH_ARGS),
        id="call-style-json-object-multiline",
    ),
    pytest.param(
        "Action: search()\nAction Input: acme",
        Ok("search", {"query": "acme"}),
        id="call-style-empty-parens-then-input",
    ),
    pytest.param(
        "Action: search[acme]\nAction Input: globex",
        Err("the input is given twice"),
        id="inline-and-action-input-disagree",
    ),
    # --- inputs ---------------------------------------------------------------------------
    pytest.param(
        'Action: search\nAction Input: {"query": "acme robotics"}',
        Ok("search", {"query": "acme robotics"}),
        id="input-json-object",
    ),
    pytest.param(
        "Action: search\nAction Input: acme robotics",
        Ok("search", {"query": "acme robotics"}),
        id="input-bare-string",
    ),
    pytest.param(
        'Action: search\nAction Input: "acme robotics"',
        Ok("search", {"query": "acme robotics"}),
        id="input-json-string",
    ),
    pytest.param(
        "Action: search\nAction Input: `acme robotics`",
        Ok("search", {"query": "acme robotics"}),
        id="input-backticked",
    ),
    pytest.param(
        "Action: search\nAction Input: {'query': 'acme robotics'}",
        Ok("search", {"query": "acme robotics"}),
        id="input-python-dict",
    ),
    pytest.param(
        "Action: finish\nAction Input: {'answer': 'x', 'citations': [], "
        "'cannot_answer': True, 'evidence': []}",
        Ok("finish", {"answer": "x", "citations": [], "cannot_answer": True, "evidence": []}),
        id="input-python-dict-with-True",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme",}',
        Ok("search", {"query": "acme"}),
        id="input-trailing-comma",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": acme}',
        Err("Action Input is not valid JSON (Expecting value at line 1 column 11)"),
        id="input-invalid-json",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme"}\n\nThis should find the company.',
        Ok("search", {"query": "acme"}, notes=("ignored text after the JSON object",)),
        id="trailing-prose-after-json",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme"} I hope this helps!',
        Ok("search", {"query": "acme"}, notes=("ignored text after the JSON object",)),
        id="trailing-prose-same-line",
    ),
    pytest.param(
        'Action: search\nAction Input: "acme robotics" (the company, not the film)',
        Ok("search", {"query": "acme robotics"}, notes=("ignored text after the quoted",)),
        id="trailing-prose-after-quoted-string",
    ),
    pytest.param(
        "Action: search\nAction Input: acme robotics\nThen I will open the first result.",
        Ok("search", {"query": "acme robotics"}, notes=("used only the first line",)),
        id="bare-string-first-line-only",
    ),
    pytest.param(
        "Action: finish\nAction Input: Acme was founded in 2011.",
        Err("finish needs a JSON object with keys answer, citations, cannot_answer, evidence"),
        id="finish-bare-string",
    ),
    pytest.param(
        'Action: finish\nAction Input: "Acme was founded in 2011."',
        Err("finish needs a JSON object with keys answer, citations, cannot_answer, evidence"),
        id="finish-quoted-string",
    ),
    pytest.param(
        'Action: search\nAction Input: ["acme", "robotics"]',
        Err("must be a JSON object, not an array"),
        id="array-input",
    ),
    pytest.param(
        "Action: open\nAction Input: 3",
        Err("must be a JSON object, not a number"),
        id="number-input",
    ),
    pytest.param(
        "Action: search\nAction Input: null",
        Err("must be a JSON object, not null"),
        id="null-input",
    ),
    pytest.param(
        "Thought: let me search\nAction: search",
        Err('no "Action Input:" line; search needs', thought="let me search"),
        id="missing-action-input-search",
    ),
    pytest.param(
        "Action: finish",
        Err('no "Action Input:" line; finish needs a JSON object with keys answer'),
        id="missing-action-input-finish",
    ),
    pytest.param(
        "Action: search\nAction Input:   ",
        Err('an empty "Action Input:"'),
        id="empty-action-input",
    ),
    pytest.param(
        "Action: unknown_tool",
        Ok("unknown_tool", {}),
        id="unknown-tool-no-input",
    ),
    pytest.param(
        'Action: search\n{"query": "acme"}',
        Ok("search", {"query": "acme"}, notes=("read the JSON object after",)),
        id="object-without-action-input-label",
    ),
    # --- code fences ------------------------------------------------------------------------
    pytest.param(
        "```\nThought: search first\nAction: search\nAction Input: acme\n```",
        Ok("search", {"query": "acme"}, thought="search first"),
        id="fence-around-whole-reply",
    ),
    pytest.param(
        '```text\nAction: search\nAction Input: {"query": "acme"}\n```',
        Ok("search", {"query": "acme"}),
        id="fence-with-language-around-whole-reply",
    ),
    pytest.param(
        f"Thought: done\nAction: finish\nAction Input:\n```json\n{FINISH_JSON}\n```",
        Ok("finish", FINISH_ARGS, thought="done"),
        id="json-fence-around-input",
    ),
    pytest.param(
        f"Action: finish\nAction Input: ```json\n{FINISH_JSON}```",
        Ok("finish", FINISH_ARGS),
        id="json-fence-opened-on-label-line",
    ),
    pytest.param(
        'Action: search\nAction Input: ```{"query": "acme"}```',
        Ok("search", {"query": "acme"}),
        id="inline-fence-around-input",
    ),
    # --- hallucinated observations ----------------------------------------------------------
    pytest.param(
        "Thought: search\nAction: search\nAction Input: acme\n"
        "Observation: Acme Robotics is a company founded in 2011.\n"
        "Thought: I now know the answer.\n"
        "Final Answer: 2011",
        Ok("search", {"query": "acme"}, thought="search", notes=(OBS_NOTE,)),
        id="observation-after-valid-action-then-fake-final-answer",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme"}\nObservation:',
        Ok("search", {"query": "acme"}, notes=(OBS_NOTE,)),
        id="empty-observation-after-valid-action",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme"}\n**Observation:** results...',
        Ok("search", {"query": "acme"}, notes=(OBS_NOTE,)),
        id="bold-observation-after-valid-action",
    ),
    pytest.param(
        'Action: search\nAction Input: {"query": "acme"} extra\nObservation: x',
        Ok("search", {"query": "acme"}, notes=("ignored text after the JSON object", OBS_NOTE)),
        id="trailing-junk-and-observation-notes-in-order",
    ),
    pytest.param(
        "Thought: I know this.\nObservation: Acme was founded in 2011.\nFinal Answer: 2011",
        Err('no "Action:" line before the hallucinated "Observation:"', thought="I know this."),
        id="observation-without-action-then-fake-final-answer",
    ),
    pytest.param(
        "Observation: the search returned nothing\nAction: search\nAction Input: acme",
        Err("the runtime supplies the Observation"),
        id="observation-first-then-action",
    ),
    pytest.param(
        "Action: search\nAction Input: acme\nAction: open\nAction Input: x\nObservation: y",
        Err("one action per turn"),
        id="two-actions-before-observation",
    ),
    pytest.param(
        "Action: search\nAction Input: [1, 2]\nObservation: y",
        Err(f"(or a bare string) (also {OBS_NOTE})"),
        id="bad-input-and-observation",
    ),
    # --- one action per turn ----------------------------------------------------------------
    pytest.param(
        "Thought: do both\nAction: search\nAction Input: acme\n"
        "Action: open\nAction Input: https://acme.example",
        Err("one action per turn: found 2 Action: lines", thought="do both"),
        id="two-actions",
    ),
    pytest.param(
        "Action: search\nAction Input: acme\nAction Input: globex",
        Err("one action per turn: found 2 Action Input: lines"),
        id="two-action-inputs",
    ),
    # --- Final Answer -------------------------------------------------------------------------
    pytest.param(
        "Thought: I now know the final answer.\nFinal Answer: Acme was founded in 2011.",
        Ok(
            "finish",
            {"answer": "Acme was founded in 2011."},
            thought="I now know the final answer.",
            notes=(FINAL_NOTE,),
        ),
        id="final-answer-plain-text",
    ),
    pytest.param(
        f"Final Answer: {FINISH_JSON}",
        Ok("finish", FINISH_ARGS, notes=(FINAL_NOTE,)),
        id="final-answer-json",
    ),
    pytest.param(
        f"Final Answer:\n```json\n{FINISH_JSON}\n```",
        Ok("finish", FINISH_ARGS, notes=(FINAL_NOTE,)),
        id="final-answer-fenced-json",
    ),
    pytest.param(
        "**Final Answer:** It was 2011.\nMore detail on a second line.",
        Ok(
            "finish", {"answer": "It was 2011.\nMore detail on a second line."}, notes=(FINAL_NOTE,)
        ),
        id="final-answer-bold-multiline",
    ),
    pytest.param(
        "Action: search\nAction Input: acme\nFinal Answer: 2011",
        Err('both "Action:" and "Final Answer:"'),
        id="action-and-final-answer",
    ),
    # --- no action at all ---------------------------------------------------------------------
    pytest.param("", Err("empty reply"), id="empty-reply"),
    pytest.param("  \n\t\n ", Err("empty reply"), id="whitespace-reply"),
    pytest.param(
        "I'm sorry, I can't help with that.",
        Err(
            'no "Action:" line; reply with Thought:, Action: and Action Input:',
            thought="I'm sorry, I can't help with that.",
        ),
        id="refusal",
    ),
    pytest.param(
        "Thought: I should search for Acme Robotics.",
        Err('no "Action:" line', thought="I should search for Acme Robotics."),
        id="thought-only",
    ),
    pytest.param(
        "Acme Robotics was founded in 2011 according to its website.",
        Err('no "Action:" line'),
        id="plain-prose-answer",
    ),
    pytest.param(
        'I\'ll search.\n```json\n{"action": "search", "action_input": "acme robotics"}\n```',
        Ok(
            "search",
            {"query": "acme robotics"},
            thought="I'll search.",
            notes=('read the {"action": ...} JSON blob',),
        ),
        id="langchain-json-blob",
    ),
    pytest.param(
        f'{{"action": "Final Answer", "action_input": {FINISH_JSON}}}',
        Ok("final answer", FINISH_ARGS, notes=('read the {"action": ...} JSON blob',)),
        id="langchain-json-blob-final-answer-is-unknown-tool",
    ),
]


@pytest.mark.parametrize(("reply", "expected"), CASES)
def test_parse_react(reply: str, expected: Ok | Err) -> None:
    result = parse_react(reply)
    if isinstance(expected, Ok):
        assert isinstance(result, Decision), result
        assert (result.tool, result.args) == (expected.tool, expected.args)
        assert len(result.notes) == len(expected.notes), result.notes
        for note, phrase in zip(result.notes, expected.notes, strict=True):
            assert phrase in note
        if expected.thought is not None:
            assert result.thought == expected.thought
    else:
        assert isinstance(result, ParseError), result
        assert expected.phrase in result.message
        if expected.thought is not None:
            assert result.thought == expected.thought


def test_observation_note_is_the_documented_text() -> None:
    result = parse_react("Action: search\nAction Input: acme\nObservation: x")
    assert isinstance(result, Decision)
    assert result.notes == ("ignored text after a hallucinated Observation: line",)


def test_crlf_line_endings() -> None:
    result = parse_react('Thought: t\r\nAction: search\r\nAction Input: {"query": "a"}\r\n')
    assert result == Decision("search", {"query": "a"}, "t")


def test_non_string_input_does_not_raise() -> None:
    result = parse_react(None)  # type: ignore[arg-type]
    assert isinstance(result, ParseError)


@pytest.mark.parametrize(
    "reply",
    [
        "Action: search(" * 500,
        "{" * 5000,
        "[" * 5000 + "]" * 5000,
        "Action: search\nAction Input: " + "{" * 5000,
        "Action: search\nAction Input: " + "[" * 100_000,
        "Action: finish(" + "(" * 1000 + ")" * 1000 + ")",
        "Action Input: " + " " * 100_000 + "x",
        "*" * 100_000,
        "Action" + " " * 100_000,
        "Action: search\nAction Input: '" + "\\" * 10_001,
        "Final Answer: {" + '"a":' * 10_000,
        "```" + " " * 100_000 + "x y",
        "Action: search\nAction Input: " + "`" * 50_000 + "x" + "`" * 50_000 + "x",
        "Action: search\nAction Input: " + "~" * 50_000 + "x",
        "Thought:" + "*" * 50_000 + "\n" + "**Action" * 20_000,
        "Action: x" + ".*" * 50_000,
        "{\n" * 50_000,
        "{'a': [\n" * 20_000,
    ],
    ids=lambda reply: repr(reply[:24]),
)
def test_pathological_inputs_do_not_raise_or_hang(reply: str) -> None:
    started = time.perf_counter()
    assert isinstance(parse_react(reply), Decision | ParseError)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(400, marks=pytest.mark.integration, id="400"),
        pytest.param(100_000, marks=pytest.mark.slow, id="100k"),
    ],
    ids=lambda n: str(n),
)
def test_never_raises_on_arbitrary_text(examples: int) -> None:
    hypothesis = pytest.importorskip("hypothesis")
    st = pytest.importorskip("hypothesis.strategies")

    fragments = st.sampled_from(
        [
            "Thought:",
            "Action:",
            "Action Input:",
            "Observation:",
            "Final Answer:",
            "**",
            "```",
            "```json",
            "\n",
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            '"',
            "'",
            "\\",
            ",",
            ":",
            "search",
            "open",
            "finish",
            "None",
            " ",
        ]
    )
    replies = st.one_of(st.text(), st.lists(st.one_of(fragments, st.text(max_size=5))).map("".join))

    @hypothesis.settings(
        max_examples=examples,
        deadline=None,
        derandomize=examples > 400,  # the slow tier: a fixed sequence, no example database
        database=None if examples > 400 else hypothesis.settings.default.database,
        suppress_health_check=list(hypothesis.HealthCheck),
    )
    @hypothesis.given(replies)
    def check(reply: str) -> None:
        result = parse_react(reply)
        assert isinstance(result, Decision | ParseError)
        if isinstance(result, Decision):
            assert isinstance(result.args, dict)
            assert all(isinstance(key, str) for key in result.args)

    check()
