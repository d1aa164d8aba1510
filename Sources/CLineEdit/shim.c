#include "shim.h"

#include <errno.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static EditLine *editor = NULL;
static History *history_state = NULL;
static HistEvent event;
static char prompt_text[256] = "frp> ";
static char line_buffer[1 << 20];

static frp_completer completer = NULL;
static frp_lister lister = NULL;

void frp_edit_set_completer(frp_completer given, frp_lister given_lister) {
    completer = given;
    lister = given_lister;
}

static int terminal_columns(void);

/// TAB: complete the word before the cursor from the completer's candidates.
static unsigned char complete(EditLine *el, int ch) {
    (void)ch;
    if (completer == NULL) return CC_ERROR;
    const LineInfo *info = el_line(el);
    size_t length = (size_t)(info->cursor - info->buffer);
    char before[4096];
    if (length >= sizeof before) return CC_ERROR;
    memcpy(before, info->buffer, length);
    before[length] = '\0';
    // The word being typed: after the last space or punctuation.
    size_t start = length;
    while (start > 0) {
        char c = before[start - 1];
        if (c == ' ' || c == '|' || c == '(' || c == ',' || c == '.' || c == '[' || c == '{') break;
        start -= 1;
    }
    const char *word = before + start;
    size_t word_length = length - start;
    const char *answer = completer(before);
    if (answer == NULL || answer[0] == '\0') return CC_ERROR;
    // The common prefix of the candidates.
    char common[256] = {0};
    size_t common_length = 0;
    int count = 0;
    const char *cursor = answer;
    while (*cursor) {
        const char *end = strchr(cursor, '\n');
        size_t n = end ? (size_t)(end - cursor) : strlen(cursor);
        if (n >= sizeof common) n = sizeof common - 1;
        if (count == 0) {
            memcpy(common, cursor, n);
            common_length = n;
        } else {
            size_t i = 0;
            while (i < common_length && i < n && common[i] == cursor[i]) i++;
            common_length = i;
        }
        count += 1;
        cursor = end ? end + 1 : cursor + n;
    }
    common[common_length] = '\0';
    if (common_length > word_length) {
        el_insertstr(el, common + word_length);
        if (count == 1) el_insertstr(el, " ");
        return CC_REFRESH;
    }
    if (count > 1) {
        // The candidates in columns as wide as the terminal (the lister lays them out).
        const char *listing = lister != NULL ? lister(terminal_columns()) : answer;
        fprintf(stdout, "\n%s\n", listing);
        return CC_REDISPLAY;
    }
    return CC_ERROR;
}

// Ctrl-R: an incremental search of the history, newest first, as readline's. libedit's
// em-inc-search-prev looked each entry up again by its number at every key (a walk of its
// list each time): 200 keys over 1,000 entries of 40 bytes cost 7.6 s of CPU. Here the
// entries are listed once per search, and each key is one `strstr` down the list.
static int searching = 0;
static char search_prompt[512];
/// A read failed during a search (Ctrl-C): the next read fails too, so el_gets returns.
static int search_interrupted = 0;

static const char *shown_prompt(void) { return searching ? search_prompt : prompt_text; }

static char *current_prompt(EditLine *el) {
    (void)el;
    return (char *)shown_prompt();
}

/// The line's text replaced by `text`, the cursor at its end.
static void replace_line(EditLine *el, const char *text) {
    const LineInfoW *line = el_wline(el);
    el_cursor(el, (int)(line->lastchar - line->cursor));
    el_wdeletestr(el, (int)(line->lastchar - line->buffer));
    el_insertstr(el, text);
}

static int find_entry(const char **entries, int count, int from, const char *pattern) {
    for (int index = from < 0 ? 0 : from; index < count; index++) {
        if (strstr(entries[index], pattern) != NULL) return index;
    }
    return -1;
}

