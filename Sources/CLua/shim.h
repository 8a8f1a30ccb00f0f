/* Lua 5.4 for Swift: the C API plus static inline wrappers for what Swift cannot import
 * (function-like macros, variadic functions, pseudo-indices). Names keep the manual's spelling
 * with an `sg_` prefix so the Swift reads like the Lua manual. LuaBridge adds what it needs here.
 *
 * Sections:
 *   1. Macros and variadic functions, wrapped.
 *   2. The VM record: the allocator with its memory cap, the count hook with its time limit.
 *   3. Messages in Lua's grammar, built without raising (luaL_argerror, luaL_typeerror,
 *      luaL_where), so that Swift code can push them and let the trampoline raise.
 *   4. The trampoline that calls a Swift function and raises (or yields) for it.
 *   5. Protected calls and resumes with the traceback handler and the budgets.
 *   6. Swift objects as userdata: the weak cache, types, the property fast path, __gc.
 *   7. String patterns under the time limit (patterns.h).
 *   8. `pairs` in the same order in every run (pairs.h).
 *
 * The rule (see LuaFunction.swift): a Lua error is a longjmp, and it must never cross a Swift
 * frame. Every function here that may raise says so ("RAISES"); Swift never calls those. The
 * others raise at most a memory error, and the allocator never refuses memory while a Swift
 * frame is on the C stack above the nearest protected call (sg_VM.mayFail is 0 then).
 */
#ifndef SNOWGLOBE_CLUA_SHIM_H
#define SNOWGLOBE_CLUA_SHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#pragma clang assume_nonnull begin

/* ========================================================================================
 * 1. Macros and variadic functions, wrapped
 * ======================================================================================== */

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
/** lua_tostring (converts a number in place, like the manual says). */
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
/** lua_newuserdata (one user value, as the 5.4 macro does). */
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
/** lua_gc for the options that take at most one integer argument (LUA_GCCOLLECT, LUA_GCCOUNT,
 *  LUA_GCCOUNTB, LUA_GCSTEP, LUA_GCSTOP, LUA_GCRESTART, LUA_GCISRUNNING). */
static inline int sg_gc(lua_State *L, int what, int data) { return lua_gc(L, what, data); }
/** luaL_loadbufferx with a chunk name; `mode` "t" refuses binary chunks (the safe choice). */
static inline int sg_loadbuffer(lua_State *L, const char *buffer, size_t size, const char *name,
                                const char *_Nullable mode) {
  return luaL_loadbufferx(L, buffer, size, name, mode);
}
/** luaL_loadfilex (the chunk is named "@filename", so messages say filename:line:). */
static inline int sg_loadfile(lua_State *L, const char *filename, const char *_Nullable mode) {
  return luaL_loadfilex(L, filename, mode);
}
/** lua_call. RAISES: for C code running inside a protected call only, never from Swift. */
static inline void sg_call(lua_State *L, int nargs, int nresults) { lua_call(L, nargs, nresults); }
/** lua_pcall. Prefer sg_pcallbudget, which adds the traceback handler and the budgets. */
static inline int sg_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
/** lua_error. RAISES: for C code only (the trampoline), never from Swift. */
static inline int sg_error(lua_State *L) { return lua_error(L); }

/* ========================================================================================
 * 2. The VM record: allocator with a memory cap, count hook with a time limit
 * ======================================================================================== */

typedef struct sg_Type sg_Type;

/** How many Swift functions a VM calls through trampolines of their own (see sg_pushfunction). */
#define SG_POOLSIZE 400

/** Releases one retain of a Swift object (set by Swift: Unmanaged.release). */
typedef void (*sg_Release)(void *object);

/** How many methods a VM calls through trampolines of their own (see sg_pushmethod). */
#define SG_METHODPOOLSIZE 100

/** A Swift method for Lua: receives the state and the live object at argument 1 (self),
 *  already checked to be of the method's type or a subtype; returns as an sg_Function. */
typedef int (*sg_Method)(lua_State *L, void *object);

/** A pooled method: the Swift function and the Swift class its self must be. */
typedef struct sg_PooledMethod {
  sg_Method _Nullable function;
  const void *_Nullable swiftType;
} sg_PooledMethod;

/** Per-VM state shared by the allocator, the hook and the bridge. A pointer to it sits in the
 *  lua_State's extra space (copied into every coroutine), so C code finds it in one load. */
typedef struct sg_VM {
  size_t used;            /* bytes Lua holds now */
  size_t limit;           /* memory cap in bytes; 0 = none */
  int mayFail;            /* 1 while the allocator may refuse: Lua runs under sg_pcallbudget
                             with no Swift frame above the protected call */
  int limitHit;           /* an allocation was refused for the cap during the current call */
  int timedOut;           /* the hook stopped the current call */
  int hookCount;          /* instructions between clock checks */
  double timeLimit;       /* seconds per outermost protected call; 0 = none */
  double deadline;        /* monotonic seconds; 0 = no call is running */
  sg_Release _Nullable release; /* releases a Swift object held by a userdata */
  int cacheRef;           /* registry ref: weak-valued table object address -> userdata */
  int namesRef;           /* registry ref: weak-keyed table function -> fallback name */
  int errorRef;           /* registry ref: table the message handler fills (traceback, ...) */
  int raiseRef;           /* registry ref: the message a Swift function raises, kept off the
                             stack until the trampoline raises it (sg_stashraise) */
  int boxRef;             /* registry ref: metatable of context boxes */
  sg_Type *_Nullable types; /* registered userdata types (a list owned by this record) */
  int poolCount;          /* entries of `pool` in use */
  int (*_Nullable pool[SG_POOLSIZE])(lua_State *L); /* Swift functions of the pooled trampolines */
  void *_Nullable context; /* free for the host */
  const void *_Nullable lastSelf; /* the block __index last found a method for: a checked
                             object, alive until its __gc, which clears this */
  int methodCount;        /* entries of `methods` in use */
  sg_PooledMethod methods[SG_METHODPOOLSIZE]; /* the methods of the pooled method trampolines */
} sg_VM;

