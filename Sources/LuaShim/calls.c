/* Protected calls and resumes: how Swift enters Lua. Each runs under the VM's budgets (the
 * outermost entry starts the time limit's clock; allocations may be refused while it runs) and
 * records where an error happened (a traceback and the first position with a line) in the VM's
 * error table, which LuaBridge reads back into a LuaError. */
#include "internal.h"

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

/* The message handler of sg_pcallbudget: records the traceback and the error's position, and
 * leaves the error object as it is. */
static int sg_msgh(lua_State *L) {
  sg_recorderror(L, L, 1);
  lua_settop(L, 1);
  return 1;
}

/* The state an entry into Lua saves and sg_leave restores. */
typedef struct sg_Entry {
  int mayFail;
  double deadline;
} sg_Entry;

/* Starts an entry into Lua: allocations may fail from here on; the outermost entry starts a
 * fresh time budget (the frame limit's, in CPU time, when the host set a shorter one). */
static sg_Entry sg_enter(sg_VM *vm) {
  sg_Entry e = {vm->mayFail, vm->deadline};
  if (vm->deadline == 0) {
    vm->limitHit = 0;
    vm->timedOut = 0;
    vm->memoryLine = 0;
    double now = sg_now();
    if (vm->timeLimit > 0) {
      double limit = vm->frameLimit > 0 && vm->frameLimit < vm->timeLimit ? vm->frameLimit : vm->timeLimit;
      double cap = limit * SG_WALL_SLACK;
      vm->callLimit = limit;
      vm->deadline = now + limit;
      vm->cpuDeadline = sg_cpunow() + limit;
      vm->wallCap = now + (cap > vm->timeLimit ? cap : vm->timeLimit);
    } else {
      vm->callLimit = 0;
      vm->deadline = -1;
      vm->cpuDeadline = 0;
    }
  }
  vm->mayFail = 1;
  return e;
}

/* Ends an entry into Lua. */
static void sg_leave(sg_VM *vm, sg_Entry e) {
  vm->mayFail = e.mayFail;
  vm->deadline = e.deadline;
}

int sg_pcallbudget(lua_State *L, int nargs, int nresults) {
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

int sg_resumebudget(lua_State *co, lua_State *_Nullable from, int nargs, int *nresults) {
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
