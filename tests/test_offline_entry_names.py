"""A reference entry's description answers a question asking a name with the entry's
name (`reading._read_entry_names`).

Sentences are quoted from the development documentation sets under
``benchmarks/docs_corpora`` (Scrapy's spider-middleware.rst, aiohttp's glossary.rst,
huey's api.rst)."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared import run_over_pages
from sleuth.policies import verify
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import entry_name, read_page

REPO = Path(__file__).resolve().parents[1]
ALLOW_ALL = "Which setting makes HttpErrorMiddleware pass all responses through to the spider, regardless of their status code?"  # noqa: E501
ENTRY = (
    "HTTPERROR_ALLOW_ALL\n\nDefault: `False`\n\nPass all responses, regardless of its status code."
)
TITLE = "Spider Middleware › HttpErrorMiddleware settings › HTTPERROR_ALLOW_ALL"


def _passage(title: str, text: str) -> list[tuple[int, str]]:
    """An indexed passage: its heading path's line, then its text."""
    return [(0, f"{title}\n\n{text}")]


def _values(question: str, text: str, title: str = TITLE) -> list[str]:
    return [r.value for r in read_page(frame_question(question), "u", title, _passage(title, text))]


def test_the_entry_s_description_answers_with_its_name() -> None:
    """The evidence runs from the heading's line to the description, so it quotes the
    answer; the hard rules pass it."""
    frame = frame_question(ALLOW_ALL)
    readings = read_page(frame, "u", TITLE, _passage(TITLE, ENTRY))
    assert [r.value for r in readings] == ["HTTPERROR_ALLOW_ALL"]
    assert readings[0].sentence == ENTRY
    assert verify.check(frame, readings[0], question=ALLOW_ALL).ok


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # a list item describes its own name, not the entry's
        ("HTTPERROR_ALLOW_ALL\n\n- Pass all responses, regardless of its status code.", TITLE),
        # a name on the last line of a paragraph is no heading of its own
        ("See also:\n`HTTPERROR_ALLOWED_CODES`\n\nPass all responses, regardless of its "
         "status code.", TITLE),
        # a heading in words names no entry
        ("Allowing everything\n\nPass all responses, regardless of its status code.",
         "Spider Middleware › Allowing everything"),
        # the description's fifth sentence is no longer the entry's
        ("HTTPERROR_ALLOW_ALL\n\nDefault: `False`\n\nIt is a flag. It is read once. It is "
         "boolean. Pass all responses, regardless of its status code.", TITLE),
        # a sentence that says too little of the question
        ("HTTPERROR_ALLOW_ALL\n\nDefault: `False`\n\nPass all responses.", TITLE),
    ],
)  # fmt: skip
def test_traps_of_an_entry_s_name(text: str, title: str) -> None:
    assert _values(ALLOW_ALL, text, title) == []


def test_a_name_the_question_writes_is_no_answer() -> None:
    question = (
        "Which setting do I combine with HTTPERROR_ALLOW_ALL to pass all responses "
        "regardless of their status code?"
    )
    assert "HTTPERROR_ALLOW_ALL" not in _values(question, ENTRY)


def test_a_modifier_of_the_asked_kind_is_said() -> None:
    """ "Which *helper* function ...?": an entry whose description leaves the word before
    the asked kind unsaid names another function (as a sentence would, `read_sentence`)."""
    question = "Which helper function starts the consumer in a background thread?"
    title = "API › Functions › `start_consumer()`"
    text = "`start_consumer()`\n\nStarts the consumer in a background thread."
    assert _values(question, text, title) == []
    assert _values(question, text.replace("Starts", "A helper that starts"), title) == [
        "start_consumer"
    ]


def test_a_sentence_naming_its_own_span_of_the_kind_is_read_as_it_is() -> None:
    """The entry's name is no answer when its description names a setting itself."""
    text = (
        "HTTPERROR_ALLOW_ALL\n\nDefault: `False`\n\nSet `HTTPERROR_ALLOWED_CODES` to pass all "
        "responses, regardless of its status code."
    )
    assert "HTTPERROR_ALLOW_ALL" not in _values(ALLOW_ALL, text)


@pytest.mark.parametrize(
    ("entry", "kind", "name"),
    [
        ("HTTPERROR_ALLOW_ALL", "name", "HTTPERROR_ALLOW_ALL"),
        ("`Huey.lock_task(lock_name)`", "name", "Huey.lock_task"),
        ("exception `huey.exceptions.TaskLockedException`", "error",
         "huey.exceptions.TaskLockedException"),
        ("`ResultTimeout`", "error", None),  # a class that is no exception by its name
        ("AIOHTTP_NO_EXTENSIONS", "env", "AIOHTTP_NO_EXTENSIONS"),
        ("Logging", "name", None),  # a heading in words
        ("`--max-tasks`", "option", "--max-tasks"),
        ("`--max-tasks`", "name", None),
    ],
)  # fmt: skip
def test_an_entry_heading_s_name(entry: str, kind: str, name: str | None) -> None:
    assert entry_name(entry, kind) == name


