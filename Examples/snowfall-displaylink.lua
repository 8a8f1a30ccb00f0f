-- Snowfall by hand: seed 000, second pattern (途中の計算を自力でやるパターン: work out every
-- frame yourself). The same snow as snowfall.lua, but no Core Animation animation at all: a
-- CADisplayLink calls `update` once a frame, and each flake's place, angle and opacity are
-- computed from the time since the button was tapped with the article's sine easing.
--
-- As in the article, the 80 flakes are made at once (invisible) and the display link is made
-- paused; tapping 「すのうふれいく」 records the start time and unpauses it. Tapping again
-- starts the same snow over.

local button = require "button"

local random, pi, cos, abs = math.random, math.pi, math.cos, math.abs

-- arc4random_uniform(n): a whole number from 0 to n - 1.
local function uniform(n)
  return random(0, n - 1)
end

-- UIImage(named: "snow"): a procedural ice crystal instead of an asset file.
local snowImage = ca.Image.snowflake{ size = 32, arms = 6, seed = 11, color = "white" }
local imageWidth, imageHeight = snowImage.width, snowImage.height

ca.root.backgroundColor = "#0b1a33"

-- The article's Easing type: getProgress(elapsed:duration:startValue:endValue:) for the sine
-- curves. Before the start it gives startValue, after the end endValue.
local easing = {}

local curves = {
  easeIn = function(p) return -cos(p * pi / 2) + 1.0 end,
  easeInOut = function(p) return -(cos(pi * p) - 1) / 2 end,
}

function easing.getProgress(curve, elapsed, duration, startValue, endValue)
  if elapsed < 0 then return startValue end
  if elapsed > duration then return endValue end
  local progress = curves[curve](elapsed / duration)
  if startValue > endValue then
    return startValue - abs(endValue - startValue) * progress
  end
  return startValue + abs(endValue - startValue) * progress
end

-- struct Snow: what one flake needs to work out where it is at any moment.
local Snow = {}
Snow.__index = Snow

function Snow.new(parentViewSize)
  local self = setmetatable({}, Snow)
  -- UIImageView(image:): as big as its image, at the top-left corner, invisible (alpha = 0). The
  -- transform set each frame moves it from there.
  self.layer = ca.Layer{
    contents = snowImage,
    bounds = { 0, 0, imageWidth, imageHeight },
    position = { imageWidth / 2, imageHeight / 2 },
    opacity = 0,
  }
  self.x = uniform(math.floor(parentViewSize.width + imageWidth * 1.5)) - imageWidth * 0.75
  self.startY = uniform(math.floor(parentViewSize.height + imageHeight * 1.5)) - imageHeight * 0.75
  self.endY = self.startY + uniform(200)
  -- arc4random_uniform(1) is always 0, so in the article every flake turns the same way; kept.
  self.angle = (uniform(4) + 1) * (uniform(1) == 0 and pi or -pi)
  self.scale = uniform(10) / 10
  self.duration = (uniform(5) + 3) * 2                                   -- 6 … 14 s
  self.opacityFirstPoint = uniform(self.duration - 3) + 1                 -- faded in by then
  self.opacitySecondPoint = uniform(self.duration - self.opacityFirstPoint - 2)
    + self.opacityFirstPoint + 1                                          -- fading out from then
  return self
end

-- Y軸方向の移動に関する進捗を取得
function Snow:getProgressY(elapsed)
  return easing.getProgress("easeIn", elapsed, self.duration, self.startY, self.endY)
end

-- 回転に関する進捗を取得
function Snow:getProgressAngle(elapsed)
  return easing.getProgress("easeIn", elapsed, self.duration, 0.0, self.angle)
end

-- 透明度に関する進捗を取得: fade in until the first point, stay until the second, fade out.
-- (The article's middle test reads `second <= elapsed && elapsed <= second`; it still works
-- there, because getProgress gives startValue, 1, for the times before the fade-out starts.)
function Snow:getProgressOpacity(elapsed)
  if elapsed < self.opacityFirstPoint then
    return easing.getProgress("easeInOut", elapsed, self.opacityFirstPoint, 0.0, 1.0)
  elseif elapsed <= self.opacitySecondPoint then
    return 1.0
  end
  return easing.getProgress("easeInOut", elapsed - self.opacitySecondPoint,
    self.duration - self.opacitySecondPoint, 1.0, 0.0)
end

local snows = {}
local startTime = 0

-- The flakes sit in a layer of their own, behind the button.
local snowLayer = ca.Layer{ name = "snow", frame = ca.root.bounds }
ca.root:addSublayer(snowLayer)

-- 雪いっぱい作る: 80 flakes, made once (viewDidAppear).
local function createSnows()
  for i = 1, 80 do
    local snow = Snow.new(ca.root.bounds)
    snows[i] = snow
    snowLayer:addSublayer(snow.layer)
  end
end

-- 雪の進捗を取得し、反映: CGAffineTransform.identity.translatedBy(x:y:).rotated(by:).scaledBy(x:y:)
-- and the alpha.
local function updateSnow(snow, currentTime)
  local elapsed = currentTime - startTime
  local y = snow:getProgressY(elapsed)
  local angle = snow:getProgressAngle(elapsed)
  local opacity = snow:getProgressOpacity(elapsed)
  snow.layer.transform = ca.Transform3D.identity
    :translated(snow.x, y, 0)
    :rotated(angle, 0, 0, 1)
    :scaled(snow.scale, snow.scale, 1)
  snow.layer.opacity = opacity
end

-- 描画タイミングごとに呼ばれる: the display link's callback. (ca.now() is the media clock,
-- CACurrentMediaTime, where the article reads Date.timeIntervalSinceReferenceDate.)
local function update()
  local currentTime = ca.now()
  for _, snow in ipairs(snows) do
    updateSnow(snow, currentTime)
  end
end

-- ループ作成: CADisplayLink at 60 frames a second, paused until the button is tapped.
local loop = ca.DisplayLink(update)
loop.preferredFramesPerSecond = 60
loop.paused = true

-- ループ稼働: remember when, and let the display link run.
local function startLoop()
  startTime = ca.now()
  loop.paused = false
end

createSnows()

-- @IBAction didTapStartButton
local startButton = button.new{
  name = "startButton",
  title = "すのうふれいく",
  fontSize = 26,
  onTap = startLoop,
}
ca.root:addSublayer(startButton)

-- The window can be resized: keep the button centred near the bottom, and spread the flakes
-- over the new size (they keep their place relative to the window).
local width, height = ca.root.bounds.width, ca.root.bounds.height
local function layout(newWidth, newHeight)
  local sx, sy = newWidth / width, newHeight / height
  for _, snow in ipairs(snows) do
    snow.x, snow.startY, snow.endY = snow.x * sx, snow.startY * sy, snow.endY * sy
  end
  width, height = newWidth, newHeight
  ca.transaction(function()
    snowLayer.frame = { 0, 0, width, height }
    startButton.position = { width / 2, height - startButton.bounds.height / 2 - 32 }
  end, { disableActions = true })
end
layout(width, height)
ca.on("resize", layout)
