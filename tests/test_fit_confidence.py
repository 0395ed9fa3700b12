"""The confidence fit (benchmarks/fit_offline_confidence.py): its math on small data (the
Newton solution is the penalised optimum, deterministic, and the shipped runtime formula,
`Calibration.probability`, gives the same probabilities as the fitted design), and its
data roles on the shared data (R, C and H disjoint; the Rhine questions split by
paragraph; fold B is fold A swapped)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from shared import SHARED_DATA
from sleuth.policies.calibration import Calibration

np = pytest.importorskip("numpy", reason="the fit needs numpy (dev or bench extra)")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "fit_offline_confidence.py"


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("fit_offline_confidence", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fit_offline_confidence", module)
    spec.loader.exec_module(module)
    return module


FIT = _script()
NAMES = ("a", "b", "c")


def _data(seed: int = 7, n: int = 60) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3))
    x[:, 2] = 1.0  # a constant feature: scale 1, weight 0
    y = (x[:, 0] - 0.5 * x[:, 1] + rng.normal(scale=0.8, size=n) > 0).astype(float)
    return x, y


def _probabilities(model: dict[str, Any], x: Any) -> Any:
    z = model["bias"] + ((x - np.array(model["mean"])) / np.array(model["scale"])) @ np.array(
        model["weights"]
    )
    return 1 / (1 + np.exp(-z))


def test_newton_reaches_the_penalised_optimum() -> None:
    x, y = _data()
    l2 = 3.0
    model = FIT.fit(x, y, l2)
    assert model["scale"][2] == 1.0 and model["weights"][2] == 0.0
    z = (x - np.array(model["mean"])) / np.array(model["scale"])
    p = _probabilities(model, x)
    w = np.array(model["weights"])
    gradient = z.T @ (p - y) + l2 * w  # the bias is not penalised
    assert np.max(np.abs(gradient)) < 1e-6
    assert abs(np.sum(p - y)) < 1e-6
    assert model["weights"][0] > 0 > model["weights"][1]  # the signs the data were made with


def test_fit_is_deterministic_to_the_written_digits() -> None:
    x, y = _data()
    assert FIT.fit(x, y, 10.0) == FIT.fit(x.copy(), y.copy(), 10.0)


def test_a_larger_penalty_shrinks_the_weights() -> None:
    x, y = _data()
    small, large = FIT.fit(x, y, 0.3), FIT.fit(x, y, 300.0)
    assert np.linalg.norm(large["weights"]) < np.linalg.norm(small["weights"])


def test_runtime_probability_equals_the_fitted_design() -> None:
    x, y = _data()
    model = FIT.fit(x, y, 1.0)
    model["features"] = list(NAMES)
    runtime = Calibration.from_json({**model, "threshold": 0.5})
    expected = _probabilities(model, x)
    for row, p in zip(x, expected, strict=True):
        assert runtime.probability(dict(zip(NAMES, row, strict=True))) == pytest.approx(p)


def test_threshold_is_the_best_training_accuracy_above_the_target() -> None:
    model = Calibration(("a",), (4.0,), 0.0, (0.0,), (1.0,), 0.5, {})
    # each case answers with its most confident candidate: p(a) = 0.12, 0.5498, 0.69, 0.92
    rows = [
        {"extra": [({"a": 0.6}, True), ({"a": -0.5}, False)], "extra_right": [True, False]},
        {"extra": [({"a": 0.2}, True)], "extra_right": [True]},
        {"extra": [({"a": 0.05}, False)], "extra_right": [False], "should_abstain": True},
        {"extra": [({"a": -0.5}, False)], "extra_right": [False], "should_abstain": True},
        {"extra": [], "extra_right": [], "should_abstain": True},  # no candidate: abstains
    ]
    threshold, figures = FIT.choose_threshold(rows, model, 0.0)
    assert 0.5498 < threshold <= 0.6899  # answers the two right ones, abstains on the rest
    assert figures["accuracy"] == 1.0 and figures["answered_precision"] == 1.0
    threshold, figures = FIT.choose_threshold(rows, model, 1.01)  # unreachable: abstain
    assert threshold == 0.95 and figures == {}


def test_figures_at_the_decision_threshold() -> None:
    """The default rule's threshold is 0.5 whatever the samples; its figures are the
    cases answered as a run would at 0.5 (p = 0.12, 0.5498, 0.69, 0.92 below)."""
    model = Calibration(("a",), (4.0,), 0.0, (0.0,), (1.0,), 0.5, {})
    rows = [
        {"extra": [({"a": 0.6}, True)], "extra_right": [True]},
        {"extra": [({"a": 0.05}, False)], "extra_right": [False]},  # 0.5498: answered, wrong
        {"extra": [({"a": 0.2}, True)], "extra_right": [True]},
        {"extra": [({"a": -0.5}, False)], "extra_right": [False], "should_abstain": True},
    ]
    assert FIT.DECISION == 0.5 and FIT.RULES[0] == "decision"
    figures = FIT.figures_at(rows, model, FIT.DECISION)
    assert figures == {"accuracy": 0.75, "answered_precision": 2 / 3, "coverage": 0.75}


def test_the_chosen_candidate_is_the_most_confident_one() -> None:
    """A case whose best-scored candidate is wrong but whose most confident one is right
    counts as right: the run answers with the most confident candidate."""
    model = Calibration(("a",), (4.0,), 0.0, (0.0,), (1.0,), 0.5, {})
    rows = [{"extra": [({"a": -0.2}, False), ({"a": 0.6}, True)], "extra_right": [False, True]}]
    threshold, figures = FIT.choose_threshold(rows, model, 0.0)
    assert figures["answered_precision"] == 1.0 and threshold <= 0.92


def test_a_domain_curve_counts_the_answers_of_its_domain_by_threshold() -> None:
    """Each case answers with its most confident strict candidate; the curve of a domain
    counts only the cases whose answer is of that domain, at each threshold."""
    prose, tech = {"technical": 0.0}, {"technical": 1.0}
    loose = {"technical": 0.0, "strict_frame": 0.0}
    rows = [
        # the technical candidate is the more confident: a technical answer, right
        {"extra": [(prose, False), (tech, True)], "extra_right": [False, True]},
        {"extra": [(prose, True)], "extra_right": [True]},  # prose, right
        {"extra": [(prose, False)], "extra_right": [False], "should_abstain": True},
        # the loose candidate is no answer: the strict one, wrong, answers
        {"extra": [(loose, True), (prose, False)], "extra_right": [True, False]},
        {"extra": [], "extra_right": []},  # no candidate: not answered
    ]
    # the third case's answer is exactly at 0.6: a threshold of 0.6 answers it
    held = [[0.6, 0.9], [0.8], [0.6], [0.99, 0.7], []]
    curve = FIT.domain_curve(rows, held, "prose", (0.5, 0.6, 0.75, 0.85))
    assert curve == [
        {"threshold": 0.5, "answered": 3, "right": 1, "no_answer": 1, "precision": 0.3333},
        {"threshold": 0.6, "answered": 3, "right": 1, "no_answer": 1, "precision": 0.3333},
        {"threshold": 0.75, "answered": 1, "right": 1, "no_answer": 0, "precision": 1.0},
        {"threshold": 0.85, "answered": 0, "right": 0, "no_answer": 0, "precision": 0.0},
    ]
    technical = FIT.domain_curve(rows, held, "technical", (0.85, 0.95))
    assert [(c["answered"], c["right"]) for c in technical] == [(1, 1), (0, 0)]
    assert FIT.CURVE_THRESHOLDS[0] == 0.5 and FIT.CURVE_THRESHOLDS[-1] == 0.95


def test_cross_validation_keeps_a_questions_readings_together() -> None:
    """Folds by question: the same sample duplicated within a question does not leak
    into its own test fold, so a label-noise feature gains nothing; the selection adds
    the informative feature and leaves the noise out, deterministically."""
    rng = np.random.default_rng(3)
    questions = np.repeat(np.arange(40), 4)  # four readings a question
    signal = rng.random(160)
    noise = rng.random(40)[questions]  # constant within a question
    y = (signal + rng.normal(scale=0.2, size=160) > 0.5).astype(float)
    x = np.column_stack([signal, noise])
    names, l2, loss = FIT.select(x, y, questions, ("signal", "noise"))
    assert names == ["signal"] and l2 in FIT.L2_GRID
    assert loss < FIT.cv_loss(x[:, :0], y, questions, l2)  # better than the base rate
    assert FIT.select(x, y, questions, ("signal", "noise")) == (names, l2, loss)


def test_a_feature_against_its_own_direction_is_not_chosen() -> None:
    """A suppressor (a weight whose sign is against its feature's own correlation with
    the labels) is refused: it fits how two features overlap on few samples."""
    rng = np.random.default_rng(5)
    a = rng.random(200)
    b = a + rng.normal(scale=0.05, size=200)  # nearly a copy, weakly positive on its own
    y = (a + rng.normal(scale=0.3, size=200) > 0.5).astype(float)
    names, _, _ = FIT.select(np.column_stack([a, b]), y, np.arange(200))
    assert len(names) == 1


def test_readings_count_only_from_a_gold_page() -> None:
    assert FIT._from_gold("https://x/p#p2", {"https://x/p"})
    assert not FIT._from_gold("https://x/q", {"https://x/p"})
    assert FIT._from_gold("doc_1", set())  # no gold pages named: the value decides


@pytest.mark.slow
def test_the_shipped_model_is_reproduced_from_the_shared_data() -> None:
    """The fit of fold A on the shared data gives the shipped file to 1e-6 and the same
    threshold: a change to the reader, the rules, the validator or the folds that moves
    the training samples fails here until the model is refitted."""
    if not (SHARED_DATA / "squad2-dev-rhine.json").is_file():
        pytest.skip(f"no shared data at {SHARED_DATA}")
    assert FIT.main(["--check"]) == 0


def test_out_of_fold_probabilities_do_not_see_their_own_labels() -> None:
    """A sample's out-of-fold probability comes from a model fitted without its
    question's fold: flipping its own label leaves it unchanged, and moves others'."""
    x, y = _data()
    group = np.arange(len(y)) // 2  # two samples a question
    before = FIT.out_of_fold(x, y, group, 1.0)
    flipped = y.copy()
    flipped[0] = 1.0 - flipped[0]
    after = FIT.out_of_fold(x, flipped, group, 1.0)
    same_fold = group % 5 == group[0] % 5
    assert np.allclose(before[same_fold], after[same_fold])
    assert not np.allclose(before[~same_fold], after[~same_fold])
    assert FIT.per_case([{"extra": [1, 2]}, {"extra": []}, {"extra": [3]}], np.arange(3.0)) == [
        [0.0, 1.0],
        [],
        [2.0],
    ]


def test_only_a_strict_frames_candidate_answers_when_the_threshold_is_chosen() -> None:
    """The fit's loose candidates are samples, not answers: a run answers from strict
    frames only, so the threshold is chosen as if the loose ones were not there; and
    given probabilities (out of fold) replace the model's."""
    model = Calibration(("a",), (4.0,), 0.0, (0.0,), (1.0,), 0.5, {})
    loose_right = {"a": 0.6, "strict_frame": 0.0}  # p = 0.92
    strict_wrong = {"a": 0.2, "strict_frame": 1.0}  # p = 0.69
    rows = [
        {"extra": [(loose_right, True), (strict_wrong, False)], "extra_right": [True, False]},
        {"extra": [({"a": 0.0}, False)], "extra_right": [False], "should_abstain": True},
    ]
    threshold, figures = FIT.choose_threshold(rows, model, 0.0)
    # had the loose one answered, a threshold in (0.5, 0.92] would be right on both
    assert figures["accuracy"] == 0.5 and 0.5 < threshold <= 0.69
    assert figures["answered_precision"] == 0.0
    # given probabilities decide: the second case's 0.1 abstains at the grid's floor
    threshold, figures = FIT.choose_threshold(rows, model, 0.0, [[0.95, 0.9], [0.1]])
    assert threshold == 0.3 and figures["accuracy"] == 0.5


