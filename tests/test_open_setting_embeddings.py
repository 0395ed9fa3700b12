"""`benchmarks/open_setting_embeddings.py` on a tiny SQuAD 2.0 file (three paragraphs,
three questions), lexical index only: the figures agree with each other and with what
`sleuth eval run --dataset ... --setting open` computes, and a derived case's view of the
index hides its page. (The hybrid index needs the model; the full run is the script's.)"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sleuth.cli import main as sleuth_cli

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "open_setting_embeddings.py"

PARAGRAPHS = [
    (
        "Acme Robotics was founded by Ada Ortiz in 2011 in Lisbon. "
        "The company builds warehouse robots.",
        [("Who founded Acme Robotics?", "Ada Ortiz", False)],
    ),
    (
        "The Tagus river flows through Lisbon. The Tagus empties into the Atlantic Ocean.",
        [("Who founded the Tagus river company?", None, True)],
    ),
    (
        "Kenji Ito joined Acme Robotics in 2015. He became its chief engineer in 2018.",
        [("In what year did Kenji Ito join Acme Robotics?", "2015", False)],
    ),
]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("open_setting_embeddings", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["open_setting_embeddings"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def squad_file(tmp_path: Path) -> Path:
    paragraphs = []
    for n, (context, questions) in enumerate(PARAGRAPHS):
        qas = []
        for m, (question, answer, impossible) in enumerate(questions):
            answers = (
                [] if answer is None else [{"text": answer, "answer_start": context.index(answer)}]
            )
            qas.append(
                {
                    "id": f"q{n}{m}",
                    "question": question,
                    "answers": answers,
                    "is_impossible": impossible,
                }
            )
        paragraphs.append({"context": context, "qas": qas})
    path = tmp_path / "tiny.json"
    path.write_text(
        json.dumps({"version": "v2.0", "data": [{"title": "Tiny", "paragraphs": paragraphs}]})
    )
    return path


def run_main(bench: ModuleType, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = bench.main(argv)
    return code, out.getvalue(), err.getvalue()


def test_figures_agree_with_each_other_and_with_sleuth_eval(
    bench: ModuleType, squad_file: Path, tmp_path: Path
) -> None:
    spec = f"squad2:{squad_file}"
    code, printed, _ = run_main(bench, ["--parts", spec, "--lexical-only", "--json"])
    assert code == 0
    part = json.loads(printed)["parts"]["tiny"]
    assert part["pages"] == 3
    assert set(part["indexes"]) == {"lexical", "memory"}
    lexical: dict[str, Any] = part["indexes"]["lexical"]
    for f in part["indexes"].values():
        assert f["cases"] == 3 and f["answerable"] == 2
        assert f["floor"] == pytest.approx(1 / 3, abs=1e-3)
        assert 0 <= f["right"] <= f["answered"] <= f["cases"]
        assert f["answered_rate"] == pytest.approx(f["answered"] / f["cases"], abs=1e-3)
        if f["answered"]:
            assert f["answered_precision"] == pytest.approx(f["right"] / f["answered"], abs=1e-3)
        assert f["coverage_of_answerable"] == pytest.approx(f["answerable_right"] / 2, abs=1e-3)
        assert f["answerable_right"] <= f["right"]
        assert f["mean_time_s"] > 0 and f["mean_steps"] >= 1
    # the reader answers the question whose words the paragraph states, and rightly
    assert lexical["answerable_right"] >= 1
    # every answerable question's gold paragraph is among the top ten of three
    assert lexical["recall_at_10"] == 1.0
    # the in-memory column is what `sleuth eval run --dataset ... --setting open` computes
    eval_out = io.StringIO()
    with contextlib.redirect_stdout(eval_out):
        argv = ["eval", "run", "--dataset", spec, "--setting", "open", "--json"]
        assert sleuth_cli([*argv, "--db", str(tmp_path / "runs.db")]) == 0
    summary = json.loads(eval_out.getvalue())["summary"]
    memory = part["indexes"]["memory"]
    assert memory["accuracy"] == summary["accuracy"]
    assert memory["answered_precision"] == summary["answered_precision"]
    assert memory["answered_rate"] == summary["coverage"]
    # one paragraph is one passage here: the on-disk index reads as the pages do
    for key in ("accuracy", "answered", "right", "answerable_right"):
        assert lexical[key] == memory[key], key


def test_a_derived_case_does_not_see_its_removed_page(
    bench: ModuleType, squad_file: Path, tmp_path: Path
) -> None:
    from sleuth.datasets import export_jsonl, load_dataset
    from sleuth.index import open_index

    dataset = load_dataset(f"squad2:{squad_file}", setting="open")
    pages = tmp_path / "pages.jsonl"
    export_jsonl(dataset, pages, tmp_path / "queries.jsonl")
    bench.build_index(pages, tmp_path / "idx", embeddings=False)
    corpus = open_index(tmp_path / "idx").corpus()
    gold = dataset.cases[0].gold_urls[0]
    question = dataset.cases[0].question
    assert gold in {corpus.document_url(h.url) for h in corpus.search(question, 5)}
    view = bench.IndexWithout.hiding(corpus, frozenset([gold]))
    hits = view.search(question, 5)
    assert hits and gold not in {view.document_url(h.url) for h in hits}
    assert gold not in view.pages and view.get(gold) is None
    assert all(view.document_url(url) != gold for url in view.pages)
    assert len(view.pages) == len(corpus.pages) - 1


def test_without_the_embeddings_extra_it_exits_2_and_says_so(
    bench: ModuleType, squad_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "EMBEDDING_MODULES", ("no_such_module_for_this_test",))
    code, printed, err = run_main(bench, ["--parts", f"squad2:{squad_file}"])
    assert code == 2 and printed == ""
    assert "embeddings extra is not installed" in err and "--lexical-only" in err
