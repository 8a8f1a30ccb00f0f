/* The VM record: a state's allocator, which counts bytes and enforces the memory cap, and its
 * count hook, which enforces the time limit; creating the state and the bridge's registry
 * entries. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double sg_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double sg_cpunow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int sg_pastdeadline(sg_VM *vm) {
  if (vm->deadline <= 0) return 0;
  double now = sg_now();
  if (now <= vm->deadline) return 0;
  if (vm->cpuDeadline > 0 && now < vm->wallCap) {
    double cpu = sg_cpunow();
    if (cpu < vm->cpuDeadline) {
      double next = now + (vm->cpuDeadline - cpu);
      vm->deadline = next < vm->wallCap ? next : vm->wallCap;
      return 0;
    }
  }
  return 1;
}

/* The allocator: counts bytes and refuses growth over the cap, but only while `mayFail` (a
 * refusal elsewhere would raise across Swift frames). A real out-of-memory where Lua must not
 * fail aborts: there is no safe way on. */
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

/* Notes where the running call is, for the memory limit's message: the allocator that refuses
 * memory cannot look at the stack (Lua may be moving it), so the hook notes the position while
 * memory is within an eighth of the cap. */
static void sg_notememory(lua_State *L, lua_Debug *ar) {
  if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
    memcpy(sg_vm(L)->memorySource, ar->short_src, LUA_IDSIZE);
    sg_vm(L)->memoryLine = ar->currentline;
  }
}

/* The count hook: stops the running call once its deadline has passed, and from then on fires
 * at every instruction of this thread, so that a script catching the error with `pcall` is
 * stopped again at its next instruction outside the `pcall`. Back to the usual interval at the
 * first firing after the call. Near the memory cap, notes the position. RAISES (a hook may). */
void sg_counthook(lua_State *L, lua_Debug *ar) {
  sg_VM *vm = sg_vm(L);
  if (vm->limit > 0 && vm->used > vm->limit - vm->limit / 8) sg_notememory(L, ar);
  if (sg_pastdeadline(vm)) {
    vm->timedOut = 1;
    if (lua_gethookcount(L) != 1) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, 1);
    sg_pushtimeout(L, 0);
    lua_error(L);
  } else if (lua_gethookcount(L) != vm->hookCount) {
    lua_sethook(L, sg_counthook, LUA_MASKCOUNT, vm->hookCount);
  }
}

/* Panic function: an error outside any protected call is a bug in the host; say so and abort. */
static int sg_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  lua_writestringerror("LuaBridge: unprotected Lua error (%s)\n", msg ? msg : "?");
  return 0; /* then Lua aborts */
}

lua_State *_Nullable sg_newstate(sg_VM *vm) {
  lua_State *L = lua_newstate(sg_alloc, vm);
  if (L == NULL) return NULL;
  *(sg_VM **)lua_getextraspace(L) = vm;
  lua_atpanic(L, sg_panic);
  if (vm->hookCount > 0) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, vm->hookCount);
  return L;
}

/* Pushes a new table whose keys (mode "k") or values ("v") are weak. */
static void sg_newweaktable(lua_State *L, const char *mode) {
  lua_createtable(L, 0, 64);
  lua_createtable(L, 0, 1);
  lua_pushstring(L, mode);
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

void sg_openbridge(lua_State *L) {
  sg_VM *vm = sg_vm(L);
  sg_newweaktable(L, "v");
  vm->cacheRef = luaL_ref(L, LUA_REGISTRYINDEX);
  sg_newweaktable(L, "k");
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
