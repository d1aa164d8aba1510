"""`frp play` started and the address it prints read: shared by the suites that talk to the
playground (Tests/Browser, and Tests/Terminal's installed frp)."""
import re, subprocess


def start_playground(binary, cwd=None, env=None):
    """`binary play` on a free port, run in `cwd` (with `env`): the process and the URL it
    prints."""
    server = subprocess.Popen([binary, "play"], stdout=subprocess.PIPE, text=True, cwd=cwd, env=env)
    for _ in range(50):
        match = re.search(r"open (http://\S+)/ in a browser", server.stdout.readline())
        if match:
            return server, match.group(1)
    server.kill()
    raise AssertionError("frp play did not say where to open the page")
