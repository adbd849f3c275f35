/*
** Calls across the boundary: the trampoline into Swift, Swift objects as userdata, protected calls
** and operations, loading and dumping chunks.
*/
#include <stdlib.h>
#include <string.h>

#include "clua_runtime.h"

/* Registry keys (their addresses). */
static const char functionmetatable_key = 0;
static const char objectcache_key = 0;
static const char traceback_key = 0;
static const char debuglibrary_key = 0;
static const char oslibrary_key = 0;

/* {====================================================================
** Trampoline
** ===================================================================== */

/* Raises a memory error if the state is still over its limit after an emergency collection. */
static void check_memory(lua_State *L, clua_Runtime *rt) {
  if (rt->limit == 0 || rt->used <= rt->limit) return;
  lua_newuserdatauv(L, 0, 0);  /* refused by the allocator unless the collection freed enough */
  lua_pop(L, 1);
}

/*
** Runs the host for 'event' and raises what it asks for only after its frame has returned. While
** it runs, the memory limit is soft and 'current' names this thread; both are restored before any
** raise, and a limit overrun during the host frame becomes a memory error here.
*/
static int call_host(lua_State *L, int event, void *target, void *object, lua_Integer index) {
  clua_Runtime *rt = clua_runtime(L);
  int hard = rt->hard;
  lua_State *current = rt->current;
  int n;
  rt->hard = 0;
  rt->current = L;
  if (rt->gcstress && !rt->releasing) lua_gc(L, LUA_GCCOLLECT);  /* the arguments on the stack stay alive */
  n = rt->dispatch(L, event, target, object, index);
  rt->hard = hard;
  rt->current = current;
  clua_count(rt, CLUA_HOST_CALL_COST);
  if (rt->count > rt->budget) lua_sethook(L, clua_counthook, LUA_MASKCOUNT, 1);  /* stop at the next instruction */
  if (hard) check_memory(L, rt);
  if (n >= 0) return n;
  switch (n) {
    case CLUA_RAISE:
      luaL_where(L, 1);  /* "chunk:line:" of the Lua caller */
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    case CLUA_RAISE_ARGUMENT:
      return luaL_argerror(L, (int)lua_tointeger(L, -2), lua_tostring(L, -1));
    default:
      return lua_error(L);
  }
}

static int call_function(lua_State *L) {
  void **box = (void **)lua_touserdata(L, lua_upvalueindex(1));
  return call_host(L, CLUA_EVENT_CALL, *box, NULL, 0);
}

static int release_function(lua_State *L) {
  void **box = (void **)lua_touserdata(L, 1);
  if (box != NULL && *box != NULL) {
    clua_Runtime *rt = clua_runtime(L);
    void *released = *box;
    *box = NULL;  /* releases once, even if called again */
    rt->releasing++;
    rt->release(released);
    rt->releasing--;
  }
  return 0;
}

void clua_pushfunction(lua_State *L, void *box) {
  void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *slot = box;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &functionmetatable_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, release_function);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &functionmetatable_key);
  }
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, call_function, 1);  /* the box is upvalue 1 */
}

/* {====================================================================
** Swift objects as userdata
** ===================================================================== */

typedef struct Instance {
  void *object;  /* retained Swift object; NULL once released */
  void *type;
  unsigned long generation;  /* the object cache's generation it was made in */
} Instance;

/* The instance at 'idx' when it is a userdata with the metatable of 'type'. */
static Instance *to_instance(lua_State *L, int idx, void *type) {
  Instance *instance;
  int same;
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
  lua_rawgetp(L, LUA_REGISTRYINDEX, type);
  same = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  if (!same) return NULL;
  instance = (Instance *)lua_touserdata(L, idx);
  return (instance->object != NULL) ? instance : NULL;
}

void *clua_toobject(lua_State *L, int idx, void *type) {
  Instance *instance = to_instance(L, idx, type);
  return (instance != NULL) ? instance->object : NULL;
}

