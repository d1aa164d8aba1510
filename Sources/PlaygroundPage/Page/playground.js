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
// The data a diagram's marks carry for Play, each kept only with the plain number it may
// hold: a mark's time (nanoseconds, as its tick's) and its stage (a number, as its label's).
// A mark of a marble written in the script also says which (its number among the script's
// marbles), which of its entries, and that entry's frame: what a drag moves.
const DIAGRAM_DATA = new Map([["data-time", /^-?[0-9]{1,19}$/], ["data-stage", /^[0-9]{1,6}$/],
  ["data-marble", /^[0-9]{1,6}$/], ["data-entry", /^[0-9]{1,7}$/], ["data-frame", /^-?[0-9]{1,13}$/]]);

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
    const data = DIAGRAM_DATA.get(attribute.localName);
    if (attribute.namespaceURI === null && (DIAGRAM_ATTRIBUTES.has(attribute.localName) || (data && data.test(attribute.value)))) {
      copy.setAttribute(attribute.localName, attribute.value);
    }
  }
  for (const child of node.childNodes) {
    const part = rebuilt(child);
    if (part) copy.appendChild(part);
  }
  return copy;
}

// A script sent to one of the server's routes as text.
function post(path, script) {
  return fetch(path, { method: "POST", body: script, headers: { "Content-Type": "text/plain" } });
}

function note(text) {
  const line = document.createElement("p");
  line.className = "note";
  line.textContent = text;
  return line;
}

// The run's diagrams, and notes on what was left out (beside them, not in them).
function showDiagrams(svgs, notes) {
  stopPlaying();
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
    if (diagram) fitOrPan(diagram, box);
  }
}

// A diagram is scaled down to fit its panel, but not below `LEAST_SCALE`, where its marks
// would be too small to read or grab with a finger: it keeps that size and pans in its panel.
const LEAST_SCALE = 0.7;
function fitOrPan(svg, box) {
  const width = Number(svg.getAttribute("width"));
  const pans = box.clientWidth > 0 && width * LEAST_SCALE > box.clientWidth;
  svg.classList.toggle("pans", pans);
  if (pans) svg.addEventListener("pointerdown", (event) => panWith(event, box));
}

// A pointer pressed on a panning diagram, not on a mark, moves it sideways in its panel (a
// finger's sideways move is the diagram's, to drag marks: the browser does not pan it).
function panWith(event, box) {
  if (event.target.closest(".draggable")) return;
  const [startX, startLeft] = [event.clientX, box.scrollLeft];
  const move = (moved) => { box.scrollLeft = startLeft - (moved.clientX - startX); };
  const end = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", end);
  window.addEventListener("pointercancel", end);
}

// Play: the last run's stage diagrams replayed in time, at a pace a person can follow. A
// cursor sweeps each diagram's axis and its marks appear as it reaches them; Step goes
// event by event, and the line under the diagrams says which stage sent what when. The
// marks are found by what the server drew on them (`data-time`, `data-stage`); the time is
// said as its tick says it, the stage as its row's label, the value as the mark's title.
const player = { events: null, shown: 0, diagram: 0, x: 0, frame: 0, timer: 0, last: 0 };
// Pixels of a diagram's axis a second, and the shortest and longest sweep of one diagram.
const SWEEP = { perSecond: 120, shortest: 3000, longest: 20000 };
// With reduced motion asked for, Play moves on an instant a second (the first at once),
// the cursor jumping to it: nothing sweeps. Step is the same either way.
const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const INSTANT_EVERY = 1000;

// Every mark of the diagrams shown, in the order sent: by diagram (a run each), time, and
// stage (numbered by the server in the order stages send: upstream first, an inner run's
// stages before the one that runs them), marks of one stage at one time in the order drawn.
function playedEvents() {
  const events = [];
  [...$("diagram").querySelectorAll("svg")].forEach((svg, diagram) => {
    const ticks = new Map([...svg.querySelectorAll("line.axis[data-time]")].map((tick) =>
      [tick.getAttribute("data-time"), { x: Number(tick.getAttribute("x1")), reading: tick.textContent }]));
    const labels = new Map([...svg.querySelectorAll("text.label[data-stage]")].map((label) =>
      [label.getAttribute("data-stage"), label.textContent]));
    [...svg.querySelectorAll("[data-time][data-stage]")].forEach((mark, order) => {
      const tick = ticks.get(mark.getAttribute("data-time"));
      if (!tick) return;
      const stage = Number(mark.getAttribute("data-stage"));
      events.push({ mark, diagram, x: tick.x, time: BigInt(mark.getAttribute("data-time")), stage, order,
                    said: `${tick.reading} — ${labels.get(String(stage)) || "a stage"} ${happened(mark)}` });
    });
  });
  return events.sort((a, b) => a.diagram - b.diagram || (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)
    || a.stage - b.stage || a.order - b.order);
}

// What a mark says its stage did, from its kind and its title.
function happened(mark) {
  const title = mark.querySelector(":scope > title");
  const text = title ? title.textContent : "";
  if (mark.classList.contains("value") || mark.classList.contains("many")) return "sent " + text;
  if (mark.classList.contains("error")) return "failed: " + text;
  if (mark.classList.contains("cancelled")) return "was " + text; // "cancelled: when … sent …"
  return text ? `completed (${text})` : "completed";
}

// Play from where the cursor is (from the start when nothing is being played, or all was).
function play() {
  if (!player.events || player.shown === player.events.length) beginPlaying();
  if (!player.events.length) return;
  pause();
  $("pause").disabled = false;
  player.last = performance.now();
  if (REDUCED_MOTION.matches) {
    showInstant();
    player.timer = setInterval(() => { if (!showInstant()) pause(); }, INSTANT_EVERY);
  } else {
    player.frame = requestAnimationFrame(sweep);
  }
}

function pause() {
  cancelAnimationFrame(player.frame);
  clearInterval(player.timer);
  player.frame = player.timer = 0;
  $("pause").disabled = true;
}

