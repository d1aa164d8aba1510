#!/usr/bin/env python3
"""P3: process start to exit of `frp run` on a one-line script (release build), the median of
40 runs, beside /bin/true measured in the same run. Usage: python3 Benchmarks/startup.py"""
import os, statistics, subprocess, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "frp", "--package-path", root], check=True,
               stdout=subprocess.DEVNULL)
frp = os.path.join(root, ".build", "release", "frp")
script = tempfile.NamedTemporaryFile("w", suffix=".frp", delete=False)
script.write("of 1, 2, 3 | map it * 2\n")
script.close()

def median_ms(command, runs=40):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)

baseline = median_ms(["/bin/true"])
for name, command in [("frp run --virtual (traced)", [frp, "run", "--virtual", script.name]),
                      ("frp run --virtual --no-trace", [frp, "run", "--virtual", "--no-trace", script.name])]:
    ms = median_ms(command)
    print(f"{name:30} {ms:6.2f} ms   {ms / baseline:5.1f} x /bin/true ({baseline:.2f} ms)")
os.unlink(script.name)

# The REPL, start to its first prompt, at a terminal (a pty, as a person starts it): the
# median of 40, each with an empty history file, beside `sh` printing the same prompt in the
# same pty (pexpect's own start is most of either: about 100 ms here); the difference is
# what frp adds.
try:
    import pexpect
except ImportError:
    pexpect = None
if pexpect is not None:
    history = tempfile.NamedTemporaryFile("w", suffix=".history", delete=False)
    history.close()

    def to_prompt(command, args):
        samples = []
        for _ in range(40):
            start = time.perf_counter()
            child = pexpect.spawn(command, args, env={**os.environ, "FRP_HISTORY": history.name, "TERM": "dumb"},
                                  encoding="utf-8", timeout=10)
            child.expect_exact("frp> ")
            samples.append((time.perf_counter() - start) * 1000)
            child.sendline(":quit")
            child.expect(pexpect.EOF)
        return statistics.median(samples)

    repl = to_prompt(frp, [])
    shell = to_prompt("sh", ["-c", 'printf "frp> "; read line'])
    os.unlink(history.name)
    print(f"{'frp (REPL) to its prompt':30} {repl:6.2f} ms   sh to the same prompt {shell:.2f} ms: frp adds {repl - shell:.2f} ms")
