/*
** Library sets: the scenario sandbox (base without files, string without dump, table, math with a
** host seed, utf8, coroutine) and, for trusted states, the whole standard library.
**
** Lua runs some code with its hooks off, out of reach of the instruction budget: finalizers, an
** xpcall message handler after an error raised by the hook, the __close metamethods of a coroutine
** killed by such an error. The sandbox never lets scenario code run there.
**
** The hook counts VM instructions, not the work of a library function, which runs as one call. Most
** of them do work in proportion to what they are given or make, which the memory limit bounds. The
** few whose loops are bounded by nothing (string.rep of nothing, table.move, table.insert,
** table.remove and table.concat over a length a __len invents or elements an __index makes up) and
** collectgarbage are charged to the budget here; table.sort is the sandbox's own, charged per
** comparison (clua_sort.c); pattern matching is the sandbox's own, charged per
** matcher step (clua_pattern.c); every coroutine resume is charged what the hook could have missed.
*/
#include <limits.h>
#include <string.h>

#include "clua_runtime.h"

/*
** The wrappers check their arguments themselves before calling the original (upvalue 1): an error
** raised by the original would name neither the function nor the caller's line, since its caller
** is a C function.
*/

/* Calls the original function with this call's arguments and returns its results. */
static int call_original(lua_State *L) {
  int nargs = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, nargs, LUA_MULTRET);
  return lua_gettop(L);
}

/* Replaces field 'name' of the table on top by closure 'f' over the original (and 'extra' upvalues). */
static void wrap_field(lua_State *L, const char *name, lua_CFunction f, int extra) {
  lua_getfield(L, -1 - extra, name);
  lua_insert(L, -1 - extra);
  lua_pushcclosure(L, f, 1 + extra);
  lua_setfield(L, -2, name);
}

/*
** Counts 'work' against the instruction budget, and once it is spent stops the code at the caller's
** line, as the hook would.
*/
void clua_chargework(lua_State *L, lua_Unsigned work) {
  clua_Runtime *rt = clua_runtime(L);
  char buffer[CLUA_STOPSIZE];
  const char *reason;
  clua_count(rt, (unsigned long long)work);
  reason = clua_stopreason(rt, buffer);
  if (reason != NULL) clua_stop(L, reason, clua_lualevel(L));
}

/* load: text chunks only, whether given as a string or by a reader function. */
static int sandbox_load(lua_State *L) {
  const char *mode = luaL_optstring(L, 3, "t");
  int type = lua_type(L, 1);
  luaL_argexpected(L, type == LUA_TSTRING || type == LUA_TFUNCTION, 1, "string or function");
  luaL_optstring(L, 2, NULL);
  if (strchr(mode, 'b') != NULL) {
    luaL_pushfail(L);
    lua_pushliteral(L, "binary chunks are not allowed in the sandbox");
    return 2;
  }
  if (lua_gettop(L) < 3) lua_settop(L, 3);  /* an absent 'env' must stay absent */
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  return call_original(L);
}

/* What a full collection is charged, whatever the heap (what one of 1 MiB would cost at an instruction per 16 bytes). */
#define COLLECT_CHARGE 65536

/*
** collectgarbage: only the options that neither change how the host's collector runs nor show what it
** holds. What "count" and "step" answer depends on what ran in the state before the case (other
** files' top levels, garbage, a grown string table), and so would a case's verdict; a collection is
** charged the same whatever the heap, for the same reason.
*/
static int sandbox_collectgarbage(lua_State *L) {
  static const char *const allowed[] = {"collect", "isrunning", NULL};
  const char *option = luaL_optstring(L, 1, "collect");
  int i;
  for (i = 0; allowed[i] != NULL; i++) {
    if (strcmp(option, allowed[i]) == 0) {
      luaL_optinteger(L, 2, 0);
      if (i == 0) clua_chargework(L, COLLECT_CHARGE);
      return call_original(L);
    }
  }
  if (strcmp(option, "count") == 0 || strcmp(option, "step") == 0)
    return luaL_error(L, "collectgarbage: option '%s' is not allowed in the sandbox (what the collector holds "
                         "depends on what ran before the case)", option);
  return luaL_error(L, "collectgarbage: option '%s' is not allowed in the sandbox", option);
}

