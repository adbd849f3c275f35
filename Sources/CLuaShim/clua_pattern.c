/*
** Pattern matching for the sandbox: string.find, string.match, string.gmatch and string.gsub with
** Lua 5.4's semantics (reference manual, §6.4.1), charged to the instruction budget per matcher step.
**
** Lua's own matcher (lstrlib.c) backtracks without bound inside one C call, which the instruction
** hook never sees: ("a"):rep(3000):find(".-.-.-b") runs for hours. This one is the same backtracking
** algorithm (written after the manual, the design of lstrlib.c by Roberto Ierusalimschy, Luiz Henrique
** de Figueiredo and Waldemar Celes, Lua.org, PUC-Rio, MIT licence) with a step counter: every step
** (a call of the matcher, a character a quantifier or %b looks at) counts as one instruction, charged
** every CHARGE_PERIOD steps; a spent budget stops the match at the caller's line like the hook would.
** Raising in the middle of a match is safe: a match holds nothing but pointers into its arguments.
**
** Plain find (the 'plain' flag, or a pattern without specials) uses memmem, linear in the subject,
** and is charged one instruction per 16 bytes searched.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <string.h>

#include "clua_runtime.h"

#define L_ESC '%'
#define SPECIALS "^$*+?.([%-"
#define MAXRECURSION 200          /* as lstrlib.c's MAXCCALLS: "pattern too complex" beyond */
#define LUA_MAXCAPTURES 32         /* as lstrlib.c: "too many captures" beyond */
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define CHARGE_PERIOD 1024
#define uchar(c) ((unsigned char)(c))

typedef struct Matcher {
  const char *src_init;  /* the subject */
  const char *src_end;
  const char *p_end;     /* end of the pattern */
  lua_State *L;
  int depth;             /* recursion left */
  int level;             /* captures open or closed */
  unsigned steps;        /* steps not yet charged */
  struct {
    const char *init;
    ptrdiff_t len;
  } capture[LUA_MAXCAPTURES];
} Matcher;

/* Charges the steps counted so far; stops the code once the budget is spent (or on an interrupt). */
static void charge_steps(Matcher *m) {
  lua_Unsigned steps = m->steps;
  m->steps = 0;
  clua_chargework(m->L, steps);
}

static void step(Matcher *m) {
  if (++m->steps >= CHARGE_PERIOD) charge_steps(m);
}

static const char *match(Matcher *m, const char *s, const char *p);

static int check_capture(Matcher *m, int l) {
  l -= '1';
  if (l < 0 || l >= m->level || m->capture[l].len == CAP_UNFINISHED)
    return luaL_error(m->L, "invalid capture index %%%d", l + 1);
  return l;
}

static int capture_to_close(Matcher *m) {
  int level;
  for (level = m->level - 1; level >= 0; level--)
    if (m->capture[level].len == CAP_UNFINISHED) return level;
  return luaL_error(m->L, "invalid pattern capture");
}

