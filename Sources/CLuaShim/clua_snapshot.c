/*
** Snapshots of what a file's top level left behind, so that its cases can share one run of it.
**
** Every case must see its file's top level as a fresh run leaves it. Running the top level again
** for each case does that, at a cost that grows with the file (a file of N cases runs N top levels
** of N registrations). Instead the loader runs the top level once, takes a snapshot of everything
** the cases can reach, and after each case checks that the part that case could reach is as the
** snapshot recorded it. While it is, the next case starts from a state no fresh run could tell apart
** (same values, same tables with the same keys in the same traversal order and border, same
** closures with the same upvalues); once it is not, the loader runs the top level afresh.
**
** A snapshot holds one record per table and closure, reached from the roots through keys, values,
** metatables and upvalues:
**
**   table:    raw length, metatable, then its memory: layout, array slots and hash slots (see table);
**   closure:  each upvalue's value (a C function without upvalues is a value, like a number).
**
** Same keys and values do not make the same table: one a case grew and emptied keeps its bigger
** array part, and Lua leaves open what depends on that (`#t` of a table with holes picks a border by
** the array's size and the length hint; keys added while `next` walks a table may or may not be
** visited, by where they land). So a table's record is read from Lua 5.4's own structures (lobject.h,
** which Debian does not ship): its layout, and each slot's tags and bits in memory order, which is
** also the order `lua_next` follows. A check then compares memory with the record, without a call
** into Lua for each entry. The raw length is taken first, so the hint it settles is the one recorded.
** A check when the library opens (layout_check) confirms the structures are where 5.4.4 puts them,
** and a take confirms each entry against `lua_next`; when they are not, there is no snapshot, and
** every case runs its file's top level afresh.
**
** An upvalue or metatable is two words: its kind and its bits (a number's bits; the address of a
** string's bytes, a table or a function); a slot in a table, its tag and bits. Short strings are
** interned, so equal contents have one address; two equal long strings at different addresses read
** as a change, which only costs a fresh run. Every string, table and closure recorded is kept alive
** by the snapshot, so no new object can take a recorded address (a case that dropped a string and
** made another of the same size would otherwise get the freed address, and its change would read as
** none).
** Values listed as opaque (the API's functions and userdata, which the host trusts) are compared by
** identity and not entered. A thread or any other userdata makes the graph unsafe to share: `take`
** returns nil and the loader runs the top level for every case.
*/
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clua_runtime.h"

static const char library_key = 0;   /* registry: the library table */
#define SNAPSHOT_TYPE "permsim.snapshot"

/* A recorded value's kind (the first of its two words). */
enum { V_NIL, V_FALSE, V_TRUE, V_INT, V_FLOAT, V_STRING, V_TABLE, V_FUNCTION, V_CFUNCTION, V_LIGHT, V_OPAQUE };

/*
** Where an object's record is: 'start' and 'length' in words (or OPAQUE_RECORD); 'kept', its index in
** the table that keeps the snapshot's objects alive (a check pushes it from there); 'epoch' marks a
** check's visit.
*/
typedef struct Slot {
  const void *p;
  uint32_t start, length, epoch, kept;
} Slot;

#define OPAQUE_RECORD UINT32_MAX
/* Past this many words (64 MiB) a top level is too big to snapshot: its cases run it afresh. */
#define MAX_WORDS ((size_t)8 << 20)

typedef struct Snapshot {
  uint64_t *words;
  size_t count, capacity;
  Slot *slots;               /* open addressing by address; a power of two, at most half full */
  size_t slotcount, used;
  uint32_t epoch;
} Snapshot;

typedef enum { OK, CHANGED, UNSAFE } Verdict;

/* {====================================================================
** The address set
** ===================================================================== */

static size_t slot_index(const Snapshot *s, const void *p) {
  uintptr_t h = (uintptr_t)p;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15ULL;
  return (size_t)(h >> 7) & (s->slotcount - 1);
}

static Slot *find_slot(const Snapshot *s, const void *p) {
  size_t i;
  if (s->slotcount == 0) return NULL;
  for (i = slot_index(s, p); s->slots[i].p != NULL; i = (i + 1) & (s->slotcount - 1))
    if (s->slots[i].p == p) return &s->slots[i];
  return NULL;
}

