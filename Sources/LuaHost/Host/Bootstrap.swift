/// Lua code run once per VM, before the script, with the host's private helpers as arguments:
/// `print`, `require`, `loadfile`, `dofile`, `load` and `setmetatable` for the sandbox. Keeping these in Lua
/// keeps `tostring` metamethods and module loops in Lua's own error handling.
enum Bootstrap {
    static let chunkName = "=snowglobe"

    static let source = #"""
local write, findModule, readChunk = ...
local tostring, select, concat, type, error = tostring, select, table.concat, type, error
local load, setmetatable, rawget = load, setmetatable, rawget

print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  write(concat(parts, "\t"))
end

-- No finalizers: Lua runs a __gc metamethod with hooks off, where the time limit cannot stop
-- it, at whatever allocation triggers a collection. A metatable marks its object for
-- finalization only if it has __gc when it is set, so refusing that is enough.
_G.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("bad argument #2 to 'setmetatable' (a __gc metamethod is not allowed: the time limit cannot stop a finalizer)", 2)
  end
  return setmetatable(t, mt)
end

-- Chunks load as text only: precompiled bytecode can crash the VM.
_G.load = function(chunk, name, mode, env)
  if env ~= nil then return load(chunk, name, "t", env) end
  return load(chunk, name, "t")
end

-- `asFound`: the path is one findModule returned (as found, not relative to the script's folder).
local function loadConfined(path, asFound)
  local source, chunk = readChunk(path, asFound)
  if not source then return nil, chunk end
  return load(source, chunk, "t")
end

loadfile = function(path)
  if type(path) ~= "string" then
    error("bad argument #1 to 'loadfile' (string expected, got " .. type(path) .. ")", 2)
  end
  return loadConfined(path)
end

dofile = function(path)
  if type(path) ~= "string" then
    error("bad argument #1 to 'dofile' (string expected, got " .. type(path) .. ")", 2)
  end
  local f, err = loadConfined(path)
  if not f then error(err, 2) end
  return f()
end

local loaded, loading = {}, {}
require = function(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
  end
  if name == "ca" then return ca end
  local cached = loaded[name]
  if cached ~= nil then return cached end
  if loading[name] then error("module '" .. name .. "' requires itself (a require loop)", 2) end
  local path, searched = findModule(name)
  if not path then
    error("module '" .. name .. "' not found:" .. searched, 2)
  end
  local f, err = loadConfined(path, true)
  if not f then error("error loading module '" .. name .. "' from file '" .. path .. "':\n\t" .. err, 2) end
  loading[name] = true
  local ok, result = pcall(f, name, path)
  loading[name] = nil
  if not ok then error(result, 0) end
  if result == nil then result = true end
  loaded[name] = result
  return result
end
"""#
}