/** The VM record of any thread of a state created by sg_newstate. */
static inline sg_VM *sg_vm(lua_State *L) { return *(sg_VM **)lua_getextraspace(L); }

/** Seconds on the monotonic clock. */
static inline double sg_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/** The allocator: counts bytes and refuses growth over the cap, but only while `mayFail`
 *  (a refusal elsewhere would raise across Swift frames). A real out-of-memory where Lua
 *  must not fail aborts: there is no safe way on. */
static void *_Nullable sg_alloc(void *_Nullable ud, void *_Nullable ptr, size_t osize, size_t nsize) {
  sg_VM *vm = (sg_VM *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    vm->used -= old;
    return NULL;
  }
  if (nsize > old && vm->mayFail && vm->limit > 0 && vm->used - old + nsize > vm->limit) {
    vm->limitHit = 1;
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) {
    if (!vm->mayFail) abort();
    return NULL;
  }
  vm->used = vm->used - old + nsize;
  return p;
}

/** Pushes "file:line: " for the function at `level` like luaL_where, but names a file chunk
 *  ("@path") by its whole path instead of the 60-character short_src. */
static inline void sg_pushwhere(lua_State *L, int level) {
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

/** The count hook: stops the running call once its deadline has passed, and from then on
 *  fires at every instruction of this thread, so that a script catching the error with
 *  `pcall` is stopped again at its next instruction outside the `pcall`. Back to the usual
 *  interval at the first firing after the call. RAISES (a hook may). */
static void sg_counthook(lua_State *L, lua_Debug *ar) {
  sg_VM *vm = sg_vm(L);
  (void)ar;
  if (vm->deadline > 0 && sg_now() > vm->deadline) {
    vm->timedOut = 1;
    if (lua_gethookcount(L) != 1) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, 1);
    sg_pushwhere(L, 0);
    lua_pushfstring(L, "script ran too long (more than %f s in one call)", (lua_Number)vm->timeLimit);
    lua_concat(L, 2);
    lua_error(L);
  } else if (lua_gethookcount(L) != vm->hookCount) {
    lua_sethook(L, sg_counthook, LUA_MASKCOUNT, vm->hookCount);
  }
}

/** Panic function: an error outside any protected call is a bug in the host; say so and abort. */
static int sg_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  lua_writestringerror("LuaBridge: unprotected Lua error (%s)\n", msg ? msg : "?");
  return 0; /* then Lua aborts */
}

/** Creates a state whose allocator and hook use `vm`, and stores `vm` in its extra space. */
static inline lua_State *_Nullable sg_newstate(sg_VM *vm) {
  lua_State *L = lua_newstate(sg_alloc, vm);
  if (L == NULL) return NULL;
  *(sg_VM **)lua_getextraspace(L) = vm;
  lua_atpanic(L, sg_panic);
  if (vm->hookCount > 0) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, vm->hookCount);
  return L;
}

/* ========================================================================================
 * 3. Messages in Lua's grammar, without raising
 * ======================================================================================== */

/* lauxlib's findfield, which is static there: searches package.loaded two levels deep. */
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

/* lauxlib's pushglobalfuncname: "string.rep" for a function found in package.loaded. */
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

/** Records `name` as the fallback name of the function at `idx`, used in messages when the
 *  call site gives none (Lua would say '?'). */
static inline void sg_setfunctionname(lua_State *L, int idx, const char *name) {
  idx = lua_absindex(L, idx);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->namesRef);
  lua_pushvalue(L, idx);
  lua_pushstring(L, name);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* Leaves only the top value above `top`. */
static inline void sg_keeptop(lua_State *L, int top) {
  if (lua_gettop(L) > top + 1) {
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
  }
}

/** Pushes the message luaL_argerror would raise for argument `arg` of the running C function:
 *  "file:line: bad argument #2 to 'f' (extramsg)", `self` not counted in a method call. */
static inline void sg_pushargerror(lua_State *L, int arg, const char *extramsg) {
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
      arg--;
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

/** Pushes the name luaL_typeerror gives the value at `idx`: its metatable's __name, "light
 *  userdata", or the type name ("no value" for a missing argument). */
static inline void sg_pushtypenameforerror(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) return;
  if (lua_type(L, idx) == LUA_TLIGHTUSERDATA) lua_pushliteral(L, "light userdata");
  else lua_pushstring(L, luaL_typename(L, idx));
}

/** Pushes the message luaL_typeerror would raise: "... (Layer expected, got number)". */
static inline void sg_pushtypeerror(lua_State *L, int arg, const char *tname) {
  int top = lua_gettop(L);
  lua_checkstack(L, 4);
  sg_pushtypenameforerror(L, arg);
  const char *msg = lua_pushfstring(L, "%s expected, got %s", tname, lua_tostring(L, -1));
  sg_pushargerror(L, arg, msg);
  sg_keeptop(L, top);
}

