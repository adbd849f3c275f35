/*
** States: the limited allocator, the instruction hook and its watch, the panic and warning
** functions, limits.
*/
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  /* SIGEV_THREAD_ID, gettid */
#endif
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clua_runtime.h"

#if CLUA_WATCH
/* The runtime this thread watches now (NULL: none); read by the watch's signal handler on this thread. */
static __thread clua_Runtime *volatile watched_here = NULL;
#endif

/* Whether a budget watch runs on 'rt' (see "The budget watch" below). */
static int watching(clua_Runtime *rt) {
#if CLUA_WATCH
  return watched_here == rt;
#else
  (void)rt;
  return 0;
#endif
}

/* Hooks 'L' at every instruction once the watch has expired: code that changes the running thread or
** turns a hook off checks it afterwards, so the signal that expired the watch is never undone. */
static void hook_if_expired(clua_Runtime *rt, lua_State *L) {
  if (watching(rt) && rt->expired) lua_sethook(L, clua_counthook, LUA_MASKCOUNT, 1);
}

/* {====================================================================
** Allocator
** ===================================================================== */

static void out_of_memory(void) {
  fputs("permsim: out of memory\n", stderr);
  abort();
}

/*
** The limit refuses only while Lua code runs under a host pcall ('hard'): Lua then raises a memory
** error in a Lua frame. Anywhere else (host setup, Swift callbacks) the allocation goes through,
** and only a real malloc failure ends the process, so no memory error can longjmp over Swift.
*/
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  clua_Runtime *rt = (clua_Runtime *)ud;
  size_t old = (ptr != NULL) ? osize : 0;  /* without a block, 'osize' is a type tag */
  void *block;
  if (nsize == 0) {
    free(ptr);
    rt->used -= old;
    return NULL;
  }
  if (rt->hard && rt->limit != 0 && nsize > old &&
      (rt->used > rt->limit || nsize - old > rt->limit - rt->used)) {
    /* Lua asks again after an emergency collection: refused twice, the request becomes a memory
    ** error (caught by pcall or not), which is what 'refusals' counts. */
    if (rt->refusedblock == ptr && rt->refusedsize == nsize) rt->refusals++;
    rt->refusedblock = ptr;
    rt->refusedsize = nsize;
    return NULL;
  }
  rt->refusedsize = 0;
  block = realloc(ptr, nsize);
  if (block == NULL) {
    if (rt->hard) return NULL;
    out_of_memory();
  }
  rt->used = rt->used - old + nsize;
  return block;
}

/* {====================================================================
** Hook, panic, warnings
** ===================================================================== */


const char *clua_stopreason(clua_Runtime *rt, char *buffer) {
  if (atomic_load(&rt->interrupted)) {
    if (watching(rt)) rt->watchinterrupted = 1;
    return "interrupted!";
  }
  if (watching(rt) && rt->expired) return "the budget's watch expired (the case runs again, counted)";
  if (rt->count <= rt->budget) return NULL;
  snprintf(buffer, CLUA_STOPSIZE, "instruction budget exceeded (%lld instructions)", rt->budget);
  return buffer;
}

