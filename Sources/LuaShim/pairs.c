/* `pairs` in an order that is the same in every run.
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
#include "internal.h"

#include <string.h>

#pragma clang assume_nonnull begin

#define SG_ORDEREDPAIRS_MAX 100000

/* What ordering needs of a key, read once: the key itself stays on the stack at `index`. */
typedef struct sg_PairKey {
  int index;
  /* 0 a number, 1 a string, 2 a boolean, 3 anything else. */
  int rank;
  int isInteger;
  lua_Integer integer; /* an integer key, or a boolean's 0 or 1 */
  lua_Number number;   /* a float key */
  const char *_Nullable string;
  size_t length;
} sg_PairKey;

static void sg_readkey(lua_State *L, int index, sg_PairKey *key) {
  memset(key, 0, sizeof(sg_PairKey));
  key->index = index;
  switch (lua_type(L, index)) {
  case LUA_TNUMBER:
    key->isInteger = lua_isinteger(L, index);
    if (key->isInteger) key->integer = lua_tointeger(L, index);
    else key->number = lua_tonumber(L, index);
    break;
  case LUA_TSTRING:
    key->rank = 1;
    key->string = lua_tolstring(L, index, &key->length);
    break;
  case LUA_TBOOLEAN:
    key->rank = 2;
    key->integer = lua_toboolean(L, index);
    break;
  default: key->rank = 3;
  }
}

/* Orders two keys: negative, zero or positive. */
static int sg_comparekeys(lua_State *L, const sg_PairKey *a, const sg_PairKey *b) {
  if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
  switch (a->rank) {
  case 0:
    if (a->isInteger && b->isInteger) return a->integer < b->integer ? -1 : a->integer > b->integer;
    if (!a->isInteger && !b->isInteger) return a->number < b->number ? -1 : a->number > b->number;
    /* An integer beside a float: Lua compares them exactly (keys are never NaN). */
    return lua_compare(L, a->index, b->index, LUA_OPLT) ? -1 : lua_compare(L, b->index, a->index, LUA_OPLT);
  case 1: {
    size_t n = a->length < b->length ? a->length : b->length;
    int c = n > 0 ? memcmp(a->string, b->string, n) : 0;
    if (c != 0) return c < 0 ? -1 : 1;
    return a->length < b->length ? -1 : a->length > b->length;
  }
  case 2: return (int)(a->integer - b->integer);
  default: return a->index < b->index ? -1 : a->index > b->index;
  }
}

/* Sorts `order` (`count` indices into `keys`) by the keys they name: a merge sort, bottom up,
 * through `spare`, which has room for as many. */
static void sg_sortkeys(lua_State *L, const sg_PairKey *keys, int *order, int *spare, int count) {
  int *from = order, *to = spare;
  for (int width = 1; width < count; width *= 2) {
    for (int lo = 0; lo < count; lo += 2 * width) {
      int mid = lo + width < count ? lo + width : count;
      int hi = lo + 2 * width < count ? lo + 2 * width : count;
      int a = lo, b = mid, k = lo;
      while (a < mid && b < hi) to[k++] = sg_comparekeys(L, &keys[from[a]], &keys[from[b]]) <= 0 ? from[a++] : from[b++];
      while (a < mid) to[k++] = from[a++];
      while (b < hi) to[k++] = from[b++];
    }
    int *swap = from;
    from = to;
    to = swap;
  }
  if (from != order) memcpy(order, from, (size_t)count * sizeof(int));
}

/* The iterator: upvalue 1 holds the keys in order, 2 the table, 3 how many were visited. */
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
  /* Every key on the stack from index 2 (each also serves `lua_next` as the place to go on
   * from), in one pass; a table too large to sort goes to Lua's own next instead. */
  int first = 2, count = 0;
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pop(L, 1);
    if (count >= SG_ORDEREDPAIRS_MAX || !lua_checkstack(L, 8)) {
      lua_settop(L, 1);
      lua_pushvalue(L, lua_upvalueindex(1)); /* Lua's own next */
      lua_pushvalue(L, 1);
      lua_pushnil(L);
      return 3;
    }
    lua_pushvalue(L, -1);
    count++;
  }
  size_t room = (size_t)(count > 0 ? count : 1);
  sg_PairKey *keys = (sg_PairKey *)lua_newuserdatauv(L, room * (sizeof(sg_PairKey) + 2 * sizeof(int)), 0);
  int *order = (int *)(keys + room);
  for (int k = 0; k < count; k++) {
    sg_readkey(L, first + k, &keys[k]);
    order[k] = k;
  }
  /* An array (keys 1…n, which `next` gives in order) needs no sorting: check before sorting. */
  int sorted = 1;
  for (int k = 1; k < count && sorted; k++) sorted = sg_comparekeys(L, &keys[k - 1], &keys[k]) < 0;
  if (!sorted) sg_sortkeys(L, keys, order, order + count, count);
  lua_createtable(L, count, 0);
  for (int k = 0; k < count; k++) {
    lua_pushvalue(L, keys[order[k]].index);
    lua_rawseti(L, -2, k + 1);
  }
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, sg_orderednext, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* Lua's own `next` becomes the new `pairs`' upvalue 1, for tables too large to sort. */
void sg_orderpairs(lua_State *L) {
  lua_checkstack(L, 2);
  lua_getglobal(L, "next");
  lua_pushcclosure(L, sg_orderedpairs, 1);
  lua_setglobal(L, "pairs");
}

#pragma clang assume_nonnull end
