// sleuth's web page: a client of the documented HTTP API, nothing more.
//
// Page text and model output are untrusted data: everything the server sends is put in
// the page as text (textContent / text nodes), never parsed as markup, and no URL from
// a run becomes a link target: a citation links to this page's own view of the source as
// the run saw it (/#run=RUN_ID&page=URL), with the quote highlighted.

const KEY = "sleuth.key";
const PAGE = 15;

const $ = (selector) => document.querySelector(selector);

const view = {
  runId: null, // the run on screen
  sourceIds: new Map(), // url -> element id of its source section
  busy: false,
  next: null, // the runs list's next page
};

// -- small DOM helpers ---------------------------------------------------------------

/** An element with a class and children (strings become text nodes). */
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

function clear(node) {
  node.replaceChildren();
  return node;
}

function notice(message, kind = "error") {
  const box = $("#notice");
  box.textContent = message;
  box.className = kind;
  box.hidden = !message;
}

// -- the API -------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

function headers(json) {
  const result = { accept: "application/json, text/event-stream" };
  if (json) result["content-type"] = "application/json";
  const key = sessionStorage.getItem(KEY);
  if (key) result.authorization = `Bearer ${key}`;
  return result;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: headers(body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    let code = `http_${response.status}`;
    let message = response.statusText || "request failed";
    try {
      const data = await response.json();
      code = data?.error?.code ?? code;
      message = data?.error?.message ?? message;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(response.status, code, message, response.headers.get("retry-after"));
  }
  return response;
}

const getJson = async (path) => (await api("GET", path)).json();

/** Words for a failed request, saying what to do about it. */
function explain(error) {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return `API key needed (401): ${error.message}. Enter a key under “API key” above ` +
        "(the server's owner creates one with `sleuth keys create NAME`).";
    }
    if (error.status === 429) {
      const wait = error.retryAfter ? `${error.retryAfter} s` : "a moment";
      return `Too many requests (rate limited): try again in ${wait}.`;
    }
    return `${error.status} ${error.code}: ${error.message}`;
  }
  return `The request failed: ${error.message}`;
}

/** The Server-Sent Events of a fetch response, as {name, data} with data parsed. */
async function* sse(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value.replaceAll("\r\n", "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseEvent(block);
      if (event) yield event;
    }
    if (done) return;
  }
}

function parseEvent(block) {
  let name = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  return data.length ? { name, data: JSON.parse(data.join("\n")) } : null;
}

// -- asking --------------------------------------------------------------------------

function askBody() {
  const body = {
    question: $("#question").value,
    stream: true,
    thoughts: $("#thoughts").checked,
  };
  if ($("#corpus").value) body.corpus = $("#corpus").value;
  const require = $("#require").value.split(",").map((f) => f.trim()).filter(Boolean);
  if (require.length) body.require = require;
  if ($("#conflict-rule").value) body.conflict_rule = $("#conflict-rule").value;
  if ($("#publish").checked && !$("#publish").disabled) body.publish = true;
  return body;
}

async function ask(event) {
  event.preventDefault();
  if (view.busy) return;
  const body = askBody();
  startRun(body.question, `corpus ${body.corpus ?? ($("#corpus").selectedOptions[0]?.dataset.name || "default")}`);
  await busy(async () => {
    await follow(await api("POST", "v1/ask", body));
  });
}

/** Run ``work`` with the Ask button disabled; a failure becomes the notice. */
async function busy(work) {
  setBusy(true);
  try {
    await work();
  } catch (error) {
    notice(explain(error));
    setMeta("not finished");
  } finally {
    setBusy(false);
    refreshHistory();
  }
}

/** While a run streams in, the Ask button and the runs list wait. */
function setBusy(flag) {
  view.busy = flag;
  $("#ask-button").disabled = flag;
  for (const button of document.querySelectorAll(".run-link")) button.disabled = flag;
}

/** Consume a response from ask or approve: an event stream, or one JSON body. */
async function follow(response) {
  const type = response.headers.get("content-type") || "";
  if (!type.startsWith("text/event-stream")) {
    const data = await response.json();
    if (data.approval) showApproval(data);
    else await showResult(data);
    return;
  }
  let ended = false;
  for await (const { name, data } of sse(response)) {
    if (name === "run") {
      view.runId = data.run_id;
      setMeta(`run ${data.run_id} · running`);
      refreshHistory();
    } else if (name === "step") {
      addStep(data, data.observation);
    } else if (name === "result") {
      ended = true;
      await showResult(data);
    } else if (name === "approval") {
      ended = true;
      showApproval(data);
    } else if (name === "error") {
      ended = true;
      notice(`The run failed: ${data.error?.message ?? "unknown error"}`);
      setMeta(`run ${data.error?.run_id ?? view.runId ?? "?"} · error`);
    }
  }
  if (!ended) {
    notice("The stream ended before the run did; it may still be going: see Recent runs.");
  }
}

