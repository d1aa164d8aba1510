#include "shim.h"

#include <histedit.h>
#include <stdlib.h>
#include <string.h>

static EditLine *editor = NULL;
static History *history_state = NULL;
static HistEvent event;
static char prompt_text[256] = "frp> ";
static char line_buffer[1 << 20];

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
