/* Swift objects and values as userdata.
 *
 * A Swift object reaches Lua as a full userdata whose block (an sg_Object) holds one retain of
 * it, released by __gc. The same object always gets the same userdata while Lua holds it (a
 * weak-valued cache by address), so `==` and table keys work. Its metatable is its registered
 * type's: __index and __newindex dispatch properties to the type's Swift handlers and look
 * methods up, with no string hashing on the way (a cache keyed by the interned key's address).
 * Methods check their self and call the Swift method through trampolines, pooled as Swift
 * functions' are (functions.c). A context box is the same block with no type: it carries a Swift
 * object in an upvalue of a function (LuaBridge's `push(_:context:)`). A value type's userdata
 * is the block followed by the value's bytes, which the block's object pointer points at: a new
 * userdata for each value, with no Swift object and no finalizer. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#pragma clang assume_nonnull begin

/* Marks a block as an sg_Object: a script cannot forge userdata contents, so a block of the
 * right size with this mark was made by sg_pushnewobject or sg_pushbox. */
#define SG_OBJECT_MAGIC 0x534e4f57474c4f42ULL /* "SNOWGLOB" */

/* The block of a userdata that holds a Swift object. */
typedef struct sg_Object {
  void *_Nullable object;   /* retained; NULL once released (__gc) or detached */
  sg_Type *_Nullable type;  /* NULL for a context box */
  uint64_t magic;
} sg_Object;

/* A registered userdata type. Property codes in the key table are (level << 16) | id, where
 * level counts the steps up the parent chain to the type that declared the property. */
struct sg_Type {
  const char *name;
  sg_Type *_Nullable parent;
  sg_Type *_Nullable next;    /* the VM's list */
  const void *swiftType;      /* the Swift type's metadata */
  size_t valueSize;           /* bytes of a value type's payload after the block; 0 for a class */
  sg_Handler get;
  sg_Handler set;
  sg_Handler missing;
  int metatableRef;
  int keysRef;
  unsigned keyMask;           /* size of `keys` - 1 (a power of two) */
  struct sg_Key *keys;        /* open-addressing cache: property name's bytes -> code */
};

/* An entry of a type's key cache. Lua interns short strings (up to 40 bytes), so while the
 * key table holds a name, every string with that content has these very bytes: a key is
 * found by comparing pointers, with no hashing of its characters. A miss (a long string, an
 * unknown key) falls back to the key table. */
typedef struct sg_Key {
  const char *_Nullable name;
  int id;                     /* property id, or the method's upvalue index in __index */
  int isMethod;
  lua_CFunction _Nullable function; /* a method that is a light C function (no upvalues) */
  sg_Handler _Nullable get;   /* the declaring type's handlers, for a property */
  sg_Handler _Nullable set;
} sg_Key;

/* The entry of `name` (or the empty entry where it would go) in `t`'s key cache. */
static sg_Key *sg_keyentry(const sg_Type *t, const char *name) {
  unsigned i = (unsigned)(((uintptr_t)name >> 3) * 2654435761u) & t->keyMask;
  while (t->keys[i].name != NULL && t->keys[i].name != name) i = (i + 1) & t->keyMask;
  return &t->keys[i];
}

/* Whether `o`, the block of the userdata at `idx`, is an sg_Object: its mark, and its size,
 * which for a value type includes the payload. */
static int sg_isobjectblock(lua_State *L, int idx, const sg_Object *o) {
  size_t size = lua_rawlen(L, idx);
  if (size < sizeof(sg_Object) || o->magic != SG_OBJECT_MAGIC) return 0;
  return size == sizeof(sg_Object) + (o->type != NULL ? o->type->valueSize : 0);
}

/* The sg_Object at `idx`, or NULL if the value there is not one. */
static sg_Object *_Nullable sg_toobject(lua_State *L, int idx) {
  sg_Object *o = (sg_Object *)lua_touserdata(L, idx);
  if (o == NULL || !sg_isobjectblock(L, idx, o)) return NULL;
  return o;
}

/* Whether `t` or one of its ancestors is registered for `swiftType`. */
static int sg_isa(const sg_Type *_Nullable t, const void *swiftType) {
  for (; t != NULL; t = t->parent)
    if (t->swiftType == swiftType) return 1;
  return 0;
}

/* A method's self is usually the block __index has just checked (vm->lastSelf), which needs no
 * second look at its size and mark. */
