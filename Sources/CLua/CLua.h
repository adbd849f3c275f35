/* The Lua 5.4 C API as Debian's liblua5.4-dev installs it (headers under /usr/include/lua5.4). */
#ifndef CLUA_H
#define CLUA_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