// -- the run on screen ---------------------------------------------------------------

function startRun(question, meta) {
  notice("");
  $("#page-view").hidden = true;
  view.runId = null;
  view.sourceIds = new Map();
  $("#run").hidden = false;
  $("#run-question").textContent = question;
  setMeta(meta);
  clear($("#steps"));
  for (const box of [$("#approval"), $("#result")]) {
    clear(box).hidden = true;
    box.removeAttribute("class");
    delete box.dataset.status; // no stale status for the next run (or a test) to read
  }
  clear($("#sources"));
}

// Each run has a page URL, /#run=RUN_ID: the run on screen keeps it in the address bar
// (to bookmark or share), and opening it shows that run.
function runLink(runId) {
  return `#run=${encodeURIComponent(runId)}`;
}

/** The view of one page a run opened, its quotes highlighted: /#run=RUN_ID&page=URL. */
function pageLink(runId, url) {
  return `${runLink(runId)}&page=${encodeURIComponent(url)}`;
}

/** {run, page} from the address bar's hash (page null for a run's own view). */
function linked() {
  const match = /^#run=([^&]+)(?:&page=(.+))?$/.exec(location.hash);
  if (!match) return { run: null, page: null };
  try {
    return {
      run: decodeURIComponent(match[1]),
      page: match[2] === undefined ? null : decodeURIComponent(match[2]),
    };
  } catch {
    return { run: null, page: null };
  }
}

function linkedRun() {
  return linked().run;
}

function setMeta(text) {
  const meta = clear($("#run-meta"));
  meta.append(text);
  if (!view.runId) return;
  const link = el("a", "permalink", "link to this run");
  link.id = "run-link";
  link.href = runLink(view.runId);
  link.title = "this run's page: bookmark or share it";
  meta.append(" · ", link);
  const { run, page } = linked();
  if (run === view.runId && page !== null) return; // a page of this run is on screen
  if (location.hash !== runLink(view.runId)) history.replaceState(null, "", runLink(view.runId));
}

function showingThoughts() {
  return $("#thoughts").checked;
}

const ARGS_SHOWN = 240; // characters of a step's arguments shown; all of them on hover

function formatArgs(args) {
  return Object.entries(args || {})
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join("  ");
}

function argsView(args) {
  const text = formatArgs(args);
  const code = el("code", "args", text.length > ARGS_SHOWN ? `${text.slice(0, ARGS_SHOWN)}…` : text);
  if (text.length > ARGS_SHOWN) code.title = text;
  return code;
}

/** One step: the tool and its arguments, a line about what came back, the time taken. */
function addStep(step, observation) {
  const item = el(
    "li",
    `step${step.error ? " failed" : ""}`,
    el(
      "div",
      "step-head",
      el("span", "index", `${step.index}`),
      el("span", "tool", step.tool),
      argsView(step.args),
      el("span", "duration", `${Number(step.duration_ms).toFixed(1)} ms`),
    ),
    el("div", "observation", observation),
    step.thought ? el("div", "thought", "Thought: ", step.thought) : null,
  );
  item.dataset.tool = step.tool;
  item.dataset.kind = step.kind;
  $("#steps").append(item);
}

/** The stream's one-line observation, for a stored step (mirrors the server's summary). */
function summary(step) {
  const data = step.data || {};
  if (step.kind === "hits") {
    const urls = (data.hits || []).map((hit) => String(hit.url));
    const more = urls.length > 3 ? " …" : "";
    return `${urls.length} hit(s)` + (urls.length ? `: ${urls.slice(0, 3).join(", ")}${more}` : "");
  }
  if (step.kind === "page") {
    const note = data.reopened ? " (re-opened)" : "";
    return `read “${data.title ?? ""}”, characters ${data.start}-${data.end} of ${data.length}${note}`;
  }
  const flat = String(step.observation || "").split(/\s+/).join(" ").trim();
  return flat.length <= 200 ? flat : `${flat.slice(0, 199)}…`;
}