/* The slot for 'p', added when missing ('*added' set); NULL when out of memory. */
static Slot *add_slot(Snapshot *s, const void *p, int *added) {
  size_t i;
  *added = 0;
  if (2 * (s->used + 1) > s->slotcount) {
    size_t n = s->slotcount ? 2 * s->slotcount : 256, j;
    Slot *old = s->slots, *fresh = (Slot *)calloc(n, sizeof(Slot));
    size_t oldcount = s->slotcount;
    if (fresh == NULL) return NULL;
    s->slots = fresh;
    s->slotcount = n;
    for (j = 0; j < oldcount; j++) {
      if (old[j].p == NULL) continue;
      for (i = slot_index(s, old[j].p); fresh[i].p != NULL; i = (i + 1) & (n - 1)) {}
      fresh[i] = old[j];
    }
    free(old);
  }
  for (i = slot_index(s, p); s->slots[i].p != NULL; i = (i + 1) & (s->slotcount - 1))
    if (s->slots[i].p == p) return &s->slots[i];
  s->slots[i].p = p;
  s->slots[i].start = s->slots[i].length = s->slots[i].epoch = s->slots[i].kept = 0;
  s->used++;
  *added = 1;
  return &s->slots[i];
}

/* {====================================================================
** Table layouts (Lua 5.4's Table and Node, as lobject.h declares them)
** ===================================================================== */

typedef union LayoutValue { void *gc; lua_Integer i; lua_Number n; } LayoutValue;
typedef struct LayoutTValue { LayoutValue value_; unsigned char tt_; } LayoutTValue;
typedef union LayoutNode {
  struct { LayoutValue value_; unsigned char tt_, key_tt; int next; LayoutValue key_val; } u;
  struct { LayoutValue value_; unsigned char tt_; } i_val;
} LayoutNode;
typedef struct LayoutTable {
  void *gcnext;
  unsigned char tt, marked, flags, lsizenode;
  unsigned int alimit;
  LayoutTValue *array;
  LayoutNode *node, *lastfree;
  struct LayoutTable *metatable;
  void *gclist;
} LayoutTable;

#define LAYOUT_VTABLE 5          /* LUA_VTABLE */
#define LAYOUT_VEMPTY 16         /* LUA_VEMPTY: a slot never used */
#define LAYOUT_VTRUE 17          /* LUA_VTRUE */
#define LAYOUT_VFALSE 1          /* LUA_VFALSE */
#define LAYOUT_VNUMINT 3         /* LUA_VNUMINT */
#define LAYOUT_SHORTSTRING 68    /* LUA_VSHRSTR with BIT_ISCOLLECTABLE */
#define LAYOUT_NOTREALSIZE 0x80  /* BITRAS: 'alimit' is a hint, not the array's size */
#define LAYOUT_COLLECTABLE 0x40  /* BIT_ISCOLLECTABLE, in a tag (a dead key's tag has no such bit) */

/* 1: tables are laid out as in Lua 5.4.4, and records hold layouts; 0: they do not; -1: not checked yet. */
static atomic_int layout_known = -1;

/* The size of the array part of 't' (luaH_realasize): 'alimit', or when that is only a hint, the power of 2 above it. */
static size_t array_size(const LayoutTable *t) {
  size_t size = t->alimit, real = 1;
  if ((t->flags & LAYOUT_NOTREALSIZE) == 0 || (size & (size - 1)) == 0) return size;
  while (real < size) real <<= 1;
  return real;
}