# -- the data roles ---------------------------------------------------------------------


def _need(*names: str) -> None:
    for name in names:
        if not (SHARED_DATA / name).is_file():
            pytest.skip(f"no {name} in the shared data at {SHARED_DATA}")


def _ids(part: Any) -> set[tuple[str, str, str]]:
    """What a part asks: (file, setting, case id) of a data part, (questions file, "",
    "") of a docs part (its cases need an index; the file is what matters)."""
    if part.spec.startswith("docs:"):
        return {(part.docs[1], "", "")}
    return {(part.spec, part.setting, c.id) for c in FIT.cases_of(part)}


def test_labels_say_how_a_file_is_cut() -> None:
    rhine = FIT.Part("squad2:/data/squad2-dev-rhine.json", "closed", paragraphs=(0, 2))
    assert rhine.label == "squad2-dev-rhine paragraphs 0/2 mod 4 closed"
    assert FIT.Part("squad2:/d/x.json", "open", paragraphs=(3,)).label == (
        "x paragraphs 3 mod 4 open"
    )
    hotpot = FIT.Part("hotpotqa:/d/hotpotqa-train100-distractor.json", "closed", True, (50, 75))
    assert hotpot.label == "hotpotqa-train100-distractor records 51-75 closed +derived"
    assert FIT.Part("docs:click/click_heldout", "index").label == (
        "docs-click click_heldout questions"
    )