const REASONS = {
  no_hits: "search found nothing",
  not_found: "every page it tried to open failed",
  fact_missing: "it opened pages, but none states the fact",
  invalid_finish: "its answer failed validation twice",
  model_error: "the model failed",
  budget: "it ran out of steps",
  timeout: "it ran out of time",
  conflict: "the opened sources disagree",
  rejected: "a person rejected the action it asked to take",
  cancelled: "it was cancelled",
};

function sourceId(url) {
  if (!view.sourceIds.has(url)) view.sourceIds.set(url, `source-${view.sourceIds.size + 1}`);
  return view.sourceIds.get(url);
}

/** A citation: the URL as a label, linking to this page's view of the source as the run
 * saw it, with the quote highlighted (never to the URL itself). */
function citation(url) {
  const link = el("a", "citation", url);
  link.href = view.runId ? pageLink(view.runId, url) : `#${sourceId(url)}`;
  link.title = "the page as the run saw it, the quote highlighted";
  return link;
}

function quote(evidence) {
  return el("blockquote", "evidence", evidence.text, el("cite", null, citation(evidence.url)));
}

function statusLine(status, reason) {
  const line = el("p", "status", el("span", `badge ${status}`, status));
  if (reason) {
    line.append(" ", el("span", "reason", reason), ` — ${REASONS[reason] ?? reason}`);
  }
  return line;
}

/** The body of a Result or of one field of a brief: answer, citations, quotes, conflicts. */
function sourced(part) {
  const box = el("div", "sourced");
  box.append(el("p", "answer", part.answer));
  if (part.citations?.length) {
    box.append(el("p", "citations", "Cited: ", ...part.citations.flatMap((u, i) =>
      i ? [", ", citation(u)] : [citation(u)])));
  }
  for (const evidence of part.evidence ?? []) box.append(quote(evidence));
  if (part.conflicts?.length) {
    const list = el("ul", "conflicts");
    for (const value of part.conflicts) {
      const dated = [value.published, value.version && `version ${value.version}`,
        value.authority && `authority ${value.authority}`].filter(Boolean).join(", ");
      list.append(el("li", "conflict",
        el("strong", "value", value.value), dated ? ` (${dated})` : "", quote(value.evidence)));
    }
    const head = part.resolution ? "The sources disagree; an explicit rule picked one:"
      : "The sources disagree:";
    box.append(el("p", "conflicts-head", head), list);
  }
  if (part.resolution) {
    const r = part.resolution;
    box.append(el("p", "resolution", `Resolved by the rule “${r.rule}”: `, citation(r.picked),
      " over ", ...r.over.flatMap((u, i) => (i ? [", ", citation(u)] : [citation(u)]))));
  }
  return box;
}

async function showResult(result) {
  view.runId = result.run_id;
  const box = clear($("#result"));
  box.hidden = false;
  box.className = result.cannot_answer ? "result cannot" : "result answered";
  box.dataset.status = result.status;
  box.append(
    el("h3", null, result.cannot_answer ? "Cannot answer" : "Answer"),
    statusLine(result.status, result.reason),
    sourced(result),
  );
  for (const [name, field] of Object.entries(result.fields ?? {})) {
    const part = el("section", `field ${field.cannot_answer ? "cannot" : "answered"}`,
      el("h4", null, name), sourced(field));
    part.dataset.field = name;
    box.append(part);
  }
  box.append(el("p", "meta",
    `${result.steps} step(s) · ${result.opened.length} page(s) opened · ${result.elapsed_s} s`));
  setMeta(`run ${result.run_id} · ${result.status}`);
  $("#approval .decide")?.remove(); // decided: the buttons have done their part
  await showSources(result.run_id);
}

async function showSources(runId) {
  let data;
  try {
    data = await getJson(`v1/runs/${encodeURIComponent(runId)}/sources`);
  } catch (error) {
    notice(explain(error));
    return;
  }
  if (view.runId !== runId) return; // another run was opened meanwhile
  const box = clear($("#sources"));
  if (!data.sources.length) return;
  box.append(el("h3", null, "Cited pages"));
  for (const source of data.sources) {
    const text = pageText(source);
    const section = el("section", "source", el("h4", null, source.title),
      el("p", "url", source.url), text);
    section.id = sourceId(source.url);
    box.append(section);
    const mark = text.querySelector("mark");
    // the <pre> is positioned, so the mark's offsetTop is measured inside it
    if (mark) text.scrollTop = Math.max(0, mark.offsetTop - text.clientHeight / 3);
  }
}