/* Whether tables built through the API have the layout 5.4.4 gives them, read through LayoutTable. */
static int layout_check(lua_State *L) {
  const LayoutTable *t;
  int ok, used = 0, i;
  lua_createtable(L, 5, 0);
  t = (const LayoutTable *)lua_topointer(L, -1);
  lua_pushinteger(L, 42);
  lua_rawseti(L, -2, 1);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, 2);
  ok = t->tt == LAYOUT_VTABLE && t->alimit == 5 && array_size(t) == 5 && t->lsizenode == 0 && t->lastfree == NULL &&
       t->metatable == NULL && t->array[0].tt_ == LAYOUT_VNUMINT && t->array[0].value_.i == 42 &&
       t->array[1].tt_ == LAYOUT_VFALSE && (t->array[2].tt_ & 0x0F) == LUA_TNIL;
  lua_pop(L, 1);
  lua_createtable(L, 0, 9);  /* a hash part of 16 slots */
  t = (const LayoutTable *)lua_topointer(L, -1);
  ok = ok && t->tt == LAYOUT_VTABLE && t->alimit == 0 && t->lsizenode == 4 && t->lastfree == t->node + 16;
  for (i = 0; ok && i < 16; i++)
    ok = t->node[i].u.tt_ == LAYOUT_VEMPTY && t->node[i].u.key_tt == 0 && t->node[i].u.next == 0;
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "layout");
  lua_pushliteral(L, "layout");
  for (i = 0; ok && i < 16; i++) {
    if (t->node[i].u.tt_ == LAYOUT_VEMPTY) continue;
    used++;
    ok = t->node[i].u.tt_ == LAYOUT_VTRUE && t->node[i].u.key_tt == LAYOUT_SHORTSTRING &&
         t->node[i].u.key_val.gc == lua_topointer(L, -1);
  }
  lua_pop(L, 2);
  ok = ok && used == 1;
  lua_createtable(L, 0, 4);  /* integers 4 and 7 share slot 1 (4 mod 3, 7 mod 3): 7 goes to the free slot 3 */
  t = (const LayoutTable *)lua_topointer(L, -1);
  lua_pushboolean(L, 1);
  lua_rawseti(L, -2, 4);
  lua_pushboolean(L, 1);
  lua_rawseti(L, -2, 7);
  ok = ok && t->lsizenode == 2 && t->lastfree == t->node + 3 && t->node[1].u.next == 2 &&
       t->node[3].u.key_tt == LAYOUT_VNUMINT && t->node[3].u.key_val.i == 7 && t->node[3].u.tt_ == LAYOUT_VTRUE;
  lua_pop(L, 1);
  lua_createtable(L, 8, 0);  /* 1..5 of 8: #t makes 5 the length hint, no longer the array's size */
  t = (const LayoutTable *)lua_topointer(L, -1);
  for (i = 1; i <= 5; i++) {
    lua_pushboolean(L, 1);
    lua_rawseti(L, -2, i);
  }
  ok = ok && t->alimit == 8 && (t->flags & LAYOUT_NOTREALSIZE) == 0 && lua_rawlen(L, -1) == 5 && t->alimit == 5 &&
       (t->flags & LAYOUT_NOTREALSIZE) != 0 && array_size(t) == 8;
  lua_pop(L, 1);
  return ok;
}

/* {====================================================================
** Walking the graph
** ===================================================================== */

/*
** One walk: 'take' writes records; a check compares with them, word by word. Objects wait in the
** worklist table at stack index 'list' ('pending' of them); the snapshot keeps its objects in the
** table at 'keep' ('kept' of them), where a check finds those it must walk.
*/
typedef struct Walk {
  lua_State *L;
  Snapshot *s;
  int take;
  int list, keep;
  lua_Integer pending, kept;
  size_t cursor, end;        /* a check: the next word to compare, and where the record ends */
  int api;                   /* a check met an opaque value: the API, which reaches the globals */
  int livekeys;              /* a take met a removed key the collector has not marked dead yet */
} Walk;

static inline __attribute__((always_inline)) Verdict word(Walk *w, uint64_t x) {
  Snapshot *s = w->s;
  if (!w->take) return (w->cursor < w->end && s->words[w->cursor++] == x) ? OK : CHANGED;
  if (s->count == s->capacity) {
    size_t n = s->capacity ? 2 * s->capacity : 1024;
    uint64_t *grown;
    if (n > MAX_WORDS) return UNSAFE;
    grown = (uint64_t *)realloc(s->words, n * sizeof(uint64_t));
    if (grown == NULL) return UNSAFE;
    s->words = grown;
    s->capacity = n;
  }
  s->words[s->count++] = x;
  return OK;
}

/* Keeps the value at 'idx' alive for as long as the snapshot lives: no other object may take its address. */
static void keep(Walk *w, int idx) {
  lua_pushvalue(w->L, idx);
  lua_rawseti(w->L, w->keep, ++w->kept);
}