def test_a_record_range_keeps_derived_copies_with_their_records() -> None:
    ids = ["a", "a::derived", "b", "b::derived", "c", "d", "d::derived"]
    part = FIT.Part("hotpotqa:x", "closed", True, (1, 3))
    assert FIT.cut(part, ids) == ["b", "b::derived", "c"]
    assert FIT.cut(FIT.Part("hotpotqa:x", "closed", True, (3, 9)), ids) == ["d", "d::derived"]
    assert FIT.cut(FIT.Part("hotpotqa:x", "closed"), ids) == ids


def test_fold_b_is_fold_a_swapped_and_fit_on_adds_the_rule_parts() -> None:
    calibration, held_out = FIT.fold("A")
    assert FIT.fold("B") == (held_out, calibration)
    assert FIT.fitted_parts("A", "C") == calibration
    assert FIT.fitted_parts("B", "RC") == [*FIT.RULE_PARTS, *held_out]
    with pytest.raises(ValueError):
        FIT.fitted_parts("A", "R")
    with pytest.raises(ValueError):
        FIT.fold("C")


def test_the_rhine_questions_split_by_paragraph() -> None:
    """Every Rhine question is in exactly one of R, side 1 and side 2, in both settings,
    and no paragraph gives questions to two of them: a question and its paragraph's other
    questions are developed on, fitted on, or held out, together."""
    _need("squad2-dev-rhine.json")
    calibration, held_out = FIT.fold("A")
    spec = f"squad2:{SHARED_DATA / 'squad2-dev-rhine.json'}"
    paragraph = FIT.paragraphs(spec)
    for setting in ("closed", "open"):
        roles = [
            [p for p in parts if p.spec == spec and p.setting == setting]
            for parts in (FIT.RULE_PARTS, calibration, held_out)
        ]
        assert [len(r) for r in roles] == [1, 1, 1]
        rule, one, two = (r[0] for r in roles)
        assert (rule.paragraphs, one.paragraphs, two.paragraphs) == ((0, 2), (1,), (3,))
        ids = [{c.id for c in FIT.cases_of(p)} for p in (rule, one, two)]
        assert all(ids)
        assert sum(len(i) for i in ids) == len(set(paragraph))  # every question, once
        assert set().union(*ids) == set(paragraph)
        used = [{paragraph[i] for i in side} for side in ids]
        assert not used[0] & used[1] and not used[0] & used[2] and not used[1] & used[2]
        assert all(paragraph[i] % 4 == 3 for i in ids[2])
    # the open setting asks the same questions over the whole article
    (closed,) = [p for p in held_out if p.spec == spec and p.setting == "closed"]
    (opened,) = [p for p in held_out if p.spec == spec and p.setting == "open"]
    open_cases = FIT.cases_of(opened)
    assert {c.id for c in open_cases} == {c.id for c in FIT.cases_of(closed)}
    pages = open_cases[0].corpus().pages  # a held-out question's corpus: every paragraph
    assert {int(url.rsplit("/p", 1)[1]) for url in pages} == set(paragraph.values())