// The next event alone, the cursor at its time (paused first: a step is a person's pace).
function step() {
  pause();
  if (!player.events || player.shown === player.events.length) beginPlaying();
  const next = player.events[player.shown];
  if (!next) return;
  moveCursor(next.diagram, next.x);
  reveal(1);
}

// Every mark hidden, the cursor at the start of the first diagram.
function beginPlaying() {
  player.events = playedEvents();
  player.shown = 0;
  for (const event of player.events) event.mark.classList.add("unplayed");
  $("play-line").textContent = player.events.length ? "" : "Nothing to play: the run drew no marks.";
  moveCursor(0, firstX(0));
}

// A new run's diagrams: the one played is put away, its marks shown, its cursor gone.
function stopPlaying() {
  pause();
  for (const event of player.events || []) event.mark.classList.remove("unplayed");
  for (const cursor of $("diagram").querySelectorAll(".play-cursor")) cursor.remove();
  player.events = null;
  $("play-line").textContent = "";
}

// The next `count` events shown, the last said; all shown, the cursor goes.
function reveal(count) {
  const shown = player.events.slice(player.shown, player.shown + count);
  for (const event of shown) event.mark.classList.remove("unplayed");
  player.shown += shown.length;
  if (shown.length) $("play-line").textContent = shown.map((event) => event.said).join("; ");
  if (player.shown === player.events.length) {
    pause();
    for (const cursor of $("diagram").querySelectorAll(".play-cursor")) cursor.remove();
  }
}

// The events of the next instant (of one diagram) shown at once; false when none is left.
function showInstant() {
  const next = player.events[player.shown];
  if (!next) return false;
  const count = player.events.slice(player.shown).findIndex((event) => event.diagram !== next.diagram || event.time !== next.time);
  moveCursor(next.diagram, next.x);
  reveal(count < 0 ? player.events.length - player.shown : count);
  return true;
}

// One animation frame of the sweep: the cursor on by the time since the last, the marks it
// passed shown; past a diagram's last tick, on to the next diagram.
function sweep(now) {
  const svgs = $("diagram").querySelectorAll("svg");
  const svg = svgs[player.diagram];
  const [from, to] = [firstX(player.diagram), lastX(player.diagram)];
  const duration = Math.min(SWEEP.longest, Math.max(SWEEP.shortest, (to - from) / SWEEP.perSecond * 1000));
  const x = player.x + (now - player.last) * (to - from) / duration;
  player.last = now;
  let passed = 0;
  while (player.shown + passed < player.events.length && player.events[player.shown + passed].diagram === player.diagram
         && player.events[player.shown + passed].x <= x) passed += 1;
  reveal(passed);
  if (player.shown === player.events.length || !svg) return;
  if (x >= to) moveCursor(player.diagram + 1, firstX(player.diagram + 1));
  else moveCursor(player.diagram, x);
  player.frame = requestAnimationFrame(sweep);
}

// The axis of diagram `index`: its first and last ticks' x.
function ticksOf(index) {
  const svg = $("diagram").querySelectorAll("svg")[index];
  return svg ? [...svg.querySelectorAll("line.axis[data-time]")].map((tick) => Number(tick.getAttribute("x1"))) : [];
}
function firstX(index) { return Math.min(...ticksOf(index), Infinity); }
function lastX(index) { return Math.max(...ticksOf(index), -Infinity); }

// The cursor, a vertical line over the rows of the diagram played, drawn by the page.
function moveCursor(index, x) {
  player.diagram = index;
  player.x = x;
  const svg = $("diagram").querySelectorAll("svg")[index];
  for (const cursor of $("diagram").querySelectorAll(".play-cursor")) if (cursor.parentNode !== svg) cursor.remove();
  if (!svg || !Number.isFinite(x)) return;
  let cursor = svg.querySelector(".play-cursor");
  if (!cursor) {
    const marks = player.events.filter((event) => event.diagram === index).map((event) => event.mark.getBBox());
    const bottom = Math.max(0, ...marks.map((box) => box.y + box.height)) + 12;
    cursor = svg.appendChild(svgElement("line", { class: "play-cursor", y1: 48, y2: bottom }));
  }
  cursor.setAttribute("x1", x);
  cursor.setAttribute("x2", x);
}

function showProblem(text) {
  $("diagnostics").hidden = false;
  $("diagnostics").textContent = text;
}

// Runs the editor's script; a reply that comes after a newer run was asked for is dropped
// (the newer one is what the page shows).
let runRequest = 0;
// The redraw of the marbles waiting for typing to pause: a run draws them itself, so it
// cancels the wait (else the late redraw replaced the marks under the pointer or focus).
let typing;
async function run() {
  const asked = ++runRequest;
  clearTimeout(typing);
  const script = $("script").value;
  // An operator's page keeps its own link; elsewhere the link carries the script.
  if (!shownOperator) history.replaceState(null, "", "#" + encodeURIComponent(script));
  $("share").href = location.href;
  let reply;
  try {
    const response = await post(runPath(), script);
    reply = await response.json();
    if (asked !== runRequest) return;
    if (!response.ok) return showProblem(reply.error || response.statusText);
  } catch (error) {
    return showProblem("The server did not answer: " + error.message);
  }
  showRun(reply, script);
  markProblem(reply.marks || []);
  drawMarbles();
}

// `POST /run/WIDTH`: the diagrams drawn to the width of the panel they go in (the run's,
// a lesson's), their time axis that much narrower, so a run fits a phone as a desktop.
function runPath(panel = $("diagram")) {
  const width = panel.clientWidth || ROW_WIDTH;
  return `/run/${Math.max(240, Math.min(2400, Math.floor(width) - 56))}`;
}

