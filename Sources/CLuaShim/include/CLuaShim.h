#ifndef CLUASHIM_H
#define CLUASHIM_H
#include <lua.h>
int clua_placeholder(lua_State *L);
#endif