/* The end of the single-character class that starts at 'p'. */
static const char *class_end(Matcher *m, const char *p) {
  switch (*p++) {
    case L_ESC:
      if (p == m->p_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
      return p + 1;
    case '[':
      if (*p == '^') p++;
      do {  /* up to the closing ']' (a ']' first in the set is a member) */
        if (p == m->p_end) luaL_error(m->L, "malformed pattern (missing ']')");
        if (*(p++) == L_ESC && p < m->p_end) p++;  /* an escape such as '%]' */
      } while (*p != ']');
      return p + 1;
    default:
      return p;
  }
}

static int class_matches(int c, int class) {
  int result;
  switch (tolower(class)) {
    case 'a': result = isalpha(c); break;
    case 'c': result = iscntrl(c); break;
    case 'd': result = isdigit(c); break;
    case 'g': result = isgraph(c); break;
    case 'l': result = islower(c); break;
    case 'p': result = ispunct(c); break;
    case 's': result = isspace(c); break;
    case 'u': result = isupper(c); break;
    case 'w': result = isalnum(c); break;
    case 'x': result = isxdigit(c); break;
    case 'z': result = (c == 0); break;  /* deprecated, as in Lua */
    default: return class == c;
  }
  if (isupper(class)) result = !result;
  return result;
}

/* Whether 'c' is in the set [p, ec] ('p' at '[', 'ec' at its ']'). */
static int set_matches(int c, const char *p, const char *ec) {
  int in = 1;
  if (*(p + 1) == '^') {
    in = 0;
    p++;
  }
  while (++p < ec) {
    if (*p == L_ESC) {
      p++;
      if (class_matches(c, uchar(*p))) return in;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      p += 2;
      if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return in;
    } else if (uchar(*p) == c) {
      return in;
    }
  }
  return !in;
}

static int single_matches(Matcher *m, const char *s, const char *p, const char *ep) {
  int c;
  if (s >= m->src_end) return 0;
  c = uchar(*s);
  switch (*p) {
    case '.': return 1;
    case L_ESC: return class_matches(c, uchar(*(p + 1)));
    case '[': return set_matches(c, p, ep - 1);
    default: return uchar(*p) == c;
  }
}

static const char *match_balance(Matcher *m, const char *s, const char *p) {
  int open, close, depth = 1;
  if (p >= m->p_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->src_end || *s != *p) return NULL;
  open = *p;
  close = *(p + 1);
  while (++s < m->src_end) {
    step(m);
    if (*s == close) {
      if (--depth == 0) return s + 1;
    } else if (*s == open) {
      depth++;
    }
  }
  return NULL;
}

static const char *max_expand(Matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (single_matches(m, s + i, p, ep)) {
    step(m);
    i++;
  }
  for (; i >= 0; i--) {  /* the longest run first, then shorter ones */
    const char *result = match(m, s + i, ep + 1);
    if (result != NULL) return result;
  }
  return NULL;
}

static const char *min_expand(Matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *result = match(m, s, ep + 1);
    if (result != NULL) return result;
    if (!single_matches(m, s, p, ep)) return NULL;
    s++;
  }
}

static const char *start_capture(Matcher *m, const char *s, const char *p, ptrdiff_t what) {
  const char *result;
  if (m->level >= LUA_MAXCAPTURES) luaL_error(m->L, "too many captures");
  m->capture[m->level].init = s;
  m->capture[m->level].len = what;
  m->level++;
  if ((result = match(m, s, p)) == NULL) m->level--;
  return result;
}

static const char *end_capture(Matcher *m, const char *s, const char *p) {
  int l = capture_to_close(m);
  const char *result;
  m->capture[l].len = s - m->capture[l].init;
  if ((result = match(m, s, p)) == NULL) m->capture[l].len = CAP_UNFINISHED;
  return result;
}

static const char *match_capture(Matcher *m, const char *s, int l) {
  size_t length;
  l = check_capture(m, l);
  length = (size_t)m->capture[l].len;
  m->steps += (unsigned)(length / 16);
  if ((size_t)(m->src_end - s) >= length && memcmp(m->capture[l].init, s, length) == 0) return s + length;
  return NULL;
}