def test_record_ranges_split_the_two_hop_files_without_overlap() -> None:
    _need("hotpotqa-train100-distractor.json", "musique-ans-train100.json")
    calibration, held_out = FIT.fold("A")
    for name in (FIT.HOTPOT, FIT.MUSIQUE):
        spec_end = f"/{name}"
        sides = [
            [p for p in parts if p.spec.endswith(spec_end)]
            for parts in (FIT.RULE_PARTS, calibration, held_out)
        ]
        assert [[p.records for p in side] for side in sides] == [[(0, 50)], [(50, 75)], [(75, 100)]]
        records = [{c.id.split("::")[0] for c in FIT.cases_of(side[0])} for side in sides]
        assert [len(r) for r in records] == [50, 25, 25]
        assert not (records[0] & records[1] or records[0] & records[2] or records[1] & records[2])
        whole = FIT.dataset_suite(sides[0][0].spec, "closed", None, True).cases
        assert set().union(*records) == {c.id.split("::")[0] for c in whole}


def test_rule_calibration_and_held_out_parts_are_disjoint() -> None:
    """R, C_A and H_A share no question (of a data file, in a setting) and no docs
    questions file; no part of R is reported by either fold."""
    _need(FIT.NORMANS, FIT.RHINE, FIT.HOTPOT, FIT.MUSIQUE)
    calibration, held_out = FIT.fold("A")
    roles = [FIT.RULE_PARTS, calibration, held_out]
    asked = [set().union(*(_ids(p) for p in parts)) for parts in roles]
    for i, j in ((0, 1), (0, 2), (1, 2)):
        assert not asked[i] & asked[j], (i, j)
    rules = {p.label for p in FIT.RULE_PARTS}
    assert not rules & {p.label for p in FIT.fold("B")[1]}


