-- For the README gallery: snowfall-displaylink.lua with its 「すのうふれいく」 button tapped at
-- 0.5 s. A headless render has no mouse, so this does what a click would (see Scripts/tap.lua)
-- and changes nothing else. The command that made the GIF is in README.md.

require "snowfall-displaylink"
local tap = require "tap"

ca.after(0.5, function()
  tap.named("startButton")
end)