@pytest.mark.parametrize(
    ("page", "question", "opened", "answer", "evidence"),
    [
        (
            "scrapy/topics/spider-middleware.rst",
            ALLOW_ALL,
            "spider-middleware.rst#httperror_allow_all",
            "HTTPERROR_ALLOW_ALL",
            "HTTPERROR_ALLOW_ALL\n\nDefault: `False`\n\nPass all responses, regardless of its "
            "status code.",
        ),
        (
            "aiohttp/glossary.rst",
            "When building aiohttp from source for debugging, which environment variable makes "
            "it build without the speedups written as C extensions?",
            "glossary.rst#environment-variables",
            "AIOHTTP_NO_EXTENSIONS",
            "`AIOHTTP_NO_EXTENSIONS`\n\nIf set to a non-empty value while building from source, "
            "aiohttp will be built without speedups written as C extensions.",
        ),
    ],
)
def test_an_entry_s_name_answers_end_to_end(
    tmp_path: Path, page: str, question: str, opened: str, answer: str, evidence: str
) -> None:
    """The whole run over the real page: search, open the entry's section, finish with
    its name, quoted from its heading's line on."""
    steps, result = run_over_pages(tmp_path, [REPO / "benchmarks/docs_corpora" / page], question)
    assert [s.tool for s in steps] == ["search", "open", "finish"]
    assert steps[1].args["url"].endswith(opened)
    assert result.status == "ready_for_review" and result.answer == answer
    assert [q.text for q in result.evidence] == [evidence]


DELAY_TITLE = "Settings › Built-in settings reference › DOWNLOAD_DELAY"
DELAY = (
    "DOWNLOAD_DELAY\n\nDefault: `1` (fallback: `0`)\n\n"
    "Minimum seconds to wait between 2 consecutive requests to the same domain.\n"
)


@pytest.mark.parametrize(
    ("question", "text", "title", "answer"),
    [
        # Scrapy's settings.rst (R): the entry answers the question it describes
        ("Which setting sets the minimum seconds to wait between 2 consecutive requests to "
         "the same domain?", DELAY, DELAY_TITLE, "DOWNLOAD_DELAY"),
        # a reviewer's traps: a word the description leaves out ("different", not "same")
        ("Which setting sets the minimum seconds to wait between consecutive requests to "
         "different domains?", DELAY, DELAY_TITLE, None),
        # an entry of another kind than the one asked: a setting's for "Which environment
        # variable ...?" ("sets", a verb, names no setting) and "Which function ...?"
        ("Which environment variable sets the minimum seconds to wait between 2 consecutive "
         "requests to the same domain?", DELAY, DELAY_TITLE, None),
        ("Which function sets the minimum seconds to wait between 2 consecutive requests to "
         "the same domain?", DELAY, DELAY_TITLE, None),
        # a sentence after the description's first ("It adjusts ..." is AutoThrottle's)
        ("Which setting adjusts the download delay dynamically based on the load of the "
         "server?",
         "DOWNLOAD_DELAY\n\nDefault: `0`\n\nConsider the AutoThrottle extension instead. It "
         "adjusts the download delay dynamically based on the load of the server.\n",
         DELAY_TITLE, None),
        # a file's heading in a section that names no setting
        ("Which setting declares the build backend of the project?",
         "pyproject.toml\n\nThe build backend of the project is declared in the build-system "
         "table.\n", "Configuration › pyproject.toml", None),
    ],
)  # fmt: skip
def test_an_entry_answers_only_what_it_describes(
    question: str, text: str, title: str, answer: str | None
) -> None:
    values = _values(question, text, title)
    if answer is None:
        assert values == []
    else:
        assert values == [answer]


def test_a_signature_heading_ends_the_entry_above_it() -> None:
    """huey's api.rst (R), a reviewer's: `BlackHoleStorage()`'s description is not
    `MemoryStorage`'s, though fewer than four sentences stand between them; the heading
    line right above the description is its entry's."""
    title = "Huey's API › Storage"
    text = (
        "`MemoryStorage()`\n\nIn-memory storage engine for use when testing.\n\n"
        "`BlackHoleStorage()`\n\nStorage class that discards all data written to it, and "
        "thus always appears to be empty.\n"
    )
    question = "Which storage class discards all data written to it, so it always appears empty?"
    assert "MemoryStorage" not in _values(question, text, title)
    assert _values(question, text, "Huey's API › Storage classes") == ["BlackHoleStorage"]
