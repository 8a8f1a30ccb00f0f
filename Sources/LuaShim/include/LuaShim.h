/* LuaShim: the C half of LuaBridge, the functions that must run in C between Lua and Swift.
 *
 * A Lua error is a longjmp, and it must never cross a Swift frame (see LuaBridge's
 * LuaFunction.swift for the whole rule). So the functions Lua calls into Swift (trampolines,
 * property dispatch, methods) are C: a Swift function reports an error by returning a code, and
 * the C function that called it raises once no Swift frame is left on the stack. Everything
 * declared here is safe to call from Swift: none raises, except a memory error where the
 * allocator allows one, and it allows none while a Swift frame is above the nearest protected
 * call (sg_VM.mayFail is 0 then).
 *
 * The code, one file per concern:
 *   vm.c         the VM record: allocator with a memory cap, count hook with a time limit
 *   messages.c   error messages in Lua's grammar, built without raising
 *   functions.c  Swift functions for Lua: the trampolines, raising and yielding for Swift
 *   calls.c      protected calls and resumes under the budgets, with the traceback handler
 *   objects.c    Swift objects as userdata: types, property dispatch, methods, the object cache
 *   patterns.c   string patterns under the time limit
 *   pairs.c      `pairs` in the same order in every run
 */
#ifndef SNOWGLOBE_LUASHIM_H
#define SNOWGLOBE_LUASHIM_H

/* Lua's headers, through the CLua module's header so that Swift sees one copy of them. */
#include "../../CLua/clua.h"
#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/* ========================================================================================
 * Types shared with Swift
 * ======================================================================================== */

/** A registered userdata type (objects.c); Swift holds it as an opaque pointer. */
typedef struct sg_Type sg_Type;

/** A Swift function for Lua: returns how many results it pushed, SG_RAISE after pushing an
 *  error message, or sg_yieldcode(n) to yield n values from the running coroutine. */
typedef int (*sg_Function)(lua_State *L);
/** What an sg_Function (or handler, or method) returns after pushing an error message. */
#define SG_RAISE (-1)

/** A Swift method for Lua: receives the state and the live object at argument 1 (self),
 *  already checked to be of the method's type or a subtype; returns as an sg_Function. */
typedef int (*sg_Method)(lua_State *L, void *object);

/** A property handler: `object` is the Swift object, `key` the property's id (its index in the
 *  type's property list). Returns like an sg_Function. For a missing key, `key` is 0 for a
 *  read, 1 for a write, 2 for a write to a method's name; the key itself is at index 2. */
typedef int (*sg_Handler)(lua_State *L, void *object, int key);

/** Releases one retain of a Swift object (set by Swift: Unmanaged.release). */
typedef void (*sg_Release)(void *object);

/** How many Swift functions a VM calls through trampolines of their own (see sg_pushfunction). */
#define SG_POOLSIZE 400
/** How many methods a VM calls through trampolines of their own (see sg_pushmethod). */
#define SG_METHODPOOLSIZE 100

/** A pooled method: the Swift function and the Swift class its self must be. */
typedef struct sg_PooledMethod {
  sg_Method _Nullable function;
  const void *_Nullable swiftType;
} sg_PooledMethod;

/** Per-VM state shared by the allocator, the hook and the bridge. Swift allocates it zeroed and
 *  sets the budget and `release`; sg_newstate stores a pointer to it in the lua_State's extra
 *  space (copied into every coroutine), so C code finds it in one load. */