static const char *match(Matcher *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  for (;;) {
    step(m);
    if (p == m->p_end) break;
    switch (*p) {
      case '(':
        s = (*(p + 1) == ')') ? start_capture(m, s, p + 2, CAP_POSITION) : start_capture(m, s, p + 1, CAP_UNFINISHED);
        goto done;
      case ')':
        s = end_capture(m, s, p + 1);
        goto done;
      case '$':
        if (p + 1 != m->p_end) goto single;  /* '$' elsewhere than at the end is a character */
        s = (s == m->src_end) ? s : NULL;
        goto done;
      case L_ESC:
        switch (*(p + 1)) {
          case 'b':
            s = match_balance(m, s, p + 2);
            if (s == NULL) goto done;
            p += 4;
            continue;
          case 'f': {
            const char *ep;
            char previous, current;
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            ep = class_end(m, p);
            previous = (s == m->src_init) ? '\0' : *(s - 1);
            current = (s < m->src_end) ? *s : '\0';
            if (!set_matches(uchar(previous), p, ep - 1) && set_matches(uchar(current), p, ep - 1)) {
              p = ep;
              continue;
            }
            s = NULL;
            goto done;
          }
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            s = match_capture(m, s, uchar(*(p + 1)));
            if (s == NULL) goto done;
            p += 2;
            continue;
          default:
            goto single;
        }
      default:
      single: {
        const char *ep = class_end(m, p);
        if (!single_matches(m, s, p, ep)) {
          if (*ep == '*' || *ep == '?' || *ep == '-') {  /* zero repetitions are fine */
            p = ep + 1;
            continue;
          }
          s = NULL;
          goto done;
        }
        switch (*ep) {
          case '?': {
            const char *result = match(m, s + 1, ep + 1);
            if (result != NULL) {
              s = result;
              goto done;
            }
            p = ep + 1;
            continue;
          }
          case '+':
            s = max_expand(m, s + 1, p, ep);
            goto done;
          case '*':
            s = max_expand(m, s, p, ep);
            goto done;
          case '-':
            s = min_expand(m, s, p, ep);
            goto done;
          default:
            s++;
            p = ep;
            continue;
        }
      }
    }
  }
done:
  m->depth++;
  return s;
}

/* {====================================================================
** Captures and the library functions
** ===================================================================== */

/* Capture 'i' (the whole match [s, e) when there are none); a position capture is pushed instead. */
static ptrdiff_t get_capture(Matcher *m, int i, const char *s, const char *e, const char **capture) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *capture = s;
    return e - s;
  }
  *capture = m->capture[i].init;
  if (m->capture[i].len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
  if (m->capture[i].len == CAP_POSITION) lua_pushinteger(m->L, (m->capture[i].init - m->src_init) + 1);
  return m->capture[i].len;
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
  const char *capture;
  ptrdiff_t length = get_capture(m, i, s, e, &capture);
  if (length != CAP_POSITION) lua_pushlstring(m->L, capture, (size_t)length);
}

static int push_captures(Matcher *m, const char *s, const char *e) {
  int i, n = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

static int has_specials(const char *p, size_t length) {
  size_t upto = 0;
  do {  /* strpbrk stops at a '\0', which the pattern may hold */
    if (strpbrk(p + upto, SPECIALS) != NULL) return 1;
    upto += strlen(p + upto) + 1;
  } while (upto <= length);
  return 0;
}

/* A 1-based start position, negative from the end, clipped to [1, ...]. */
static size_t start_position(lua_Integer position, size_t length) {
  if (position > 0) return (size_t)position;
  if (position == 0 || position < -(lua_Integer)length) return 1;
  return length + (size_t)position + 1;
}

static void prepare(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->src_init = s;
  m->src_end = s + ls;
  m->p_end = p + lp;
  m->steps = 0;
}

static void restart(Matcher *m) {
  m->level = 0;
  m->depth = MAXRECURSION;
}

static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *found = (const char *)memmem(s + init, ls - init, p, lp);
    Matcher m;
    prepare(&m, L, s, ls, p, lp);
    m.steps = (unsigned)((found != NULL ? (size_t)(found - s) - init + lp : ls - init) / 16);
    charge_steps(&m);
    if (found != NULL) {
      lua_pushinteger(L, (found - s) + 1);
      lua_pushinteger(L, (lua_Integer)((size_t)(found - s) + lp));
      return 2;
    }
  } else {
    Matcher m;
    const char *s1 = s + init;
    int anchor = (*p == '^');
    if (anchor) {
      p++;
      lp--;
    }
    prepare(&m, L, s, ls, p, lp);
    do {
      const char *end;
      restart(&m);
      if ((end = match(&m, s1, p)) != NULL) {
        charge_steps(&m);
        if (find) {
          lua_pushinteger(L, (s1 - s) + 1);
          lua_pushinteger(L, end - s);
          return push_captures(&m, NULL, 0) + 2;
        }
        return push_captures(&m, s1, end);
      }
    } while (s1++ < m.src_end && !anchor);
    charge_steps(&m);
  }
  luaL_pushfail(L);
  return 1;
}

static int sandbox_find(lua_State *L) { return find_or_match(L, 1); }

