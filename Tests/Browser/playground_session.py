"""What the browser suites share: `frp play` started and its address read (conftest.py's `url`
fixture), and Debian's headless Chromium driven by selenium (given Debian's binaries: no
driver can be downloaded here)."""
import os, sys, tempfile
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(root, "Tests"))
import frp_play  # noqa: E402 (Tests/ on the path first)
binary = os.path.join(root, ".build", "debug", "frp")
shots = os.path.join(root, ".build", "screenshots")
os.makedirs(shots, exist_ok=True)


# The progress file the playground shares with `frp learn` (never the tester's own).
progress_file = os.path.join(tempfile.mkdtemp(), "progress")


def start_playground():
    """`frp play` on a free port, keeping progress in `progress_file`: the process and the
    URL it prints."""
    return frp_play.start_playground(binary, env={**os.environ, "FRP_PROGRESS": progress_file})


def chromium(logging=False):
    """Headless Chromium at 1400×1000 (as root: --no-sandbox); with its console log kept."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"]:
        options.add_argument(argument)
    if logging:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
