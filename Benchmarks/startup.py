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
