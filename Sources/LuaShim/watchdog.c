/* The time limit's watchdog. A count hook makes Lua 5.4 take a slow path at every instruction
 * of hooked code, whatever its interval, so the state a call enters runs with no hook. Instead
 * a thread of its own wakes every few milliseconds, and when a call into Lua has run past its
 * deadline it sends a signal to the thread running that call; the signal's handler turns on
 * the count hook of the state the call entered, as lua.c's handler of Ctrl-C does (lua_sethook
 * may be called from a signal handler), and the hook (vm.c) raises the time limit's error.
 *
 * Coroutines keep a count hook of their own (sg_watchthread): the handler reaches only the
 * state the outermost call entered, not one it resumed. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* How often the watchdog looks, in nanoseconds. */
#define SG_WATCH_PERIOD 5000000L

/* A watched VM: the thread running its outermost call and that call's deadline. */
struct sg_Watch {
  lua_State *main;              /* the state's main thread */
  pthread_t thread;             /* the thread running the current outermost call */
  _Atomic int64_t deadline;     /* monotonic nanoseconds; 0 = no call is running */
  int64_t signalled;            /* the deadline a signal was last sent for (watchdog only) */
  struct sg_Watch *_Nullable next;
  struct sg_Watch *_Nullable previous;
};

static pthread_mutex_t sg_watchlock = PTHREAD_MUTEX_INITIALIZER;
static sg_Watch *_Nullable sg_watched;
static pthread_once_t sg_watchonce = PTHREAD_ONCE_INIT;
static int sg_watchstarted;

/* The state the running outermost call on this thread entered; what the handler hooks. */
static __thread lua_State *volatile _Nullable sg_entered __attribute__((tls_model("initial-exec")));
/* Whether this thread has unblocked the watchdog's signal (worker threads start with it
 * blocked). */
static __thread int sg_unblocked __attribute__((tls_model("initial-exec")));

static int sg_watchsignal(void) { return SIGRTMIN + 4; }

static void sg_onwatchsignal(int signal) {
  (void)signal;
  lua_State *L = sg_entered;
  if (L != NULL) lua_sethook(L, sg_counthook, LUA_MASKCOUNT, 1);
}

static int64_t sg_nowns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void *_Nullable sg_watchloop(void *_Nullable unused) {
  (void)unused;
  struct timespec period = {0, SG_WATCH_PERIOD};
  for (;;) {
    nanosleep(&period, NULL);
    int64_t now = sg_nowns();
    pthread_mutex_lock(&sg_watchlock);
    for (sg_Watch *w = sg_watched; w != NULL; w = w->next) {
      int64_t deadline = atomic_load_explicit(&w->deadline, memory_order_acquire);
      if (deadline > 0 && now >= deadline && w->signalled != deadline) {
        w->signalled = deadline;
        pthread_kill(w->thread, sg_watchsignal());
      }
    }
    pthread_mutex_unlock(&sg_watchlock);
  }
  return NULL;
}

static void sg_startwatchdog(void) {
  struct sigaction action = {0};
  action.sa_handler = sg_onwatchsignal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(sg_watchsignal(), &action, NULL) != 0) return;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  // The watchdog receives no signal of its own.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  pthread_t thread;
  sg_watchstarted = pthread_create(&thread, &attributes, sg_watchloop, NULL) == 0;
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  pthread_attr_destroy(&attributes);
}

sg_Watch *_Nullable sg_watch(lua_State *L) {
  pthread_once(&sg_watchonce, sg_startwatchdog);
  if (!sg_watchstarted) return NULL;
  sg_Watch *w = calloc(1, sizeof(sg_Watch));
  if (w == NULL) return NULL;
  w->main = L;
  pthread_mutex_lock(&sg_watchlock);
  w->next = sg_watched;
  if (sg_watched != NULL) sg_watched->previous = w;
  sg_watched = w;
  pthread_mutex_unlock(&sg_watchlock);
  return w;
}

void sg_unwatch(sg_VM *vm) {
  sg_Watch *w = vm->watch;
  if (w == NULL) return;
  pthread_mutex_lock(&sg_watchlock);
  if (w->previous != NULL) w->previous->next = w->next; else sg_watched = w->next;
  if (w->next != NULL) w->next->previous = w->previous;
  pthread_mutex_unlock(&sg_watchlock);
  vm->watch = NULL;
  free(w);
}

int sg_ismainstate(sg_VM *vm, lua_State *L) {
  return vm->watch != NULL && vm->watch->main == L;
}

lua_State *_Nullable sg_enteredstate(void) {
  return sg_entered;
}

lua_State *_Nullable sg_watchcall(sg_VM *vm, lua_State *L) {
  lua_State *outer = sg_entered;
  sg_Watch *w = vm->watch;
  if (w == NULL) return outer;
  if (!sg_unblocked) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sg_watchsignal());
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    sg_unblocked = 1;
  }
  sg_entered = L;
  w->thread = pthread_self();
  sg_rewatch(vm);
  return outer;
}

void sg_rewatch(sg_VM *vm) {
  sg_Watch *w = vm->watch;
  if (w == NULL) return;
  int64_t deadline = vm->deadline > 0 ? (int64_t)(vm->deadline * 1e9) : 0;
  atomic_store_explicit(&w->deadline, deadline, memory_order_release);
}

void sg_endwatch(sg_VM *vm, lua_State *L, lua_State *_Nullable outer) {
  sg_Watch *w = vm->watch;
  if (w == NULL) return;
  // Under the lock, so that the watchdog never signals a thread whose call has ended (the
  // thread may end too).
  pthread_mutex_lock(&sg_watchlock);
  atomic_store_explicit(&w->deadline, 0, memory_order_release);
  pthread_mutex_unlock(&sg_watchlock);
  sg_entered = outer;
  // A call that ran over leaves its state hooked at every instruction: the next call starts
  // without the hook again.
  if (w->main == L && lua_gethook(L) != NULL) lua_sethook(L, NULL, 0, 0);
}

void sg_watchthread(lua_State *thread) {
  sg_VM *vm = sg_vm(thread);
  if (vm->watch != NULL && vm->hookCount > 0) lua_sethook(thread, sg_counthook, LUA_MASKCOUNT, vm->hookCount);
}

/* coroutine.create, as Lua's, with the new coroutine under the count hook. */
static int sg_watchedcreate(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *thread = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, thread, 1);
  sg_watchthread(thread);
  return 1;
}

/* coroutine.wrap: Lua's own (upvalue 1), with its coroutine, the wrapper's upvalue, under the
 * count hook. The argument is checked here, so that Lua's wrap cannot raise with a name of
 * its own. */
static int sg_watchedwrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 1, 1);
  if (lua_getupvalue(L, -1, 1) != NULL) {
    lua_State *thread = lua_tothread(L, -1);
    if (thread != NULL) sg_watchthread(thread);
    lua_pop(L, 1);
  }
  return 1;
}

void sg_watchcoroutines(lua_State *L) {
  if (sg_vm(L)->watch == NULL || lua_type(L, -1) != LUA_TTABLE) return;
  lua_pushcfunction(L, sg_watchedcreate);
  lua_setfield(L, -2, "create");
  lua_getfield(L, -1, "wrap");
  lua_pushcclosure(L, sg_watchedwrap, 1);
  lua_setfield(L, -2, "wrap");
}
