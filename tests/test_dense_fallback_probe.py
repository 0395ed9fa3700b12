"""`benchmarks/dense_fallback_probe.py`: reading a question from the sentence closest to it
(real sentences of the vendored Starlette docs), each category, and the summary's split.
The embedder is a small deterministic one (the `Embedder` protocol: words hashed into a
vector), so that which sentence is closest is known without the embeddings extra; the
whole probe over R, with all-MiniLM-L6-v2, is the script's job, not the tests'."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from sleuth.text import words

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "dense_fallback_probe.py"

# middleware.md and requests.md of benchmarks/docs_corpora/starlette
GZIP = (
    "`minimum_size` - Do not GZip responses that are smaller than this minimum size in "
    "bytes. Defaults to `500`."
)
LEVEL = "`compresslevel` - Used during GZip compression. It is an integer ranging from 1 to 9."
DISCONNECT = "state with `disconnected = await request.is_disconnected()`."


class BagOfWords:
    """Unit vectors of hashed lower-cased words: cosine is shared vocabulary."""

    name = "bag-of-words"
    dim = 256

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in words(text.lower()):
                digest = hashlib.sha256(word.encode()).digest()
                out[row, int.from_bytes(digest[:4], "big") % self.dim] += 1.0
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


@pytest.fixture(scope="module")
def probe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dense_fallback_probe", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dense_fallback_probe"] = module
    spec.loader.exec_module(module)
    return module


QUESTION = "What does the minimum size of GZip responses default to, in bytes?"


def test_closest_sentence_and_its_margin(probe: ModuleType) -> None:
    sentence, cosine, margin = probe.closest(QUESTION, [LEVEL, GZIP, DISCONNECT], BagOfWords())
    assert sentence == GZIP
    assert 0.0 < margin < cosine <= 1.0
    only = probe.closest(QUESTION, [GZIP], BagOfWords())
    assert only[0] == GZIP and only[2] == 0.0


def test_a_right_candidate(probe: ModuleType) -> None:
    category, details = probe.read_closest(
        QUESTION, [LEVEL, GZIP, DISCONNECT], BagOfWords(), ["500"], False
    )
    assert category == "right"
    assert details["candidate"] == "500"
    assert details["kind"] == "value"
    assert details["sentence"] == GZIP


def test_a_candidate_that_is_not_the_answer_is_wrong(probe: ModuleType) -> None:
    category, details = probe.read_closest(QUESTION, [LEVEL, GZIP], BagOfWords(), ["1000"], False)
    assert category == "wrong"
    assert details["candidate"] == "500"


def test_a_candidate_for_a_case_without_answer_is_a_trap(probe: ModuleType) -> None:
    category, _ = probe.read_closest(QUESTION, [GZIP], BagOfWords(), [], True)
    assert category == "trap"


def test_no_candidate_of_the_kind_and_no_page(probe: ModuleType) -> None:
    # a prose question asks for no technical kind: the probe reads nothing
    prose = "Why are small responses sent without compression?"
    assert probe.read_closest(prose, [GZIP], BagOfWords(), ["500"], False)[0] == "no_candidate"
    # an environment variable is asked, the closest sentence names none
    env = "Which environment variable sets the GZip minimum size?"
    category, details = probe.read_closest(env, [GZIP, LEVEL], BagOfWords(), ["X"], False)
    assert category == "no_candidate" and details["kind"] == "env"
    assert probe.read_closest(QUESTION, [], BagOfWords(), ["500"], False) == ("no_sentence", {})


def test_a_predicate_the_closest_sentence_does_not_say_refuses_it(probe: ModuleType) -> None:
    """ "deprecated in 0.15.0" is no answer to "removed in which version": the question's
    verb must be the sentence's own, as in the reader."""
    removed = "In which Starlette version was GraphQL support removed?"
    deprecated = "GraphQL support in Starlette was deprecated in version 0.15.0."
    category, details = probe.read_closest(removed, [deprecated], BagOfWords(), ["0.17.0"], False)
    assert category == "refused" and details["kind"] == "version"
    both = "GraphQL support was deprecated in version 0.15.0, and removed in version 0.17.0."
    category, details = probe.read_closest(removed, [both], BagOfWords(), ["0.17.0"], False)
    assert category == "right" and details["candidate"] == "0.17.0"


def test_the_sentences_of_the_pages_a_run_opened(probe: ModuleType) -> None:
    """A real run over two pages, observed: the sentences it was shown, in the order it
    opened them, headings and over-long lines left out; a run that opened nothing has
    none."""
    from sleuth import OfflinePolicy, Task, run
    from sleuth.corpus import Corpus, Page

    long_line = "x " * 400
    pages = {
        "https://docs.example/gzip": Page(
            url="https://docs.example/gzip",
            title="GZip",
            body=f"GZip\n\n{GZIP}\n\n{long_line}",
        ),
        "https://docs.example/level": Page(
            url="https://docs.example/level", title="Level", body=LEVEL
        ),
    }
    observed = probe.rule_report.Observed(OfflinePolicy(min_confidence=0.0))
    run(Task(QUESTION), Corpus("docs", pages), observed)
    assert observed.state is not None and observed.state.opened
    texts = probe.opened_sentences(observed.state)
    assert texts and all(12 <= len(t) <= 600 for t in texts)
    assert "GZip" not in texts and not any(t.startswith("x x") for t in texts)
    assert any("Defaults to `500`" in t for t in texts)


def test_summary_counts_and_splits(probe: ModuleType) -> None:
    rows = [
        probe.Probe("p", "a", "right", "value", 0.8, 0.2, GZIP, "500"),
        probe.Probe("p", "b", "wrong", "value", 0.8, 0.05, GZIP, "500"),
        probe.Probe("p", "c", "trap", "version", 0.5, 0.01, LEVEL, "1"),
        probe.Probe("p", "d", "no_candidate", None, 0.9, 0.3, GZIP),
        probe.Probe("p", "e", "no_page"),
        probe.Probe("p", "f", "refused", "version", 0.9, 0.3, LEVEL),
    ]
    report = probe.summary(rows)
    assert report["cases"] == 6
    assert report["categories"] == {
        "right": 1,
        "wrong": 1,
        "trap": 1,
        "refused": 1,
        "no_candidate": 1,
        "no_sentence": 0,
        "no_page": 1,
    }
    assert report["candidates_by_cosine_and_margin"] == {
        "cosine < 0.7, margin < 0.1": {"right": 0, "wrong": 0, "trap": 1},
        "cosine >= 0.7, margin < 0.1": {"right": 0, "wrong": 1, "trap": 0},
        "cosine >= 0.7, margin >= 0.1": {"right": 1, "wrong": 0, "trap": 0},
    }


def test_an_unknown_part_is_refused(probe: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        probe.main(["--parts", "no-such-part"])
    assert exit_info.value.code == 2
    assert "no part 'no-such-part'" in capsys.readouterr().err


def test_by_default_the_docs_parts_of_r(probe: ModuleType) -> None:
    names = [name for name, _ in probe.parts_of(None)]
    assert names[:3] == ["fastapi", "fastapi-more", "flask-train"]
    assert len(names) == 33 and all(n.endswith("-dev") for n in names[3:])
    assert names[-3:] == ["whoosh-dev", "oslo-config-dev", "sphinx-dev"]
    assert [name for name, _ in probe.parts_of("squad-dev")] == ["squad-dev"]