/** The page's text, its quotes in <mark> and what the agent never read dimmed. */
function pageText(source) {
  const cuts = new Set([0, source.text.length]);
  for (const [start, end] of [...source.highlights, ...source.shown]) {
    cuts.add(start);
    cuts.add(end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const inside = (spans, at) => spans.some(([start, end]) => start <= at && at < end);
  const pre = el("pre", "page-text");
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i], points[i + 1]];
    const piece = source.text.slice(start, end);
    const marked = inside(source.highlights, start);
    const node = marked ? el("mark", null, piece) : el("span", null, piece);
    if (!inside(source.shown, start)) {
      node.classList.add("unread");
      node.title = "not shown to the agent";
    }
    pre.append(node);
  }
  return pre;
}

// -- one page as the run saw it ------------------------------------------------------

async function showPage(runId, url) {
  let source;
  try {
    source = await getJson(`v1/runs/${encodeURIComponent(runId)}/page?url=${encodeURIComponent(url)}`);
  } catch (error) {
    notice(explain(error));
    return;
  }
  const box = $("#page-view");
  $("#page-view-title").textContent = source.title;
  $("#page-view-back").href = runLink(runId);
  const quotes = source.highlights.length;
  $("#page-view-meta").textContent = `${source.url} · as run ${runId} saw it · ` +
    `${quotes} quote(s) highlighted · dimmed: not shown to the agent`;
  const text = pageText(source);
  clear($("#page-view-body")).append(text);
  box.dataset.url = source.url;
  box.hidden = false;
  $("#run").hidden = true;
  const mark = text.querySelector("mark");
  if (mark) {
    text.scrollTop = Math.max(0, mark.offsetTop - text.clientHeight / 3);
    mark.scrollIntoView({ block: "center" });
  } else {
    box.scrollIntoView({ block: "start" });
  }
}

/** Show what the address bar names: a run, or one page of it. */
async function followHash() {
  const { run, page } = linked();
  if (!run || view.busy) return;
  if (run !== view.runId) await loadRun(run);
  if (view.runId !== run) return; // it could not be loaded (the notice says why)
  if (page !== null) await showPage(run, page);
  else {
    $("#page-view").hidden = true;
    $("#run").hidden = false;
  }
}

// -- approval ------------------------------------------------------------------------

function showApproval(data) {
  view.runId = data.run_id;
  const request = data.approval;
  const box = clear($("#approval"));
  box.hidden = false;
  box.className = `approval ${request.status}`;
  box.dataset.status = request.status;
  const when = request.requested_at ? `, asked at ${request.requested_at}` : "";
  box.append(
    el("h3", null, request.status === "pending" ? "Waiting for your approval" : `Action ${request.status}`),
    el("p", null, "The agent wants to run ", el("code", "tool", request.tool),
      ` (step ${request.step}${when}). Nothing is applied until a person approves it.`),
    el("p", "action-head", request.payload ? "What would be published:" : "The call:"),
    el("pre", "action-args", JSON.stringify(request.payload ?? request.args, null, 2)),
  );
  if (request.status !== "pending") {
    box.append(el("p", "meta", `Decided at ${request.decided_at ?? "?"}`,
      request.decided_by ? ` by ${request.decided_by}` : "",
      request.note ? ` · note: ${request.note}` : ""));
    return;
  }
  const note = el("input", "note");
  note.id = "approval-note";
  note.placeholder = "a note for the record (optional)";
  note.setAttribute("aria-label", "note");
  const approve = el("button", "approve", "Approve");
  const reject = el("button", "reject", "Reject");
  approve.type = reject.type = "button";
  approve.id = "approve";
  reject.id = "reject";
  // the decision names the call it was shown, so it can never apply a different one
  approve.addEventListener("click", () => decide(data.run_id, "approve", note.value, request.step));
  reject.addEventListener("click", () => decide(data.run_id, "reject", note.value, request.step));
  box.append(el("div", "decide", note, approve, reject, cancelButton(data.run_id)));
  setMeta(`run ${data.run_id} · awaiting approval`);
}

/** POST `verb` (approve, reject or resume) on a run and follow what it does next; false
 * when the server answers 409 (the run has moved on), after showing it as it stands. */
async function goOn(runId, verb, body) {
  try {
    await follow(await api("POST", `v1/runs/${encodeURIComponent(runId)}/${verb}`, body));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      notice(`${error.message} (${error.code}); showing the run as it stands.`, "warning");
      await loadRun(runId, { keepNotice: true });
      return false;
    }
    throw error;
  }
}

