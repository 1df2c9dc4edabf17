// CEditLine: the parts of libedit (BSD editline) that `replshell` uses, made callable from Swift.
//
// libedit's `el_set`, `el_get` and `history` are C variadic functions, which Swift cannot call,
// and its setup needs the C `stdin`/`stdout` streams, which Swift 6 treats as shared mutable
// globals. Each `cel_*` function below is a fixed-signature wrapper around one such call.

#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/// A prompt callback: returns the prompt text (UTF-8, owned by the caller) for `el`.
typedef char *(*cel_prompt_function)(EditLine *el);

/// A named editor function bound to a key: returns one of the `CC_*` codes of histedit.h.
typedef unsigned char (*cel_editor_function)(EditLine *el, int key);

/// Makes LC_CTYPE a UTF-8 locale (the user's, else C.UTF-8) so libedit decodes multibyte input.
/// Returns 1 when the resulting locale is UTF-8.
static inline int cel_prepare_utf8_locale(void) {
  if (setlocale(LC_CTYPE, "") != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0) {
    return 1;
  }
  return setlocale(LC_CTYPE, "C.UTF-8") != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

/// Creates an editor reading the standard input and writing the standard output and error.
static inline EditLine *cel_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

/// Sets the prompt callback; characters between two `ignore` characters do not take up columns.
static inline int cel_set_prompt(EditLine *el, cel_prompt_function prompt, char ignore) {
  return el_set(el, EL_PROMPT_ESC, prompt, (int)ignore);
}

/// Selects the key map: "emacs" or "vi".
static inline int cel_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

/// Lets libedit handle SIGWINCH, SIGCONT and fatal signals while it reads a line (1) or not (0).
static inline int cel_set_signal_handling(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}

/// Attaches an opaque pointer to the editor, for callbacks to find their context.
static inline int cel_set_client_data(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

/// Returns the pointer attached with `cel_set_client_data`, or NULL.
static inline void *cel_client_data(EditLine *el) {
  void *data = NULL;
  if (el_get(el, EL_CLIENTDATA, &data) != 0) {
    return NULL;
  }
  return data;
}

/// Adds a named editor function that key bindings can refer to.
static inline int cel_add_function(EditLine *el, const char *name, const char *help,
                                   cel_editor_function function) {
  return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds a key sequence (libedit notation: "^I", "\\e[3~") to a named editor function.
static inline int cel_bind(EditLine *el, const char *keys, const char *function) {
  return el_set(el, EL_BIND, keys, function, NULL);
}

/// Changes one terminal setting used while editing (e.g. "-isig"), like `setty -d`.
static inline int cel_set_edit_tty(EditLine *el, const char *setting) {
  return el_set(el, EL_SETTY, "-d", setting, NULL);
}

/// Connects a history to the editor (Up/Down, Ctrl-R).
static inline int cel_set_history(EditLine *el, History *history_list) {
  return el_set(el, EL_HIST, history, history_list);
}

/// Sets the maximum number of entries the history keeps.
static inline int cel_history_set_size(History *history_list, int size) {
  HistEvent event;
  return history(history_list, &event, H_SETSIZE, size);
}

/// Makes the history ignore an entry equal to the previous one (1) or not (0).
static inline int cel_history_set_unique(History *history_list, int unique) {
  HistEvent event;
  return history(history_list, &event, H_SETUNIQUE, unique);
}

/// Appends an entry to the history.
static inline int cel_history_enter(History *history_list, const char *line) {
  HistEvent event;
  return history(history_list, &event, H_ENTER, line);
}

/// Replaces the function libedit reads each character with (NULL: its own).
static inline int cel_set_read_function(EditLine *el, el_rfunc_t function) {
  return el_set(el, EL_GETCFN, function);
}

/// Redraws the prompt and the line from scratch, from where the terminal cursor is: to be called
/// on the thread reading the line, with the cursor at the start of an empty row.
static inline int cel_refresh(EditLine *el) {
  return el_set(el, EL_REFRESH);
}

/// Writes `text` to the standard output and flushes it (the stream libedit draws on).
static inline void cel_write_output(const char *text) {
  fputs(text, stdout);
  fflush(stdout);
}

/// Writes `text` to the standard error and flushes it.
static inline void cel_write_error(const char *text) {
  fputs(text, stderr);
  fflush(stderr);
}

/// Returns the width in columns of the terminal on `fd`, or 0 when it is unknown.
static inline int cel_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
    return 0;
  }
  return size.ws_col;
}

/// glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's Glibc module does not set.
extern int wcwidth(wchar_t character);

/// Returns the number of columns `character` takes on a terminal (2 for CJK), or -1 when it is
/// not printable.
static inline int cel_character_width(wchar_t character) {
  return wcwidth(character);
}

/// Suspends the process group as a terminal Ctrl-Z would (the editor turns off ISIG, so the
/// key reaches libedit instead): restores the terminal, stops, then resumes raw editing.
static inline void cel_suspend(EditLine *el) {
  struct sigaction stop_default, saved_stop, saved_continue;
  memset(&stop_default, 0, sizeof stop_default);
  stop_default.sa_handler = SIG_DFL;
  sigemptyset(&stop_default.sa_mask);
  el_set(el, EL_PREP_TERM, 0);
  sigaction(SIGTSTP, &stop_default, &saved_stop);
  sigaction(SIGCONT, &stop_default, &saved_continue);
  kill(0, SIGTSTP);
  sigaction(SIGCONT, &saved_continue, NULL);
  sigaction(SIGTSTP, &saved_stop, NULL);
  el_set(el, EL_PREP_TERM, 1);
}

#endif
