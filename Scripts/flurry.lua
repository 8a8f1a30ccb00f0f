--- flurry — a snowfall generator: seed 002's pattern ("iPhoneで雪を降らせてみましょう").
---
--- A repeating timer (NSTimer) drops a new layer every `interval` seconds. Each falls linearly
--- from just above the top edge to just below the bottom in `duration` seconds (a position
--- CABasicAnimation in its own CATransaction), tumbling about x, y and z all the while (three
--- cumulative, repeating rotations with m34 perspective, double-sided), and is removed from its
--- superlayer in the transaction's completion block. So the number of layers stays flat however
--- long it runs.
---
--- ```lua
--- local flurry = require "flurry"
--- local snow = flurry.start{ images = { ca.Image.snowflake{ size = 64 } } }
--- -- … later
--- snow:stop()
--- ```
---
--- The functions inside keep the article's names: dropLayer, generator, addLayerAnimations,
--- randomDuration, randomRadian.

---@class FlurryOptions
---@field images? Image[]           contents to pick from at random (the article's snow0…snow4);
---                                 required unless `makeLayer` is given
---@field makeLayer? fun(): Layer   builds a flake's layer instead (its bounds set), e.g. a ShapeLayer
---@field parent? Layer             where the flakes fall; default ca.root
---@field interval? number          seconds between flakes (the timer's interval); default 1
---@field duration? number          seconds each flake takes to fall; default 20
---@field minScale? number          the smallest scale; default 0.5
---@field scaleSteps? number        scale = minScale + arc4random_uniform(scaleSteps) / 10; default 6
---@field perspective? number       the eye's distance: transform.m34 = -1 / perspective; default 300
---@field spinDuration? number[]    {min, max} seconds for one rotation step, per axis; default
---                                 {duration / 10, duration / 4}
---@field spinAngle? number         each step turns by a random angle up to ± this; default π
---@field sway? number              how far (as a fraction of the width) a flake may drift
---                                 sideways while it falls; default 1 (anywhere, as the article)
---@field sky? ca.Color[]           when given, a vertical gradient (top colour first) behind the
---                                 flakes, filling the parent, again after every window resize

---@class Flurry
---@field layers Layer[]            the flakes now falling (the article's snowLayers)
---@field timer Timer               the generating timer
---@field sky GradientLayer?        the sky, when the options asked for one
---@field stop fun(self: Flurry)    stops making flakes (those falling finish their fall)

local flurry = {}

local random, pi = math.random, math.pi

-- arc4random_uniform(n): a whole number from 0 to n - 1.
local function uniform(n)
  return random(0, math.max(0, math.floor(n) - 1))
end

local function between(range)
  return range[1] + random() * (range[2] - range[1])
end

--- Starts a flurry (see FlurryOptions); returns it.
---@param options FlurryOptions
---@return Flurry
function flurry.start(options)
  assert(type(options) == "table", "flurry.start takes a table of options")
  assert(options.images or options.makeLayer, "flurry.start: give 'images' or 'makeLayer'")
  local parent = options.parent or ca.root
  local interval = options.interval or 1.0
  local duration = options.duration or 20.0
  local minScale = options.minScale or 0.5
  local scaleSteps = options.scaleSteps or 6
  local perspective = options.perspective or 300
  local spinDuration = options.spinDuration or { duration / 10, duration / 4 }
  local spinAngle = options.spinAngle or pi
  local sway = options.sway or 1

  local instance = { layers = {} }

  if options.sky then
    local sky = ca.GradientLayer{ colors = options.sky, frame = parent.bounds }
    parent:insertSublayer(sky, 1)
    ca.on("resize", function()
      ca.transaction(function() sky.frame = parent.bounds end, { disableActions = true })
    end)
    instance.sky = sky
  end

  -- The article's own random helpers: a rotation step's duration and angle.
  local function randomDuration()
    return between(spinDuration)
  end
  local function randomRadian()
    return (random() * 2 - 1) * spinAngle
  end

  -- dropLayer: a layer with a random image, double-sided, scaled, with perspective.
  -- (shouldRasterize and contentsScale have no counterpart here: the renderer draws at the
  -- window's scale already.)
  local function dropLayer()
    local layer
    if options.makeLayer then
      layer = options.makeLayer()
    else
      local image = options.images[uniform(#options.images) + 1]
      layer = ca.Layer{ contents = image }
      layer.frame = { 0, 0, image.width, image.height }
    end
    layer.doubleSided = true   -- ひっくり返ったときに背面も見えるようにする
    local scale = uniform(scaleSteps) / 10.0 + minScale
    local transform = ca.Transform3D.identity:scaled(scale, scale, 1.0)
    transform.m34 = -1.0 / perspective   -- 奥行き感を出すおまじない
    layer.transform = transform
    return layer
  end

  -- addLayerAnimations: the fall in a transaction whose completion block hands the layer back;
  -- then the three tumbling rotations.
  local function addLayerAnimations(layer, fallDuration, completionBlock)
    ca.Transaction.begin()
    ca.Transaction.setCompletionBlock(function()
      if completionBlock then completionBlock(layer) end
    end)
    -- From just above the top edge to just below the bottom, at random x positions.
    local bounds = layer.superlayer.bounds
    local height = layer.bounds.height
    local startX = uniform(bounds.width)
    local endX = startX + (uniform(bounds.width) - startX) * sway
    local positionAnim = ca.BasicAnimation{ keyPath = "position" }
    positionAnim.timingFunction = ca.MediaTimingFunction("linear")
    positionAnim.duration = fallDuration
    positionAnim.fromValue = { startX, -height }
    positionAnim.toValue = { endX, bounds.y + bounds.height + height }
    positionAnim.removedOnCompletion = false   -- stay at the end, not back where it began
    positionAnim.fillMode = "forwards"
    layer:addAnimation(positionAnim, "position")
    ca.Transaction.commit()

    -- Each axis turns by its own random angle in its own random time, over and over, each turn
    -- carrying on from the last (cumulative). They are added after the commit: a transaction's
    -- completion waits for its animations, and these never end.
    for _, axis in ipairs{ "x", "y", "z" } do
      local rotateAnim = ca.BasicAnimation{ keyPath = "transform.rotation." .. axis }
      rotateAnim.timingFunction = ca.MediaTimingFunction("linear")
      rotateAnim.duration = randomDuration()
      rotateAnim.fromValue = 0.0
      rotateAnim.toValue = randomRadian()
      rotateAnim.repeatCount = math.huge   -- NSIntegerMax: とにかく大きい数
      rotateAnim.removedOnCompletion = false
      rotateAnim.fillMode = "forwards"
      rotateAnim.cumulative = true         -- 累積
      layer:addAnimation(rotateAnim, "rotate " .. axis)
    end
  end

  -- generator: the timer's action — one more flake, removed when it has fallen.
  local function generator()
    local layer = dropLayer()
    instance.layers[#instance.layers + 1] = layer
    parent:addSublayer(layer)
    addLayerAnimations(layer, duration, function(done)
      done:removeFromSuperlayer()
      for i, l in ipairs(instance.layers) do
        if l == done then table.remove(instance.layers, i) break end
      end
    end)
  end

  instance.timer = ca.Timer.scheduled{ interval = interval, repeats = true, action = generator }

  function instance:stop()
    self.timer:invalidate()
  end

  return instance
end

return flurry
