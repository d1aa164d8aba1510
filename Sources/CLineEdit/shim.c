#include "shim.h"

#include <histedit.h>
#include <stdlib.h>
#include <string.h>

static EditLine *editor = NULL;
static History *history_state = NULL;
static HistEvent event;
static char prompt_text[256] = "frp> ";
static char line_buffer[1 << 20];

static frp_completer completer = NULL;

void frp_edit_set_completer(frp_completer given) { completer = given; }

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
        fprintf(stdout, "\n");
        const char *item = answer;
        while (*item) {
            const char *end = strchr(item, '\n');
            size_t n = end ? (size_t)(end - item) : strlen(item);
            fprintf(stdout, "%.*s  ", (int)n, item);
            item = end ? end + 1 : item + n;
        }
        fprintf(stdout, "\n");
        return CC_REDISPLAY;
    }
    return CC_ERROR;
}

static char *current_prompt(EditLine *el) {
    (void)el;
    return prompt_text;
}

int frp_edit_begin(const char *program) {
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
    el_set(editor, EL_BIND, "^R", "em-inc-search-prev", NULL);
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
    int count = 0;
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

int frp_edit_load_history(const char *path) {
    return history_state == NULL ? -1 : (history(history_state, &event, H_LOAD, path) < 0 ? -1 : 0);
}

int frp_edit_save_history(const char *path) {
    return history_state == NULL ? -1 : (history(history_state, &event, H_SAVE, path) < 0 ? -1 : 0);
}

void frp_edit_end(void) {
    if (editor != NULL) el_end(editor);
    if (history_state != NULL) history_end(history_state);
    editor = NULL;
    history_state = NULL;
}

FILE *frp_stdout(void) { return stdout; }