static void *upvalue_type(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* An instance event whose first argument must be an instance of the upvalue's type. */
static int instance_event(lua_State *L) {
  void *type = upvalue_type(L);
  int event = (int)lua_tointeger(L, lua_upvalueindex(2));
  Instance *instance = to_instance(L, 1, type);
  if (instance == NULL) {
    if (event == CLUA_EVENT_EQ) {
      lua_pushboolean(L, 0);
      return 1;
    }
    return luaL_error(L, "%s expected", lua_tostring(L, lua_upvalueindex(3)));
  }
  if (event == CLUA_EVENT_EQ && to_instance(L, 2, type) == NULL) {
    lua_pushboolean(L, 0);
    return 1;
  }
  return call_host(L, event, type, instance->object, 0);
}

/* __index: the per-state method cache (upvalue 4) first, then the host. */
static int index_event(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(4)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  return instance_event(L);
}

static int call_method(lua_State *L) {
  return call_host(L, CLUA_EVENT_METHOD, upvalue_type(L), NULL, lua_tointeger(L, lua_upvalueindex(2)));
}

void clua_pushmethod(lua_State *L, void *type, lua_Integer index) {
  lua_pushlightuserdata(L, type);
  lua_pushinteger(L, index);
  lua_pushcclosure(L, call_method, 2);
  if (lua_type(L, 2) == LUA_TSTRING) {  /* inside __index: cache it for this key */
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, lua_upvalueindex(4));
  }
}

static int release_instance(lua_State *L) {
  Instance *instance = to_instance(L, 1, upvalue_type(L));
  if (instance != NULL) {
    clua_Runtime *rt = clua_runtime(L);
    void *released = instance->object;
    int hard = rt->hard;
    instance->object = NULL;  /* releases once, even if called again */
    rt->hard = 0;
    rt->releasing++;
    rt->release(released);
    rt->releasing--;
    rt->hard = hard;
  }
  return 0;
}

/* Sets field 'name' of the table on top to an instance_event closure for 'event'. */
static void set_event(lua_State *L, const char *name, lua_CFunction f, void *type, int event,
                      const char *typename, int withcache) {
  lua_pushlightuserdata(L, type);
  lua_pushinteger(L, event);
  lua_pushstring(L, typename);
  if (withcache) lua_newtable(L);
  lua_pushcclosure(L, f, withcache ? 4 : 3);
  lua_setfield(L, -2, name);
}

/* Pushes the metatable of 'type', building it on the type's first use in this state (then 1). */
static int push_metatable(lua_State *L, void *type, const char *name, int metamethods) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, type) == LUA_TTABLE) return 0;
  lua_pop(L, 1);
  lua_createtable(L, 0, 10);
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  /* getmetatable(object) gives false */
  set_event(L, "__index", index_event, type, CLUA_EVENT_INDEX, name, 1);
  set_event(L, "__newindex", instance_event, type, CLUA_EVENT_NEWINDEX, name, 0);
  if (metamethods & CLUA_HAS_TOSTRING) set_event(L, "__tostring", instance_event, type, CLUA_EVENT_TOSTRING, name, 0);
  if (metamethods & CLUA_HAS_LEN) set_event(L, "__len", instance_event, type, CLUA_EVENT_LEN, name, 0);
  if (metamethods & CLUA_HAS_CALL) set_event(L, "__call", instance_event, type, CLUA_EVENT_CALLOBJECT, name, 0);
  if (metamethods & CLUA_HAS_EQ) set_event(L, "__eq", instance_event, type, CLUA_EVENT_EQ, name, 0);
  lua_pushlightuserdata(L, type);
  lua_pushcclosure(L, release_instance, 1);
  lua_setfield(L, -2, "__gc");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, type);
  return 1;
}

/* Pushes the weak-valued table that maps (type, key) to the live userdata: one subtable per type. */
static void push_objectcache(lua_State *L, void *type) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &objectcache_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &objectcache_key);
  }                                                       /* caches */
  if (lua_rawgetp(L, -1, type) != LUA_TTABLE) {           /* caches, cache? */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, -3, type);
  }
  lua_remove(L, -2);                                      /* cache */
}