/* string.rep: repeating nothing gives "" at once (the original loops once per repetition). */
static int sandbox_rep(lua_State *L) {
  size_t length, separator;
  luaL_checklstring(L, 1, &length);
  luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &separator);
  if (length == 0 && separator == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  return call_original(L);
}

/* table.move: the original, with one instruction charged per element moved. */
static int sandbox_move(lua_State *L) {
  int valid_first, valid_last;
  lua_Integer first = lua_tointegerx(L, 2, &valid_first);
  lua_Integer last = lua_tointegerx(L, 3, &valid_last);
  if (valid_first && valid_last && last >= first) clua_chargework(L, (lua_Unsigned)last - (lua_Unsigned)first + 1u);
  return call_original(L);  /* which checks the arguments */
}

/*
** table.insert and table.remove, as Lua's, with one instruction charged per element shifted: they
** shift up to the length, which a __len may make up. They are whole replacements, not wrappers: a
** wrapper would ask __len for the length before the original asks again, and the answers may differ.
*/
static int has_field(lua_State *L, const char *key, int n) {
  lua_pushstring(L, key);
  return lua_rawget(L, -n) != LUA_TNIL;
}

lua_Integer clua_tablelength(lua_State *L) {
  if (lua_type(L, 1) != LUA_TTABLE) {  /* or a value with the metamethods a table operation needs */
    int n = 1;
    if (lua_getmetatable(L, 1) && has_field(L, "__index", ++n) && has_field(L, "__newindex", ++n) &&
        has_field(L, "__len", ++n))
      lua_pop(L, n);
    else
      luaL_checktype(L, 1, LUA_TTABLE);
  }
  return luaL_len(L, 1);
}

static int sandbox_insert(lua_State *L) {
  lua_Integer end = luaL_intop(+, clua_tablelength(L), 1);  /* the first empty slot */
  lua_Integer position, i;
  switch (lua_gettop(L)) {
    case 2:
      position = end;
      break;
    case 3:
      position = luaL_checkinteger(L, 2);
      luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)end, 2, "position out of bounds");
      clua_chargework(L, (lua_Unsigned)end - (lua_Unsigned)position);
      for (i = end; i > position; i--) {
        lua_geti(L, 1, i - 1);
        lua_seti(L, 1, i);
      }
      break;
    default:
      return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, position);
  return 0;
}

static int sandbox_remove(lua_State *L) {
  lua_Integer size = clua_tablelength(L);
  lua_Integer position = luaL_optinteger(L, 2, size);
  if (position != size)
    luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
  lua_geti(L, 1, position);
  if (position < size) clua_chargework(L, (lua_Unsigned)size - (lua_Unsigned)position);
  for (; position < size; position++) {
    lua_geti(L, 1, position + 1);
    lua_seti(L, 1, position);
  }
  lua_pushnil(L);
  lua_seti(L, 1, position);
  return 1;
}

/*
** table.concat, as Lua's, with one instruction charged per element: each element may come from an
** __index (table.concat itself, say) that runs in C, out of the hook's sight.
*/
static int sandbox_concat(lua_State *L) {
  luaL_Buffer b;
  lua_Integer last, i;
  size_t separator_length;
  const char *separator;
  if (lua_type(L, 1) != LUA_TTABLE) {  /* or a value with the metamethods a read needs */
    int n = 1;
    if (lua_getmetatable(L, 1) && has_field(L, "__index", ++n) && has_field(L, "__len", ++n))
      lua_pop(L, n);
    else
      luaL_checktype(L, 1, LUA_TTABLE);
  }
  last = luaL_len(L, 1);
  separator = luaL_optlstring(L, 2, "", &separator_length);
  i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  if (last >= i) clua_chargework(L, (lua_Unsigned)last - (lua_Unsigned)i + 1u);
  luaL_buffinit(L, &b);
  for (; i <= last; i++) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
      luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    luaL_addvalue(&b);
    if (i == last) break;  /* before i + 1 could overflow */
    luaL_addlstring(&b, separator, separator_length);
  }
  luaL_pushresult(&b);
  return 1;
}