/*
** Raises 'reason' at the line of stack 'level' (0 in the hook: the running function; 1 in a C
** function: its caller) and makes this thread's hook run at every instruction, so
** that code catching the error (pcall, coroutine.resume) cannot run on: the error always reaches
** the host. The hook goes back to its period once the host has reset the budget. A coroutine is
** marked: it dies with hooks off, so its __close metamethods must never run.
*/
void clua_stop(lua_State *L, const char *reason, int level) {
  clua_Runtime *rt = clua_runtime(L);
  if (L != rt->main) *(uintptr_t *)lua_getextraspace(L) |= 1;
  lua_sethook(L, clua_counthook, LUA_MASKCOUNT, 1);
  if (rt->stopwhere[0] == '\0') {  /* keep the line where the stop first fired, not where code caught it */
    luaL_where(L, level);
    snprintf(rt->stopwhere, sizeof rt->stopwhere, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  lua_pushstring(L, rt->stopwhere);
  lua_pushstring(L, reason);
  lua_concat(L, 2);
  lua_error(L);
}

void clua_counthook(lua_State *L, lua_Debug *ar) {
  clua_Runtime *rt = clua_runtime(L);
  int period = lua_gethookcount(L);
  char buffer[CLUA_STOPSIZE];
  const char *reason;
  (void)ar;
  clua_count(rt, (unsigned long long)period);
  reason = clua_stopreason(rt, buffer);
  if (reason != NULL) clua_stop(L, reason, 0);
  if (period == 1) lua_sethook(L, clua_counthook, LUA_MASKCOUNT, (L == rt->main) ? CLUA_HOOK_PERIOD : CLUA_COROUTINE_PERIOD);
}

void clua_armthread(lua_State *co) {
  clua_Runtime *rt = clua_runtime(co);
  if (!watching(rt)) {
    lua_sethook(co, clua_counthook, LUA_MASKCOUNT, CLUA_COROUTINE_PERIOD);
    return;
  }
  lua_sethook(co, NULL, 0, 0);
  hook_if_expired(rt, co);
}

lua_State *clua_enterthread(lua_State *L) {
  clua_Runtime *rt = clua_runtime(L);
  lua_State *previous = rt->running;
  rt->running = L;
  hook_if_expired(rt, L);
  return previous;
}

void clua_leavethread(lua_State *L, lua_State *previous) {
  clua_Runtime *rt = clua_runtime(L);
  rt->running = previous;
  hook_if_expired(rt, previous);
}

/* Only a host bug reaches this: an error outside any protected call. */
static int panic(lua_State *L) {
  const char *message = (lua_type(L, -1) == LUA_TSTRING) ? lua_tostring(L, -1) : "error object is not a string";
  fprintf(stderr, "permsim: PANIC: unprotected error in call to Lua API (%s)\n", message);
  fflush(stderr);
  abort();
  return 0;
}

/* Assembles warning pieces; hands each whole warning to the host (control messages "@…" are dropped). */
static void warning(void *ud, const char *message, int tocont) {
  clua_Runtime *rt = (clua_Runtime *)ud;
  size_t length = strlen(message);
  char *grown;
  if (!rt->warningpending && !tocont && message[0] == '@') return;
  grown = (char *)realloc(rt->warning, rt->warninglength + length + 1);
  if (grown == NULL) out_of_memory();
  memcpy(grown + rt->warninglength, message, length + 1);
  rt->warning = grown;
  rt->warninglength += length;
  rt->warningpending = tocont;
  if (tocont) return;
  rt->warninglength = 0;
  rt->releasing++;  /* may run inside a collection, like a release */
  rt->dispatch(rt->main, CLUA_EVENT_WARN, NULL, rt->warning, 0);
  rt->releasing--;
}

/* {====================================================================
** Lifecycle
** ===================================================================== */

lua_State *clua_newstate(const clua_Config *config) {
  clua_Runtime *rt = (clua_Runtime *)calloc(1, sizeof(clua_Runtime));
  lua_State *L;
  if (rt == NULL) out_of_memory();
  rt->limit = config->memory_limit;
  rt->budget = (config->instruction_limit > 0) ? config->instruction_limit : LLONG_MAX;
  rt->dispatch = config->dispatch;
  rt->release = config->release;
  atomic_init(&rt->interrupted, 0);
  L = lua_newstate(limited_alloc, rt);
  if (L == NULL) out_of_memory();
  *(clua_Runtime **)lua_getextraspace(L) = rt;
  rt->main = L;
  rt->current = L;
  rt->running = L;
  lua_atpanic(L, panic);
  lua_setwarnf(L, warning, rt);
  lua_sethook(L, clua_counthook, LUA_MASKCOUNT, CLUA_HOOK_PERIOD);  /* coroutines copy it */
  lua_pushcfunction(L, config->sandbox ? clua_opensandbox : clua_openall);
  lua_pushinteger(L, config->random_seed);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    fprintf(stderr, "permsim: cannot open the Lua libraries (%s)\n", lua_tostring(L, -1));
    abort();
  }
  return L;
}

void clua_close(lua_State *L) {
  clua_Runtime *rt = clua_runtime(L);
  lua_close(L);  /* runs finalizers; the allocator still needs 'rt' */
  free(rt->warning);
  free(rt);
}

void *clua_host(lua_State *L) { return clua_runtime(L)->host; }

int clua_releasing(lua_State *L) { return clua_runtime(L)->releasing > 0; }

void clua_sethost(lua_State *L, void *host) { clua_runtime(L)->host = host; }

lua_State *clua_current(lua_State *L) { return clua_runtime(L)->current; }

/* {====================================================================
** Limits
** ===================================================================== */

size_t clua_memoryused(lua_State *L) { return clua_runtime(L)->used; }

size_t clua_memorylimit(lua_State *L) { return clua_runtime(L)->limit; }

unsigned long clua_memoryrefusals(lua_State *L) { return clua_runtime(L)->refusals; }

void clua_setmemorylimit(lua_State *L, size_t limit) { clua_runtime(L)->limit = limit; }

long long clua_instructioncount(lua_State *L) { return clua_runtime(L)->count; }

void clua_charge(lua_State *L, size_t work) { clua_count(clua_runtime(L), (unsigned long long)work); }

void clua_setinstructioncount(lua_State *L, long long count) {
  clua_Runtime *rt = clua_runtime(L);
  if (watching(rt)) rt->watchspent = (rt->count > LLONG_MAX - rt->watchspent) ? LLONG_MAX : rt->watchspent + rt->count;
  rt->count = count;
  rt->stopwhere[0] = '\0';
}

long long clua_instructionlimit(lua_State *L) {
  long long budget = clua_runtime(L)->budget;
  return (budget == LLONG_MAX) ? 0 : budget;
}

void clua_setinstructionlimit(lua_State *L, long long limit) {
  clua_runtime(L)->budget = (limit > 0) ? limit : LLONG_MAX;
}

/* {====================================================================
** The budget watch
** =====================================================================
** While a count hook is set, Lua 5.4 traps every VM instruction, which costs a realistic case a few
** percent. A watched run sets none. A timer on the thread's CPU clock signals the thread every
** CLUA_WATCH_PERIOD of its CPU time; once a watched run could have spent its budget (its elapsed
** time at CLUA_WATCH_RATE), the signal handler hooks the running thread, as lua.c's Ctrl-C does,
** and the hook stops the run. The run stands only if it ended before that and its elapsed time at
** that rate, plus what it was charged, fits the budget: then a counted run could not have stopped
** it either and gives the same outcome. Otherwise the host runs it again, counted, so a verdict
** never depends on timing. Elapsed time is the monotonic clock's (read in ~20 ns, never behind the
** thread's CPU time); the timer is armed once per thread, so a run costs no system call.
*/

#if CLUA_WATCH
#define WATCH_SIGNAL SIGVTALRM
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

static __thread int thread_has_timer = 0;

static long long monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000 + now.tv_nsec;
}

