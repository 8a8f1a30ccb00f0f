/* Swift functions for Lua: the trampolines that call them, and raising or yielding for them.
 *
 * Lua calls a C function (a trampoline), which calls the Swift function with the allocator's
 * refusals switched off (mayFail), then raises or yields as the Swift function asked, once its
 * frame is gone. A function with upvalues keeps its Swift function pointer in upvalue 1 of
 * sg_trampoline. A function without takes one of the VM's pooled trampolines: trampoline i calls
 * the VM's pooled function i, found through the VM record instead of an upvalue (an API call
 * less on every call). The pool fills as functions are first pushed; a function that finds it
 * full takes sg_trampoline. */
#include "internal.h"

int sg_yieldcode(int n) { return -2 - n; }

int sg_finish(lua_State *L, int n) {
  if (n >= 0) return n;
  if (n == SG_RAISE) return lua_error(L);
  return lua_yield(L, -2 - n);
}

/* Calls Swift function `f` with mayFail off, then raises or yields for it. RAISES. */
__attribute__((always_inline)) static inline int sg_callswift(lua_State *L, sg_Function f) {
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = f(L);
  vm->mayFail = saved;
  return sg_finish(L, n);
}

/* The C function behind a Swift function with upvalues: upvalue 1 is the Swift function. */
static int sg_trampoline(lua_State *L) {
  return sg_callswift(L, (sg_Function)lua_touserdata(L, lua_upvalueindex(1)));
}

/* Pooled trampoline i, for every i below SG_POOLSIZE (400). */
#define SG_EACHPOOLED(X) SG_TENS(X, 0) SG_TENS(X, 1) SG_TENS(X, 2) SG_TENS(X, 3)
_Static_assert(SG_POOLSIZE == 400, "SG_EACHPOOLED makes 400 trampolines");
#define SG_POOLED(a, b, c) \
  static int sg_pooled_##a##b##c(lua_State *L) { return sg_callswift(L, sg_vm(L)->pool[a * 100 + b * 10 + c]); }
SG_EACHPOOLED(SG_POOLED)

/* The pooled trampoline `i` (0 <= i < SG_POOLSIZE). */
#define SG_CASE(a, b, c) case a * 100 + b * 10 + c: return sg_pooled_##a##b##c;
static lua_CFunction sg_pooledtrampoline(int i) {
  switch (i) {
    SG_EACHPOOLED(SG_CASE)
    default: return sg_trampoline;
  }
}

/* The pooled trampoline of `f` in this VM, entering it in the pool if it is new; NULL when the
 * pool is full. */
static lua_CFunction _Nullable sg_pooledtrampolinefor(lua_State *L, sg_Function f) {
  sg_VM *vm = sg_vm(L);
  for (int i = 0; i < vm->poolCount; i++)
    if (vm->pool[i] == f) return sg_pooledtrampoline(i);
  if (vm->poolCount >= SG_POOLSIZE) return NULL;
  vm->pool[vm->poolCount] = f;
  return sg_pooledtrampoline(vm->poolCount++);
}

void sg_pushfunction(lua_State *L, sg_Function f, int nup) {
  lua_CFunction pooled = nup == 0 ? sg_pooledtrampolinefor(L, f) : NULL;
  if (pooled != NULL) {
    lua_pushcfunction(L, pooled);
    return;
  }
  lua_pushlightuserdata(L, (void *)f);
  lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, sg_trampoline, nup + 1);
}

void sg_stashraise(lua_State *L) {
  lua_rawseti(L, LUA_REGISTRYINDEX, sg_vm(L)->raiseRef);
}

void sg_pushraise(lua_State *L) {
  sg_VM *vm = sg_vm(L);
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, vm->raiseRef) == LUA_TBOOLEAN) {
    lua_pop(L, 1);
    lua_pushliteral(L, "error in a Swift function (no message)");
  }
  lua_pushboolean(L, 0);
  lua_rawseti(L, LUA_REGISTRYINDEX, vm->raiseRef);
}
