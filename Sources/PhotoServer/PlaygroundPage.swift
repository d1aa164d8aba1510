/// The playground served at `/`: one hand-written page (no framework, no build step).
/// A script in a textarea runs on the server in virtual time (`POST /run`); the page shows
/// its events, its diagrams (the SVG of `frp run --svg`) and its diagnostics as the
/// terminal prints them. The `cold`/`hot` marbles of the script are drawn as rows whose
/// marbles can be dragged in time (RxMarbles): the marble text is rewritten and the script
/// runs again. Operators are explained as `frp explain` does (`GET /explain/NAME`), and
/// the URL's fragment holds the script, so a link reopens the same run.
enum PlaygroundPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>frp playground</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; }
  header { display: flex; gap: 1em; align-items: center; padding: .6em 1em; background: #263238; color: #fff; }
  header h1 { font-size: 1.1em; margin: 0; }
  header a { color: #9fe0d0; }
  main { display: grid; grid-template-columns: minmax(340px, 38%) 1fr; gap: 1em; padding: 1em; }
  textarea { width: 100%; height: 14em; font: 14px monospace; box-sizing: border-box; padding: .5em; }
  button { font-size: 1em; padding: .3em 1em; }
  pre { background: #fff; border: 1px solid #ddd; padding: .6em; overflow: auto; font: 13px monospace; }
  #diagnostics { color: #b00; border-color: #e99; }
  #diagram svg { max-width: 100%; height: auto; background: #fff; border: 1px solid #ddd; margin-bottom: .5em; }
  .marble-row { margin: .4em 0; }
  .marble-row svg { background: #fff; border: 1px solid #ddd; }
  .marble-row .draggable { cursor: ew-resize; }
  .hint { color: #666; font-size: .9em; }
  .exercise { border-left: 4px solid #9fe0d0; padding-left: .6em; margin: .8em 0; }
  .exercise textarea { height: 3.5em; }
  .right { color: #1b7d3a; } .wrong { color: #b00; }
</style>
</head>
<body>
<header>
  <h1>frp playground</h1>
  <label>Explain <select id="operators"><option value="">an operator…</option></select></label>
  <label>Learn <select id="lessons"><option value="">a lesson…</option></select></label>
  <a id="share" href="#">link to this run</a>
</header>
<main>
  <section>
    <textarea id="script" spellcheck="false" aria-label="script">let typed = hot "-a--b---c----d|" {a: "kit", b: "kitt", c: "kitte", d: "kitten"}
typed | debounce 3ms | map it + "!"</textarea>
    <p><button id="run">Run</button> <span class="hint">Ctrl+Enter runs. Virtual time: instant, and the same every time.</span></p>
    <h3>Marbles</h3>
    <p class="hint">Drag a marble of a <code>cold</code> or <code>hot</code> source along its row: the script changes and runs again.</p>
    <div id="marbles"></div>
    <pre id="explanation" hidden></pre>
    <div id="lesson"></div>
  </section>
  <section>
    <pre id="diagnostics" hidden></pre>
    <div id="diagram"></div>
    <pre id="output"></pre>
  </section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const FRAME = 24; // pixels per frame in the marble rows

async function run() {
  const script = $("script").value;
  history.replaceState(null, "", "#" + encodeURIComponent(script));
  $("share").href = location.href;
  const response = await fetch("/run", { method: "POST", body: script, headers: { "Content-Type": "text/plain" } });
  if (!response.ok) {
    $("diagnostics").hidden = false;
    $("diagnostics").textContent = (await response.json()).error || response.statusText;
    return;
  }
  const reply = await response.json();
  $("output").textContent = reply.output;
  $("diagnostics").hidden = reply.diagnostics === "";
  $("diagnostics").textContent = reply.diagnostics;
  // The server's SVGs: their text is escaped where it is made.
  $("diagram").innerHTML = reply.svgs.map((svg) => svg.replace(/^<\?xml[^>]*>\s*/, "")).join("");
  drawMarbles();
}

// The marble strings of the script: `cold "..."` and `hot "..."`, with where they are.
function marbles(script) {
  const found = [];
  const pattern = /\b(cold|hot)\s+"([^"\\]*)"/g;
  let match;
  while ((match = pattern.exec(script)) !== null) {
    const start = match.index + match[0].length - match[2].length - 1;
    found.push({ kind: match[1], text: match[2], start: start });
  }
  return found;
}

// A marble is draggable when each character is one frame: no groups, no spaces, no times.
function simple(text) { return /^[-a-zA-Z0-9|#^]*$/.test(text); }

function drawMarbles() {
  const box = $("marbles");
  box.textContent = "";
  for (const marble of marbles($("script").value)) {
    const row = document.createElement("div");
    row.className = "marble-row";
    const width = Math.max(10, marble.text.length + 2) * FRAME;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("width", width);
    svg.setAttribute("height", 40);
    svg.innerHTML = `<line x1="0" y1="20" x2="${width}" y2="20" stroke="#444" stroke-width="2"/>`;
    [...marble.text].forEach((mark, frame) => {
      const x = frame * FRAME + FRAME / 2;
      if (mark === "-" || mark === "^") return;
      const group = document.createElementNS("http://www.w3.org/2000/svg", "g");
      if (mark === "|") {
        group.innerHTML = `<line x1="${x}" y1="6" x2="${x}" y2="34" stroke="#222" stroke-width="3"/>`;
      } else if (mark === "#") {
        group.innerHTML = `<text x="${x}" y="26" text-anchor="middle" fill="#d22" font-weight="bold">×</text>`;
      } else {
        group.innerHTML = `<circle cx="${x}" cy="20" r="11" fill="#ffd24d" stroke="#333"/>` +
          `<text x="${x}" y="25" text-anchor="middle" font-family="sans-serif" font-size="13" font-weight="bold">${mark}</text>`;
      }
      if (simple(marble.text)) {
        group.classList.add("draggable");
        group.dataset.frame = frame;
        group.addEventListener("mousedown", (event) => startDrag(event, marble, frame, group));
      }
      svg.appendChild(group);
    });
    const label = document.createElement("div");
    label.className = "hint";
    label.textContent = `${marble.kind} "${marble.text}"` + (simple(marble.text) ? "" : "  (groups or times: not draggable)");
    row.append(label, svg);
    box.appendChild(row);
  }
}

function startDrag(event, marble, frame, group) {
  event.preventDefault();
  const startX = event.clientX;
  const move = (moved) => { group.setAttribute("transform", `translate(${moved.clientX - startX},0)`); };
  const drop = (dropped) => {
    window.removeEventListener("mousemove", move);
    window.removeEventListener("mouseup", drop);
    const to = Math.max(0, frame + Math.round((dropped.clientX - startX) / FRAME));
    if (to !== frame) rewrite(marble, frame, to);
    else group.removeAttribute("transform");
  };
  window.addEventListener("mousemove", move);
  window.addEventListener("mouseup", drop);
}

// Moves the mark at `from` to `to` in the marble's text (swapping with what is there), keeps
// the end (`|`, `#`) after every value, and runs the script again.
function rewrite(marble, from, to) {
  const marks = [...marble.text];
  while (marks.length <= to) marks.push("-");
  [marks[from], marks[to]] = [marks[to], marks[from]];
  const end = marks.findIndex((mark) => mark === "|" || mark === "#");
  const last = marks.reduce((found, mark, index) => (/[a-zA-Z0-9]/.test(mark) ? index : found), -1);
  if (end >= 0 && last > end) { marks[last + 1] = marks[end]; marks[end] = "-"; }
  const script = $("script").value;
  $("script").value = script.slice(0, marble.start) + marks.join("") + script.slice(marble.start + marble.text.length);
  run();
}

async function explain(name) {
  const box = $("explanation");
  if (!name) { box.hidden = true; return; }
  const response = await fetch("/explain/" + encodeURIComponent(name));
  box.hidden = false;
  box.textContent = response.ok ? await response.text() : (await response.json()).error;
}

// A lesson as `frp learn` gives it: readings, given names and runs (tried in the editor),
// exercises whose answers the server checks by running them.
let lessons = [];
function showLesson(name) {
  const box = $("lesson");
  box.textContent = "";
  const lesson = lessons.find((found) => found.name === name);
  if (!lesson) return;
  const title = document.createElement("h3");
  title.textContent = lesson.title;
  box.appendChild(title);
  let given = "";
  let exercise = 0;
  for (const step of lesson.steps) {
    if (step.kind === "read") {
      const text = document.createElement("p");
      text.textContent = step.text;
      box.appendChild(text);
    } else if (step.kind === "given" || step.kind === "run") {
      if (step.kind === "given") given += step.text + "\n";
      const script = step.kind === "given" ? given : given + step.text;
      const code = document.createElement("pre");
      code.textContent = step.text;
      const tryIt = document.createElement("button");
      tryIt.textContent = "Try it";
      tryIt.addEventListener("click", () => { $("script").value = script; drawMarbles(); run(); });
      box.append(code, tryIt);
    } else {
      exercise += 1;
      const number = exercise;
      const part = document.createElement("div");
      part.className = "exercise";
      part.dataset.exercise = number;
      part.innerHTML = `<p><b>Exercise ${number}.</b> <span class="task"></span></p><p>Write the pipeline that produces <code class="emits"></code></p>` +
        `<textarea class="answer" spellcheck="false"></textarea><p><button class="check">Check</button> <button class="show-hint">Hint</button></p><pre class="verdict" hidden></pre>`;
      part.querySelector(".task").textContent = step.task;
      part.querySelector(".emits").textContent = step.emits;
      part.querySelector(".show-hint").addEventListener("click", () => {
        const verdict = part.querySelector(".verdict");
        verdict.hidden = false;
        verdict.className = "verdict";
        verdict.textContent = "Hint: " + step.hint;
      });
      part.querySelector(".check").addEventListener("click", async () => {
        const answer = part.querySelector(".answer").value;
        const response = await fetch(`/lessons/${encodeURIComponent(lesson.name)}/${number}`, { method: "POST", body: answer });
        const reply = await response.json();
        const verdict = part.querySelector(".verdict");
        verdict.hidden = false;
        verdict.className = "verdict " + (reply.verdict === "right" ? "right" : "wrong");
        verdict.textContent = reply.verdict === "right" ? "✓ Right: it produces that marble."
          : (reply.error || ("✗ Not that marble yet:\n" + reply.report + (reply.hint ? "\nHint: " + reply.hint : "")));
      });
      box.appendChild(part);
    }
  }
}

async function start() {
  lessons = await (await fetch("/lessons")).json();
  for (const lesson of lessons) $("lessons").add(new Option(lesson.title, lesson.name));
  $("lessons").addEventListener("change", (event) => showLesson(event.target.value));
  const names = await (await fetch("/operators")).json();
  for (const name of names) $("operators").add(new Option(name, name));
  $("operators").addEventListener("change", (event) => explain(event.target.value));
  $("run").addEventListener("click", run);
  $("script").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
  });
  $("script").addEventListener("input", drawMarbles);
  if (location.hash.length > 1) $("script").value = decodeURIComponent(location.hash.slice(1));
  drawMarbles();
  run();
}
start();
</script>
</body>
</html>
"""#
}
