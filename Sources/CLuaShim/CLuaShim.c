#include "CLuaShim.h"
int clua_placeholder(lua_State *L) { return lua_gettop(L); }