// A run's text and diagrams, the diagrams' marbles made draggable (the marbles no diagram
// draws are drawn by whoever asked for the run).
function showRun(reply, script) {
  $("output").textContent = reply.output;
  $("traces").textContent = (reply.traces || []).join("\n\n");
  $("text-trace").hidden = !(reply.traces || []).length;
  $("diagnostics").hidden = reply.diagnostics === "";
  $("diagnostics").textContent = reply.diagnostics;
  showDiagrams(reply.svgs, reply.notes);
  shown.diagramFor = script;
  for (const mark of $("diagram").querySelectorAll("[data-marble][data-entry][data-frame][data-time]")) draggableMark(mark);
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

// The script as RxJS (`POST /export`) or Swift Combine (`POST /export/combine`): its expects
// as tests on a virtual-time scheduler, its runs printed, and what has no counterpart, with
// its line. Text only, as everything else here.
const EXPORTS = {
  rxjs: { path: "/export", title: "RxJS 7", how: "The whole file, runnable with Node: NODE_PATH=/usr/share/nodejs node file.js" },
  combine: { path: "/export/combine", title: "Swift Combine",
             how: "The whole file: the main.swift of an executable that depends on OpenCombine (or built with Combine), run as it is" },
};
async function exportScript(to) {
  let reply;
  try {
    const response = await post(EXPORTS[to].path, $("script").value);
    reply = await response.json();
    if (!response.ok) return showProblem(reply.error || response.statusText);
  } catch (error) {
    return showProblem("The server did not answer: " + error.message);
  }
  $("diagnostics").hidden = !reply.diagnostics;
  $("diagnostics").textContent = reply.diagnostics || "";
  $("exported").hidden = !!reply.diagnostics;
  if (reply.diagnostics) return;
  $("export-title").textContent = EXPORTS[to].title;
  $("export-how").textContent = EXPORTS[to].how;
  $("export-summary").textContent = reply.summary;
  $("export-body").textContent = reply.body;
  $("export-notes").textContent = reply.notes.join("\n");
  $("export-notes").hidden = reply.notes.length === 0;
  $("export-file").textContent = reply.file;
}

// RxJS code pasted in: the server writes it as an frp script (`POST /import`), which goes
// into the editor and runs; what was left out is said with its line.
async function importRxJS() {
  let reply;
  try {
    const response = await post("/import", $("rxjs-code").value);
    reply = await response.json();
    if (!response.ok) return showProblem(reply.error || response.statusText);
  } catch (error) {
    return showProblem("The server did not answer: " + error.message);
  }
  leaveOperator();
  const notes = $("import-notes");
  notes.hidden = reply.leftOut.length === 0;
  notes.textContent = reply.leftOut.map((left) => `line ${left.line}: left out: ${left.reason}`).join("\n");
  $("script").value = reply.script;
  $("exported").hidden = true;
  drawMarbles();
  run();
}

// The script's marbles (`POST /marbles`, read by frp's parser: the page parses none). A run's
// diagram draws each marble on its source's line, its marks draggable (`draggableMark`);
// #marbles draws, on a time axis of its own, the marbles no diagram of this script draws:
// one only an `expect` reads (it belongs to its expect, not to a run), or all of them while
// the script is being changed and not yet run. A dragged mark is moved by the server
// (`POST /marbles/M/E/F`), which writes the marble anew (times as `400ms`, marks of one
// frame as a group).
const ROW_WIDTH = 720;
const LEFT = 14;
const shown = { inputs: [], inputsFor: null, diagramFor: null };
let marbleRequest = 0;
async function drawMarbles() {
  const asked = ++marbleRequest;
  const script = $("script").value;
  let reply;
  try {
    const response = await post("/marbles", script);
    reply = await response.json();
    if (!response.ok) return;
  } catch (error) {
    return;
  }
  if (asked !== marbleRequest) return; // a newer script was asked for meanwhile
  shown.inputs = reply.marbles;
  shown.inputsFor = script;
  drawTimeline();
}

// The marbles of the script in the editor that no diagram of it draws.
function drawTimeline() {
  // Not under a dragged mark: the drop draws the rows (moved or as they were).
  if (dragging) { drawnAfterDrag = true; return; }
  const script = $("script").value;
  const drawn = new Set(shown.diagramFor !== script ? [] :
    [...$("diagram").querySelectorAll("[data-marble]")].map((mark) => Number(mark.dataset.marble)));
  const rows = shown.inputsFor !== script ? [] : shown.inputs.flatMap((marble, number) => drawn.has(number) ? [] : [{
    label: (marble.readByRun === false ? "only an expect reads: " : "") + `${marble.kind} "${marble.text}"`
      + (marble.draggable ? "" : `: ${marble.reason}`) + (marble.perRun ? " (its time starts at each run)" : "")
      + meanings(marble.entries),
    entries: marble.entries, width: marble.width || 0, number: marble.draggable ? number : -1,
    // A hot marble's marks may go before its `^` (negative frames), others not before 0.
    least: marble.subscriptionPoint ? -Infinity : 0,
  }]);
  const parts = rows.length ? [element("h4", "", shown.diagramFor === script ? "Marbles no run draws" : "The script's marbles (not run yet)"),
                               ...timeline(rows, $("marbles"))] : [];
  if (shown.inputsFor === script && !shown.inputs.some((marble) => marble.draggable)) {
    parts.push(element("p", "hint nothing-to-drag", "Nothing to drag here: the script has no cold or hot marble (a source such as "
      + "`of`, `timer` or a photo service sends what its arguments say). Write one, e.g. `cold \"-a-b|\" | …`, to drag its marks."));
  }
  $("marbles").replaceChildren(...parts);
  showUndo();
  focusMovedMark();
}

// A mark drawn by its letter whose value is not that letter's own text (`b` for "kitten").
function lettered(entry) {
  return (entry.shown || entry.mark) === entry.mark && entry.mark.length === 1 && entry.value
    && entry.value !== `"${entry.mark}"` && !"|#".includes(entry.mark);
}

// What a marble's letters stand for, for its label: ` where b = "kitten"`.
function meanings(entries) {
  const seen = new Map();
  for (const entry of entries) if (lettered(entry)) seen.set(entry.mark, entry.value);
  return seen.size ? " where " + [...seen].map(([mark, value]) => `${mark} = ${value}`).join(", ") : "";
}

// A lesson's run, drawn in place as the page draws any run: its one diagram, stage by stage.
async function drawInPlace(box, script) {
  const ran = await post(runPath(box), script);
  const reply = await ran.json();
  if (!ran.ok) {
    box.replaceChildren(note("Not drawn: " + (reply.error || "the server said no")));
    return;
  }
  box.replaceChildren();
  drawDiagrams(box, box, reply.svgs);
}

// Rows on one time axis (the marbles no run draws; a wrong answer's wanted events over
// the answer's): an input row is its label over its line; an output row is its label in a
// box (as RxMarbles draws the operator) over the line of what it sent. Returns the SVG and
// the legend of the letters that stand for longer values.
function timeline(rows, box) {
  // Frames before a hot marble's `^` are negative: the axis starts at the earliest.
  const origin = Math.min(0, ...rows.flatMap((row) => row.entries.map((entry) => entry.frame)));
  const frames = Math.max(10, ...rows.map((row) => Math.max(row.width, ...row.entries.map((entry) => entry.frame + 1)))) - origin;
  const available = Math.max(240, Math.min(ROW_WIDTH, (box.clientWidth || ROW_WIDTH) - 8));
  const scale = Math.min(2 * FRAME, (available - LEFT - FRAME) / frames);
  const svg = svgElement("svg", { class: "timeline" });
  let y = 0, right = LEFT + frames * scale, pushedAny = false;
  const legend = new Map(), boxes = [];
  for (const row of rows) {
    const { places, pushed } = placed(row.entries, scale, origin);
    pushedAny = pushedAny || pushed;
    const label = row.label.length > 90 ? row.label.slice(0, 89) + "…" : row.label;
    if (row.output) {
      boxes.push(svg.appendChild(svgElement("rect", { x: LEFT, y: y + 4, height: 24, class: "operator-box" })));
      svg.appendChild(svgElement("text", { x: LEFT + 8, y: y + 21, class: "operator-text" }, label));
      y += 30;
    } else {
      svg.appendChild(svgElement("text", { x: LEFT, y: y + 12, class: "row-label" }, label));
      y += 14;
    }
    const middle = y + 20;
    const end = Math.max(LEFT + frames * scale, ...places) + FRAME / 2;
    svg.appendChild(svgElement("line", { x1: LEFT, y1: middle, x2: end, y2: middle, class: "axis", "stroke-width": 2 }));
    right = Math.max(right, end);
    // A hot marble's `^`: where the run subscribes (frame 0); marks before it are not seen.
    if (row.least === -Infinity) {
      const x = LEFT - origin * scale + FRAME / 2;
      const caret = svg.appendChild(svgElement("text", { x: x, y: middle + 26, class: "subscription-point" }, "^"));
      caret.appendChild(svgElement("title", {}, "^ subscription point (0ms): the run subscribes here; marks before it are not seen"));
    }
    row.entries.forEach((entry, index) => {
      // A short value is drawn in its marble (`shown`, decided by the server as the stage
      // diagram decides it); a longer one by its letter, which the legend gives.
      const shown = entry.shown || entry.mark;
      const group = marbleMark(shown, places[index], middle, row.tint || (row.output ? "output" : "value"));
      const value = entry.value ? `${entry.value} at ${entry.frame}ms` : `${entry.mark} at ${entry.frame}ms`;
      // The runs' letters share one legend; a script's marble says its own in its label
      // (two marbles may give one letter two values, as written).
      const sent = row.output || row.tint === "output";
      if (sent && lettered(entry)) {
        legend.set(entry.mark, entry.value);
      }
      group.dataset.frame = entry.frame;
      if (row.number >= 0) {
        group.dataset.marble = row.number;
        group.dataset.entry = index;
        group.appendChild(svgElement("title", {}, `${value}: drag it, or move it with the arrow keys`));
        makeMovable(group, { number: row.number, index, frame: entry.frame, least: () => row.least, script: shown.inputsFor,
                             landing: (dx) => entry.frame + Math.round(dx / scale) });
      } else {
        group.appendChild(svgElement("title", {}, value));
      }
      svg.appendChild(group);
    });
    y += 44;
  }
  y = timeAxis(svg, y, frames, scale, origin);
  if (pushedAny) svg.appendChild(svgElement("title", {}, "Marks closer than their size are drawn apart: not to scale there."));
  const width = Math.max(Math.ceil(right + FRAME / 2), available);
  svg.setAttribute("width", width);
  for (const operator of boxes) operator.setAttribute("width", width - LEFT - 6);
  svg.setAttribute("height", y);
  const parts = [svg];
  if (legend.size) parts.push(element("p", "legend hint", "where " + [...legend].map(([mark, value]) => `${mark} = ${value}`).join(", ")));
  const dropped = rows.reduce((sum, row) => sum + (row.dropped || 0), 0);
  if (dropped) parts.push(note(`${dropped} later events are not drawn (the text output has them all).`));
  return parts;
}

// Each mark at its time; marks of one frame a little apart, and a mark too close to the
// one before (scaled down, `b` 3 ms before `|`) pushed right so each can be grabbed: the
// order stays true, the distance between those two does not (the diagram's title says so).
function placed(entries, scale, origin = 0) {
  const places = [];
  let pushed = false;
  entries.forEach((entry, index) => {
    const before = index > 0 ? entries[index - 1] : null;
    const at = LEFT + (entry.frame - origin) * scale + FRAME / 2;
    const least = before === null ? at : places[index - 1] + (before.frame === entry.frame ? 6 : 2 * 11);
    if (least > at && before && before.frame !== entry.frame) pushed = true;
    places.push(Math.max(at, least));
  });
  return { places, pushed };
}

// The time axis under the rows: a tick every 1, 2 or 5 × 10ⁿ ms, at least 60 px apart.
function timeAxis(svg, y, frames, scale, origin = 0) {
  let step = 1;
  for (let power = 1; step * scale < 60; power *= 10) step = [1, 2, 5].map((digit) => digit * power).find((s) => s * scale >= 60) || 10 * power;
  const top = y + 6;
  svg.appendChild(svgElement("line", { x1: LEFT, y1: top, x2: LEFT + frames * scale + FRAME / 2, y2: top, class: "tick" }));
  for (let frame = Math.ceil(origin / step) * step; frame <= frames + origin; frame += step) {
    const x = LEFT + (frame - origin) * scale + FRAME / 2;
    svg.appendChild(svgElement("line", { x1: x, y1: top, x2: x, y2: top + 5, class: "tick" }));
    const reading = Math.abs(frame) >= 1000 ? `${frame / 1000}s` : `${frame}ms`;
    svg.appendChild(svgElement("text", { x: x, y: top + 17, class: "tick-label" }, reading));
  }
  return top + 24;
}

function marbleMark(mark, x, middle = 20, kind = "value") {
  const group = svgElement("g");
  if (mark === "|") {
    // A bar is thin: a wider, unseen area around it is what a pointer grabs.
    group.appendChild(svgElement("rect", { x: x - 8, y: middle - 16, width: 16, height: 32, class: "grab" }));
    group.appendChild(svgElement("line", { x1: x, y1: middle - 14, x2: x, y2: middle + 14, class: "end", "stroke-width": 3 }));
  } else if (mark === "#") {
    group.appendChild(svgElement("text", { x: x, y: middle + 6, class: "error" }, "×"));
  } else {
    group.appendChild(svgElement("circle", { cx: x, cy: middle, r: 11, class: kind }));
    group.appendChild(svgElement("text", { x: x, y: middle + 5, class: mark.length > 2 ? "mark narrow" : "mark" }, mark));
  }
  return group;
}

// A mark of a run's diagram that is an entry of one of the script's marbles, made
// draggable: its frame moves by the time the pointer moved over, read from the diagram's
// own ticks (each says its time: between two ticks time is to scale, across a fold it is
// the fold's length), so a mark dragged over a fold passes the time folded there.
function draggableMark(mark) {
  const number = Number(mark.dataset.marble), index = Number(mark.dataset.entry), frame = Number(mark.dataset.frame);
  const drawnFor = shown.diagramFor;
  // A hot marble's marks may go before its `^`, others not before 0: asked of the script's
  // marbles when the mark is moved (they come after the run that drew it).
  const least = () => frame < 0 || (shown.inputsFor === drawnFor && shown.inputs[number]
    && shown.inputs[number].subscriptionPoint) ? -Infinity : 0;
  // Its title stays what it says of the run (Play reads it); what it is, for a screen reader.
  const title = mark.querySelector(":scope > title");
  mark.setAttribute("aria-label", `${title ? title.textContent : "the end"} at ${frame}ms: drag it, or move it with the arrow keys`);
  // The axis of the diagram the mark was drawn in: a drag goes on over the diagrams drawn
  // meanwhile, whose axes are of the moved script.
  const axis = axisOf(mark.ownerSVGElement);
  const time = Number(mark.dataset.time) / 1e6;
  makeMovable(mark, { number, index, frame, least, script: shown.diagramFor, landing: (dx) => frame + framesMoved(axis, time, dx) });
}

// A diagram's time axis as the page reads it back: each tick's x and time (ms), the folds'
// places (a fold is the whole stretch between the two ticks around it), and the scale of
// the stretches drawn to scale (x per ms: the least of the unfolded pairs', as a pair
// pushed apart by crowded marks is wider).
function axisOf(svg) {
  const ticks = [...svg.querySelectorAll("line.axis[data-time]")]
    .map((tick) => ({ x: Number(tick.getAttribute("x1")), time: Number(tick.dataset.time) / 1e6 }))
    .sort((a, b) => a.x - b.x);
  const folds = [...svg.querySelectorAll("g.fold rect")].map((band) => Number(band.getAttribute("x")) + Number(band.getAttribute("width")) / 2);
  const folded = (from, to) => folds.some((x) => x > from.x && x < to.x);
  const scales = ticks.slice(1).flatMap((to, i) => to.time > ticks[i].time && !folded(ticks[i], to)
    ? [(to.x - ticks[i].x) / (to.time - ticks[i].time)] : []);
  return { ticks, folded, scale: scales.length ? Math.min(...scales) : FRAME };
}

// The frames a mark at `time` (ms) moves when dragged `dx` along a diagram's axis: at the
// diagram's scale from the tick before the pointer, or back from the tick after it when a
// fold lies between them and the pointer is past the fold's middle (across a fold, the mark
// passes the time folded there).
function framesMoved(axis, time, dx) {
  const { ticks, folded, scale } = axis;
  const at = ticks.find((tick) => tick.time === time);
  if (!at) return Math.round(dx / scale);
  const x = at.x + dx;
  const after = ticks.findIndex((tick) => tick.x > x);
  const before = after < 0 ? ticks[ticks.length - 1] : ticks[Math.max(0, after - 1)];
  let landed = before.time + (x - before.x) / scale;
  if (after > 0 && folded(before, ticks[after]) && x > (before.x + ticks[after].x) / 2) {
    landed = ticks[after].time - (ticks[after].x - x) / scale;
  }
  if (after === 0) landed = ticks[0].time - (ticks[0].x - x) / scale;
  return Math.round(landed - time);
}

// A mark (of the timeline or of a run's diagram) that can be grabbed: by a pointer (a
// mouse, a pen or a finger) or, focused, by the arrow keys. `landing(dx)` is the frame it
// lands on when dragged dx of its picture's units.
function makeMovable(group, mark) {
  group.classList.add("draggable");
  group.tabIndex = 0;
  // A mark of a script since changed in the editor (its marble may be another now, or
  // elsewhere) is not moved: the script in the editor is run, and its marks drawn.
  const stale = () => {
    if (mark.script === $("script").value) return false;
    run();
    return true;
  };
  group.addEventListener("pointerdown", (event) => { if (!stale()) startDrag(event, group, mark); });
  group.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight"].includes(event.key) || stale()) return;
    const step = event.shiftKey ? 10 : 1;
    const to = event.key === "ArrowRight" ? mark.frame + step : event.key === "ArrowLeft" ? Math.max(mark.least(), mark.frame - step) : null;
    if (to === null) return;
    event.preventDefault();
    // The diagram is drawn anew after the move: the moved mark gets the focus back, so
    // the arrow keys go on moving it.
    refocus = { marble: mark.number };
    moveMark(mark.number, mark.index, to);
  });
}

