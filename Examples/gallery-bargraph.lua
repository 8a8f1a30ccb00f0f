-- For the README gallery: bargraph.lua with a few taps, since a headless render has no mouse.
-- Each does what a click would (see Scripts/tap.lua) and nothing else. The command that made
-- the GIF is in README.md.

require "bargraph"
local tap = require "tap"

-- The middle of a stack, as it is on screen now.
local function tapStack(bar, player)
  tap.named("bar" .. bar .. ".stack" .. player)
end

ca.after(0.5, function() tapStack(2, 2) end)
ca.after(2.3, function() tapStack(4, 1) end)
ca.after(4.1, function() tapStack(1, 3) end)
