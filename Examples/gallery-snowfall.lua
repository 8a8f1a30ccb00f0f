-- For the README gallery: snowfall.lua with its 「すのうふれいく」 button tapped at 0.5 s.
-- A headless render has no mouse, so this does what a click would (see Scripts/tap.lua) and
-- changes nothing else. Made with:
--   snowglobe render Examples/gallery-snowfall.lua --out docs/gallery/snowfall.gif …
-- (the exact command is in README.md).

require "snowfall"
local tap = require "tap"

ca.after(0.5, function()
  tap.named("startButton")
end)