// A mark dragged along its line. The output follows the drag: each frame the mark would
// land on is the script as it was when the drag began with the mark moved there, run and
// shown (`followDrag`). The mark under the pointer is the one of the diagram shown: in a
// diagram drawn meanwhile, its copy there (on its lane in that layout) follows the pointer
// from where that diagram draws it. On release, the moved script goes into the editor and
// runs.
let dragging = null, drawnAfterDrag = false;

// Where a pointer's x is in a diagram's own units.
function unitsAt(svg, clientX) {
  const ctm = svg.getScreenCTM();
  return ctm ? (clientX - ctm.e) / ctm.a : clientX;
}

// The middle of a mark along the axis, in its diagram's units.
function middleOf(mark) {
  const box = mark.getBBox();
  return box.x + box.width / 2;
}
function startDrag(event, group, mark) {
  event.preventDefault();
  // A finger's pointer is captured by the element it touched; that element is moved into
  // each diagram drawn during the drag, so the window follows the pointer instead.
  if (group.hasPointerCapture(event.pointerId)) group.releasePointerCapture(event.pointerId);
  // The mark takes the focus (not the editor, as it keeps it on a press otherwise): the
  // arrow keys move it on after the drag, and Ctrl+Z undoes the drag.
  group.focus({ preventScroll: true });
  const svg = group.ownerSVGElement;
  // Screen pixels to the picture's units (a diagram is scaled to fit its panel).
  const perUnit = (svg && svg.getScreenCTM() && svg.getScreenCTM().a) || 1;
  const startX = event.clientX;
  const script = $("script").value;
  const follow = followDrag(script, mark);
  const least = mark.least();
  const landing = (at) => Math.max(least, mark.landing((at.clientX - startX) / perUnit));
  // The element shown under the pointer, where its diagram draws it, and where on it the
  // pointer took it.
  const grip = svg ? unitsAt(svg, startX) - middleOf(group) : 0;
  dragging = { element: group, base: svg ? middleOf(group) : 0, clientX: startX, grip };
  drawnAfterDrag = false;
  const move = (moved) => {
    dragging.clientX = moved.clientX;
    followPointer();
    follow.toward(landing(moved));
  };
  const drop = (dropped) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", drop);
    window.removeEventListener("pointercancel", drop);
    const shownElement = dragging.element;
    dragging = null;
    follow.stop();
    const to = landing(dropped);
    if (to !== mark.frame) {
      refocus = { marble: mark.number };
      return moveMark(mark.number, mark.index, to);
    }
    shownElement.removeAttribute("transform");
    // Dragged away and back: the output shown was of a move; the script's own run again.
    if (follow.moved()) run();
    else if (drawnAfterDrag) drawTimeline();
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", drop);
  window.addEventListener("pointercancel", drop);
}

