/* libedit's readline-compatible interface: line editing and history for the REPL. */
#ifndef CEDITLINE_H
#define CEDITLINE_H
#include <stdio.h>
#include <editline/readline.h>
#endif