@pytest.mark.slow  # runs 50 cases twice and a feature selection (~2.5 s)
def test_a_refit_on_real_cases_is_deterministic() -> None:
    """Run twice on the same calibration part, the candidates, their labels, the chosen
    features and the fitted weights are the same (no order, set or clock leaks in)."""
    _need(FIT.MUSIQUE)
    (part,) = [p for p in FIT.fold("A")[0] if p.spec.endswith(FIT.MUSIQUE)]

    def once() -> tuple[Any, ...]:
        collector = FIT.OfflinePolicy(min_confidence=0.0, calibration=None, two_hop=False)
        rows = FIT.run_part(part, collector)
        x, y = FIT.samples(rows)
        group = FIT.groups(rows)
        names, l2, loss = FIT.select(x, y, group, FIT.POOL)
        chosen, _ = FIT.samples(rows, tuple(names))
        return x.tolist(), y.tolist(), names, l2, loss, FIT.fit(chosen, y, l2, names)

    first = once()
    assert len(first[1]) > 10 and 0 < sum(first[1]) < len(first[1])  # right and wrong ones
    assert once() == first


def test_each_candidate_is_fitted_and_scored_in_its_own_domain() -> None:
    """A case's technical candidates go to the technical model's rows and the others to
    the prose model's, every case kept in both (so its cross-validation fold is the
    same); the out-of-fold probabilities come back in the case's own candidate order."""
    tech, prose = {"technical": 1.0}, {"technical": 0.0}
    rows = [
        {"extra": [(prose, True), (tech, False), (prose, False)], "extra_right": [1, 0, 0]},
        {"extra": [], "extra_right": []},
        {"extra": [(tech, True)], "extra_right": [1]},
    ]
    split = {name: FIT.domain_rows(rows, name) for name in FIT.DOMAINS}
    assert [len(r["extra"]) for r in split["prose"]] == [2, 0, 0]
    assert [len(r["extra"]) for r in split["technical"]] == [1, 0, 1]
    assert split["prose"][0]["extra_right"] == [1, 0]
    held = {"prose": [[0.1, 0.3], [], []], "technical": [[0.2], [], [0.4]]}
    assert FIT.merge_domains(rows, held) == [[0.1, 0.2, 0.3], [], [0.4]]


