/*
** How the sandbox shows a value that has no text of its own: by a number, never by its address.
**
** Lua shows a table, a function, a userdata or a thread as its type and address ("table: 0x55d0…").
** An address differs from run to run (the system places the heap anew each time) and with what ran
** before in the state, so a case that prints a table, or puts one in a message, would have another
** transcript on every run. The sandbox's `tostring` and the host's `print` show such a value as its
** type and a number instead ("table: #1"): the values shown are numbered in the order they are first
** shown, from 1. A case body and a file's top level each start the numbering afresh
** (clua_resetdisplay), so a case shows the same numbers whether its top level ran for it or was
** shared. A value with `__tostring` shows as that gives; one with a `__name` shows that name in place
** of its type, as Lua does. Strings, numbers, booleans and nil show as Lua shows them.
** (`string.format`'s `%p`, and its `%s` of such a value, still give the address: wrapping the original
** would cost its errors their names and lines.)
**
** The numbers live in a table in the registry whose keys are weak: a value collected drops out, and
** a new value never takes an old one's number, as it never equals a collected one.
*/
#include "clua_runtime.h"

static const char numbers_key = 0;  /* registry: value -> its number; [&numbers_key] = the last number given */

void clua_resetdisplay(lua_State *L) {
  lua_pushnil(L);  /* setting an absent key to nil inserts nothing: no allocation, no error */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &numbers_key);
}

/* The number of the value at 'idx' (an absolute index), given now if it has none. */
static lua_Integer number_of(lua_State *L, int idx) {
  lua_Integer number;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &numbers_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &numbers_key);
  }
  lua_pushvalue(L, idx);
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    number = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return number;
  }
  lua_pop(L, 1);
  lua_rawgetp(L, -1, &numbers_key);
  number = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushinteger(L, number);
  lua_rawsetp(L, -2, &numbers_key);
  lua_pushvalue(L, idx);
  lua_pushinteger(L, number);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return number;
}

/* Whether Lua would show the value at 'idx' by its address: a table, function, userdata or thread without __tostring. */
static int shown_by_address(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
    case LUA_TTABLE:
    case LUA_TFUNCTION:
    case LUA_TUSERDATA:
    case LUA_TLIGHTUSERDATA:
    case LUA_TTHREAD:
      if (luaL_getmetafield(L, idx, "__tostring") == LUA_TNIL) return 1;
      lua_pop(L, 1);
      return 0;
    default:
      return 0;
  }
}

const char *clua_display(lua_State *L, int idx, size_t *length) {
  idx = lua_absindex(L, idx);
  if (!shown_by_address(L, idx)) return luaL_tolstring(L, idx, length);
  luaL_checkstack(L, 4, NULL);
  switch (luaL_getmetafield(L, idx, "__name")) {  /* the kind shown, as luaL_tolstring chooses it */
    case LUA_TSTRING: break;
    case LUA_TNIL: lua_pushstring(L, luaL_typename(L, idx)); break;
    default: lua_pop(L, 1); lua_pushstring(L, luaL_typename(L, idx));
  }
  lua_pushfstring(L, "%s: #%I", lua_tostring(L, -1), (LUAI_UACINT)number_of(L, idx));
  lua_remove(L, -2);
  return lua_tolstring(L, -1, length);
}

/* tostring(v), with the numbers above. */
static int display_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  clua_display(L, 1, NULL);
  return 1;
}

void clua_opendisplay(lua_State *L) {
  lua_pushcfunction(L, display_tostring);
  lua_setglobal(L, "tostring");
}
