"""`frp import` on the RxJS corpus (Tests/Import/corpus): each example imported, the script
run by frp in virtual time, and every value it logs, with its time, compared with what the
original code logs on RxJS 7.5.7's TestScheduler (the `.expected` files, which
`rxjs_run.js` writes from the real RxJS; `test_the_expected_files_are_rxjss` runs it again).
Values at one instant are compared as a set: frp runs each subscription on its own from
time zero, where RxJS runs them side by side."""
import glob, json, os, re, subprocess, tempfile
import pytest

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
binary = os.path.join(root, ".build", "debug", "frp")
corpus = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "*.js")))
node_path = {**os.environ, "NODE_PATH": "/usr/share/nodejs"}


def frp_text(value):
    """A JSON value as frp prints it: records `{name: "x", n: 1}`, whole numbers without a point."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else repr(float(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(frp_text(item) for item in value) + "]"
    return "{" + ", ".join((key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else json.dumps(key)) + ": " + frp_text(item)
                           for key, item in value.items()) + "}"


def milliseconds(reading):
    """`500ms`, `1s`, `1.5s`, `2m` as milliseconds."""
    number, unit = re.fullmatch(r"([0-9.]+)(ms|s|m)", reading).groups()
    return round(float(number) * {"ms": 1, "s": 1000, "m": 60000}[unit])


def imported(path):
    done = subprocess.run([binary, "import", path], capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def frp_events(script):
    with tempfile.NamedTemporaryFile("w", suffix=".frp", delete=False) as file:
        file.write(script)
    done = subprocess.run([binary, "run", "--virtual", "--no-trace", file.name], capture_output=True, text=True, timeout=120)
    os.remove(file.name)
    events = []
    for line in done.stdout.splitlines():
        match = re.fullmatch(r"\s*(\S+)\s+next (.*)", line)
        if match:
            events.append((milliseconds(match.group(1)), match.group(2)))
    return done, events


def rxjs_events(path):
    with open(path[:-3] + ".expected") as file:
        lines = [line.split(" ", 1) for line in file.read().splitlines() if line]
    # RxJS's `undefined` (a missing field, `find` without a match) is frp's null.
    return [(int(frame), "null" if value == "undefined" else frp_text(json.loads(value))) for frame, value in lines]


@pytest.mark.parametrize("path", corpus, ids=[os.path.basename(p)[:-3] for p in corpus])
def test_an_example_imported_whole_logs_what_rxjs_logs(path):
    status, script, notes = imported(path)
    assert "does not check" not in notes, notes
    if "0 left out" not in notes:
        pytest.skip("imported in part: " + notes.strip().splitlines()[0])
    done, events = frp_events(script)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert sorted(events) == sorted(rxjs_events(path)), f"\n{script}\nfrp:   {events}\nRxJS:  {rxjs_events(path)}"


def test_the_corpus_imports_mostly_whole():
    """How many import whole, in part, not at all: the note quotes these figures."""
    whole = sum("0 left out" in imported(path)[2] for path in corpus)
    assert len(corpus) >= 82
    assert whole >= 61, whole


def test_the_expected_files_are_rxjss():
    """Each `.expected` is what RxJS 7.5.7 logs now (the harness run again)."""
    for path in corpus:
        done = subprocess.run(["node", os.path.join(os.path.dirname(path), "..", "rxjs_run.js"), path], capture_output=True,
                              text=True, timeout=60, env=node_path)
        with open(path[:-3] + ".expected") as file:
            assert done.stdout == file.read(), path
