"""The end-to-end tests' runner: each check is a named function; a failure is printed with
its reason and the others still run. `finish` prints `N passed, N failed` and exits 1 on a
failure."""
import sys

passed = failed = 0

def check(name, body):
    global passed, failed
    try:
        body()
        passed += 1
        print(f"ok   {name}")
    except Exception as error:
        failed += 1
        print(f"FAIL {name}: {error!r}")

def finish(note=""):
    print(f"{passed} passed, {failed} failed{note}")
    sys.exit(1 if failed else 0)
