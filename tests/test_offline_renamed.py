"""What a name became (`sleuth.policies.renamed`): a migration question answered by the
sentence that renames, deprecates or replaces the name it asks about. The sentences are
marshmallow 4.4.0's upgrading guide (`benchmarks/docs_corpora/marshmallow`, a development
corpus: R), cryptography's and aiohttp's API entries (R), with traps beside each."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared import run_over_pages
from sleuth.policies import renamed
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading, read_page
from sleuth.policies.verify import check, features

REPO = Path(__file__).resolve().parents[1]
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


# cryptography 51.0.1's docs (benchmarks/docs_corpora/cryptography, R): the entry of
# `Certificate.not_valid_after` in x509/reference.rst, and aiohttp's `has_body` entry
DEPRECATED_PROPERTY = (
    "This property is deprecated and will be removed in a future version. Please switch "
    "to the timezone-aware variant `not_valid_after_utc()`."
)
EXPIRY = (
    "Certificate.not_valid_after gives a naive datetime and is deprecated. Which attribute "
    "should we read instead?"
)
ENTRY = "X.509 Reference › X.509 Certificate Object › `Certificate` › `not_valid_after`"
HAS_BODY = "BaseRequest.has_body is deprecated. What should I use instead?"
NOTE = (
    "Read-only `bool` property.\n\nDeprecated since version 2.3:\n\nUse `can_read_body()` instead."
)


def _heading(title: str) -> frozenset[str]:
    from sleuth.text import content_terms

    return frozenset(content_terms(title))


@pytest.mark.parametrize(
    ("sentence", "title", "new"),
    [
        # "this property" is the name its entry's heading names
        (DEPRECATED_PROPERTY, ENTRY, "not_valid_after_utc"),
        ("It was renamed to `not_valid_after_utc`.", ENTRY, "not_valid_after_utc"),
        ("Deprecated since version 42.0: Use `not_valid_after_utc` instead.", ENTRY,
         "not_valid_after_utc"),
        # traps: the heading names another entry (the sibling `not_valid_before`'s
        # "this property" is not the asked one); no heading; a pointer to no renaming
        (DEPRECATED_PROPERTY, ENTRY.replace("after", "before"), None),
        (DEPRECATED_PROPERTY, "", None),
        ("This property is the end of the validity period.", ENTRY, None),
    ],
)  # fmt: skip
def test_a_pointer_under_the_old_names_heading_is_that_name(
    sentence: str, title: str, new: str | None
) -> None:
    span = renamed.successor(sentence, ("Certificate.not_valid_after",), 0, _heading(title))
    assert (sentence[span[0] : span[1]] if span else None) == new


def test_the_successor_is_given_at_or_after_the_start() -> None:
    """A sentence read with the one before it (``start``: where the second opens) may
    open the relation before ``start``; its successor must be the second's."""
    at = DEPRECATED_PROPERTY.index("Please")
    heading = _heading(ENTRY)
    names = ("Certificate.not_valid_after",)
    assert renamed.successor(DEPRECATED_PROPERTY, names, at, heading) is not None
    past = DEPRECATED_PROPERTY.index("`not_valid_after_utc") + 2
    assert renamed.successor(DEPRECATED_PROPERTY, names, past, heading) is None


def test_an_imperative_after_the_deprecation_names_the_successor() -> None:
    """ "Please switch to ..." and a Sphinx note's "Use `can_read_body()` instead." say
    nothing alone: each is read with the sentence or note before it, under the entry's
    heading. A question with no word but the name ("What should I use instead?") still
    has the name to look for."""
    frame = frame_question(EXPIRY)
    assert frame.renamed == ("Certificate.not_valid_after",)
    [reading] = read_page(frame, "u", ENTRY, [(0, DEPRECATED_PROPERTY)])
    assert reading.value == "not_valid_after_utc"
    assert reading.sentence == DEPRECATED_PROPERTY
    assert check(frame, reading, title=ENTRY, question=EXPIRY).ok
    values = features(frame, reading, question=EXPIRY, title=ENTRY)
    assert values["sentence_cover"] == 1.0 and values["neg_extra"] == 0.0
    # the sibling entry's identical note is not the asked one
    sibling = ENTRY.replace("after", "before")
    assert read_page(frame, "u", sibling, [(0, DEPRECATED_PROPERTY)]) == []
    # a paragraph apart, only a deprecation note joins its text
    apart = DEPRECATED_PROPERTY.replace(" Please", "\n\nPlease")
    assert read_page(frame, "u", ENTRY, [(0, apart)]) == []
    bare_question = frame_question(HAS_BODY)
    assert not bare_question.anchors and not bare_question.relation
    title = "Server Reference › `BaseRequest` › `has_body`"
    assert [r.value for r in read_page(bare_question, "u", title, [(0, NOTE)])] == ["can_read_body"]
    assert (
        read_page(bare_question, "u", title.replace("has_body", "content_type"), [(0, NOTE)]) == []
    )
    # with nothing renamed, a question with no word to look for reads nothing
    nothing = frame_question("What should I use instead?")
    assert read_page(nothing, "u", title, [(0, NOTE)]) == []