async function decide(runId, verb, note, step) {
  if (view.busy) return;
  const body = verb === "approve" ? { stream: true, thoughts: showingThoughts(), step }
    : { step };
  if (note.trim()) body.note = note.trim();
  $("#approval").querySelectorAll("button, input").forEach((b) => { b.disabled = true; });
  notice("");
  await busy(async () => {
    if (!(await goOn(runId, verb, body))) return;
    const box = $("#approval");
    box.dataset.status = verb === "approve" ? "approved" : "rejected";
    box.className = `approval ${box.dataset.status}`;
    box.querySelector(".decide")?.remove();
    box.querySelector("h3").textContent = `Action ${box.dataset.status}`;
  });
}

// -- resuming ------------------------------------------------------------------------

/** An interrupted run (its process died): offer to go on from its last recorded step. */
function showResume(runId) {
  const box = clear($("#approval"));
  box.hidden = false;
  box.className = "approval interrupted";
  box.dataset.status = "interrupted";
  const button = el("button", "resume", "Resume");
  button.type = "button";
  button.id = "resume";
  button.addEventListener("click", () => resume(runId));
  box.append(
    el("h3", null, "Interrupted"),
    el("p", null, "The process running this run stopped before it finished. Resuming replays "
      + "its recorded steps and goes on from the last one, with what is left of its budgets."),
    el("div", "decide", button, cancelButton(runId)),
  );
}

/** A run some process runs now (here or elsewhere): it can be cancelled. */
function showRunning(runId) {
  const box = clear($("#approval"));
  box.hidden = false;
  box.className = "approval running";
  box.dataset.status = "running";
  box.append(
    el("h3", null, "Running"),
    el("p", null, "This run is still going: refresh to see more. Cancelling ends it after "
      + "the step in flight; what it did so far is kept."),
    el("div", "decide", cancelButton(runId)),
  );
}

// -- cancelling ----------------------------------------------------------------------

function cancelButton(runId) {
  const button = el("button", "cancel", "Cancel run");
  button.type = "button";
  button.id = "cancel";
  button.addEventListener("click", () => cancelRun(runId));
  return button;
}

/** Cancel a run: a paused or interrupted one ends now (shown as it is stored then); a
 * running one ends after its step in flight. */
async function cancelRun(runId) {
  if (view.busy) return;
  $("#approval").querySelectorAll("button, input").forEach((b) => { b.disabled = true; });
  notice("");
  await busy(async () => {
    let response;
    try {
      response = await api("POST", `v1/runs/${encodeURIComponent(runId)}/cancel`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        notice(`${error.message} (${error.code}); showing the run as it stands.`, "warning");
        await loadRun(runId, { keepNotice: true });
        return;
      }
      throw error;
    }
    if (response.status === 202) {
      const box = $("#approval");
      box.dataset.status = "cancelling";
      box.querySelector(".decide")?.remove();
      box.querySelector("h3").textContent = "Cancelling";
      notice("Cancel asked: the run ends after its step in flight.", "info");
      return;
    }
    await loadRun(runId);
  });
}

async function resume(runId) {
  if (view.busy) return;
  $("#approval").querySelectorAll("button").forEach((b) => { b.disabled = true; });
  notice("");
  await busy(async () => {
    const body = { stream: true, thoughts: showingThoughts() };
    if (!(await goOn(runId, "resume", body))) return;
    const box = $("#approval");
    box.dataset.status = "resumed";
    box.querySelector(".decide")?.remove();
    box.querySelector("h3").textContent = "Resumed";
  });
}

// -- history -------------------------------------------------------------------------