/** Prefixes the string on top with "file:line: " of `level` (luaL_error's position). */
static inline void sg_prefixwhere(lua_State *L, int level) {
  lua_checkstack(L, 2);
  sg_pushwhere(L, level);
  lua_insert(L, -2);
  lua_concat(L, 2);
}

/* ========================================================================================
 * 4. The trampoline
 * ======================================================================================== */

/** A Swift function for Lua: returns how many results it pushed, SG_RAISE after pushing an
 *  error message, or SG_YIELD(n) to yield n values from the running coroutine. */
typedef int (*sg_Function)(lua_State *L);
#define SG_RAISE (-1)
/** SG_YIELD(n) = -2 - n. */
static inline int sg_yieldcode(int n) { return -2 - n; }

/* Finishes a Swift call: raises or yields for it. RAISES. */
static inline int sg_finish(lua_State *L, int n) {
  if (n >= 0) return n;
  if (n == SG_RAISE) return lua_error(L);
  return lua_yield(L, -2 - n);
}

/** The C function behind every Swift function: upvalue 1 is the Swift function pointer.
 *  The Swift function runs with mayFail off, so no Lua call it makes can raise. */
static int sg_trampoline(lua_State *L) {
  sg_Function f = (sg_Function)lua_touserdata(L, lua_upvalueindex(1));
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = f(L);
  vm->mayFail = saved;
  return sg_finish(L, n);
}

/** Pops the message a Swift function is about to raise into the VM's raise slot, so that the
 *  Swift code between building the message and returning (a `defer` that pops, a loop that
 *  resets the top) cannot lose it. */
static inline void sg_stashraise(lua_State *L) {
  lua_rawseti(L, LUA_REGISTRYINDEX, sg_vm(L)->raiseRef);
}

/** Pushes the stashed message (emptying the slot) for the trampoline to raise. */
static inline void sg_pushraise(lua_State *L) {
  sg_VM *vm = sg_vm(L);
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, vm->raiseRef) == LUA_TBOOLEAN) {
    lua_pop(L, 1);
    lua_pushliteral(L, "error in a Swift function (no message)");
  }
  lua_pushboolean(L, 0);
  lua_rawseti(L, LUA_REGISTRYINDEX, vm->raiseRef);
}

/* Swift functions without upvalues of their own go through pooled trampolines: trampoline i
 * calls the VM's pooled function i, found through the VM record instead of an upvalue (an API
 * call less on every call). The pool fills as functions are first pushed; a function that
 * finds it full takes sg_trampoline. */

/* Calls the VM's pooled function `i` as sg_trampoline calls its upvalue. RAISES. */
__attribute__((always_inline)) static inline int sg_pooledcall(lua_State *L, int i) {
  sg_VM *vm = sg_vm(L);
  sg_Function f = vm->pool[i];
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = f(L);
  vm->mayFail = saved;
  return sg_finish(L, n);
}

/* SG_EACHPOOLED(X) expands X(a, b, c) for every index a·100 + b·10 + c below SG_POOLSIZE. */
#define SG_DIGITS(X, a, b) X(a, b, 0) X(a, b, 1) X(a, b, 2) X(a, b, 3) X(a, b, 4) \
  X(a, b, 5) X(a, b, 6) X(a, b, 7) X(a, b, 8) X(a, b, 9)
#define SG_TENS(X, a) SG_DIGITS(X, a, 0) SG_DIGITS(X, a, 1) SG_DIGITS(X, a, 2) SG_DIGITS(X, a, 3) \
  SG_DIGITS(X, a, 4) SG_DIGITS(X, a, 5) SG_DIGITS(X, a, 6) SG_DIGITS(X, a, 7) SG_DIGITS(X, a, 8) \
  SG_DIGITS(X, a, 9)
#define SG_EACHPOOLED(X) SG_TENS(X, 0) SG_TENS(X, 1) SG_TENS(X, 2) SG_TENS(X, 3)

#define SG_POOLED(a, b, c) \
  static int sg_pooled_##a##b##c(lua_State *L) { return sg_pooledcall(L, a * 100 + b * 10 + c); }
SG_EACHPOOLED(SG_POOLED)
#define SG_CASE(a, b, c) case a * 100 + b * 10 + c: return sg_pooled_##a##b##c;

/* The pooled trampoline `i` (0 <= i < SG_POOLSIZE). */
static inline lua_CFunction sg_pooledtrampoline(int i) {
  switch (i) {
    SG_EACHPOOLED(SG_CASE)
    default: return sg_trampoline;
  }
}
#undef SG_POOLED
#undef SG_CASE
#undef SG_EACHPOOLED
/* (SG_TENS and SG_DIGITS serve the method trampolines too; see sg_pushmethod.) */

/* The pooled trampoline of `f` in this VM, entering it in the pool if it is new; NULL when
 * the pool is full. */
static inline lua_CFunction _Nullable sg_pooledtrampolinefor(lua_State *L, sg_Function f) {
  sg_VM *vm = sg_vm(L);
  for (int i = 0; i < vm->poolCount; i++)
    if (vm->pool[i] == f) return sg_pooledtrampoline(i);
  if (vm->poolCount >= SG_POOLSIZE) return NULL;
  vm->pool[vm->poolCount] = f;
  return sg_pooledtrampoline(vm->poolCount++);
}

