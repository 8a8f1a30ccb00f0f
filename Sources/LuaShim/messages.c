/* Error messages in Lua's grammar, built without raising.
 *
 * lauxlib builds these messages only to raise them at once (luaL_argerror, luaL_typeerror,
 * luaL_where). Swift code may not raise, so the bridge builds the same text here, word for
 * word, for Swift to push and the trampoline to raise. The helpers lauxlib keeps static
 * (findfield, pushglobalfuncname) are copied as they are. */
#include "internal.h"

#include <string.h>

void sg_pushwhere(lua_State *L, int level) {
  lua_Debug ar;
  if (lua_getstack(L, level, &ar)) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) {
      const char *src = (ar.source[0] == '@' || ar.source[0] == '=') ? ar.source + 1 : ar.short_src;
      lua_pushfstring(L, "%s:%d: ", src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

void sg_pushtimeout(lua_State *L, int level) {
  sg_pushwhere(L, level);
  lua_pushfstring(L, "script ran too long (more than %f s in one call)", (lua_Number)sg_vm(L)->callLimit);
  lua_concat(L, 2);
}

void sg_prefixwhere(lua_State *L, int level) {
  lua_checkstack(L, 2);
  sg_pushwhere(L, level);
  lua_insert(L, -2);
  lua_concat(L, 2);
}

/* lauxlib's findfield: searches the table on top for the value at `objidx`, `level` tables
 * deep, and pushes its name ("string.rep"). */
static int sg_findfield(lua_State *L, int objidx, int level) {
  if (level == 0 || !lua_istable(L, -1)) return 0;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      if (lua_rawequal(L, objidx, -1)) {
        lua_pop(L, 1);
        return 1;
      } else if (sg_findfield(L, objidx, level - 1)) {
        lua_pushliteral(L, ".");
        lua_replace(L, -3);
        lua_concat(L, 3);
        return 1;
      }
    }
    lua_pop(L, 1);
  }
  return 0;
}

/* lauxlib's pushglobalfuncname: pushes "string.rep" for a function found in package.loaded. */
static int sg_pushglobalfuncname(lua_State *L, lua_Debug *ar) {
  int top = lua_gettop(L);
  lua_getinfo(L, "f", ar);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (sg_findfield(L, top + 1, 2)) {
    const char *name = lua_tostring(L, -1);
    if (strncmp(name, LUA_GNAME ".", 3) == 0) {
      lua_pushstring(L, name + 3);
      lua_remove(L, -2);
    }
    lua_copy(L, -1, top + 1);
    lua_settop(L, top + 1);
    return 1;
  }
  lua_settop(L, top);
  return 0;
}

/* Pushes the fallback name registered for the function of `ar` (sg_setfunctionname), if any. */
static int sg_pushfallbackname(lua_State *L, lua_Debug *ar) {
  int top = lua_gettop(L);
  lua_getinfo(L, "f", ar);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->namesRef);
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushvalue(L, -2);
    if (lua_rawget(L, -2) == LUA_TSTRING) {
      lua_copy(L, -1, top + 1);
      lua_settop(L, top + 1);
      return 1;
    }
  }
  lua_settop(L, top);
  return 0;
}

void sg_setfunctionname(lua_State *L, int idx, const char *name) {
  idx = lua_absindex(L, idx);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->namesRef);
  lua_pushvalue(L, idx);
  lua_pushstring(L, name);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* Leaves only the top value above `top`. */
static void sg_keeptop(lua_State *L, int top) {
  if (lua_gettop(L) > top + 1) {
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
  }
}

void sg_pushargerror(lua_State *L, int arg, const char *extramsg) {
  lua_Debug ar;
  int top = lua_gettop(L);
  lua_checkstack(L, 12);
  if (!lua_getstack(L, 0, &ar)) {
    sg_pushwhere(L, 1);
    lua_pushfstring(L, "bad argument #%d (%s)", arg, extramsg);
  } else {
    lua_getinfo(L, "n", &ar);
    const char *name = ar.name;
    if (strcmp(ar.namewhat, "method") == 0) {
      arg--; /* self is not counted */
      if (arg == 0) {
        sg_pushwhere(L, 1);
        lua_pushfstring(L, "calling '%s' on bad self (%s)", name, extramsg);
        lua_concat(L, 2);
        sg_keeptop(L, top);
        return;
      }
    }
    if (name == NULL) {
      if (sg_pushglobalfuncname(L, &ar) || sg_pushfallbackname(L, &ar)) name = lua_tostring(L, -1);
      else name = "?";
    }
    sg_pushwhere(L, 1);
    lua_pushfstring(L, "bad argument #%d to '%s' (%s)", arg, name, extramsg);
  }
  lua_concat(L, 2);
  sg_keeptop(L, top);
}

void sg_pushtypenameforerror(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) return;
  if (lua_type(L, idx) == LUA_TLIGHTUSERDATA) lua_pushliteral(L, "light userdata");
  else lua_pushstring(L, luaL_typename(L, idx));
}

void sg_pushtypeerror(lua_State *L, int arg, const char *tname) {
  int top = lua_gettop(L);
  lua_checkstack(L, 4);
  sg_pushtypenameforerror(L, arg);
  const char *msg = lua_pushfstring(L, "%s expected, got %s", tname, lua_tostring(L, -1));
  sg_pushargerror(L, arg, msg);
  sg_keeptop(L, top);
}
