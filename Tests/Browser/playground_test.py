"""The playground in a real browser (Debian's headless Chromium through selenium): `frp play`
serves the page (frp serve on a free port); the test types a pipeline and runs it, counts the marbles of its diagram,
drags a source marble and sees the output change, sees a typo's diagnostic, opens an
explanation, and reopens a shared link. Screenshots of the page and of three Examples' SVGs
go to .build/screenshots (not committed). A pytest suite, one server and one browser for the
module: `python3 -m pytest -q Tests/Browser/playground_test.py -k drag` runs one test."""
import os, subprocess, time
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from playground_session import binary, chromium, progress_file, root, shots


@pytest.fixture(scope="module")
def browser(url):
    """Headless Chromium for the whole module (the tests go on from the page the one before left)."""
    browser = chromium()
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def wait(browser):
    return WebDriverWait(browser, 20)


def open_page(browser, wait, url):
    """Opens the playground and waits for its operators."""
    browser.get(url + "/")
    wait.until(lambda _: browser.find_element(By.ID, "operators").find_elements(By.TAG_NAME, "option")[1:])


@pytest.fixture
def page(browser, wait, url):
    """The playground's page: the one the test before left (the tests share it as the script's
    checks did), or opened here when it is not showing (a test run alone with -k)."""
    if not browser.current_url.startswith(url + "/"):
        open_page(browser, wait, url)
    return browser


def run_script(browser, wait, text):
    """Types a script into the editor, runs it with Ctrl+Enter, waits for its output."""
    editor = browser.find_element(By.ID, "script")
    editor.clear()
    editor.send_keys(text)
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    editor.send_keys(Keys.CONTROL, Keys.ENTER)
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")


def press_on_mark(browser, wait, mark, key):
    """Focuses a draggable mark, presses `key` on it, waits for the run the move starts;
    returns the script the server wrote back."""
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    browser.execute_script("arguments[0].focus()", mark)
    mark.send_keys(key)
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    return browser.find_element(By.ID, "script").get_attribute("value")


def centre_x(browser, element):
    """Where an element's middle is on the screen, in CSS pixels (a diagram is scaled to its panel)."""
    return browser.execute_script("const box = arguments[0].getBoundingClientRect(); return box.x + box.width / 2;", element)


def assert_one_axis(browser, svg):
    """the diagram's rows share one time axis: marks of one instant are drawn at one x in
    every row (the first of each row's marks at that instant), and x grows with time"""
    marks = browser.execute_script("""
        const first = new Map();
        for (const g of arguments[0].querySelectorAll("g[data-time][data-stage]")) {
            const circle = g.querySelector("circle");
            const key = g.dataset.stage + "@" + g.dataset.time;
            if (circle && !first.has(key)) first.set(key, [Number(g.dataset.time), Number(circle.getAttribute("cx"))]);
        }
        return [...first.values()];""", svg)
    assert marks, marks
    for time, x in marks:
        for other, other_x in marks:
            if other == time:
                assert other_x == x, marks
            if other > time:
                assert other_x > x, marks


def assert_rows_share_one_axis(browser, svg, rows):
    """a lesson's drawing (its marbles over what the run sent, or the wanted events over the
    answer's) shares one time axis: every circle's x grows with its frame, and marks of one
    frame in different rows are drawn at one x"""
    marks = browser.execute_script("""
        return [...arguments[0].querySelectorAll("g")].filter((g) => g.querySelector("circle")).map((g) => {
            const circle = g.querySelector("circle");
            return [Number(g.dataset.frame), Number(circle.getAttribute("cx")), Number(circle.getAttribute("cy"))];
        });""", svg)
    assert len({cy for _, _, cy in marks}) == rows, marks
    for frame, x, y in marks:
        for other, other_x, other_y in marks:
            if other == frame and other_y != y:
                assert other_x == x, marks
            if other > frame:
                assert other_x > x, marks


def test_runs_and_draws(browser, wait, url):
    """the page runs a pipeline and draws it as one diagram: the marble on its source's line,
    its marks draggable, and each stage's line under it on one time axis"""
    open_page(browser, wait, url)
    run_script(browser, wait, 'cold "-a-b-c|" | map it + "!"')
    output = browser.find_element(By.ID, "output").text
    assert 'next "a!"' in output and 'next "c!"' in output, output
    # The diagram: two rows of three values each, each short value inside its marble.
    circles = browser.find_elements(By.CSS_SELECTOR, "#diagram svg g.value circle")
    assert len(circles) == 6, len(circles)
    wait.until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable")) == 4)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable circle")) == 3
    assert_one_axis(browser, browser.find_element(By.CSS_SELECTOR, "#diagram svg"))
    assert marble_texts(browser, "#diagram") == ["a", "b", "c", "a!", "b!", "c!"]
    # One picture: no second diagram of the run; the text diagram is folded under the output.
    assert not browser.find_elements(By.CSS_SELECTOR, "#marbles svg")
    trace = browser.find_element(By.ID, "text-trace")
    assert not trace.get_attribute("open") and "map it" in browser.execute_script("return document.getElementById('traces').textContent")
    assert "1 col = 1ms" not in output
    browser.save_screenshot(os.path.join(shots, "playground.png"))


def marble_texts(browser, box):
    """The texts inside the marbles of the diagrams in `box`, in drawing order."""
    return browser.execute_script("""
        return [...document.querySelectorAll(arguments[0] + " g")].filter((g) => g.querySelector(":scope > circle"))
            .map((g) => g.querySelector(":scope > text").textContent);""", box)


@pytest.mark.parametrize("script, stage", [
    ("of 1, 2, 3 | map it * 10", ["1", "2", "3", "10", "20", "30"]),
    ('cold "-a-b|" {a: "Ann", b: "Bo"}', ["Ann", "Bo"]),
])
def test_values_are_drawn_inside_their_marbles(page, wait, script, stage):
    """RxMarbles draws a value in its marble: so does the run's diagram, for values of up to
    three characters (a longer one goes by its letter and the legend)"""
    run_script(page, wait, script)
    wait.until(lambda _: marble_texts(page, "#diagram") == stage)
    run_script(page, wait, 'cold "-a|" {a: "kitten"}')
    wait.until(lambda _: marble_texts(page, "#diagram") == ["a"])
    legend = page.execute_script("""return [...document.querySelectorAll("#diagram text.legend")].map((t) => t.textContent);""")
    assert 'a = "kitten"' in legend, legend
    # Two marbles may give `b` two values: each is its own value, its own letter.
    run_script(page, wait, 'cold "-b|" {b: "kitten"} | merge (cold "--b|" {b: "puppy"})')
    wait.until(lambda _: len(marble_texts(page, "#diagram")) == 4)
    legend = page.execute_script("""return [...document.querySelectorAll("#diagram text.legend")].map((t) => t.textContent);""")
    assert any('"kitten"' in line for line in legend) and any('"puppy"' in line for line in legend), legend
    assert len(set(marble_texts(page, "#diagram"))) == 2, marble_texts(page, "#diagram")


