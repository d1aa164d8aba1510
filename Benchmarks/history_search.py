#!/usr/bin/env python3
"""Ctrl-R at the prompt: the CPU the REPL spends on 200 keys of a search that finds nothing
(every key looks at every entry), over a history of 1,000 entries of 40 bytes and of 4 KB
(4 MB, the most frp keeps), each minus a run that starts and stops without searching.
Usage: python3 Benchmarks/history_search.py [FRP]   (the debug build by default; pexpect)"""
import os, resource, sys, tempfile, time

import pexpect

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
frp = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug", "frp")


def cpu(entries, size, keys):
    """User CPU seconds of one REPL session: a history of `entries` of `size`, `keys` typed
    into one Ctrl-R search."""
    with tempfile.NamedTemporaryFile("w", suffix=".history", delete=False) as history:
        history.write("_HiStOrY_V2_\n")
        for number in range(entries):
            history.write("of\\040%d\\040|\\040map\\040\"%s\"\n" % (number, "x" * size))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    child = pexpect.spawn(frp, env=dict(os.environ, FRP_HISTORY=history.name, TERM="xterm"), encoding="utf-8", timeout=120)
    child.delaybeforesend = None
    child.expect_exact("frp> ")
    if keys:
        child.send("\x12")
        for _ in range(keys):
            child.send("q")
            time.sleep(0.002)
    child.kill(9)
    child.expect(pexpect.EOF)
    child.close()
    os.unlink(history.name)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


for entries, size in [(1000, 40), (1000, 4000)]:
    start = cpu(entries, size, 0)
    searched = cpu(entries, size, 200)
    print(f"{entries} entries of {size} bytes: 200 keys {max(0.0, searched - start):.2f} s of CPU (start alone {start:.2f} s)")
