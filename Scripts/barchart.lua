--- barchart — a stacked bar graph whose bars shake, then grow: seed 003 (the bar graph that
--- animates its update with chained CATransactions).
---
--- Each bar is a layer with anchorPoint (0.5, 1) holding one stack layer per player (the
--- article's ColorStackLayer, its `tag` the player's index), stacked from the bottom, each also
--- anchored at its bottom so that it grows upwards. `bar:animate(player, completion)` is the
--- article's chained update:
---   1. the bar (and its label) shakes: a CAKeyframeAnimation on position.x, additive, 0.4 s;
---   2. when that transaction completes, a second one grows the player's stack by one unit
---      (bounds.size.height) while every stack above it slides up by the same amount
---      (position), both over 1 s, each with its model value set before its animation;
---   3. when that one completes, `completion` runs.
---
--- ```lua
--- local barchart = require "barchart"
--- local chart = barchart.new{
---   frame = { 40, 60, 560, 300 },
---   unit = 3,
---   colors = { "#e4572e", "#29335c", "#f3a712" },
---   bars = { { name = "Mon", values = { 3, 2, 4 } }, { name = "Tue", values = { 1, 5, 2 } } },
--- }
--- ca.root:addSublayer(chart.layer)
--- chart.bars[1]:animate(2, function() print("done") end)
--- chart:layout{ 40, 60, 800, 400 }   -- after a resize
--- ```

---@class BarchartOptions
---@field bars { name: string, values: number[] }[]  one entry per bar: its label and the
---                                count of units in each player's stack, bottom first
---@field colors ca.Color[]        one colour per player, bottom first
---@field unit? number             the article's `unit`: a bar's full height is unit × 10 units;
---                                default 3
---@field frame? number[]          the chart's frame {x, y, width, height}; default the root's bounds
---@field barColor? ca.Color       the empty part of each bar; default "#ffffff14"
---@field labelColor? ca.Color     default "#dddddd"
---@field shakeDuration? number    default 0.4, as the article
---@field growDuration? number     default 1.0, as the article

---@class Bar
---@field layer Layer              the bar (anchorPoint 0.5, 1); its stacks are sublayers with data.tag
---@field counts number[]          units per player, as the model now says
---@field animate fun(self: Bar, playerIndex: integer, completion?: fun())

---@class Barchart
---@field layer Layer              the chart's layer: add it to the tree
---@field bars Bar[]
---@field layout fun(self: Barchart, frame: number[])

local barchart = {}

local LABEL_HEIGHT = 22

local Bar = {}
Bar.__index = Bar

-- The height of one unit: self.bounds.height / CGFloat(unit * 10).
function Bar:singleUnit()
  return self.layer.bounds.height / (self.unit * 10)
end

-- Places the stacks from the model counts, with no animation.
function Bar:placeStacks()
  local bounds = self.layer.bounds
  local single = self:singleUnit()
  local bottom = bounds.height
  for player, stack in ipairs(self.stacks) do
    local height = self.counts[player] * single
    stack.bounds = { 0, 0, bounds.width, height }
    stack.position = { bounds.width / 2, bottom }
    bottom = bottom - height
  end
  self.label.frame = { -20, bounds.height + 4, bounds.width + 40, LABEL_HEIGHT }
end

