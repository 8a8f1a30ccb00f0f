/* Lua 5.4 for Swift: Debian's headers (liblua5.4-dev), named by their folder because Lua is
 * linked from the static library, without pkg-config (see Package.swift).
 *
 * Swift imports Lua's functions as they are, but not its function-like macros, variadic
 * functions or pseudo-indices: each of those that the bridge uses has a one-line wrapper here,
 * named as in the manual with an `sg_` prefix. Nothing else belongs in this header: the bridge's
 * own C code (trampolines, budgets, userdata dispatch, …) is in the LuaShim target.
 *
 * Raising functions (lua_error, lua_call, …) are left out on purpose: a Lua error is a longjmp
 * and must never cross a Swift frame (see LuaBridge/LuaFunction.swift).
 */
#ifndef SNOWGLOBE_CLUA_H
#define SNOWGLOBE_CLUA_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

#pragma clang assume_nonnull begin

/** LUA_REGISTRYINDEX, the pseudo-index of the registry. */
static inline int sg_registryindex(void) { return LUA_REGISTRYINDEX; }
/** lua_upvalueindex(i): the pseudo-index of the running C function's i-th upvalue. */
static inline int sg_upvalueindex(int i) { return lua_upvalueindex(i); }
/** lua_pop. */
static inline void sg_pop(lua_State *L, int n) { lua_pop(L, n); }
/** lua_newtable. */
static inline void sg_newtable(lua_State *L) { lua_newtable(L); }
/** lua_pushcfunction. */
static inline void sg_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
/** lua_pushglobaltable. */
static inline void sg_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/** lua_tostring (converts a number in place, as the manual says). */
static inline const char *_Nullable sg_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
/** lua_tonumber. */
static inline lua_Number sg_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
/** lua_tointeger. */
static inline lua_Integer sg_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
/** lua_isnil. */
static inline int sg_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
/** lua_isnone. */
static inline int sg_isnone(lua_State *L, int i) { return lua_isnone(L, i); }
/** lua_isnoneornil. */
static inline int sg_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
/** lua_istable. */
static inline int sg_istable(lua_State *L, int i) { return lua_istable(L, i); }
/** lua_isfunction. */
static inline int sg_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
/** lua_isboolean. */
static inline int sg_isboolean(lua_State *L, int i) { return lua_isboolean(L, i); }
/** lua_islightuserdata. */
static inline int sg_islightuserdata(lua_State *L, int i) { return lua_islightuserdata(L, i); }
/** lua_isthread. */
static inline int sg_isthread(lua_State *L, int i) { return lua_isthread(L, i); }
/** lua_newuserdata (one user value, as the 5.4 macro gives). */
static inline void *sg_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
/** lua_insert. */
static inline void sg_insert(lua_State *L, int i) { lua_insert(L, i); }
/** lua_remove. */
static inline void sg_remove(lua_State *L, int i) { lua_remove(L, i); }
/** lua_replace. */
static inline void sg_replace(lua_State *L, int i) { lua_replace(L, i); }
/** luaL_getmetatable: pushes the metatable registered under `name` (or nil); returns its type. */
static inline int sg_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
/** luaL_typename. */
static inline const char *sg_typename(lua_State *L, int i) { return luaL_typename(L, i); }
/** lua_getextraspace. */
static inline void *sg_getextraspace(lua_State *L) { return lua_getextraspace(L); }
/** lua_gc (variadic) for the options that take at most one integer argument (LUA_GCCOLLECT,
 *  LUA_GCCOUNT, LUA_GCCOUNTB, LUA_GCSTEP, LUA_GCSTOP, LUA_GCRESTART, LUA_GCISRUNNING). */
static inline int sg_gc(lua_State *L, int what, int data) { return lua_gc(L, what, data); }
/** lua_pcall (a plain protected call; the bridge's sg_pcallbudget adds the traceback handler
 *  and the budgets). */
static inline int sg_pcall(lua_State *L, int nargs, int nresults, int msgh) { return lua_pcall(L, nargs, nresults, msgh); }

#pragma clang assume_nonnull end

#endif