async function refreshHistory(more = false) {
  const path = more && view.next ? `v1/runs?limit=${PAGE}&before=${encodeURIComponent(view.next)}`
    : `v1/runs?limit=${PAGE}`;
  let page;
  try {
    page = await getJson(path);
  } catch (error) {
    if (!more) clear($("#runs")).append(el("li", "empty", explain(error)));
    return;
  }
  const list = more ? $("#runs") : clear($("#runs"));
  for (const run of page.runs) {
    const button = el("button", "run-link",
      el("span", "question", run.question),
      el("span", "run-line", el("span", `badge ${run.status}`, run.status),
        run.reason ? ` ${run.reason}` : "", ` · ${run.corpus} · ${run.steps} step(s) · `,
        el("time", null, run.created_at.slice(0, 19).replace("T", " "))));
    button.type = "button";
    button.disabled = view.busy;
    button.addEventListener("click", () => view.busy || loadRun(run.id));
    const item = el("li", run.id === view.runId ? "current" : null, button);
    item.dataset.runId = run.id;
    item.dataset.status = run.status;
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", "empty", "No runs yet."));
  view.next = page.next;
  $("#history-more").hidden = !page.next;
}

async function loadRun(runId, { keepNotice = false } = {}) {
  let run;
  try {
    const thoughts = showingThoughts() ? "?thoughts=true" : "";
    run = await getJson(`v1/runs/${encodeURIComponent(runId)}${thoughts}`);
  } catch (error) {
    notice(explain(error));
    return;
  }
  const saved = keepNotice ? $("#notice").textContent : "";
  startRun(run.question, `run ${run.id} · ${run.status} · corpus ${run.corpus}`);
  if (saved) notice(saved, "warning");
  view.runId = run.id;
  for (const step of run.steps) addStep(step, summary(step));
  if (run.approval) showApproval({ run_id: run.id, approval: run.approval });
  if (run.result) await showResult(run.result);
  else if (run.status === "error") notice(`The run failed: ${run.error ?? "unknown error"}`);
  else if (run.status === "running") showRunning(run.id);
  else if (run.status === "interrupted") showResume(run.id);
  setMeta(`run ${run.id} · ${run.status} · corpus ${run.corpus}`);
  for (const item of $("#runs").children) {
    item.classList.toggle("current", item.dataset.runId === run.id);
  }
}

// -- set-up --------------------------------------------------------------------------

/** The corpus picker: what this server serves to this key (GET /v1/corpora). */
async function loadCorpora() {
  let data;
  try {
    data = await getJson("v1/corpora");
  } catch {
    return; // no key yet (401): the server's default, until a key is entered
  }
  const select = $("#corpus");
  const chosen = select.value;
  clear(select);
  for (const corpus of data.corpora) {
    const size = corpus.kind === "index"
      ? `${corpus.pages} documents, ${corpus.passages} passages` : `${corpus.pages} pages`;
    const option = el("option", null, `${corpus.name} (${corpus.kind}: ${size})`);
    option.value = corpus.name;
    option.dataset.name = corpus.name;
    option.dataset.kind = corpus.kind;
    if (corpus.build) option.title = `build ${corpus.build}${corpus.built_at ? `, built ${corpus.built_at}` : ""}`;
    option.selected = chosen ? corpus.name === chosen : corpus.name === data.default;
    select.append(option);
  }
  if (!select.children.length) select.append(el("option", null, "(no corpus for this key)"));
}

async function loadOptions() {
  let spec;
  try {
    spec = await (await fetch("openapi.json")).json();
  } catch {
    return; // keep the defaults in the page
  }
  const fields = spec?.components?.schemas?.AskRequest?.properties ?? {};
  if (!fields.publish) {
    const box = $("#publish");
    box.disabled = true;
    box.parentElement.title = "this server has no approval gate yet";
  }
}

function showKeyState() {
  $("#key-state").textContent = sessionStorage.getItem(KEY) ? "(set for this tab)" : "(none)";
}

async function setUp() {
  $("#ask-form").addEventListener("submit", ask);
  $("#key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = $("#key").value.trim();
    if (key) sessionStorage.setItem(KEY, key);
    $("#key").value = "";
    showKeyState();
    notice("");
    refreshHistory();
    loadCorpora();
  });
  $("#key-forget").addEventListener("click", () => {
    sessionStorage.removeItem(KEY);
    showKeyState();
    refreshHistory();
    loadCorpora();
  });
  $("#thoughts").addEventListener("change", () => {
    $("#steps").classList.toggle("show-thoughts", showingThoughts());
    if (showingThoughts() && view.runId && !view.busy) loadRun(view.runId); // fetch them
  });
  $("#history-refresh").addEventListener("click", () => refreshHistory());
  $("#history-more").addEventListener("click", () => refreshHistory(true));
  $("#steps").classList.toggle("show-thoughts", showingThoughts());
  showKeyState();
  window.addEventListener("hashchange", () => followHash());
  await Promise.all([loadOptions(), loadCorpora(), refreshHistory()]);
  await followHash();
  document.body.dataset.ready = "true"; // for tests: the options, the runs and a linked run are in
}

setUp();