static int sandbox_match(lua_State *L) { return find_or_match(L, 0); }

typedef struct GMatch {
  const char *src;       /* where the next search starts */
  const char *p;
  const char *lastmatch; /* the end of the last match: an empty match there is skipped */
  Matcher m;
} GMatch;

/* The iterator (upvalues: subject, pattern, state). */
static int gmatch_next(lua_State *L) {
  GMatch *g = (GMatch *)lua_touserdata(L, lua_upvalueindex(3));
  const char *src;
  g->m.L = L;
  for (src = g->src; src <= g->m.src_end; src++) {
    const char *end;
    restart(&g->m);
    if ((end = match(&g->m, src, g->p)) != NULL && end != g->lastmatch) {
      g->src = g->lastmatch = end;
      charge_steps(&g->m);
      return push_captures(&g->m, src, end);
    }
  }
  g->src = src;
  charge_steps(&g->m);
  return 0;
}

static int sandbox_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  GMatch *g;
  lua_settop(L, 2);  /* the subject and the pattern stay alive as upvalues */
  g = (GMatch *)lua_newuserdatauv(L, sizeof(GMatch), 0);
  if (init > ls) init = ls + 1;  /* past the end: no match at all */
  prepare(&g->m, L, s, ls, p, lp);
  g->src = s + init;
  g->p = p;
  g->lastmatch = NULL;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/* Appends the replacement string (argument 3) with its %0-%9 and %% for the match [s, e). */
static void add_string(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  size_t length;
  lua_State *L = m->L;
  const char *replacement = lua_tolstring(L, 3, &length);
  const char *p;
  m->steps += (unsigned)(length / 16);
  while ((p = (const char *)memchr(replacement, L_ESC, length)) != NULL) {
    luaL_addlstring(b, replacement, (size_t)(p - replacement));
    p++;
    if (*p == L_ESC) {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit(uchar(*p))) {
      const char *capture;
      ptrdiff_t captured = get_capture(m, *p - '1', s, e, &capture);
      if (captured == CAP_POSITION) luaL_addvalue(b);
      else luaL_addlstring(b, capture, (size_t)captured);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", L_ESC);
    }
    length -= (size_t)(p + 1 - replacement);
    replacement = p + 1;
  }
  luaL_addlstring(b, replacement, length);
}

/* Appends the replacement for the match [s, e); whether it changed the subject. */
static int add_value(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
  lua_State *L = m->L;
  switch (type) {
    case LUA_TFUNCTION: {
      int n;
      lua_pushvalue(L, 3);
      n = push_captures(m, s, e);
      lua_call(L, n, 1);
      break;
    }
    case LUA_TTABLE:
      push_capture(m, 0, s, e);
      lua_gettable(L, 3);
      break;
    default:
      add_string(m, b, s, e);
      return 1;
  }
  if (!lua_toboolean(L, -1)) {  /* nil or false: keep the match */
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

static int sandbox_gsub(lua_State *L) {
  size_t ls, lp;
  const char *src = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *lastmatch = NULL;
  int type = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchor = (*p == '^');
  lua_Integer n = 0;
  int changed = 0;
  Matcher m;
  luaL_Buffer b;
  luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE, 3,
                   "string/function/table");
  luaL_buffinit(L, &b);
  if (anchor) {
    p++;
    lp--;
  }
  prepare(&m, L, src, ls, p, lp);
  while (n < most) {
    const char *end;
    restart(&m);
    if ((end = match(&m, src, p)) != NULL && end != lastmatch) {
      n++;
      changed = add_value(&m, &b, src, end, type) | changed;
      src = lastmatch = end;
    } else if (src < m.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  charge_steps(&m);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(m.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

/* Replaces find, match, gmatch and gsub in the string table on top. */
void clua_openpatterns(lua_State *L) {
  static const luaL_Reg functions[] = {
    {"find", sandbox_find},
    {"match", sandbox_match},
    {"gmatch", sandbox_gmatch},
    {"gsub", sandbox_gsub},
    {NULL, NULL}
  };
  luaL_setfuncs(L, functions, 0);
}
