/*
** next and pairs of the sandbox, in an order that does not depend on the state.
**
** Lua seeds its string hash per state, so the native `next` visits string keys in an order that
** differs between two states, and with them every key that shares their hash table. A file whose top
** level registers scenarios in a `pairs` loop then registers them in another order in each worker,
** and a case's transcript depends on the state it ran in. The sandbox's `next` and `pairs` visit keys
** in one total order instead:
**
**   numbers, ascending (integers and floats together); then strings, in byte order; then false, true;
**   then every other key (tables, functions, userdata, threads) by address.
**
** Numbers, strings and booleans come in the same order on every run; the rest differ from run to run,
** as their addresses do. As with the native `next`, a field may be cleared (or changed) while a
** traversal runs; a key added meanwhile may or may not be visited.
**
** `pairs(t)` makes a snapshot of t's keys in order and walks it, skipping keys cleared meanwhile; when
** the native order is already the defined one (an array, a table of one key), it returns the native
** `next` and allocates nothing. `next(t, k)` alone finds the least key above `k` by a scan, or, for a
** table of more than a few keys, walks a snapshot cached for `t` (the call `next(t)` that starts a
** traversal drops it), so `for k, v in next, t` costs a sort, not a scan per step. Both charge the
** instruction budget for the keys they visit. A case body starts with no snapshot cached
** (clua_forgettraversals): were one left by an earlier case of a file whose top level the cases share,
** a key that case added would be missed where a fresh run of the top level finds it.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clua_runtime.h"

/* A key as the order sees it (24 bytes: a snapshot of a million keys costs 24 MB more while it is sorted). */
typedef struct Key {
  const void *p;         /* a string's bytes, or the address of a key that is not a number, string or boolean */
  union {
    lua_Integer i;
    lua_Number n;        /* a float, or a boolean as 0/1 */
    size_t len;          /* a string's length */
  } u;
  unsigned int slot;     /* where the key is in the snapshot being sorted (tables hold fewer than 2^32 keys) */
  unsigned char rank;    /* 0 number, 1 string, 2 boolean, 3 anything else */
  unsigned char isint;
} Key;

static void key_at(lua_State *L, int idx, Key *k) {
  memset(k, 0, sizeof *k);
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
      k->rank = 0;
      k->isint = (unsigned char)lua_isinteger(L, idx);
      if (k->isint) k->u.i = lua_tointeger(L, idx);
      else k->u.n = lua_tonumber(L, idx);
      break;
    case LUA_TSTRING:
      k->rank = 1;
      k->p = lua_tolstring(L, idx, &k->u.len);
      break;
    case LUA_TBOOLEAN:
      k->rank = 2;
      k->u.n = lua_toboolean(L, idx);
      break;
    default:
      k->rank = 3;
      k->p = lua_topointer(L, idx);
      break;
  }
}

/* i < f, exactly (as Lua compares an integer with a float). */
static int int_lt_float(lua_Integer i, lua_Number f) {
  if (i > -((lua_Integer)1 << 53) && i < ((lua_Integer)1 << 53)) return (lua_Number)i < f;
  if (f >= -(lua_Number)LUA_MININTEGER) return 1;  /* f >= 2^63 */
  if (f > (lua_Number)LUA_MININTEGER) return i < (lua_Integer)ceil(f);
  return 0;
}

static int float_lt_int(lua_Number f, lua_Integer i) {
  if (i > -((lua_Integer)1 << 53) && i < ((lua_Integer)1 << 53)) return f < (lua_Number)i;
  if (f >= -(lua_Number)LUA_MININTEGER) return 0;
  if (f >= (lua_Number)LUA_MININTEGER) return (lua_Integer)floor(f) < i;
  return 1;
}

static int key_cmp(const Key *a, const Key *b) {
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  switch (a->rank) {
    case 0:
      if (a->isint && b->isint) return a->u.i < b->u.i ? -1 : a->u.i > b->u.i;
      if (!a->isint && !b->isint) return a->u.n < b->u.n ? -1 : a->u.n > b->u.n;
      if (a->isint) return int_lt_float(a->u.i, b->u.n) ? -1 : 1;  /* never equal: keys are normalized */
      return float_lt_int(a->u.n, b->u.i) ? -1 : 1;
    case 1: {
      size_t len = a->u.len < b->u.len ? a->u.len : b->u.len;
      int c = memcmp(a->p, b->p, len);
      if (c != 0) return c < 0 ? -1 : 1;
      return a->u.len < b->u.len ? -1 : a->u.len > b->u.len;
    }
    case 2:
      return a->u.n < b->u.n ? -1 : a->u.n > b->u.n;
    default:
      return (uintptr_t)a->p < (uintptr_t)b->p ? -1 : (uintptr_t)a->p > (uintptr_t)b->p;
  }
}

