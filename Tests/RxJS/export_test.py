"""`frp export --to rxjs` proven on RxJS itself: every script of Tests/Scripts and Examples
is exported, and the JavaScript runs on Node with Debian's RxJS 7 (scripts/setup-rxjs).
Each exported `expect` is an `expectObservable(…).toBe(…)` on RxJS's own TestScheduler: the
test fails when one marble differs, so frp's answer is RxJS's answer for every expect the
export can carry. What it cannot carry (a photo service, a property, an action) is listed
by the export on standard error, line by line, and counted here.

Run one: python3 -m pytest -q Tests/RxJS -k "export and timing"
"""
import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"
NODE_PATH = "/usr/share/nodejs"
SCRIPTS = sorted(list((ROOT / "Tests" / "Scripts").glob("*.frp")) + list((ROOT / "Examples").glob("*.frp")))


def export(path):
    done = subprocess.run([str(FRP), "export", "--to", "rxjs", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


@pytest.mark.parametrize("script", SCRIPTS, ids=[f"{p.parent.name}/{p.name}" for p in SCRIPTS])
def test_exported_expects_pass_on_rxjs(script):
    javascript, notes = export(script)
    exported = int(re.search(r"(\d+) expects? and \d+ runs? exported", notes).group(1))
    if exported == 0:
        pytest.skip("nothing exportable: " + notes.strip().splitlines()[0])
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as file:
        file.write(javascript)
    try:
        done = subprocess.run(["node", file.name], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "NODE_PATH": NODE_PATH})
    finally:
        os.unlink(file.name)
    summary = re.search(r"(\d+) passed, (\d+) failed", done.stdout)
    assert summary, f"the export did not run:\n{done.stderr[-3000:]}"
    failures = "\n".join(line for line in done.stdout.splitlines() if line.startswith("✗") or line.startswith("    "))
    assert done.returncode == 0 and summary.group(2) == "0", f"RxJS disagrees:\n{failures}"
    assert int(summary.group(1)) == exported


def test_export_says_what_it_could_not_carry():
    """What has no counterpart is named with its line, never written otherwise; a photo
    service is written with the answers the embedded catalog gave, and passes on RxJS."""
    with tempfile.NamedTemporaryFile("w", suffix=".frp", delete=False) as file:
        file.write('expect photo 108523 | map comments_count emits "200ms (n|)" {n: 56}\n'
                   'service photo fails "offline"\n'
                   'expect photo 108523 emits "200ms #" error "photo: offline"\n'
                   'expect of 1 | flatMap (token) | count emits "1s (n|)" {n: 1}\n')
    try:
        javascript, notes = export(file.name)
    finally:
        os.unlink(file.name)
    assert "line 3: `photo` fails or is slow on demand here" in notes
    assert "line 4: `token`: its answer depends on what the run asked before" in notes
    assert "1 expect and 0 runs exported, 2 statements not" in notes
    assert 'const photo = service("photo");' in javascript
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as file:
        file.write(javascript)
    try:
        ran = subprocess.run(["node", file.name], capture_output=True, text=True, timeout=60,
                             env={**os.environ, "NODE_PATH": NODE_PATH})
    finally:
        os.unlink(file.name)
    assert "1 passed, 0 failed" in ran.stdout, ran.stdout + ran.stderr


def documented_exports():
    """Each `$ ./frp export -e '…'` shown in README.md and docs/language.md, with the
    `return …;` line shown under it."""
    found = []
    for name in ["README.md", "docs/language.md"]:
        lines = (ROOT / name).read_text().splitlines()
        for index, line in enumerate(lines):
            command = re.match(r"\s*\$ \./frp export -e '(.*)'$", line)
            if command:
                shown = next(l.strip() for l in lines[index:] if l.strip().startswith("return "))
                found.append((name, command.group(1).replace('\\"', '"'), shown.replace('\\"', '"')))
    return found


@pytest.mark.parametrize("document,script,shown", documented_exports())
def test_documented_export_is_what_frp_writes_and_passes_on_rxjs(document, script, shown):
    done = subprocess.run([str(FRP), "export", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert shown in done.stdout, f"{document} shows `{shown}`; frp writes:\n{done.stdout[-600:]}"
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as file:
        file.write(done.stdout)
    try:
        ran = subprocess.run(["node", file.name], capture_output=True, text=True, timeout=60,
                             env={**os.environ, "NODE_PATH": NODE_PATH})
    finally:
        os.unlink(file.name)
    assert ran.returncode == 0 and "1 passed, 0 failed" in ran.stdout, ran.stdout


def test_the_rxjs_names_are_the_packages():
    """`RxJSNames.exports`, what the export may import, is exactly what Debian's rxjs exports:
    a name missing there would be written and not imported, an extra one imported as
    undefined."""
    listed = set(re.findall(r'"(\w+)"', (ROOT / "Sources" / "Export" / "RxJSNames.swift").read_text()))
    done = subprocess.run(["node", "-e", "console.log(Object.keys(require('rxjs')).join(' '))"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "NODE_PATH": NODE_PATH})
    assert done.returncode == 0, done.stderr
    assert listed == set(done.stdout.split())


@pytest.mark.parametrize("name", ["prelude.js", "actions.js"])
def test_the_prelude_is_javascript(name):
    """The export's prelude is a file of JavaScript (Sources/Export/Preludes), checked as
    code; every exported script also runs it."""
    done = subprocess.run(["node", "--check", str(ROOT / "Sources" / "Export" / "Preludes" / name)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
