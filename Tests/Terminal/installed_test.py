"""frp installed away from its checkout (`make install`): the playground's Examples menu
still lists the Examples, from where `make install` puts them, and an Example that
imports a library runs in the page. The layout is the Makefile's own: its `install`
commands for the Examples, read with `make -n`, are run into a temporary PREFIX."""
import json, os, shutil, subprocess, sys, urllib.request
import pytest

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(root, "Tests"))
from frp_play import start_playground  # noqa: E402 (Tests/ on the path first)
built = os.path.join(root, ".build", "debug", "frp")


def get(url):
    with urllib.request.urlopen(url, timeout=30) as reply:
        return reply.read().decode()


def post(url, body):
    request = urllib.request.Request(url, data=body.encode(), method="POST")
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read().decode())


@pytest.fixture
def prefix(tmp_path):
    """A PREFIX with bin/frp, a copy of the built binary (a link would lead back here)."""
    os.makedirs(tmp_path / "bin")
    shutil.copy(built, tmp_path / "bin" / "frp")
    return tmp_path


def install_examples(prefix):
    """The Makefile's install commands for the Examples, run with PREFIX set to `prefix`."""
    dry = subprocess.run(["make", "-n", "-s", "install", f"PREFIX={prefix}"], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    commands = [line for line in dry.splitlines() if "Examples" in line]
    assert commands, dry
    for command in commands:
        subprocess.run(command, shell=True, cwd=root, check=True)


def test_an_installed_frp_lists_and_runs_the_examples(prefix):
    """Without the Examples beside it the menu is empty; with them where `make install`
    puts them, it lists each one, serves its text, and an Example importing lib/photos.frp
    runs"""
    binary = str(prefix / "bin" / "frp")
    server, url = start_playground(binary, cwd="/")
    try:
        assert json.loads(get(url + "/examples")) == []
    finally:
        server.terminate()
        server.wait(timeout=10)
    install_examples(prefix)
    server, url = start_playground(binary, cwd="/")
    try:
        names = [example["name"] for example in json.loads(get(url + "/examples"))]
        expected = sorted(name[:-4] for name in os.listdir(os.path.join(root, "Examples")) if name.endswith(".frp"))
        assert names == expected, names
        text = get(url + "/examples/10-popular-photos")
        assert 'import "lib/photos.frp"' in text
        with open(os.path.join(root, "Examples", "10-popular-photos.frp")) as file:
            assert text == file.read()
        reply = post(url + "/run", text)
        assert reply["status"] == 0 and reply["diagnostics"] == "", reply
        assert "next" in reply["output"], reply["output"]
    finally:
        server.terminate()
        server.wait(timeout=10)