static int key_qsort(const void *a, const void *b) { return key_cmp((const Key *)a, (const Key *)b); }


/*
** Pushes a snapshot of the keys of the table at 't': a table with the keys at 1..n in order and n at
** field 'n'. Returns n, or -1 (and pushes nothing) when 'sorted_ok' and the native order already is
** the defined one.
*/
static lua_Integer push_snapshot(lua_State *L, int t, int sorted_ok) {
  lua_Integer n = 0, i;
  int sorted = 1;
  Key previous, current;
  Key *keys;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    key_at(L, -1, &current);
    if (n > 0 && sorted && key_cmp(&previous, &current) > 0) sorted = 0;
    previous = current;
    n++;
  }
  clua_chargework(L, (lua_Unsigned)n);
  if (sorted && sorted_ok) return -1;
  lua_createtable(L, (int)(n < INT_MAX ? n : INT_MAX), 1);
  keys = (Key *)lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof(Key), 0);
  i = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    if (i == n) {  /* cannot happen: nothing adds keys between the two scans */
      lua_pop(L, 1);
      break;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, -4, ++i);  /* anchors the key (its string stays valid) */
    key_at(L, -1, &keys[i - 1]);
    keys[i - 1].slot = (unsigned int)i;
  }
  n = i;  /* fewer when a collection (of the allocations above) cleared entries of a weak table */
  qsort(keys, (size_t)n, sizeof(Key), key_qsort);
  if (n > 1) clua_chargework(L, (lua_Unsigned)n * 4u);
  /* Reorders the snapshot: position j takes the key from keys[j].slot, cycle by cycle. */
  for (i = 0; i < n; i++) {
    lua_Integer at, from;
    if (keys[i].slot == 0) continue;
    if ((lua_Integer)keys[i].slot == i + 1) {
      keys[i].slot = 0;
      continue;
    }
    lua_rawgeti(L, -2, i + 1);  /* the key the cycle starts by overwriting */
    at = i;
    for (;;) {
      from = (lua_Integer)keys[at].slot;
      keys[at].slot = 0;
      if (from == i + 1) {
        lua_rawseti(L, -3, at + 1);
        break;
      }
      lua_rawgeti(L, -3, from);
      lua_rawseti(L, -4, at + 1);
      at = from - 1;
    }
  }
  lua_pop(L, 1);  /* the keys */
  lua_pushinteger(L, n);
  lua_setfield(L, -2, "n");
  return n;
}

/*
** Pushes the key after position 'from' - 1 of the snapshot at 'snap' whose value in the table at 't'
** is not nil, and its value, and returns the position after it; returns 0 (pushing nil) at the end.
*/
static lua_Integer push_from(lua_State *L, int t, int snap, lua_Integer from, lua_Integer n) {
  for (; from <= n; from++) {
    lua_rawgeti(L, snap, from);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, t) != LUA_TNIL) return from + 1;
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 0;
}

