"""The round trip: every script of Tests/Scripts and Examples written as RxJS by
`frp export --to rxjs`, that file read back by `frp import`, and the script it gives run by
frp. Nothing exported may be left out; each expect the export wrote comes back as an expect
that passes (the same marble, so the same events); each run the export wrote logs, on frp,
the events the exported file logs on RxJS 7.5.7 (which Tests/RxJS proves are the original
script's)."""
import glob, os, re, subprocess, tempfile
import pytest

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
binary = os.path.join(root, ".build", "debug", "frp")
scripts = sorted(glob.glob(os.path.join(root, "Tests", "Scripts", "*.frp")) + glob.glob(os.path.join(root, "Examples", "*.frp")))
node_path = {**os.environ, "NODE_PATH": "/usr/share/nodejs"}
# An event line of a run, as `frp run --virtual` and the export's `showRun` print it.
event_line = re.compile(r"\s+[0-9.]+(?:ms|s)  (?:next|error|completed).*")
own_error = re.compile(r'error "\d+:\d+ \w+: ')


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=120, **options)


@pytest.mark.parametrize("script", scripts, ids=[os.path.relpath(path, root) for path in scripts])
def test_an_exported_script_imports_back_to_the_same_events(script, tmp_path):
    exported = run([binary, "export", "--to", "rxjs", script], cwd=os.path.dirname(script))
    assert exported.returncode in (0, 1), exported.stderr
    expects, runs = map(int, re.search(r"(\d+) expects? and (\d+) runs? exported", exported.stderr).groups())
    javascript = tmp_path / "exported.js"
    javascript.write_text(exported.stdout)

    imported = run([binary, "import", str(javascript)])
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "left out" not in imported.stdout, imported.stdout
    back = tmp_path / "imported.frp"
    back.write_text(imported.stdout)
    assert imported.stdout.count("\nexpect ") == expects

    if expects:
        tested = run([binary, "test", str(back)], cwd=tmp_path)
        assert tested.returncode == 0, tested.stdout + tested.stderr
        assert f"{expects} passed, 0 failed" in tested.stdout, tested.stdout
    if runs:
        on_rxjs = run(["node", str(javascript)], env=node_path, cwd=tmp_path)
        on_frp = run([binary, "run", "--virtual", "--no-trace", str(back)], cwd=tmp_path)
        assert on_frp.returncode == 0, on_frp.stderr
        wanted = [line.strip() for line in on_rxjs.stdout.splitlines() if event_line.fullmatch(line)]
        # frp's own errors say where in the script they were raised ("10:20 map: division by
        # zero"), which RxJS's do not.
        got = [own_error.sub(r'error "', line.strip()) for line in on_frp.stdout.splitlines() if event_line.fullmatch(line)]
        assert got == wanted
        assert on_frp.stdout.count("» ") == runs


def test_a_changed_prelude_is_read_as_any_code(tmp_path):
    """Only a prelude word for word is the export's: an edited one is RxJS code like any
    other, its helpers left out with their lines, never read as frp's."""
    exported = run([binary, "export", "--to", "rxjs", os.path.join(root, "Examples", "01-first-steps.frp")])
    edited = exported.stdout.replace("const add = (a, b) =>", "const add = (a, b, c) =>", 1)
    javascript = tmp_path / "edited.js"
    javascript.write_text(edited)
    imported = run([binary, "import", str(javascript)])
    assert "left out" in imported.stdout
    assert "expect " not in imported.stdout