def test_the_written_squad_sets_come_from_their_own_side_s_records() -> None:
    """Each side's two written SQuAD 2.0-style sets are over paragraphs of that side's
    records of the two-hop files, none of which appear in R's records (1-50) or the
    other side's, and the second set's paragraphs are not the first's: a paragraph, and
    every question written from it, is on one side, once."""
    _need("hotpotqa-train100-distractor.json", "musique-ans-train100.json")
    hotpot = json.loads((SHARED_DATA / FIT.HOTPOT).read_text(encoding="utf-8"))
    musique = json.loads((SHARED_DATA / FIT.MUSIQUE).read_text(encoding="utf-8"))

    def texts(start: int, end: int) -> set[str]:
        out = {"".join(s).strip() for r in hotpot[start:end] for _, s in r["context"]}
        out |= {p["paragraph_text"].strip() for r in musique[start:end] for p in r["paragraphs"]}
        return {"".join(t.split()) for t in out}  # sentences are joined with spaces

    ranges = {0: FIT.RULE_RECORDS, 1: FIT.SIDE_1_RECORDS, 2: FIT.SIDE_2_RECORDS}
    pools = {side: texts(*ranges[side]) for side in ranges}
    one, two = FIT.sides()
    joined = {n: "\n".join(pool) for n, pool in pools.items()}  # a context may be a cut
    for side, parts in ((1, one), (2, two)):
        written = [p for p in parts if "squad_side" in p.spec]
        assert written == [FIT._written_squad(side), FIT._written_squad(side, second=True)]
        seen: set[str] = set()
        counts = {1: (40, 39), 2: (39, 38)}[side]  # the READMEs say which were dropped
        for part, count in zip(written, counts, strict=True):
            data = json.loads(Path(part.spec.split(":", 1)[1]).read_text(encoding="utf-8"))
            contexts = [
                "".join(p["context"].split()) for a in data["data"] for p in a["paragraphs"]
            ]
            assert len(contexts) == count
            assert not seen & set(contexts)  # the second set's paragraphs are new
            seen |= set(contexts)
            for context in contexts:
                assert context in joined[side]
                assert all(context not in joined[other] for other in ranges if other != side)
            cases = FIT.cases_of(part)
            assert sum(c.expect.abstains for c in cases) * 2 == len(cases) == 6 * len(contexts)


def test_the_written_two_hop_sets_come_from_their_own_side_s_records() -> None:
    """Each side's written two-hop questions (HotpotQA format) hold only paragraphs of
    that side's records of the shared two-hop files, and each is run with its derived
    unanswerable copy: a question's supporting paragraphs are calibration data of one
    side only."""
    _need("hotpotqa-train100-distractor.json", "musique-ans-train100.json")
    hotpot = json.loads((SHARED_DATA / FIT.HOTPOT).read_text(encoding="utf-8"))
    musique = json.loads((SHARED_DATA / FIT.MUSIQUE).read_text(encoding="utf-8"))

    def texts(start: int, end: int) -> set[str]:
        out = {"".join(s) for r in hotpot[start:end] for _, s in r["context"]}
        out |= {p["paragraph_text"] for r in musique[start:end] for p in r["paragraphs"]}
        return {"".join(t.split()) for t in out}

    one, two = FIT.sides()
    for side, parts, records in ((1, one, FIT.SIDE_1_RECORDS), (2, two, FIT.SIDE_2_RECORDS)):
        written = [p for p in parts if "twohop_side" in p.spec]
        assert written == [FIT._written_two_hop(side), FIT._written_two_hop(side, second=True)]
        pool = texts(*records)
        pairs: list[list[frozenset[str]]] = []
        for part in written:
            pairs.append([])
            assert part.derive
            data = json.loads(Path(part.spec.split(":", 1)[1]).read_text(encoding="utf-8"))
            for record in data:
                titles = {t for t, _ in record["supporting_facts"]}
                supporting = {
                    "".join("".join(sentences).split())
                    for title, sentences in record["context"]
                    if title in titles
                }
                assert supporting <= pool
                pairs[-1].append(frozenset(supporting))
            assert len(data) >= 30
            cases = FIT.cases_of(part)
            assert len(cases) == 2 * len(data)
            assert sum(c.id.endswith("::derived") for c in cases) == len(data)
        # the second set asks over other pairs of paragraphs than the first, each once
        first, second = pairs
        assert not set(first) & set(second) and len(set(second)) == len(second)


def _rows(seed: int = 3, n: int = 80, part: str = "p") -> list[dict[str, Any]]:
    """Synthetic calibration rows: two candidates a question over the fit's pool, right
    when the first two pool features say so (with noise); the third is noise."""
    rng = np.random.default_rng(seed)
    rows = []
    for q in range(n):
        extra = []
        for _ in range(2):
            # three features vary, the rest are constant (no direction: never chosen)
            values = {name: 0.0 for name in FIT.POOL}
            values.update({name: float(rng.random()) for name in FIT.POOL[:3]})
            right = values[FIT.POOL[0]] + 0.5 * values[FIT.POOL[1]] + rng.normal(scale=0.3) > 0.9
            extra.append((values, bool(right)))
        rows.append({"part": part, "case_id": f"q{q}", "extra": extra, "extra_right": []})
    return rows


