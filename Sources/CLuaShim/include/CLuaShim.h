/*
** CLuaShim: the C half of the Lua bridge (prefix clua_).
**
** Everything that can raise a Lua error (longjmp) lives here, below a lua_pcall or after the Swift
** frame that asked for it has returned: Swift code never calls a raising Lua API function.
**   - macro wrappers for the parts of the C API Swift cannot import;
**   - the trampoline through which Lua calls Swift, raising the Swift side's errors afterwards;
**   - per-state limits: memory (allocator) and instructions (count hook), plus an interrupt flag;
**   - protected helpers for operations that may run metamethods (get/set, tostring, len, next,
**     concat, compare, arith) and for calls (with a traceback message handler);
**   - the sandbox: the subset of the standard library a scenario may use.
*/
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* {====================================================================
** Calls from Lua into Swift
** ===================================================================== */

/* What a Swift function returns to the trampoline; a count >= 0 means that many results on top. */
#define CLUA_RAISE (-1)          /* raise the string on top, prefixed with the caller's "chunk:line:" */
#define CLUA_RAISE_VALUE (-2)    /* raise the value on top as is */
#define CLUA_RAISE_ARGUMENT (-3) /* the argument number and the message on top: lauxlib's "bad argument" */

/* Why C calls into Swift (the 'event' of clua_Dispatch). */
#define CLUA_EVENT_CALL 0      /* target: a function box; object: NULL */
#define CLUA_EVENT_METHOD 1    /* target: an object type; index: which method */
#define CLUA_EVENT_INDEX 2     /* target: an object type; object: the instance (arguments: self, key) */
#define CLUA_EVENT_NEWINDEX 3  /* target: an object type; object: the instance (self, key, value) */
#define CLUA_EVENT_TOSTRING 4  /* target: an object type; object: the instance */
#define CLUA_EVENT_LEN 5       /* target: an object type; object: the instance */
#define CLUA_EVENT_CALLOBJECT 6 /* target: an object type; object: the instance (self, arguments…) */
#define CLUA_EVENT_EQ 7        /* target: an object type; object: the first operand (both are of that type) */
#define CLUA_EVENT_WARN 8      /* target: NULL; object: the warning text (a C string); never raises */

/* The host's entry point for every event; returns a count or a CLUA_RAISE* code (never raises). */
typedef int (*clua_Dispatch)(lua_State *L, int event, void *target, void *object, lua_Integer index);
/* Releases a retained Swift object (a function box or an instance); must not touch the Lua state. */
typedef void (*clua_Release)(void *object);

/* Pushes a Swift function: 'box' is retained by the caller and released through clua_Release on __gc. */
void clua_pushfunction(lua_State *L, void *box);

/* {====================================================================
** Swift objects as userdata
** ===================================================================== */

/* Metamethods a type provides besides __index, __newindex, __gc (bit flags for clua_pushobject). */
#define CLUA_HAS_TOSTRING 1
#define CLUA_HAS_LEN 2
#define CLUA_HAS_CALL 4
#define CLUA_HAS_EQ 8

/*
** Pushes the userdata for 'object' of type 'type' (both opaque to C), the object that 'key' names
** among the type's: while a userdata of the same type and key is alive it is pushed again and
** 'object' is not kept (one cache, weak-valued, keyed by type then key); a new userdata retains
** 'object' (via 'retain' once).
** 'name' is the type's __name; the metatable is built on the first push of the type in this state,
** and then 1 is returned (the host must keep 'type' alive until the state is closed), else 0.
*/
int clua_pushobject(lua_State *L, void *object, void *type, const char *name, int metamethods,
                    lua_Integer key, void (*retain)(void *object));
/* Forgets every cached userdata: the next push of any key makes a new one (a new session's objects). */
void clua_clearobjectcache(lua_State *L);
/* Forgets the key snapshots the sandbox's 'next' keeps for tables (clua_order.c): what 'next(t, k)'
   returns from now on depends on t alone, not on the traversals before. */
void clua_forgettraversals(lua_State *L);
/* Seeds math.random with 'seed', which math.randomseed() without arguments uses from now on (as if
   the state had been made with it); LUA_OK, or the status of what went wrong. */
int clua_reseed(lua_State *L, lua_Integer seed);
/* The object in the userdata at 'idx' if it is an instance of any host type, else NULL. */
void *clua_anyobject(lua_State *L, int idx);
/* Runs a full collection at every call from Lua into the host (1), or not (0): the GC-stress mode. */
void clua_setgcstress(lua_State *L, int on);
/* The object in the userdata at 'idx' if it is of 'type', else NULL. */
void *clua_toobject(lua_State *L, int idx, void *type);
/* Inside __index only: pushes a method closure for (type, index), cached for the key (argument 2). */
void clua_pushmethod(lua_State *L, void *type, lua_Integer index);
/* Pushes the name lauxlib uses for the value at 'idx' in type errors (__name, else the type name). */
void clua_pushtypename(lua_State *L, int idx);

/* {====================================================================
** States
** ===================================================================== */

/* How a state starts: its limits, its library set and the host callbacks. */
typedef struct clua_Config {
  size_t memory_limit;        /* bytes; 0 = none */
  long long instruction_limit; /* instructions; <= 0 = none */
  int sandbox;                /* 1: the scenario subset of the standard library; 0: all of it */
  lua_Integer random_seed;    /* seed of math.random (and of math.randomseed() without arguments) */
  clua_Dispatch dispatch;
  clua_Release release;
} clua_Config;

/* A new state with its libraries open; prints and aborts if even that fails (no memory at all). */
lua_State *clua_newstate(const clua_Config *config);
/* Closes the state (running finalizers) and frees its bookkeeping. */
void clua_close(lua_State *L);
/* The host object of the state L (any of its threads) belongs to; set once after clua_newstate. */
void *clua_host(lua_State *L);
void clua_sethost(lua_State *L, void *host);
/* Whether the host is releasing objects or hearing a warning (perhaps inside a collection). */
int clua_releasing(lua_State *L);
/* The thread running the innermost Swift frame, or the main thread when none runs. */
lua_State *clua_current(lua_State *L);

/* Memory: bytes in use, the limit (0 = none). */
size_t clua_memoryused(lua_State *L);
/* A full garbage collection (lua_gc is variadic, which Swift cannot call); finalizer errors become warnings. */
static inline void clua_collectgarbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
/*
** Switches the collector to generational mode: short-lived objects (a case's) are freed soon and
** cheaply. A minor collection comes once the heap grows by 100% (Lua's default 20% collected about
** six times per realistic case, 5% of its time); the memory limit still collects on demand.
*/
static inline void clua_generationalgc(lua_State *L) { lua_gc(L, LUA_GCGEN, 100, 0); }
size_t clua_memorylimit(lua_State *L);
/* How many memory errors the memory limit caused since the state began (caught by pcall or not). */
unsigned long clua_memoryrefusals(lua_State *L);
void clua_setmemorylimit(lua_State *L, size_t limit);

/* Instructions: counted in steps of CLUA_HOOK_PERIOD; the limit (<= 0 = none). */
#define CLUA_HOOK_PERIOD 1000
long long clua_instructioncount(lua_State *L);
/* Charges 'work' instructions without raising (host work such as a copy); the hook stops the code later. */
void clua_charge(lua_State *L, size_t work);
void clua_setinstructioncount(lua_State *L, long long count);
long long clua_instructionlimit(lua_State *L);
void clua_setinstructionlimit(lua_State *L, long long limit);

/*
** The budget watch: runs Lua code with no count hook, which Lua 5.4 pays for at every instruction.
** clua_watch_begin starts a new budget, watched when the budget is finite and lasts at least
** CLUA_WATCH_SHORTEST ns at CLUA_WATCH_RATE (returns 1; else 0 and the count goes on).
** clua_watch_end returns 1 when the watched run stands, 0 when it may have come near its budget
** (it then ended early with a stop error) and must run again, counted, for a verdict that never
** depends on timing. Linux only; one watch per thread at a time. See CLuaShim.c.
*/
#define CLUA_WATCH_RATE 10            /* VM instructions per ns, more than any machine runs (assumed) */
#define CLUA_WATCH_SHORTEST 1000000   /* ns: shorter watches are below the CPU timers' resolution */
#define CLUA_WATCH_PERIOD 2000000     /* ns of a thread's CPU time between the watch's checks */
int clua_watch_begin(lua_State *L);
int clua_watch_end(lua_State *L);

/* Makes the running Lua code raise "interrupted!" at its next hook (until the outermost host pcall
** returns); async-signal-safe. */
void clua_interrupt(lua_State *L);
/* Routes SIGINT to clua_interrupt for this state (until clua_release_sigint); 0 on failure. */
int clua_catch_sigint(lua_State *L);
void clua_release_sigint(void);

/* {====================================================================
** Protected operations (each returns a status; on error, the error value and its traceback on top)
** ===================================================================== */

/*
** Calls the function below 'nargs' arguments with a traceback message handler and the hard memory
** limit on. On error, pushes the traceback (a string, or nil) above the error value. A call that
** ends after its budget ran out (the code caught the error) fails with the budget error.
** Returns CLUA_NOSTACK (and pushes nothing) when the stack cannot grow.
*/
#define CLUA_NOSTACK (-1)
int clua_pcall(lua_State *L, int nargs, int nresults);

int clua_gettable(lua_State *L, int idx);           /* key on top -> t[key] (metamethods) */
int clua_settable(lua_State *L, int idx);           /* key, value on top -> t[key] = value */
int clua_tostring(lua_State *L, int idx);           /* pushes luaL_tolstring (honours __tostring, __name) */
int clua_len(lua_State *L, int idx);                /* pushes #v (honours __len) */
int clua_next(lua_State *L, int idx, int *more);    /* lua_next; *more = 0 at the end (key popped) */
int clua_concat(lua_State *L, int n);               /* the n values on top -> their concatenation */
int clua_compare(lua_State *L, int idx1, int idx2, int op, int *result);
int clua_arith(lua_State *L, int op);               /* operands on top -> result */

/* Loads Lua source (text mode only) as a function on top; on error the message is on top. */
int clua_loadtext(lua_State *L, const char *source, size_t size, const char *chunkname);
/* Trusted: loads host-produced bytecode (binary mode only). */
int clua_loadbinary(lua_State *L, const char *bytes, size_t size, const char *chunkname);
/* Trusted: dumps the Lua function on top into a buffer to free with clua_free; NULL if not a Lua function. */
char *clua_dump(lua_State *L, int strip, size_t *size);
static inline void clua_free(void *buffer) { free(buffer); }
/* Trusted: pushes the debug library (opened once per state, never published as a global). */
int clua_pushdebuglibrary(lua_State *L);
/* Trusted: pushes the os library (opened once per state, never published as a global). */
int clua_pushoslibrary(lua_State *L);
/* Trusted: pushes the snapshot library (take, same) that lets a file's cases share one top level (clua_snapshot.c). */
int clua_pushsnapshotlibrary(lua_State *L);

/* {====================================================================
** Macro wrappers
** ===================================================================== */

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline void clua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void clua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline void clua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int clua_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void clua_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
static inline int clua_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }

#endif
