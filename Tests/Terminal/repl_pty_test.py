"""The REPL in a real pseudo-terminal (pexpect drives the built binary): a pipeline prints
its events, a mistake gives a diagnostic and the session goes on, Ctrl-C stops a running
interval and the prompt comes back, Ctrl-D exits 0, and the history survives a restart.
A pytest suite: `python3 -m pytest -q Tests/Terminal/repl_pty_test.py -k history` runs the
tests whose name has "history". Each test's docstring says what it checks."""
import os, re, select, subprocess
import pexpect
import pytest

binary = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "debug", "frp")


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """The REPL's environment, one history file for the whole module (as one run of the
    script had): no colour, an xterm."""
    history = tmp_path_factory.mktemp("repl") / "history"
    return dict(os.environ, FRP_HISTORY=str(history), TERM="xterm", NO_COLOR="1")


@pytest.fixture
def spawn(env):
    """Starts the REPL in a pty (40×120 unless told, 30 s timeouts) and waits for its prompt
    (`prompt=False`: not). Whatever a test leaves running is killed after it."""
    children = []

    def start(args=(), env=env, dimensions=(40, 120), timeout=30, prompt=True):
        child = pexpect.spawn(binary, list(args), env=env, encoding="utf-8", timeout=timeout, dimensions=dimensions)
        children.append(child)
        if prompt:
            child.expect_exact("frp> ")
        return child

    yield start
    for child in children:
        if not child.closed:
            child.close(force=True)


