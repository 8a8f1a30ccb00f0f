/* String patterns under the time limit.
 *
 * Lua's pattern matcher backtracks, and it runs inside one C call (string.find, match, gmatch,
 * gsub) where the count hook never fires: ("x?"):rep(40) .. "y" takes exponential time, and
 * string.find(("a"):rep(1e6), ("a"):rep(1e5) .. "b", 1, true) quadratic time, and the time limit
 * could not stop either. sg_limitpatterns wraps the four functions: each wrapper first runs the
 * same search with the matcher below, which follows the semantics of Lua 5.4's patterns (as its
 * manual describes them) and checks the VM's deadline every 1024 steps, raising the time limit's
 * error when it has passed; then it calls Lua's own function, whose search is now known to take
 * about as long as the one just done (in the wrapper's own frame, so that its messages name the
 * function and the caller's line as before). Results and error messages stay Lua's: on a malformed
 * pattern the guard simply stops and lets Lua's function say what is wrong.
 */

#include "internal.h"

#include <ctype.h>
#include <string.h>

#pragma clang assume_nonnull begin

#ifndef LUA_MAXCAPTURES
#define LUA_MAXCAPTURES 32 /* as lstrlib.c */
#endif
#define SG_CAP_UNFINISHED (-1)
#define SG_CAP_POSITION (-2)
#define SG_MAXDEPTH 200

typedef struct sg_MatchState {
  const char *src_init;
  const char *src_end;
  const char *p_end;
  lua_State *L;
  sg_VM *vm;
  unsigned long steps;
  int depth;
  int level;
  int bad; /* the pattern is malformed or too complex: stop, let Lua's function report it */
  struct { const char *_Nullable init; ptrdiff_t len; } capture[LUA_MAXCAPTURES];
} sg_MatchState;

/* Raises the time limit's error, as the count hook does. RAISES. */
__attribute__((noinline, cold)) static void sg_patterntimeout(sg_MatchState *ms) {
  lua_State *L = ms->L;
  sg_VM *vm = ms->vm;
  vm->timedOut = 1;
  if (vm->hookCount > 0 && lua_gethookcount(L) != 1) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, 1);
  sg_pushtimeout(L, 1);
  lua_error(L);
}

/* Counts one step of the search; every 1024, checks the deadline. RAISES. */
static inline void sg_step(sg_MatchState *ms, unsigned long n) {
  unsigned long before = ms->steps;
  ms->steps += n;
  if ((before >> 10) != (ms->steps >> 10) && sg_pastdeadline(ms->vm)) {
    sg_patterntimeout(ms);
  }
}

static int sg_matchclass(int c, int cl) {
  int res;
  switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    default: return cl == c;
  }
  if (isupper(cl)) res = !res;
  return res;
}

/* Whether c is in the set [ ... ] from p (its '[') to ec (its ']'). */
static int sg_matchset(int c, const char *p, const char *ec) {
  int found = 1;
  p++;
  if (*p == '^') { found = 0; p++; }
  for (; p < ec; p++) {
    if (*p == '%' && p + 1 < ec) {
      p++;
      if (sg_matchclass(c, (unsigned char)*p)) return found;
    } else if (p + 2 < ec && p[1] == '-') {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return found;
      p += 2;
    } else if ((unsigned char)*p == c) {
      return found;
    }
  }
  return !found;
}

/* The end of the single-character class at p, or NULL (and `bad`) when it is malformed. */
static const char *_Nullable sg_classend(sg_MatchState *ms, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p >= ms->p_end) { ms->bad = 1; return NULL; }
    return p + 1;
  }
  if (c == '[') {
    if (p < ms->p_end && *p == '^') p++;
    do { /* the first character is part of the set even if it is ']' */
      if (p >= ms->p_end) { ms->bad = 1; return NULL; }
      if (*(p++) == '%' && p < ms->p_end) p++;
    } while (p >= ms->p_end || *p != ']');
    return p + 1;
  }
  return p;
}