/*
** setmetatable: no '__gc'. Lua runs finalizers with hooks off, so a looping finalizer could not be
** stopped by the instruction budget. (A '__gc' added to the metatable later is never called.)
*/
static int sandbox_setmetatable(lua_State *L) {
  int type = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  if (type == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "setmetatable: '__gc' metamethods are not allowed in the sandbox");
    lua_pop(L, 1);
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

/* An xpcall message handler that does not run once the code must stop (see clua_stopreason). */
static int guarded_handler(lua_State *L) {
  char buffer[CLUA_STOPSIZE];
  if (clua_stopreason(clua_runtime(L), buffer) != NULL) return 1;  /* the error as is */
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext context) {
  (void)status;
  (void)context;
  return lua_gettop(L);
}

/* xpcall: the original (upvalue 1), with the message handler guarded; yieldable like the original. */
static int sandbox_xpcall(lua_State *L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, finish_xpcall);
  return finish_xpcall(L, LUA_OK, 0);
}

/*
** coroutine.close: refused once the code must stop, and for a coroutine a stop killed: closing it
** would run its __close metamethods with hooks off.
*/
static int sandbox_close(lua_State *L) {
  char buffer[CLUA_STOPSIZE];
  const char *reason = clua_stopreason(clua_runtime(L), buffer);
  luaL_checktype(L, 1, LUA_TTHREAD);
  if (reason != NULL) clua_stop(L, reason, 1);
  if (clua_wasstopped(lua_tothread(L, 1))) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "cannot close a coroutine stopped by the instruction budget or an interrupt");
    return 2;
  }
  return call_original(L);
}

/*
** coroutine.resume (upvalue 1: the original): each resume restarts the coroutine's hook count, and
** is charged the CLUA_COROUTINE_PERIOD instructions the hook may not have counted when it returns
** (a coroutine that yields or dies before its hook fires would otherwise run for free).
*/
static int sandbox_resume(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  lua_State *previous = NULL;
  lua_Debug ar;
  int n;
  if (co != NULL && co != L && (lua_status(co) == LUA_YIELD ||
      (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar) == 0 && lua_gettop(co) > 0))) {
    previous = clua_enterthread(co);  /* the budget watch's signal hooks the coroutine while it runs */
    clua_armthread(co);
  }
  n = call_original(L);  /* never raises: errors come back as false, message */
  if (previous != NULL) clua_leavethread(L, previous);
  clua_chargework(L, CLUA_COROUTINE_PERIOD);
  return n;
}

/*
** The function coroutine.wrap returns (upvalues: the coroutine, coroutine.resume, coroutine.close):
** as the original, except that a coroutine is not closed once the code must stop or when a stop
** killed it (see sandbox_close).
*/
static int wrapped_coroutine(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  char buffer[CLUA_STOPSIZE];
  int status;
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 2);                      /* resume, co, arguments */
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  if (lua_toboolean(L, 1)) {                /* true, results */
    lua_remove(L, 1);
    return lua_gettop(L);
  }
  status = lua_status(co);                  /* false, error */
  if (status != LUA_OK && status != LUA_YIELD && !clua_wasstopped(co) &&
      clua_stopreason(clua_runtime(L), buffer) == NULL) {
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 1, 2);                      /* false, error: its to-be-closed variables are closed */
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap (upvalues: coroutine.resume, coroutine.close). */
static int sandbox_wrap(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushcclosure(L, wrapped_coroutine, 3);
  return 1;
}

static void open_coroutines(lua_State *L) {
  lua_getglobal(L, LUA_COLIBNAME);
  wrap_field(L, "resume", sandbox_resume, 0);
  lua_getfield(L, -1, "resume");
  lua_getfield(L, -2, "close");
  lua_pushcclosure(L, sandbox_wrap, 2);
  lua_setfield(L, -2, "wrap");
  wrap_field(L, "close", sandbox_close, 0);
  lua_pop(L, 1);
}