// The runs shown while a mark is dragged. One is asked at a time (the server takes a few
// requests from a page at once, and a pointer moves faster than a run answers); when it is
// answered, the newest frame wanted meanwhile is asked next, the frames passed over never.
function followDrag(script, mark) {
  let wanted = mark.frame, asked = mark.frame, busy = false, over = false, moved = false;
  const next = async () => {
    busy = true;
    while (!over && asked !== wanted) {
      asked = wanted;
      moved = true;
      await showMoved(script, mark, mark.frame === asked ? null : asked, () => over);
    }
    busy = false;
  };
  return {
    toward(to) { wanted = to; if (!busy) next(); },
    stop() { over = true; },
    moved: () => moved,
  };
}

// The script with `mark` at `frame` (null: where it is), run and its output and diagrams
// shown, not its marbles. It counts as a run asked for, so the next one asked (another
// frame's, the release's) wins. The grabbed element is put in the new diagram in place of
// the moved mark's copy there.
async function showMoved(script, mark, frame, released) {
  const asked = ++runRequest;
  try {
    let moved = script, entry = mark.index;
    if (frame !== null) {
      const response = await post(`/marbles/${mark.number}/${mark.index}/${frame}`, script);
      const reply = await response.json();
      if (!response.ok || reply.error) return;
      [moved, entry] = [reply.script, reply.entry];
    }
    if (asked !== runRequest) return;
    const response = await post(runPath(), moved);
    const reply = await response.json();
    if (asked !== runRequest || !response.ok || released()) return;
    showRun(reply, moved);
    // The moved mark in the new diagram is the one under the pointer now.
    const copy = $("diagram").querySelector(`[data-marble="${mark.number}"][data-entry="${entry}"]`);
    if (dragging && copy) {
      copy.classList.add("dragged");
      Object.assign(dragging, { element: copy, base: middleOf(copy) });
      followPointer();
    }
  } catch (error) {
    // Not shown: the release's run says what went wrong.
  }
}

