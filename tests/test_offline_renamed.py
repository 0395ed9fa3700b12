"""What a name became (`sleuth.policies.renamed`): a migration question answered by the
sentence that renames, deprecates or replaces the name it asks about. The sentences are
marshmallow 4.4.0's upgrading guide (`benchmarks/docs_corpora/marshmallow`, a development
corpus: R), with traps beside each."""

from __future__ import annotations

import pytest

from sleuth.policies import renamed
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading, read_page
from sleuth.policies.verify import check, features

PASS_MANY = (
    "My processors use pass_many=True. What is that decorator argument called in marshmallow 4?"
)
FAIL = (
    "Field.fail is deprecated. What should a custom field call instead so that I can "
    "re-raise with raise ... from ...?"
)
RENAMED = "``pass_many`` is renamed to ``pass_collection`` in decorators"
HEADING = "`Field.fail` is deprecated in favor of `Field.make_error`"
TWO_SENTENCES = (
    ":meth:`Field.fail <marshmallow.fields.Field.fail>` is deprecated. "
    "Use :meth:`Field.make_error <marshmallow.fields.Field.fail>`."
)


@pytest.mark.parametrize(
    ("question", "names"),
    [
        (PASS_MANY, ("pass_many",)),
        (FAIL, ("Field.fail",)),  # "re-raise" is a word, not a name
        ("Which class replaces TestClient() in Starlette 1.0?", ("TestClient",)),
        # not asked what it became: no names
        ("What does pass_many=True do in a decorator?", ()),
        # asked, but nothing named as code ("e.g." is no name)
        ("Which option replaces the old one, e.g. in the config?", ()),
    ],
)
def test_the_names_a_question_asks_the_successor_of(question: str, names: tuple[str, ...]) -> None:
    assert renamed.asked_names(question) == names


@pytest.mark.parametrize(
    ("sentence", "names", "new"),
    [
        (RENAMED, ("pass_many",), "pass_collection"),
        (HEADING, ("Field.fail",), "Field.make_error"),
        (TWO_SENTENCES, ("Field.fail",), "Field.make_error"),
        # by the last dotted part, and the other relations
        ("Use `make_error` instead of `Field.fail`.", ("fail",), "make_error"),
        ("``Schema.context`` was replaced by `Context`.", ("Schema.context",), "Context"),
        ("`OldThing` → `NewThing`", ("OldThing",), "NewThing"),
        # traps: another name renamed; the asked name is the new one (the question asks
        # the other way round); two different successors; the same name "renamed"
        (RENAMED, ("load_default",), None),
        (RENAMED, ("pass_collection",), None),
        (
            "``pass_many`` is renamed to ``pass_collection``; ``pass_many`` was also "
            "replaced by ``pass_batch`` in hooks",
            ("pass_many",),
            None,
        ),
        ("`fail` is renamed to `fail`.", ("fail",), None),
    ],
)
def test_the_successor_a_sentence_gives(
    sentence: str, names: tuple[str, ...], new: str | None
) -> None:
    span = renamed.successor(sentence, names)
    assert (sentence[span[0] : span[1]] if span else None) == new


def test_a_renaming_sentence_answers_whatever_words_describe_the_name() -> None:
    """ "What is that decorator argument called in marshmallow 4?": the sentence says
    neither "argument" nor "marshmallow"; it renames the asked name, which is the
    relation asked. The answer is scored as a technical span, and the version the question
    names must still be in the context (the number check)."""
    frame = frame_question(PASS_MANY)
    assert frame.renamed == ("pass_many",)
    found = read_page(frame, "u", "Upgrading to 4.0", [(0, RENAMED)])
    assert [r.value for r in found] == ["pass_collection"]
    reading = found[0]
    assert check(frame, reading, title="Upgrading to 4.0", question=PASS_MANY).ok
    assert not check(frame, reading, title="Upgrading to 3.0", question=PASS_MANY).ok
    values = features(frame, reading, question=PASS_MANY, title="Upgrading to 4.0")
    assert values["technical"] == 1.0
    # a question that does not ask what the name became reads nothing here
    plain = frame_question("My processors use pass_many=True. What does that argument do?")
    assert plain.renamed == ()
    assert read_page(plain, "u", "Upgrading to 4.0", [(0, RENAMED)]) == []


def test_a_heading_that_renames_states_the_successor_it_does_not_echo_it() -> None:
    """The heading "`Field.fail` is deprecated in favor of `Field.make_error`" is the
    section's title too: its answer is in the title, and that is no echo of it."""
    frame = frame_question(FAIL)
    title = f"Upgrading to newer releases › Upgrading to 3.0 › {HEADING}"
    reading = Reading("u", 0, len(HEADING), HEADING, "Field.make_error", 0.3)
    assert check(frame, reading, title=title, question=FAIL).ok
    # a value that is only the title's words and renames nothing is still an echo
    other = Reading("u", 0, len(HEADING), "See `Field.fail` for details.", "Field.fail", 0.3)
    assert not check(frame, other, title=title, question=FAIL).ok