static unsigned char search_history(EditLine *el, int ch) {
    (void)ch;
    if (history_state == NULL) return CC_ERROR;
    int count = 0, capacity = 64;
    const char **entries = malloc(sizeof *entries * (size_t)capacity);
    HistEvent found_event;
    for (int more = history(history_state, &found_event, H_FIRST); more != -1 && entries != NULL;
         more = history(history_state, &found_event, H_NEXT)) {
        if (count == capacity) {
            capacity *= 2;
            const char **grown = realloc(entries, sizeof *entries * (size_t)capacity);
            if (grown == NULL) break;
            entries = grown;
        }
        entries[count++] = found_event.str;
    }
    const LineInfo *info = el_line(el);
    size_t saved_length = (size_t)(info->lastchar - info->buffer);
    char *saved = malloc(saved_length + 1);
    if (entries == NULL || saved == NULL) { free(entries); free(saved); return CC_ERROR; }
    memcpy(saved, info->buffer, saved_length);
    saved[saved_length] = '\0';
    char pattern[256] = "";
    size_t pattern_length = 0;
    int found = -1, failed = 0;
    unsigned char result = CC_REDISPLAY;
    searching = 1;
    for (;;) {
        snprintf(search_prompt, sizeof search_prompt, "(%sreverse-i-search)`%s': ", failed ? "failed " : "", pattern);
        replace_line(el, found >= 0 ? entries[found] : saved);
        el_set(el, EL_REFRESH);
        wchar_t key;
        if (el_wgetc(el, &key) <= 0) {  // Ctrl-C, or the end of input
            replace_line(el, saved);
            search_interrupted = 1;
            break;
        }
        if (key == 0x12) {  // Ctrl-R again: the next older match
            int next = pattern_length > 0 ? find_entry(entries, count, found + 1, pattern) : -1;
            if (next >= 0) found = next; else failed = pattern_length > 0;
        } else if (key == 0x07) {  // Ctrl-G: the line as it was
            replace_line(el, saved);
            break;
        } else if (key == 0x7F || key == 0x08) {  // a character less, searched again from the newest
            while (pattern_length > 0 && ((unsigned char)pattern[--pattern_length] & 0xC0) == 0x80) {}
            pattern[pattern_length] = '\0';
            found = pattern_length > 0 ? find_entry(entries, count, 0, pattern) : -1;
            failed = pattern_length > 0 && found < 0;
        } else if (key >= 0x20) {  // a character more, from the match shown (it may still match)
            char bytes[8];
            int length = wctomb(bytes, key);
            if (length > 0 && pattern_length + (size_t)length < sizeof pattern) {
                memcpy(pattern + pattern_length, bytes, (size_t)length);
                pattern_length += (size_t)length;
                pattern[pattern_length] = '\0';
                int next = find_entry(entries, count, found, pattern);
                if (next >= 0) { found = next; failed = 0; } else { failed = 1; }
            }
        } else {  // any other key ends the search with the match on the line; Enter runs it
            if (key == L'\n' || key == L'\r') {
                result = CC_NEWLINE;
            } else {
                wchar_t again[2] = {key, L'\0'};
                el_wpush(el, again);
            }
            break;
        }
    }
    searching = 0;
    free(entries);
    free(saved);
    return result;
}

// Printing above the prompt while a line is being edited (background pipelines), as LLDB's
// libedit wrapper does: libedit waits in our read function, which also wakes when the
// REPL has output; the output is printed where the prompt was, then the prompt and the
// partial line are drawn again below it.
static int wake_fd = -1;
static frp_async_hook async_hook = NULL;

static int terminal_columns(void) {
    int columns = 0;
    if (editor == NULL || el_get(editor, EL_GETTC, "co", &columns, NULL) != 0 || columns <= 0) return 80;
    return columns;
}

/// Display columns of UTF-8 text: one per code point (wide characters are rare here).
static size_t columns_of(const char *text, size_t length) {
    size_t count = 0;
    for (size_t i = 0; i < length; i++) {
        if (((unsigned char)text[i] & 0xC0) != 0x80) count++;
    }
    return count;
}

void frp_edit_print_above(const char *text) {
    if (editor == NULL) { fputs(text, stdout); fflush(stdout); return; }
    const LineInfo *info = el_line(editor);
    int width = terminal_columns();
    const char *prompt = shown_prompt();
    size_t prompt_columns = columns_of(prompt, strlen(prompt));
    size_t cursor = prompt_columns + columns_of(info->buffer, (size_t)(info->cursor - info->buffer));
    size_t end = prompt_columns + columns_of(info->buffer, (size_t)(info->lastchar - info->buffer));
    // Up to the prompt's first row, and clear from there down.
    size_t rows_up = cursor / (size_t)width;
    if (rows_up > 0) fprintf(stdout, "\x1b[%zuA", rows_up);
    fputs("\r\x1b[J", stdout);
    fputs(text, stdout);
    // The prompt and the partial line again, and the cursor back where it was.
    fputs(prompt, stdout);
    fwrite(info->buffer, 1, (size_t)(info->lastchar - info->buffer), stdout);
    if (end > 0 && end % (size_t)width == 0) fputs(" \r", stdout);  // the terminal's pending wrap
    size_t end_row = end / (size_t)width, cursor_row = cursor / (size_t)width;
    if (end_row > cursor_row) fprintf(stdout, "\x1b[%zuA", end_row - cursor_row);
    fputs("\r", stdout);
    if (cursor % (size_t)width > 0) fprintf(stdout, "\x1b[%zuC", cursor % (size_t)width);
    fflush(stdout);
}

/// libedit's read function: one character from the terminal, waking for output on the way.
static size_t typed_in_line = 0;

