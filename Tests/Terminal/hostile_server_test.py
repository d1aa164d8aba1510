"""frp's HTTP client against hostile photo services (`--services URL` of a server that is
not `frp serve`): what a server sends is data, shown and never acted on by the terminal, and
what it sends at once is bounded. Each test failed before Reliability IV's fixes: 15 ESC,
5 BEL and 5 CR LF reached the terminal in one run; 32 replies in flight took 0.7–0.9 GB.

Run one: python3 -m pytest -q Tests/Terminal/hostile_server_test.py
"""
import json
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"


class HostileServer:
    """Answers `GET /v1/stats` as frp serve does, and every other request with `answer`
    (a function of the request's path returning the raw bytes to send, then how long to hold
    the connection open)."""

    def __init__(self, answer):
        self.answer = answer
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.quietly, args=(connection,), daemon=True).start()

    def quietly(self, connection):
        try:
            self.handle(connection)
        except OSError:
            pass

    def handle(self, connection):
        """Raises OSError when the client closed the connection before all was sent."""
        with connection:
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                request += chunk
            path = request.split(b" ")[1].decode()
            if path.startswith("/v1/stats"):
                body = json.dumps({"services": {}}).encode()
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
                return
            reply, hold = self.answer(path)
            connection.sendall(reply)
            time.sleep(hold)

    def close(self):
        self.listener.close()


def reply(status, body):
    body = json.dumps(body).encode()
    return b"HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % (status, len(body)) + body


def run(url, script, *flags):
    with tempfile.NamedTemporaryFile("w", suffix=".frp") as file:
        file.write(script + "\n")
        file.flush()
        return subprocess.run(["/usr/bin/time", "-f", "max %M KB", str(FRP), "run", "--virtual", "--color", "never",
                               "--services", url, *flags, file.name], capture_output=True, timeout=120)


HOSTILE = "\x1b]0;owned\x07\x1b[2J\r\n1 passed, 0 failed\x9b"


def test_control_characters_from_a_server_are_shown_not_sent_to_the_terminal():
    def answer(path):
        if "photos.search" in path:
            return reply(500, {"error": HOSTILE}), 0
        return reply(200, {"current_page": 1, "total_pages": 1, "total_items": 1,
                           "photos": [{"id": 1, "name": HOSTILE, HOSTILE: HOSTILE, "rating": 99}]}), 0
    server = HostileServer(answer)
    try:
        done = run(server.url, 'popular\npopular | map it.name\nsearch "kitten"')
    finally:
        server.close()
    printed = done.stdout + done.stderr
    for byte, name in [(b"\x1b", "ESC"), (b"\x07", "BEL"), (b"\r", "CR"), ("\x9b".encode(), "CSI")]:
        assert byte not in printed, f"{name} reached the terminal:\n{printed.decode(errors='replace')[-2000:]}"
    text = printed.decode()
    assert "\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\r\\n1 passed, 0 failed\\u{9b}" in text
    assert "\n1 passed, 0 failed" not in text


def test_replies_read_at_once_are_bounded():
    """Twelve replies of 15 MB each sent together and held open: at most 64 MB is read at
    once, so frp refuses some mid-body (the server sees them closed) and the run's memory
    stays far below 12 × 15 MB. Which request's failure the run reports first depends on
    which reply came first; the bound does not."""
    size = 15 << 20
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % (size + 2)
    body = head + b"[" + b" " * size
    refused = []

    class Counting(HostileServer):
        def handle(self, connection):
            try:
                super().handle(connection)
            except OSError:
                refused.append(1)
                raise

    def answer(path):
        return body, 5
    server = Counting(answer)
    try:
        done = run(server.url, 'range 1, 12 | flatMap (search "kitten" + string(it))')
    finally:
        server.close()
    text = (done.stdout + done.stderr).decode()
    assert refused, "no reply was refused: " + text[-2000:]
    peak = int(text.split("max ")[-1].split(" KB")[0])
    assert peak < 150_000, f"{peak} KB"