/*
** A check's visit of the object 'p', met in a record: its slot when it must be checked now, else
** NULL, with '*v' CHANGED (the top level left no such object) or OK (the API's own, or checked already).
*/
static Slot *visit(Walk *w, const void *p, Verdict *v) {
  Slot *slot = find_slot(w->s, p);
  *v = slot == NULL ? CHANGED : OK;
  if (slot == NULL) return NULL;
  if (slot->length == OPAQUE_RECORD) {
    w->api = 1;
    return NULL;
  }
  if (slot->epoch == w->s->epoch) return NULL;
  slot->epoch = w->s->epoch;
  return slot;
}

/* Queues the table or closure at 'idx' for its record unless it has one (take) or was checked (check). */
static Verdict enter(Walk *w, int idx, const void *p) {
  Slot *slot;
  Verdict v = OK;
  if (w->take) {
    int added;
    slot = add_slot(w->s, p, &added);
    if (slot == NULL) return UNSAFE;
    if (!added) return OK;
    keep(w, idx);
    slot->kept = (uint32_t)w->kept;
  } else if ((slot = visit(w, p, &v)) == NULL) {
    return v;
  }
  lua_pushvalue(w->L, idx);
  lua_rawseti(w->L, w->list, ++w->pending);
  return OK;
}

static int has_upvalues(lua_State *L, int idx) {
  if (lua_getupvalue(L, idx, 1) == NULL) return 0;
  lua_pop(L, 1);
  return 1;
}

/*
** A take's step for the value at 'idx' (an absolute index): keeps a string alive, queues a table or
** closure for its record, and refuses a full userdata or a thread that is not the API's own.
*/
static Verdict hold(Walk *w, int idx) {
  lua_State *L = w->L;
  Slot *slot;
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: keep(w, idx); return OK;
    case LUA_TTABLE: return enter(w, idx, lua_topointer(L, idx));
    case LUA_TFUNCTION:
      if (lua_iscfunction(L, idx) && !has_upvalues(L, idx)) return OK;  /* immutable: a value */
      return enter(w, idx, lua_topointer(L, idx));
    case LUA_TUSERDATA:
    case LUA_TTHREAD:
      slot = find_slot(w->s, lua_topointer(L, idx));
      return slot != NULL && slot->length == OPAQUE_RECORD ? OK : UNSAFE;
    default: return OK;
  }
}

/* Records or checks the value at 'idx' (an absolute index: an upvalue or a metatable), queueing the objects it leads to. */
static Verdict value(Walk *w, int idx) {
  lua_State *L = w->L;
  Verdict v;
  uint64_t kind, bits = 0;
  const void *p = NULL;
  switch (lua_type(L, idx)) {
    case LUA_TNIL: kind = V_NIL; break;
    case LUA_TBOOLEAN: kind = lua_toboolean(L, idx) ? V_TRUE : V_FALSE; break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) {
        lua_Integer i = lua_tointeger(L, idx);
        kind = V_INT;
        memcpy(&bits, &i, sizeof bits);
      } else {
        lua_Number n = lua_tonumber(L, idx);
        kind = V_FLOAT;
        memcpy(&bits, &n, sizeof bits);
      }
      break;
    case LUA_TSTRING: kind = V_STRING; bits = (uint64_t)(uintptr_t)lua_tostring(L, idx); break;
    case LUA_TLIGHTUSERDATA: kind = V_LIGHT; bits = (uint64_t)(uintptr_t)lua_touserdata(L, idx); break;
    case LUA_TTABLE:
      kind = V_TABLE;
      p = lua_topointer(L, idx);
      break;
    case LUA_TFUNCTION:
      p = lua_topointer(L, idx);
      if (lua_iscfunction(L, idx) && !has_upvalues(L, idx)) {
        kind = V_CFUNCTION;  /* immutable: a value */
        bits = (uint64_t)(uintptr_t)p;
        p = NULL;
      } else {
        kind = V_FUNCTION;
      }
      break;
    default: {  /* full userdata, threads: only the API's own, by identity */
      Slot *slot = find_slot(w->s, lua_topointer(L, idx));
      if (slot == NULL || slot->length != OPAQUE_RECORD) return w->take ? UNSAFE : CHANGED;
      w->api = 1;
      kind = V_OPAQUE;
      bits = (uint64_t)(uintptr_t)lua_topointer(L, idx);
    }
  }
  if (p != NULL) bits = (uint64_t)(uintptr_t)p;
  if (w->take ? (v = hold(w, idx)) != OK : p != NULL && (v = enter(w, idx, p)) != OK) return v;
  if ((v = word(w, kind)) != OK) return v;
  return word(w, bits);
}