def quit(child):
    # Ctrl-D only once the prompt is back (earlier, the terminal would swallow it).
    child.expect_exact("frp> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.exitstatus


def test_the_prompt_is_drawn_in_editing_mode(env, tmp_path):
    """The terminal leaves its line mode before each prompt is drawn, so a Ctrl-D typed as
    soon as `frp> ` shows quits: typed in line mode, the kernel hands it on as a NUL once
    libedit switches, and libedit ignores a NUL (a CI timeout in session 22). Read from the
    system calls (strace): every write of the prompt comes after a switch out of line mode
    (ICANON off) with no switch back in between."""
    trace = tmp_path / "calls"
    child = pexpect.spawn("strace", ["-f", "-e", "trace=ioctl,write", "-o", str(trace), binary], env=env,
                          encoding="utf-8", timeout=60, dimensions=(40, 120))
    child.expect_exact("frp> ")
    child.sendline("1 + 2")
    child.expect_exact("3")
    quit(child)
    line_mode, prompts = None, 0
    for call in trace.read_text().splitlines():
        if "ioctl(0," in call and "TCSETS" in call and "c_lflag=" in call:
            line_mode = "ICANON" in call.split("c_lflag=", 1)[1].split(",", 1)[0]
        elif re.search(r'write\(1, "frp> ', call):
            prompts += 1
            assert line_mode is False, f"prompt {prompts} drawn in line mode:\n{call}"
    assert prompts >= 2, trace.read_text()[-2000:]


def test_save_replays_the_session(spawn, env, tmp_path):
    """:save writes a script that replays the session: a Ctrl-C'd run commented, := and _ in order"""
    saved = str(tmp_path / "session.frp")
    child = spawn()
    child.sendline('var text = "cat"')
    child.expect_exact("frp> ")
    child.sendline("interval 100ms")
    child.expect_exact("next 1")
    child.sendintr()
    child.expect_exact("cancelled")
    child.expect_exact("frp> ")
    child.sendline('text | map it + "s"')
    child.expect_exact('next "cats"')
    child.expect_exact("frp> ")
    child.sendline('text := "dog"')
    child.expect_exact("frp> ")
    child.sendline("_ | take 1")
    child.expect_exact('next "dogs"')
    child.expect_exact("frp> ")
    child.sendline(":save " + saved)
    child.expect_exact("saved")
    quit(child)
    text = open(saved).read()
    # The stopped run is saved as stopped; the rest in order, and it replays.
    assert "# stopped with Ctrl-C:\n# interval 100ms\n" in text, text
    replay = subprocess.run([binary, "run", "--virtual", "--no-trace", saved], capture_output=True, text=True, env=env, timeout=30)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.count('next "cats"') == 1 and 'next "dogs"' in replay.stdout, replay.stdout


def test_paste_runs_as_a_file(spawn):
    """a pasted multi-line pipeline runs as frp run reads it; typed, a leading | still says so"""
    child = spawn()
    # A paste arrives at once: its lines that start with `|` continue the statement, as in
    # a file (typed one by one, such a line says the line above already ran).
    child.send("of 1, 2, 3\r  | map it * 10\r  | take 2\rof 7\r")
    child.expect_exact("» of 1, 2, 3 | map it * 10 | take 2\r\n")
    child.expect_exact("next 20")
    child.expect_exact("next 7")
    assert "NOTHING TO CONTINUE" not in child.before
    child.expect_exact("frp> ")
    child.sendline("of 6")
    child.expect_exact("next 6")
    child.sendline("| map it")
    child.expect_exact("NOTHING TO CONTINUE")
    quit(child)


def test_pretty_records_and_colour(spawn, env):
    """records laid out at 80 columns, one line at 140; colour at a terminal, NO_COLOR and --color never"""
    record = 'of {name: "Crimson River", rating: 99.9, tags: ["a", "b", "c", "d"], user: {username: "amara"}}'
    # 80 columns: the record does not fit after `next`, so it is laid out, a field a line,
    # and a long list is cut.
    child = spawn(dimensions=(40, 80))
    child.sendline(record)
    child.expect_exact("next {\r\n")
    child.expect(r" +name: \"Crimson River\",\r\n +rating: 99.9,\r\n +tags: \[\"a\", \"b\", \"c\", \"d\"\],\r\n")
    child.expect_exact("frp> ")
    child.sendline("range 1, 40 | buffer 40")
    child.expect(r"next \[\r\n +1,\r\n +2,\r\n +3,\r\n +… 37 more\r\n +\]\r\n")
    quit(child)
    # 140 columns: it fits on one line; NO_COLOR is set, so no colour.
    child = spawn(dimensions=(40, 140))
    child.sendline(record)
    child.expect_exact('next {name: "Crimson River", rating: 99.9, tags: ["a", "b", "c", "d"], user: {username: "amara"}}\r\n')
    assert "\x1b[32m" not in child.before
    quit(child)
    # Colour at a terminal without NO_COLOR: the event's kind is green, its time dim.
    coloured = dict(env)
    del coloured["NO_COLOR"]
    child = spawn(env=coloured, dimensions=(40, 140))
    child.sendline("of 1")
    child.expect_exact("\x1b[32mnext\x1b[0m 1")
    quit(child)
    # --color never wins over the terminal.
    child = spawn(["--color", "never"], env=coloured, dimensions=(40, 140))
    child.sendline("of 2")
    child.expect(r"  0ms  next 2\r\n")
    quit(child)


def test_typed_unicode_in_the_c_locale(spawn, env):
    """typed é and 日 reach the language when LANG=C"""
    # libedit gives back what was typed only in a UTF-8 locale; LANG=C must not lose it.
    child = spawn(env=dict(env, LANG="C", LC_ALL=""))
    child.sendline('of "é日" | map length(it)')
    child.expect_exact("next 2")
    quit(child)


def test_live_run_into_a_pipe_prints_as_it_goes(env, tmp_path):
    """a live frp run into a pipe prints each event as it comes"""
    # An endless interval: its first line must come through the pipe while the run goes
    # on (a full buffer would hold it for minutes).
    script = str(tmp_path / "live.frp")
    with open(script, "w") as file:
        file.write("interval 100ms\n")
    process = subprocess.Popen([binary, "run", script], stdout=subprocess.PIPE, env=env)
    try:
        lines = []
        while not any("next 0" in line for line in lines):
            ready, _, _ = select.select([process.stdout], [], [], 20)
            assert ready, f"nothing came through the pipe while the run went on: {lines}"
            line = process.stdout.readline().decode()
            # End of output: frp exited early (a failure, not a loop reading nothing).
            assert line, f"frp ended before its first event: {lines}, status {process.poll()}"
            lines.append(line)
    finally:
        process.kill()
        process.wait()


def test_history_that_is_not_a_file_is_left_alone(spawn, env, tmp_path):
    """a history path that is not a regular file is neither read nor changed"""
    # FRP_HISTORY=/dev/null means no history: libedit would chmod it 0600 on save, and a
    # stream (/dev/zero) would be read without end. A FIFO stands in (the test must not
    # touch /dev/null): read, it would block before the prompt.
    fifo = str(tmp_path / "fifo")
    os.mkfifo(fifo, 0o644)
    child = spawn(env=dict(env, FRP_HISTORY=fifo), timeout=10)
    child.sendline("of 1")
    child.expect_exact("next 1")
    quit(child)
    assert oct(os.stat(fifo).st_mode & 0o777) == "0o644", oct(os.stat(fifo).st_mode)


def test_commands_refuse_extra_words(env):
    """:quit and :reset with words after them say so and do nothing"""
    result = subprocess.run([binary], input=":quit now\nof 1\n:reset extra\nof 2\n", text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=30)
    assert ":quit takes nothing after it (got `now`)" in result.stdout, result.stdout
    assert ":reset takes nothing after it" in result.stdout and "next 2" in result.stdout, result.stdout


def test_piped_line_starting_with_pipe_continues(env):
    """piped input: a line that starts with | continues the statement above, as in frp run"""
    result = subprocess.run([binary], input="of 1\n| map it * 3\n\n# note\n| map it + 1\nof 5\n", text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=30)
    assert "next 4" in result.stdout and "next 5" in result.stdout, result.stdout
    assert "I expected a value" not in result.stdout, result.stdout


def test_prompt_line_starting_with_pipe(spawn):
    """at the prompt a line that starts with | says the line above already ran"""
    child = spawn()
    child.sendline("of 1")
    child.expect("next 1")
    child.sendline("| map it * 3")
    child.expect_exact("NOTHING TO CONTINUE")
    child.expect_exact("end that line with `|`")
    quit(child)


def test_comments_strings_and_an_empty_line_end_a_continuation(spawn):
    """a comment or a string does not open a bracket; `|` before a comment continues; an empty line ends ...>"""
    child = spawn()
    # A `(` in a comment opens nothing: the line runs.
    child.sendline("of 1, 2 | map it * 2  # doubled (see the notes")
    child.expect_exact("next 4")
    child.expect_exact("frp> ")
    # A `|` before a comment continues, as `frp run` reads it.
    child.sendline("of 1, 2 |   # the numbers")
    child.expect_exact("...> ")
    child.sendline("  map it * 3")
    child.expect_exact("next 6")
    child.expect_exact("frp> ")
    # A string ends at its line's end: the `)` closes the bracket, and the lexer reports it.
    child.sendline("of 1 | map (it +")
    child.sendline('"abc')
    child.sendline(")")
    child.expect_exact("UNTERMINATED STRING")
    child.expect_exact("frp> ")
    # An empty line at ...> runs what was typed: here it says what is missing.
    child.sendline("of 1 | map (it")
    child.expect_exact("...> ")
    child.sendline("")
    child.expect_exact("<input 4>:1:15")
    child.expect_exact("frp> ")
    child.sendline("of 8")
    child.expect_exact("next 8")
    quit(child)


def test_commands_in_history_and_completed(spawn):
    """:commands are kept in the history; TAB completes them and operators after :explain"""
    child = spawn()
    child.sendline("of 5")
    child.expect_exact("next 5")
    child.expect_exact("frp> ")
    child.sendline(":trace off")
    child.expect_exact("trace: off")
    child.expect_exact("frp> ")
    child.send("\x1b[A")  # up arrow: the command, not the pipeline before it
    child.sendline("")
    child.expect_exact("trace: off")
    child.expect_exact("frp> ")
    # TAB completes a command after `:`, and an operator after `:explain `.
    child.send(":expl\t")
    child.send("switchT\t")
    child.sendline("")
    child.expect_exact("switchToLatest    (")
    quit(child)


def test_ctrl_d_in_a_continuation_and_with_a_job(spawn):
    """Ctrl-D at ...> drops the input; Ctrl-D with a job quits, its trace says so"""
    child = spawn()
    child.sendline("of 1 |")
    child.expect_exact("...> ")
    child.sendeof()
    child.expect_exact("unfinished input dropped")
    child.expect_exact("frp> ")
    child.sendline("of 6")
    child.expect_exact("next 6")
    child.expect_exact("frp> ")
    child.sendline(":time live")
    child.expect_exact("frp> ")
    child.sendline("interval 100ms &")
    child.expect(r"\[1\]\s+\S+\s+next 1")
    child.sendeof()
    # The echoed ^D ends its line; the job's trace says the REPL quit.
    child.expect(r"\^D\r?\n\[1\]\s+\S+\s+cancelled")
    child.expect(r"interval 100ms at [0-9.]+m?s: when the run was stopped by the REPL quitting")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.exitstatus


def test_ctrl_c_echo_ends_its_line(spawn):
    """the terminal's ^C ends its line before `cancelled`"""
    child = spawn()
    child.sendline("interval 100ms")
    child.expect_exact("next 1")
    child.sendintr()
    child.expect(r"\^C\r?\n\s+[0-9.]+m?s  cancelled")
    quit(child)


def test_piped_input_numbers_lines_in_order(env):
    """piped input: diagnostics give the line, after the output of the lines before"""
    result = subprocess.run([binary], input="of 1\n\nof 2 | mapp it\n", capture_output=False, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=30)
    assert "<stdin>:3:8" in result.stdout, result.stdout
    # The first statement's output comes before the second's diagnostic.
    assert result.stdout.index("next 1") < result.stdout.index("UNKNOWN OPERATOR"), result.stdout


def test_multi_line_and_search(spawn):
    """a trailing | and an open bracket continue a line; Ctrl-R finds an earlier one"""
    child = spawn()
    # A trailing | continues the statement with the continuation prompt.
    child.sendline("of 1, 2 |")
    child.expect_exact("...> ")
    child.sendline("map it * 5")
    child.expect_exact("next 10")
    child.expect_exact("frp> ")
    # An open bracket continues it too.
    child.sendline("of 3 | map (it")
    child.expect_exact("...> ")
    child.sendline("+ 4)")
    child.expect_exact("next 7")
    child.expect_exact("frp> ")
    # Ctrl-R searches the history incrementally; Enter runs what it found.
    child.sendline("of 77 | map it + 1")
    child.expect_exact("next 78")
    child.expect_exact("frp> ")
    child.send("\x12")
    child.send("77")
    child.send("\r")
    child.expect_exact("» of 77 | map it + 1")
    child.expect_exact("next 78")
    quit(child)


def test_search_keys_over_a_full_history(spawn, env, tmp_path):
    """Ctrl-R over a full history (1,000 entries, 4 MB): each key answers at once (libedit's
    own search looked every entry up again at each key, 13–17 s of CPU for 200 keys); Ctrl-R
    again goes to an older match, Backspace widens, Ctrl-G puts the line back, Ctrl-C ends
    the search and clears the line, another key ends it with the match on the line."""
    history = tmp_path / "full-history"
    with open(history, "w") as file:
        file.write("_HiStOrY_V2_\n")
        for number in range(1000):
            file.write("of\\040%d\\040|\\040map\\040\"%s\"\n" % (number, "x" * 4000))
        file.write("of\\040111\\040|\\040map\\040it\\040+\\0401\n")
        file.write("of\\040222\\040|\\040map\\040it\\040+\\0402\n")
    child = spawn(env=dict(env, FRP_HISTORY=str(history)))
    child.delaybeforesend = None
    child.send("\x12")
    child.send("map it")
    child.expect_exact("(reverse-i-search)`map it': of 222 | map it + 2")
    child.send("\x12")  # an older match
    child.expect_exact("of 111 | map it + 1")
    for _ in range(200):  # no entry holds it: every key looks at all 4 MB
        child.send("q")
    child.expect_exact("(failed reverse-i-search)`map itq")
    child.send("\x07")  # Ctrl-G: the line as it was (empty)
    child.expect_exact("frp> ")
    child.send("of 5 | map it\x12")
    child.send("zzz")
    child.expect_exact("(failed reverse-i-search)`zzz'")
    child.send("\x7f\x7f\x7f")  # Backspace down to nothing
    child.expect_exact("(reverse-i-search)`': of 5 | map it")
    child.send("\x07")
    child.expect_exact("frp> of 5 | map it")
    child.send("\r")  # the line put back runs
    child.expect_exact("next 5")
    child.expect_exact("frp> ")
    child.send("\x12222")
    child.expect_exact("of 222 | map it + 2")
    child.send("\x01")  # Ctrl-A ends the search, the match on the line, the cursor at its start
    child.expect_exact("frp> of 222 | map it + 2")
    child.send("#\r")  # a comment: runs nothing
    child.expect_exact("\r\nfrp> ")
    child.send("\x12111")
    child.expect_exact("of 111 | map it + 1")
    child.sendintr()  # Ctrl-C: the search and the line are dropped
    child.expect_exact("frp> ")
    child.sendline("of 3")
    child.expect_exact("next 3")
    quit(child)


def test_binary_bytes_and_a_huge_line(spawn):
    """binary bytes and a 1 MB line get a diagnostic, and the next line works"""
    child = spawn()
    # Control bytes are editing keys (Ctrl-A moves to the start): what is left is a mistake.
    child.send("of \x01\x02\x7f\x1b[Zjunk\r")
    child.expect_exact("UNKNOWN NAME")
    child.sendline("of 9")
    child.expect_exact("next 9")
    child.expect_exact("frp> ")
    # A 1 MB line, typed as a terminal delivers a paste: in pieces, with the echo read
    # meanwhile (a test that does not read would deadlock the pty). The editor keeps the
    # first 70,000 characters; the language refuses lines over 65,536.
    data = "of " + "1" * 1000000
    child.delaybeforesend = None
    for start in range(0, len(data), 2048):
        child.send(data[start:start + 2048])
        try:
            while True:
                child.read_nonblocking(65536, timeout=0)
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            # The REPL ended: a failure now, not a paste into nothing.
            raise AssertionError("the REPL ended while the long line was typed")
    child.delaybeforesend = 0.05
    child.send("\r")
    child.expect_exact("LINE TOO LONG")
    child.sendline("of 10")
    child.expect_exact("next 10")
    quit(child)


def test_explain_at_the_prompt(spawn):
    """`:explain debounce` at the prompt runs its example and draws its diagram"""
    child = spawn()
    child.sendline(":explain debounce")
    child.expect_exact("debounce DURATION    (timing)")
    child.expect_exact("» cold \"-a-b-----c---|\" | debounce 3ms")
    child.expect(r"debounce 3ms\s+[-─]+b[-─]+c\|")     # its diagram row, drawn from the run
    child.expect_exact("RAC2: throttle: (a debounce!)")
    child.expect_exact("frp> ")
    child.sendline("of 9")
    child.expect_exact("next 9")
    quit(child)


def test_learn_at_a_terminal(spawn, env, tmp_path):
    """frp learn at a terminal: pauses, a multi-line answer checked, a right one, quit keeps progress"""
    progress = str(tmp_path / "progress")
    child = spawn(["learn", "token"], env=dict(env, FRP_PROGRESS=progress), prompt=False)
    child.expect_exact("(Enter: go on, quit: stop) ")   # after the first reading
    child.sendline("")
    child.expect_exact("» profile")                     # the given pipeline runs
    child.expect_exact("(Enter: go on, quit: stop) ")
    child.sendline("")
    child.expect_exact("(Enter: go on, quit: stop) ")   # after the reading on catch and then
    child.sendline("")
    child.expect_exact("» profile | catch")             # catch and then, shown before they are asked for
    child.expect_exact("(Enter: go on, quit: stop) ")
    child.sendline("")
    child.expect_exact("» token | then")
    child.expect_exact("(Enter: go on, quit: stop) ")
    child.sendline("")
    child.expect_exact("answer> ")
    child.sendline("profile | catch (token")          # a bracket open: the answer continues
    child.expect_exact("...> ")
    child.sendline("| then profile)")                 # the record, not the username: wrong
    child.expect_exact("Not that marble yet")
    child.expect_exact("first difference (event 1)")
    child.expect_exact("Your pipeline, stage by stage:")
    child.expect_exact("answer> ")
    child.sendline("profile | catch (token | then profile) | map username")
    child.expect_exact("✓ Right")
    child.expect_exact("answer> ")
    child.sendline("quit")
    child.expect_exact("goes on from here")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.exitstatus
    assert open(progress).read() == "token 6 solved 1\n", open(progress).read()


def test_a_newcomer_walks_through_the_time_lesson(spawn, env, tmp_path):
    """frp learn time at a terminal, as a newcomer: the five time operators run side by side,
    one wrong answer (another time operator) with its aimed hint, the hints (the difference's
    kind first, then the graded ones), one skip that shows the answer, and the lesson's end;
    progress says so"""
    progress = str(tmp_path / "progress")
    child = spawn(["learn", "time"], env=dict(env, FRP_PROGRESS=progress), prompt=False)
    for shown in ["» typed | debounce 6ms", "» typed | throttle 6ms", "» typed | auditTime 6ms",
                  "» typed | sampleTime 6ms", "» typed | bufferTime 6ms"]:
        while child.expect_exact(["(Enter: go on, quit: stop) ", shown]) == 0:
            child.sendline("")
    while child.expect_exact(["(Enter: go on, quit: stop) ", "answer> "]) == 0:
        child.sendline("")
    child.sendline("typed | throttle 3ms")
    child.expect_exact("Not that marble yet")
    child.expect_exact("Hint: throttle sent the first text of each burst at once")
    child.expect_exact("answer> ")
    # The first hint says what kind of difference it was; the graded ones follow.
    child.sendline("hint")
    child.expect_exact("Hint: your last answer sent the right kinds of events, at other times")
    child.expect_exact("answer> ")
    child.sendline("hint")
    child.expect_exact("Hint 1 of 3: Which operator waits for a pause")
    child.expect_exact("answer> ")
    child.sendline("typed | debounce 3ms")
    child.expect_exact("✓ Right")
    while child.expect_exact(["(Enter: go on, quit: stop) ", "answer> "]) == 0:
        child.sendline("")
    child.sendline("skip")
    child.expect_exact("Skipped. One solution: typed | throttle 4ms")
    while child.expect_exact(["(Enter: go on, quit: stop) ", "answer> "]) == 0:
        child.sendline("")
    child.sendline("typed | sampleTime 5ms")
    child.expect_exact("✓ Right")
    child.expect_exact("Lesson done: 2 of 3 exercises solved, 1 skipped.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.exitstatus
    assert open(progress).read() == "time 13 solved 1,3 skipped 2\n", open(progress).read()


def test_marbles_lesson_solved_by_reading_it(spawn, env, tmp_path):
    """frp learn marbles played through at a terminal with answers a reader writes from the
    lesson's text alone (not its solutions: two are written another way), one wrong answer
    first, whose comparison quotes the exercise's marble as written"""
    progress = str(tmp_path / "progress")
    child = spawn(["learn", "marbles"], env=dict(env, FRP_PROGRESS=progress), prompt=False)
    answers = [
        'cold "--a--b|" {a: 1, b: 2}',
        'cold "-a-#" error "timeout"',
        'cold "--(xy)-(z|)"',
        'cold "-a 301ms b|"',            # wrong: b a frame late
        'cold "-a 300ms b|"',
        'cold "---a--(b|)"',
        'hot "x^-y|"',                   # the subscription point right after x
    ]
    given = 0
    while True:
        found = child.expect_exact(["(Enter: go on, quit: stop) ", "answer> ", pexpect.EOF])
        if found == 0:
            child.sendline("")
        elif found == 1:
            assert given < len(answers), "more exercises than answers"
            child.sendline(answers[given])
            given += 1
            if given == 4:
                child.expect_exact("Not that marble yet")
                child.expect_exact("expected: -a 300ms b|")
                child.expect_exact("actual:   -a 300ms -b|")    # the same 300ms, then the late frame
            else:
                child.expect_exact("✓ Right")
        else:
            break
    child.close()
    assert given == len(answers), given
    assert child.exitstatus == 0, child.exitstatus
    assert open(progress).read().startswith("marbles 20 solved 1,2,3,4,5,6"), open(progress).read()


def test_background_prints_above_the_line_being_typed(spawn):
    """a background pipeline prints above the line being typed, which survives"""
    child = spawn()
    child.sendline("interval 300ms | take 3 &")
    child.expect_exact("[1] started in the background")
    child.expect_exact("frp> ")
    child.send("of 12")                       # typed, not entered, while the job prints
    child.expect(r"\[1\]\s+\S+\s+next 0")
    # The job's line is printed where the prompt was, then the prompt and the partial
    # line are drawn again below it, so typing goes on where it was.
    child.expect_exact("frp> of 12")
    child.send("3\r")
    child.expect_exact("» of 123")
    child.expect_exact("next 123")
    child.expect(r"\[1\] done")
    quit(child)


def test_property_drives_background_job_then_stop(spawn):
    """setting a property drives a background pipeline; :jobs lists it, :stop 1 disposes it"""
    child = spawn()
    child.sendline('var text = "cat"')
    child.expect_exact("frp> ")
    child.sendline('text | map it + "s" &')
    child.expect(r'\[1\]\s+\S+\s+next "cats"')
    child.sendline('text := "dog"')
    child.expect(r'\[1\]\s+\S+\s+next "dogs"')
    child.sendline(":jobs")
    child.expect_exact('[1] running  text | map it + "s"')
    child.sendline(":stop 1")
    child.expect(r"\[1\]\s+\S+\s+cancelled")
    child.expect_exact(":stop 1")             # the trace says who cancelled it
    child.expect_exact("[1] done")
    child.sendline(":jobs")
    child.expect_exact("no background pipelines")
    quit(child)


def test_field_of_property_drives_background_job(spawn):
    """a key path (RACObserve(self, photoModel.thumbnailData)): setting one field of a record
    property drives a background pipeline that follows that field"""
    child = spawn()
    child.sendline('var photoModel = {name: "Crimson River", thumbnailData: null}')
    child.expect_exact("frp> ")
    child.sendline("photoModel.thumbnailData | map it ?? \"none\" &")
    child.expect(r'\[1\]\s+\S+\s+next "none"')
    child.sendline('photoModel.thumbnailData := "png"')
    child.expect(r'\[1\]\s+\S+\s+next "png"')
    child.sendline("photoModel")
    child.expect_exact('{name: "Crimson River", thumbnailData: "png"}')
    child.sendline(":stop 1")
    child.expect_exact("[1] done")
    quit(child)


def test_export_rxjs_writes_a_runnable_file(spawn, tmp_path):
    """:export rxjs FILE writes the session as RxJS, and says how many were exported"""
    child = spawn()
    child.sendline('let clicks = cold "-a-b|"')
    child.expect_exact("frp> ")
    child.sendline('expect clicks | take 1 emits "-(a|)"')
    child.expect_exact("✓")
    target = tmp_path / "session.js"
    child.sendline(f":export rxjs {target}")
    child.expect_exact("1 expect and 0 runs exported, 0 statements not to")
    quit(child)
    text = target.read_text()
    assert 'return clicks.pipe(take(1));' in text
    assert "const { TestScheduler } = require('rxjs/testing');" in text


def test_tab_completes(spawn):
    """TAB completes a field of the source's records and an operator"""
    child = spawn()
    # libedit redraws only what TAB added, so check the line the session runs.
    child.send("popular | filter ra\t")
    child.send("> 99 | cou\t")
    child.sendline("")
    child.expect_exact("» popular | filter rating > 99 | count")
    child.expect(r"ms  next \d+")
    quit(child)


def test_completion_listing_in_columns(spawn):
    """TAB lists many candidates in columns within the terminal's width"""
    # Many candidates: listed in columns within the terminal's 60 columns, no name broken.
    child = spawn(dimensions=(40, 60))
    child.send("of 1 | s\t")
    child.expect_exact("frp> of 1 | s")  # the line drawn again below the listing
    listing = child.before
    lines = [line for line in listing.replace("\r", "").split("\n") if line.strip()]
    names = [name for line in lines for name in line.split()]
    for name in ["scan", "share", "skip", "skipWhile", "startWith", "switchMap", "switchToLatest"]:
        assert name in names, (name, listing)
    assert all(len(line) <= 60 for line in lines), lines
    assert len(lines) < len(names), ("one name per line", lines)
    child.sendline("witchMap (of it)")
    child.expect_exact("next 1")
    quit(child)


def test_events(spawn):
    """a pipeline prints its events; Ctrl-D exits 0"""
    child = spawn()
    child.sendline("of 1, 2 | map it * 10")
    child.expect_exact("next 10")
    child.expect_exact("next 20")
    quit(child)


def test_mistake_then_more(spawn):
    """a mistake gives a diagnostic and the session goes on"""
    child = spawn()
    child.sendline("of 1 | fitler it > 0")
    child.expect_exact("did you mean `filter`?")
    child.sendline("of 7")
    child.expect_exact("next 7")
    quit(child)


def test_interrupt(spawn):
    """Ctrl-C stops a running interval and the prompt comes back"""
    child = spawn()
    child.sendline("interval 100ms")
    child.expect_exact("next 1")
    child.sendintr()
    child.expect_exact("cancelled")
    # Its trace: the interval's subscription ended by Ctrl-C (nothing is left running).
    child.expect(r"interval 100ms at [0-9.]+m?s: when the run was stopped by Ctrl-C")
    child.expect_exact("frp> ")
    child.sendline("of 3")
    child.expect_exact("next 3")
    quit(child)


def test_history_across_sessions(spawn):
    """up-arrow recalls history across sessions"""
    child = spawn()
    child.sendline("of 42 | map it + 1")
    child.expect_exact("next 43")
    quit(child)
    child = spawn()
    child.send("\x1b[A")  # up arrow
    child.sendline("")
    child.expect_exact("next 43")
    quit(child)


def test_bad_input_survives(spawn):
    """deep nesting and an unterminated string do not end the session"""
    child = spawn()
    child.sendline("of " + "(" * 300)
    child.sendline(")" * 300)
    child.expect_exact("NESTED TOO DEEPLY")
    child.sendline('of "open')
    child.expect_exact("UNTERMINATED STRING")
    child.sendline("of 5")
    child.expect_exact("next 5")
    quit(child)


def test_headline_is_the_same_every_time(spawn):
    """README's headline prints the same events and diagram 20 times out of 20.

    README's headline, live at a terminal, 20 times: the same events and diagram each time
    (the live clock once let thread jitter decide the order: `next "x"` came 1 or 2 times)."""
    outputs = set()
    for _ in range(20):
        child = spawn()
        child.sendline('cold "-a--b|" | switchMap (cold "--x|")')
        child.expect_exact('when cold "-a--b|" sent "b"')
        outputs.add(re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", child.before).split("cold \"-a--b|\" | switchMap (cold \"--x|\")", 1)[-1])
        quit(child)
    assert len(outputs) == 1, outputs
    only = outputs.pop()
    assert only.count('next "x"') == 2 and "---x--x|" in only.replace("─", "-"), only


def test_a_newcomers_first_five_minutes(spawn, env, tmp_path):
    """A newcomer's first minutes at a terminal (issue 31): a script run by name, help and
    ?, a value printed as a value, each property hint, a misspelled field caught before
    the run, :stop with nothing to stop, quit; then a lesson with a skipped exercise, a
    return to it by step number, and the list saying what was solved"""
    examples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples")
    script = subprocess.run([binary, os.path.join(examples, "01-first-steps.frp")], env=env,
                            capture_output=True, text=True, timeout=60)
    assert script.returncode == 0 and script.stdout.startswith("» of 1, 2, 3"), script.stdout + script.stderr

    child = spawn()
    child.sendline("help")
    child.expect_exact("Type a pipeline: a source")
    child.sendline("?")
    child.expect_exact("Type a pipeline: a source")
    child.sendline("1 + 2")
    child.expect_exact("» 1 + 2\r\n3\r\n")
    child.sendline("var x = 5")
    child.sendline("x")
    child.expect_exact("» x\r\n5\r\n")
    child.sendline("let z = 5")
    child.sendline("z := 6")
    child.expect_exact("`z` is bound with `let`, and `:=` sets only a property")
    child.sendline("y := 3")
    child.expect_exact("Hint: a property is declared first: `var y = 3`")
    child.sendline("x = 5")
    child.expect_exact("to set the property `x`, write `x := VALUE`")
    child.sendline("popular | map nmae")
    child.expect_exact("UNKNOWN FIELD")
    child.expect_exact("Hint: did you mean `name`?")
    child.sendline(":stop")
    child.expect_exact("nothing to stop")
    child.expect_exact("frp> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "requests: popular" not in child.before, "the misspelled field ran"

    progress = str(tmp_path / "progress")
    lesson = spawn(["learn", "token"], env=dict(env, FRP_PROGRESS=progress), prompt=False)
    answered = False
    while True:
        found = lesson.expect_exact(["(Enter: go on, quit: stop) ", "answer> ", pexpect.EOF])
        if found == 0:
            lesson.sendline("")
        elif found == 1 and not answered:
            lesson.sendline("skip")
            lesson.expect_exact("Skipped.")
            answered = True
        elif found == 1:
            lesson.sendline("profile | catch (of error)")
            lesson.expect_exact("✓ Right")
        else:
            break
    assert "Lesson done: 1 of 2 exercises solved, 1 skipped." in lesson.before
    match = re.search(r"To go back: exercise 1: `frp learn token (\d+)`", lesson.before)
    assert match, lesson.before
    back = spawn(["learn", "token", match.group(1)], env=dict(env, FRP_PROGRESS=progress), prompt=False)
    back.expect_exact("answer> ")
    back.sendline("hint")
    back.expect_exact("Hint 1 of 3:")
    back.sendline("profile | catch (token | then profile) | map username")
    back.expect_exact("✓ Right")
    back.expect_exact(["(Enter: go on, quit: stop) ", "answer> "])
    back.sendline("quit")
    back.expect(pexpect.EOF)
    listing = subprocess.run([binary, "learn"], env=dict(env, FRP_PROGRESS=progress), capture_output=True, text=True, timeout=60)
    assert "done, 2 of 2 exercises solved" in listing.stdout, listing.stdout
