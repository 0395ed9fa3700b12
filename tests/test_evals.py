"""Evals: suites, graders with reasons, failure classes, metrics, reports, compare."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from shared import SHARED_DATA
from sleuth import Budgets, OfflinePolicy, ScriptedPolicy, Task, load_corpus, run
from sleuth.cli import main
from sleuth.evals.grading import (
    classify,
    contains,
    exact_match,
    grade,
    normalize_answer,
    token_f1,
)
from sleuth.evals.metrics import CaseOutcome, summarize
from sleuth.evals.report import html_report
from sleuth.evals.runner import run_eval
from sleuth.evals.suite import Expect, dataset_suite, load_suite
from sleuth.result import Status
from sleuth.runtime import run_steps
from sleuth.store import RunStore
from stored import run_json

SHARED = SHARED_DATA
ACME = load_corpus("acme")
WIKI = "https://wiki.example/Acme_Robotics"


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("suite", ["acme", "workshop", "brand"])
def test_builtin_suites_pass(suite: str, capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, err = cli(capsys, "eval", suite, "--json", "--db", db_path)
    assert code == 0, err
    record = json.loads(out)
    summary = record["summary"]
    assert summary["accuracy"] == 1.0, [c["case_id"] for c in record["cases"] if not c["passed"]]
    assert summary["citation_validity"] == 1.0
    store = RunStore(db_path)
    for case in record["cases"]:  # every case links to its stored trace
        stored = run_json(store, case["run_id"])
        assert stored is not None and stored["question"] == case["question"]


def test_suite_covers_the_core_eval_rows() -> None:
    suite = load_suite("acme")
    questions = {c.question for c in suite.cases}
    assert {
        "Who founded Acme Robotics?",
        "Who is the current CEO?",
        "What is Ada Ortiz's favourite food?",
    } <= questions
    assert any(c.expect.status is Status.CONFLICT for c in suite.cases)
    invented = [c for c in suite.cases if c.script is not None]  # a transcript, judged
    assert invented and invented[0].expect.reason == "invalid_finish"
    assert all("https://evil.example/" in c.expect.never_cited for c in suite.cases)


# -- graders -------------------------------------------------------------------------------


def test_squad_normalisation_em_and_f1() -> None:
    assert normalize_answer("The  Bayeux Tapestry!") == "bayeux tapestry"
    assert exact_match("the Bayeux tapestry", ["Bayeux Tapestry"]) == 1.0
    assert token_f1("in the early 11th century", ["early 11th century"]) == pytest.approx(6 / 7)
    assert 0 < token_f1("11th", ["early 11th century"]) < 1
    assert token_f1("Paris", ["Lisbon"]) == 0.0


def _trace(turns: list[str], question: str = "Who founded Acme Robotics?") -> tuple[Any, list[Any]]:
    steps: list[Any] = []
    policy = ScriptedPolicy(turns)
    gen = run_steps(Task(question), ACME, policy)
    while True:
        try:
            steps.append(next(gen))
        except StopIteration as stop:
            policy.assert_used_up()
            return stop.value, steps


def react(tool: str, args: Any) -> str:
    return f"Thought: t\nAction: {tool}\nAction Input: {json.dumps(args)}"


FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."
CANNOT = {"answer": "cannot: not stated", "citations": [], "cannot_answer": True, "evidence": ""}


def test_graders_give_values_and_reasons() -> None:
    result, steps = _trace(
        [
            react("search", {"query": "Acme founder"}),
            react("open", {"url": WIKI}),
            react(
                "finish",
                {
                    "answer": "Ada Ortiz",
                    "citations": [WIKI],
                    "cannot_answer": False,
                    "evidence": FOUNDED,
                },
            ),
        ]
    )
    expect = Expect(
        status=Status.READY_FOR_REVIEW,
        answer_contains=[["A. Ortiz", "Ada Ortiz"]],
        cites=[WIKI],
        opened=[WIKI],
        never_cited=["https://evil.example/"],
    )
    graded = grade(expect, result, steps, ACME)
    assert graded.passed and graded.failure is None
    names = {g.name: g for g in graded.grades}
    assert {
        "outcome",
        "abstention",
        "key_fact",
        "citations_valid",
        "supported",
        "right_source",
        "opened",
        "never_cited",
    } <= set(names)
    assert all(g.reason for g in graded.grades)
    assert names["steps_over_minimum"].counts is False and names["steps_over_minimum"].passed


@pytest.mark.parametrize(
    ("turns", "expected_class"),
    [
        # the right page was never among the search results
        ([react("search", {"query": "anvil"}), react("finish", CANNOT)], "retrieval"),
        # it was in the results but never opened
        (
            [
                react("search", {"query": "Acme Robotics founded"}),
                react("open", {"url": "https://wiki.example/Acme_Anvil_Works"}),
                react("finish", CANNOT),
            ],
            "reading",
        ),
        # opened, but the run abstained anyway
        (
            [
                react("search", {"query": "Acme Robotics founded"}),
                react("open", {"url": WIKI}),
                react("finish", CANNOT),
            ],
            "answering",
        ),
        # the finish was rejected twice
        (
            [
                react("search", {"query": "Acme Robotics founded"}),
                react(
                    "finish",
                    {"answer": "Ada", "citations": [WIKI], "cannot_answer": False, "evidence": "x"},
                ),
                react(
                    "finish",
                    {"answer": "Ada", "citations": [WIKI], "cannot_answer": False, "evidence": "x"},
                ),
            ],
            "protocol",
        ),
        # the step budget ran out
        ([react("search", {"query": f"q{n}"}) for n in range(6)], "budget"),
    ],
)
def test_failures_are_classified_by_where_they_happened(
    turns: list[str], expected_class: str
) -> None:
    result, steps = _trace(turns)
    expect = Expect(status=Status.READY_FOR_REVIEW, answer_contains=["Ada Ortiz"], cites=[WIKI])
    graded = grade(expect, result, steps, ACME)
    assert not graded.passed
    assert graded.failure == expected_class == classify(expect, result, steps)


def test_answering_an_unanswerable_question_is_an_answering_failure() -> None:
    result, steps = _trace(
        [
            react("search", {"query": "Acme founder"}),
            react("open", {"url": WIKI}),
            react(
                "finish",
                {
                    "answer": "Ada Ortiz",
                    "citations": [WIKI],
                    "cannot_answer": False,
                    "evidence": FOUNDED,
                },
            ),
        ],
    )  # a grounded answer, where the case says the corpus should not give one
    assert result.status is Status.READY_FOR_REVIEW
    graded = grade(Expect(cannot_answer=True), result, steps, ACME)
    assert graded.failure == "answering"
    assert "should abstain" in next(g.reason for g in graded.grades if g.name == "abstention")


# -- metrics -------------------------------------------------------------------------------


def outcome(
    passed: bool, answered: bool, should_abstain: bool, confidence: float | None = None
) -> CaseOutcome:
    return CaseOutcome(
        passed=passed,
        answered=answered,
        abstained=not answered,
        should_abstain=should_abstain,
        citations_valid=answered or None,
        failure=None if passed else "answering",
        steps=3,
        tokens=10,
        latency_s=0.5,
        em=float(passed),
        f1=float(passed),
        confidence=confidence,
    )


def test_metrics_and_their_baselines() -> None:
    cases = [
        outcome(True, True, False, 0.9),  # right answer
        outcome(False, True, False, 0.8),  # wrong answer
        outcome(False, False, False),  # abstained on an answerable question
        outcome(True, False, True),  # right abstention
        outcome(False, True, True, 0.2),  # answered an unanswerable question
    ]
    m = summarize(cases)
    assert m["accuracy"] == 0.4 and m["coverage"] == 0.6
    assert m["answered_precision"] == round(1 / 3, 4)
    assert m["abstention_precision"] == 0.5 and m["abstention_recall"] == 0.5
    assert m["abstention_f1"] == 0.5
    assert m["baselines"]["always_abstain"]["accuracy"] == 0.4
    assert m["baselines"]["always_answer_perfectly"]["accuracy"] == 0.6
    curve = m["precision_coverage"]
    assert [p["coverage"] for p in curve] == [0.2, 0.4, 0.6]
    assert [p["precision"] for p in curve] == [1.0, 0.5, round(1 / 3, 4)]
    assert m["failures"] == {"answering": 3}


# -- running, storing, comparing, reporting --------------------------------------------------


def test_workers_keep_the_suite_order(db_path: Path) -> None:
    suite = load_suite("acme")
    serial = run_eval(suite, OfflinePolicy, workers=1)
    parallel = run_eval(suite, OfflinePolicy, workers=4, store=RunStore(db_path))
    assert [c["case_id"] for c in parallel["cases"]] == [c.id for c in suite.cases]
    assert [c["passed"] for c in parallel["cases"]] == [c["passed"] for c in serial["cases"]]
    assert [c["answer"] for c in parallel["cases"]] == [c["answer"] for c in serial["cases"]]


def test_compare_lists_regressions_and_improvements(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, _ = cli(capsys, "eval", "acme", "--json", "--db", db_path)
    good = json.loads(out)["id"]
    code, out, _ = cli(capsys, "eval", "acme", "--max-steps", "2", "--json", "--db", db_path)
    worse = json.loads(out)
    assert worse["summary"]["accuracy"] < 1.0
    code, out, err = cli(capsys, "eval", "compare", good, worse["id"], "--json", "--db", db_path)
    assert code == 0, err
    diff = json.loads(out)
    failed = {c["case_id"] for c in worse["cases"] if not c["passed"]}
    assert {r["case_id"] for r in diff["regressed"]} == failed and diff["improved"] == []
    code, out, _ = cli(capsys, "eval", "compare", worse["id"], good, "--db", db_path)
    assert code == 0 and "improved" in out
    code, out, _ = cli(capsys, "eval", "list", "--db", db_path)
    assert good in out and worse["id"] in out


def test_terminal_and_html_reports(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    page = tmp_path / "report.html"
    code, out, err = cli(
        capsys, "eval", "acme", "--max-steps", "3", "--html", page, "--db", db_path
    )
    assert code == 0, err
    assert "always abstain" in out
    assert re.search(r"\n(retrieval|reading|answering|protocol|budget) \(\d+\)", out)
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and "failures by class" in html
    assert "answered precision against coverage" in html  # the offline policy's confidence
    assert not re.search(r"(src|href)=\"https?://", html)  # one self-contained file


def test_the_html_report_escapes_the_records_text() -> None:
    """Questions, answers, reasons and names are untrusted: the page shows them as text."""
    record = run_eval(load_suite("acme"), OfflinePolicy, budgets=Budgets(max_steps=3))
    record["suite"] = "<b>suite</b>"
    first, second = record["cases"][0], record["cases"][1]
    first["answer"] = "<script>alert('answer')</script> & co"
    first["question"] = 'Who <img src=x onerror="alert(1)">?'
    first["grades"][0]["reason"] = "</td><script>alert(2)</script>"
    second.update(passed=False, failure=None, grades=[], error="<i>boom</i>")
    record["summary"]["precision_coverage"] = []  # as a policy without confidence has it
    record["summary"]["calibration"] = {"bins": [], "ece": None, "answered": 4}
    page = html_report(record)
    assert "<script" not in page and "<img" not in page and "<i>" not in page
    assert "<td>&lt;script&gt;alert(&#39;answer&#39;)&lt;/script&gt; &amp; co</td>" in page
    assert "Who &lt;img src=x onerror=&#34;alert(1)&#34;&gt;?" in page
    assert "&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in page
    assert "<span class=fail>fail</span>" in page and "<td>&lt;i&gt;boom&lt;/i&gt;</td>" in page
    assert "<title>sleuth eval " + record["id"] + "</title>" in page
    assert "<b>&lt;b&gt;suite&lt;/b&gt;</b>" in page
    assert "No confidence reported: the policy gave none for its 4 answers." in page
    # one row per case and per metric, each case with its id, run and status
    assert page.count("<tr>") == 2 + len(record["cases"]) + 12
    for case in record["cases"][2:]:
        assert f"<tr><td>{case['case_id']}<div class=small>" in page
        assert f"run {case['run_id']}</div>" in page
        assert f"{case['status']}/{case['reason'] or '-'}</div>" in page


def test_fail_under_says_which_figure_was_under_which_bar(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = cli(
        capsys, "eval", "acme", "--max-steps", "2", "--fail-under", "0.9", "--db", db_path
    )
    assert code == 3
    (line,) = err.splitlines()
    assert re.fullmatch(r"sleuth: accuracy 0\.\d+ is under its bar 0\.9 \(--fail-under\)", line)
    bars = ["--fail-under", "accuracy=0.9", "--fail-under", "coverage=0", "--fail-under"]
    code, out, err = cli(
        capsys, "eval", "acme", "--json", *bars, "exact_match=0.5", "--db", db_path
    )
    assert code == 3 and json.loads(out)["summary"]["accuracy"] == 1.0
    assert err.splitlines() == [
        "sleuth: exact_match has no value in this eval (no case measures it), "
        "so it is under its bar 0.5 (--fail-under)"
    ]
    code, _, err = cli(capsys, "eval", "acme", "--fail-under", "1", "--db", db_path)
    assert code == 0 and err == ""  # a bar met is silent


@pytest.mark.parametrize(
    ("bar", "message"),
    [
        ("1.5", "a number from 0 to 1"),
        ("accuracy=x", "a number from 0 to 1"),
        ("precision=0.9", "unknown figure 'precision'"),
        ("nan", "a number from 0 to 1"),
    ],
)
def test_bad_fail_under_bars_are_usage_errors(
    bar: str, message: str, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, _, err = cli(capsys, "eval", "acme", "--fail-under", bar, "--db", db_path)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["{not json"], "not valid JSON"),
        (['{"id": "a", "question": "q"}'], "names no corpus"),
        (['{"id": "a", "question": "q", "corpus": "acme"}'] * 2, "appears twice"),
        (['{"id": "a", "question": "q", "corpus": "acme", "expect": {"bogus": 1}}'], "bogus"),
    ],
)
def test_bad_suite_files_are_usage_errors(
    lines: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    db_path: Path,
) -> None:
    suite = tmp_path / "suite.jsonl"
    suite.write_text("\n".join(lines))
    code, _, err = cli(capsys, "eval", suite, "--db", db_path)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_suite_file_with_its_own_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    (tmp_path / "pages.json").write_text(
        json.dumps(
            {
                "https://x.example/tarn": {
                    "title": "Tarn Mill",
                    "body": "Tarn Mill was built in 1820. It employs 40 people.",
                },
            }
        )
    )
    (tmp_path / "suite.jsonl").write_text(
        "\n".join(
            json.dumps(c)
            for c in [
                {
                    "id": "built",
                    "question": "When was Tarn Mill built?",
                    "corpus": "pages.json",
                    "expect": {"answer_contains": ["1820"], "cites": ["https://x.example/tarn"]},
                },
                {
                    "id": "owner",
                    "question": "Who owns Tarn Mill?",
                    "corpus": "pages.json",
                    "expect": {"cannot_answer": True},
                },
            ]
        )
    )
    code, out, err = cli(capsys, "eval", tmp_path / "suite.jsonl", "--json", "--db", db_path)
    assert code == 0, err
    assert json.loads(out)["summary"]["accuracy"] == 1.0


def test_dataset_eval_on_shared_squad(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    path = SHARED / "squad2-dev-normans.json"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    code, out, err = cli(
        capsys,
        "eval",
        "--dataset",
        f"squad2:{path}",
        "--limit",
        "20",
        "--workers",
        "2",
        "--json",
        "--db",
        db_path,
    )
    assert code == 0, err
    summary = json.loads(out)["summary"]
    assert summary["cases"] == 20 and summary["exact_match"] is not None
    assert set(summary["failures"]) <= {"retrieval", "reading", "answering", "protocol", "budget"}


def test_dataset_suite_open_setting_has_gold_sources() -> None:
    path = SHARED / "hotpotqa-train100-distractor.json"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    suite = dataset_suite(f"hotpotqa:{path}", "open", limit=3, derive_unanswerable=True)
    assert len(suite.cases) == 6
    derived = [c for c in suite.cases if c.expect.abstains]
    assert len(derived) == 3 and all(not c.expect.gold for c in derived)
    result = run(Task(suite.cases[0].question), suite.cases[0].corpus(), OfflinePolicy())
    assert result.status in Status


# -- the optional LLM judge, against a scripted model over real HTTP -----------------------


@pytest.mark.server
def test_judge_verdicts_count_and_a_broken_judge_decides_nothing(
    capsys: pytest.CaptureFixture[str],
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    pytest.importorskip("openai")
    from sleuth.testing import ScriptedModelServer

    monkeypatch.setenv("OPENAI_API_KEY", "k")
    suite = tmp_path / "suite.jsonl"
    suite.write_text(
        "\n".join(
            json.dumps(c)
            for c in [
                {
                    "id": "founder",
                    "question": "Who founded Acme Robotics?",
                    "corpus": "acme",
                    "expect": {"answer_contains": ["Ada Ortiz"]},
                },
                {
                    "id": "year",
                    "question": "In what year was Acme Robotics founded?",
                    "corpus": "acme",
                    "expect": {"answer_contains": ["2014"]},
                },
                {
                    "id": "food",
                    "question": "What is Ada Ortiz's favourite food?",
                    "corpus": "acme",
                    "expect": {"cannot_answer": True},
                },
            ]
        )
    )
    replies = [
        {"text": '{"verdict": "supported", "reason": "the quote names the founder"}'},
        {"text": "I think it is probably fine."},  # unreadable: decides nothing
    ]
    with ScriptedModelServer(replies, api_key="k") as server:
        code, out, err = cli(
            capsys,
            "eval",
            suite,
            "--judge",
            "openai:judge-model",
            "--judge-base-url",
            server.openai_base_url,
            "--json",
            "--db",
            db_path,
        )
        prompts = [r["json"]["messages"][0]["content"] for r in server.requests]
    assert code == 0, err
    record = json.loads(out)
    by_id = {c["case_id"]: c for c in record["cases"]}
    assert all(c["passed"] for c in by_id.values())
    verdicts = {
        cid: next(g for g in c["grades"] if g["name"] == "judge") for cid, c in by_id.items()
    }
    assert verdicts["founder"]["passed"] and verdicts["founder"]["counts"]
    assert not verdicts["year"]["counts"] and "unreadable" in verdicts["year"]["reason"]
    assert not verdicts["food"]["counts"]  # an abstention is not sent to the judge
    assert len(prompts) == 2 and "Acme Robotics was founded by Ada Ortiz" in prompts[0]


def test_an_unsupported_verdict_fails_the_case() -> None:
    from sleuth.evals.judge import parse_verdict

    grade_ = parse_verdict('Sure. {"verdict": "unsupported", "reason": "the quote is about 2019"}')
    assert grade_.counts and not grade_.passed and "2019" in grade_.reason


def test_a_passage_citation_counts_for_its_document() -> None:
    from sleuth.evals.grading import with_documents

    assert "file:///d/a.md" in with_documents(["file:///d/a.md#p3"])
    assert with_documents(["https://x.example/p#section"]) == {"https://x.example/p#section"}


def test_a_suite_over_an_on_disk_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tarn.md").write_text(
        "# Tarn Mill\n\nTarn Mill was built in 1820.\n\nTarn Mill employs 40 people.\n"
    )
    index = tmp_path / "idx"
    code, _, err = cli(capsys, "index", docs, "--index", index)
    assert code == 0, err
    gold = (docs / "tarn.md").resolve().as_uri()
    suite = tmp_path / "suite.jsonl"
    suite.write_text(
        "\n".join(
            json.dumps(c)
            for c in [
                {
                    "id": "built",
                    "question": "When was Tarn Mill built?",
                    "corpus": "acme",
                    "expect": {"answer_contains": ["1820"], "cites": [gold], "gold": [gold]},
                },
                {
                    "id": "owner",
                    "question": "Who owns Tarn Mill?",
                    "corpus": "acme",
                    "expect": {"cannot_answer": True},
                },
            ]
        )
    )
    code, out, err = cli(capsys, "eval", suite, "--index", index, "--json", "--db", db_path)
    assert code == 0, err
    record = json.loads(out)
    assert record["summary"]["accuracy"] == 1.0
    assert record["cases"][0]["citations"][0].startswith(gold + "#p")


# -- found in review -------------------------------------------------------------------------


def test_a_budget_stop_is_not_a_right_abstention() -> None:
    result, steps = _trace(
        [react("search", {"query": f"food {n}"}) for n in range(6)],
        question="What is Ada Ortiz's favourite food?",
    )
    graded = grade(Expect(cannot_answer=True, squad_scored=True), result, steps, ACME)
    assert not graded.passed and graded.failure == "budget" and graded.em == 0.0


def test_a_cannot_answer_never_satisfies_a_key_fact() -> None:
    result, steps = _trace(
        [
            react("search", {"query": "Acme founder"}),
            react(
                "finish",
                {
                    "answer": "cannot: I only guess Ada Ortiz",
                    "citations": [],
                    "cannot_answer": True,
                    "evidence": "",
                },
            ),
        ]
    )
    graded = grade(Expect(answer_contains=["Ada Ortiz"]), result, steps, ACME)
    assert not graded.passed
    assert not next(g for g in graded.grades if g.name == "key_fact").passed


def test_conflict_citations_count_for_never_cited() -> None:
    registry = "https://registry.example/companies/acme-robotics"
    tradepress = "https://tradepress.example/2025/02/acme-robotics-relocation"
    result, steps = _trace(
        [
            react("search", {"query": "Acme Robotics head office"}),
            react("open", {"url": registry}),
            react("open", {"url": tradepress}),
            react(
                "finish",
                {
                    "conflicts": [
                        {
                            "value": "Lisbon",
                            "citation": registry,
                            "evidence": "The head office of Acme Robotics is in Lisbon.",
                        },
                        {
                            "value": "Porto",
                            "citation": tradepress,
                            "evidence": "The head office of Acme Robotics is in Porto.",
                        },
                    ]
                },
            ),
        ],
        question="Where is the head office of Acme Robotics?",
    )
    graded = grade(Expect(never_cited=[tradepress]), result, steps, ACME)
    assert not next(g for g in graded.grades if g.name == "never_cited").passed


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ({"fields": {"venue": {"contain": "Room"}}}, "contain"),
        ({"reason": "fact_mising"}, "reason"),
    ],
)
def test_expectation_typos_are_usage_errors(
    expect: dict[str, Any], message: str, tmp_path: Path
) -> None:
    from sleuth.errors import UsageError

    suite = tmp_path / "suite.jsonl"
    suite.write_text(json.dumps({"id": "a", "question": "q", "corpus": "acme", "expect": expect}))
    with pytest.raises(UsageError, match=message):
        load_suite(str(suite))


def test_a_missing_corpus_file_is_caught_when_the_suite_loads(tmp_path: Path) -> None:
    from sleuth.errors import UsageError

    suite = tmp_path / "suite.jsonl"
    suite.write_text(json.dumps({"id": "a", "question": "q", "corpus": "nope.json"}))
    with pytest.raises(UsageError, match="no corpus file"):
        load_suite(str(suite))


def test_a_crashed_case_scores_zero_and_is_no_abstention() -> None:
    from sleuth.evals.runner import outcome_of, run_case
    from sleuth.evals.suite import SuiteCase

    def broken() -> Any:
        raise RuntimeError("the corpus exploded")

    case = SuiteCase(
        id="x", question="q", corpus=broken, expect=Expect(cannot_answer=True, squad_scored=True)
    )
    record = run_case(case, OfflinePolicy(), None, None)
    outcome = outcome_of(record)
    assert not outcome.passed and not outcome.abstained and outcome.em == 0.0
    assert summarize([outcome])["abstention_recall"] == 0.0


# -- a model eval: cases at once on one event loop, over real HTTP -------------------------


def _researcher(provider: str, body: dict[str, Any]) -> dict[str, Any]:
    """A scripted model that any number of interleaved runs can share: its reply depends
    only on the request (the question, and how many turns the run has had)."""
    messages = body["messages"]
    turns = sum(m["role"] == "assistant" for m in messages)
    question = json.dumps(messages[1]["content"])
    if turns == 0:
        return {"tool_calls": [{"name": "search", "arguments": {"query": "Acme Robotics"}}]}
    if turns == 1:
        return {"tool_calls": [{"name": "open", "arguments": {"url": WIKI}}]}
    if "founded" in question:
        finish = {
            "answer": "Ada Ortiz",
            "citations": [WIKI],
            "cannot_answer": False,
            "evidence": "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon.",
        }
    else:
        finish = {
            "answer": "cannot: not on the page",
            "citations": [],
            "cannot_answer": True,
            "evidence": "",
        }
    return {"tool_calls": [{"name": "finish", "arguments": finish}]}


@pytest.mark.server
def test_a_model_eval_runs_cases_at_once_on_one_pool(db_path: Path) -> None:
    pytest.importorskip("openai")
    from sleuth.evals.suite import Suite, SuiteCase
    from sleuth.models import ModelPolicy, RetryPolicy
    from sleuth.models.openai_chat import OpenAIChat
    from sleuth.testing import ScriptedModelServer

    founder = Expect(answer_contains=["Ada Ortiz"], cites=[WIKI])
    food = Expect(cannot_answer=True)
    questions = [("Who founded Acme Robotics?", founder), ("What is Ada's favourite food?", food)]
    cases = [
        SuiteCase(f"c{i}", q, lambda: ACME, expect) for i, (q, expect) in enumerate(questions * 4)
    ]
    made: list[ModelPolicy] = []
    workers = 3

    with ScriptedModelServer([], api_key="k", latency_s=0.2, responder=_researcher) as server:

        def make() -> ModelPolicy:
            backend = OpenAIChat("m", base_url=server.openai_base_url, api_key="k")
            made.append(ModelPolicy(backend, retry=RetryPolicy(max_attempts=1)))
            return made[-1]

        store = RunStore(db_path)
        record = run_eval(Suite("mixed", cases), make, workers=workers, store=store)
        in_flight = server.max_in_flight
        requests = len(server.requests)
    # one policy (one connection pool) served every case, and it was closed after
    assert len(made) == 1 and not made[0].backend.connection._async
    # cases overlapped, never more than the workers allow
    assert 2 <= in_flight <= workers and requests == 3 * len(cases)
    assert [c["case_id"] for c in record["cases"]] == [c.id for c in cases]
    assert all(c["passed"] for c in record["cases"]), record["cases"]
    assert [c["reason"] for c in record["cases"]] == [None, "fact_missing"] * 4
    assert record["summary"]["accuracy"] == 1.0
    for case in record["cases"]:  # each case's trajectory is stored: search, open, finish
        stored = run_json(store, case["run_id"])
        assert stored is not None
        tools = [s["tool"] for s in stored["steps"]]
        assert tools == ["search", "open", "finish"], tools
        assert stored["steps"][1]["args"] == {"url": WIKI}


@pytest.mark.server
def test_a_model_eval_can_be_run_from_async_code(db_path: Path) -> None:
    """From inside a running event loop (a notebook, an async app) the eval's own loop
    runs in a thread of its own."""
    pytest.importorskip("openai")
    import asyncio

    from sleuth.evals.suite import Suite, SuiteCase
    from sleuth.models import ModelPolicy
    from sleuth.models.openai_chat import OpenAIChat
    from sleuth.testing import ScriptedModelServer

    cases = [SuiteCase("c", "Who founded Acme Robotics?", lambda: ACME, Expect(cites=[WIKI]))]
    with ScriptedModelServer([], api_key="k", responder=_researcher) as server:

        def make() -> ModelPolicy:
            return ModelPolicy(OpenAIChat("m", base_url=server.openai_base_url, api_key="k"))

        async def inside() -> dict[str, Any]:
            return run_eval(Suite("one", cases), make, store=RunStore(db_path))

        record = asyncio.run(inside())
    assert record["summary"]["accuracy"] == 1.0 and record["cases"][0]["passed"]


# -- identifiers in answers -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("The default model is openai/gpt-5-mini.", "openai/gpt-5-mini", True),
        ("The default model is openai/gpt-5-mini.", "gpt-5-mini", False),
        ("gpt-5-mini", "openai/gpt-5-mini", False),
        ("It needs Python 3.11.", "3.11", True),  # the sentence's period goes, the inner stays
        ("It needs Python 3.11.", "311", False),
        ("The handler is in src/sleuth/cli.py, near the end.", "src/sleuth/cli.py", True),
        ("See https://docs.example/a/b.", "https://docs.example/a/b", True),
        ("Set SLEUTH_HOME first.", "sleuth_home", True),
        ("Use `--exit-zero` in CI.", "--exit-zero", True),
        ("It lives in ~/.config/sleuth/config.toml", "~/.config/sleuth/config.toml", True),
        ("Kenji Ito is now the CEO.", "kenji ito", True),  # prose: case, period, quotes
        ('"Kenji Ito," the board said.', "Kenji Ito", True),
        ("It was founded (in 2014).", "2014", True),
        ("The Bayeux Tapestry!", "bayeux tapestry", True),
        ("Lisbon—and later Porto", "lisbon", True),
        ("anything", "", False),  # an empty phrase matches nothing
    ],
)
def test_key_facts_keep_identifiers_and_normalise_prose(
    text: str, phrase: str, expected: bool
) -> None:
    from sleuth.evals.grading import contains

    assert contains(text, phrase) is expected


def test_citations_written_into_an_answer_are_not_part_of_it() -> None:
    from sleuth.evals.grading import _strip_ids

    assert _strip_ids("Install pyjwt[crypto] [doc_auth] [1]") == "Install pyjwt[crypto]"
    assert _strip_ids("Founded [1999] by Ada [doc_7].") == "Founded [1999] by Ada."


def test_a_calls_arguments_are_no_part_of_its_name() -> None:
    # Starlette's docs: "`UnauthenticatedUser()`, and `SimpleUser(username)`" names both
    answer = "`UnauthenticatedUser()`, and `SimpleUser(username)`"
    assert contains(answer, "SimpleUser") and contains(answer, "UnauthenticatedUser")
    assert not contains(answer, "username")  # the argument is no answer
    assert not contains("`f(x)`", "x") and not contains("`open(path, 'rb')`", "path")
    assert not contains("`get_user(name)`", "get")  # still whole tokens
    # exact match and F1 compare whole calls: other arguments are another answer
    assert exact_match("tostring(encoding='unicode')", ["tostring(encoding='unicode')"]) == 1.0
    assert exact_match("tostring(method='html')", ["tostring(encoding='unicode')"]) == 0.0
    assert token_f1("`tostring(method='html')`", ["tostring(encoding='unicode')"]) == 0.0
    assert not contains("tostring(method='html')", "tostring(encoding='unicode')")


def test_standard_qa_scores_keep_the_squad_rule() -> None:
    assert normalize_answer("openai/gpt-5-mini.") == "openai/gpt-5-mini"
    assert normalize_answer("openai/gpt-5-mini.", identifiers=False) == "openaigpt5mini"
    assert exact_match("gpt 5", ["gpt-5"], identifiers=False) == 0.0  # as SQuAD's script
    assert exact_match("the 3.11 release.", ["3.11 release"]) == 1.0
    model = Expect(answers=["openai/gpt-5-mini"])
    squad = Expect(answers=["1,000 people"], squad_scored=True)
    result, steps = _trace(
        [
            react("search", {"query": "Acme founder"}),
            react("open", {"url": WIKI}),
            react(
                "finish",
                {
                    "answer": "Ada Ortiz",
                    "citations": [WIKI],
                    "cannot_answer": False,
                    "evidence": FOUNDED,
                },
            ),
        ]
    )
    assert grade(model, result, steps, ACME).em == 0.0
    assert grade(squad, result, steps, ACME).f1 == 0.0


# -- suites over an index, failure classes from the trace -------------------------------------


def _index_with_two_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tarn.md").write_text("# Tarn Mill\n\nTarn Mill was built in 1820 by a miller.\n")
    (docs / "brook.md").write_text("# Brook Farm\n\nBrook Farm grows apples and pears.\n")
    index = tmp_path / "idx"
    code, _, err = cli(capsys, "index", docs, "--index", index)
    assert code == 0, err
    return index


def _suite_file(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    suite = tmp_path / "suite.jsonl"
    suite.write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    return suite


def test_a_suite_over_an_index_needs_no_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    index = _index_with_two_documents(tmp_path, capsys)
    suite = _suite_file(
        tmp_path,
        [
            {"id": "built", "question": "When was Tarn Mill built?",
             "expect": {"answer_contains": ["1820"]}},
            {"id": "owner", "question": "Who owns Tarn Mill?", "expect": {"cannot_answer": True}},
        ],
    )  # fmt: skip
    code, out, err = cli(capsys, "eval", suite, "--index", index, "--json", "--db", db_path)
    assert code == 0, err
    record = json.loads(out)
    assert record["summary"]["accuracy"] == 1.0
    assert record["cases"][0]["citations"][0].endswith("tarn.md#p1")
    code, _, err = cli(capsys, "eval", suite, "--db", db_path)  # no corpus anywhere
    assert code == 2 and "names no corpus" in err and "--index" in err
    code, out, err = cli(capsys, "eval", suite, "--corpus", "acme", "--json", "--db", db_path)
    assert code == 0, err  # researched in acme: it answers neither (1820 is not there)
    assert json.loads(out)["cases"][0]["passed"] is False
    code, _, err = cli(capsys, "eval", suite, "--corpus", "acme", "--index", index)
    assert code == 2 and "not both" in err
    code, _, err = cli(capsys, "eval", suite, "--corpus", "nowhere.json")
    assert code == 2 and "no corpus 'nowhere.json'" in err


def test_failure_classes_over_an_index_come_from_the_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    index = _index_with_two_documents(tmp_path, capsys)
    tarn = (tmp_path / "docs" / "tarn.md").resolve().as_uri() + "#p1"
    question = "When was Tarn Mill built?"
    expect = {"answer_contains": ["1820"]}
    cannot = react("finish", CANNOT)
    wrong = {  # a grounded answer to another question: read, then not answered
        "answer": "a miller",
        "citations": [tarn],
        "cannot_answer": False,
        "evidence": "Tarn Mill was built in 1820 by a miller.",
    }
    cases = [
        # searched for the wrong thing: the page with 1820 never came up
        ("retrieval", [react("search", {"query": "apples pears"}), cannot]),
        # it came up, but was never opened
        ("reading", [react("search", {"query": "Tarn Mill built"}), cannot]),
        # opened and cited, but the answer does not hold the fact
        ("answering", [react("search", {"query": "Tarn Mill"}), react("open", {"url": tarn}),
                       react("finish", wrong)]),
        # opened, then abstained on
        ("answering", [react("search", {"query": "Tarn Mill"}), react("open", {"url": tarn}),
                       cannot]),
    ]  # fmt: skip
    suite = _suite_file(
        tmp_path,
        [
            {"id": f"{kind}-{n}", "question": question, "script": script, "expect": expect}
            for n, (kind, script) in enumerate(cases)
        ],
    )
    code, out, err = cli(capsys, "eval", suite, "--index", index, "--json", "--db", db_path)
    assert code == 0, err
    record = json.loads(out)
    assert [c["failure"] for c in record["cases"]] == [kind for kind, _ in cases]
    assert all(not c["passed"] for c in record["cases"])
    assert record["summary"]["failures"] == {"retrieval": 1, "reading": 1, "answering": 2}


def test_a_case_without_sources_on_a_builtin_corpus_is_classified_the_same_way() -> None:
    result, steps = _trace(
        [react("search", {"query": "favourite food"}), react("finish", CANNOT)],
    )
    expect = Expect(answer_contains=["Ada Ortiz"])
    graded = grade(expect, result, steps, ACME)
    hits = [h["url"] for h in steps[0].observation.data["hits"]]
    holds = any("Ada Ortiz" in (ACME.get(u).body if ACME.get(u) else "") for u in hits)
    assert graded.failure == ("reading" if holds else "retrieval")
    assert classify(Expect(status=Status.READY_FOR_REVIEW), result, steps, ACME) == "answering"
