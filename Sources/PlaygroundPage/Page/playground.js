// The playground's page: a script runs on the server in virtual time (`POST /run`); the
// page shows its events, its diagrams and its diagnostics. A shared link carries the
// script in its #fragment, so the page treats everything it shows as untrusted: text goes
// in with textContent, and a diagram is rebuilt element by element from an allowlist —
// markup from a run is never parsed into the page (no innerHTML anywhere), and the
// Content-Security-Policy allows no inline script or style besides.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const FRAME = 24; // pixels per frame in the marble rows

// The elements and attributes a diagram may have: what SVGMarbleDiagram writes. Anything
// else (a script, an event handler, a link, foreignObject) is dropped with its subtree.
const DIAGRAM_ELEMENTS = new Set(["svg", "g", "line", "circle", "text", "title", "rect", "polyline", "polygon", "path", "tspan", "desc"]);
const DIAGRAM_ATTRIBUTES = new Set(["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "dx", "dy", "width", "height",
  "viewBox", "class", "points", "d", "fill", "stroke", "stroke-width", "stroke-dasharray", "text-anchor", "transform", "version",
  "font-weight", "font-size", "font-family", "opacity"]);

function svgElement(name, attributes = {}, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// A copy of a parsed SVG node built by the page: allowed elements, allowed attributes, text.
function rebuilt(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue);
  if (node.nodeType !== Node.ELEMENT_NODE || node.namespaceURI !== SVG || !DIAGRAM_ELEMENTS.has(node.localName)) return null;
  const copy = document.createElementNS(SVG, node.localName);
  for (const attribute of node.attributes) {
    if (attribute.namespaceURI === null && DIAGRAM_ATTRIBUTES.has(attribute.localName)) {
      copy.setAttribute(attribute.localName, attribute.value);
    }
  }
  for (const child of node.childNodes) {
    const part = rebuilt(child);
    if (part) copy.appendChild(part);
  }
  return copy;
}

function note(text) {
  const line = document.createElement("p");
  line.className = "note";
  line.textContent = text;
  return line;
}

// The run's diagrams, and notes on what was left out (beside them, not in them).
function showDiagrams(svgs, notes) {
  $("diagram").replaceChildren();
  $("notes").replaceChildren();
  drawDiagrams($("diagram"), $("notes"), svgs);
  for (const text of notes || []) $("notes").appendChild(note(text));
}

// Each diagram rebuilt from the allowlist into `box` (never parsed into the page).
function drawDiagrams(box, notes, svgs) {
  for (const text of svgs) {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const diagram = parsed.getElementsByTagName("parsererror").length ? null : rebuilt(parsed.documentElement);
    if (diagram) box.appendChild(diagram);
    else notes.appendChild(note("A diagram could not be read."));
  }
}

function showProblem(text) {
  $("diagnostics").hidden = false;
  $("diagnostics").textContent = text;
}

// Runs the editor's script; a reply that comes after a newer run was asked for is dropped
// (the newer one is what the page shows).
let runRequest = 0;
async function run() {
  const asked = ++runRequest;
  const script = $("script").value;
  // An operator's page keeps its own link; elsewhere the link carries the script.
  if (!shownOperator) history.replaceState(null, "", "#" + encodeURIComponent(script));
  $("share").href = location.href;
  let reply;
  try {
    const response = await fetch("/run", { method: "POST", body: script, headers: { "Content-Type": "text/plain" } });
    reply = await response.json();
    if (asked !== runRequest) return;
    if (!response.ok) return showProblem(reply.error || response.statusText);
  } catch (error) {
    return showProblem("The server did not answer: " + error.message);
  }
  $("output").textContent = reply.output;
  $("diagnostics").hidden = reply.diagnostics === "";
  $("diagnostics").textContent = reply.diagnostics;
  markProblem(reply.marks || []);
  showDiagrams(reply.svgs, reply.notes);
  drawMarbles();
}