static void on_watch_signal(int signal_number) {
  clua_Runtime *rt = watched_here;
  (void)signal_number;
  if (rt == NULL || rt->expired || monotonic_ns() - rt->watchstart < rt->budget / CLUA_WATCH_RATE) return;
  rt->expired = 1;  /* first: code that changes 'running' or a hook checks it afterwards */
  lua_sethook(rt->running, clua_counthook, LUA_MASKCOUNT, 1);
}

static pthread_once_t watch_signal_once = PTHREAD_ONCE_INIT;
static int watch_signal_ready = 0;

static void install_watch_signal(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_watch_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  watch_signal_ready = sigaction(WATCH_SIGNAL, &action, NULL) == 0;
}

/*
** Arms this thread's timer once, for the thread's life (1 when it runs). The thread's mask lets the
** signal through from then on (libdispatch's threads block nearly all signals).
*/
static int thread_timer(void) {
  struct sigevent event;
  struct itimerspec period;
  sigset_t watched;
  timer_t timer;
  if (thread_has_timer) return 1;
  pthread_once(&watch_signal_once, install_watch_signal);
  if (!watch_signal_ready) return 0;
  sigemptyset(&watched);
  sigaddset(&watched, WATCH_SIGNAL);
  memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = WATCH_SIGNAL;
  event.sigev_notify_thread_id = gettid();
  memset(&period, 0, sizeof period);
  period.it_value.tv_nsec = CLUA_WATCH_PERIOD;
  period.it_interval.tv_nsec = CLUA_WATCH_PERIOD;
  if (pthread_sigmask(SIG_UNBLOCK, &watched, NULL) != 0 ||
      timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer) != 0)
    return 0;
  if (timer_settime(timer, 0, &period, NULL) != 0) {
    timer_delete(timer);
    return 0;
  }
  thread_has_timer = 1;
  return 1;
}
#endif

