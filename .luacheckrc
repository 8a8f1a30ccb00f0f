-- luacheck's configuration for the project's Lua: Examples/, Scripts/ and Templates/ (`make
-- test` runs it). The globals are exactly those of Snowglobe's sandbox and `ca`, read from a
-- script host by `snowglobe docs` into docs/luacheck_std.lua.
stds.snowglobe = require("docs.luacheck_std")
std = "snowglobe"
max_line_length = 120