// Marks the first diagnostic where it is in the editor: its text selected, and where it
// is said under the editor (a textarea draws no underline of its own).
function markProblem(marks) {
  const where = $("problem-at");
  where.hidden = marks.length === 0;
  if (marks.length === 0) return;
  const mark = marks[0];
  const lines = $("script").value.split("\n");
  const before = lines.slice(0, mark.line - 1).reduce((sum, line) => sum + line.length + 1, 0);
  const characters = [...(lines[mark.line - 1] || "")];
  const start = before + characters.slice(0, mark.column - 1).join("").length;
  const end = start + characters.slice(mark.column - 1, mark.column - 1 + mark.length).join("").length;
  $("script").focus();
  $("script").setSelectionRange(start, end);
  where.textContent = `${mark.title} at line ${mark.line}, column ${mark.column}` + (marks.length > 1 ? ` (and ${marks.length - 1} more below)` : "");
}

// The script as RxJS (`POST /export`): its expects as TestScheduler tests, its runs printed,
// and what has no counterpart, with its line. Text only, as everything else here.
async function exportScript() {
  let reply;
  try {
    const response = await fetch("/export", { method: "POST", body: $("script").value, headers: { "Content-Type": "text/plain" } });
    reply = await response.json();
    if (!response.ok) return showProblem(reply.error || response.statusText);
  } catch (error) {
    return showProblem("The server did not answer: " + error.message);
  }
  $("diagnostics").hidden = !reply.diagnostics;
  $("diagnostics").textContent = reply.diagnostics || "";
  $("exported").hidden = !!reply.diagnostics;
  if (reply.diagnostics) return;
  $("export-summary").textContent = reply.summary;
  $("export-body").textContent = reply.body;
  $("export-notes").textContent = reply.notes.join("\n");
  $("export-notes").hidden = reply.notes.length === 0;
  $("export-file").textContent = reply.javascript;
}

// The script's marbles as frp reads them (`POST /marbles`): the page parses no marble
// itself. Each mark is one circle at its frame, scaled so a long marble fits its row; a
// dragged mark is moved by the server (`POST /marbles/M/E/F`), which writes the marble anew
// (times as `400ms`, marks of one frame as a group) and answers the new script.
const ROW_WIDTH = 720;
let marbleRequest = 0;
async function drawMarbles() {
  const asked = ++marbleRequest;
  let reply;
  try {
    const response = await fetch("/marbles", { method: "POST", body: $("script").value, headers: { "Content-Type": "text/plain" } });
    reply = await response.json();
    if (!response.ok) return;
  } catch (error) {
    return;
  }
  if (asked !== marbleRequest) return; // a newer script was asked for meanwhile
  const box = $("marbles");
  box.replaceChildren();
  reply.marbles.forEach((marble, number) => {
    const row = document.createElement("div");
    row.className = "marble-row";
    const label = element("div", "hint", `${marble.kind} "${marble.text}"` + (marble.draggable ? "" : `: ${marble.reason}`));
    row.appendChild(label);
    if (marble.draggable) row.appendChild(marbleRow(marble, number));
    box.appendChild(row);
  });
}

function marbleRow(marble, number, draggable = true) {
  const frames = Math.max(marble.width, ...marble.entries.map((entry) => entry.frame + 1), 10);
  // As wide as the marbles' panel allows (a long marble is scaled down to fit it).
  const available = Math.max(240, Math.min(ROW_WIDTH, ($("marbles").clientWidth || ROW_WIDTH) - 8));
  const scale = Math.min(FRAME, (available - FRAME) / frames);
  // Each mark at its time; marks of one frame a little apart, and a mark too close to the
  // one before (scaled down, `b` 3 ms before `|`) pushed right so each can be grabbed: the
  // order stays true, the distance between those two does not (the row's title says so).
  const places = [];
  let pushed = false;
  marble.entries.forEach((entry, index) => {
    const before = index > 0 ? marble.entries[index - 1] : null;
    const at = entry.frame * scale + FRAME / 2;
    const least = before === null ? at : places[index - 1] + (before.frame === entry.frame ? 6 : 2 * 11);
    if (least > at && before && before.frame !== entry.frame) pushed = true;
    places.push(Math.max(at, least));
  });
  const width = Math.max(frames * scale, ...places) + FRAME;
  const svg = svgElement("svg", { width: width, height: 40 });
  svg.appendChild(svgElement("line", { x1: 0, y1: 20, x2: width, y2: 20, class: "axis", "stroke-width": 2 }));
  if (pushed) svg.appendChild(svgElement("title", {}, "Marks closer than their size are drawn apart: not to scale there."));
  marble.entries.forEach((entry, index) => {
    const group = marbleMark(entry.mark, places[index]);
    if (!draggable) { svg.appendChild(group); return; }
    group.classList.add("draggable");
    group.dataset.frame = entry.frame;
    group.tabIndex = 0;
    const title = svgElement("title", {}, `${entry.mark} at ${entry.frame}ms: drag it, or move it with the arrow keys`);
    group.appendChild(title);
    group.addEventListener("mousedown", (event) => startDrag(event, number, index, entry.frame, scale, group));
    group.addEventListener("keydown", (event) => {
      const step = event.shiftKey ? 10 : 1;
      if (event.key === "ArrowRight") { event.preventDefault(); moveMark(number, index, entry.frame + step); }
      if (event.key === "ArrowLeft") { event.preventDefault(); moveMark(number, index, Math.max(0, entry.frame - step)); }
    });
    svg.appendChild(group);
  });
  return svg;
}

