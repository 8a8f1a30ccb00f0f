-- Snowfall: flakes drop from the top of the window, tumbling in 3D, under a night sky.
--
-- Uses the `flurry` module from Snowglobe's Scripts library (on every script's require path):
-- a repeating timer drops a layer, a CABasicAnimation takes it down while three rotations
-- tumble it, and its transaction's completion block removes it. Change the images, the
-- interval or the duration and save. Space stops the snow; the flakes still falling land.

local flurry = require "flurry"

-- Four snowflake images, each grown from its own seed.
local flakes = {}
for seed = 1, 4 do
  flakes[seed] = ca.Image.snowflake{ size = 48, arms = 6, seed = seed, color = "white" }
end

local snow = flurry.start{
  images = flakes,
  interval = 0.15,          -- seconds between two flakes
  duration = 8,             -- seconds a flake takes to fall
  sky = { "#0b1a33", "#2d4f7c" },
}

ca.on("keydown", function(key)
  if key == "space" then snow:stop() end
end)