typedef struct sg_VM {
  size_t used;            /* bytes Lua holds now */
  size_t limit;           /* memory cap in bytes; 0 = none */
  int mayFail;            /* 1 while the allocator may refuse: Lua runs under sg_pcallbudget
                             with no Swift frame above the protected call */
  int limitHit;           /* an allocation was refused for the cap during the current call */
  int timedOut;           /* the hook stopped the current call */
  int hookCount;          /* instructions between clock checks */
  double timeLimit;       /* seconds per outermost protected call; 0 = none */
  double frameLimit;      /* seconds for the next outermost call, when less than timeLimit,
                             counted in the thread's CPU time; 0 = none (the host sets it) */
  double callLimit;       /* the running outermost call's limit, for its message */
  double deadline;        /* monotonic seconds; 0 = no call is running */
  double cpuDeadline;     /* thread CPU seconds the running call may reach; 0 = no limit */
  double wallCap;         /* monotonic seconds the call may not pass whatever its CPU time
                             (ten times its limit after its start, at least timeLimit) */
  int memoryLine;         /* the line the current call was at when the hook last saw memory
                             near the cap; 0 = not seen */
  char memorySource[LUA_IDSIZE]; /* that line's chunk, as Lua's short_src names it */
  sg_Release _Nullable release; /* releases a Swift object held by a userdata */
  int cacheRef;           /* registry ref: weak-valued table object address -> userdata */
  int namesRef;           /* registry ref: weak-keyed table function -> fallback name */
  int errorRef;           /* registry ref: table the message handler fills (traceback, ...) */
  int raiseRef;           /* registry ref: the message a Swift function raises, kept off the
                             stack until the trampoline raises it (sg_stashraise) */
  int boxRef;             /* registry ref: metatable of context boxes */
  sg_Type *_Nullable types; /* registered userdata types (a list owned by this record) */
  int poolCount;          /* entries of `pool` in use */
  sg_Function _Nullable pool[SG_POOLSIZE]; /* Swift functions of the pooled trampolines */
  void *_Nullable context; /* free for the host */
  void *_Nullable properties; /* LuaBridge's declared properties, by id (set and freed by Swift) */
  int propertyCount;      /* entries of `properties` in use */
  int propertyCapacity;   /* entries `properties` has room for */
  struct sg_Type *_Nullable lastFound; /* the type sg_findtype found last */
  const void *_Nullable lastSelf; /* the block __index last found a method for: a checked
                             object, alive until its __gc, which clears this */
  int methodCount;        /* entries of `methods` in use */
  sg_PooledMethod methods[SG_METHODPOOLSIZE]; /* the methods of the pooled method trampolines */
} sg_VM;

/* ========================================================================================
 * vm.c: the state and its record
 * ======================================================================================== */

/** Creates a state whose allocator and count hook use `vm`, and stores `vm` in its extra space
 *  (read it back with sg_getextraspace). Then call sg_openbridge. */
lua_State *_Nullable sg_newstate(sg_VM *vm);

/** Sets up the bridge's registry entries in a new state: the object cache, the fallback names,
 *  the error table slot, the raise slot and the box metatable. */
void sg_openbridge(lua_State *L);

/* ========================================================================================
 * messages.c: messages in Lua's grammar, without raising
 * ======================================================================================== */

/** Records `name` as the fallback name of the function at `idx`, used in messages when the
 *  call site gives none (Lua would say '?'). */
void sg_setfunctionname(lua_State *L, int idx, const char *name);

/** Pushes the message luaL_argerror would raise for argument `arg` of the running C function:
 *  "file:line: bad argument #2 to 'f' (extramsg)", `self` not counted in a method call. */
void sg_pushargerror(lua_State *L, int arg, const char *extramsg);

/** Pushes the name luaL_typeerror gives the value at `idx`: its metatable's __name, "light
 *  userdata", or the type name ("no value" for a missing argument). */
void sg_pushtypenameforerror(lua_State *L, int idx);

/** Pushes the message luaL_typeerror would raise: "... (Layer expected, got number)". */
void sg_pushtypeerror(lua_State *L, int arg, const char *tname);

/** Prefixes the string on top with "file:line: " of `level` (luaL_error's position). */
void sg_prefixwhere(lua_State *L, int level);

/* ========================================================================================
 * functions.c: Swift functions for Lua
 * ======================================================================================== */

/** Pushes a Lua function that calls `f`, with the `nup` values on top of the stack as its
 *  upvalues 2...nup+1 (they are popped). Without upvalues, `f` gets a pooled trampoline of its
 *  own while the pool lasts: pushed again, it is the same Lua value. */
void sg_pushfunction(lua_State *L, sg_Function f, int nup);

/** What a Swift function returns to yield its top `n` values from the running coroutine. */
int sg_yieldcode(int n);

/** Pops the message a Swift function is about to raise into the VM's raise slot, so that the
 *  Swift code between building the message and returning (a `defer` that pops, a loop that
 *  resets the top) cannot lose it. */
void sg_stashraise(lua_State *L);

/** Pushes the stashed message (emptying the slot) for the trampoline to raise. */
void sg_pushraise(lua_State *L);

/* ========================================================================================
 * calls.c: protected calls and resumes under the budgets
 * ======================================================================================== */

/** lua_pcall of the function below `nargs` arguments, with the traceback handler (which fills
 *  the VM's error table) and under the VM's time and memory budgets. Never raises. */