function marbleMark(mark, x) {
  const group = svgElement("g");
  if (mark === "|") {
    group.appendChild(svgElement("line", { x1: x, y1: 6, x2: x, y2: 34, class: "end", "stroke-width": 3 }));
  } else if (mark === "#") {
    group.appendChild(svgElement("text", { x: x, y: 26, class: "error" }, "×"));
  } else {
    group.appendChild(svgElement("circle", { cx: x, cy: 20, r: 11, class: "value" }));
    group.appendChild(svgElement("text", { x: x, y: 25, class: "mark" }, mark));
  }
  return group;
}

function startDrag(event, number, index, frame, scale, group) {
  event.preventDefault();
  const startX = event.clientX;
  const move = (moved) => { group.setAttribute("transform", `translate(${moved.clientX - startX},0)`); };
  const drop = (dropped) => {
    window.removeEventListener("mousemove", move);
    window.removeEventListener("mouseup", drop);
    const to = Math.max(0, frame + Math.round((dropped.clientX - startX) / scale));
    if (to !== frame) moveMark(number, index, to);
    else group.removeAttribute("transform");
  };
  window.addEventListener("mousemove", move);
  window.addEventListener("mouseup", drop);
}

// Asks the server to move mark `index` of marble `number` to `frame`; the script it answers
// replaces this one and runs. A move no marble can write is said, and nothing changes.
async function moveMark(number, index, frame) {
  const response = await fetch(`/marbles/${number}/${index}/${frame}`, { method: "POST", body: $("script").value,
                                                                        headers: { "Content-Type": "text/plain" } });
  const reply = await response.json();
  if (!response.ok || reply.error) {
    showProblem(reply.error || response.statusText);
    drawMarbles();
    return;
  }
  $("script").value = reply.script;
  run();
}

// An Example, as written in the repository (its `import` of the Examples' library is read
// on the server): into the editor, and run, so its expects say ✓ or ✗.
async function loadExample(name) {
  if (!name) return;
  const response = await fetch("/examples/" + encodeURIComponent(name));
  if (!response.ok) return showProblem((await response.json()).error);
  $("script").value = await response.text();
  drawMarbles();
  run();
}

// An operator's page (`#/op/NAME`): what `frp explain` says, laid out, its example in the
// editor, run and drawn on one time axis, every marble of it draggable, and its contrasts
// as links to their pages. "Try in editor" leaves the page with the example to change.
let shownOperator = null;
async function showOperator(name) {
  const response = await fetch("/operators/" + encodeURIComponent(name));
  if (!response.ok) return showProblem((await response.json()).error);
  const page = await response.json();
  shownOperator = page.name;
  const box = $("operator-page");
  box.replaceChildren();
  box.hidden = false;
  box.dataset.shown = name; // as asked for: an alias shows its operator's page
  box.append(element("h2", "signature", page.signature), element("p", "hint", page.family));
  box.appendChild(element("p", "", page.summary + " " + page.explanation));
  if (page.elsewhere.length) {
    const list = element("ul", "elsewhere");
    for (const name of page.elsewhere) list.appendChild(element("li", "", name));
    box.append(element("h3", "", "Elsewhere"), list);
  }
  if (page.reactiveCocoa) box.append(element("h3", "", "In ReactiveCocoa"), element("p", "", page.reactiveCocoa));
  if (page.contrasts.length) {
    const list = element("ul", "contrasts");
    for (const contrast of page.contrasts) {
      const item = element("li");
      const link = element("a", "", contrast.name);
      link.href = "#/op/" + encodeURIComponent(contrast.name);
      item.append(link, " — " + contrast.difference);
      list.appendChild(item);
    }
    box.append(element("h3", "", "Often confused with"), list);
  }
  const tryIt = element("button", "try-it", "Try in editor");
  tryIt.addEventListener("click", () => {
    shownOperator = null;
    box.hidden = true;
    $("operators").value = "";
    run();
    $("script").focus();
  });
  box.appendChild(tryIt);
  $("operators").value = page.name;
  $("script").value = page.example;
  drawMarbles();
  run();
}