/* The position of the least key of the snapshot above the key at 'k' (binary search), from 1. */
static lua_Integer position_after(lua_State *L, int snap, lua_Integer n, int k) {
  lua_Integer low = 1, high = n + 1;
  Key key, probe;
  key_at(L, k, &key);
  while (low < high) {
    lua_Integer middle = low + (high - low) / 2;
    lua_rawgeti(L, snap, middle);
    key_at(L, -1, &probe);
    lua_pop(L, 1);  /* the key stays anchored by the snapshot */
    if (key_cmp(&probe, &key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/* The snapshots 'next' walks, by table (weak keys), in the registry. */
static const char cache_key = 'c';

static void push_cache(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &cache_key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &cache_key);
}

void clua_forgettraversals(lua_State *L) {
  lua_pushnil(L);  /* setting an absent key to nil inserts nothing: no allocation, no error */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &cache_key);
}

/* Tables of up to this many keys are scanned for each step of 'next'; larger ones get a snapshot. */
#define SCAN_LIMIT 8

/* next(t, k): the least key of t above k (the least key when k is nil), and its value. */
static int ordered_next(lua_State *L) {
  lua_Integer n = 0, position;
  int found = 0;
  Key bound = {0}, best = {0}, current;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  push_cache(L);                                    /* 3: cache */
  if (lua_isnil(L, 2)) {
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 3) != LUA_TNIL) {             /* a new traversal: drop the old snapshot */
      lua_pushvalue(L, 1);
      lua_pushnil(L);
      lua_rawset(L, 3);
    }
    lua_pop(L, 1);
  } else {
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 3) == LUA_TTABLE) {           /* 4: the snapshot of this traversal */
      lua_getfield(L, 4, "n");
      n = lua_tointeger(L, -1);
      lua_getfield(L, 4, "at");
      position = lua_tointeger(L, -1);
      lua_pop(L, 2);
      if (position > 1 && position <= n + 1) {
        lua_rawgeti(L, 4, position - 1);
        if (!lua_rawequal(L, -1, 2)) position = 0;
        lua_pop(L, 1);
      } else {
        position = 0;
      }
      if (position == 0) position = position_after(L, 4, n, 2);
      position = push_from(L, 1, 4, position, n);
      lua_pushinteger(L, position);
      lua_setfield(L, 4, "at");
      return position == 0 ? 1 : 2;
    }
    lua_pop(L, 1);
    key_at(L, 2, &bound);
  }
  /* A scan for the least key above the bound. */
  lua_pushnil(L);                                   /* 4: the best key so far */
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    n++;
    key_at(L, -1, &current);
    if ((lua_isnil(L, 2) || key_cmp(&current, &bound) > 0) && (!found || key_cmp(&current, &best) < 0)) {
      best = current;
      found = 1;
      lua_pushvalue(L, -1);
      lua_replace(L, 4);
    }
  }
  clua_chargework(L, (lua_Unsigned)n);
  if (!lua_isnil(L, 2) && n > SCAN_LIMIT) {         /* a long traversal: walk a snapshot from now on */
    n = push_snapshot(L, 1, 0);                     /* 5 */
    position = position_after(L, 5, n, 2);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 5);
    lua_rawset(L, 3);
    position = push_from(L, 1, 5, position, n);
    lua_pushinteger(L, position);
    lua_setfield(L, 5, "at");
    return position == 0 ? 1 : 2;
  }
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 4);
  lua_pushvalue(L, 4);
  lua_rawget(L, 1);
  return 2;
}

/* The iterator pairs returns (upvalues: the snapshot, the position after the last key returned). */
static int snapshot_next(lua_State *L) {
  lua_Integer n, position;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  lua_getfield(L, lua_upvalueindex(1), "n");
  n = lua_tointeger(L, -1);
  lua_pop(L, 1);
  position = lua_tointeger(L, lua_upvalueindex(2));
  if (lua_isnil(L, 2)) {
    position = 1;
  } else {
    int follows = 0;  /* whether the control key is the one returned last (the usual loop) */
    if (position > 1 && position <= n + 1) {
      lua_rawgeti(L, lua_upvalueindex(1), position - 1);
      follows = lua_rawequal(L, -1, 2);
      lua_pop(L, 1);
    }
    if (!follows) position = position_after(L, lua_upvalueindex(1), n, 2);
  }
  position = push_from(L, 1, lua_upvalueindex(1), position, n);
  lua_pushinteger(L, position);
  lua_replace(L, lua_upvalueindex(2));
  return position == 0 ? 1 : 2;
}

static int pairs_continue(lua_State *L, int status, lua_KContext context) {
  (void)status;
  (void)context;
  return 3;
}

/* pairs(t): the __pairs metamethod's three values, or an iterator over t in the defined order. */
static int ordered_pairs(lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_callk(L, 1, 3, 0, pairs_continue);
    return 3;
  }
  if (lua_type(L, 1) != LUA_TTABLE) {               /* the loop raises, as with Lua's pairs */
    lua_pushcfunction(L, ordered_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
  }
  if (push_snapshot(L, 1, 1) < 0) {
    lua_pushvalue(L, lua_upvalueindex(1));          /* the native next: its order is the defined one */
  } else {
    lua_pushinteger(L, 1);
    lua_pushcclosure(L, snapshot_next, 2);
  }
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

void clua_openorder(lua_State *L) {
  lua_pushglobaltable(L);
  lua_getfield(L, -1, "next");
  lua_pushcclosure(L, ordered_pairs, 1);
  lua_setfield(L, -2, "pairs");
  lua_pushcfunction(L, ordered_next);
  lua_setfield(L, -2, "next");
  lua_pop(L, 1);
}
