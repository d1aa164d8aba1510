"""Reliability IV's export findings, on Node with Debian's RxJS: what the export writes is
data, never code (a string is a string, a name is a name JavaScript reads), a record is
its own fields only, `matches` ends as frp's does, and an expect that fails in frp fails
in the export.

Run one: python3 -m pytest -q Tests/RxJS/export_hostile_test.py
"""
import os
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"
NODE_PATH = "/usr/share/nodejs"


def frp(*arguments):
    return subprocess.run([str(FRP), *arguments], capture_output=True, text=True, timeout=60)


def on_node(script, timeout=60):
    """frp test's summary of the script, and the export's run on Node (its stdout)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.frp"
        path.write_text(script)
        tested = frp("test", str(path))
        exported = frp("export", "--to", "rxjs", str(path))
        assert exported.returncode == 0, exported.stderr
        javascript = Path(folder) / "hostile.js"
        javascript.write_text(exported.stdout)
        done = subprocess.run(["node", str(javascript)], capture_output=True, text=True, timeout=timeout, cwd=folder,
                              env={**os.environ, "NODE_PATH": NODE_PATH})
        return tested.stdout.strip().splitlines()[-1], done, set(os.listdir(folder))


def summary(done):
    found = re.search(r"(\d+ passed, \d+ failed)", done.stdout)
    assert found, f"the export did not run:\n{done.stderr[-2000:]}"
    return found.group(1)


def test_a_control_character_is_refused_wherever_the_script_comes_from():
    """U+0001 and `parameter:` was written into the export as code (node ran it and wrote
    a file while the export's test said "1 passed")."""
    injected = 'let run = of 1 | map "\x01parameter:require(\'fs\').writeFileSync(\'owned\', \'\')"\n'
    done = frp("export", "--to", "rxjs", "-e", injected)
    assert done.returncode == 2
    assert "I found a control character (0x1) at line 1, column 23." in done.stderr
    assert "owned" not in done.stdout
    assert "\x01" not in done.stderr and '"\u2401parameter:' in done.stderr  # the line shown with the character's picture
    # At the prompt (its input piped), the same line is refused, not run.
    prompt = subprocess.run([str(FRP)], input=injected, capture_output=True, text=True, timeout=60)
    assert "I found a control character (0x1)" in prompt.stdout + prompt.stderr


def test_a_record_is_its_own_fields_only():
    """A key `__proto__` became the prototype and `has` found `constructor`: frp said
    0 passed, 2 failed; the export 2 passed. Both agree now, passing and failing."""
    script = ('expect of {__proto__: 1} | map has(it, "constructor") emits "(a|)" {a: false}\n'
              'expect of {__proto__: 1} | map [it.__proto__, keys(it), has(it, "__proto__")] emits "(a|)" {a: [1, ["__proto__"], true]}\n'
              'expect of {__proto__: 1} | map contains(it, "toString") emits "(a|)" {a: false}\n'
              'expect of {a: 1} | map it.constructor ?? "none" emits "(a|)" {a: "none"}\n'
              'expect of {__proto__: 1} | map has(it, "constructor") emits "(a|)" {a: true}\n')
    tested, done, _ = on_node(script)
    assert tested == "4 passed, 1 failed"
    assert summary(done) == tested
    assert done.returncode == 1


def test_matches_ends_on_node_as_in_frp():
    """`(a+)+b` on "aaa…a!" is linear in frp and never ended under node."""
    script = 'expect of "' + "a" * 40 + '!" | map it matches "(a+)+b" emits "(a|)" {a: false}\n'
    tested, done, _ = on_node(script, timeout=30)
    assert tested == "1 passed, 0 failed"
    assert summary(done) == tested


def test_a_name_frp_reads_is_a_name_javascript_reads():
    """`Ⓐ` is a letter to frp and a SyntaxError in JavaScript: none of the file's tests ran."""
    script = 'let Ⓐ = of 1, 2\nlet aⒶ = Ⓐ | map it * 10\nexpect aⒶ emits "(ab|)" {a: 10, b: 20}\nexpect Ⓐ | take 1 emits "(a|)" {a: 1}\n'
    tested, done, _ = on_node(script)
    assert tested == "2 passed, 0 failed"
    assert summary(done) == tested


def test_export_of_many_constants_stays_small():
    """Every pair of a script's constants was built before 2,000 were kept: 22 KB took
    2.27 GB and 10.4 s at the command line."""
    script = "".join(f'of "{n}", {n} | flatMap (search it)\n' for n in range(1200))
    with tempfile.NamedTemporaryFile("w", suffix=".frp", delete=False) as file:
        file.write(script)
    try:
        done = subprocess.run(["/usr/bin/time", "-f", "%M KB %e s", str(FRP), "export", "--to", "rxjs", file.name],
                              capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(file.name)
    assert done.returncode == 0, done.stderr[-2000:]
    kilobytes, seconds = re.search(r"(\d+) KB ([\d.]+) s", done.stderr).groups()
    assert int(kilobytes) < 400_000, f"{kilobytes} KB"


HOSTILE_TEXTS = ["</script><script>process.exit(0)</script>", "${process.exit(0)}", "`+process.exit(0)+`",
                 "'+process.exit(0)+'", "\\\"+process.exit(0)+\\\"", "*/process.exit(0)/*", "\u2028process.exit(0)\u2029",
                 "\\\\u0022+process.exit(0)", "a\\nb\\tc", "Ⓐ\u200d\U0001F600", "__proto__", "constructor"]


def test_hostile_texts_are_strings_on_node():
    """Every text that reaches the export goes through one escaper (`JavaScript.string`): as
    a value, a record's key and a field name, each is the same text on Node, and the file's
    tests run to their summary (a `process.exit(0)` that ran would cut them short)."""
    script = "".join(f'expect of {{k: "{text}"}} | map it.k emits "(a|)" {{a: "{text}"}}\n' for text in HOSTILE_TEXTS)
    script += "".join(f'expect of "{text}" | map [it] emits "(a|)" {{a: ["{text}"]}}\n' for text in HOSTILE_TEXTS)
    tested, done, _ = on_node(script)
    assert tested == f"{2 * len(HOSTILE_TEXTS)} passed, 0 failed", tested
    assert summary(done) == tested
