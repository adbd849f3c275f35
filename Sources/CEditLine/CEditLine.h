/* libedit's readline-compatible interface: line editing and history for the REPL. */
#ifndef CEDITLINE_H
#define CEDITLINE_H
#include <stdio.h>
#include <editline/readline.h>

/* Sets the generator Tab completion calls, and no space after a completed word (object:method then "("). */
static inline void ceditline_set_completion(rl_compentry_func_t *generator) {
  rl_completion_entry_function = generator;
  rl_completion_append_character = '\0';
}
#endif