def test_dragging_a_marble_changes_the_output(page, wait):
    """dragging a marble's mark in the run's diagram rewrites the marble and the output"""
    browser = page
    run_script(browser, wait, 'cold "-a-b|" | map it + "!"')
    before = browser.find_element(By.ID, "output").text
    assert "1ms  next \"a!\"" in before, before
    marble, other, _ = draggable_marks(browser, wait, 3, 4)
    # The diagram's scale on the screen, from the marks at frames 1 and 3.
    per_frame = (centre_x(browser, other) - centre_x(browser, marble)) / 2
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    # Two frames later: the a moves to frame 3, joining b there as a group (after it), the
    # end pushed past the group's width: `-a-b|` becomes `---(ba)|`.
    ActionChains(browser).click_and_hold(marble).move_by_offset(round(2 * per_frame), 0).release().perform()
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    wait.until(lambda _: '"---(ba)|"' in browser.find_element(By.ID, "script").get_attribute("value"))
    wait.until(lambda _: "7ms  completed" in browser.find_element(By.ID, "output").text)
    after = browser.find_element(By.ID, "output").text
    assert "3ms  next \"b!\"" in after and "3ms  next \"a!\"" in after, after
    browser.save_screenshot(os.path.join(shots, "playground-dragged.png"))


def swipe(browser, element, offsets):
    """A finger put on `element`'s middle, moved sideways by each offset in turn (from where
    it was put), and lifted: touch events, as a phone sends them (Chromium's own input)."""
    box = browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});"
                                 "const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", element)
    touch = lambda kind, points: browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", [{"x": box[0], "y": box[1]}])
    for offset in offsets:
        touch("touchMove", [{"x": box[0] + offset, "y": box[1]}])
    touch("touchEnd", [])


def test_a_finger_drags_a_marble(page, wait):
    """a touch drag (pointer events of a finger, not a mouse) moves a mark as a mouse does"""
    browser = page
    run_script(browser, wait, 'cold "-a-b|" | map it + "!"')
    marble, other, _ = draggable_marks(browser, wait, 3, 4)
    per_frame = (centre_x(browser, other) - centre_x(browser, marble)) / 2
    browser.execute_script("""
        window.pointerKinds = [];
        document.getElementById('diagram').addEventListener('pointerdown', (e) => window.pointerKinds.push(e.pointerType), true);""")
    swipe(browser, marble, [per_frame, 2 * per_frame])
    wait.until(lambda _: '"---(ba)|"' in browser.find_element(By.ID, "script").get_attribute("value"))
    wait.until(lambda _: '3ms  next "a!"' in browser.find_element(By.ID, "output").text)
    assert browser.execute_script("return window.pointerKinds") == ["touch"]


def draggable_marks(browser, wait, count, circles):
    """The marble's draggable marks in the run's own diagram (`count` of them, `circles`
    circles in the whole diagram, the output row's too), once it is drawn."""
    wait.until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable")) == count
               and len(browser.find_elements(By.CSS_SELECTOR, "#diagram svg circle")) == circles)
    return browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable")


