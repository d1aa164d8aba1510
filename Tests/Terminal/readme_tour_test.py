"""README's short tour runs: every line of it that needs no server, browser or terminal of
its own is run as written (`./frp` the debug build), from the repository's root, and must
end as a user would expect (status 0; the typo line its diagnostic). The lines with a
server (`serve`, `play`, `--services`, curl) are run by the server suites, `learn` by the
pty suite.

Run one: python3 -m pytest -q Tests/Terminal -k tour
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"


def tour_lines():
    readme = (ROOT / "README.md").read_text()
    start = readme.index("## A short tour")
    block = readme[start:].split("\n\n")[1]
    lines = [line.strip() for line in block.splitlines() if line.startswith("    ./frp") or line.startswith("    echo") or line.startswith("    printf")]
    skipped = {"serve", "play", "--services", "curl", "learn"}

    def runs_here(line):
        words = re.sub(r"\s+#.*$", "", line).split()
        # A bare `./frp` is the REPL; a script by name runs live, as written (the pty suite runs those).
        return not skipped.intersection(words) and words != ["./frp"] and not (len(words) > 1 and words[1].startswith("Examples/"))
    return [line for line in lines if runs_here(line)]


LINES = tour_lines()


def test_the_tour_is_found():
    assert len(LINES) >= 15, LINES


@pytest.mark.parametrize("line", LINES, ids=[re.sub(r"\s+#.*", "", line)[:60] for line in LINES])
def test_tour_line_runs(line, tmp_path):
    if "node" in line and (shutil.which("node") is None or not Path("/usr/share/nodejs/rxjs").exists()):
        pytest.skip("needs Node and Debian's RxJS (scripts/setup-rxjs)")
    command = re.sub(r"\s+#.*$", "", line).replace("./frp", str(FRP))
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FRP_HISTORY": str(tmp_path / "history"), "HOME": str(tmp_path)})
    output = done.stdout + done.stderr
    if "typo" in line:
        assert done.returncode == 2 and "UNKNOWN OPERATOR [FRP0302]" in output, output
        return
    assert done.returncode == 0, output[-3000:]
    if "test Examples" in line:
        assert re.search(r"\d+ passed, 0 failed\s*$", done.stdout), done.stdout[-500:]
    if "--plan" in line:
        assert "one fused operator" in done.stdout and "for each value" in done.stdout, done.stdout
