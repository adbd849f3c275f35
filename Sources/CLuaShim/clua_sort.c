/*
** table.sort of the sandbox: Lua 5.4's algorithm, charged per comparison and the same on every run.
**
** The original sorts inside one C call. Its elements may come from an __index and go back through a
** __newindex, its comparisons may be a __lt, and its length may be what a __len makes up, all in C
** and out of the count hook's sight: a proxy whose __len says a billion and whose __index is a C
** function kept a case sorting until --timeout stopped it. This sort charges every comparison to the
** instruction budget (CLUA_SORT_COMPARISON_COST), so such a case ends with BudgetExceeded.
**
** It makes the same comparisons and exchanges as Lua 5.4.4's (median of three, then a partition
** around it, the smaller side first), so elements that compare equal end in the order lua5.4 leaves
** them, and a comparator sees the same calls. One difference: after a badly unbalanced partition Lua
** takes its next pivots at a place drawn from the clock; here the place is drawn from the interval's
** bounds, so a sort (and whether an inconsistent comparator is caught) does not depend on when it ran.
**
** Stack while sorting: 1 the table, 2 the comparator or nil, then at most four values.
*/
#include <limits.h>

#include "clua_runtime.h"

/*
** What one comparison is charged, in VM instructions: about what it takes (lua5.4 on the development
** machine: an instruction 2.5-3.3 ns, a comparison while sorting an array of integers 27-32 ns, one
** through a proxy whose __index is a C function 120 ns). Sorting 100,000 numbers is charged 17 M.
*/
#define CLUA_SORT_COMPARISON_COST 10u

/* Below this size an interval always takes its middle element as the pivot (Lua's RANLIMIT). */
#define SORT_SPREAD_LIMIT 100u

typedef unsigned int Index;

/* Whether the value at 'a' sorts before the value at 'b' (negative stack indices), charged. */
static int sorts_before(lua_State *L, int a, int b) {
  int before;
  clua_chargework(L, CLUA_SORT_COMPARISON_COST);
  if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a - 1);  /* each push moves the other value one further from the top */
  lua_pushvalue(L, b - 2);
  lua_call(L, 2, 1);
  before = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return before;
}

/* Pops the top value into t[i] and the one below it into t[j]. */
static void store_two(lua_State *L, Index i, Index j) {
  lua_seti(L, 1, i);
  lua_seti(L, 1, j);
}

/* With t[i] below t[j] on top of the stack: exchanges them in t when t[j] sorts before t[i]; pops both. */
static void order_two(lua_State *L, Index i, Index j) {
  if (sorts_before(L, -1, -2))
    store_two(L, i, j);
  else
    lua_pop(L, 2);
}

/*
** Partitions t[lo..up] around the pivot P on top of the stack (also at t[up - 1]); returns P's final
** place, with t[lo..place - 1] <= P <= t[place + 1..up]. Pops P.
*/
static Index partition(lua_State *L, Index lo, Index up) {
  Index i = lo, j = up - 1;
  for (;;) {
    while (lua_geti(L, 1, ++i), sorts_before(L, -1, -2)) {  /* t[i] < P */
      if (i == up - 1) luaL_error(L, "invalid order function for sorting");
      lua_pop(L, 1);
    }
    while (lua_geti(L, 1, --j), sorts_before(L, -3, -1)) {  /* P < t[j] */
      if (j < i) luaL_error(L, "invalid order function for sorting");
      lua_pop(L, 1);
    }
    if (j < i) {  /* nothing left to exchange: P goes to i */
      lua_pop(L, 1);
      store_two(L, up - 1, i);
      return i;
    }
    store_two(L, i, j);
  }
}

/* A pivot's place in the middle half of [lo, up], drawn from 'spread'. */
static Index spread_pivot(Index lo, Index up, unsigned int spread) {
  Index quarter = (up - lo) / 4;
  return spread % (quarter * 2) + lo + quarter;
}

/* A nonzero number drawn from an interval's bounds (where Lua draws one from the clock). */
static unsigned int spread_from(Index lo, Index up) {
  unsigned int h = (lo * 2654435761u) ^ (up * 2246822519u);
  h ^= h >> 15;
  return h | 1u;
}

static void sort_interval(lua_State *L, Index lo, Index up, unsigned int spread) {
  while (lo < up) {  /* the larger side loops, the smaller one recurses */
    Index p, smaller;
    lua_geti(L, 1, lo);
    lua_geti(L, 1, up);
    order_two(L, lo, up);
    if (up - lo == 1) break;
    p = (up - lo < SORT_SPREAD_LIMIT || spread == 0) ? (lo + up) / 2 : spread_pivot(lo, up, spread);
    lua_geti(L, 1, p);
    lua_geti(L, 1, lo);
    if (sorts_before(L, -2, -1)) {  /* t[p] < t[lo] */
      store_two(L, p, lo);
    } else {  /* t[p] stays for the next comparison */
      lua_pop(L, 1);
      lua_geti(L, 1, up);
      order_two(L, p, up);
    }
    if (up - lo == 2) break;
    lua_geti(L, 1, p);  /* the pivot, kept on the stack through the partition */
    lua_pushvalue(L, -1);
    lua_geti(L, 1, up - 1);
    store_two(L, p, up - 1);  /* t[p] = t[up - 1], t[up - 1] = pivot */
    p = partition(L, lo, up);
    if (p - lo < up - p) {
      sort_interval(L, lo, p - 1, spread);
      smaller = p - lo;
      lo = p + 1;
    } else {
      sort_interval(L, p + 1, up, spread);
      smaller = up - p;
      up = p - 1;
    }
    if ((up - lo) / 128 > smaller) spread = spread_from(lo, up);  /* too unbalanced: pivots elsewhere */
  }
}

int clua_sort(lua_State *L) {
  lua_Integer n = clua_tablelength(L);
  if (n > 1) {
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    sort_interval(L, 1, (Index)n, 0);
  }
  return 0;
}