/** Pushes a Lua function that calls `f`, with the `nup` values on top of the stack as its
 *  upvalues 2...nup+1 (they are popped). */
static inline void sg_pushfunction(lua_State *L, sg_Function f, int nup) {
  lua_CFunction pooled = nup == 0 ? sg_pooledtrampolinefor(L, f) : NULL;
  if (pooled != NULL) {
    lua_pushcfunction(L, pooled);
    return;
  }
  lua_pushlightuserdata(L, (void *)f);
  lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, sg_trampoline, nup + 1);
}

/** A plain C function that does nothing (for measurements and tests). */
static int sg_noop(lua_State *L) { (void)L; return 0; }

/* ========================================================================================
 * 5. Protected calls and resumes, with the traceback handler and the budgets
 * ======================================================================================== */

/* Records the position of the first frame with a line, from `level` up, in table `t`. */
static void sg_recordposition(lua_State *L, lua_State *co, int level, int t) {
  lua_Debug ar;
  while (lua_getstack(co, level++, &ar)) {
    lua_getinfo(co, "Sl", &ar);
    if (ar.currentline > 0) {
      lua_pushstring(L, ar.source);
      lua_setfield(L, t, "source");
      lua_pushinteger(L, ar.currentline);
      lua_setfield(L, t, "line");
      return;
    }
  }
}

/* Fills the VM's error table from thread `co`'s stack: traceback and position. */
static void sg_recorderror(lua_State *L, lua_State *co, int level) {
  lua_createtable(L, 0, 3);
  int t = lua_gettop(L);
  luaL_traceback(L, co, NULL, level);
  lua_setfield(L, t, "traceback");
  sg_recordposition(L, co, level, t);
  lua_rawseti(L, LUA_REGISTRYINDEX, sg_vm(L)->errorRef);
}

/** The message handler of sg_pcallbudget: records the traceback and the error's position,
 *  and leaves the error object as it is. */
static int sg_msgh(lua_State *L) {
  sg_recorderror(L, L, 1);
  lua_settop(L, 1);
  return 1;
}


/* The state an entry into Lua saves and sg_leave restores. */
typedef struct sg_Entry { int mayFail; double deadline; } sg_Entry;

/* Starts an entry into Lua: allocations may fail from here on; the outermost entry starts a
 * fresh time budget. */
static inline sg_Entry sg_enter(sg_VM *vm) {
  sg_Entry e = { vm->mayFail, vm->deadline };
  if (vm->deadline == 0) {
    vm->limitHit = 0;
    vm->timedOut = 0;
    vm->deadline = vm->timeLimit > 0 ? sg_now() + vm->timeLimit : -1;
  }
  vm->mayFail = 1;
  return e;
}

/* Ends an entry into Lua. */
static inline void sg_leave(sg_VM *vm, sg_Entry e) {
  vm->mayFail = e.mayFail;
  vm->deadline = e.deadline;
}

/** lua_pcall of the function below `nargs` arguments, with the traceback handler (which fills
 *  the VM's error table) and under the VM's time and memory budgets. Never raises. */
static inline int sg_pcallbudget(lua_State *L, int nargs, int nresults) {
  sg_VM *vm = sg_vm(L);
  if (!lua_checkstack(L, 1)) return LUA_ERRMEM;
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, sg_msgh);
  lua_insert(L, base);
  sg_Entry e = sg_enter(vm);
  int status = lua_pcall(L, nargs, nresults, base);
  sg_leave(vm, e);
  lua_remove(L, base);
  return status;
}

/** lua_resume of coroutine `co` under the VM's budgets. On an error, fills the VM's error
 *  table from the coroutine's stack (which an error leaves as it was). Never raises. */
static inline int sg_resumebudget(lua_State *co, lua_State *_Nullable from, int nargs, int *nresults) {
  sg_VM *vm = sg_vm(co);
  sg_Entry e = sg_enter(vm);
  int status = lua_resume(co, from, nargs, nresults);
  sg_leave(vm, e);
  if (status != LUA_OK && status != LUA_YIELD && status != LUA_ERRMEM) {
    lua_State *L = from ? from : co;
    if (lua_checkstack(L, 6)) sg_recorderror(L, co, 0);
  }
  return status;
}

/* ========================================================================================
 * 6. Swift objects as userdata
 * ======================================================================================== */

/** A property handler: `object` is the Swift object, `key` the property's id (its index in the
 *  type's property list). Returns like an sg_Function. For a missing key, `key` is 0 for a
 *  read, 1 for a write, 2 for a write to a method's name; the key itself is at index 2. */
typedef int (*sg_Handler)(lua_State *L, void *object, int key);

/** Marks a block as an sg_Object: a script cannot forge userdata contents, so a block of the
 *  right size with this mark was made by sg_pushnewobject or sg_pushbox. */
#define SG_OBJECT_MAGIC 0x534e4f57474c4f42ULL /* "SNOWGLOB" */

/** The block of a userdata that holds a Swift object. */
typedef struct sg_Object {
  void *_Nullable object;   /* retained; NULL once released (__gc) or detached */
  sg_Type *_Nullable type;  /* NULL for a context box */
  uint64_t magic;
} sg_Object;

/** A registered userdata type. Property codes in the key table are (level << 16) | id, where
 *  level counts the steps up the parent chain to the type that declared the property. */
