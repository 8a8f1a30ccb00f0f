-- Snow from a particle system: seed 004 ("Core Animationのパーティクルシステム。クリスマスストーリー").
--
-- A CAEmitterLayer along the top edge (emitterShape line) with two CAEmitterCells: sharp, heavy
-- flakes and blurry, lighter ones that fall a little faster. The layer's beginTime is now and
-- its timeOffset 10, so the system is pre-run ten seconds: the screen is full of snow from the
-- first frame. The article could switch the snow off remotely once Christmas was over; here the
-- space key is that flag (the emitter's birthRate goes to 0, so the flakes already falling
-- finish their fall).

-- The article's snowflake_dot and snowflake_blurry_dot: plain and blurred white circles.
local flakeImage = ca.Image.circle{ radius = 24, softness = 0, color = "white" }
local blurryFlakeImage = ca.Image.circle{ radius = 24, softness = 1, color = "white" }

ca.root.backgroundColor = "#10243f"

local snowEmitterLayer = ca.EmitterLayer{ name = "snowEmitter" }
snowEmitterLayer.emitterShape = "line"
snowEmitterLayer.beginTime = ca.now()    -- CACurrentMediaTime()
snowEmitterLayer.timeOffset = 10.0       -- pre-run: full of snow at once

-- The heavy flakes, as the article sets them up; the light ones are the same but for two
-- properties (their image and velocity), so one function makes both.
local function snowCell(name, contents, velocity)
  local cell = ca.EmitterCell{ name = name }
  cell.contents = contents
  cell.emissionRange = math.pi
  cell.lifetime = 20.0
  cell.birthRate = 30
  cell.scale = 0.15
  cell.scaleRange = 0.6
  cell.velocity = velocity
  cell.velocityRange = 20
  cell.spin = -0.5
  cell.spinRange = 1.0
  cell.yAcceleration = 30.0
  cell.xAcceleration = 5.0
  return cell
end

local flakeEmitterCell = snowCell("flake", flakeImage, 30.0)
local blurryFlakeEmitterCell = snowCell("blurryFlake", blurryFlakeImage, 40)

snowEmitterLayer.emitterCells = { flakeEmitterCell, blurryFlakeEmitterCell }
ca.root:addSublayer(snowEmitterLayer)

-- The remote flag: space switches the snow off and on.
local hint = ca.TextLayer{ fontSize = 14, foregroundColor = "#9fb3cc", alignmentMode = "center" }
ca.root:addSublayer(hint)

local snowing = true
local function setSnowing(on)
  snowing = on
  snowEmitterLayer.birthRate = on and 1 or 0
  hint.string = on and "space: stop the snow" or "space: let it snow"
end
setSnowing(true)

ca.on("keydown", function(key)
  if key == "space" then setSnowing(not snowing) end
end)

-- The window can be resized: the emitter spans the top edge, the hint stays at the bottom.
local function layout(width, height)
  ca.transaction(function()
    snowEmitterLayer.frame = { 0, 0, width, height }
    snowEmitterLayer.emitterPosition = { width / 2, 0 }
    snowEmitterLayer.emitterSize = { width, 1 }
    hint.frame = { 0, height - 26, width, 20 }
  end, { disableActions = true })
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