/* Whether a value or key of tag 'tt' has bits to record: not a nil (or empty slot) and not a boolean. */
static inline int has_bits(unsigned tt) {
  unsigned type = tt & 0x0F;
  return type != LUA_TNIL && type != LUA_TBOOLEAN;
}

/* A check's step for a table, closure or userdata its record names where it still is: queued from the snapshot's keep. */
static Verdict follow(Walk *w, const void *p) {
  Verdict v;
  Slot *slot = visit(w, p, &v);
  if (slot == NULL) return v;
  lua_rawgeti(w->L, w->keep, slot->kept);
  lua_rawseti(w->L, w->list, ++w->pending);
  return OK;
}

/*
** Records or checks the bits of a key or value of tag 'tt' in a table's memory. A check that finds
** them as recorded follows the table, closure or userdata they point to (a string's address decides
** alone: the snapshot keeps it alive). 'dead' is for an empty slot's key, which no one can reach.
*/
static inline __attribute__((always_inline)) Verdict bits(Walk *w, unsigned tt, const LayoutValue *at, int dead) {
  uint64_t x;
  Verdict v;
  memcpy(&x, at, sizeof x);
  if ((v = word(w, x)) != OK || w->take || dead || !(tt & LAYOUT_COLLECTABLE) || (tt & 0x0F) == LUA_TSTRING) return v;
  return follow(w, at->gc);
}

/*
** A take's note of a full userdata at 'at' in a table's memory, which hold found to be the API's own:
** the API's userdata are known by the address lua_topointer gives (their memory block), a table's
** memory has their object's, and a check must know them by it too.
*/
static Verdict alias(Walk *w, unsigned tt, const LayoutValue *at) {
  int added;
  Slot *slot;
  if ((tt & 0x0F) != LUA_TUSERDATA || !(tt & LAYOUT_COLLECTABLE)) return OK;
  if ((slot = add_slot(w->s, at->gc, &added)) == NULL) return UNSAFE;
  slot->length = OPAQUE_RECORD;
  return OK;
}

/*
** A take's step for the next entry of the table at 'idx' (lua_next's key on top of the stack), whose
** key and value are at 'key' and 'at' in the table's memory (tags 'keytt' and 'tt'; no key for the
** array part): the entry as lua_next gives it, held (see hold). lua_next visits entries in memory
** order, array part first, so this confirms the layout as it goes.
*/
static Verdict held(Walk *w, int idx, unsigned keytt, const LayoutValue *key, unsigned tt, const LayoutValue *at) {
  lua_State *L = w->L;
  Verdict v;
  int top;
  if (!lua_next(L, idx)) return UNSAFE;
  top = lua_gettop(L);
  if ((tt & LAYOUT_COLLECTABLE) && (tt & 0x0F) != LUA_TUSERDATA && lua_topointer(L, top) != at->gc) return UNSAFE;
  if ((v = hold(w, top - 1)) != OK || (v = hold(w, top)) != OK) return v;
  if ((key != NULL && (v = alias(w, keytt, key)) != OK) || (v = alias(w, tt, at)) != OK) return v;
  lua_pop(L, 1);
  return OK;
}

