/* `pairs` in an order that is the same in every run (included by shim.h, section 8).
 *
 * Lua seeds its string hashes afresh in each state (from the time and a few addresses), so the
 * order in which `next` visits a table's keys changes from one run to the next. A script that
 * makes layers in `pairs` order would then stack them differently each time, and headless
 * renders of the same script would differ. The sandbox's `pairs` visits numbers first, in
 * ascending order, then strings ordered by their bytes, then false and true, then keys of other
 * types in the order `next` gives. It takes a snapshot of the keys when called: a key set to nil
 * during the loop is skipped, a key added during it is not visited (Lua leaves both undefined).
 * A table with a __pairs metamethod is handed to it, as Lua's own `pairs` does. A table of more
 * keys than `SG_ORDEREDPAIRS_MAX` is visited in `next` order: sorting it would hold the script
 * past its time limit, which a C function cannot be stopped by. */

#pragma clang assume_nonnull begin

#define SG_ORDEREDPAIRS_MAX 100000

/** The rank of the key at stack index `i`: numbers, strings, booleans, then the rest. */
static inline int sg_keyrank(lua_State *L, int i) {
  switch (lua_type(L, i)) {
  case LUA_TNUMBER: return 0;
  case LUA_TSTRING: return 1;
  case LUA_TBOOLEAN: return 2;
  default: return 3;
  }
}

/** Orders two keys given by their stack indices: negative, zero or positive. */
static int sg_comparekeys(lua_State *L, int i, int j) {
  int ri = sg_keyrank(L, i), rj = sg_keyrank(L, j);
  if (ri != rj) return ri < rj ? -1 : 1;
  switch (ri) {
  case 0:
    /* Numbers compare without metamethods, and keys are never NaN. */
    return lua_compare(L, i, j, LUA_OPLT) ? -1 : lua_compare(L, j, i, LUA_OPLT) ? 1 : 0;
  case 1: {
    size_t ni = 0, nj = 0;
    const char *si = lua_tolstring(L, i, &ni), *sj = lua_tolstring(L, j, &nj);
    int c = memcmp(si, sj, ni < nj ? ni : nj);
    if (c != 0) return c < 0 ? -1 : 1;
    return ni < nj ? -1 : ni > nj ? 1 : 0;
  }
  case 2: return lua_toboolean(L, i) - lua_toboolean(L, j);
  default: return i < j ? -1 : i > j ? 1 : 0;
  }
}

/** Sorts the `count` stack indices in `order` by their keys (a merge sort, bottom up, through
 *  `spare`, which has room for as many). */
static void sg_sortkeys(lua_State *L, int *order, int *spare, int count) {
  int *from = order, *to = spare;
  for (int width = 1; width < count; width *= 2) {
    for (int lo = 0; lo < count; lo += 2 * width) {
      int mid = lo + width < count ? lo + width : count;
      int hi = lo + 2 * width < count ? lo + 2 * width : count;
      int a = lo, b = mid, k = lo;
      while (a < mid && b < hi) to[k++] = sg_comparekeys(L, from[a], from[b]) <= 0 ? from[a++] : from[b++];
      while (a < mid) to[k++] = from[a++];
      while (b < hi) to[k++] = from[b++];
    }
    int *swap = from;
    from = to;
    to = swap;
  }
  if (from != order) memcpy(order, from, (size_t)count * sizeof(int));
}

/** The iterator: upvalue 1 holds the keys in order, 2 the table, 3 how many were visited. */
static int sg_orderednext(lua_State *L) {
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
  for (;;) {
    i++;
    if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) return 1;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushvalue(L, -1);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 2;
    lua_pop(L, 2); /* set to nil since the snapshot: skipped */
  }
}

static int sg_orderedpairs(lua_State *L) {
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  int count = 0;
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    if (++count > SG_ORDEREDPAIRS_MAX) {
      lua_pop(L, 1);
      break;
    }
  }
  if (count > SG_ORDEREDPAIRS_MAX || !lua_checkstack(L, count + 8)) {
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1)); /* Lua's own next */
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
  }
  /* Every key on the stack (each also serves `lua_next` as the place to go on from). */
  int first = 2;
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
  }
  int *order = (int *)lua_newuserdatauv(L, (size_t)(count > 0 ? count : 1) * 2 * sizeof(int), 0);
  for (int k = 0; k < count; k++) order[k] = first + k;
  /* An array (keys 1…n, which `next` gives in order) needs no sorting: check before sorting. */
  int sorted = 1;
  for (int k = 1; k < count && sorted; k++) sorted = sg_comparekeys(L, first + k - 1, first + k) < 0;
  if (!sorted) sg_sortkeys(L, order, order + count, count);
  lua_createtable(L, count, 0);
  for (int k = 0; k < count; k++) {
    lua_pushvalue(L, order[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, sg_orderednext, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/** Replaces the global `pairs` with `sg_orderedpairs`, which keeps Lua's `next` for tables too
 *  large to sort. Call it after opening the base library. */
static inline void sg_orderpairs(lua_State *L) {
  lua_checkstack(L, 2);
  lua_getglobal(L, "next");
  lua_pushcclosure(L, sg_orderedpairs, 1);
  lua_setglobal(L, "pairs");
}

#pragma clang assume_nonnull end