def test_a_bootstrap_draw_is_the_questions_own() -> None:
    """A question's weight in a bag depends on its part, its id and the bag only: adding
    questions redraws none of the others (so a small change of the data moves the bagged
    model a little, not every bag)."""
    rows = _rows(n=40)
    before = [[FIT.bootstrap_weight(r, b) for r in rows] for b in range(5)]
    more = [*rows[:20], *_rows(seed=9, n=3, part="new"), *rows[20:]]
    after = [[FIT.bootstrap_weight(r, b) for r in more if r["part"] == "p"] for b in range(5)]
    assert before == after
    drawn = [w for bag in before for w in bag]
    assert 0 in drawn and max(drawn) >= 2  # Poisson: left out, drawn once, drawn twice
    assert before[0] != before[1]  # each bag its own draw


def test_a_bag_seed_draws_other_bootstraps_and_seed_0_is_the_shipped_draw() -> None:
    """``--bag-seed``: seed 0 draws exactly what the shipped model drew (no salt), another
    seed other bootstraps of the same questions, still each question's own, and a fit
    with it is another (deterministic) model."""
    rows = _rows(n=40)
    shipped = [[FIT.bootstrap_weight(r, b) for r in rows] for b in range(5)]
    assert shipped == [[FIT.bootstrap_weight(r, b, 0) for r in rows] for b in range(5)]
    other = [[FIT.bootstrap_weight(r, b, 1) for r in rows] for b in range(5)]
    assert other != shipped
    more = [*rows[:20], *_rows(seed=9, n=3, part="new"), *rows[20:]]
    again = [[FIT.bootstrap_weight(r, b, 1) for r in more if r["part"] == "p"] for b in range(5)]
    assert again == other
    rows = _rows()
    seeded = FIT.fit_domain(rows, seed=1)
    assert seeded.model != FIT.fit_domain(rows).model
    assert FIT.fit_domain(rows, seed=1).model == seeded.model
    assert seeded.record["bootstrap"].endswith("|bag|1)")


def test_the_bagged_fit_averages_members_and_scores_out_of_bag() -> None:
    """`fit_domain`: `BAGS` members (each chosen and fitted on its bootstrap), the shipped
    probability is their mean, the out-of-bag probability of a sample comes only from
    members that did not draw its question, and the fit is deterministic."""
    rows = _rows()
    done = FIT.fit_domain(rows)
    assert len(done.model["members"]) == done.record["bags"] == FIT.BAGS
    assert done.record["samples"] == 160 and FIT.POOL[0] in done.record["features_chosen"]
    model = Calibration.from_json({**done.model, "threshold": 0.5})
    values = rows[0]["extra"][0][0]
    x = np.array([[values[n] for n in FIT.POOL]])
    members = [FIT._member_probability(m, x)[0] for m in done.model["members"]]
    assert model.probability(values) == pytest.approx(sum(members) / len(members))
    out = [m for b, m in enumerate(members) if FIT.bootstrap_weight(rows[0], b) == 0]
    assert out and done.held[0][0] == pytest.approx(sum(out) / len(out))
    assert FIT.fit_domain(rows).model == done.model
    # the members' numbers compare one by one; another member list is a different model
    assert FIT._difference(done.model, done.model) == 0.0
    fewer = {**done.model, "members": done.model["members"][1:]}
    assert FIT._difference(done.model, fewer) == float("inf")


def test_a_vendored_docs_folder_holds_only_the_project_s_files() -> None:
    """Each vendored documentation corpus is indexed whole, so our note on where it came
    from lives outside it (``docs_corpora/sources/NAME.md``): a note inside was indexed as
    a page of the docs, and a run opened and cited it."""
    root = FIT.DOCS_CORPORA
    folders = sorted(p for p in root.iterdir() if p.is_dir() and p.name != "sources")
    assert len(folders) >= 20
    notes = {p.stem for p in (root / "sources").glob("*.md")}
    # (click's and Werkzeug's, the first two, are told in the folder's README only)
    assert len(notes) >= 18 and notes <= {f.name for f in folders}
    for folder in folders:
        assert not list(folder.rglob("SOURCE.md")), folder
        assert FIT.docs_folder(folder.name) == folder
