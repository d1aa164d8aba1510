"""The browser suites' shared fixture: `frp play`, started once for each test module (as each
suite's script started it once) and stopped after its last test. Each module starts its own
Chromium (`browser`, module-scoped, in the module: the security suite's records its console
and alerts)."""
import pytest

from playground_session import start_playground


@pytest.fixture(scope="module")
def url():
    """The address `frp play` prints (a free port), its server stopped after the module."""
    server, address = start_playground()
    yield address
    server.terminate()
    server.wait(timeout=15)
