-- The bar graph that shakes, then grows: seed 003 (a stacked bar graph animated with chained
-- CATransactions).
--
-- Tap a coloured stack in a bar (or the empty part of a bar, for the top colour): the bar shakes
-- (CAKeyframeAnimation, position.x, additive); when that transaction completes, the stack grows
-- by one unit (bounds.size.height) while the stacks above it slide up by the same amount
-- (position), the model values set before the animations, each stack anchored at its bottom
-- (anchorPoint 0.5, 1). The chained update itself is Bar:animate in Scripts/barchart.lua, written
-- as the article writes it.

local barchart = require "barchart"

local PLAYERS = {
  { name = "Aki",   color = "#e4572e" },
  { name = "Haru",  color = "#4ea5d9" },
  { name = "Natsu", color = "#f3a712" },
}

ca.root.backgroundColor = "#1d2230"

local colors = {}
for i, player in ipairs(PLAYERS) do colors[i] = player.color end

local chart = barchart.new{
  unit = 2,   -- a full bar is unit × 10 = 20 units
  colors = colors,
  bars = {
    { name = "Mon", values = { 3, 2, 4 } },
    { name = "Tue", values = { 5, 1, 2 } },
    { name = "Wed", values = { 2, 4, 3 } },
    { name = "Thu", values = { 4, 3, 1 } },
    { name = "Fri", values = { 1, 2, 5 } },
  },
}
ca.root:addSublayer(chart.layer)

-- A legend, and a line that says what the last tap did.
local legend = ca.Layer{}
for i, player in ipairs(PLAYERS) do
  legend:addSublayer(ca.Layer{ backgroundColor = player.color, frame = { (i - 1) * 90, 4, 14, 14 }, cornerRadius = 3 })
  legend:addSublayer(ca.TextLayer{ string = player.name, fontSize = 14, foregroundColor = "#dddddd",
                                   frame = { (i - 1) * 90 + 20, 0, 70, 20 } })
end
ca.root:addSublayer(legend)

local status = ca.TextLayer{
  string = "Tap a colour in a bar: it shakes, then that stack grows by one.",
  fontSize = 14,
  foregroundColor = "#aab",
  alignmentMode = "center",
}
ca.root:addSublayer(status)

-- Tapping a bar: find the stack under the finger (the article's playerIndex) and animate.
for _, bar in ipairs(chart.bars) do
  bar.layer.onTap = function(layer, point)
    local playerIndex = #PLAYERS
    for player, stack in ipairs(bar.stacks) do
      local f = stack.frame
      if point.y >= f.y and point.y <= f.y + f.height then playerIndex = player end
    end
    local name = PLAYERS[playerIndex].name
    status.string = string.format("%s +1 on %s …", name, layer.data.bar.label.string)
    bar:animate(playerIndex, function()
      status.string = string.format("%s +1 on %s: done (%d now)", name, layer.data.bar.label.string,
                                    bar.counts[playerIndex])
    end)
  end
end

-- The window can be resized: the chart fills it, below the legend and above the status line.
local function layout(width, height)
  ca.transaction(function()
    legend.frame = { (width - 3 * 90) / 2, 16, 3 * 90, 20 }
    status.frame = { 0, height - 30, width, 20 }
  end, { disableActions = true })
  chart:layout{ width * 0.08, 56, width * 0.84, height - 56 - 44 }
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
