/* libedit's readline-compatible interface: line editing and history for the REPL. */
#ifndef CEDITLINE_H
#define CEDITLINE_H
#include <stdio.h>
#include <editline/readline.h>

/* Sets the generator Tab completion calls (a C global, set from here rather than from Swift). */
static inline void ceditline_set_completion(rl_compentry_func_t *generator) {
  rl_completion_entry_function = generator;
}

/* No space after the word being completed (object:method, then "("); libedit resets it for every completion. */
static inline void ceditline_append_nothing(void) {
  rl_completion_append_character = '\0';
}
#endif
