/* Lua 5.4 for Swift: the C API plus static inline wrappers for what Swift cannot import
 * (function-like macros, variadic functions, pseudo-indices). Names keep the manual's spelling
 * with an `sg_` prefix so the Swift reads like the Lua manual. LuaBridge adds what it needs here. */
#ifndef SNOWGLOBE_CLUA_SHIM_H
#define SNOWGLOBE_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#endif