struct sg_Type {
  const char *name;
  sg_Type *_Nullable parent;
  sg_Type *_Nullable next;    /* the VM's list */
  const void *swiftType;      /* the Swift class's metatype */
  sg_Handler get;
  sg_Handler set;
  sg_Handler missing;
  int metatableRef;
  int keysRef;
  unsigned keyMask;           /* size of `keys` - 1 (a power of two) */
  struct sg_Key *keys;        /* open-addressing cache: property name's bytes -> code */
};

/** An entry of a type's key cache. Lua interns short strings (up to 40 bytes), so while the
 *  key table holds a name, every string with that content has these very bytes: a key is
 *  found by comparing pointers, with no hashing of its characters. A miss (a long string, an
 *  unknown key) falls back to the key table. */
typedef struct sg_Key {
  const char *_Nullable name;
  int id;                     /* property id, or the method's upvalue index in __index */
  int isMethod;
  lua_CFunction _Nullable function; /* a method that is a light C function (no upvalues) */
  sg_Handler _Nullable get;   /* the declaring type's handlers, for a property */
  sg_Handler _Nullable set;
} sg_Key;

/* The slot of `name` (or the empty slot where it would go) in `t`'s key cache. */
static inline sg_Key *sg_keyslot(const sg_Type *t, const char *name) {
  unsigned i = (unsigned)(((uintptr_t)name >> 3) * 2654435761u) & t->keyMask;
  while (t->keys[i].name != NULL && t->keys[i].name != name) i = (i + 1) & t->keyMask;
  return &t->keys[i];
}

/* Whether `o`, the block of the userdata at `idx`, is an sg_Object: its size and its mark. */
static inline int sg_isobjectblock(lua_State *L, int idx, const sg_Object *o) {
  return lua_rawlen(L, idx) == sizeof(sg_Object) && o->magic == SG_OBJECT_MAGIC;
}

/** The sg_Object at `idx`, or NULL if the value there is not one. */
static inline sg_Object *_Nullable sg_toobject(lua_State *L, int idx) {
  sg_Object *o = (sg_Object *)lua_touserdata(L, idx);
  if (o == NULL || !sg_isobjectblock(L, idx, o)) return NULL;
  return o;
}

/** Whether `t` or one of its ancestors is registered for `swiftType`. */
static inline int sg_isa(const sg_Type *_Nullable t, const void *swiftType) {
  for (; t != NULL; t = t->parent)
    if (t->swiftType == swiftType) return 1;
  return 0;
}

/** The live Swift object at `idx` if its type is `swiftType` or inherits from it; else NULL.
 *  A method's self is usually the block __index has just checked (vm->lastSelf), which needs
 *  no second look at its size and mark. */
static inline void *_Nullable sg_toobjectof(lua_State *L, int idx, const void *swiftType) {
  sg_Object *o = (sg_Object *)lua_touserdata(L, idx);
  if (o == NULL) return NULL;
  if (o != sg_vm(L)->lastSelf && !sg_isobjectblock(L, idx, o)) return NULL;
  return sg_isa(o->type, swiftType) ? o->object : NULL;
}

/** Whether the value at `idx` is an object of `swiftType` (or a subtype) that has been
 *  released: why sg_toobjectof found nothing, for the error message. */
static inline int sg_isreleasedobjectof(lua_State *L, int idx, const void *swiftType) {
  sg_Object *o = sg_toobject(L, idx);
  return o != NULL && sg_isa(o->type, swiftType) && o->object == NULL;
}

/** The type registered for `swiftType` in this VM, or NULL. */
static inline sg_Type *_Nullable sg_findtype(lua_State *L, const void *swiftType) {
  for (sg_Type *t = sg_vm(L)->types; t != NULL; t = t->next)
    if (t->swiftType == swiftType) return t;
  return NULL;
}

/** __gc of objects and boxes: releases the Swift object and clears the slot. */
static int sg_objectgc(lua_State *L) {
  sg_Object *o = sg_toobject(L, 1);
  if (o != NULL && sg_vm(L)->lastSelf == o) sg_vm(L)->lastSelf = NULL; /* the block is freed next */
  if (o != NULL && o->object != NULL) {
    void *object = o->object;
    o->object = NULL;
    sg_VM *vm = sg_vm(L);
    int saved = vm->mayFail;
    vm->mayFail = 0;
    if (vm->release) vm->release(object);
    vm->mayFail = saved;
  }
  return 0;
}

/* Raises for a bad or released self (argument 1) of a property access or a method, which
 * needed a `swiftType`: "calling 'f' on bad self (Layer expected, got number)", or "attempt to
 * use a released Layer". RAISES. */
__attribute__((noinline, cold)) static int sg_raisebadself(lua_State *L, const void *swiftType) {
  const sg_Type *t = sg_findtype(L, swiftType);
  const char *name = t != NULL ? t->name : "object";
  sg_Object *o = sg_toobject(L, 1);
  if (o != NULL && o->object == NULL && sg_isa(o->type, swiftType)) {
    lua_pushfstring(L, "attempt to use a released %s", name);
    sg_prefixwhere(L, 1);
  } else {
    sg_pushtypeerror(L, 1, name);
  }
  return lua_error(L);
}

/* Calls a handler with mayFail off, then raises or yields for it. RAISES. */
__attribute__((always_inline)) static inline int sg_callhandler(lua_State *L, sg_Handler h, void *object, int key) {
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = h(L, object, key);
  vm->mayFail = saved;
  return sg_finish(L, n);
}