/*
** Records or checks the table at 'idx' (an absolute index), from Lua 5.4's own structures (the header
** explains why): its raw length (first, as it settles the length hint), its metatable, its layout
** (the length hint and whether it is the array's size, the hash part's size and free pointer), each
** array slot's tag and bits, and each hash slot's value tag, key tag and collision link, key bits and
** value bits. A slot without a value keeps the key it last held, which decides where `t[k] = v` puts
** k: it goes back to a slot that still names it (live, or dead once the collector has marked it),
** while any other key takes a free slot or makes Lua rehash the table, which can move its array part
** and so `#t`. (A take that meets a removed key that is still alive collects the garbage and starts
** again, so that such keys are dead in a fresh run as in a shared one, whatever collections a case
** makes.) A check reads memory only, without a call into Lua for each entry.
*/
static Verdict table(Walk *w, int idx) {
  lua_State *L = w->L;
  const LayoutTable *t = (const LayoutTable *)lua_topointer(L, idx);
  Verdict v;
  size_t asize, size, i;
  int dummy;
  if ((v = word(w, (uint64_t)lua_rawlen(L, idx))) != OK) return v;
  if (!lua_getmetatable(L, idx)) lua_pushnil(L);
  v = value(w, lua_gettop(L));
  lua_pop(L, 1);
  if (v != OK) return v;
  dummy = t->lastfree == NULL;  /* no hash part: the shared dummy slot */
  size = dummy ? 0 : (size_t)1 << t->lsizenode;
  asize = array_size(t);
  v = word(w, (uint64_t)t->alimit | (uint64_t)(t->flags & LAYOUT_NOTREALSIZE) << 32 | (uint64_t)t->lsizenode << 40 |
                  (uint64_t)dummy << 48);
  if (v == OK && !dummy) v = word(w, (uint64_t)(t->lastfree - t->node));
  if (w->take) lua_pushnil(L);  /* a take meets each entry on the stack as well, to hold what it refers to */
  for (i = 0; v == OK && i < asize; i++) {
    const LayoutTValue *o = &t->array[i];
    if ((v = word(w, o->tt_)) != OK) break;
    if (has_bits(o->tt_) && (v = bits(w, o->tt_, &o->value_, 0)) != OK) break;
    if (w->take && (o->tt_ & 0x0F) != LUA_TNIL) v = held(w, idx, 0, NULL, o->tt_, &o->value_);
  }
  for (i = 0; v == OK && i < size; i++) {
    const LayoutNode *n = &t->node[i];
    unsigned tt = n->u.tt_, key = n->u.key_tt;
    int empty = (tt & 0x0F) == LUA_TNIL;
    if ((v = word(w, tt | key << 8 | (uint64_t)(uint32_t)n->u.next << 32)) != OK) break;
    if (has_bits(key) && (v = bits(w, key, &n->u.key_val, empty)) != OK) break;
    if (has_bits(tt) && (v = bits(w, tt, &n->u.value_, 0)) != OK) break;
    if (!w->take) continue;
    if (empty) w->livekeys |= (key & LAYOUT_COLLECTABLE) != 0;
    else v = held(w, idx, key, &n->u.key_val, tt, &n->u.value_);
  }
  if (v == OK && w->take && lua_next(L, idx)) v = UNSAFE;  /* an entry the memory did not show */
  return v;
}


/*
** A check, at upvalue 'n' of the Lua closure at 'idx' (its value on top): when the top level left a
** nil, a boolean or a number there and the case put something else, puts the recorded value back and
** pops the value on top (the case's `before_each` setting `local phone` is the common case). Returns
** whether it did; the caller then goes on to the next upvalue.
*/
static int restore(Walk *w, int idx, int n) {
  lua_State *L = w->L;
  const uint64_t *recorded = w->s->words + w->cursor;
  uint64_t kind;
  if (w->cursor + 2 > w->end || (kind = recorded[0]) > V_FLOAT) return 0;
  switch (lua_type(L, -1)) {  /* unchanged? */
    case LUA_TNIL: if (kind == V_NIL) return 0; break;
    case LUA_TBOOLEAN: if (kind == (lua_toboolean(L, -1) ? V_TRUE : V_FALSE)) return 0; break;
    case LUA_TNUMBER: {
      uint64_t bits;
      if (lua_isinteger(L, -1)) {
        lua_Integer i = lua_tointeger(L, -1);
        memcpy(&bits, &i, sizeof bits);
        if (kind == V_INT && bits == recorded[1]) return 0;
      } else {
        lua_Number x = lua_tonumber(L, -1);
        memcpy(&bits, &x, sizeof bits);
        if (kind == V_FLOAT && bits == recorded[1]) return 0;
      }
      break;
    }
    default: break;
  }
  lua_pop(L, 1);
  switch (kind) {
    case V_NIL: lua_pushnil(L); break;
    case V_FALSE: lua_pushboolean(L, 0); break;
    case V_TRUE: lua_pushboolean(L, 1); break;
    case V_INT: {
      lua_Integer i;
      memcpy(&i, &recorded[1], sizeof i);
      lua_pushinteger(L, i);
      break;
    }
    default: {
      lua_Number x;
      memcpy(&x, &recorded[1], sizeof x);
      lua_pushnumber(L, x);
    }
  }
  lua_setupvalue(L, idx, n);
  w->cursor += 2;
  return 1;
}

