#!/usr/bin/env python3
"""The playground in a real browser (Debian's headless Chromium through selenium): `frp play`
serves the page (frp serve on a free port); the test types a pipeline and runs it, counts the marbles of its diagram,
drags a source marble and sees the output change, sees a typo's diagnostic, opens an
explanation, and reopens a shared link. Screenshots of the page and of three Examples' SVGs
go to .build/screenshots (not committed). Prints `N passed, N failed`; exits 1 on a failure."""
import os, subprocess, sys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playground_session import binary, chromium, root, shots, start_playground

server, url = start_playground()
browser = chromium()
wait = WebDriverWait(browser, 20)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checklist import check, finish

def run_script(text):
    """Types a script into the editor, runs it with Ctrl+Enter, waits for its output."""
    editor = browser.find_element(By.ID, "script")
    editor.clear()
    editor.send_keys(text)
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    editor.send_keys(Keys.CONTROL, Keys.ENTER)
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")

def runs_and_draws():
    browser.get(url + "/")
    wait.until(lambda _: browser.find_element(By.ID, "operators").find_elements(By.TAG_NAME, "option")[1:])
    run_script('cold "-a-b-c|" | map it + "!"')
    output = browser.find_element(By.ID, "output").text
    assert 'next "a!"' in output and 'next "c!"' in output, output
    # The diagram: two rows of three values each.
    circles = browser.find_elements(By.CSS_SELECTOR, "#diagram svg g.value circle")
    assert len(circles) == 6, len(circles)
    browser.save_screenshot(os.path.join(shots, "playground.png"))

def dragging_a_marble_changes_the_output():
    run_script('cold "-a-b|" | map it + "!"')
    before = browser.find_element(By.ID, "output").text
    assert "1ms  next \"a!\"" in before, before
    marble = browser.find_elements(By.CSS_SELECTOR, "#marbles g.draggable")[0]
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    # Two frames later: `-a-b|` becomes `---ba|`... the a moves to frame 3, swapping with b.
    ActionChains(browser).click_and_hold(marble).move_by_offset(48, 0).release().perform()
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    script = browser.find_element(By.ID, "script").get_attribute("value")
    after = browser.find_element(By.ID, "output").text
    assert '"-b-a|"' in script, script
    assert "1ms  next \"b!\"" in after and "3ms  next \"a!\"" in after, after
    browser.save_screenshot(os.path.join(shots, "playground-dragged.png"))

def a_typo_shows_the_diagnostic():
    run_script('cold "-a|" | mpa it')
    diagnostics = browser.find_element(By.ID, "diagnostics")
    assert diagnostics.is_displayed()
    text = diagnostics.text
    assert "-- UNKNOWN OPERATOR" in text and "did you mean `map`?" in text and "^^^" in text, text

def an_explanation_opens():
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element(By.ID, "operators")).select_by_value("switchMap")
    explanation = browser.find_element(By.ID, "explanation")
    wait.until(lambda _: explanation.is_displayed() and "switchMap PIPELINE" in explanation.text)
    assert "Example, run now in virtual time:" in explanation.text

def a_lesson_exercise_is_checked():
    from selenium.webdriver.support.ui import Select
    browser.get(url + "/")
    wait.until(lambda _: browser.find_element(By.ID, "lessons").find_elements(By.TAG_NAME, "option")[1:])
    Select(browser.find_element(By.ID, "lessons")).select_by_value("search")
    exercise = wait.until(lambda _: browser.find_element(By.CSS_SELECTOR, '#lesson .exercise[data-exercise="1"]'))
    answer = exercise.find_element(By.CLASS_NAME, "answer")
    verdict = exercise.find_element(By.CLASS_NAME, "verdict")
    # A known mistake: the marbles, and the hint aimed at it.
    answer.send_keys("typed | debounce 300ms")
    exercise.find_element(By.CLASS_NAME, "check").click()
    wait.until(lambda _: verdict.is_displayed() and "Not that marble yet" in verdict.text)
    assert "first difference" in verdict.text and "length(it) > 3" in verdict.text, verdict.text
    answer.clear()
    answer.send_keys("typed | filter length(it) > 3 | debounce 300ms")
    exercise.find_element(By.CLASS_NAME, "check").click()
    wait.until(lambda _: "Right" in verdict.text)
    browser.save_screenshot(os.path.join(shots, "playground-lesson.png"))

def a_shared_link_reopens_the_run():
    run_script('of 1, 2, 3 | map it * 7')
    link = browser.find_element(By.ID, "share").get_attribute("href")
    assert "#" in link, link
    browser.get("about:blank")
    browser.get(link)
    wait.until(lambda _: "next 21" in browser.find_element(By.ID, "output").text)
    assert browser.find_element(By.ID, "script").get_attribute("value") == "of 1, 2, 3 | map it * 7"

def bad_requests_get_a_reason():
    import urllib.request, urllib.error
    try:
        urllib.request.urlopen(urllib.request.Request(url + "/run", data=b"\xff\xfe", method="POST"))
        raise AssertionError("a script that is not UTF-8 was accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 400 and b"UTF-8" in error.read()
    try:
        urllib.request.urlopen(urllib.request.Request(url + "/run", data=b"x" * 100_000, method="POST"))
        raise AssertionError("a 100 KB script was accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 413
    reply = urllib.request.urlopen(urllib.request.Request(url + "/run", data=b'import "/etc/passwd"', method="POST")).read()
    assert b"IMPORT UNAVAILABLE" in reply, reply

def example_svgs():
    for name in ["02-search-as-you-type", "12-login", "16-friends"]:
        svg = os.path.join(shots, name + ".svg")
        subprocess.run([binary, "run", "--virtual", "--svg", svg, os.path.join(root, "Examples", name + ".frp")],
                       capture_output=True, timeout=60)
        browser.get("file://" + svg)
        assert browser.find_elements(By.TAG_NAME, "circle"), name
        browser.save_screenshot(os.path.join(shots, name + ".png"))

try:
    for name, body in [("the page runs a pipeline and draws its marbles", runs_and_draws),
                       ("dragging a source marble rewrites the marble and the output", dragging_a_marble_changes_the_output),
                       ("a typo shows the diagnostic as the terminal prints it", a_typo_shows_the_diagnostic),
                       ("an operator's explanation opens, with its example", an_explanation_opens),
                       ("a lesson's exercise: a mistake gets its hint, a right answer is right", a_lesson_exercise_is_checked),
                       ("a shared link reopens the same run", a_shared_link_reopens_the_run),
                       ("bad requests get a 4xx with a reason; import is refused", bad_requests_get_a_reason),
                       ("three Examples' SVGs render (screenshots)", example_svgs)]:
        check(name, body)
finally:
    browser.quit()
    server.terminate()
    server.wait(timeout=15)
finish(f" (screenshots in {os.path.normpath(shots)})")
