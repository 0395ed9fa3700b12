"""The model-facing contract (`sleuth.contract`): the tool schemas generated from the
argument models, the policy protocols, the one entry point, errors that name their run,
and the scripted policy's used-up check."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sleuth.native
import sleuth.react
import sleuth.runtime
from sleuth import contract
from sleuth.contract.schemas import PROVIDER_KEYWORDS, clean_schema, tool_schemas
from sleuth.corpus import load_corpus
from sleuth.decision import BASE_TOOLS, TOOL_NAMES, Decision
from sleuth.errors import ScriptError, ScriptExhaustedError, SleuthError, UsageError
from sleuth.models import ModelPolicy
from sleuth.models.anthropic_messages import AnthropicMessages
from sleuth.models.openai_chat import OpenAIChat
from sleuth.policies.offline import OfflinePolicy
from sleuth.policies.scripted import ScriptedPolicy, decode_turn
from sleuth.result import Result, Status
from sleuth.resume import rebuild
from sleuth.runtime import Resumption, Turn, arun, resume_steps, run, run_steps
from sleuth.state import Budgets, RunState, Task
from sleuth.store import RunStore, StoredRun
from sleuth.tools import TOOL_ARGS, FinishArgs, OpenArgs, SearchArgs

ACME = load_corpus("acme")
WIKI = "https://wiki.example/Acme_Robotics"
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


@pytest.fixture
def store(db_path: Path) -> Iterator[RunStore]:
    s = RunStore(db_path)
    yield s
    s.close()


def react(tool: str, args: dict[str, Any]) -> str:
    return f"Thought: t\nAction: {tool}\nAction Input: {json.dumps(args)}"


GROUNDED = [
    react("search", {"query": "Acme Robotics founder"}),
    react("open", {"url": WIKI}),
    react(
        "finish",
        {"answer": "Ada Ortiz", "citations": [WIKI], "cannot_answer": False, "evidence": FOUNDED},
    ),
]


# -- tool schemas ---------------------------------------------------------------------------


def _keywords(schema: Any) -> set[str]:
    """Every JSON Schema keyword used in ``schema`` (property names are not keywords)."""
    if isinstance(schema, list):
        return set().union(*(_keywords(s) for s in schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    found = set(schema)
    for key, value in schema.items():
        if key == "properties":
            found |= set().union(*(_keywords(s) for s in value.values()))
        else:
            found |= _keywords(value)
    return found


def test_every_tool_a_model_may_call_has_a_schema_from_its_model() -> None:
    assert set(TOOL_ARGS) == set(TOOL_NAMES)
    schemas = tool_schemas(TOOL_NAMES)
    assert [s["name"] for s in schemas] == list(TOOL_NAMES)
    for schema in schemas:
        model = TOOL_ARGS[schema["name"]]
        parameters = schema["parameters"]
        assert parameters["type"] == "object"
        assert set(parameters["properties"]) == set(model.model_fields)
        assert _keywords(parameters) <= PROVIDER_KEYWORDS, schema["name"]
        assert parameters == {
            k: v for k, v in clean_schema(model.model_json_schema()).items() if k != "description"
        }


def test_search_and_open_schemas_are_what_the_runtime_validates() -> None:
    (search, opened) = tool_schemas(("search", "open"))
    assert search["parameters"] == {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "words to search for"},
            "k": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5},
        },
        "required": ["query"],
    }
    assert opened["parameters"]["required"] == ["url"]
    assert opened["parameters"]["properties"]["offset"] == {
        "type": "integer",
        "minimum": 0,
        "default": 0,
    }
    # the bounds the schema states are the ones the argument models enforce
    assert SearchArgs.model_validate({"query": "acme"}).k == 5
    assert OpenArgs.model_validate({"url": WIKI}).offset == 0
    with pytest.raises(ValueError):
        SearchArgs.model_validate({"query": "acme", "k": 21})
    with pytest.raises(ValueError):
        SearchArgs.model_validate({"query": "acme", "sort": "date"})


def test_the_finish_schema_requires_none_of_its_shapes_keys() -> None:
    (finish,) = tool_schemas(("finish",))
    parameters = finish["parameters"]
    assert "required" not in parameters  # an answer, a conflict report or a brief
    assert set(parameters["properties"]) == {
        "answer",
        "citations",
        "cannot_answer",
        "evidence",
        "conflicts",
        "fields",
    }
    assert parameters["properties"]["evidence"] == {
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
    }
    assert "conflicts" in finish["description"] and "fields" in finish["description"]
    assert TOOL_ARGS["publish_brief"] is FinishArgs


@pytest.mark.parametrize("offered", [BASE_TOOLS, TOOL_NAMES])
def test_providers_get_the_generated_schemas(offered: tuple[str, ...]) -> None:
    task = Task("Who founded Acme Robotics?", publish="publish_brief" in offered)
    state = RunState(run_id="r", task=task, budgets=Budgets(), corpus="acme", policy="p")
    assert state.task.tools == offered
    generated = tool_schemas(offered)
    openai = OpenAIChat("m", base_url="http://127.0.0.1:9/v1", api_key="k").request(state, "tools")
    assert openai["tools"] == [{"type": "function", "function": s} for s in generated]
    anthropic = AnthropicMessages("m", base_url="http://127.0.0.1:9", api_key="k")
    tools = anthropic.request(state, "tools")["tools"]
    assert [
        {"name": t["name"], "description": t["description"], "parameters": t["input_schema"]}
        for t in tools
    ] == generated


# -- protocols and old import paths ---------------------------------------------------------


def test_the_contract_keeps_its_old_import_paths() -> None:
    assert sleuth.runtime.Turn is contract.Turn and sleuth.runtime.Policy is contract.Policy
    assert sleuth.runtime.AsyncPolicy is contract.AsyncPolicy
    assert sleuth.react.parse_react is contract.parse_react
    assert sleuth.native.decode_tool_calls is contract.decode_tool_calls
    assert decode_turn is contract.decode_turn
    assert sleuth.react.normalize_tool_name("`Search`.") == "search"
    turn = decode_turn({"tool_calls": [{"function": {"name": "search", "arguments": '"acme"'}}]})
    assert turn.parsed == Decision("search", {"query": "acme"})


def test_a_model_policy_is_an_async_policy_and_the_offline_one_is_not() -> None:
    backend = OpenAIChat("m", base_url="http://127.0.0.1:9/v1", api_key="k")
    assert isinstance(ModelPolicy(backend), contract.AsyncPolicy)
    assert not isinstance(OfflinePolicy(), contract.AsyncPolicy)
    assert not isinstance(ScriptedPolicy(GROUNDED), contract.AsyncPolicy)


class _Awaited:
    """An async policy whose ``decide`` must not be called by the async loop."""

    name = "awaited"

    def __init__(self) -> None:
        self.script = ScriptedPolicy(GROUNDED)
        self.awaited = 0

    def decide(self, state: RunState) -> Turn:
        raise AssertionError("the async loop called decide on an async policy")

    async def adecide(self, state: RunState) -> Turn:
        self.awaited += 1
        await asyncio.sleep(0)
        return self.script.decide(state)


def test_arun_awaits_an_async_policy_and_calls_a_sync_one() -> None:
    awaited = _Awaited()
    result = asyncio.run(arun(Task("Who founded Acme Robotics?"), ACME, awaited))
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    assert awaited.awaited == 3
    awaited.script.assert_used_up()
    scripted = ScriptedPolicy(GROUNDED)
    seen: list[int] = []
    result = asyncio.run(
        arun(
            Task("Who founded Acme Robotics?"),
            ACME,
            scripted,
            on_step=lambda s: seen.append(s.index),
        )
    )
    assert isinstance(result, Result) and result.answer == "Ada Ortiz" and seen == [1, 2, 3]
    scripted.assert_used_up()


# -- one entry point: start or resume ------------------------------------------------------


def _interrupted(store: RunStore) -> StoredRun:
    """A run stored after its first step, as a process that died would leave it."""
    steps = run_steps(
        Task("Who founded Acme Robotics?"), ACME, ScriptedPolicy(GROUNDED), recorder=store
    )
    next(steps)
    steps.close()
    (row,) = store.list_runs()
    store.release(row.id)
    assert store.claim(row.id)
    stored = store.get_run(row.id)
    assert stored is not None
    return stored


@pytest.mark.parametrize("entry", ["run", "run_steps", "arun", "resume_steps"])
def test_one_entry_point_resumes_a_stored_run(store: RunStore, entry: str) -> None:
    stored = _interrupted(store)
    resumed = rebuild(stored, ACME)
    assert isinstance(resumed, Resumption)
    policy = ScriptedPolicy(GROUNDED)
    if entry == "run":
        result = run(resumed, ACME, policy, recorder=store)
    elif entry == "arun":
        result = asyncio.run(arun(resumed, ACME, policy, recorder=store))
    else:
        go_on = run_steps if entry == "run_steps" else resume_steps
        steps = go_on(resumed, ACME, policy, recorder=store)
        assert [s.index for s in steps] == [2, 3]
        again = store.get_run(stored.id)
        assert again is not None and again.status == "ready_for_review"
        policy.assert_used_up()
        return
    assert isinstance(result, Result) and result.run_id == stored.id
    assert result.status is Status.READY_FOR_REVIEW and result.steps == 3
    policy.assert_used_up()


def test_a_resumed_run_keeps_its_stored_budgets(store: RunStore) -> None:
    resumed = rebuild(_interrupted(store), ACME)
    with pytest.raises(ValueError, match="keeps its stored budgets"):
        run(resumed, ACME, ScriptedPolicy(GROUNDED), Budgets(max_steps=9), recorder=store)


# -- errors name their run ------------------------------------------------------------------


def test_an_error_names_its_run_only_when_it_has_one() -> None:
    assert str(UsageError("bad flag")) == "bad flag"
    named = SleuthError("the store failed", run_id="20260101-000000-abcdef")
    assert named.run_id == "20260101-000000-abcdef"
    assert str(named) == "the store failed (run 20260101-000000-abcdef)"
    said = UsageError("run 20260101-000000-abcdef is running", run_id="20260101-000000-abcdef")
    assert str(said) == "run 20260101-000000-abcdef is running"  # named once, not twice


def test_an_error_leaving_a_run_carries_its_id_into_the_store(store: RunStore) -> None:
    with pytest.raises(ScriptExhaustedError) as caught:
        run(Task("Who founded Acme Robotics?"), ACME, ScriptedPolicy(GROUNDED[:1]), recorder=store)
    (row,) = store.list_runs()
    assert caught.value.run_id == row.id
    assert str(caught.value).endswith(f"(run {row.id})")
    stored = store.get_run(row.id)
    assert stored is not None and stored.error == str(caught.value)


class _Broken:
    name = "broken"

    def decide(self, state: RunState) -> Turn:
        raise KeyError("a bug in a policy")


def test_a_bug_leaving_a_run_is_noted_with_its_run(store: RunStore) -> None:
    with pytest.raises(KeyError) as caught:
        run(Task("Who founded Acme Robotics?"), ACME, _Broken(), recorder=store)
    (row,) = store.list_runs()
    assert f"(in sleuth run {row.id})" in getattr(caught.value, "__notes__", [])
    stored = store.get_run(row.id)
    assert stored is not None and stored.error == "KeyError: 'a bug in a policy'"


# -- the scripted policy uses its script up -------------------------------------------------


def test_a_script_with_turns_left_over_fails_naming_them() -> None:
    policy = ScriptedPolicy(
        [GROUNDED[0], GROUNDED[1], GROUNDED[2], react("search", {"query": "more"})]
    )
    result = run(Task("Who founded Acme Robotics?"), ACME, policy)
    assert isinstance(result, Result) and result.status is Status.READY_FOR_REVIEW
    with pytest.raises(
        ScriptError, match=r"after 3 of the script's 4 turns; unused: turn 4: "
    ) as caught:
        policy.assert_used_up()
    assert "more" in str(caught.value)


def test_a_script_used_up_passes_and_an_unused_one_fails() -> None:
    policy = ScriptedPolicy(GROUNDED)
    with pytest.raises(ScriptError, match="after 0 of the script's 3 turns"):
        policy.assert_used_up()
    run(Task("Who founded Acme Robotics?"), ACME, policy)
    policy.assert_used_up()
    assert policy.remaining == 0