/* Records or checks the table or closure at 'idx' (an absolute index). */
static Verdict object(Walk *w, int idx) {
  lua_State *L = w->L;
  Verdict v;
  if (lua_type(L, idx) == LUA_TTABLE) return table(w, idx);
  for (int n = 1; lua_getupvalue(L, idx, n) != NULL; n++) {
    if (!w->take && !lua_iscfunction(L, idx) && restore(w, idx, n)) continue;
    v = value(w, lua_gettop(L));
    lua_pop(L, 1);
    if (v != OK) return v;
  }
  return OK;
}

/* Walks from the roots at stack indices [first, last] until the worklist is empty. */
static Verdict walk(Walk *w, int first, int last) {
  lua_State *L = w->L;
  Verdict v;
  int i;
  if (!lua_checkstack(L, 8)) return w->take ? UNSAFE : CHANGED;
  for (i = first; i <= last; i++) {  /* a root is where the walk starts, not a value in a record */
    int type = lua_type(L, i);
    if (type == LUA_TTABLE || (type == LUA_TFUNCTION && (!lua_iscfunction(L, i) || has_upvalues(L, i)))) {
      if ((v = enter(w, i, lua_topointer(L, i))) != OK) return v;
    } else if (type != LUA_TFUNCTION && type != LUA_TNIL) {
      return w->take ? UNSAFE : CHANGED;
    }
  }
  while (w->pending > 0) {
    int idx;
    Slot *slot;
    lua_rawgeti(L, w->list, w->pending);
    lua_pushnil(L);
    lua_rawseti(L, w->list, w->pending--);
    idx = lua_gettop(L);
    slot = find_slot(w->s, lua_topointer(L, idx));
    if (w->take) {
      uint32_t start = (uint32_t)w->s->count;
      v = object(w, idx);
      slot = find_slot(w->s, lua_topointer(L, idx));  /* the set may have grown meanwhile */
      slot->start = start;
      slot->length = (uint32_t)(w->s->count - start);
    } else {
      w->cursor = slot->start;
      w->end = (size_t)slot->start + slot->length;
      v = object(w, idx);
      if (v == OK && w->cursor != w->end) v = CHANGED;
    }
    lua_settop(L, idx - 1);
    if (v != OK) return v;
  }
  return OK;
}

/* {====================================================================
** The library: take and same
** ===================================================================== */

static int snapshot_gc(lua_State *L) {
  Snapshot *s = (Snapshot *)lua_touserdata(L, 1);
  free(s->words);
  free(s->slots);
  s->words = NULL;
  s->slots = NULL;
  s->count = s->capacity = s->slotcount = s->used = 0;
  return 0;
}