// The mark being dragged drawn under the pointer: moved from where its diagram draws it.
function followPointer() {
  const { element, base, clientX, grip } = dragging;
  if (!element.ownerSVGElement) return;
  element.setAttribute("transform", `translate(${unitsAt(element.ownerSVGElement, clientX) - grip - base},0)`);
}

// The mark moved by a drag or the arrow keys, to focus again once it is drawn anew: its
// marble's number, and its entry's place among the marble's entries once the server said.
let refocus = null;
function focusMovedMark() {
  if (!refocus || refocus.entry === undefined) return;
  const { marble, entry } = refocus;
  const found = document.querySelector(`#diagram .draggable[data-marble="${marble}"][data-entry="${entry}"]`)
    || document.querySelector(`#marbles .draggable[data-marble="${marble}"][data-entry="${entry}"]`);
  // Once: a mark not drawn on its own (one of many values at an instant, drawn as `*`)
  // leaves the focus where it is, and a later redraw does not take it from the editor.
  refocus = null;
  if (found) found.focus({ preventScroll: true });
}

// Asks the server to move mark `index` of marble `number` to `frame`; the script it answers
// replaces this one and runs. A move no marble can write is said, and nothing changes.
async function moveMark(number, index, frame) {
  const response = await post(`/marbles/${number}/${index}/${frame}`, $("script").value);
  const reply = await response.json();
  if (!response.ok || reply.error) {
    // The script is as it was: its run shown again (a drag showed others), then why not.
    refocus = null;
    await run();
    showProblem(reply.error || response.statusText);
    return;
  }
  if (refocus) refocus.entry = reply.entry;
  remember({ before: $("script").value, after: reply.script });
  $("script").value = reply.script;
  run();
}

