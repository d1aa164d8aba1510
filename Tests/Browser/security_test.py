"""The playground against hostile scripts and sites (headless Chromium through selenium, and raw
HTTP). Each hostile string goes through every path to the page (a value, an error, a marble's
value, a comment, a take's cancellation, a log's label) and is opened as a shared link: no alert
is called, the diagram holds only drawing elements and attributes, the page outside its
containers has a harmless run's elements, and the string is shown as text. Posted to /run, the
SVGs are well-formed XML of those elements. A malformed link is a diagnostic, not a URIError;
every reply says nosniff and no-referrer; the page has a strict CSP and no inline script; /run
refuses other sites. Screenshots: .build/screenshots/security-*.png. A pytest suite, one server
and one browser for the module; a test's id names its hostile string (01 to 11) and path, e.g.
`python3 -m pytest -q Tests/Browser/security_test.py -k "hostile_link and 03-comment"`, or
`-k origin` for the POST /run checks with an Origin."""
import http.client, json, os, re, time, urllib.parse
import xml.etree.ElementTree as ElementTree
import pytest
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.common.by import By

from playground_session import chromium, shots


@pytest.fixture(scope="module")
def browser(url):
    """Chromium for the whole module, recording alerts."""
    browser = chromium(logging=True)
    # Before any page's own script, in every frame: alert, confirm, prompt and print are recorded
    # on the top window (not shown), so a hostile string's script is seen whenever it runs.
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
    for (const name of ["alert", "confirm", "prompt", "print"]) window[name] = (message) => {
      try { (window.top.__called = window.top.__called || []).push(name + "(" + message + ")"); } catch (e) {}
    };"""})
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def wait(browser):
    return WebDriverWait(browser, 20)


# Each hostile string, with the part of it that must be seen as text. Most put `<` in one
# grapheme with what comes before or after it (an escaper on Characters misses that `<`).
HOSTILE = [("\u0600<img src=x onerror=alert(1)//", "<img src=x onerror=alert(1)//"),
           ("\u06DD<svg onload=alert(2)>", "<svg onload=alert(2)>"),
           ("\U000110BD<script>alert(3)</script>", "<script>alert(3)</script>"),
           (">\u0301<svg onload=alert(4)>", "<svg onload=alert(4)>"),
           ("<\u0301img src=x onerror=alert(5)>", "img src=x onerror=alert(5)>"),
           ("a\u200d<b onmouseover=alert(6)>", "<b onmouseover=alert(6)>"),
           ("\u2764\ufe0f<img src=x onerror=alert(7)>", "<img src=x onerror=alert(7)>"),
           ("\"'&<>&amp;&lt;", "'&<>&amp;&lt;"),
           ("e\u0301<iframe srcdoc='<script>alert(8)</script>'>", "<iframe srcdoc='<script>alert(8)</script>'>"),
           ("]]><img src=x onerror=alert(9)>", "]]><img src=x onerror=alert(9)>"),
           ("\x01\x08\x0bctl-end", "ctl-end")]  # not allowed in XML; refused in a script (FRP0002), shown as ␁␈␋
# The strings a script cannot hold: the run is refused, and the diagnostic shows the line.
REFUSED = {"\x01\x08\x0bctl-end"}
SVG_TAGS = {"svg", "g", "line", "circle", "text", "title", "rect", "path", "polyline", "polygon",
            "style", "defs", "tspan", "marker", "desc"}
CONTAINERS = ["diagram", "output", "diagnostics", "marbles", "lesson", "operator-page", "exported"]

def literal(text):
    """An frp string literal of the text (escapes: \\" \\\\ \\n \\t)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'

def scripts(text):
    """The hostile text through each path to the page. A comment is dropped from row labels
    (they are the stage's source), so it is the one path whose text need not be shown."""
    s = literal(text)
    return {"a value": f"of 1 | map {s}", "an error": f"of 1 | map raise({s})",
            "a marble value": f'cold "-a|" {{a: {s}}}', "a comment": f"# {text}\nof 1 | map it",
            "a take's cancellation": f'cold "-a-b|" {{a: {s}, b: {s}}} | take 1',
            "a log's label": f"of {s} | log {s}"}

# What the page holds after a run: the tags and attribute names outside the containers the
# page fills, every element of #diagram, on* attributes anywhere, the text shown, the calls.
INVENTORY = """
const boxes = arguments[0].map((id) => document.getElementById(id)).filter(Boolean);
const diagram = document.getElementById("diagram"), page = new Set(), handlers = [];
for (const element of document.querySelectorAll("*")) {
  const names = [...element.attributes].map((attribute) => attribute.name);
  for (const name of names) if (name.toLowerCase().startsWith("on")) handlers.push(element.localName + " " + name);
  if (boxes.some((box) => box !== element && box.contains(element))) continue;
  page.add("<" + element.localName + ">");
  for (const name of names) page.add("@" + name);
}
return {page: [...page], handlers: handlers,
        diagram: [...diagram.querySelectorAll("*")].map((element) =>
          [element.localName, [...element.attributes].map((attribute) => [attribute.name, attribute.value])]),
        forbidden: [...diagram.querySelectorAll("img, script, iframe, object, embed, foreignObject")].map((e) => e.localName),
        text: document.getElementById("output").textContent + "\\n" + diagram.textContent
              + "\\n" + document.getElementById("exported").textContent
              + "\\n" + document.getElementById("diagnostics").textContent,
        called: window.__called || []};"""
FINISHED = """const output = document.getElementById("output"), diagnostics = document.getElementById("diagnostics");
return output.textContent !== "" || (!diagnostics.hidden && diagnostics.textContent !== "");"""

def open_link(browser, wait, url, script):
    """Opens the script's shared link (a new page, not only a new fragment), waits for its run,
    exports it to RxJS (that text reaches the page too), and waits a moment for handlers (an
    img's onerror) to fire; the page's inventory."""
    browser.get("about:blank")
    browser.get(url + "/#" + urllib.parse.quote(script, safe=""))
    wait.until(lambda _: browser.execute_script(FINISHED))
    browser.find_element(By.ID, "export").click()
    wait.until(lambda _: browser.execute_script(
        "return !document.getElementById('exported').hidden || !document.getElementById('diagnostics').hidden"))
    time.sleep(0.15)
    return browser.execute_script(INVENTORY, CONTAINERS)


@pytest.fixture(scope="module")
def baseline(browser, wait, url):
    """The page's tags and attributes after a harmless run: what a hostile run's page is compared
    with (run once for the module, before the first test that needs it)."""
    inventory = open_link(browser, wait, url, 'of 1 | map "ok"')
    assert 'next "ok"' in inventory["text"] and inventory["diagram"], inventory["text"]
    return set(inventory["page"])


def test_a_harmless_run(baseline):
    """a harmless run (the page to compare with): its checks are the `baseline` fixture's, which
    the hostile links' tests run too when this one is not selected"""
    assert baseline, "no harmless run to compare with"


def diagram_problems(elements):
    problems = []
    for tag, attributes in elements:
        if tag not in SVG_TAGS:
            problems.append(f"<{tag}> in the diagram")
        for name, value in attributes:
            if name.lower().startswith("on") or name.lower() in ("href", "xlink:href") or \
                    (name.lower() == "style" and "url(" in value.lower()):
                problems.append(f"<{tag} {name}={value!r}> in the diagram")
    return problems


# The paths of scripts(), each with a name -k can select ("01-value": the first string as a value).
PATHS = {"a value": "value", "an error": "error", "a marble value": "marble_value", "a comment": "comment",
         "a take's cancellation": "take_cancellation", "a log's label": "log_label"}
assert list(PATHS) == list(scripts("x")), "PATHS names every path of scripts()"


@pytest.mark.parametrize("number, path", [pytest.param(number, path, id=f"{number:02d}-{name}")
                                          for number in range(1, len(HOSTILE) + 1) for path, name in PATHS.items()])
def test_hostile_link(number, path, browser, wait, url, baseline):
    """hostile NUMBER as PATH: opened as a link, shown as text, runs nothing"""
    text, marker = HOSTILE[number - 1]
    script = scripts(text)[path]
    shot = "hostile-link" if number == 1 and path == "a value" else None
    assert baseline, "no harmless run to compare with"
    inventory = open_link(browser, wait, url, script)
    if shot:
        browser.save_screenshot(os.path.join(shots, f"security-{shot}.png"))
    problems = [f"{call} was called" for call in inventory["called"]]
    try:
        problems.append(f"an alert is open: {browser.switch_to.alert.text!r}")
    except NoAlertPresentException:
        pass  # as it should be
    problems += [f"<{tag}> in the diagram" for tag in inventory["forbidden"]]
    problems += [f"handler attribute {handler}" for handler in inventory["handlers"]]
    added = sorted(set(inventory["page"]) - baseline)
    problems += [f"outside the containers, new: {', '.join(added)}"] if added else []
    problems += diagram_problems(inventory["diagram"])
    if path != "a comment" and marker not in inventory["text"]:
        problems.append(f"{marker!r} is not shown as text")
    if text in REFUSED and "I found a control character" not in inventory["text"]:
        problems.append("the script with a control character was not refused with its diagnostic")
    assert not problems, "; ".join(dict.fromkeys(problems))


def request(url, method, path, body=None, headers=None):
    """A raw HTTP request to the playground at url (headers as given, Host included): status,
    headers, body."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=20)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("number", [pytest.param(number, id=f"{number:02d}") for number in range(1, len(HOSTILE) + 1)])
def test_svgs_are_safe_xml(number, url):
    """hostile NUMBER posted to /run: each SVG is well-formed XML of drawing elements"""
    text, _ = HOSTILE[number - 1]
    problems = []
    for path, script in scripts(text).items():
        status, _, reply = request(url, "POST", "/run", script.encode(), {"Content-Type": "text/plain"})
        assert status == 200, f"{path}: status {status}"
        answer = json.loads(reply)
        svgs = answer["svgs"]
        if text in REFUSED:
            problems += [] if "I found a control character" in answer["diagnostics"] and not svgs else [f"{path}: not refused"]
            continue
        problems += [] if svgs else [f"{path}: no SVG"]
        for svg in svgs:
            try:
                tree = ElementTree.fromstring(svg.encode())
            except ElementTree.ParseError as error:
                problems.append(f"{path}: not well-formed XML ({error})")
                continue
            elements = [(element.tag.rsplit("}", 1)[-1], [(name.rsplit("}", 1)[-1], value) for name, value in element.attrib.items()])
                        for element in tree.iter()]
            problems += [f"{path}: {problem}" for problem in diagram_problems(elements)]
    assert not problems, "; ".join(problems)


def test_a_malformed_link_is_a_diagnostic(browser, url):
    """a malformed link (#%E0%A4%A) is a diagnostic about the link, not a URIError"""
    browser.get("about:blank")
    browser.get_log("browser")  # only this page's entries from here
    browser.get(url + "/#%E0%A4%A")
    shown = "const d = document.getElementById('diagnostics'); return [!d.hidden, d.textContent];"
    try:
        WebDriverWait(browser, 5).until(lambda _: (lambda seen: seen[0] and "link" in seen[1].lower())(browser.execute_script(shown)))
    except TimeoutException:
        pass
    browser.save_screenshot(os.path.join(shots, "security-malformed-link.png"))
    visible, text = browser.execute_script(shown)
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE" and "URIError" in entry["message"]]
    assert visible and "link" in text.lower() and not errors, f"diagnostics shown {visible}: {text!r}; URIErrors {errors}"


def test_the_diagram_keeps_only_plays_data_with_plain_numbers(browser, url):
    """the page's rebuild of a diagram keeps data-time and data-stage when they are plain
    numbers (what Play reads), and drops them otherwise, and any other data attribute"""
    browser.get(url + "/")
    kept = browser.execute_script("""
        const svg = '<svg xmlns="http://www.w3.org/2000/svg"><g class="value" data-time="1000000" data-stage="2"/>'
          + '<g data-time="1e3" data-stage="javascript:alert(1)"/><g data-time="12 " data-other="1" data-x-stage="3"/></svg>';
        const copy = rebuilt(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement);
        return [...copy.children].map((g) => [...g.attributes].map((a) => a.name + "=" + a.value));""")
    assert kept == [["class=value", "data-time=1000000", "data-stage=2"], [], []], kept


def page(url):
    status, headers, body = request(url, "GET", "/")
    assert status == 200, status
    return headers, body.decode()


def every_reply(url):
    """GET /, every file the page references, /operators, /families, /lessons, /progress,
    POST /run, /import, a 404."""
    html = page(url)[1]
    files = re.findall(r'<script\b[^>]*\bsrc="([^"]+)"', html) + re.findall(r'<link\b[^>]*\bhref="([^"]+)"', html)
    paths = [urllib.parse.urlsplit(urllib.parse.urljoin(url + "/", file)).path for file in files]
    replies = [(f"GET {path}", request(url, "GET", path)) for path in ["/"] + paths + ["/operators", "/families", "/lessons", "/progress", "/nonexistent"]]
    return replies + [("POST /run", request(url, "POST", "/run", b'of 1 | map "ok"', {"Content-Type": "text/plain"})),
                      ("POST /import", request(url, "POST", "/import", b"of(1).subscribe(console.log)", {"Content-Type": "text/plain"})),
                      ("POST /export", request(url, "POST", "/export", b'of 1 | map "ok"', {"Content-Type": "text/plain"})),
                      ("POST /export/combine", request(url, "POST", "/export/combine", b'of 1 | map "ok"', {"Content-Type": "text/plain"})),
                      ("POST /marbles", request(url, "POST", "/marbles", b'cold "-a|"', {"Content-Type": "text/plain"})),
                      ("POST /marbles/0/0/3", request(url, "POST", "/marbles/0/0/3", b'cold "-a|"', {"Content-Type": "text/plain"}))]


def test_replies_say_nosniff_and_no_referrer(url):
    """every reply says X-Content-Type-Options: nosniff and Referrer-Policy: no-referrer"""
    problems = [f"{name}: X-Content-Type-Options {headers['X-Content-Type-Options']!r}, Referrer-Policy {headers['Referrer-Policy']!r}"
                for name, (_, headers, _) in every_reply(url)
                if (headers["X-Content-Type-Options"] or "").lower() != "nosniff" or (headers["Referrer-Policy"] or "").lower() != "no-referrer"]
    assert not problems, problems


def test_text_replies_say_utf8(url):
    """every text reply's Content-Type says charset=utf-8"""
    text = {"text/html", "text/css", "text/javascript", "application/javascript", "application/json"}
    kinds = [(name, (headers["Content-Type"] or "").lower().replace(" ", "")) for name, (_, headers, _) in every_reply(url)]
    problems = [f"{name}: Content-Type {kind!r}" for name, kind in kinds if kind.split(";")[0] in text and "charset=utf-8" not in kind]
    assert not problems, problems


def test_the_page_has_a_strict_policy(url):
    """the page's Content-Security-Policy: default-src 'self', object-src, base-uri, frame-ancestors 'none', no inline script"""
    policy = page(url)[0]["Content-Security-Policy"]
    assert policy, "no Content-Security-Policy"
    directives = {words[0].lower(): words[1:] for words in (part.split() for part in policy.split(";")) if words}
    script = directives.get("script-src", directives.get("default-src", []))
    problems = [f"{name} lacks {value}" for name, value in [("default-src", "'self'"), ("object-src", "'none'"),
                                                           ("base-uri", "'none'"), ("frame-ancestors", "'none'")]
                if value not in directives.get(name, [])]
    problems += ["script-src allows 'unsafe-inline'"] if "'unsafe-inline'" in script else []
    assert not problems, f"{problems} in {policy!r}"


def test_the_page_has_no_inline_script_or_handler(url):
    """the page has no inline script and no on* attribute"""
    html = page(url)[1]
    inline = [content.strip()[:60] for content in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S | re.I) if content.strip()]
    handlers = re.findall(r"<[a-zA-Z][^>]*?\s(on[a-z]+)\s*=", html)
    assert not inline and not handlers, f"inline scripts {inline}, handler attributes {handlers}"


OWN = object()  # the page's own Origin, known once the server runs


@pytest.mark.parametrize("headers, statuses", [
    pytest.param({"Origin": "http://evil.example"}, {403}, id="evil_origin_refused_403"),
    pytest.param({"Host": "evil.example"}, {403, 421}, id="evil_host_refused_403_or_421"),
    pytest.param({"Origin": OWN}, {200}, id="own_origin_runs_200"),
    pytest.param({}, {200}, id="no_origin_curl_runs_200"),
    pytest.param({"Content-Type": "text/plain", "Origin": "http://evil.example"}, {403},
                 id="text_plain_from_evil_origin_refused_403"),
    pytest.param({"Sec-Fetch-Site": "cross-site"}, {403}, id="sec_fetch_site_cross_site_refused_403")])
def test_post_run(headers, statuses, url):
    """POST /run with headers from another site is refused; from the page's own Origin or none (curl) it runs"""
    address = urllib.parse.urlsplit(url)
    own = f"{address.scheme}://{address.netloc}"
    headers = {name: own if value is OWN else value for name, value in headers.items()}
    status, _, reply = request(url, "POST", "/run", b'of 1 | map "ok"', headers)
    assert status in statuses, f"status {status}, not {statuses}: {reply[:120]!r}"


@pytest.mark.parametrize("headers, statuses", [
    pytest.param({"Origin": "http://evil.example"}, {403}, id="evil_origin_refused_403"),
    pytest.param({"Host": "evil.example"}, {403, 421}, id="evil_host_refused_403_or_421"),
    pytest.param({}, {200}, id="no_origin_curl_exports_200")])
@pytest.mark.parametrize("path", ["/export", "/export/combine"])
def test_post_export(headers, statuses, path, url):
    """POST /export (and /export/combine) is guarded as POST /run is: another site's request is refused"""
    status, _, reply = request(url, "POST", path, b'expect of 1 emits "(a|)" {a: 1}', headers)
    assert status in statuses, f"status {status}, not {statuses}: {reply[:120]!r}"
    if status == 200:
        assert "1 expect and 0 runs exported" in json.loads(reply)["summary"]


def test_export_to_an_unknown_library_is_404_with_the_ones_there_are(url):
    status, _, reply = request(url, "POST", "/export/rxswift", b'of 1', {"Content-Type": "text/plain"})
    assert status == 404 and "rxjs or combine" in json.loads(reply)["error"], (status, reply[:200])


@pytest.mark.parametrize("path", ["/marbles/x/0/1", "/marbles/0/0/-99999999999", "/marbles/0/0/99999999999", "/marbles/0/0/1.5"])
def test_a_move_with_a_bad_path_gets_a_reason(path, url):
    """POST /marbles/M/E/F with a path that is not three whole numbers in range: 400 and why"""
    status, _, reply = request(url, "POST", path, b'cold "-a|"', {"Content-Type": "text/plain"})
    assert status == 400 and "the path needs a marble, a mark and a frame" in json.loads(reply)["error"], (status, reply[:200])


@pytest.mark.parametrize("path", ["/run/x", "/run/239", "/run/2401", "/run/480.5", "/run/-480"])
def test_a_run_at_a_bad_width_gets_a_reason(path, url):
    """POST /run/WIDTH with a width that is not a whole number from 240 to 2400: 400 and why"""
    status, _, reply = request(url, "POST", path, b'cold "-a|"', {"Content-Type": "text/plain"})
    assert status == 400 and "the diagrams' width in pixels" in json.loads(reply)["error"], (status, reply[:200])


def test_a_run_is_drawn_to_the_width_asked(url):
    """POST /run/WIDTH draws the run's diagram to that width (its time axis; the picture's
    margins besides), POST /run to 720"""
    widths = []
    for path in ["/run/300", "/run", "/run/1500"]:
        status, _, reply = request(url, "POST", path, b'cold "-a-b|"', {"Content-Type": "text/plain"})
        assert status == 200, (status, reply[:200])
        svg = json.loads(reply)["svgs"][0]
        widths.append(float(svg.split(' width="', 2)[1].split('"')[0]))
    assert widths[0] < 400 < widths[1] < 800 < 1500 < widths[2], widths


def test_a_move_before_zero_is_only_for_a_hot_marble_with_its_subscription_point(url):
    """A frame below 0 is refused, with why, for a marble without `^`; a hot marble's mark goes there"""
    status, _, reply = request(url, "POST", "/marbles/0/0/-1", b'cold "-a|"', {"Content-Type": "text/plain"})
    assert status == 200 and "only in a hot marble with ^" in json.loads(reply)["error"], (status, reply[:200])
    status, _, reply = request(url, "POST", "/marbles/0/0/-1", b'hot "-a-^-b|"', {"Content-Type": "text/plain"})
    assert status == 200 and json.loads(reply)["script"] == 'hot "a^-b|"', (status, reply[:200])


def test_post_marbles_from_another_site_is_refused(url):
    """POST /marbles is guarded as POST /run is"""
    status, _, _ = request(url, "POST", "/marbles", b'cold "-a|"', {"Origin": "http://evil.example"})
    assert status == 403


@pytest.mark.parametrize("path", ["/examples/..%2F..%2FREADME", "/examples/%2Fetc%2Fpasswd", "/examples/lib", "/examples/nothing"])
def test_an_example_that_is_not_one_is_404(path, url):
    """GET /examples/NAME serves only the Examples' own scripts"""
    status, _, _ = request(url, "GET", path)
    assert status == 404, status


@pytest.mark.parametrize("path", ["../README.md", "lib/../../Package.swift", "/etc/passwd", "lib/photos.frp/../../x.frp"])
def test_a_run_imports_nothing_but_the_examples_libraries(path, url):
    """a stranger's script may import the Examples' library, and no other file"""
    status, _, reply = request(url, "POST", "/run", f'import "{path}"\nof 1'.encode(), {"Content-Type": "text/plain"})
    diagnostics = json.loads(reply)["diagnostics"]
    assert status == 200 and "the playground reads no file but the Examples' libraries" in diagnostics, diagnostics[:300]
    ok = request(url, "POST", "/run", b'import "lib/photos.frp"\nof {rating: 95} | above 90 | count', {"Content-Type": "text/plain"})
    assert 'next 1' in json.loads(ok[2])["output"]
