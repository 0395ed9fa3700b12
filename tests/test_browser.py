"""The web page, end to end in a real browser: Debian's Chromium driven by Playwright.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (`make
browser` installs it; ``$SLEUTH_CHROMIUM`` names another). Each test serves its own app
(`LiveServer`, its own runs store); nothing sleeps: the test waits on DOM conditions,
and where it must see steps arrive one at a time the policy decides only when the test
lets it (`Turns`).

The screenshot of the answered question is kept in ``artifacts/browser/answer.png``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
except ImportError:  # the dev extra installs it; the `browser` fixture says so
    sync_playwright = None  # type: ignore[assignment]

from sleuth.corpus import load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.result import Quote, Result, Status
from sleuth.runtime import Turn, run_steps
from sleuth.service import KeyStore, Rate, ServiceConfig
from sleuth.service.app import create_app
from sleuth.service.testing import LiveServer
from sleuth.service.web import GAP, sources
from sleuth.state import Observation, RunState, Step, Task
from sleuth.store import RunStore, StoredStep

CHROMIUM = Path(os.environ.get("SLEUTH_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "browser"
FOUNDER_Q = "Who founded Acme Robotics?"
FOOD_Q = "What is Ada Ortiz's favourite food?"
WORKSHOP_Q = "When and where is the Retrieval Workshop?"
WIKI = "https://wiki.example/Acme_Robotics"
WAIT_S = 10.0


def _unavailable(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why}: CI must run the browser test (`make test` installs both)")
    pytest.skip(f"{why}: `make install browser` installs it")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        _unavailable("the playwright package is not installed")
    if not CHROMIUM.exists():
        _unavailable(f"Debian's chromium is not installed at {CHROMIUM}")
    expect.set_options(timeout=WAIT_S * 1000)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_S * 1000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"the page's script failed: {errors}"


class Turns:
    """Lets a held policy decide one step at a time; free, it decides at once."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._free, self._permits = True, 0

    def hold(self) -> None:
        with self._lock:
            self._free, self._permits = False, 0

    def allow(self, decisions: int = 1) -> None:
        with self._lock:
            self._permits += decisions
            self._lock.notify_all()

    def free(self) -> None:
        with self._lock:
            self._free = True
            self._lock.notify_all()

    def wait(self) -> None:
        with self._lock:
            if not self._lock.wait_for(lambda: self._free or self._permits > 0, WAIT_S):
                raise TimeoutError("the test never let the policy decide")
            if not self._free:
                self._permits -= 1


class _TurnTaking:
    """The offline policy, deciding only when `Turns` lets it."""

    name = "offline"

    def __init__(self, turns: Turns) -> None:
        self.turns, self.inner = turns, OfflinePolicy()

    def decide(self, state: RunState) -> Turn:
        self.turns.wait()
        return self.inner.decide(state)


@pytest.fixture
def turns() -> Turns:
    return Turns()


@pytest.fixture
def server(tmp_path: Path, turns: Turns) -> Iterator[LiveServer]:
    app = create_app(
        ServiceConfig(db=tmp_path / "runs.db"), policies={"offline": lambda: _TurnTaking(turns)}
    )
    with LiveServer(app) as live:
        yield live


def stored(server: LiveServer, path: str) -> Any:
    response = httpx.get(server.url + path, timeout=WAIT_S)
    assert response.status_code == 200, response.text
    return response.json()


