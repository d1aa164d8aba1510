#!/usr/bin/env python3
"""Writes a `make bench` run into the README: the block between the two markers

    <!-- bench: begin -->  ...  <!-- bench: end -->

becomes the run's report, as printed (every figure beside its baseline and goal), with the
date. So the README's numbers are one run's, never retyped.

    make bench | tee bench.txt && python3 Benchmarks/readme.py bench.txt
"""
import datetime
import pathlib
import re
import sys

BEGIN, END = "<!-- bench: begin -->", "<!-- bench: end -->"


def report(text: str) -> list[str]:
    """The report's lines: from the first section title (`P1: ...`) on, build output left out."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"^P1: ", line)), None)
    if start is None:
        sys.exit("readme.py: no `P1:` section in the bench output (did the run fail?)")
    kept = [line.rstrip() for line in lines[start:] if not line.startswith(("[", "Build", "Compiling", "warning:"))]
    while kept and not kept[-1]:
        kept.pop()
    if any("WRONG" in line for line in kept):
        sys.exit("readme.py: the run has a wrong answer; not written")
    return kept


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    lines = report(pathlib.Path(sys.argv[1]).read_text())
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    text = readme.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"readme.py: README.md has no {BEGIN} ... {END} block")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    date = datetime.date.today().isoformat()
    block = [BEGIN, f"`make bench`, {date}, on the 2-core development machine:", "", "```", *lines, "```", END]
    readme.write_text(head + "\n".join(block) + tail)
    print(f"README.md: bench block written ({len(lines)} lines)")


if __name__ == "__main__":
    main()