@pytest.mark.parametrize(
    ("page", "question", "opened", "answer", "evidence"),
    [
        (
            "cryptography/x509/reference.rst",
            EXPIRY,
            "reference.rst#not_valid_after",
            "not_valid_after_utc",
            DEPRECATED_PROPERTY,
        ),
        # no word of the question but the name: the name is what is looked for
        (
            "aiohttp/web_reference.rst",
            HAS_BODY,
            "web_reference.rst#body_exists",  # a passage of three entries: has_body last
            "can_read_body",
            "Deprecated since version 2.3:\n\nUse `can_read_body()` instead.",
        ),
    ],
)
def test_a_deprecated_entry_is_opened_and_its_successor_answered(
    tmp_path: Path, page: str, question: str, opened: str, answer: str, evidence: str
) -> None:
    """The whole run over the real page: search, open the hit of the old name's entry (its
    title names it; the question's one relation word, "read", or none, is in no hit),
    finish with the successor quoted from that entry."""
    steps, result = run_over_pages(tmp_path, [REPO / "benchmarks/docs_corpora" / page], question)
    assert [s.tool for s in steps] == ["search", "open", "finish"]
    assert steps[1].args["url"].endswith(opened)
    assert result.status == "ready_for_review" and result.answer == answer
    assert [q.text for q in result.evidence] == [evidence]


@pytest.mark.parametrize(
    ("sentence", "names", "new"),
    [
        # a version's dots end no sentence
        ("This property is deprecated since version 2.3. Use `can_read_body` instead.",
         ("Certificate.not_valid_after",), "can_read_body"),
        # traps: "except for" names what stays, not a successor; "it" of a clause is no
        # pointer to the entry
        ("All `callback` arguments in this module are deprecated except for "
         "`BaseIOStream.set_close_callback`.", ("callback",), None),
        ("`timeout` is deprecated except for `connect`.", ("timeout",), None),
        ("If the body is not valid JSON, it is replaced by `None`.",
         ("Certificate.not_valid_after",), None),
    ],
)  # fmt: skip
def test_relations_that_look_like_a_renaming(
    sentence: str, names: tuple[str, ...], new: str | None
) -> None:
    span = renamed.successor(sentence, names, 0, _heading(ENTRY))
    assert (sentence[span[0] : span[1]] if span else None) == new


def test_a_pointer_stands_for_the_innermost_entry_only() -> None:
    """aiohttp's reference (R): a class's heading is above every member's entry, so a note
    under `has_body` deprecates has_body, not `BaseRequest`; and a note inside a parameter's
    list item deprecates the parameter, not the method whose entry lists it. A question
    asking when a name was renamed asks a version, not the successor."""
    title = "Server Reference › Request and Base Request › `BaseRequest` › `body_exists`"
    passage = (
        f"{title}\n\n`body_exists`\n\nReturn `True` if request has HTTP BODY.\n\n"
        f"`has_body`\n\n{NOTE}"
    )
    asked = frame_question(HAS_BODY)
    assert [r.value for r in read_page(asked, "u", title, [(0, passage)])] == ["can_read_body"]
    parent = frame_question("`web.BaseRequest` is deprecated. What should I use instead?")
    assert read_page(parent, "u", title, [(0, passage)]) == []
    method = "Client Reference › `ClientSession` › `ws_connect(url)`"
    item = (
        f"{method}\n\nCreate a websocket connection.\n\n- param bool `verify_ssl`: Perform "
        "SSL certificate validation. Deprecated since version 3.0: Use `ssl=False`"
    )
    replaced = frame_question("Which method replaces `ClientSession.ws_connect()`?")
    assert read_page(replaced, "u", method, [(0, item)]) == []
    when = frame_question("`has_body` was renamed. In which version?")
    assert when.renamed == ("has_body",)
    assert all(r.value != "can_read_body" for r in read_page(when, "u", title, [(0, passage)]))


def test_a_successor_reading_still_needs_the_questions_names() -> None:
    """The renaming states the question's relation words, not its names: a sentence that
    never says Django covers the question's words but for it. The verifier takes the
    pointer as the reader did, whatever the passage's title (the entry's heading may be
    inside the passage)."""
    question = (
        "With the Django adapter, which attribute should I read instead of "
        "`Certificate.not_valid_after`?"
    )
    frame = frame_question(question)
    assert "django" in frame.anchors
    reading = Reading(
        "u", 0, len(DEPRECATED_PROPERTY), DEPRECATED_PROPERTY, "not_valid_after_utc", 1
    )
    values = features(frame, reading, question=question, title=ENTRY)
    assert values["sentence_cover"] < 1.0
    passage_title = "X.509 Reference › X.509 Certificate Object › `Certificate` › `issuer`"
    own = frame_question(EXPIRY)
    assert features(own, reading, question=EXPIRY, title=passage_title)["technical"] == 1.0
    assert features(own, reading, question=EXPIRY, title=passage_title)["sentence_cover"] == 1.0


def test_neg_extra_is_a_negation_of_the_prose() -> None:
    """A "not" (or "never", "doesn't") the sentence says and the question does not is a
    feature; the "not" of an identifier negates nothing."""
    frame = frame_question(EXPIRY)
    said = Reading("u", 0, 10, "This property is not deprecated. Use `x` instead.", "x", 1)
    assert features(frame, said, question=EXPIRY, title=ENTRY)["neg_extra"] == 1.0
    coded = Reading("u", 0, 10, "Use `not_valid_after_utc` instead.", "not_valid_after_utc", 1)
    assert features(frame, coded, question=EXPIRY, title=ENTRY)["neg_extra"] == 0.0