int clua_watch_begin(lua_State *L) {
  clua_Runtime *rt = clua_runtime(L);
  clua_setinstructioncount(L, 0);
  rt->watchspent = 0;
  rt->expired = 0;
  rt->watchinterrupted = 0;
#if CLUA_WATCH
  if (watched_here != NULL || rt->budget == LLONG_MAX || rt->budget / CLUA_WATCH_RATE < CLUA_WATCH_SHORTEST ||
      !thread_timer())
    return 0;
  rt->running = rt->main;
  lua_sethook(rt->main, NULL, 0, 0);
  rt->watchstart = monotonic_ns();
  watched_here = rt;  /* last: the signal handler sees a watch only once the hook is off */
  return 1;
#else
  return 0;
#endif
}

int clua_watch_end(lua_State *L) {
  clua_Runtime *rt = clua_runtime(L);
#if CLUA_WATCH
  long long elapsed, left;
  if (!watching(rt)) return 1;
  watched_here = NULL;  /* first: no signal hooks a thread from now on */
  elapsed = monotonic_ns() - rt->watchstart;
  lua_sethook(rt->main, clua_counthook, LUA_MASKCOUNT, CLUA_HOOK_PERIOD);
  if (rt->watchinterrupted) return 1;  /* an interrupt stands: the run is being stopped */
  if (rt->expired) return 0;
  if (rt->watchspent > rt->budget || rt->count > rt->budget - rt->watchspent) return 0;
  left = rt->budget - rt->watchspent - rt->count;  /* instructions the charges left */
  return elapsed <= left / CLUA_WATCH_RATE;
#else
  (void)rt;
  return 1;
#endif
}

/* {====================================================================
** Interrupts (lua.c's 'laction': the hook raises, never the signal handler)
** ===================================================================== */

static clua_Runtime *volatile sigint_target = NULL;
static struct sigaction sigint_saved;

void clua_interrupt(lua_State *L) { atomic_store(&clua_runtime(L)->interrupted, 1); }

void clua_setgcstress(lua_State *L, int on) { clua_runtime(L)->gcstress = on; }

static void on_sigint(int signal_number) {
  clua_Runtime *rt = sigint_target;
  signal(signal_number, SIG_DFL);  /* a second Ctrl-C ends the process */
  if (rt != NULL) atomic_store(&rt->interrupted, 1);
}

int clua_catch_sigint(lua_State *L) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  sigint_target = clua_runtime(L);
  atomic_store(&sigint_target->interrupted, 0);
  sigint_target->stopwhere[0] = '\0';
  return sigaction(SIGINT, &action, &sigint_saved) == 0;
}

void clua_release_sigint(void) {
  sigaction(SIGINT, &sigint_saved, NULL);
  sigint_target = NULL;
}