def visit(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")  # options, runs in


def ask(page: Page, question: str, **options: str) -> None:
    page.fill("#question", question)
    if "corpus" in options:
        page.select_option("#corpus", options["corpus"])
    page.fill("#require", options.get("require", ""))
    page.select_option("#conflict-rule", options.get("conflict_rule", ""))
    page.click("#ask-button")


def test_an_answer_streams_in_step_by_step_with_its_quote_highlighted(
    page: Page, server: LiveServer, turns: Turns
) -> None:
    visit(page, server.url)
    steps = page.locator("#steps > li")
    turns.hold()
    ask(page, FOUNDER_Q)

    turns.allow()  # the first decision: a search
    expect(steps).to_have_count(1)
    expect(steps.nth(0)).to_have_attribute("data-tool", "search")
    expect(steps.nth(0).locator(".observation")).to_contain_text("hit(s)")
    expect(steps.nth(0).locator(".duration")).to_contain_text("ms")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#runs li").first).to_have_attribute("data-status", "running")
    turns.allow()  # the second: open a page
    expect(steps).to_have_count(2)
    expect(steps.nth(1)).to_have_attribute("data-tool", "open")
    expect(steps.nth(1).locator(".args")).to_contain_text("url=")
    expect(page.locator("#result")).to_be_hidden()
    turns.free()

    result = page.locator("#result")
    expect(result).to_have_class("result answered")
    expect(result).to_have_attribute("data-status", "ready_for_review")
    expect(result.locator(".answer").first).to_have_text("Ada Ortiz")
    expect(result.locator(".citation").first).to_have_text(WIKI)
    expect(steps.last).to_have_attribute("data-tool", "finish")
    run = stored(server, "/v1/runs?limit=1")["runs"][0]
    evidence = stored(server, f"/v1/runs/{run['id']}")["result"]["evidence"][0]
    expect(result.locator("blockquote.evidence").first).to_contain_text(evidence["text"])

    mark = page.locator(".source mark")
    expect(mark).to_have_count(1)
    expect(mark).to_have_text(evidence["text"])
    expect(page.locator(".source").first.locator(".url")).to_have_text(WIKI)
    in_view = """mark => {
        const box = mark.closest("pre").getBoundingClientRect();
        const at = mark.getBoundingClientRect();
        return at.top >= box.top && at.bottom <= box.bottom;
    }"""
    assert mark.evaluate(in_view), "the quote is scrolled into view inside its page"
    expect(page.locator(".thought")).to_have_count(0)  # hidden unless asked for

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "answer.png"
    page.screenshot(path=str(shot), full_page=True)
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000

    # a cannot-answer: shown apart, with its status and reason
    ask(page, FOOD_Q)
    expect(result).to_have_class("result cannot")
    expect(result).to_have_attribute("data-status", "incomplete")
    expect(result.locator("h3")).to_have_text("Cannot answer")
    expect(result.locator(".reason")).to_have_text("fact_missing")
    expect(page.locator(".source mark")).to_have_count(0)

    # the history lists both runs, newest first, and loads one on a click
    history = page.locator("#runs li")
    expect(history).to_have_count(2)
    expect(history.nth(0)).to_contain_text(FOOD_Q)
    expect(history.nth(0)).to_have_attribute("data-status", "incomplete")
    expect(history.nth(1)).to_contain_text(FOUNDER_Q)
    expect(history.nth(1)).to_have_attribute("data-status", "ready_for_review")
    history.nth(1).locator("button").click()
    expect(page.locator("#run-question")).to_have_text(FOUNDER_Q)
    expect(result).to_have_class("result answered")
    expect(page.locator(".source mark")).to_have_text(evidence["text"])

    # thoughts: fetched and shown only with the toggle
    expect(page.locator(".thought")).to_have_count(0)
    page.check("#thoughts")
    thoughts = page.locator("#steps .thought")
    expect(thoughts).to_have_count(steps.count())
    expect(thoughts.first).to_be_visible()
    expect(thoughts.first).to_contain_text("Search the key words")
    page.uncheck("#thoughts")
    expect(thoughts.first).to_be_hidden()


def test_untrusted_text_is_shown_as_text(page: Page, server: LiveServer) -> None:
    question = '<img src=x onerror="document.body.dataset.pwned=1"> Who founded Acme Robotics?'
    visit(page, server.url)
    ask(page, question)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#run-question")).to_have_text(question)
    expect(page.locator("#runs li").first).to_contain_text(question)
    assert page.locator("img").count() == 0
    assert page.evaluate("document.body.dataset.pwned") is None


def test_the_page_loads_without_a_key_and_says_when_one_is_needed(
    page: Page, tmp_path: Path
) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(db)
    _, key = KeyStore(store).create("browser")
    store.close()
    with LiveServer(create_app(ServiceConfig(db=db))) as server:
        visit(page, server.url)
        expect(page.locator("#runs li.empty")).to_contain_text("API key needed")
        ask(page, FOUNDER_Q)
        expect(page.locator("#notice")).to_contain_text("API key needed")
        page.click("#key-box summary")
        page.fill("#key", key)
        page.click("#key-form button[type=submit]")
        expect(page.locator("#key-state")).to_have_text("(set for this tab)")
        expect(page.locator("#notice")).to_be_hidden()
        ask(page, FOUNDER_Q)
        expect(page.locator("#result")).to_have_attribute("data-status", "ready_for_review")
        expect(page.locator(".source mark")).to_have_count(1)
        expect(page.locator("#runs li").first).to_contain_text(FOUNDER_Q)


def test_a_rate_limited_page_says_when_to_try_again(page: Page, tmp_path: Path) -> None:
    config = ServiceConfig(db=tmp_path / "runs.db", rate=Rate.parse("3/3600"))
    with LiveServer(create_app(config)) as server:
        visit(page, server.url)  # the runs list and the corpora: the first two requests
        ask(page, FOUNDER_Q)  # the third; what follows is refused
        expect(page.locator("#result")).to_have_attribute("data-status", "ready_for_review")
        expect(page.locator("#notice")).to_contain_text("Too many requests (rate limited)")
        expect(page.locator("#notice")).to_contain_text("try again in")


def test_a_paused_run_is_approved_and_another_rejected(page: Page, server: LiveServer) -> None:
    visit(page, server.url)
    publish = page.locator("#publish")
    expect(publish).to_be_enabled()  # the server's spec has `publish`
    publish.check()
    ask(page, WORKSHOP_Q, corpus="workshop", require="venue, time", conflict_rule="newest")
    approval = page.locator("#approval")
    expect(approval).to_have_attribute("data-status", "pending")
    expect(approval.locator(".tool")).to_have_text("publish_brief")
    expect(approval.locator(".action-args")).to_contain_text("Room 204 of the Hall of Science")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#runs li").first).to_have_attribute("data-status", "awaiting_approval")
    steps = page.locator("#steps > li")
    paused_at = steps.count()

    page.fill("#approval-note", "checked both quotes")
    page.click("#approve")
    result = page.locator("#result")
    expect(result).to_have_attribute("data-status", "ready_for_review")
    expect(approval).to_have_attribute("data-status", "approved")
    expect(page.locator("#approve")).to_have_count(0)
    expect(steps.nth(paused_at)).to_have_attribute("data-tool", "publish_brief")  # streamed in
    expect(steps).to_have_count(paused_at + 1)  # publishing was the run's last step
    expect(result.locator("[data-field=venue] .answer")).to_have_text(
        "Room 204 of the Hall of Science"
    )
    expect(result.locator("[data-field=time] .answer")).to_have_text("10:15")
    expect(page.locator(".source mark").first).to_be_visible()
    expect(page.locator("#runs li").first).to_have_attribute("data-status", "ready_for_review")

    ask(page, FOUNDER_Q, corpus="acme")
    expect(approval).to_have_attribute("data-status", "pending")
    page.click("#reject")
    expect(result).to_have_class("result cannot")
    expect(result.locator(".reason")).to_have_text("rejected")
    expect(approval).to_have_attribute("data-status", "rejected")
    expect(page.locator("#runs li").first).to_have_attribute("data-status", "incomplete")

    # decided elsewhere meanwhile: the page says so and shows the run as it stands
    ask(page, FOUNDER_Q, corpus="acme")
    expect(approval).to_have_attribute("data-status", "pending")
    run_id = stored(server, "/v1/runs?limit=1")["runs"][0]["id"]
    elsewhere = httpx.post(f"{server.url}/v1/runs/{run_id}/approve", json={}, timeout=WAIT_S)
    assert elsewhere.status_code == 200, elsewhere.text
    page.click("#approve")
    expect(page.locator("#notice")).to_contain_text("already_decided")
    expect(approval).to_have_attribute("data-status", "approved")
    expect(result).to_have_attribute("data-status", "ready_for_review")

    # a decided run, loaded again, shows its decision and no buttons
    page.locator("#runs li").nth(2).locator("button").click()
    expect(page.locator("#run-question")).to_have_text(WORKSHOP_Q)
    expect(approval).to_have_attribute("data-status", "approved")
    expect(approval).to_contain_text("checked both quotes")
    expect(page.locator("#approve")).to_have_count(0)


def test_a_paused_run_is_cancelled_from_the_page(page: Page, server: LiveServer) -> None:
    visit(page, server.url)
    page.locator("#publish").check()
    ask(page, FOUNDER_Q, corpus="acme")
    approval = page.locator("#approval")
    expect(approval).to_have_attribute("data-status", "pending")
    page.click("#cancel")
    result = page.locator("#result")
    expect(result.locator(".reason")).to_have_text("cancelled")
    expect(approval).to_have_attribute("data-status", "cancelled")
    expect(page.locator("#cancel")).to_have_count(0)
    expect(page.locator("#approve")).to_have_count(0)
    expect(page.locator("#runs li").first).to_have_attribute("data-status", "incomplete")
    run = stored(server, f"/v1/runs/{stored(server, '/v1/runs?limit=1')['runs'][0]['id']}")
    assert run["result"]["reason"] == "cancelled" and run["approval"]["status"] == "cancelled"


# -- /sources, without a browser -------------------------------------------------------------


def test_sources_locate_every_quote_of_a_run(server: LiveServer) -> None:
    brief = {
        "question": WORKSHOP_Q,
        "corpus": "workshop",
        "require": ["venue", "time"],
    }
    result = httpx.post(server.url + "/v1/ask", json=brief, timeout=WAIT_S).json()
    assert result["status"] == "conflict"
    found = stored(server, f"/v1/runs/{result['run_id']}/sources")
    quotes = [result["fields"]["venue"]["evidence"][0]]
    quotes += [c["evidence"] for c in result["fields"]["time"]["conflicts"]]
    by_url = {s["url"]: s for s in found["sources"]}
    assert set(by_url) == {q["url"] for q in quotes}
    for quote in quotes:
        source = by_url[quote["url"]]
        assert [quote["start"], quote["end"]] in source["highlights"]
        assert any(start <= quote["start"] < end for start, end in source["shown"])
    missing = httpx.get(server.url + "/v1/runs/no-such-run/sources", timeout=WAIT_S)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_run"


def test_sources_of_another_corpus_are_the_windows_the_agent_read() -> None:
    url = "https://docs.example/page"
    body = "Opening text, then a part never read, then the   quote is here. And more after it."
    quoted = body.index("the   quote")

    def read(index: int, start: int, end: int) -> StoredStep:
        data = {"url": url, "title": "Page", "start": start, "end": end, "text": body[start:end]}
        page = Observation(text="", kind="page", data=data)
        return StoredStep.of(Step(index, "", "open", {"url": url}, page))

    steps = [read(1, quoted, quoted + 20), read(2, 0, 12), read(3, quoted + 10, len(body))]
    quote = Quote(url=url, text="the quote is here.", opened_step=1, start=0, end=1)
    result = Result(
        run_id="r",
        question="q",
        status=Status.READY_FOR_REVIEW,
        reason=None,
        cannot_answer=False,
        answer="a",
        citations=[url],
        evidence=[quote],
        steps=3,
        policy="offline",
        corpus="docs",
        elapsed_s=0.0,
    )
    [source] = sources(result, steps, bodies={})
    assert source.title == "Page"
    assert source.text == "Opening text" + GAP + body[quoted:]
    start, end = source.highlights[0]
    assert source.text[start:end] == "the   quote is here."  # found again: offsets moved
    assert source.shown == [(0, 12), (12 + len(GAP), len(source.text))]


def test_an_interrupted_run_is_resumed_from_the_page(page: Page, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    store = RunStore(db)
    steps = run_steps(Task(FOUNDER_Q), load_corpus("acme"), OfflinePolicy(), recorder=store)
    next(steps), next(steps)  # search, open: then the process "dies"
    steps.close()
    store.close()  # its lease goes with it: the run is interrupted
    with LiveServer(create_app(ServiceConfig(db=db))) as server:
        visit(page, server.url)
        history = page.locator("#runs li")
        expect(history.first).to_have_attribute("data-status", "interrupted")
        history.first.locator("button").click()
        expect(page.locator("#steps > li")).to_have_count(2)
        box = page.locator("#approval")
        expect(box).to_have_attribute("data-status", "interrupted")
        page.click("#resume")
        result = page.locator("#result")
        expect(result).to_have_attribute("data-status", "ready_for_review")
        expect(box).to_have_attribute("data-status", "resumed")
        expect(page.locator("#resume")).to_have_count(0)
        expect(page.locator("#steps > li").nth(2)).to_have_attribute("data-tool", "open")
        expect(page.locator(".source mark")).to_have_count(1)
        expect(history.first).to_have_attribute("data-status", "ready_for_review")
        run = stored(server, f"/v1/runs/{stored(server, '/v1/runs')['runs'][0]['id']}")
    assert [s["index"] for s in run["steps"]] == list(range(1, len(run["steps"]) + 1))


def test_each_run_has_a_page_url(page: Page, server: LiveServer) -> None:
    visit(page, server.url)
    ask(page, FOUNDER_Q)
    result = page.locator("#result")
    expect(result).to_have_attribute("data-status", "ready_for_review")
    founder = stored(server, "/v1/runs?limit=1")["runs"][0]["id"]
    link = page.locator("#run-link")
    expect(link).to_have_attribute("href", f"#run={founder}")
    assert page.evaluate("location.hash") == f"#run={founder}"  # in the address bar
    ask(page, FOOD_Q)
    expect(result).to_have_attribute("data-status", "incomplete")
    food = stored(server, "/v1/runs?limit=1")["runs"][0]["id"]
    assert food != founder and page.evaluate("location.hash") == f"#run={food}"

    # the first run's URL, opened afresh (a bookmark, a shared link), shows that run
    page.goto("about:blank")
    visit(page, f"{server.url}/#run={founder}")
    expect(page.locator("#run-question")).to_have_text(FOUNDER_Q)
    expect(result).to_have_attribute("data-status", "ready_for_review")
    expect(page.locator("#run-meta")).to_contain_text(f"run {founder}")
    # and following a run's link in the page switches to it
    page.evaluate(f"location.hash = '#run={food}'")
    expect(page.locator("#run-question")).to_have_text(FOOD_Q)
    expect(result).to_have_attribute("data-status", "incomplete")
    # an unknown run's URL says so, and the page still works
    page.goto("about:blank")
    visit(page, f"{server.url}/#run=no-such-run")
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#run")).to_be_hidden()


def test_your_own_documents_ask_and_follow_the_citation_to_the_quote(
    page: Page, tmp_path: Path
) -> None:
    """`sleuth index ./docs --index ./idx && sleuth serve --index docs=./idx`, in a browser:
    the picker lists the index, the answer cites a passage, and its citation opens the
    passage as the run saw it with the quote highlighted and in view."""
    from sleuth.ingest import ingest
    from sleuth.sources import ServedSpec, resolve_specs

    docs = tmp_path / "docs"
    docs.mkdir()
    filler = " ".join(f"Filler sentence {n} of the guide, about nothing much." for n in range(25))
    (docs / "guide.md").write_text(
        f"# Field guide\n\n{filler}\n\n## Lighthouse\n\n{filler}\n\n"
        "The Kestrel Point lighthouse was built in 1874 by Mira Santos.\n\n"
        f"## Harbour\n\n{filler}\n",
        encoding="utf-8",
    )
    ingest([docs], tmp_path / "idx")
    served = resolve_specs([ServedSpec("docs", "index", str(tmp_path / "idx"))], False)
    app = create_app(ServiceConfig(db=tmp_path / "runs.db", corpora=served))
    with LiveServer(app) as server:
        visit(page, server.url)
        options = page.locator("#corpus option")
        expect(options).to_have_count(1)
        expect(options.first).to_have_attribute("value", "docs")
        expect(options.first).to_contain_text("index: 1 documents")
        ask(page, "When was the Kestrel Point lighthouse built?", corpus="docs")
        result = page.locator("#result")
        expect(result).to_have_attribute("data-status", "ready_for_review")
        expect(result.locator(".answer").first).to_contain_text("1874")
        run = stored(server, "/v1/runs?limit=1")["runs"][0]
        evidence = stored(server, f"/v1/runs/{run['id']}")["result"]["evidence"][0]
        assert "guide.md#" in evidence["url"]  # #pN or #section

        result.locator(".citation").first.click()
        view = page.locator("#page-view")
        expect(view).to_be_visible()
        expect(page.locator("#run")).to_be_hidden()
        expect(view).to_have_attribute("data-url", evidence["url"])
        expect(page.locator("#page-view-title")).to_contain_text("Lighthouse")
        mark = view.locator("mark")
        expect(mark).to_have_count(1)
        expect(mark).to_have_text(evidence["text"])
        assert "1874" in evidence["text"]
        in_view = """mark => {
            const box = mark.closest("pre").getBoundingClientRect();
            const at = mark.getBoundingClientRect();
            return at.top >= box.top && at.bottom <= box.bottom
                && at.top >= 0 && at.bottom <= window.innerHeight;
        }"""
        assert mark.evaluate(in_view), "the quote is scrolled into view"
        assert "&page=" in page.url  # the view has its own address, to share

        page.reload()  # the address alone brings the same view back
        expect(page.locator("#page-view mark")).to_have_text(evidence["text"])
        page.locator("#page-view-back").click()
        expect(page.locator("#run")).to_be_visible()
        expect(page.locator("#page-view")).to_be_hidden()