int clua_pushobject(lua_State *L, void *object, void *type, const char *name, int metamethods,
                    lua_Integer key, void (*retain)(void *object)) {
  Instance *instance;
  int created;
  unsigned long generation = clua_runtime(L)->objectgeneration;
  push_objectcache(L, type);                              /* cache */
  if (lua_rawgeti(L, -1, key) == LUA_TUSERDATA) {         /* cache, userdata? */
    instance = (Instance *)lua_touserdata(L, -1);
    if (instance->type == type && instance->object != NULL && instance->generation == generation) {
      lua_remove(L, -2);                                  /* userdata */
      return 0;
    }
  }
  lua_pop(L, 1);                                          /* cache */
  instance = (Instance *)lua_newuserdatauv(L, sizeof(Instance), 0);
  instance->object = object;
  instance->type = type;
  instance->generation = generation;
  retain(object);
  created = push_metatable(L, type, name, metamethods);
  lua_setmetatable(L, -2);                                /* cache, userdata */
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, key);                                /* cache[key] = userdata */
  lua_remove(L, -2);                                      /* userdata */
  return created;
}

/*
** Moves the cache to a new generation: what it holds stays until collected (its values are weak)
** but is never pushed again. Cheaper than new cache tables for every session.
*/
void clua_clearobjectcache(lua_State *L) {
  clua_runtime(L)->objectgeneration++;
}

void *clua_anyobject(lua_State *L, int idx) {
  Instance *instance;
  int ours;
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
  lua_getfield(L, -1, "__gc");
  ours = lua_tocfunction(L, -1) == release_instance;
  lua_pop(L, 2);
  if (!ours) return NULL;
  instance = (Instance *)lua_touserdata(L, idx);
  return instance->object;
}

void clua_pushtypename(lua_State *L, int idx) {
  if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) return;
  if (lua_type(L, idx) == LUA_TLIGHTUSERDATA) lua_pushliteral(L, "light userdata");
  else lua_pushstring(L, luaL_typename(L, idx));
}

/* {====================================================================
** Protected calls
** ===================================================================== */

/* Keeps the error value as is and files the traceback aside (read by clua_pcall). */
static int message_handler(lua_State *L) {
  clua_Runtime *rt = clua_runtime(L);
  int hard = rt->hard;
  rt->hard = 0;  /* a traceback must not fail for the memory that failed the code */
  luaL_traceback(L, L, NULL, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
  rt->hard = hard;
  return 1;
}

/* lua_pcall with the message handler and the hard memory limit; on error, traceback above the error. */
static int pcall_traceback(lua_State *L, int nargs, int nresults) {
  clua_Runtime *rt = clua_runtime(L);
  lua_State *previous;
  int base, hard, status;
  if (!lua_checkstack(L, 2)) return CLUA_NOSTACK;
  base = lua_gettop(L) - nargs;  /* function index */
  lua_pushcfunction(L, message_handler);
  lua_insert(L, base);
  hard = rt->hard;
  rt->hard = 1;
  rt->depth++;
  previous = clua_enterthread(L);
  status = lua_pcall(L, nargs, nresults, base);
  clua_leavethread(L, previous);
  rt->depth--;
  rt->hard = hard;
  lua_remove(L, base);  /* remove message handler from the stack */
  if (status != LUA_OK) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &traceback_key);  /* error, traceback */
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
  }
  return status;
}

/*
** Code that caught a stop error (budget, interrupt) may still end normally before the hook runs
** again; the call fails all the same. The interrupt flag lasts until the outermost call returns.
*/
int clua_pcall(lua_State *L, int nargs, int nresults) {
  clua_Runtime *rt = clua_runtime(L);
  int base = lua_gettop(L) - nargs - 1;
  int status = pcall_traceback(L, nargs, nresults);
  char buffer[CLUA_STOPSIZE];
  const char *reason = clua_stopreason(rt, buffer);
  if (status == LUA_OK && reason != NULL) {
    lua_settop(L, base);
    lua_pushstring(L, reason);
    lua_pushnil(L);  /* no traceback: the code had ended */
    status = LUA_ERRRUN;
  }
  if (rt->depth == 0 && atomic_load(&rt->interrupted)) {
    atomic_store(&rt->interrupted, 0);
    rt->stopwhere[0] = '\0';
  }
  return status;
}