int sg_pcallbudget(lua_State *L, int nargs, int nresults);

/** lua_resume of coroutine `co` under the VM's budgets. On an error, fills the VM's error
 *  table from the coroutine's stack (which an error leaves as it was). Never raises. */
int sg_resumebudget(lua_State *co, lua_State *_Nullable from, int nargs, int *nresults);

/* ========================================================================================
 * objects.c: Swift objects as userdata
 * ======================================================================================== */

/** Creates the userdata type `name` for the Swift class `swiftType`. Expects its key table on
 *  top of the stack (property name -> code, method name -> function) and pops it. Property
 *  codes are (level << 16) | id, where level counts the steps up the parent chain to the type
 *  that declared the property. The metatable (also registry[name], for luaL_getmetatable) has
 *  __name, __index, __newindex, __gc, and __metatable = false so scripts can neither read nor
 *  change it. With `valueSize` > 0 the type is a value type (see sg_pushnewvalue): its metatable
 *  has no __gc. */
sg_Type *sg_newtype(lua_State *L, const char *name, sg_Type *_Nullable parent, const void *swiftType,
                    size_t valueSize, sg_Handler get, sg_Handler set, sg_Handler missing);

/** The type registered for `swiftType` in this VM, or NULL. */
sg_Type *_Nullable sg_findtype(lua_State *L, const void *swiftType);

/** The Lua name of a registered type. */
const char *sg_nameoftype(const sg_Type *t);

/** Pushes the key table of a registered type (see sg_newtype). */
void sg_pushtypekeys(lua_State *L, const sg_Type *t);

/** Pushes a Lua function that calls method `f` with its self, which must be a live object of
 *  `swiftType` (or a subtype). Pushed again, it is the same Lua value while the pool lasts. */
void sg_pushmethod(lua_State *L, sg_Method f, const void *swiftType);

/** Pushes the userdata that already stands for `object` and returns 1; returns 0 (pushing
 *  nothing) if there is none. */
int sg_pushcached(lua_State *L, const void *object);

/** Pushes a new userdata of type `t` holding `object` (retained once for it, released by its
 *  __gc) and records it in the cache so that pushing `object` again yields it. */
void sg_pushnewobject(lua_State *L, void *object, sg_Type *t);

/** Pushes a new userdata of the value type `t` and returns where its `valueSize` bytes go (the
 *  caller fills them; they start uninitialized). Handlers and methods receive that address as
 *  their object. */
void *sg_pushnewvalue(lua_State *L, sg_Type *t);

/** Pushes a new userdata of type `t` holding `object` (retained once for it, released by its
 *  __gc) without looking in the cache or recording it there: for an object just made that only
 *  this userdata will hold, as a method's result value. */
void sg_pushunsharedobject(lua_State *L, void *object, sg_Type *t);

/** The live Swift object at `idx` if its type is `swiftType` or inherits from it; else NULL. */
void *_Nullable sg_toobjectof(lua_State *L, int idx, const void *swiftType);

/** Whether the value at `idx` is an object of `swiftType` (or a subtype) that has been
 *  released: why sg_toobjectof found nothing, for the error message. */
int sg_isreleasedobjectof(lua_State *L, int idx, const void *swiftType);

/** Detaches `object` from its userdata, if it has one: releases it, clears the slot (later uses
 *  raise "attempt to use a released ...") and forgets the cache entry. Returns 1 if found. */
int sg_detachobject(lua_State *L, const void *object);

/** Pushes a new context box holding `object` (retained once for it, released by its __gc). */
void sg_pushbox(lua_State *L, void *object);

/** The object in the box at `idx` (an upvalue index, usually), or NULL. */
void *_Nullable sg_tobox(lua_State *L, int idx);

/** Frees the VM's type records (after lua_close). */
void sg_freetypes(sg_VM *vm);

/* ========================================================================================
 * patterns.c and pairs.c: the sandbox's string patterns and `pairs`
 * ======================================================================================== */

/** Wraps string.find, match, gmatch and gsub (in the global `string` table, which is also the
 *  strings' metatable's __index) so that the time limit covers their searches. Call it after
 *  opening the string library. */
void sg_limitpatterns(lua_State *L);

/** Replaces the global `pairs` with one that visits keys in the same order in every run, and
 *  keeps Lua's `next` for tables too large to sort. Call it after opening the base library. */
void sg_orderpairs(lua_State *L);

#pragma clang assume_nonnull end

#endif