--- The article's animation: shake, then (in the shake's transaction completion) grow the
--- player's stack while the stacks above slide up, then call `completion`.
---@param playerIndex integer which stack grows (1 is the bottom one)
---@param completion? fun() called when the growing has finished
function Bar:animate(playerIndex, completion)
  -- Start the CATransaction here.
  ca.Transaction.begin()

  -- The bar and its label shake before stretching.
  local shakeDuration = self.shakeDuration
  local shakeAnimation = ca.KeyframeAnimation{ keyPath = "position.x" }
  shakeAnimation.values = { 0, 10, -10, 10, -5, 5, -5, 0 }
  -- The article also sets nine key times for these eight values. Core Animation ignores key
  -- times of the wrong count and spaces the values evenly, as Snowglobe does (and
  -- `snowglobe check` warns of it), so they are left out here: the shake is the same.
  shakeAnimation.duration = shakeDuration
  shakeAnimation.additive = true

  -- Setting a completionBlock which includes the other animations.
  ca.Transaction.setCompletionBlock(function()
    -- Begin another transaction explicitly.
    ca.Transaction.begin()
    local duration = self.growDuration
    self.counts[playerIndex] = self.counts[playerIndex] + 1
    for _, sublayer in ipairs(self.layer.sublayers) do
      local tag = sublayer.data.tag   -- guard let colorStackLayer = sublayer as? ColorStackLayer
      local singleUnit = self:singleUnit()
      if tag == playerIndex then
        local bounds = sublayer.bounds
        local fromValue = bounds.height
        local toValue = fromValue + singleUnit
        sublayer.bounds = { bounds.x, bounds.y, bounds.width, toValue }   -- the model first
        local stretchAnimation = ca.BasicAnimation{ keyPath = "bounds.size.height" }
        stretchAnimation.duration = duration
        stretchAnimation.fromValue = fromValue
        -- No toValue: the layer is already there (it goes to the model value).
        sublayer:addAnimation(stretchAnimation, "strechAnimation")
      elseif tag and tag > playerIndex then
        -- A stack above the one that grows moves up by the same amount.
        local fromValue = sublayer.position
        local toValue = { fromValue.x, fromValue.y - singleUnit }
        sublayer.position = toValue
        local slideAnimation = ca.BasicAnimation{ keyPath = "position" }
        slideAnimation.duration = duration
        slideAnimation.fromValue = fromValue
        sublayer:addAnimation(slideAnimation, "slideAnimation")
      end
    end
    ca.Transaction.setCompletionBlock(function()
      -- Execute the completion closure if it was there.
      if completion then completion() end
    end)
    -- Commit the second transaction.
    ca.Transaction.commit()
  end)

  self.layer:addAnimation(shakeAnimation, "shakeBarAnimation")
  -- Commit the first transaction.
  ca.Transaction.commit()
end

--- Makes a chart (see BarchartOptions).
---@param options BarchartOptions
---@return Barchart
function barchart.new(options)
  assert(type(options) == "table", "barchart.new takes a table of options")
  assert(type(options.bars) == "table" and #options.bars > 0, "barchart.new: 'bars' is required")
  assert(type(options.colors) == "table", "barchart.new: 'colors' is required")
  local chart = { layer = ca.Layer{ name = "barchart" }, bars = {} }

  for i, spec in ipairs(options.bars) do
    local bar = setmetatable({
      unit = options.unit or 3,
      counts = {},
      stacks = {},
      shakeDuration = options.shakeDuration or 0.4,
      growDuration = options.growDuration or 1.0,
    }, Bar)
    bar.layer = ca.Layer{
      name = "bar" .. i,
      anchorPoint = { 0.5, 1 },   -- grow from the bottom, not from the middle
      backgroundColor = options.barColor or "#ffffff14",
    }
    for player, color in ipairs(options.colors) do
      bar.counts[player] = spec.values[player] or 0
      local stack = ca.Layer{
        name = "bar" .. i .. ".stack" .. player,
        anchorPoint = { 0.5, 1 },
        backgroundColor = color,
      }
      stack.data.tag = player
      bar.stacks[player] = stack
      bar.layer:addSublayer(stack)
    end
    bar.label = ca.TextLayer{
      string = spec.name or "",
      fontSize = 14,
      foregroundColor = options.labelColor or "#dddddd",
      alignmentMode = "center",
    }
    bar.layer:addSublayer(bar.label)
    bar.layer.data.bar = bar
    chart.bars[i] = bar
    chart.layer:addSublayer(bar.layer)
  end

  --- Lays the chart out in `frame` ({x, y, width, height}), with no animation: bars spread
  --- evenly, their labels underneath.
  function chart:layout(frame)
    ca.transaction(function()
      self.layer.frame = frame
      local count = #self.bars
      local slot = frame[3] / count
      local width = math.min(64, slot * 0.6)
      local height = frame[4] - LABEL_HEIGHT - 4
      for i, bar in ipairs(self.bars) do
        bar.layer.bounds = { 0, 0, width, height }
        bar.layer.position = { slot * (i - 0.5), height }
        bar:placeStacks()
      end
    end, { disableActions = true })
  end

  local b = ca.root.bounds
  chart:layout(options.frame or { b.x, b.y, b.width, b.height })
  return chart
end

return barchart