function route() {
  if (location.hash.startsWith("#/op/")) showOperator(decodeURIComponent(location.hash.slice(5)));
}

function element(name, className, text) {
  const made = document.createElement(name);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// Progress, kept in this browser as `frp learn` keeps it in ~/.frp_progress: each exercise
// solved, skipped, or seen (answered after its solution was shown).
const PROGRESS = "frp-progress";
function progress() {
  try { return JSON.parse(localStorage.getItem(PROGRESS)) || {}; } catch (error) { return {}; }
}
function record(lesson, number, state) {
  const all = progress();
  const mine = all[lesson] || {};
  if (mine[number] === "solved") return; // solved stays solved
  mine[number] = state;
  all[lesson] = mine;
  try { localStorage.setItem(PROGRESS, JSON.stringify(all)); } catch (error) { /* private mode: for this page only */ }
  showProgressInMenu();
}
const STATES = { solved: "✓ solved", skipped: "skipped", seen: "solution seen" };
function showProgressInMenu() {
  const all = progress();
  for (const option of $("lessons").options) {
    const lesson = lessons.find((found) => found.name === option.value);
    if (!lesson) continue;
    const total = lesson.steps.filter((step) => step.kind === "exercise").length;
    const solved = Object.values(all[lesson.name] || {}).filter((state) => state === "solved").length;
    option.textContent = `${lesson.title} (${solved} of ${total} solved)`;
  }
}

// Under a wrong answer: the marble the exercise wants, drawn by frp's parser, and the
// answer's own run stage by stage (its diagram from `POST /run`, with the lesson's names).
async function drawAnswer(box, given, answer, emits) {
  box.replaceChildren();
  // `emits` is as written after `emits` (`"-a-b|" {a: 1}`): after `cold`, a script.
  const wanted = await (await fetch("/marbles", { method: "POST", body: "cold " + emits })).json();
  if (wanted.marbles.length && wanted.marbles[0].draggable) {
    const row = element("div", "marble-row");
    row.appendChild(marbleRow(wanted.marbles[0], -1, false));
    box.append(element("p", "hint", "Wanted:"), row);
  }
  const reply = await (await fetch("/run", { method: "POST", body: given + answer, headers: { "Content-Type": "text/plain" } })).json();
  if (reply.svgs && reply.svgs.length) {
    box.appendChild(element("p", "hint", "Your answer, stage by stage:"));
    drawDiagrams(box, box, reply.svgs);
  }
}

// An exercise: its task and marble, an answer box, Check, graded hints, Solution, Skip.
function exercisePart(lesson, step, number, given = "") {
  const part = element("div", "exercise");
  part.dataset.exercise = number;
  const status = element("span", "status", STATES[(progress()[lesson.name] || {})[number]] || "");
  const task = element("p");
  task.append(element("b", "", `Exercise ${number}. `), element("span", "task", step.task));
  const wanted = element("p", "", "Write the pipeline that produces ");
  wanted.appendChild(element("code", "emits", step.emits));
  const answer = element("textarea", "answer");
  answer.spellcheck = false;
  const check = element("button", "check", "Check");
  const showHint = element("button", "show-hint", "Hint");
  const solution = element("button", "solution", "Solution");
  const skip = element("button", "skip", "Skip");
  const buttons = element("p");
  buttons.append(check, " ", showHint, " ", solution, " ", skip, " ", status);
  // Seeing the answer (the last hint, or Solution) makes a right answer count as seen.
  let seen = false;
  const mark = (state) => {
    record(lesson.name, number, state);
    status.textContent = STATES[(progress()[lesson.name] || {})[number]] || "";
  };
  const verdict = element("pre", "verdict");
  verdict.hidden = true;
  // Graded, as `frp learn`'s hint: a nudge, then the operator, then one solution.
  let hintsGiven = 0;
  showHint.addEventListener("click", () => {
    hintsGiven = Math.min(hintsGiven + 1, step.hints.length);
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = `Hint ${hintsGiven} of ${step.hints.length}: ${step.hints[hintsGiven - 1]}`;
    showHint.textContent = hintsGiven < step.hints.length ? "Another hint" : "Hint";
    if (hintsGiven === step.hints.length) seen = true;
  });
  solution.addEventListener("click", () => {
    seen = true;
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = step.hints[step.hints.length - 1];
  });
  skip.addEventListener("click", () => {
    mark("skipped");
    const next = part.nextElementSibling && part.parentElement.querySelector(`.exercise[data-exercise="${number + 1}"] .answer`);
    if (next) next.focus();
  });
  check.addEventListener("click", async () => {
    const response = await fetch(`/lessons/${encodeURIComponent(lesson.name)}/${number}`, { method: "POST", body: answer.value });
    const reply = await response.json();
    verdict.hidden = false;
    verdict.className = "verdict " + (reply.verdict === "right" ? "right" : "wrong");
    verdict.textContent = reply.verdict === "right" ? "✓ Right: it produces that marble."
      : (reply.error || ("✗ Not that marble yet:\n" + reply.report + (reply.hint ? "\nHint: " + reply.hint : "")));
    if (reply.verdict === "right") mark(seen ? "seen" : "solved");
    if (reply.verdict === "wrong") drawAnswer(drawn, given, answer.value, step.emits); else drawn.replaceChildren();
  });
  const drawn = element("div", "answer-diagrams");
  part.append(task, wanted, answer, buttons, verdict, drawn);
  return part;
}

// A lesson as `frp learn` gives it: readings, given names and runs (tried in the editor),
// exercises whose answers the server checks by running them.
let lessons = [];
function showLesson(name) {
  const box = $("lesson");
  box.replaceChildren();
  const lesson = lessons.find((found) => found.name === name);
  if (!lesson) return;
  box.appendChild(element("h3", "", lesson.title));
  let given = "";
  let exercise = 0;
  for (const step of lesson.steps) {
    if (step.kind === "read") {
      box.appendChild(element("p", "", step.text));
    } else if (step.kind === "given" || step.kind === "run") {
      if (step.kind === "given") given += step.text + "\n";
      const script = step.kind === "given" ? given : given + step.text;
      const tryIt = element("button", "", "Try it");
      tryIt.addEventListener("click", () => { $("script").value = script; drawMarbles(); run(); });
      box.append(element("pre", "", step.text), tryIt);
    } else {
      exercise += 1;
      box.appendChild(exercisePart(lesson, step, exercise, given));
    }
  }
}

// The script of a shared link; a malformed one is said, not thrown.
function scriptFromLink() {
  if (location.hash.length <= 1 || location.hash.startsWith("#/op/")) return null;
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch (error) {
    showProblem("This link's script could not be read: its #fragment is not well percent-encoded (" + error.message + ").");
    return undefined;
  }
}

async function start() {
  $("run").addEventListener("click", run);
  $("export").addEventListener("click", exportScript);
  $("script").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
  });
  let typing;
  $("script").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(drawMarbles, 200); });
  $("lessons").addEventListener("change", (event) => showLesson(event.target.value));
  $("operators").addEventListener("change", (event) => {
    if (!event.target.value) return;
    const target = "#/op/" + encodeURIComponent(event.target.value);
    if (location.hash === target) route(); else location.hash = target; // the same page again: no hashchange
  });
  window.addEventListener("hashchange", route);
  $("examples").addEventListener("change", (event) => loadExample(event.target.value));
  const linked = scriptFromLink();
  if (linked) $("script").value = linked;
  if (location.hash.startsWith("#/op/")) {
    route();
  } else {
    drawMarbles();
    if (linked !== undefined) run();
  }
  lessons = await (await fetch("/lessons")).json();
  for (const lesson of lessons) $("lessons").add(new Option(lesson.title, lesson.name));
  showProgressInMenu();
  for (const example of await (await fetch("/examples")).json()) {
    $("examples").add(new Option(`${example.name}: ${example.title}`, example.name));
  }
  const names = await (await fetch("/operators")).json();
  for (const name of names) $("operators").add(new Option(name, name));
}
start();