static int sg_singlematch(sg_MatchState *ms, const char *s, const char *p, const char *ep) {
  if (s >= ms->src_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case '%': return sg_matchclass(c, (unsigned char)p[1]);
    case '[': return sg_matchset(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

static const char *_Nullable sg_match(sg_MatchState *ms, const char *s, const char *p);

static const char *_Nullable sg_maxexpand(sg_MatchState *ms, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (sg_singlematch(ms, s + i, p, ep)) { i++; sg_step(ms, 1); }
  while (i >= 0 && !ms->bad) {
    const char *res = sg_match(ms, s + i, ep + 1);
    if (res != NULL) return res;
    i--;
  }
  return NULL;
}

static const char *_Nullable sg_minexpand(sg_MatchState *ms, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *res = sg_match(ms, s, ep + 1);
    if (res != NULL || ms->bad) return res;
    if (!sg_singlematch(ms, s, p, ep)) return NULL;
    s++;
  }
}

static const char *_Nullable sg_startcapture(sg_MatchState *ms, const char *s, const char *p, ptrdiff_t what) {
  if (ms->level >= LUA_MAXCAPTURES) { ms->bad = 1; return NULL; }
  ms->capture[ms->level].init = s;
  ms->capture[ms->level].len = what;
  ms->level++;
  const char *res = sg_match(ms, s, p);
  if (res == NULL) ms->level--;
  return res;
}

static const char *_Nullable sg_endcapture(sg_MatchState *ms, const char *s, const char *p) {
  int l = ms->level - 1;
  while (l >= 0 && ms->capture[l].len != SG_CAP_UNFINISHED) l--;
  if (l < 0) { ms->bad = 1; return NULL; }
  ms->capture[l].len = s - ms->capture[l].init;
  const char *res = sg_match(ms, s, p);
  if (res == NULL) ms->capture[l].len = SG_CAP_UNFINISHED;
  return res;
}

static const char *_Nullable sg_matchbalance(sg_MatchState *ms, const char *s, const char *p) {
  if (p + 1 >= ms->p_end) { ms->bad = 1; return NULL; }
  if (s >= ms->src_end || *s != *p) return NULL;
  char open = p[0], close = p[1];
  int depth = 1;
  while (++s < ms->src_end) {
    sg_step(ms, 1);
    if (*s == close) {
      if (--depth == 0) return s + 1;
    } else if (*s == open) {
      depth++;
    }
  }
  return NULL;
}

static const char *_Nullable sg_matchcapture(sg_MatchState *ms, const char *s, int which) {
  int l = which - '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == SG_CAP_UNFINISHED) { ms->bad = 1; return NULL; }
  ptrdiff_t len = ms->capture[l].len;
  if (len < 0 || ms->src_end - s < len) return NULL;
  sg_step(ms, (unsigned long)len);
  return memcmp(ms->capture[l].init, s, (size_t)len) == 0 ? s + len : NULL;
}

/* Where a match of p at s ends, or NULL. */
static const char *_Nullable sg_match(sg_MatchState *ms, const char *s, const char *p) {
  if (ms->bad) return NULL;
  if (++ms->depth > SG_MAXDEPTH) { ms->bad = 1; ms->depth--; return NULL; }
  sg_step(ms, 1);
  const char *res = NULL;
  for (;;) {
    if (p >= ms->p_end) { res = s; break; }
    if (*p == '(') {
      res = (p + 1 < ms->p_end && p[1] == ')') ? sg_startcapture(ms, s, p + 2, SG_CAP_POSITION)
                                               : sg_startcapture(ms, s, p + 1, SG_CAP_UNFINISHED);
      break;
    }
    if (*p == ')') { res = sg_endcapture(ms, s, p + 1); break; }
    if (*p == '$' && p + 1 == ms->p_end) { res = (s == ms->src_end) ? s : NULL; break; }
    if (*p == '%' && p + 1 < ms->p_end && p[1] == 'b') {
      s = sg_matchbalance(ms, s, p + 2);
      if (s == NULL) break;
      p += 4;
      continue;
    }
    if (*p == '%' && p + 1 < ms->p_end && p[1] == 'f') {
      p += 2;
      if (p >= ms->p_end || *p != '[') { ms->bad = 1; break; }
      const char *ep = sg_classend(ms, p);
      if (ep == NULL) break;
      int previous = (s == ms->src_init) ? '\0' : (unsigned char)s[-1];
      int current = (s < ms->src_end) ? (unsigned char)*s : '\0';
      if (!sg_matchset(previous, p, ep - 1) && sg_matchset(current, p, ep - 1)) { p = ep; continue; }
      break;
    }
    if (*p == '%' && p + 1 < ms->p_end && isdigit((unsigned char)p[1])) {
      s = sg_matchcapture(ms, s, (unsigned char)p[1]);
      if (s == NULL) break;
      p += 2;
      continue;
    }
    const char *ep = sg_classend(ms, p);
    if (ep == NULL) break;
    char quantifier = ep < ms->p_end ? *ep : '\0';
    if (!sg_singlematch(ms, s, p, ep)) {
      if (quantifier == '*' || quantifier == '?' || quantifier == '-') { p = ep + 1; continue; }
      break;
    }
    if (quantifier == '?') {
      res = sg_match(ms, s + 1, ep + 1);
      if (res != NULL || ms->bad) break;
      p = ep + 1;
      continue;
    }
    if (quantifier == '+') { res = sg_maxexpand(ms, s + 1, p, ep); break; }
    if (quantifier == '*') { res = sg_maxexpand(ms, s, p, ep); break; }
    if (quantifier == '-') { res = sg_minexpand(ms, s, p, ep); break; }
    s++;
    p = ep;
    sg_step(ms, 1);
  }
  ms->depth--;
  return res;
}

/* Lua's rule for a start position (1-based, negative from the end). */
static size_t sg_startposition(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* A string or number argument as a string (converting the value on the stack, as Lua's function would);
 * NULL for other types. */
static const char *_Nullable sg_patternarg(lua_State *L, int arg, size_t *len) {
  int t = lua_type(L, arg);
  if (t != LUA_TSTRING && t != LUA_TNUMBER) return NULL;
  return lua_tolstring(L, arg, len);
}

static int sg_hasspecials(const char *p, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
  return 0;
}

/* Runs the search the function `kind` ('f' find, 'm' match, 'g' gmatch, 's' gsub) would run on
 * the arguments at 1..., checking the deadline as it goes. RAISES (the time limit's error). */
static void sg_guardsearch(lua_State *L, char kind) {
  sg_VM *vm = sg_vm(L);
  if (vm->deadline <= 0) return; /* no time limit */
  size_t ls, lp;
  const char *s = sg_patternarg(L, 1, &ls);
  const char *p = sg_patternarg(L, 2, &lp);
  if (s == NULL || p == NULL) return; /* Lua's function will complain */
  sg_MatchState ms;
  memset(&ms, 0, sizeof ms);
  ms.L = L;
  ms.vm = vm;
  ms.src_init = s;
  ms.src_end = s + ls;
  ms.p_end = p + lp;
  if (kind == 'f' || kind == 'm') {
    int isnum = 0;
    lua_Integer init = lua_type(L, 3) == LUA_TNUMBER ? lua_tointegerx(L, 3, &isnum) : 1;
    size_t start = sg_startposition(isnum || lua_type(L, 3) != LUA_TNUMBER ? init : 1, ls);
    if (start > ls + 1) return;
    if (kind == 'f' && (lua_toboolean(L, 4) || !sg_hasspecials(p, lp))) {
      /* A plain search: as costly as comparing the pattern at every candidate. */
      if (lp == 0 || lp > ls) return;
      for (const char *c = s + start - 1; c + lp <= ms.src_end; c++) {
        c = memchr(c, *p, (size_t)(ms.src_end - c));
        if (c == NULL || c + lp > ms.src_end) return;
        sg_step(&ms, lp);
        if (memcmp(c, p, lp) == 0) return;
      }
      return;
    }
    int anchor = (lp > 0 && *p == '^');
    const char *pp = anchor ? p + 1 : p;
    const char *src = s + start - 1;
    do {
      ms.level = 0;
      ms.depth = 0;
      if (sg_match(&ms, src, pp) != NULL || ms.bad) return;
    } while (src++ < ms.src_end && !anchor);
    return;
  }
  if (kind == 'g') {
    int isnum = 0;
    lua_Integer init = lua_type(L, 3) == LUA_TNUMBER ? lua_tointegerx(L, 3, &isnum) : 1;
    size_t start = sg_startposition(isnum || lua_type(L, 3) != LUA_TNUMBER ? init : 1, ls);
    if (start > ls + 1) start = ls + 1;
    const char *src = s + start - 1, *last = NULL;
    while (src <= ms.src_end) {
      ms.level = 0;
      ms.depth = 0;
      const char *e = sg_match(&ms, src, p);
      if (ms.bad) return;
      if (e != NULL && e != last) src = last = e;
      else src++;
    }
    return;
  }
  /* gsub */
  int isnum = 0;
  lua_Integer max = lua_type(L, 4) == LUA_TNUMBER ? lua_tointegerx(L, 4, &isnum) : (lua_Integer)ls + 1;
  if (lua_type(L, 4) == LUA_TNUMBER && !isnum) return;
  int anchor = (lp > 0 && *p == '^');
  const char *pp = anchor ? p + 1 : p;
  const char *src = s, *last = NULL;
  lua_Integer n = 0;
  while (n < max) {
    ms.level = 0;
    ms.depth = 0;
    const char *e = sg_match(&ms, src, pp);
    if (ms.bad) return;
    if (e != NULL && e != last) {
      n++;
      src = last = e;
    } else if (src < ms.src_end) {
      src++;
    } else {
      break;
    }
    if (anchor) break;
  }
}

/* The wrappers: upvalue 1 is Lua's own function, a plain C function. It runs in the wrapper's
 * frame (called directly, not through lua_call), so its argument errors name the function and
 * the caller's line exactly as they would without the wrapper. */
static int sg_guardedcall(lua_State *L, char kind) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  if (original == NULL) return 0;
  int n = lua_gettop(L);
  sg_guardsearch(L, kind);
  lua_settop(L, n);
  return original(L);
}
static int sg_guardedfind(lua_State *L) { return sg_guardedcall(L, 'f'); }
static int sg_guardedmatch(lua_State *L) { return sg_guardedcall(L, 'm'); }
static int sg_guardedgmatch(lua_State *L) { return sg_guardedcall(L, 'g'); }
static int sg_guardedgsub(lua_State *L) { return sg_guardedcall(L, 's'); }

void sg_limitpatterns(lua_State *L) {
  static const struct { const char *name; lua_CFunction f; } wrappers[] = {
    {"find", sg_guardedfind}, {"match", sg_guardedmatch}, {"gmatch", sg_guardedgmatch}, {"gsub", sg_guardedgsub},
  };
  lua_checkstack(L, 3);
  if (lua_getglobal(L, "string") != LUA_TTABLE) { lua_pop(L, 1); return; }
  for (int i = 0; i < 4; i++) {
    if (lua_getfield(L, -1, wrappers[i].name) == LUA_TFUNCTION && lua_tocfunction(L, -1) != NULL) {
      lua_pushcclosure(L, wrappers[i].f, 1);
      lua_setfield(L, -2, wrappers[i].name);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

#pragma clang assume_nonnull end