/* The cache entry of the key at index 2 for type `t`, or NULL if it has none. */
static inline const sg_Key *_Nullable sg_findkey(lua_State *L, const sg_Type *t) {
  const char *name = lua_tolstring(L, 2, NULL); /* a number key becomes a string in this slot */
  if (name == NULL) return NULL;
  const sg_Key *k = sg_keyslot(t, name);
  return k->name != NULL ? k : NULL;
}

/* The key table's value for the key at index 2, pushed; returns its type. */
static inline int sg_rawgetkey(lua_State *L) {
  lua_pushvalue(L, 2);
  return lua_rawget(L, lua_upvalueindex(1));
}

/* The live object of the userdata at index 1 in a metamethod of a registered type; raises
 * if it was released. Only the type's own hidden metatable (__metatable = false) leads here,
 * so index 1 is one of the bridge's userdata (scripts cannot reach the metamethods or swap
 * metatables without the debug library, which breaks every binding's guarantees anyway): the
 * mark is checked, the block size (another API call) is not. */
__attribute__((always_inline)) static inline sg_Object *sg_selfobject(lua_State *L) {
  sg_Object *o = (sg_Object *)lua_touserdata(L, 1);
  if (o == NULL || o->magic != SG_OBJECT_MAGIC || o->type == NULL || o->object == NULL) {
    sg_raisebadself(L, ((const sg_Type *)lua_touserdata(L, lua_upvalueindex(2)))->swiftType);
  }
  return o;
}

/* Calls method `f` with the object of `o` and mayFail off; then raises or yields for it. The
 * VM record is found again after the call rather than kept in a register across it. RAISES. */
__attribute__((always_inline)) static inline int sg_runmethod(lua_State *L, sg_Object *o, sg_Method f) {
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = f(L, o->object);
  sg_vm(L)->mayFail = saved;
  return sg_finish(L, n);
}

/* sg_callmethod for a self that is not the block __index has just checked: looks at its size
 * and mark first. RAISES. */
__attribute__((noinline)) static int sg_callmethodchecked(lua_State *L, sg_Object *_Nullable o, sg_Method f,
                                                          const void *swiftType) {
  if (o == NULL || !sg_isobjectblock(L, 1, o) || o->object == NULL || !sg_isa(o->type, swiftType)) {
    return sg_raisebadself(L, swiftType);
  }
  return sg_runmethod(L, o, f);
}

/* Calls method `f` with `o`, the block of argument 1 (lua_touserdata's answer), which must be
 * a live `swiftType` (or a subtype). Self is usually the block __index has just checked
 * (vm->lastSelf), which needs no second look at its size and mark; any other goes the longer
 * way, which keeps the registers of this path few. RAISES. */
__attribute__((always_inline)) static inline int sg_callmethod(lua_State *L, sg_Object *_Nullable o, sg_Method f,
                                                               const void *swiftType) {
  if (o == NULL || o != sg_vm(L)->lastSelf || o->object == NULL || !sg_isa(o->type, swiftType)) {
    return sg_callmethodchecked(L, o, f, swiftType);
  }
  return sg_runmethod(L, o, f);
}

/* The trampoline of a method past the pool: upvalue 1 the Swift function, 2 its class. */
static int sg_methodtrampoline(lua_State *L) {
  sg_Method f = (sg_Method)lua_touserdata(L, lua_upvalueindex(1));
  const void *swiftType = lua_touserdata(L, lua_upvalueindex(2));
  return sg_callmethod(L, (sg_Object *)lua_touserdata(L, 1), f, swiftType);
}

/* Method trampoline i calls the VM's pooled method i (as the pooled functions above), for
 * every i below SG_METHODPOOLSIZE (100). */
#define SG_EACHMETHOD(X) SG_TENS(X, 0)
_Static_assert(SG_METHODPOOLSIZE == 100, "SG_EACHMETHOD makes 100 method trampolines");
#define SG_POOLEDMETHOD(a, b, c) static int sg_pooledmethod_##a##b##c(lua_State *L) { \
    sg_Object *o = (sg_Object *)lua_touserdata(L, 1); \
    const sg_PooledMethod *m = &sg_vm(L)->methods[a * 100 + b * 10 + c]; \
    return sg_callmethod(L, o, m->function, m->swiftType); }
SG_EACHMETHOD(SG_POOLEDMETHOD)
#define SG_CASE(a, b, c) case a * 100 + b * 10 + c: return sg_pooledmethod_##a##b##c;
static inline lua_CFunction sg_pooledmethodtrampoline(int i) {
  switch (i) {
    SG_EACHMETHOD(SG_CASE)
    default: return sg_methodtrampoline;
  }
}
#undef SG_POOLEDMETHOD
#undef SG_CASE
#undef SG_EACHMETHOD
#undef SG_TENS
#undef SG_DIGITS

/** Pushes a Lua function that calls method `f` with its self, which must be a live object of
 *  `swiftType` (or a subtype). Pushed again, it is the same Lua value while the pool lasts. */
static inline void sg_pushmethod(lua_State *L, sg_Method f, const void *swiftType) {
  sg_VM *vm = sg_vm(L);
  for (int i = 0; i < vm->methodCount; i++) {
    if (vm->methods[i].function == f && vm->methods[i].swiftType == swiftType) {
      lua_pushcfunction(L, sg_pooledmethodtrampoline(i));
      return;
    }
  }
  if (vm->methodCount < SG_METHODPOOLSIZE) {
    vm->methods[vm->methodCount].function = f;
    vm->methods[vm->methodCount].swiftType = swiftType;
    lua_pushcfunction(L, sg_pooledmethodtrampoline(vm->methodCount++));
    return;
  }
  lua_pushlightuserdata(L, (void *)f);
  lua_pushlightuserdata(L, (void *)swiftType);
  lua_pushcclosure(L, sg_methodtrampoline, 2);
}