static int read_character(EditLine *el, wchar_t *character) {
    (void)el;
    if (search_interrupted) {
        search_interrupted = 0;
        *character = L'\0';
        return -1;
    }
    for (;;) {
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_fd, POLLIN, 0}};
        int ready = poll(fds, wake_fd >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) { *character = L'\0'; return -1; }  // Ctrl-C: el_gets returns
            continue;
        }
        if (wake_fd >= 0 && (fds[1].revents & POLLIN)) {
            char drained[64];
            while (read(wake_fd, drained, sizeof drained) > 0) {}
            if (async_hook != NULL) async_hook();
        }
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        unsigned char bytes[4];
        ssize_t got = read(STDIN_FILENO, bytes, 1);
        if (got == 0) return 0;
        if (got < 0) { if (errno == EINTR) { *character = L'\0'; return -1; } continue; }
        int length = bytes[0] < 0x80 ? 1 : (bytes[0] >> 5) == 0x6 ? 2 : (bytes[0] >> 4) == 0xE ? 3 : (bytes[0] >> 3) == 0x1E ? 4 : 1;
        for (int i = 1; i < length; i++) {
            if (read(STDIN_FILENO, bytes + i, 1) != 1) { length = 1; break; }
        }
        wchar_t value = length == 1 ? bytes[0]
            : length == 2 ? ((bytes[0] & 0x1F) << 6) | (bytes[1] & 0x3F)
            : length == 3 ? ((bytes[0] & 0x0F) << 12) | ((bytes[1] & 0x3F) << 6) | (bytes[2] & 0x3F)
            : ((bytes[0] & 0x07) << 18) | ((bytes[1] & 0x3F) << 12) | ((bytes[2] & 0x3F) << 6) | (bytes[3] & 0x3F);
        // The language refuses lines over 65,536 characters: past 70,000 typed since the
        // last newline, the rest of a huge paste is read and dropped up to its newline, so
        // libedit does not redraw a megabyte line once per character. (Counted here:
        // el_line converts the whole line on every call.)
        if (value == L'\n' || value == L'\r') {
            typed_in_line = 0;
        } else if (++typed_in_line > 70000) {
            continue;
        }
        *character = value;
        return 1;
    }
}

void frp_edit_set_wake(int fd, frp_async_hook hook) {
    wake_fd = fd;
    async_hook = hook;
    if (editor != NULL) el_set(editor, EL_GETCFN, read_character);
}

int frp_edit_begin(const char *program) {
    // libedit turns the wide line back into bytes with the C library's locale: in the "C"
    // locale it drops every non-ASCII character typed (`"é日"` read as `""`). The user's
    // locale if it is UTF-8, else C.UTF-8 (the language reads UTF-8 whatever LANG says).
    if (setlocale(LC_CTYPE, "") == NULL || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
    editor = el_init(program, stdin, stdout, stderr);
    if (editor == NULL) return -1;
    history_state = history_init();
    if (history_state == NULL) return -1;
    history(history_state, &event, H_SETSIZE, 1000);
    history(history_state, &event, H_SETUNIQUE, 1);
    el_set(editor, EL_EDITOR, "emacs");
    el_set(editor, EL_PROMPT, current_prompt);
    el_set(editor, EL_HIST, history, history_state);
    // libedit binds ^R to redisplay; make it search the history as readline does.
    el_set(editor, EL_ADDFN, "frp-search", "Search the history, newest first", search_history);
    el_set(editor, EL_BIND, "^R", "frp-search", NULL);
    el_set(editor, EL_ADDFN, "frp-complete", "Complete the word before the cursor", complete);
    el_set(editor, EL_BIND, "^I", "frp-complete", NULL);
    // No EL_SIGNAL: the REPL's own SIGINT handler (no SA_RESTART) makes el_gets return.
    return 0;
}

void frp_edit_prompt(const char *prompt) {
    strncpy(prompt_text, prompt, sizeof prompt_text - 1);
    prompt_text[sizeof prompt_text - 1] = '\0';
}

const char *frp_edit_line(void) {
    typed_in_line = 0;
    int count = 0;
    // The terminal in editing mode before the prompt is drawn: el_gets draws it first and
    // switches at its first read, and a Ctrl-D typed in between, in the terminal's line
    // mode, reached libedit as a NUL (the kernel's end-of-file mark), so the REPL did not
    // quit (a pty test's timeout in CI, session 22). el_gets restores the terminal as before.
    el_set(editor, EL_PREP_TERM, 1);
    const char *line = el_gets(editor, &count);
    if (line == NULL || count <= 0) return NULL;
    size_t length = (size_t)count < sizeof line_buffer - 1 ? (size_t)count : sizeof line_buffer - 1;
    memcpy(line_buffer, line, length);
    if (length > 0 && line_buffer[length - 1] == '\n') length -= 1;
    line_buffer[length] = '\0';
    return line_buffer;
}

void frp_edit_remember(const char *line) {
    if (history_state != NULL && line[0] != '\0') history(history_state, &event, H_ENTER, line);
}

void frp_edit_end(void) {
    if (editor != NULL) el_end(editor);
    if (history_state != NULL) history_end(history_state);
    editor = NULL;
    history_state = NULL;
}

FILE *frp_stdout(void) { return stdout; }

int frp_edit_columns(void) { return terminal_columns(); }
