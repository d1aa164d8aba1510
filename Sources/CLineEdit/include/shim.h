// A tiny C face for libedit: its el_set(), el_get() and history() are variadic and do not
// import into Swift. One editor per process (the REPL's).
#ifndef FRP_LINE_EDIT_SHIM_H
#define FRP_LINE_EDIT_SHIM_H

#include <stdio.h>

/// Starts the editor on stdin/stdout with emacs keys and Ctrl-R bound to incremental
/// search. Returns 0 on success.
int frp_edit_begin(const char *program);

/// Sets the prompt shown by the next frp_edit_line.
void frp_edit_prompt(const char *prompt);

/// Reads a line (without its newline). NULL at end of input (Ctrl-D) or when a signal
/// interrupted the read (check the interrupt flag). The text stays valid until the next call.
const char *frp_edit_line(void);

/// Adds a line to the history.
void frp_edit_remember(const char *line);

void frp_edit_end(void);

/// The completer TAB calls with the line up to the cursor. It returns the candidates for
/// the word being typed, separated by '\n' (NULL or "" for none); the shim inserts their
/// common prefix, or lists them when that adds nothing: the lister lays out the last
/// candidates for a terminal `columns` wide.
typedef const char *(*frp_completer)(const char *line_before_cursor);
typedef const char *(*frp_lister)(int columns);
void frp_edit_set_completer(frp_completer completer, frp_lister lister);

/// Output while a line is being edited: libedit reads through the shim, which also wakes
/// when `fd` is readable (write a byte to it) and then calls `hook` on the editing thread.
/// The hook prints with frp_edit_print_above: the text (whole lines) appears where the
/// prompt was, and the prompt and the partial line are drawn again below it.
typedef void (*frp_async_hook)(void);
void frp_edit_set_wake(int fd, frp_async_hook hook);
void frp_edit_print_above(const char *text);

/// The terminal's width in columns (80 when there is no editor or it cannot tell).
int frp_edit_columns(void);

/// The C stdio streams, for Swift 6 code that may not touch the globals.
FILE *frp_stdout(void);

#endif