/* Finds a property declared by `t` or an ancestor in the key table's value on top (popped):
 * a code (level << 16) | id. Returns the handlers' type and sets *id, or NULL. */
static inline sg_Type *_Nullable sg_slowproperty(lua_State *L, sg_Type *t, int *id) {
  if (lua_type(L, -1) != LUA_TNUMBER) return NULL;
  lua_Integer code = lua_tointeger(L, -1);
  lua_pop(L, 1);
  for (lua_Integer level = code >> 16; level > 0 && t->parent != NULL; level--) t = t->parent;
  *id = (int)(code & 0xffff);
  return t;
}

/* __index for a key the cache does not hold: a long name, a method past the upvalue limit,
 * or an unknown key. RAISES. */
__attribute__((noinline)) static int sg_indexuncached(lua_State *L, sg_Object *o) {
  int id = 0;
  int kind = sg_rawgetkey(L);
  sg_Type *d = sg_slowproperty(L, o->type, &id);
  if (d != NULL) return sg_callhandler(L, d->get, o->object, id);
  if (kind != LUA_TNIL) return 1;
  lua_pop(L, 1);
  return sg_callhandler(L, o->type->missing, o->object, 0);
}

/** __index of a registered type. Upvalues: 1 the key table, 2 the type (light userdata),
 *  3... the type's methods (their cache entries give the upvalue index). */
static int sg_index(lua_State *L) {
  sg_Object *o = sg_selfobject(L);
  const sg_Key *k = sg_findkey(L, o->type);
  if (k == NULL) return sg_indexuncached(L, o);
  if (!k->isMethod) return sg_callhandler(L, k->get, o->object, k->id);
  sg_vm(L)->lastSelf = o; /* the method's own check of self is then quicker */
  if (k->function != NULL) lua_pushcfunction(L, k->function); /* no upvalue to read */
  else lua_pushvalue(L, lua_upvalueindex(k->id));
  return 1;
}

/** __newindex of a registered type. Upvalues: 1 the key table, 2 the type. */
static int sg_newindex(lua_State *L) {
  sg_Object *o = sg_selfobject(L);
  const sg_Key *k = sg_findkey(L, o->type);
  if (k != NULL) {
    if (!k->isMethod) return sg_callhandler(L, k->set, o->object, k->id);
    return sg_callhandler(L, o->type->missing, o->object, 2);
  }
  int id = 0;
  int kind = sg_rawgetkey(L);
  sg_Type *d = sg_slowproperty(L, o->type, &id);
  if (d != NULL) return sg_callhandler(L, d->set, o->object, id);
  lua_pop(L, 1);
  return sg_callhandler(L, o->type->missing, o->object, kind == LUA_TNIL ? 1 : 2);
}

/* Fills `t`'s key cache from the key table at `keys`, and pushes up to 250 of its methods
 * (for __index's upvalues); returns how many it pushed. */
static inline int sg_fillkeycache(lua_State *L, sg_Type *t, int keys) {
  unsigned count = 0, size = 16;
  int methods = 0;
  lua_pushnil(L);
  while (lua_next(L, keys)) {
    count++;
    lua_pop(L, 1);
  }
  while (size < 2 * count) size *= 2;
  t->keys = (sg_Key *)calloc(size, sizeof(sg_Key));
  if (t->keys == NULL) abort();
  t->keyMask = size - 1;
  lua_pushnil(L);
  while (lua_next(L, keys)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *name = lua_tostring(L, -2);
      if (lua_type(L, -1) == LUA_TNUMBER) {
        int id = 0;
        lua_pushvalue(L, -1);
        sg_Type *d = sg_slowproperty(L, t, &id);
        sg_Key *k = sg_keyslot(t, name);
        k->name = name;
        k->id = id;
        k->get = d->get;
        k->set = d->set;
      } else if (lua_type(L, -1) == LUA_TFUNCTION && methods < 250 && lua_checkstack(L, 4)) {
        sg_Key *k = sg_keyslot(t, name);
        k->name = name;
        k->isMethod = 1;
        k->id = 3 + methods;
        lua_CFunction function = lua_tocfunction(L, -1);
        if (function != NULL) { /* light when it equals the bare function */
          lua_pushcfunction(L, function);
          if (lua_rawequal(L, -1, -2)) k->function = function;
          lua_pop(L, 1);
        }
        methods++;
        lua_insert(L, -2); /* keep the method below the key, for __index's upvalues */
        continue;
      }
    }
    lua_pop(L, 1);
  }
  return methods;
}

/** Creates the userdata type `name` for the Swift class `swiftType`. Expects its key table on
 *  top of the stack (property name -> code, method name -> function) and pops it. The
 *  metatable (also registry[name], for luaL_getmetatable) has __name, __index, __newindex,
 *  __gc, and __metatable = false so scripts can neither read nor change it. */