int clua_protected(lua_State *L, lua_CFunction f, int nargs, int nresults) {
  if (!lua_checkstack(L, 2)) return CLUA_NOSTACK;
  lua_pushcfunction(L, f);
  lua_insert(L, -(nargs + 1));
  return pcall_traceback(L, nargs, nresults);
}

/* Pushes a copy of the value at 'idx' below the 'n' values on top. */
static int push_below(lua_State *L, int idx, int n) {
  if (!lua_checkstack(L, 3)) return 0;
  lua_pushvalue(L, idx);
  lua_insert(L, -(n + 1));
  return 1;
}

static int p_gettable(lua_State *L) { lua_gettable(L, 1); return 1; }
static int p_settable(lua_State *L) { lua_settable(L, 1); return 0; }
static int p_tostring(lua_State *L) { luaL_tolstring(L, 1, NULL); return 1; }
static int p_len(lua_State *L) { lua_len(L, 1); return 1; }
static int p_concat(lua_State *L) { lua_concat(L, lua_gettop(L)); return 1; }
static int p_compare(lua_State *L) {
  lua_pushboolean(L, lua_compare(L, 1, 2, (int)lua_tointeger(L, 3)));
  return 1;
}
static int p_arith(lua_State *L) {
  int op = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_arith(L, op);
  return 1;
}
static int p_next(lua_State *L) {
  lua_settop(L, 2);
  return lua_next(L, 1) ? 2 : 0;
}

int clua_gettable(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (!push_below(L, idx, 1)) return CLUA_NOSTACK;
  return clua_protected(L, p_gettable, 2, 1);
}

int clua_settable(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (!push_below(L, idx, 2)) return CLUA_NOSTACK;
  return clua_protected(L, p_settable, 3, 0);
}

int clua_tostring(lua_State *L, int idx) {
  if (!lua_checkstack(L, 1)) return CLUA_NOSTACK;
  lua_pushvalue(L, idx);
  return clua_protected(L, p_tostring, 1, 1);
}

int clua_len(lua_State *L, int idx) {
  if (!lua_checkstack(L, 1)) return CLUA_NOSTACK;
  lua_pushvalue(L, idx);
  return clua_protected(L, p_len, 1, 1);
}

int clua_next(lua_State *L, int idx, int *more) {
  int top, status;
  idx = lua_absindex(L, idx);
  if (!lua_checkstack(L, 2)) return CLUA_NOSTACK;
  /* lua_next raises only on a key the table does not hold: the first step (nil) and a key still held
     (the common case: the key the last step returned) step without a protected call, a tenth the cost. */
  if (lua_isnil(L, -1)) {
    *more = lua_next(L, idx);
    return LUA_OK;
  }
  lua_pushvalue(L, -1);
  if (lua_rawget(L, idx) != LUA_TNIL) {
    lua_pop(L, 1);
    *more = lua_next(L, idx);
    return LUA_OK;
  }
  lua_pop(L, 1);
  if (!push_below(L, idx, 1)) return CLUA_NOSTACK;
  top = lua_gettop(L) - 2;
  status = clua_protected(L, p_next, 2, LUA_MULTRET);
  *more = (status == LUA_OK && lua_gettop(L) > top);
  return status;
}

int clua_concat(lua_State *L, int n) { return clua_protected(L, p_concat, n, 1); }