void *_Nullable sg_toobjectof(lua_State *L, int idx, const void *swiftType) {
  sg_Object *o = (sg_Object *)lua_touserdata(L, idx);
  if (o == NULL) return NULL;
  if (o != sg_vm(L)->lastSelf && !sg_isobjectblock(L, idx, o)) return NULL;
  return sg_isa(o->type, swiftType) ? o->object : NULL;
}

int sg_isreleasedobjectof(lua_State *L, int idx, const void *swiftType) {
  sg_Object *o = sg_toobject(L, idx);
  return o != NULL && sg_isa(o->type, swiftType) && o->object == NULL;
}

sg_Type *_Nullable sg_findtype(lua_State *L, const void *swiftType) {
  sg_VM *vm = sg_vm(L);
  if (vm->lastFound != NULL && vm->lastFound->swiftType == swiftType) return vm->lastFound;
  for (sg_Type *t = vm->types; t != NULL; t = t->next)
    if (t->swiftType == swiftType) return vm->lastFound = t;
  return NULL;
}

const char *sg_nameoftype(const sg_Type *t) { return t->name; }

void sg_pushtypekeys(lua_State *L, const sg_Type *t) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, t->keysRef);
}

int sg_objectgc(lua_State *L) {
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

/* Calls a handler with mayFail off, then raises or yields for it. Results return here, and
 * only a raise or a yield goes on to sg_finish: a call less on every property access. RAISES. */
__attribute__((always_inline)) static inline int sg_callhandler(lua_State *L, sg_Handler h, void *object, int key) {
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = h(L, object, key);
  vm->mayFail = saved;
  return n >= 0 ? n : sg_finish(L, n);
}

/* The cache entry of the key at index 2 for type `t`, or NULL if it has none. */
static const sg_Key *_Nullable sg_findkey(lua_State *L, const sg_Type *t) {
  const char *name = lua_tolstring(L, 2, NULL); /* a number key becomes a string on the stack */
  if (name == NULL) return NULL;
  const sg_Key *k = sg_keyentry(t, name);
  return k->name != NULL ? k : NULL;
}

/* The key table's value for the key at index 2, pushed; returns its type. */
static int sg_rawgetkey(lua_State *L) {
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

/* Calls method `f` with the object of `o` and mayFail off; then raises or yields for it (as
 * sg_callhandler, only a raise or a yield goes on to sg_finish). The VM record is found again
 * after the call rather than kept in a register across it. RAISES. */
__attribute__((always_inline)) static inline int sg_runmethod(lua_State *L, sg_Object *o, sg_Method f) {
  sg_VM *vm = sg_vm(L);
  int saved = vm->mayFail;
  vm->mayFail = 0;
  int n = f(L, o->object);
  sg_vm(L)->mayFail = saved;
  return n >= 0 ? n : sg_finish(L, n);
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

/* Method trampoline i calls the VM's pooled method i (as functions.c's pooled trampolines call functions), for
 * every i below SG_METHODPOOLSIZE (100). */
#define SG_EACHMETHOD(X) SG_TENS(X, 0)
_Static_assert(SG_METHODPOOLSIZE == 100, "SG_EACHMETHOD makes 100 method trampolines");
#define SG_POOLEDMETHOD(a, b, c) static int sg_pooledmethod_##a##b##c(lua_State *L) { \
    sg_Object *o = (sg_Object *)lua_touserdata(L, 1); \
    const sg_PooledMethod *m = &sg_vm(L)->methods[a * 100 + b * 10 + c]; \
    return sg_callmethod(L, o, m->function, m->swiftType); }
SG_EACHMETHOD(SG_POOLEDMETHOD)
#define SG_CASE(a, b, c) case a * 100 + b * 10 + c: return sg_pooledmethod_##a##b##c;
static lua_CFunction sg_pooledmethodtrampoline(int i) {
  switch (i) {
    SG_EACHMETHOD(SG_CASE)
    default: return sg_methodtrampoline;
  }
}

void sg_pushmethod(lua_State *L, sg_Method f, const void *swiftType) {
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
static sg_Type *_Nullable sg_slowproperty(lua_State *L, sg_Type *t, int *id) {
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

/* __index of a registered type. Upvalues: 1 the key table, 2 the type (light userdata),
 * 3... the type's methods (their cache entries give the upvalue index). */
static int sg_index(lua_State *L) {
  sg_Object *o = sg_selfobject(L);
  const sg_Key *k = sg_findkey(L, o->type);
  if (k == NULL) return sg_indexuncached(L, o);
  if (!k->isMethod) return sg_callhandler(L, k->get, o->object, k->id);
  /* The method's own check of self is then quicker. Not for a value, which has no __gc to
   * clear lastSelf when its block is freed. */
  if (o->type->valueSize == 0) sg_vm(L)->lastSelf = o;
  if (k->function != NULL) lua_pushcfunction(L, k->function); /* no upvalue to read */
  else lua_pushvalue(L, lua_upvalueindex(k->id));
  return 1;
}

/* __newindex of a registered type. Upvalues: 1 the key table, 2 the type. */
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
static int sg_fillkeycache(lua_State *L, sg_Type *t, int keys) {
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
        sg_Key *k = sg_keyentry(t, name);
        k->name = name;
        k->id = id;
        k->get = d->get;
        k->set = d->set;
      } else if (lua_type(L, -1) == LUA_TFUNCTION && methods < 250 && lua_checkstack(L, 4)) {
        sg_Key *k = sg_keyentry(t, name);
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

sg_Type *sg_newtype(lua_State *L, const char *name, sg_Type *_Nullable parent, const void *swiftType,
                    size_t valueSize, sg_Handler get, sg_Handler set, sg_Handler missing) {
  sg_VM *vm = sg_vm(L);
  size_t n = strlen(name);
  sg_Type *t = (sg_Type *)calloc(1, sizeof(sg_Type) + n + 1);
  if (t == NULL) abort();
  char *copy = (char *)(t + 1);
  memcpy(copy, name, n + 1);
  t->name = copy;
  t->parent = parent;
  t->swiftType = swiftType;
  t->valueSize = valueSize;
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
   * run to run (docs/performance.md, "Metamethods found at the first node"). A key inserted
   * first into a table that is never resized stays in its own node: __index goes first,
   * __newindex next, and the table has room for twice its keys (with the metamethods a binding
   * adds, as __eq). */
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
  if (valueSize == 0) { /* a value holds nothing to release: no finalizer to queue and run */
    lua_pushcfunction(L, sg_objectgc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, name);
  t->metatableRef = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, keys);
  t->keysRef = luaL_ref(L, LUA_REGISTRYINDEX);
  return t;
}

int sg_pushcached(lua_State *L, const void *object) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->cacheRef);
  if (lua_rawgetp(L, -1, object) != LUA_TNIL) {
    lua_remove(L, -2);
    return 1;
  }
  lua_pop(L, 2);
  return 0;
}

void sg_pushunsharedobject(lua_State *L, void *object, sg_Type *t) {
  sg_Object *o = (sg_Object *)lua_newuserdatauv(L, sizeof(sg_Object), 0);
  o->object = object;
  o->type = t;
  o->magic = SG_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, t->metatableRef);
  lua_setmetatable(L, -2);
}

void *sg_pushnewvalue(lua_State *L, sg_Type *t) {
  sg_Object *o = (sg_Object *)lua_newuserdatauv(L, sizeof(sg_Object) + t->valueSize, 0);
  o->object = o + 1;
  o->type = t;
  o->magic = SG_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, t->metatableRef);
  lua_setmetatable(L, -2);
  return o->object;
}

void sg_pushnewobject(lua_State *L, void *object, sg_Type *t) {
  sg_pushunsharedobject(L, object, t);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->cacheRef);
  lua_pushvalue(L, -2);
  lua_rawsetp(L, -2, object);
  lua_pop(L, 1);
}

void sg_pushbox(lua_State *L, void *object) {
  sg_Object *o = (sg_Object *)lua_newuserdatauv(L, sizeof(sg_Object), 0);
  o->object = object;
  o->type = NULL;
  o->magic = SG_OBJECT_MAGIC;
  lua_rawgeti(L, LUA_REGISTRYINDEX, sg_vm(L)->boxRef);
  lua_setmetatable(L, -2);
}

void *_Nullable sg_tobox(lua_State *L, int idx) {
  sg_Object *o = sg_toobject(L, idx);
  return (o != NULL && o->type == NULL) ? o->object : NULL;
}

int sg_detachobject(lua_State *L, const void *object) {
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

void sg_freetypes(sg_VM *vm) {
  sg_Type *t = vm->types;
  while (t != NULL) {
    sg_Type *next = t->next;
    free(t->keys);
    free(t);
    t = next;
  }
  vm->types = NULL;
  vm->lastFound = NULL;
}

#pragma clang assume_nonnull end
