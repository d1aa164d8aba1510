"""`frp export --to combine` proven on OpenCombine: every script of Tests/Scripts (one per
operator family, and the edge cases) and of Examples is exported as Swift, built against OpenCombine in a
package of its own (written here into .build/combine-exports, so OpenCombine stays out of
frp's build), and run. Each exported `expect` runs on the export's virtual-time scheduler
and is compared as `frp test` compares: the test fails when one event differs, so frp's
answer is Combine's for every expect the export can carry. What it cannot carry (an
operator Combine lacks, a photo service, frp's own error message) is listed by the export
on standard error, line by line, and counted here.

Run it: python3 -m pytest -q Tests/Combine
"""
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"
PACKAGE = ROOT / ".build" / "combine-exports"
# Tests/Combine's own scripts hold edges of the Swift export the other scripts do not reach.
SCRIPTS = (sorted((ROOT / "Tests" / "Scripts").glob("*.frp")) + sorted((ROOT / "Examples").glob("*.frp"))
           + sorted((ROOT / "Tests" / "Combine").glob("*.frp")))
# A family whose operators Combine has: at least one of its expects must be carried.
FAMILIES = ["combining", "creating", "errors", "filtering", "flattening", "sharing", "timing", "transforming"]


def target(path):
    return "export_" + re.sub(r"\W", "_", path.stem)


def key(path):
    return f"{path.parent.name}/{path.stem}"


def documented_exports():
    """Each `$ ./frp export --to combine -e '…'` shown in README.md and docs/language.md, with
    the `return …` line shown under it."""
    found = []
    for name in ["README.md", "docs/language.md"]:
        lines = (ROOT / name).read_text().splitlines()
        for index, line in enumerate(lines):
            command = re.match(r"\s*\$ \./frp export --to combine -e '(.*)'$", line)
            if command:
                # The `return` line and the operator lines under it, to the closing brace.
                start = next(i for i in range(index, len(lines)) if lines[i].strip().startswith("return "))
                shown = []
                for shown_line in lines[start:]:
                    if shown_line.strip() == "}":
                        break
                    shown.append(shown_line.strip())
                found.append((name, command.group(1).replace('\\"', '"'), "\n".join(shown).replace('\\"', '"')))
    return found


DOCUMENTED = documented_exports()


def documented_path(number):
    return ROOT / "docs" / f"documented_{number}.frp"


@pytest.fixture(scope="module")
def built():
    """Every script exported, the package written and built once: name → (exported, notes)."""
    exports = {}
    for path in SCRIPTS:
        done = subprocess.run([str(FRP), "export", "--to", "combine", str(path)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        exported = int(re.search(r"(\d+) expects? and \d+ runs? exported", done.stderr).group(1))
        if exported == 0:
            continue
        source = PACKAGE / "Sources" / target(path)
        source.mkdir(parents=True, exist_ok=True)
        main = source / "main.swift"
        if not main.exists() or main.read_text() != done.stdout:
            main.write_text(done.stdout)
        exports[key(path)] = (exported, done.stderr)
    for number, (_, script, _) in enumerate(DOCUMENTED):
        done = subprocess.run([str(FRP), "export", "--to", "combine", "-e", script], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        source = PACKAGE / "Sources" / target(documented_path(number))
        source.mkdir(parents=True, exist_ok=True)
        (source / "main.swift").write_text(done.stdout)
        exports[key(documented_path(number))] = (1, done.stdout)
    names = sorted(target(path) for path in SCRIPTS + [documented_path(n) for n in range(len(DOCUMENTED))] if key(path) in exports)
    targets = ",\n        ".join(
        f'.executableTarget(name: "{name}", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")], path: "Sources/{name}")'
        for name in names)
    manifest = f"""// swift-tools-version:5.9
// Written by Tests/Combine/combine_export_test.py: one executable per script frp exported to Combine.
import PackageDescription

let package = Package(
    name: "CombineExports",
    dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")],
    targets: [
        {targets}
    ]
)
"""
    if not (PACKAGE / "Package.swift").exists() or (PACKAGE / "Package.swift").read_text() != manifest:
        (PACKAGE / "Package.swift").write_text(manifest)
    done = subprocess.run(["swift", "build", "--package-path", str(PACKAGE)], capture_output=True, text=True, timeout=1800)
    errors = "\n".join(line for line in done.stdout.splitlines() if "error:" in line)
    assert done.returncode == 0, f"the Combine exports do not build:\n{errors or done.stdout[-3000:]}"
    return exports


def test_the_combine_edges_are_frp_answers():
    """Tests/Combine's scripts are frp's own answers first (frp test passes them, fused and not)"""
    for fused in ["", "1"]:
        done = subprocess.run([str(FRP), "test", str(ROOT / "Tests" / "Combine")], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "FRP_NO_FUSE": fused} if fused else None)
        assert done.returncode == 0, done.stdout[-2000:]


@pytest.mark.parametrize("script", SCRIPTS, ids=[f"{p.parent.name}/{p.name}" for p in SCRIPTS])
def test_exported_expects_pass_on_opencombine(built, script):
    if key(script) not in built:
        pytest.skip("nothing exportable to Combine")
    exported, notes = built[key(script)]
    done = subprocess.run([str(PACKAGE / ".build" / "debug" / target(script))], capture_output=True, text=True, timeout=120)
    summary = re.search(r"(\d+) passed, (\d+) failed", done.stdout)
    assert summary, f"the export did not run:\n{done.stderr[-3000:]}"
    failures = "\n".join(line for line in done.stdout.splitlines() if line.startswith("✗") or line.startswith("    "))
    assert done.returncode == 0 and summary.group(2) == "0", f"Combine disagrees:\n{failures}"
    assert int(summary.group(1)) == exported


def test_every_family_combine_has_is_carried(built):
    """the fixed set: each operator family Combine has operators for is exported and passes"""
    missing = [family for family in FAMILIES if "Scripts/" + family not in built]
    assert not missing, missing


@pytest.mark.parametrize("number", range(len(DOCUMENTED)), ids=[f"{d[0]}:{n}" for n, d in enumerate(DOCUMENTED)])
def test_documented_export_is_what_frp_writes_and_passes_on_opencombine(built, number):
    document, script, shown = DOCUMENTED[number]
    _, swift = built[key(documented_path(number))]
    written = "\n".join(line.strip() for line in swift.splitlines())
    assert shown in written, f"{document} shows:\n{shown}\nfrp writes:\n{swift[-700:]}"
    done = subprocess.run([str(PACKAGE / ".build" / "debug" / target(documented_path(number)))], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 passed, 0 failed" in done.stdout, done.stdout
