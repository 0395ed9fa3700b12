"""`sleuth serve --index NAME=DIR --corpus NAME=FILE`: your own documents over real HTTP.

Each test writes a small docs folder, indexes it with `sleuth.ingest.ingest` (what
`sleuth index` runs), serves it with `LiveServer` and asks over loopback. A rebuild
happens between requests, or while a run is held between two of its steps (a policy
that waits on an event), so nothing sleeps.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from sleuth.config import serve_defaults
from sleuth.errors import UsageError
from sleuth.ingest import ingest
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import Turn
from sleuth.sources import ServedSpec, resolve_specs
from sleuth.state import RunState
from sleuth.store import RunStore
from stored import run_json
from test_service import served
from test_service_cli import invoke

FILLER = " ".join(f"Paragraph filler sentence number {n} says nothing at all." for n in range(20))
HANDBOOK = f"""# Northwind handbook

Welcome to the handbook. {FILLER}

## Offices

The head office of Northwind Traders is in Porto, on Rua das Flores. {FILLER}

## Holidays

Every employee gets 27 days of paid holiday a year. {FILLER}
"""
FAQ = [
    {"url": "faq://shipping", "title": "Shipping", "body": "Orders ship from Rotterdam."},
    {"url": "faq://returns", "title": "Returns", "body": "Returns are accepted for 30 days."},
]


def write_docs(folder: Path, office: str = "Porto") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "handbook.md").write_text(HANDBOOK.replace("Porto", office), encoding="utf-8")
    return folder


def build(tmp_path: Path, office: str = "Porto") -> Path:
    index = tmp_path / "idx"
    report = ingest([write_docs(tmp_path / "docs", office)], index)
    assert report.documents == 1
    return index


def faq_file(tmp_path: Path) -> Path:
    path = tmp_path / "faq.jsonl"
    path.write_text("".join(json.dumps(page) + "\n" for page in FAQ), encoding="utf-8")
    return path


def specs(tmp_path: Path, builtins: bool = False) -> tuple[ServedSpec, ...]:
    index, faq = build(tmp_path), faq_file(tmp_path)
    named = [ServedSpec("docs", "index", str(index)), ServedSpec("faq", "file", str(faq))]
    return resolve_specs(named, builtins)


def test_served_index_and_file_are_listed_and_asked(db_path: Path, tmp_path: Path) -> None:
    with served(db_path, corpora=specs(tmp_path)) as client:
        listed = client.get("/v1/corpora").json()
        answer = client.post(
            "/v1/ask", json={"question": "Where is the head office of Northwind Traders?"}
        ).json()
        faq = client.post(
            "/v1/ask", json={"question": "Where do orders ship from?", "corpus": "faq"}
        ).json()
        builtin = client.post("/v1/ask", json={"question": "Who founded Acme?", "corpus": "acme"})
    docs, files = listed["corpora"]
    assert listed["default"] == "docs"
    assert docs["name"] == "docs" and docs["kind"] == "index"
    assert docs["pages"] == 1 and docs["passages"] >= 2
    assert docs["index_format"] == "sleuth-index-3" and docs["engine"] == "tantivy"
    assert docs["build"] and docs["built_at"]
    assert files["kind"] == "file" and files["pages"] == files["passages"] == 2
    assert files["build"].startswith("sha256:")
    assert answer["status"] == "ready_for_review", answer
    assert "Porto" in answer["answer"] and answer["corpus"] == "docs"
    assert answer["citations"][0].startswith("file://") and "handbook.md#" in answer["citations"][0]
    assert faq["status"] == "ready_for_review" and "Rotterdam" in faq["answer"]
    # the built-in corpora are not served when corpora are named
    assert builtin.status_code == 404
    error = builtin.json()["error"]
    assert error["code"] == "unknown_corpus"
    assert error["message"] == "unknown corpus 'acme': served here: docs, faq"
    stored = run_json(RunStore(db_path), answer["run_id"])
    assert stored is not None and stored["corpus"] == "docs"
    assert stored["corpus_build"] == docs["build"]


def test_builtins_are_served_beside_named_corpora_when_asked(db_path: Path, tmp_path: Path) -> None:
    with served(db_path, corpora=specs(tmp_path, builtins=True)) as client:
        names = [c["name"] for c in client.get("/v1/corpora").json()["corpora"]]
        acme = client.post(
            "/v1/ask", json={"question": "Who founded Acme Robotics?", "corpus": "acme"}
        )
    assert names == ["docs", "faq", "acme", "brand", "workshop"]
    assert acme.status_code == 200 and acme.json()["answer"] == "Ada Ortiz"


def test_nothing_named_serves_the_builtin_corpora(db_path: Path) -> None:
    with served(db_path) as client:
        listed = client.get("/v1/corpora").json()
        unknown = client.post("/v1/ask", json={"question": "q", "corpus": "docs"})
    assert [c["name"] for c in listed["corpora"]] == ["acme", "brand", "workshop"]
    assert listed["default"] == "acme"
    assert {c["kind"] for c in listed["corpora"]} == {"builtin"}
    assert unknown.status_code == 404
    assert unknown.json()["error"]["message"].endswith("served here: acme, brand, workshop")


def test_search_returns_what_the_agent_search_returns(db_path: Path, tmp_path: Path) -> None:
    with served(db_path, corpora=specs(tmp_path)) as client:
        found = client.get("/v1/search", params={"corpus": "docs", "q": "holiday days", "k": 3})
        default = client.get("/v1/search", params={"q": "head office"})
        faq = client.get("/v1/search", params={"corpus": "faq", "q": "returns"})
        nothing = client.get("/v1/search", params={"corpus": "docs", "q": "zebra"})
        unknown = client.get("/v1/search", params={"corpus": "nope", "q": "x"})
        bad_k = client.get("/v1/search", params={"q": "x", "k": 0})
        no_q = client.get("/v1/search", params={"corpus": "docs"})
    assert found.status_code == 200, found.text
    body = found.json()
    assert body["corpus"] == "docs" and body["query"] == "holiday days" and body["build"]
    top = body["hits"][0]
    assert "handbook.md#" in top["url"] and "Holidays" in top["title"]  # #pN or #section
    assert "27 days" in top["snippet"] and top["score"] > 0
    assert default.json()["corpus"] == "docs" and "Offices" in default.json()["hits"][0]["title"]
    assert [h["url"] for h in faq.json()["hits"]] == ["faq://returns"]
    assert nothing.json()["hits"] == []
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_corpus"
    assert bad_k.status_code == 422 and no_q.status_code == 422


class _Held:
    """The offline policy, stopping before its second decision until released."""

    name = "offline"

    def __init__(self, reached: threading.Event, release: threading.Event) -> None:
        self.reached, self.release, self.inner, self.turns = reached, release, OfflinePolicy(), 0

    def decide(self, state: RunState) -> Turn:
        self.turns += 1
        if self.turns == 2:
            self.reached.set()
            assert self.release.wait(30)
        return self.inner.decide(state)


def test_a_rebuilt_index_is_picked_up_and_runs_in_flight_go_on(
    db_path: Path, tmp_path: Path
) -> None:
    index = build(tmp_path)
    reached, release = threading.Event(), threading.Event()
    policies: dict[str, Any] = {"offline": lambda: _Held(reached, release)}
    question = {"question": "Where is the head office of Northwind Traders?"}
    corpora = resolve_specs([ServedSpec("docs", "index", str(index))], False)
    with served(db_path, corpora=corpora, policies=policies) as client:
        before = client.get("/v1/corpora").json()["corpora"][0]
        results: list[httpx.Response] = []
        held = threading.Thread(
            target=lambda: results.append(client.post("/v1/ask", json=question))
        )
        held.start()
        assert reached.wait(30)  # the run has searched and waits before its next step
        unchanged = ingest([tmp_path / "docs"], index)  # same files: no new build
        same = client.get("/v1/corpora").json()["corpora"][0]
        ingest([write_docs(tmp_path / "docs", office="Lisbon")], index)
        after = client.get("/v1/corpora").json()["corpora"][0]
        release.set()
        held.join(30)
        policies["offline"] = OfflinePolicy
        fresh = client.post("/v1/ask", json=question).json()
    assert unchanged.unchanged == 1 and same["build"] == before["build"]
    assert after["build"] != before["build"] and after["built_at"]
    (in_flight,) = results
    assert in_flight.status_code == 200, in_flight.text  # nothing failed mid-run
    old = in_flight.json()
    assert fresh["status"] == "ready_for_review" and "Lisbon" in fresh["answer"]
    store = RunStore(db_path)
    old_run, new_run = run_json(store, old["run_id"]), run_json(store, fresh["run_id"])
    assert old_run is not None and new_run is not None
    assert old_run["corpus_build"] == before["build"]
    assert new_run["corpus_build"] == after["build"]


def test_an_index_replaced_whole_is_reopened(db_path: Path, tmp_path: Path) -> None:
    index = build(tmp_path)
    corpora = resolve_specs([ServedSpec("docs", "index", str(index))], False)
    question = {"question": "Where is the head office of Northwind Traders?"}
    with served(db_path, corpora=corpora) as client:
        first = client.post("/v1/ask", json=question).json()
        moved = tmp_path / "old-idx"
        index.rename(moved)
        ingest([write_docs(tmp_path / "docs2", office="Braga")], index)  # a new folder
        second = client.post("/v1/ask", json=question).json()
    assert "Porto" in first["answer"] and "Braga" in second["answer"]


def test_reload_is_for_admin_keys_and_open_mode(db_path: Path, tmp_path: Path) -> None:
    from sleuth.service import KeyStore

    corpora = specs(tmp_path)
    with served(db_path, corpora=corpora) as client:
        opened = client.post("/v1/corpora/docs/reload")
    keys = KeyStore(RunStore(db_path))
    _, admin = keys.create("ops", admin=True)
    _, user = keys.create("user")
    with served(db_path, corpora=corpora) as client:
        refused = client.post("/v1/corpora/docs/reload", headers=_auth(user))
        done = client.post("/v1/corpora/docs/reload", headers=_auth(admin))
        unknown = client.post("/v1/corpora/nope/reload", headers=_auth(admin))
    assert opened.status_code == 200 and opened.json()["name"] == "docs"
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    assert done.status_code == 200 and done.json()["kind"] == "index"
    assert unknown.status_code == 404


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


# -- the command line and the configuration ------------------------------------------------


def test_serve_flags_name_the_corpora(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth.service import app as app_module

    index, faq = build(tmp_path), faq_file(tmp_path)
    seen: list[Any] = []
    monkeypatch.setattr(app_module, "create_app", lambda config: seen.append(config))
    monkeypatch.setattr("uvicorn.run", lambda app, **options: None)
    result = invoke(
        "serve",
        "--db",
        db_path,
        "--index",
        f"docs={index}",
        "--corpus",
        f"faq={faq}",
        "--corpus",
        "acme",
        "--port",
        "0",
    )
    assert result.exit_code == 0, result.output
    (config,) = seen
    assert [(s.name, s.kind) for s in config.corpora] == [
        ("docs", "index"),
        ("faq", "file"),
        ("acme", "builtin"),
    ]
    assert "serving docs: index (1 documents" in result.stderr
    assert "serving faq: file (2 pages)" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--index", "docs"], "expected NAME=INDEX"),
        (["--index", "bad name=./x"], "a served corpus name is 1 to 64"),
        (["--index", "docs=./missing"], "no such index"),
        (["--corpus", "faq=./missing.jsonl"], "no such file"),
        (["--corpus", "nope"], "or a built-in corpus name"),
        (["--corpus", "acme", "--corpus", "acme=./x.json"], "served twice"),
    ],
)
def test_serve_refuses_bad_corpora_in_one_line(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text('{"u": {"body": "b"}}', encoding="utf-8")
    result = invoke("serve", "--db", db_path, "--port", "0", *args)
    assert isinstance(result.exception, UsageError), result.output  # exit 2, one line
    assert message in str(result.exception)


def test_serve_corpora_from_toml_and_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "sleuth.toml").write_text(
        'model = "openai:x"\n[serve]\nbuiltins = true\n[serve.index]\ndocs = "../idx"\n'
        '[serve.corpus]\nfaq = "faq.jsonl"\n',
        encoding="utf-8",
    )
    found = serve_defaults(environ={}, cwd=project)
    assert found.index == (f"docs={project / '../idx'}",)
    assert found.corpus == (f"faq={project / 'faq.jsonl'}",)
    assert found.builtins and found.origin == str(project / "sleuth.toml")
    env = {"SLEUTH_SERVE_INDEX": "a=/srv/a, b=/srv/b", "SLEUTH_SERVE_CORPUS": "acme"}
    from_env = serve_defaults(environ=env, cwd=project)  # the environment beats the file
    assert from_env.index == ("a=/srv/a", "b=/srv/b") and from_env.corpus == ("acme",)
    assert not from_env.builtins and from_env.origin == "SLEUTH_SERVE_INDEX and SLEUTH_SERVE_CORPUS"
    explicit = tmp_path / "serve.toml"
    explicit.write_text('[serve.index]\nhelp = "/srv/help"\n', encoding="utf-8")
    assert serve_defaults(environ=env, cwd=project, config_file=explicit).index == (
        "help=/srv/help",
    )
    (project / "sleuth.toml").write_text("[serve]\nindexes = 1\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"unknown setting serve\.indexes"):
        serve_defaults(environ={}, cwd=project)


def test_serve_reads_its_corpora_from_the_environment(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sleuth.service import app as app_module

    index = build(tmp_path)
    seen: list[Any] = []
    monkeypatch.setattr(app_module, "create_app", lambda config: seen.append(config))
    monkeypatch.setattr("uvicorn.run", lambda app, **options: None)
    monkeypatch.setenv("SLEUTH_SERVE_INDEX", f"docs={index}")
    monkeypatch.setenv("SLEUTH_SERVE_BUILTINS", "1")
    result = invoke("serve", "--db", db_path, "--port", "0")
    assert result.exit_code == 0, result.output
    assert [s.name for s in seen[0].corpora] == ["docs", "acme", "brand", "workshop"]


def test_runs_show_names_the_build_and_key(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sleuth.cli import main
    from sleuth.service import KeyStore

    record, key = KeyStore(RunStore(db_path)).create("docs team")
    index = build(tmp_path)
    corpora = resolve_specs([ServedSpec("docs", "index", str(index))], False)
    with served(db_path, corpora=corpora) as client:
        made = client.post(
            "/v1/ask",
            json={"question": "Where is the head office of Northwind Traders?"},
            headers={"Authorization": f"Bearer {key}"},
        ).json()
        build_id = client.get("/v1/corpora", headers={"Authorization": f"Bearer {key}"}).json()[
            "corpora"
        ][0]["build"]
    assert main(["runs", "show", made["run_id"], "--db", str(db_path)]) == 0
    shown = capsys.readouterr().out
    assert f"corpus build {build_id} · API key {record.id}" in shown