/* math.randomseed(): without arguments, the state's seed (upvalue 2) instead of the time. */
static int seeded_randomseed(lua_State *L) {
  if (lua_gettop(L) == 0) {
    lua_pushvalue(L, lua_upvalueindex(2));
  } else {
    luaL_checkinteger(L, 1);
    luaL_optinteger(L, 2, 0);
  }
  return call_original(L);
}

static void seed_math(lua_State *L, lua_Integer seed) {
  lua_getglobal(L, LUA_MATHLIBNAME);
  lua_getfield(L, -1, "randomseed");
  lua_pushinteger(L, seed);
  lua_call(L, 1, 0);
  lua_pushinteger(L, seed);
  wrap_field(L, "randomseed", seeded_randomseed, 1);
  lua_pop(L, 1);
}

/* Seeds math.random with 'seed' (argument 1), and makes it the seed of math.randomseed() without arguments. */
static int p_reseed(lua_State *L) {
  lua_Integer seed = lua_tointeger(L, 1);
  lua_getglobal(L, LUA_MATHLIBNAME);
  lua_getfield(L, -1, "randomseed");  /* seeded_randomseed: upvalue 2 is the seed */
  lua_pushinteger(L, seed);
  if (lua_setupvalue(L, -2, 2) == NULL) luaL_error(L, "math.randomseed is not the state's own");
  lua_pushinteger(L, seed);
  lua_call(L, 1, 0);
  return 0;
}

int clua_reseed(lua_State *L, lua_Integer seed) {
  int status;
  if (!lua_checkstack(L, 1)) return CLUA_NOSTACK;
  lua_pushinteger(L, seed);
  status = clua_protected(L, p_reseed, 1, 0);
  if (status != LUA_OK) lua_pop(L, status == CLUA_NOSTACK ? 1 : 2);  /* the seed; or the error and its traceback */
  return status;
}

int clua_opensandbox(lua_State *L) {
  static const luaL_Reg libraries[] = {
    {LUA_GNAME, luaopen_base},
    {LUA_STRLIBNAME, luaopen_string},
    {LUA_TABLIBNAME, luaopen_table},
    {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},
    {LUA_COLIBNAME, luaopen_coroutine},
    {NULL, NULL}
  };
  lua_Integer seed = lua_tointeger(L, 1);
  const luaL_Reg *library;
  for (library = libraries; library->func != NULL; library++) {
    luaL_requiref(L, library->name, library->func, 1);
    lua_pop(L, 1);
  }
  lua_pushglobaltable(L);
  lua_pushnil(L);
  lua_setfield(L, -2, "dofile");
  lua_pushnil(L);
  lua_setfield(L, -2, "loadfile");
  wrap_field(L, "load", sandbox_load, 0);
  wrap_field(L, "collectgarbage", sandbox_collectgarbage, 0);
  wrap_field(L, "xpcall", sandbox_xpcall, 0);
  lua_pushcfunction(L, sandbox_setmetatable);
  lua_setfield(L, -2, "setmetatable");
  lua_getfield(L, -1, LUA_STRLIBNAME);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  wrap_field(L, "rep", sandbox_rep, 0);
  clua_openpatterns(L);
  lua_pop(L, 1);
  lua_getfield(L, -1, LUA_TABLIBNAME);
  wrap_field(L, "move", sandbox_move, 0);
  lua_pushcfunction(L, sandbox_insert);
  lua_setfield(L, -2, "insert");
  lua_pushcfunction(L, sandbox_remove);
  lua_setfield(L, -2, "remove");
  lua_pushcfunction(L, sandbox_concat);
  lua_setfield(L, -2, "concat");
  lua_pushcfunction(L, clua_sort);
  lua_setfield(L, -2, "sort");
  lua_pop(L, 2);
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);                  /* "", string metatable */
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");       /* getmetatable("") gives false */
  lua_pop(L, 2);
  seed_math(L, seed);
  open_coroutines(L);
  clua_openorder(L);
  return 0;
}

int clua_openall(lua_State *L) {
  luaL_openlibs(L);
  seed_math(L, lua_tointeger(L, 1));
  return 0;
}