/* One take (see snapshot_take): 1 with the snapshot on top of the stack, or 0 when the graph cannot be shared. */
static int take(lua_State *L, int *livekeys) {
  Snapshot *s;
  Walk w;
  lua_Integer i, roots;
  Verdict v = OK;
  int list;
  lua_settop(L, 3);
  if (atomic_load_explicit(&layout_known, memory_order_relaxed) != 1) return 0;  /* tables cannot be read */
  roots = (lua_Integer)lua_rawlen(L, 1);
  s = (Snapshot *)lua_newuserdatauv(L, sizeof(Snapshot), 2);  /* 4 */
  memset(s, 0, sizeof *s);
  luaL_setmetatable(L, SNAPSHOT_TYPE);
  lua_createtable(L, 64, 0);  /* 5: what the snapshot keeps alive */
  lua_pushvalue(L, 5);
  lua_setiuservalue(L, 4, 1);
  lua_createtable(L, 32, 0);  /* 6: the worklist, which each check uses again */
  lua_pushvalue(L, 6);
  lua_setiuservalue(L, 4, 2);
  w.L = L;
  w.s = s;
  w.take = 1;
  w.list = 6;
  w.keep = 5;
  w.pending = w.kept = 0;
  w.cursor = w.end = 0;
  w.api = 0;
  w.livekeys = 0;
  for (list = 2; list <= 3; list++) {
    lua_Integer opaque = (lua_Integer)lua_rawlen(L, list);
    for (i = 1; i <= opaque && v == OK; i++) {
      int added;
      Slot *slot;
      lua_rawgeti(L, list, i);
      if (lua_iscfunction(L, -1) && !has_upvalues(L, -1)) {  /* a value already (see 'value'): no slot */
        lua_pop(L, 1);
        continue;
      }
      slot = add_slot(s, lua_topointer(L, -1), &added);
      if (slot == NULL) v = UNSAFE;
      else slot->length = OPAQUE_RECORD;
      lua_rawseti(L, 5, ++w.kept);
    }
  }
  if (!lua_checkstack(L, (int)(roots < 64 ? roots : 64) + 8)) return 0;
  for (i = 1; i <= roots && v == OK; i++) {
    lua_rawgeti(L, 1, i);
    v = walk(&w, 7, 7);
    lua_settop(L, 6);
  }
  *livekeys = w.livekeys;
  if (v != OK) return 0;
  lua_settop(L, 4);
  return 1;
}

/*
** take(roots, shared, own): a snapshot of what the values in the array 'roots' reach, the values in the
** arrays 'shared' and 'own' compared by identity only (two arrays, so that the list every environment
** shares is passed as it is rather than copied for each); nil when the graph cannot be shared (see above).
** A top level that removed a key the collector has not marked dead yet gets a full collection first
** (table_layout): every run of it then leaves such keys dead.
*/
static int snapshot_take(lua_State *L) {
  int livekeys;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  if (!take(L, &livekeys)) return 0;
  if (!livekeys) return 1;
  lua_settop(L, 3);
  lua_gc(L, LUA_GCCOLLECT);
  return take(L, &livekeys);
}

/*
** same(snapshot, api_roots, ...): whether what the values after 'api_roots' reach is as the snapshot
** recorded it, and, when they reach the API (which holds the globals and the required modules), what
** the values in the array 'api_roots' reach too. A body that reaches nothing (an empty function)
** costs nothing to check.
*/
static int snapshot_same(lua_State *L) {
  Snapshot *s = (Snapshot *)luaL_checkudata(L, 1, SNAPSHOT_TYPE);
  int last = lua_gettop(L);
  Walk w;
  Verdict v;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getiuservalue(L, 1, 1);  /* what the snapshot keeps: a check queues recorded objects from there */
  lua_getiuservalue(L, 1, 2);  /* the worklist: empty between checks, and no allocation for each */
  w.L = L;
  w.s = s;
  w.take = 0;
  w.keep = last + 1;
  w.list = last + 2;
  w.pending = w.kept = 0;
  w.cursor = w.end = 0;
  w.api = 0;
  w.livekeys = 0;
  if (++s->epoch == 0) {  /* wrapped: forget every visit mark */
    for (size_t i = 0; i < s->slotcount; i++) s->slots[i].epoch = 0;
    s->epoch = 1;
  }
  v = walk(&w, 3, last);
  if (v == OK && w.api) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i <= n && v == OK; i++) {
      lua_rawgeti(L, 2, i);
      v = walk(&w, lua_gettop(L), lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  while (w.pending > 0) {  /* a change ended the walk: empty the worklist for the next check */
    lua_pushnil(L);
    lua_rawseti(L, w.list, w.pending--);
  }
  lua_pushboolean(L, v == OK);
  return 1;
}

static int open_snapshot(lua_State *L) {
  if (atomic_load(&layout_known) < 0) atomic_store(&layout_known, layout_check(L));
  static const luaL_Reg functions[] = {
    {"take", snapshot_take},
    {"same", snapshot_same},
    {NULL, NULL}
  };
  luaL_newmetatable(L, SNAPSHOT_TYPE);
  lua_pushcfunction(L, snapshot_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_newlib(L, functions);
  return 1;
}

int clua_pushsnapshotlibrary(lua_State *L) { return clua_pushprivatelibrary(L, &library_key, open_snapshot); }