static inline sg_Type *sg_newtype(lua_State *L, const char *name, sg_Type *_Nullable parent,
                                  const void *swiftType, sg_Handler get, sg_Handler set,
                                  sg_Handler missing) {
  sg_VM *vm = sg_vm(L);
  size_t n = strlen(name);
  sg_Type *t = (sg_Type *)calloc(1, sizeof(sg_Type) + n + 1);
  if (t == NULL) abort();
  char *copy = (char *)(t + 1);
  memcpy(copy, name, n + 1);
  t->name = copy;
  t->parent = parent;
  t->swiftType = swiftType;
  t->get = get;
  t->set = set;
  t->missing = missing;
  t->next = vm->types;
  vm->types = t;
  lua_checkstack(L, 8);
  int keys = lua_gettop(L);
  int methods = sg_fillkeycache(L, t, keys);
  int firstMethod = keys + 1;
  /* Lua looks __index and __newindex up in this table on every access, from the node their
   * hash picks. String hashes are seeded afresh by each Lua state, so a key that shares that
   * node with another must be followed down a chain, and how long the chain is changed from
   * run to run (9 instructions a node: a method call cost 782 to 818). A key inserted first into
   * a table that is never resized stays in its own node: __index goes first, __newindex next,
   * and the table has room for twice its keys (with the metamethods a binding adds, as __eq). */
  lua_createtable(L, 0, 16);
  lua_checkstack(L, methods + 4);
  lua_pushvalue(L, keys);
  lua_pushlightuserdata(L, t);
  for (int i = 0; i < methods; i++) lua_pushvalue(L, firstMethod + i);
  lua_pushcclosure(L, sg_index, 2 + methods);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, keys);
  lua_pushlightuserdata(L, t);
  lua_pushcclosure(L, sg_newindex, 2);
  lua_setfield(L, -2, "__newindex");
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushcfunction(L, sg_objectgc);
  lua_setfield(L, -2, "__gc");
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, name);
  t->metatableRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, keys);
  t->keysRef = luaL_ref(L, LUA_REGISTRYINDEX);
  return t;
}

/** Pushes the userdata that already stands for `object` and returns 1; returns 0 (pushing
 *  nothing) if there is none. */
static inline int sg_pushcached(lua_State *L, const void *object) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->cacheRef);
  if (lua_rawgetp(L, -1, object) != LUA_TNIL) {
    lua_remove(L, -2);
    return 1;
  }
  lua_pop(L, 2);
  return 0;
}

/** Pushes a new userdata of type `t` holding `object` (retained once for it, released by its
 *  __gc) and records it in the cache so that pushing `object` again yields it. */
static inline void sg_pushnewobject(lua_State *L, void *object, sg_Type *t) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->cacheRef);
  sg_Object *o = (sg_Object *)lua_newuserdatauv(L, sizeof(sg_Object), 0);
  o->object = object;
  o->type = t;
  o->magic = SG_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, t->metatableRef);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, object);
  lua_remove(L, -2);
}

/** Pushes a new context box holding `object` (retained once for it, released by its __gc). */
static inline void sg_pushbox(lua_State *L, void *object) {
  sg_Object *o = (sg_Object *)lua_newuserdatauv(L, sizeof(sg_Object), 0);
  o->object = object;
  o->type = NULL;
  o->magic = SG_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->boxRef);
  lua_setmetatable(L, -2);
}

/** The object in the box at `idx` (an upvalue index, usually), or NULL. */
static inline void *_Nullable sg_tobox(lua_State *L, int idx) {
  sg_Object *o = sg_toobject(L, idx);
  return (o != NULL && o->type == NULL) ? o->object : NULL;
}

/** Detaches `object` from its userdata, if it has one: releases it, clears the slot (later uses
 *  raise "attempt to use a released ...") and forgets the cache entry. Returns 1 if found. */
static inline int sg_detachobject(lua_State *L, const void *object) {
  int top = lua_gettop(L);
  lua_checkstack(L, 3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->cacheRef);
  lua_rawgetp(L, -1, object);
  sg_Object *o = sg_toobject(L, -1);
  int found = 0;
  if (o != NULL && o->object != NULL) {
    void *held = o->object;
    o->object = NULL;
    lua_pushnil(L);
    lua_rawsetp(L, -3, object);
    if (sg_vm(L)->release) sg_vm(L)->release(held);
    found = 1;
  }
  lua_settop(L, top);
  return found;
}

/** Sets up the bridge's registry entries in a new state: the object cache, the fallback names,
 *  the error table slot, the raise slot and the box metatable. */
static inline void sg_openbridge(lua_State *L) {
  sg_VM *vm = sg_vm(L);
  lua_createtable(L, 0, 64);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  vm->cacheRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 64);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  vm->namesRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushboolean(L, 0);
  vm->errorRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushboolean(L, 0);
  vm->raiseRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 3);
  lua_pushliteral(L, "LuaBridge.box");
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushcfunction(L, sg_objectgc);
  lua_setfield(L, -2, "__gc");
  vm->boxRef = luaL_ref(L, LUA_REGISTRYINDEX);
}

/** Frees the VM's type records (after lua_close). */
static inline void sg_freetypes(sg_VM *vm) {
  sg_Type *t = vm->types;
  while (t != NULL) {
    sg_Type *next = t->next;
    free(t->keys);
    free(t);
    t = next;
  }
  vm->types = NULL;
}

#pragma clang assume_nonnull end

/* ========================================================================================
 * 7. String patterns under the time limit (patterns.h)
 * ======================================================================================== */

#include "patterns.h"
#include "pairs.h"

#endif