// The scripts before each mark moved (dragged, or by an arrow key), to undo the moves one
// by one: Ctrl+Z outside the editor (which undoes its own typing), or Undo move. Each is
// kept with the script its move wrote: a script changed otherwise since (typed, an Example
// loaded) is not undone over, and a move after that starts the list anew.
let moves = [];
function remember(move) {
  if (moves.length && moves[moves.length - 1].after !== move.before) moves = [];
  moves.push(move);
  showUndo();
}
function undoable() {
  return moves.length > 0 && moves[moves.length - 1].after === $("script").value;
}
function showUndo() {
  $("undo-move").disabled = !undoable();
}
function undoMove() {
  if (!undoable()) return false;
  $("script").value = moves.pop().before;
  showUndo();
  run();
  return true;
}
function undoKey(event) {
  if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
  if (event.target.closest && event.target.closest("textarea, input, select")) return;
  if (undoMove()) event.preventDefault();
}

// An Example, as written in the repository (its `import` of the Examples' library is read
// on the server): into the editor, and run, so its expects say ✓ or ✗.
async function loadExample(name) {
  if (!name) return;
  leaveOperator();
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
  if (page.note) box.appendChild(element("p", "note", page.note));
  box.append(element("h2", "signature", page.signature), element("p", "hint", page.family));
  box.appendChild(element("p", "", (page.summary + " " + page.explanation).trim()));
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
    leaveOperator();
    run();
    $("script").focus();
  });
  box.appendChild(tryIt);
  $("operators").value = page.name;
  // The editor holds the operator's example now, no longer an Example: the menu says so.
  $("examples").value = "";
  $("script").value = page.example;
  drawMarbles();
  run();
}

