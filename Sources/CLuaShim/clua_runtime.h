/*
** The bookkeeping CLuaShim keeps per state, shared by its C files (not part of the Swift interface).
*/
#ifndef CLUA_RUNTIME_H
#define CLUA_RUNTIME_H

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include "CLuaShim.h"

/* The budget watch needs a timer on a thread's CPU clock that signals that thread (Linux). */
#if defined(__linux__)
#define CLUA_WATCH 1
#include <pthread.h>
#else
#define CLUA_WATCH 0
#endif

typedef struct clua_Runtime {
  size_t used;               /* bytes allocated by the state */
  size_t limit;              /* memory limit in bytes; 0 = none */
  unsigned long refusals;    /* memory errors the limit caused since the state began (see limited_alloc) */
  void *refusedblock;        /* the last request the limit refused: its block and new size */
  size_t refusedsize;
  int hard;                  /* 1 while Lua code runs under a host pcall: the limit refuses */
  long long count;           /* instructions run, in steps of CLUA_HOOK_PERIOD */
  long long budget;          /* instruction limit */
  atomic_int interrupted;    /* set by clua_interrupt, cleared when the outermost host pcall returns */
  int depth;                 /* host pcalls running */
  int releasing;             /* > 0 while the host releases objects (maybe inside a collection) */
  int gcstress;              /* 1: a full collection at every call from Lua into the host */
  unsigned long objectgeneration; /* userdata cached in an earlier generation are not reused (clua_clearobjectcache) */
  lua_State *main;           /* the main thread */
  lua_State *current;        /* the thread of the innermost Swift frame, or main */
  clua_Dispatch dispatch;
  clua_Release release;
  void *host;
  char *warning;             /* a warning being assembled from pieces */
  size_t warninglength;
  int warningpending;        /* 1 after a piece with 'tocont' */
  char stopwhere[256];       /* "chunk:line: " where the current stop first fired; "" when none */
  /* The budget watch (clua_watch_begin): no hook counts until the watch expires. */
  volatile sig_atomic_t expired;
  int watchinterrupted;      /* an interrupt stopped the watched run */
  lua_State *volatile running;  /* the thread running Lua code: the one the watch's signal hooks */
  long long watchspent;      /* counts set aside during the watch (a new budget for the body) */
  long long watchstart;      /* the monotonic clock when the watch began, in ns */
} clua_Runtime;

/*
** A thread's extra space holds the runtime pointer (every new thread copies the main thread's);
** its low bit marks a coroutine killed by a stop (see clua_stopreason).
*/
static inline clua_Runtime *clua_runtime(lua_State *L) {
  return (clua_Runtime *)(*(uintptr_t *)lua_getextraspace(L) & ~(uintptr_t)1);
}

static inline int clua_wasstopped(lua_State *L) {
  return (int)(*(uintptr_t *)lua_getextraspace(L) & 1);
}

/*
** What a call into the host (a Swift function or metamethod) costs against the instruction budget,
** in VM instructions: a host call takes about as long as a hundred instructions (a property read
** ~0.4 µs, a request or an install several µs, where an instruction takes a few ns). Without it, a
** loop of host calls could run for minutes within its budget. The host also charges what it copies
** (clua_charge). Charged without raising: once the budget is spent, the trampoline sets the hook to
** stop the code at its next instruction, in a Lua frame.
*/
#define CLUA_HOST_CALL_COST 100

/* Adds 'work' instructions to the count, saturating at LLONG_MAX so a huge charge never wraps around. */
static inline void clua_count(clua_Runtime *rt, unsigned long long work) {
  rt->count = (work > (unsigned long long)(LLONG_MAX - rt->count)) ? LLONG_MAX : rt->count + (long long)work;
}

/*
** Why running code must stop (an interrupt, the spent budget), or NULL. Errors raised for these come
** from the hook, and Lua runs some code after them with hooks off (an xpcall message handler, the
** __close of a coroutine being reset): such code must not run at all then.
*/
#define CLUA_STOPSIZE 64
const char *clua_stopreason(clua_Runtime *rt, char *buffer);  /* 'buffer': CLUA_STOPSIZE bytes */
/* The count hook: counts its period, and stops the code once it must (see clua_stopreason). */
void clua_counthook(lua_State *L, lua_Debug *ar);
/* Counts 'work' against the instruction budget; once it is spent, stops the code at the caller's line. */
void clua_chargework(lua_State *L, lua_Unsigned work);
/* The stack level of the innermost Lua function calling the running C function (1 when none is found). */
static inline int clua_lualevel(lua_State *L) {
  lua_Debug ar;
  int level;
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "l", &ar);
    if (ar.currentline > 0) return level;
  }
  return 1;
}
/* Raises 'reason' at the line of stack 'level' (never returns). */
void clua_stop(lua_State *L, const char *reason, int level);

/*
** The hook period of a coroutine, and what each resume is charged: a coroutine that yields or dies
** before its hook fires leaves at most this many instructions uncounted.
*/
#define CLUA_COROUTINE_PERIOD 100
/*
** Sets the count hook of coroutine 'co' afresh (its count restarts at CLUA_COROUTINE_PERIOD); during
** a budget watch, turns it off instead, or on at every instruction once the watch has expired.
*/
void clua_armthread(lua_State *co);
/*
** Makes 'L' the thread running Lua code, or back the one before (returned by the first call), for
** the watch's signal; hooks 'L' once the watch has expired.
*/
lua_State *clua_enterthread(lua_State *L);
void clua_leavethread(lua_State *L, lua_State *previous);

/*
** The length of the table (or table-like value: a metatable with __index, __newindex and __len) at
** index 1, as table.insert, table.remove and table.sort take it; raises for any other value.
*/
lua_Integer clua_tablelength(lua_State *L);
/* table.sort, charged per comparison and the same on every run (clua_sort.c). */
int clua_sort(lua_State *L);

/* Replaces find, match, gmatch and gsub in the string table on top by the budgeted matcher. */
void clua_openpatterns(lua_State *L);

/* Opens the scenario subset of the standard library (sandbox) or all of it; seed as argument 1. */
int clua_opensandbox(lua_State *L);
int clua_openall(lua_State *L);
/* Replaces the global next and pairs by ones that visit keys in a defined order (clua_order.c). */
void clua_openorder(lua_State *L);
/* clua_call.c: calls 'f' with the 'nargs' values on top (placed below them) as every host call into Lua
   is made, protected; on an error, the error and its traceback are on top. */
int clua_protected(lua_State *L, lua_CFunction f, int nargs, int nresults);

/* Pushes the library that 'opener' opens, opened once per state and kept in the registry under 'key'. */
int clua_pushprivatelibrary(lua_State *L, const char *key, lua_CFunction opener);

#endif
