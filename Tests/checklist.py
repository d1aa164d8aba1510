"""The end-to-end tests' runner: each check is a named function; a failure is printed with
its reason and the others still run. `finish` prints `N passed, N failed` and exits 1 on a
failure. `-k WORDS` on the command line (as pytest spells it) runs only the checks whose name
contains WORDS (case-insensitive), and those marked `always` that the others need."""
import sys

passed = failed = skipped = 0
selected = None
if "-k" in sys.argv[1:-1]:
    selected = sys.argv[sys.argv.index("-k") + 1].lower()

def check(name, body, always=False):
    global passed, failed, skipped
    if selected is not None and selected not in name.lower() and not always:
        skipped += 1
        return
    try:
        body()
        passed += 1
        print(f"ok   {name}")
    except Exception as error:
        failed += 1
        print(f"FAIL {name}: {error!r}")

def finish(note=""):
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "") + note)
    sys.exit(1 if failed else 0)