// Another page of the playground (an Example, a lesson): the operator's page is put away,
// and the address keeps the script again.
function leaveOperator() {
  if (!shownOperator) return;
  shownOperator = null;
  $("operator-page").hidden = true;
  $("operators").value = "";
  history.replaceState(null, "", "#");
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

// Progress: each exercise solved, skipped, or seen (answered after its solution was shown).
// Where the server keeps `frp learn`'s file (`GET /progress`), it is that file, so the
// terminal and the page share one; elsewhere it is kept in this browser.
const PROGRESS = "frp-progress";
let fileProgress = null;
function progress() {
  if (fileProgress) return fileProgress;
  try { return JSON.parse(localStorage.getItem(PROGRESS)) || {}; } catch (error) { return {}; }
}
async function loadProgress() {
  const response = await fetch("/progress").catch(() => null);
  if (!response || !response.ok) return;
  fileProgress = await response.json();
  // What this browser kept before the file was there goes into the file.
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(PROGRESS)) || {}; } catch (error) { /* nothing kept */ }
  for (const [lesson, states] of Object.entries(kept)) {
    for (const [number, state] of Object.entries(states)) {
      if ((fileProgress[lesson] || {})[number] !== state) await record(lesson, number, state);
    }
  }
}
async function record(lesson, number, state) {
  const all = progress();
  const mine = all[lesson] || {};
  // Solved stays solved, and a solution seen is not undone by a skip (as `frp learn` keeps it).
  if (mine[number] === "solved" || (state === "skipped" && mine[number] === "seen")) return;
  if (fileProgress) {
    const response = await post(`/progress/${encodeURIComponent(lesson)}/${number}`, state).catch(() => null);
    if (response && response.ok) fileProgress = await response.json();
  } else {
    mine[number] = state;
    all[lesson] = mine;
    try { localStorage.setItem(PROGRESS, JSON.stringify(all)); } catch (error) { /* private mode: for this page only */ }
  }
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

// Under a wrong answer: the wanted events and the answer's as two rows on one time axis,
// lettered as the report letters them (the check's `rows`), and the answer's own run stage
// by stage (its diagram from `POST /run`, with the lesson's names).
async function drawAnswer(box, given, answer, rows) {
  box.replaceChildren();
  if (rows && rows.length) {
    const diagram = element("div", "marble-row");
    box.append(element("p", "hint", "Wanted, and what your answer sent:"), diagram);
    // The wanted row as an input is drawn, the answer's as an output.
    diagram.append(...timeline(rows.map((row, index) => ({ ...row, number: -1, tint: index ? "output" : "value" })), box));
  }
  const reply = await (await post(runPath(box), given + answer)).json();
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
  // Seeing the answer (the last hint, or Solution) makes a right answer count as seen, on
  // this visit and later ones: it is kept as soon as it is shown.
  const stateNow = () => (progress()[lesson.name] || {})[number];
  let seen = stateNow() === "seen";
  const mark = async (state) => {
    await record(lesson.name, number, state);
    status.textContent = STATES[(progress()[lesson.name] || {})[number]] || "";
  };
  const verdict = element("pre", "verdict");
  verdict.hidden = true;
  // Graded, as `frp learn`'s hint: a nudge, then the operator, then one solution.
  let hintsGiven = 0;
  // The kind of the last wrong answer's difference (its values, or its times): said
  // first, before the graded hints, as at the terminal.
  let difference = null;
  showHint.addEventListener("click", () => {
    if (difference) {
      verdict.hidden = false;
      verdict.className = "verdict";
      verdict.textContent = "Hint: " + difference + ".";
      difference = null;
      return;
    }
    hintsGiven = Math.min(hintsGiven + 1, step.hints.length);
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = `Hint ${hintsGiven} of ${step.hints.length}: ${step.hints[hintsGiven - 1]}`;
    showHint.textContent = hintsGiven < step.hints.length ? "Another hint" : "Hint";
    if (hintsGiven === step.hints.length) sawSolution();
  });
  const sawSolution = () => {
    seen = true;
    if (stateNow() !== "solved") mark("seen");
  };
  solution.addEventListener("click", () => {
    sawSolution();
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = step.hints[step.hints.length - 1];
  });
  skip.addEventListener("click", () => {
    if (stateNow() !== "solved") mark("skipped");
    verdict.hidden = false;
    verdict.className = "verdict";
    verdict.textContent = "Skipped. " + step.hints[step.hints.length - 1];
    const next = part.nextElementSibling && part.parentElement.querySelector(`.exercise[data-exercise="${number + 1}"] .answer`);
    if (next) next.focus();
  });
  check.addEventListener("click", async () => {
    const response = await post(`/lessons/${encodeURIComponent(lesson.name)}/${number}`, answer.value);
    const reply = await response.json();
    verdict.hidden = false;
    verdict.className = "verdict " + (reply.verdict === "right" ? "right" : "wrong");
    verdict.textContent = reply.verdict === "right" ? "✓ Right: it produces that marble."
      : reply.verdict === "idea" ? "✗ It produces that marble, but misses the point of the exercise:\n" + reply.report
      : (reply.error || ("✗ Not that marble yet:\n" + reply.report + (reply.hint ? "\nHint: " + reply.hint : "")));
    if (reply.verdict === "right") mark(seen ? "seen" : "solved");
    if (reply.verdict === "wrong") drawAnswer(drawn, given, answer.value, reply.rows); else drawn.replaceChildren();
    difference = reply.verdict === "wrong" ? reply.difference : null;
  });
  const drawn = element("div", "answer-diagrams");
  part.append(task, wanted, answer, buttons, verdict, drawn);
  return part;
}

// A lesson as `frp learn` gives it: readings, given names and runs (tried in the editor),
// exercises whose answers the server checks by running them.
let lessons = [];
let lessonShown = 0;
function showLesson(name) {
  leaveOperator();
  const box = $("lesson");
  box.replaceChildren();
  const lesson = lessons.find((found) => found.name === name);
  if (!lesson) return;
  box.appendChild(element("h3", "", lesson.title));
  let given = "";
  let exercise = 0;
  const watched = [];
  for (const step of lesson.steps) {
    if (step.kind === "read") {
      box.appendChild(element("p", "", step.text));
    } else if (step.kind === "given" || step.kind === "run") {
      if (step.kind === "given") given += step.text + "\n";
      const script = step.kind === "given" ? given : given + step.text;
      const tryIt = element("button", "", "Try it in the editor");
      tryIt.addEventListener("click", () => { $("script").value = script; drawMarbles(); run(); });
      box.append(element("pre", "", step.text));
      if (step.kind === "run") {
        const drawn = element("div", "marble-row watched");
        box.appendChild(drawn);
        watched.push([drawn, script]);
      }
      box.appendChild(tryIt);
    } else {
      exercise += 1;
      box.appendChild(exercisePart(lesson, step, exercise, given));
    }
  }
  // One after another: the server takes a few runs at a time from one page. Another
  // lesson shown meanwhile ends this one's drawing.
  const shownAs = ++lessonShown;
  (async () => {
    for (const [drawn, script] of watched) {
      if (shownAs !== lessonShown) return;
      try { await drawInPlace(drawn, script); } catch (error) { drawn.replaceChildren(note("Not drawn: " + error.message)); }
    }
  })();
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
  $("export").addEventListener("click", () => exportScript("rxjs"));
  $("export-combine").addEventListener("click", () => exportScript("combine"));
  $("paste-rxjs").addEventListener("click", () => { $("import-box").hidden = !$("import-box").hidden; $("rxjs-code").focus(); });
  $("import-rxjs").addEventListener("click", importRxJS);
  $("undo-move").addEventListener("click", undoMove);
  $("play").addEventListener("click", play);
  $("pause").addEventListener("click", pause);
  $("step").addEventListener("click", step);
  document.addEventListener("keydown", undoKey);
  $("script").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
  });
  $("script").addEventListener("input", () => {
    // An export is of the script it was made from: a changed script puts it away.
    $("exported").hidden = true;
    showUndo();
    clearTimeout(typing);
    typing = setTimeout(drawMarbles, 200);
  });
  $("lessons").addEventListener("change", (event) => showLesson(event.target.value));
  $("operators").addEventListener("change", (event) => {
    if (!event.target.value) return;
    const target = "#/op/" + encodeURIComponent(event.target.value);
    if (location.hash === target) route(); else location.hash = target; // the same page again: no hashchange
  });
  window.addEventListener("hashchange", route);
  $("operator-search").addEventListener("change", (event) => {
    const name = event.target.value.trim();
    if (!name) return;
    event.target.value = "";
    const target = "#/op/" + encodeURIComponent(name);
    if (location.hash === target) route(); else location.hash = target;
  });
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
  await loadProgress();
  for (const lesson of lessons) $("lessons").add(new Option(lesson.title, lesson.name));
  showProgressInMenu();
  for (const example of await (await fetch("/examples")).json()) {
    $("examples").add(new Option(`${example.name}: ${example.title}`, example.name));
  }
  // The menu by family, as `frp explain` lists them; the search box knows every name
  // (another library's too: `mergeMap` opens flatMap's page).
  const families = await (await fetch("/families")).json();
  for (const { family, names } of families) {
    const group = document.createElement("optgroup");
    group.label = family;
    for (const name of names) group.appendChild(new Option(name, name));
    $("operators").appendChild(group);
  }
  const names = await (await fetch("/operators")).json();
  for (const name of [...names, ...families.flatMap((group) => group.names)]) {
    $("operator-names").appendChild(element("option")).value = name;
  }
  // An operator's page opened by its link before the menu was filled: the menu says it.
  if (shownOperator) $("operators").value = shownOperator;
}
start();