int clua_compare(lua_State *L, int idx1, int idx2, int op, int *result) {
  int status;
  idx1 = lua_absindex(L, idx1);
  idx2 = lua_absindex(L, idx2);
  if (!lua_checkstack(L, 3)) return CLUA_NOSTACK;
  lua_pushvalue(L, idx1);
  lua_pushvalue(L, idx2);
  lua_pushinteger(L, op);
  status = clua_protected(L, p_compare, 3, 1);
  if (status == LUA_OK) {
    *result = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return status;
}

int clua_arith(lua_State *L, int op) {
  int nargs = (op == LUA_OPUNM || op == LUA_OPBNOT) ? 1 : 2;
  if (!lua_checkstack(L, 1)) return CLUA_NOSTACK;
  lua_pushinteger(L, op);
  return clua_protected(L, p_arith, nargs + 1, 1);
}

/* {====================================================================
** Chunks
** ===================================================================== */

int clua_loadtext(lua_State *L, const char *source, size_t size, const char *chunkname) {
  return luaL_loadbufferx(L, source, size, chunkname, "t");
}

int clua_loadbinary(lua_State *L, const char *bytes, size_t size, const char *chunkname) {
  return luaL_loadbufferx(L, bytes, size, chunkname, "b");
}

typedef struct DumpBuffer {
  char *data;
  size_t size;
  size_t capacity;
} DumpBuffer;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
  DumpBuffer *buffer = (DumpBuffer *)ud;
  (void)L;
  if (buffer->size + size > buffer->capacity) {
    size_t capacity = (buffer->capacity == 0) ? 1024 : buffer->capacity;
    char *grown;
    while (capacity < buffer->size + size) capacity *= 2;
    grown = (char *)realloc(buffer->data, capacity);
    if (grown == NULL) return 1;
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, p, size);
  buffer->size += size;
  return 0;
}

char *clua_dump(lua_State *L, int strip, size_t *size) {
  DumpBuffer buffer = {NULL, 0, 0};
  if (lua_type(L, -1) != LUA_TFUNCTION || lua_iscfunction(L, -1)) return NULL;
  if (lua_dump(L, dump_writer, &buffer, strip) != 0 || buffer.data == NULL) {
    free(buffer.data);
    return NULL;
  }
  *size = buffer.size;
  return buffer.data;
}

/* Opens library 1 (its luaopen_ function) and keeps it in the registry under key 2, never as a global. */
static int p_privatelibrary(lua_State *L) {
  lua_CFunction opener = lua_tocfunction(L, 1);
  const void *key = lua_touserdata(L, 2);
  lua_settop(L, 0);
  opener(L);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, key);
  return 1;
}

int clua_pushprivatelibrary(lua_State *L, const char *key, lua_CFunction opener) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return LUA_OK;
  lua_pop(L, 1);
  if (!lua_checkstack(L, 3)) return CLUA_NOSTACK;
  lua_pushcfunction(L, opener);
  lua_pushlightuserdata(L, (void *)key);
  return clua_protected(L, p_privatelibrary, 2, 1);
}

/* userframe(level, source): the short source and current line of the first frame from `level` up
   (counted as debug.getinfo counts) that is neither a C function's nor of the chunk named `source`;
   nothing when there is none. The prelude asks this at every registration and failure: a loop of
   debug.getinfo(level, "Sl") would build a table a frame. */
static int debug_userframe(lua_State *L) {
  int level = (int)luaL_checkinteger(L, 1);
  size_t skippedLength;
  const char *skipped = luaL_checklstring(L, 2, &skippedLength);
  lua_Debug ar;
  for (; level >= 0 && lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar)) break;
    if (strcmp(ar.what, "C") == 0) continue;
    if (ar.srclen == skippedLength && memcmp(ar.source, skipped, skippedLength) == 0) continue;
    lua_pushstring(L, ar.short_src);
    lua_pushinteger(L, ar.currentline);
    return 2;
  }
  return 0;
}

static int open_debug(lua_State *L) {
  luaopen_debug(L);
  lua_pushcfunction(L, debug_userframe);
  lua_setfield(L, -2, "userframe");
  return 1;
}

int clua_pushdebuglibrary(lua_State *L) { return clua_pushprivatelibrary(L, &debuglibrary_key, open_debug); }

int clua_pushoslibrary(lua_State *L) { return clua_pushprivatelibrary(L, &oslibrary_key, luaopen_os); }