def test_the_output_follows_a_dragged_marble_before_its_release(page, wait):
    """while a mark is dragged, each frame it passes is run and shown: the output says the
    value at its new time before the release, the script and the dragged mark stay as they
    were until then; on release the moved script is the editor's"""
    browser = page
    script = 'cold "-a-------b|" | map it + "!"'
    run_script(browser, wait, script)
    marble, other, _ = draggable_marks(browser, wait, 3, 4)
    per_frame = (centre_x(browser, other) - centre_x(browser, marble)) / 8
    start = centre_x(browser, marble)
    # Pressed and moved four frames right, a frame at a time; not released.
    drag = ActionChains(browser).click_and_hold(marble)
    for _ in range(4):
        drag.move_by_offset(round(per_frame), 0)
    drag.perform()
    wait.until(lambda _: '5ms  next "a!"' in browser.find_element(By.ID, "output").text)
    assert '1ms  next "a!"' not in browser.find_element(By.ID, "output").text
    assert browser.find_element(By.ID, "script").get_attribute("value") == script
    # Under the pointer is the moved mark of the diagram drawn meanwhile (on its lane in that
    # layout), drawn where the pointer is: four frames right of where the drag began.
    dragged = browser.find_element(By.CSS_SELECTOR, "#diagram .dragged")
    assert dragged.get_attribute("data-frame") == "5"
    assert abs(centre_x(browser, dragged) - (start + 4 * round(per_frame))) < 3, (centre_x(browser, dragged), start, per_frame)
    ActionChains(browser).release().perform()
    wait.until(lambda _: '"-----a---b|"' in browser.find_element(By.ID, "script").get_attribute("value"))
    draggable_marks(browser, wait, 3, 4)
    assert [mark.get_attribute("data-frame") for mark in browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable")] == ["5", "9", "10"]
    assert '5ms  next "a!"' in browser.find_element(By.ID, "output").text


def test_a_moved_mark_is_undone_with_ctrl_z_or_undo_move(page, wait):
    """Ctrl+Z (the focus outside the editor) gives back the script before a drag, and Undo
    move the one before an arrow key's move, each run again; the editor's own Ctrl+Z is left
    to it"""
    browser = page
    script = 'cold "-a---b|" | map it + "!"'
    run_script(browser, wait, script)
    undo = browser.find_element(By.ID, "undo-move")
    assert not undo.is_enabled()
    marble, other, _ = draggable_marks(browser, wait, 3, 4)
    per_frame = (centre_x(browser, other) - centre_x(browser, marble)) / 4
    ActionChains(browser).click_and_hold(marble).move_by_offset(round(2 * per_frame), 0).release().perform()
    wait.until(lambda _: '"---a-b|"' in browser.find_element(By.ID, "script").get_attribute("value"))
    wait.until(lambda _: '3ms  next "a!"' in browser.find_element(By.ID, "output").text)
    moved = browser.find_element(By.ID, "script").get_attribute("value")
    # The next move, by the arrow key: b a frame later, onto the end (a group).
    _, b, _ = draggable_marks(browser, wait, 3, 4)
    after_key = press_on_mark(browser, wait, b, Keys.ARROW_RIGHT)
    assert '"---a--(b|)"' in after_key, after_key
    wait.until(lambda _: undo.is_enabled())
    undo.click()
    wait.until(lambda _: browser.find_element(By.ID, "script").get_attribute("value") == moved)
    wait.until(lambda _: '5ms  next "b!"' in browser.find_element(By.ID, "output").text)
    # Ctrl+Z on the page (the focus on a mark, not in the editor): the drag undone.
    draggable_marks(browser, wait, 3, 4)[0].click()
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait.until(lambda _: browser.find_element(By.ID, "script").get_attribute("value") == script)
    wait.until(lambda _: '1ms  next "a!"' in browser.find_element(By.ID, "output").text)
    wait.until(lambda _: not undo.is_enabled())
    # Nothing more to undo: Ctrl+Z again changes nothing.
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert browser.find_element(By.ID, "script").get_attribute("value") == script
    # In the editor, Ctrl+Z is the editor's: a move is not undone from there.
    ActionChains(browser).click_and_hold(draggable_marks(browser, wait, 3, 4)[0]).move_by_offset(round(2 * per_frame), 0).release().perform()
    wait.until(lambda _: browser.find_element(By.ID, "script").get_attribute("value") == moved)
    editor = browser.find_element(By.ID, "script")
    editor.send_keys(Keys.CONTROL, "z")
    assert editor.get_attribute("value") == moved
    assert undo.is_enabled()


HIDDEN = """return [...document.querySelectorAll("#diagram [data-time][data-stage]")]
    .map((mark) => getComputedStyle(mark).visibility === "hidden");"""


def step_to_the_end(browser, wait):
    """Presses Step until every mark of the diagrams is shown (from the first when none is
    hidden: nothing played yet, or all), checking that each press shows one mark more; the
    lines said under the diagram, one a step."""
    said = []
    marks = browser.execute_script(HIDDEN)
    hidden = marks.count(True) or len(marks)
    while hidden:
        browser.find_element(By.ID, "step").click()
        wait.until(lambda _: browser.execute_script(HIDDEN).count(True) == hidden - 1)
        hidden -= 1
        said.append(browser.find_element(By.ID, "play-line").text)
    return said


def test_play_replays_the_run_in_time_and_step_goes_event_by_event(page, wait):
    """Play: a cursor sweeps the stage diagram and its marks appear as it reaches them;
    Pause stops it; Step shows one event at a time and says which stage sent what when; at
    the end every mark is shown. A cancelled inner run is said to be cancelled."""
    browser = page
    run_script(browser, wait, 'cold "-a--b--c|" | map it + "!"')
    # Each stage's three values and its end carry their time and stage through the allowlist.
    marks = browser.execute_script(HIDDEN)
    assert len(marks) == 8 and not any(marks), marks
    play, pause = browser.find_element(By.ID, "play"), browser.find_element(By.ID, "pause")
    play.click()
    pause.click()
    assert browser.execute_script(HIDDEN).count(True) > 0
    assert browser.find_elements(By.CSS_SELECTOR, "#diagram svg .play-cursor")
    # Played on: the cursor reaches the first marks, not yet the last.
    play.click()
    wait.until(lambda _: 0 < browser.execute_script(HIDDEN).count(True) < 8)
    pause.click()
    assert not pause.is_enabled()
    said = step_to_the_end(browser, wait)
    assert said and all(" — " in line for line in said), said
    assert said[-3:] == ['7ms — map it + "!" sent "c!"', '8ms — cold "-a--b--c|" completed', '8ms — map it + "!" completed'], said
    assert not browser.find_elements(By.CSS_SELECTOR, "#diagram svg .play-cursor")
    # From the start again: Step shows the first event alone.
    browser.find_element(By.ID, "step").click()
    wait.until(lambda _: browser.execute_script(HIDDEN).count(True) == 7)
    assert browser.find_element(By.ID, "play-line").text == '1ms — cold "-a--b--c|" sent "a"'
    # A switchMap's first inner run, cancelled by the second value, is said to be.
    run_script(browser, wait, 'cold "-a-b------|" | switchMap (cold "-x--y|" | mapTo it)')
    assert not any(browser.execute_script(HIDDEN))
    said = step_to_the_end(browser, wait)
    assert any(line.startswith('3ms — cold "-x--y|" was cancelled') for line in said), said


def test_play_with_reduced_motion_goes_instant_by_instant(page, wait):
    """with reduced motion asked for, Play does not sweep: it shows the first instant's marks
    at once, the cursor on that instant's tick; Step goes on event by event"""
    browser = page
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        run_script(browser, wait, 'cold "-a--b--c|" | map it + "!"')
        browser.find_element(By.ID, "play").click()
        browser.find_element(By.ID, "pause").click()
        assert browser.execute_script(HIDDEN) == [False, True, True, True, False, True, True, True]
        assert browser.find_element(By.ID, "play-line").text == '1ms — cold "-a--b--c|" sent "a"; 1ms — map it + "!" sent "a!"'
        assert browser.execute_script("""
            const tick = [...document.querySelectorAll("#diagram line.axis[data-time]")].find((t) => t.dataset.time === "1000000");
            return tick.getAttribute("x1") === document.querySelector("#diagram .play-cursor").getAttribute("x1");""")
        said = step_to_the_end(browser, wait)
        assert said[0] == '4ms — cold "-a--b--c|" sent "b"', said
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_timed_marble_is_one_circle_per_value_and_moves_by_keyboard(page, wait):
    """a marble with time progressions is drawn by frp's parser, one circle per value at its
    frame; a focused mark moves with the arrow keys and the server writes the marble anew;
    the mark keeps the focus, so the next key moves it on"""
    browser = page
    run_script(browser, wait, 'hot "-a 400ms b 100ms c 350ms d 500ms |" | map it + "!"')
    marks = draggable_marks(browser, wait, 5, 8)
    assert [mark.get_attribute("data-frame") for mark in marks] == ["1", "402", "503", "854", "1355"]
    script = press_on_mark(browser, wait, marks[1], Keys.ARROW_RIGHT)
    assert '"-a 401ms b 99ms c 350ms d 500ms |"' in script, script
    assert '403ms  next "b!"' in browser.find_element(By.ID, "output").text
    wait.until(lambda _: browser.execute_script("return document.activeElement.dataset.frame") == "403")
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    wait.until(lambda _: '"-a 402ms b 98ms c 350ms d 500ms |"' in browser.find_element(By.ID, "script").get_attribute("value"))
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_every_example_loads_and_its_expects_pass(browser, wait, url):
    """the Examples menu: every Example loads as written (its import read on the server),
    runs, and every expect it has passes"""
    browser.get(url + "/")
    options = wait.until(lambda _: browser.find_element(By.ID, "examples").find_elements(By.TAG_NAME, "option")[1:])
    names = [option.get_attribute("value") for option in options]
    assert len(names) == len([f for f in os.listdir(os.path.join(root, "Examples")) if f.endswith(".frp")])
    for name in names:
        browser.execute_script("document.getElementById('output').textContent = 'running'")
        Select(browser.find_element(By.ID, "examples")).select_by_value(name)
        wait.until(lambda _: browser.find_element(By.ID, "output").text not in ("running", ""))
        output = browser.find_element(By.ID, "output").text
        script = browser.find_element(By.ID, "script").get_attribute("value")
        with open(os.path.join(root, "Examples", name + ".frp")) as file:
            assert script == file.read(), name
        expects = script.count("\nexpect ")
        assert output.count("✓") == expects and "✗" not in output, f"{name}: {expects} expects\n{output[-800:]}"
        assert browser.find_element(By.ID, "diagnostics").get_attribute("hidden"), name
        if name == "12-login":
            browser.save_screenshot(os.path.join(shots, "playground-example.png"))


@pytest.mark.parametrize("width", [390, 800, 1280])
def test_nothing_makes_the_page_scroll_sideways(width, browser, wait, url):
    """at 390, 800 and 1,280 px: the page, an operator's page, a long Example and a lesson
    never make the page wider than the window (a long diagram scrolls in its panel)"""
    browser.set_window_size(width, 900)
    try:
        fits = "return document.documentElement.scrollWidth <= window.innerWidth"
        browser.get(url + "/")
        wait.until(lambda _: browser.find_element(By.ID, "examples").find_elements(By.TAG_NAME, "option")[1:])
        assert browser.execute_script(fits), f"{width}px: the page"
        browser.get(url + "/#/op/switchMap")
        wait.until(lambda _: browser.find_element(By.ID, "operator-page").get_attribute("data-shown") == "switchMap")
        wait.until(lambda _: "completed" in browser.find_element(By.ID, "output").text)
        assert browser.execute_script(fits), f"{width}px: an operator's page"
        # Its stage diagram fits its panel (scaled down), the result not behind a scrollbar;
        # and the menu says which page this is.
        wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#diagram svg.frp-diagram"))
        assert browser.execute_script(
            "const svg = document.querySelector('#diagram svg.frp-diagram');"
            "return svg.getBoundingClientRect().width <= document.getElementById('diagram').clientWidth + 1"), f"{width}px: the stage diagram"
        wait.until(lambda _: browser.find_element(By.ID, "operators").get_attribute("value") == "switchMap")
        browser.execute_script("document.getElementById('output').textContent = 'running'")
        Select(browser.find_element(By.ID, "examples")).select_by_value("12-login")
        wait.until(lambda _: browser.find_element(By.ID, "output").text not in ("running", ""))
        assert browser.execute_script(fits), f"{width}px: Example 12"
        # The operator's page is put away when an Example is loaded.
        assert not browser.find_element(By.ID, "operator-page").is_displayed()
        Select(browser.find_element(By.ID, "lessons")).select_by_value("search")
        wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#lesson .exercise"))
        assert browser.execute_script(fits), f"{width}px: a lesson"
        browser.save_screenshot(os.path.join(shots, f"playground-{width}px.png"))
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("width", [390, 800, 1280])
def test_a_run_fits_its_panel_or_pans_in_it(width, browser, wait, url):
    """the run's diagram is drawn to its panel's width: Example 15 and the debounce page fit
    their panel whole, the end in view, at 390, 800 and 1,280 px; a diagram that would be
    too small to read scaled down (below 0.7: Example 12 at 390 px) keeps a readable size and pans in
    its panel, never the page"""
    browser.set_window_size(width, 900)
    try:
        def shown(load):
            browser.execute_script("document.getElementById('output').textContent = 'running'")
            load()
            wait.until(lambda _: browser.find_element(By.ID, "output").text not in ("running", ""))
            wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#diagram svg.frp-diagram"))
            return browser.execute_script("""
                const svg = document.querySelector('#diagram svg.frp-diagram'), panel = document.getElementById('diagram');
                const ends = [...svg.querySelectorAll('[data-time]')].map((m) => m.getBoundingClientRect().right);
                return {scale: svg.getBoundingClientRect().width / Number(svg.getAttribute('width')),
                        fits: svg.getBoundingClientRect().right <= panel.getBoundingClientRect().right + 1,
                        endInView: Math.max(...ends) <= panel.getBoundingClientRect().right,
                        pans: svg.classList.contains('pans') && panel.scrollWidth > panel.clientWidth,
                        page: document.documentElement.scrollWidth <= window.innerWidth};""")
        browser.get(url + "/")
        wait.until(lambda _: browser.find_element(By.ID, "examples").find_elements(By.TAG_NAME, "option")[1:])
        for name in ["15-search-flickr", "12-login"]:
            picture = shown(lambda: Select(browser.find_element(By.ID, "examples")).select_by_value(name))
            assert picture["page"], (name, width, picture)
            if name == "12-login" and width == 390:
                assert picture["pans"] and picture["scale"] >= 0.7, (name, width, picture)
                # A finger pans it, on the diagram away from its marks.
                title = browser.find_element(By.CSS_SELECTOR, "#diagram svg text.title")
                panned = lambda: browser.execute_script("return document.getElementById('diagram').scrollLeft")
                browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", title)
                before = panned()
                swipe(browser, title, [-40, -120])
                assert panned() - before >= 100, (before, panned())
            elif name == "15-search-flickr":
                assert picture["fits"] and picture["endInView"] and not picture["pans"], (name, width, picture)
        picture = shown(lambda: browser.get(url + "/#/op/debounce"))
        assert picture["fits"] and picture["endInView"] and picture["scale"] >= 0.7, (width, picture)
    finally:
        browser.set_window_size(1280, 900)


def test_a_hot_marks_after_the_subscription_point_go_before_it_at_the_first_run(page, wait):
    """whether a mark may go before 0 is asked when it is moved (the script's marbles come
    after the run that drew it): a hot marble's b, after `^`, goes before it with the first
    run's marks"""
    browser = page
    run_script(browser, wait, 'hot "-a-^-b-c-|" | map it + "!"')
    b = next(mark for mark in draggable_marks(browser, wait, 4, 5) if mark.get_attribute("data-frame") == "2")
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    browser.execute_script("arguments[0].focus()", b)
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    script = browser.find_element(By.ID, "script").get_attribute("value")
    marble = script.split('"')[1]
    assert marble.index("b") < marble.index("^"), script
    assert 'next "b!"' not in browser.find_element(By.ID, "output").text


def test_a_refused_drop_shows_the_script_as_it_is(page, wait):
    """a drop the server cannot write (b joining a as a group that would reach `^`) leaves
    the script as it was, its own run shown again (not the last frame followed), and says
    why"""
    browser = page
    script = 'hot "--a-^-b------|" | map it + "!"'
    run_script(browser, wait, script)
    marks = {mark.get_attribute("data-frame"): mark for mark in draggable_marks(browser, wait, 3, 3)}
    b, end = marks["2"], marks["9"]
    per_frame = (centre_x(browser, end) - centre_x(browser, b)) / 7
    drag = ActionChains(browser).click_and_hold(b)
    for _ in range(4):
        drag.move_by_offset(-round(per_frame), 0).pause(0.3)
    drag.release().perform()
    wait.until(lambda _: "reach the subscription point" in browser.find_element(By.ID, "diagnostics").text)
    assert browser.find_element(By.ID, "script").get_attribute("value") == script
    wait.until(lambda _: '2ms  next "b!"' in browser.find_element(By.ID, "output").text)
    assert not browser.find_elements(By.CSS_SELECTOR, "#diagram .dragged, #diagram [transform]")


def test_dragging_over_a_fold_moves_by_the_diagrams_scale_beside_it(page, wait):
    """the diagram reads a drag back as time from its own ticks: beside a tick, at the
    diagram's scale (the end, after a folded stretch, moved a few pixels stays in its frame:
    it moved 234 frames when the fold's 3 s were spread over its band); past the fold's
    middle, the mark passes the time folded there"""
    browser = page
    script = 'cold "-a-b 3s |"'
    run_script(browser, wait, script)
    a, b, end = draggable_marks(browser, wait, 3, 2)
    assert browser.find_elements(By.CSS_SELECTOR, "#diagram g.fold")
    ActionChains(browser).click_and_hold(end).move_by_offset(5, 0).release().perform()
    time.sleep(0.5)
    assert browser.find_element(By.ID, "script").get_attribute("value") == script
    assert "3.004s  completed" in browser.find_element(By.ID, "output").text
    # b dragged right, past the middle of the fold after it, to just before the end: it
    # lands seconds later, with the end.
    ActionChains(browser).click_and_hold(b).move_by_offset(round(centre_x(browser, end) - centre_x(browser, b)) - 6, 0).release().perform()
    wait.until(lambda _: '3.004s  next "b"' in browser.find_element(By.ID, "output").text)


def test_the_focus_of_a_move_is_given_back_once(page, wait):
    """a moved mark drawn as part of a `*` (more than 8 values at one instant) is not found
    to focus; the focus is not taken later from the editor, while typing"""
    browser = page
    run_script(browser, wait, 'cold "-(abcdefghi)--j|" | map it')
    # The group is one `*` a row (more than 8 values): j and the end are the marks to grab.
    j, end = draggable_marks(browser, wait, 2, 4)
    # The 10 ms from j's frame (14) to the group's (1), at the scale of j to the end (1 ms).
    per_frame = centre_x(browser, end) - centre_x(browser, j)
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    ActionChains(browser).click_and_hold(j).move_by_offset(-round(13 * per_frame), 0).release().perform()
    wait.until(lambda _: '(abcdefghij)' in browser.find_element(By.ID, "script").get_attribute("value"))
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    editor = browser.find_element(By.ID, "script")
    editor.click()
    editor.send_keys(Keys.END, " ")
    time.sleep(0.6)  # past the typing pause, when the marbles are drawn again
    assert browser.execute_script("return document.activeElement.id") == "script"


def test_a_mark_of_a_script_since_changed_is_not_moved(page, wait):
    """the diagram is of the script as it was run: once the editor's script is changed, an
    arrow key on one of its marks moves nothing (the marble may be another now); the
    editor's script runs instead, and its own marks are drawn"""
    browser = page
    run_script(browser, wait, 'cold "-a-b|" | map it + "!"')
    mark = draggable_marks(browser, wait, 3, 4)[0]
    editor = browser.find_element(By.ID, "script")
    editor.send_keys(Keys.END, ' | take 1')
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    browser.execute_script("arguments[0].focus()", mark)
    mark.send_keys(Keys.ARROW_RIGHT)
    wait.until(lambda _: browser.find_element(By.ID, "output").text != "running")
    assert editor.get_attribute("value") == 'cold "-a-b|" | map it + "!" | take 1'
    wait.until(lambda _: "take 1" in browser.find_element(By.ID, "output").text)
    assert '1ms  next "a!"' in browser.find_element(By.ID, "output").text


def test_a_hot_marble_with_its_subscription_point_is_drawn_inside_the_diagram(page, wait):
    """`^` makes the marks before it negative frames: the run does not see them, and its
    diagram draws them faded before 0, inside the picture, in the order of their times"""
    browser = page
    run_script(browser, wait, 'hot "-a-^-b-c-|" | map it + "!"')
    marks = draggable_marks(browser, wait, 4, 5)
    unsent = [mark for mark in marks if "unsent" in mark.get_attribute("class")]
    assert [mark.get_attribute("data-frame") for mark in unsent] == ["-2"]
    zero = browser.find_element(By.CSS_SELECTOR, '#diagram line.axis[data-time="0"]')
    xs = sorted((int(mark.get_attribute("data-frame")), centre_x(browser, mark)) for mark in marks)
    assert sorted(xs, key=lambda entry: entry[1]) == xs, xs
    assert xs[0][1] < centre_x(browser, zero) < xs[1][1], (xs, centre_x(browser, zero))
    # Its `^` is drawn under the line at 0 ms, and says what it is.
    caret = browser.find_element(By.CSS_SELECTOR, "#diagram g.caret")
    assert abs(centre_x(browser, caret) - centre_x(browser, zero)) < 12
    assert "subscription point" in caret.find_element(By.TAG_NAME, "title").get_attribute("textContent")
    assert browser.execute_script("const svg = document.querySelector('#diagram svg'), box = svg.getBoundingClientRect();"
                                  "return [...svg.querySelectorAll('.draggable')].every((m) => m.getBoundingClientRect().x >= box.x);")


def test_a_mark_before_the_subscription_point_moves_by_keyboard(page, wait):
    """a hot marble's marks are draggable, those before `^` too: a focused one moves to an
    earlier, negative frame with the arrow keys, and the server writes `^` back in place"""
    browser = page
    run_script(browser, wait, 'hot "-a-^-b-c-|" | map it + "!"')
    marks = draggable_marks(browser, wait, 4, 5)
    before = next(mark for mark in marks if mark.get_attribute("data-frame") == "-2")
    script = press_on_mark(browser, wait, before, Keys.ARROW_LEFT)
    assert 'hot "a--^-b-c-|"' in script, script
    assert '2ms  next "b!"' in browser.find_element(By.ID, "output").text


def test_a_typo_shows_the_diagnostic(page, wait):
    """a typo shows the diagnostic as the terminal prints it"""
    browser = page
    run_script(browser, wait, 'cold "-a|" | mpa it')
    diagnostics = browser.find_element(By.ID, "diagnostics")
    assert diagnostics.is_displayed()
    text = diagnostics.text
    assert "-- UNKNOWN OPERATOR" in text and "did you mean `map`?" in text and "^^^" in text, text
    # Marked in the editor: the typo selected, and where it is said under it.
    editor = browser.find_element(By.ID, "script")
    assert (editor.get_attribute("selectionStart"), editor.get_attribute("selectionEnd")) == ("13", "16")
    assert browser.find_element(By.ID, "problem-at").text == "UNKNOWN OPERATOR at line 1, column 14"


def test_the_script_exports_to_rxjs(page, wait):
    """Export to RxJS shows the script as RxJS: the pipe with the real names, what was left out"""
    browser = page
    run_script(browser, wait, 'let typed = cold "-a-b|"\nexpect typed | map it + "!" | take 1 emits "-(a|)" {a: "a!"}\n'
                              'service search fails\nexpect search "cats" emits "400ms #" error "search: offline"')
    browser.find_element(By.ID, "export").click()
    body = browser.find_element(By.ID, "export-body")
    wait.until(lambda _: body.is_displayed() and "pipe(" in body.text)
    assert 'return typed.pipe(map((it) => add(it, "!")), take(1));' in body.text
    assert "1 expect and 0 runs exported, 1 statement not" in browser.find_element(By.ID, "export-summary").text
    assert "line 4: `search` fails or is slow on demand here" in browser.find_element(By.ID, "export-notes").text
    # The same as Swift Combine.
    browser.find_element(By.ID, "export-combine").click()
    wait.until(lambda _: browser.find_element(By.ID, "export-title").text == "Swift Combine")
    assert "\n        .take(1)\n" in body.text and "expectMarble(2," in body.text, body.text
    assert "1 expect and 0 runs exported, 1 statement not" in browser.find_element(By.ID, "export-summary").text


def test_an_operator_page_opens_and_links_its_contrasts(browser, wait, url):
    """an operator's page: its signature, names elsewhere, its example run and drawn with
    draggable marbles, and its contrasts as links to their own pages"""
    open_page(browser, wait, url)
    Select(browser.find_element(By.ID, "operators")).select_by_value("switchMap")
    box = browser.find_element(By.ID, "operator-page")
    # The box stays; its children are made anew for each page (read its text, not theirs).
    wait.until(lambda _: box.is_displayed() and box.text.startswith("switchMap PIPELINE"))
    assert browser.current_url.endswith("#/op/switchMap")
    assert "RxJS: switchMap" in box.text
    wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable"))
    wait.until(lambda _: "completed" in browser.find_element(By.ID, "output").text)
    browser.save_screenshot(os.path.join(shots, "playground-operator.png"))
    box.find_element(By.LINK_TEXT, "flatMap").click()
    wait.until(lambda _: box.text.startswith("flatMap PIPELINE"))
    box.find_element(By.CLASS_NAME, "try-it").click()
    wait.until(lambda _: not box.is_displayed())
    assert "flatMap" in browser.find_element(By.ID, "script").get_attribute("value")


def test_another_librarys_name_and_an_rxjs_word_open_pages(browser, wait, url):
    """`#/op/mergeMap` opens flatMap's page and says so; `#/op/BehaviorSubject` shows how
    frp writes it, and runs it"""
    browser.get(url + "/#/op/mergeMap")
    box = browser.find_element(By.ID, "operator-page")
    wait.until(lambda _: box.is_displayed() and box.get_attribute("data-shown") == "mergeMap")
    wait.until(lambda _: "flatMap PIPELINE" in box.text)
    assert "`mergeMap` is RxJS's name; here it is `flatMap`." in box.text
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    browser.get(url + "/#/op/BehaviorSubject")
    wait.until(lambda _: box.get_attribute("data-shown") == "BehaviorSubject")
    wait.until(lambda _: "var NAME = VALUE" in box.text, "the page says how frp writes it")
    wait.until(lambda _: "completed" in browser.find_element(By.ID, "output").text, "its example runs")
    assert "var total = 1" in browser.find_element(By.ID, "script").get_attribute("value")


def test_every_operator_page_loads_and_its_marbles_move(browser, wait, url):
    """every catalogue entry has a page; where its example has a marble, moving the marble's
    end a frame later changes the run"""
    browser.get(url + "/")
    options = wait.until(lambda _: browser.find_element(By.ID, "operators").find_elements(By.TAG_NAME, "option")[1:])
    names = [option.get_attribute("value") for option in options]
    moved = unmoved = 0
    for name in names:
        browser.execute_script("document.getElementById('output').textContent = 'running'")
        browser.get(url + "/#/op/" + name)
        box = browser.find_element(By.ID, "operator-page")
        wait.until(lambda _: box.is_displayed() and box.get_attribute("data-shown") == name, f"{name}'s page")
        wait.until(lambda _: browser.find_element(By.ID, "output").text not in ("running", ""), f"{name}'s run")
        # Its marbles arrive after the run (`POST /marbles`): the hint, or nothing, then.
        wait.until(lambda _: browser.execute_script(
            "return document.querySelector('#marbles .nothing-to-drag') !== null || document.querySelector('#diagram .draggable') !== null"
            " || document.querySelector('#marbles .draggable') !== null"), f"{name}: neither marks nor a hint")
        # A mark the run sent (moving one it did not send may change nothing).
        marks = (browser.find_elements(By.CSS_SELECTOR, "#diagram .draggable:not(.unsent)")
                 or browser.find_elements(By.CSS_SELECTOR, "#marbles .draggable"))
        if not marks:
            # A source's example: its diagram is drawn, and the page says why nothing moves.
            assert browser.find_elements(By.CSS_SELECTOR, "#marbles .nothing-to-drag"), f"{name}: no hint"
            assert browser.find_elements(By.CSS_SELECTOR, "#diagram svg"), f"{name}: no diagram"
            unmoved += 1
            continue
        # What the run printed and drew as text (a moved end may change only a stage's row).
        ran = lambda: browser.find_element(By.ID, "output").text + browser.execute_script("return document.getElementById('traces').textContent")
        before = ran()
        browser.execute_script("document.getElementById('output').textContent = 'running'")
        browser.execute_script("arguments[0].focus()", marks[-1])
        marks[-1].send_keys(Keys.ARROW_RIGHT)
        wait.until(lambda _: browser.find_element(By.ID, "output").text not in ("running", ""))
        assert ran() != before, name
        moved += 1
    assert len(names) > 50 and moved > 30 and moved + unmoved == len(names), (len(names), moved, unmoved)


def test_a_lesson_exercise_is_checked(browser, wait, url):
    """a lesson's exercise: a mistake gets its hint, a right answer is right"""
    browser.get(url + "/")
    wait.until(lambda _: browser.find_element(By.ID, "lessons").find_elements(By.TAG_NAME, "option")[1:])
    Select(browser.find_element(By.ID, "lessons")).select_by_value("search")
    exercise = wait.until(lambda _: browser.find_element(By.CSS_SELECTOR, '#lesson .exercise[data-exercise="1"]'))
    # The lesson's runs are drawn in place, as the page draws any run: stage by stage.
    watched = browser.find_elements(By.CSS_SELECTOR, "#lesson .watched")
    assert watched
    wait.until(lambda _: all(box.find_elements(By.CSS_SELECTOR, "svg.frp-diagram g.value") for box in watched))
    assert_one_axis(browser, watched[0].find_element(By.CSS_SELECTOR, "svg.frp-diagram"))
    # Each drawn to its own panel's width (the lesson's column, not the run's): it fits
    # there, or pans in it when scaled below 0.7 would be too small.
    assert browser.execute_script("""return [...document.querySelectorAll('#lesson .watched svg.frp-diagram')].every((svg) =>
        svg.classList.contains('pans') || svg.getBoundingClientRect().width <= svg.parentNode.clientWidth + 1)""")
    answer = exercise.find_element(By.CLASS_NAME, "answer")
    verdict = exercise.find_element(By.CLASS_NAME, "verdict")
    # A known mistake: the marbles, and the hint aimed at it.
    answer.send_keys("typed | debounce 300ms")
    exercise.find_element(By.CLASS_NAME, "check").click()
    wait.until(lambda _: verdict.is_displayed() and "Not that marble yet" in verdict.text)
    assert "first difference" in verdict.text and "length(it) > 3" in verdict.text, verdict.text
    # Drawn under it: the wanted marble by frp's parser, and the answer's run stage by stage.
    drawn = exercise.find_element(By.CLASS_NAME, "answer-diagrams")
    wait.until(lambda _: "Your answer, stage by stage:" in drawn.text)
    assert "Wanted, and what your answer sent:" in drawn.text
    # Wanted and sent are two rows of one diagram on one time axis: a mark's x follows its
    # frame, the same in both rows.
    assert_rows_share_one_axis(browser, drawn.find_element(By.CSS_SELECTOR, "svg.timeline"), rows=2)
    assert len(drawn.find_elements(By.CSS_SELECTOR, "svg")) >= 2
    browser.save_screenshot(os.path.join(shots, "playground-lesson-wrong.png"))
    answer.clear()
    answer.send_keys("typed | filter length(it) > 3 | debounce 300ms")
    exercise.find_element(By.CLASS_NAME, "check").click()
    wait.until(lambda _: "Right" in verdict.text)
    browser.save_screenshot(os.path.join(shots, "playground-lesson.png"))
    # Hints are graded as frp learn's: a nudge, the operator, then one solution.
    hint = exercise.find_element(By.CLASS_NAME, "show-hint")
    hint.click()
    wait.until(lambda _: verdict.text.startswith("Hint 1 of 3: "))
    hint.click()
    hint.click()
    wait.until(lambda _: verdict.text.startswith("Hint 3 of 3: one solution: "))
    assert "filter length(it) > 3" in verdict.text, verdict.text
    # Progress is `frp learn`'s file: reloaded, the exercise still says solved, and the menu
    # counts it; Skip marks the next one skipped.
    wait.until(lambda _: exercise.find_element(By.CLASS_NAME, "status").text == "✓ solved")
    with open(progress_file) as kept:
        assert "search 0 solved 1" in kept.read()
    browser.refresh()
    Select(wait.until(lambda _: browser.find_element(By.ID, "lessons"))).select_by_value("search")
    again = wait.until(lambda _: browser.find_element(By.CSS_SELECTOR, '#lesson .exercise[data-exercise="1"]'))
    assert again.find_element(By.CLASS_NAME, "status").text == "✓ solved"
    option = browser.find_element(By.CSS_SELECTOR, '#lessons option[value="search"]')
    assert "(1 of " in option.text and " solved)" in option.text, option.text
    second = browser.find_element(By.CSS_SELECTOR, '#lesson .exercise[data-exercise="2"]')
    # The right marble by a way around the exercise's idea is told the idea it misses.
    second.find_element(By.CLASS_NAME, "answer").send_keys(
        "typed | filter length(it) > 3 | debounce 300ms | skip 1 | flatMap (search it | map photos.total)")
    second.find_element(By.CLASS_NAME, "check").click()
    second_verdict = second.find_element(By.CLASS_NAME, "verdict")
    wait.until(lambda _: "misses the point of the exercise" in second_verdict.text)
    assert "cancel a search that a newer text made stale" in second_verdict.text, second_verdict.text
    second.find_element(By.CLASS_NAME, "skip").click()
    wait.until(lambda _: second.find_element(By.CLASS_NAME, "status").text == "skipped")
    # Skip shows the answer it skipped; the solution shown is kept at once as seen.
    assert second.find_element(By.CLASS_NAME, "verdict").text.startswith("Skipped. one solution: ")
    second.find_element(By.CLASS_NAME, "solution").click()
    wait.until(lambda _: second.find_element(By.CLASS_NAME, "status").text == "solution seen")
    with open(progress_file) as kept:
        assert "search 0 solved 1 seen 2" in kept.read()
    assert browser.execute_script("return localStorage.getItem('frp-progress')") is None
    os.remove(progress_file)


def test_the_operators_menu_is_by_family_and_a_name_can_be_searched(browser, wait, url):
    """the menu groups the operators by family as frp explain does (RxJS's words last), and
    the search box opens a page by any name, another library's too"""
    browser.get(url + "/")
    wait.until(lambda _: browser.find_elements(By.CSS_SELECTOR, "#operators optgroup"))
    groups = {group.get_attribute("label"): [option.get_attribute("value") for option in group.find_elements(By.TAG_NAME, "option")]
              for group in browser.find_elements(By.CSS_SELECTOR, "#operators optgroup")}
    assert "debounce" in groups["Timing"] and "groupBy" in groups["Transforming"], groups.keys()
    assert "BehaviorSubject" in groups["RxJS's and RAC 2's words frp writes otherwise"]
    assert groups["The notation"] == ["marbles"], groups.keys()
    search = browser.find_element(By.ID, "operator-search")
    search.send_keys("mergeMap")
    search.send_keys(Keys.ENTER)
    wait.until(lambda _: browser.find_element(By.ID, "operator-page").get_attribute("data-shown") == "mergeMap")
    assert "`mergeMap` is RxJS's name; here it is `flatMap`." in browser.find_element(By.ID, "operator-page").text
    # The notation has a page too, as `frp explain marbles` says it, its group run and drawn.
    browser.get(url + "/#/op/marbles")
    wait.until(lambda _: browser.find_element(By.ID, "operator-page").get_attribute("data-shown") == "marbles")
    assert "the group takes its full width in time" in browser.find_element(By.ID, "operator-page").text
    wait.until(lambda _: "completed" in browser.find_element(By.ID, "output").text)
    assert browser.find_element(By.ID, "script").get_attribute("value") == 'cold "-(ab)-c|"'


def test_the_first_hint_after_a_wrong_answer_says_what_differed(browser, wait, url):
    """in the page as at the terminal: after a wrong answer whose times were right, the first
    Hint says the values differ; the graded hints follow"""
    browser.get(url + "/")
    wait.until(lambda _: browser.find_element(By.ID, "lessons").find_elements(By.TAG_NAME, "option")[1:])
    Select(browser.find_element(By.ID, "lessons")).select_by_value("marbles")
    exercise = wait.until(lambda _: browser.find_element(By.CSS_SELECTOR, '#lesson .exercise[data-exercise="1"]'))
    exercise.find_element(By.CLASS_NAME, "answer").send_keys('cold "--a--b|"')
    exercise.find_element(By.CLASS_NAME, "check").click()
    verdict = exercise.find_element(By.CLASS_NAME, "verdict")
    wait.until(lambda _: "Not that marble yet" in verdict.text)
    exercise.find_element(By.CLASS_NAME, "show-hint").click()
    assert verdict.text.startswith("Hint: your last answer sent every event at the right time, but other values"), verdict.text
    exercise.find_element(By.CLASS_NAME, "show-hint").click()
    assert verdict.text.startswith("Hint 1 of 3: "), verdict.text


def test_progress_is_frp_learns_file(url):
    """the page reads and writes `frp learn`'s progress file; a bad state or exercise is refused"""
    import json, urllib.request, urllib.error
    with open(progress_file, "w") as kept:
        kept.write("feed 4 solved 1 skipped 2\n")
    assert json.loads(urllib.request.urlopen(url + "/progress").read()) == {"feed": {"1": "solved", "2": "skipped"}}
    reply = urllib.request.urlopen(urllib.request.Request(url + "/progress/feed/2", data=b"solved", method="POST")).read()
    assert json.loads(reply) == {"feed": {"1": "solved", "2": "solved"}}
    with open(progress_file) as kept:
        assert kept.read() == "feed 4 solved 1,2\n"
    # A solved exercise stays solved; an unknown state, lesson or exercise is a 400.
    urllib.request.urlopen(urllib.request.Request(url + "/progress/feed/1", data=b"skipped", method="POST"))
    for path, state in [("/progress/feed/1", b"done"), ("/progress/nolesson/1", b"solved"), ("/progress/feed/99", b"solved")]:
        try:
            urllib.request.urlopen(urllib.request.Request(url + path, data=state, method="POST"))
            raise AssertionError(f"{path} {state} was accepted")
        except urllib.error.HTTPError as error:
            assert error.code == 400, (path, error.code)
    with open(progress_file) as kept:
        assert kept.read() == "feed 4 solved 1,2\n"
    os.remove(progress_file)


def test_pasted_rxjs_is_imported_and_run(page, wait):
    """RxJS code pasted into the box becomes the frp script in the editor, runs, and says
    what it left out with its line"""
    browser = page
    browser.find_element(By.ID, "paste-rxjs").click()
    box = browser.find_element(By.ID, "rxjs-code")
    box.send_keys("import { interval } from 'rxjs';\n"
                  "const source = interval(1000).pipe(take(3), map(val => val * 2));\n"
                  "document.addEventListener('click', () => {});\n"
                  "source.subscribe(val => console.log(val));\n")
    browser.execute_script("document.getElementById('output').textContent = 'running'")
    browser.find_element(By.ID, "import-rxjs").click()
    wait.until(lambda _: "completed" in browser.find_element(By.ID, "output").text)
    script = browser.find_element(By.ID, "script").get_attribute("value")
    assert "let source = interval 1000ms | take 3 | map it * 2" in script, script
    output = browser.find_element(By.ID, "output").text
    assert "1s  next 0" in output and "3s  next 4" in output, output
    notes = browser.find_element(By.ID, "import-notes").text
    assert notes.startswith("line 3: left out:"), notes


def test_a_shared_link_reopens_the_run(page, wait):
    """a shared link reopens the same run"""
    browser = page
    run_script(browser, wait, 'of 1, 2, 3 | map it * 7')
    link = browser.find_element(By.ID, "share").get_attribute("href")
    assert "#" in link, link
    browser.get("about:blank")
    browser.get(link)
    wait.until(lambda _: "next 21" in browser.find_element(By.ID, "output").text)
    assert browser.find_element(By.ID, "script").get_attribute("value") == "of 1, 2, 3 | map it * 7"


def test_bad_requests_get_a_reason(url):
    """bad requests get a 4xx with a reason; import is refused; hostile RxJS code is left out"""
    import json, urllib.request, urllib.error
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
    # RxJS code nested past any depth, and a chain as long as the body allows, are left out
    # with a reason; the server goes on answering.
    for hostile in [b"const x = " + b"(" * 7000 + b"1" + b")" * 7000, b"const x = " + b"a." * 7000 + b"b;",
                    b"const x = " + b"1 + " * 3500 + b"1;"]:
        reply = json.loads(urllib.request.urlopen(urllib.request.Request(url + "/import", data=hostile, method="POST")).read())
        assert reply["leftOut"] and "nested more than 200 deep" in reply["leftOut"][0]["reason"], reply
    assert urllib.request.urlopen(url + "/lessons").status == 200


def test_example_svgs(browser):
    """three Examples' SVGs render (screenshots)"""
    for name in ["02-search-as-you-type", "12-login", "16-friends"]:
        svg = os.path.join(shots, name + ".svg")
        subprocess.run([binary, "run", "--virtual", "--svg", svg, os.path.join(root, "Examples", name + ".frp")],
                       capture_output=True, timeout=60)
        browser.get("file://" + svg)
        assert browser.find_elements(By.TAG_NAME, "circle"), name
        browser.save_screenshot(os.path.join(shots, name + ".png"))


def test_a_marble_only_an_expect_reads_is_drawn_apart_and_an_inner_one_says_its_time(page, wait):
    """a marble the runs read is drawn in the run's diagram, an inner pipeline's on each
    run's lane, from where the run starts; a marble only an expect reads is not a run's, and
    is drawn apart under the diagram, said so, its marks draggable there"""
    run_script(page, wait, 'expect cold "-x-y|" emits "-x-y|"\nof 1, 2 | flatMap (cold "-z|")')
    def labels():
        return page.execute_script("""return [...document.querySelectorAll("#marbles svg.timeline text.row-label")].map((t) => t.textContent);""")
    wait.until(lambda _: any("only an expect reads" in label for label in labels()))
    assert labels() == ['only an expect reads: cold "-x-y|"'], labels()
    assert len(page.find_elements(By.CSS_SELECTOR, "#marbles .draggable")) == 3
    # The inner marble (number 1) in the diagram: its z and its end on each run's lane (both
    # runs start at 0: `of` sends at once).
    inner = page.find_elements(By.CSS_SELECTOR, '#diagram .draggable[data-marble="1"]')
    assert sorted((mark.get_attribute("data-frame"), mark.get_attribute("data-time")) for mark in inner) == [
        ("1", "1000000"), ("1", "1000000"), ("2", "2000000"), ("2", "2000000")], inner
