/* What LuaShim's files share among themselves and do not show Swift.
 *
 * A function here that may raise a Lua error says so ("RAISES"): only C code running inside a
 * protected call, with no Swift frame above it, may call it.
 */
#ifndef SNOWGLOBE_LUASHIM_INTERNAL_H
#define SNOWGLOBE_LUASHIM_INTERNAL_H

#include "LuaShim.h"

#pragma clang assume_nonnull begin

/** The VM record of any thread of a state made by sg_newstate: a pointer in the extra space.
 *  (The one function body in a header: a wrapper of lua_getextraspace that every property
 *  access and Swift call takes, so it stays one load.) */
static inline sg_VM *sg_vm(lua_State *L) { return *(sg_VM **)lua_getextraspace(L); }

/* vm.c */

/** Seconds on the monotonic clock. */
double sg_now(void);

/** Seconds of CPU time the calling thread has used. */
double sg_cpunow(void);

/** How many times its limit in wall time a call may take when a busy machine holds its thread
 *  back (its limit counts CPU time). */
#define SG_WALL_SLACK 10.0

/** Whether the running call has used up its time: its deadline has passed on the monotonic
 *  clock and in the thread's CPU time too (a thread held back by a busy machine gets the rest
 *  of its CPU time, up to its wall cap). */
int sg_pastdeadline(sg_VM *vm);

/** The count hook that enforces the time limit. RAISES (a hook may). */
void sg_counthook(lua_State *L, lua_Debug *ar);

/* messages.c */

/** Pushes "file:line: " for the function at `level` like luaL_where, but names a file chunk
 *  ("@path") by its whole path instead of the 60-character short_src. */
void sg_pushwhere(lua_State *L, int level);

/** Pushes the time limit's message, "file:line: script ran too long (more than 2 s in one
 *  call)", at the position of the function at `level`. */
void sg_pushtimeout(lua_State *L, int level);

/* functions.c */

/** Finishes a Swift call that returned `n`: returns it, or raises or yields for it. RAISES. */
int sg_finish(lua_State *L, int n);

/* objects.c */

/** __gc of objects and boxes: releases the Swift object and clears the slot. */
int sg_objectgc(lua_State *L);

/* SG_TENS(X, a) expands X(a, b, c) for the hundred indices a·100 + b·10 + c (b and c from 0 to
 * 9), to make the pooled trampolines (functions.c) and the pooled method trampolines
 * (objects.c): each trampoline must be a C function of its own, and C cannot make them in a loop. */
#define SG_DIGITS(X, a, b) X(a, b, 0) X(a, b, 1) X(a, b, 2) X(a, b, 3) X(a, b, 4) \
  X(a, b, 5) X(a, b, 6) X(a, b, 7) X(a, b, 8) X(a, b, 9)
#define SG_TENS(X, a) SG_DIGITS(X, a, 0) SG_DIGITS(X, a, 1) SG_DIGITS(X, a, 2) SG_DIGITS(X, a, 3) \
  SG_DIGITS(X, a, 4) SG_DIGITS(X, a, 5) SG_DIGITS(X, a, 6) SG_DIGITS(X, a, 7) SG_DIGITS(X, a, 8) \
  SG_DIGITS(X, a, 9)

#pragma clang assume_nonnull end

#endif
