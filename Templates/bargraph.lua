-- A bar graph whose bars shake, then grow, when you click them.
--
-- Uses the `barchart` module from Snowglobe's Scripts library: bar:animate(player) chains two
-- transactions, a shake (a CAKeyframeAnimation on position.x, additive) and then, in the first
-- one's completion block, the player's stack growing by one. Click a coloured stack.

local barchart = require "barchart"

local COLORS = { "#e4572e", "#4ea5d9", "#f3a712" }   -- one per player, bottom first

ca.root.backgroundColor = "#1d2230"

local chart = barchart.new{
  unit = 3,   -- a full bar holds unit × 10 = 30 units
  colors = COLORS,
  bars = {   -- each bar: its label, and the units in each player's stack, bottom first
    { name = "Spring", values = { 6, 2, 5 } },
    { name = "Summer", values = { 9, 7, 3 } },
    { name = "Autumn", values = { 4, 8, 6 } },
  },
}
ca.root:addSublayer(chart.layer)

-- A click on a bar: the stack under the point (in the bar's coordinates) grows.
for _, bar in ipairs(chart.bars) do
  bar.layer.onTap = function(_, point)
    for player, stack in ipairs(bar.stacks) do
      local f = stack.frame
      if point.y >= f.y and point.y <= f.y + f.height then
        bar:animate(player, function() print(bar.label.string, "player " .. player, bar.counts[player]) end)
        return
      end
    end
  end
end

-- Lay the chart out with a margin, now and whenever the window is resized.
local function layout(width, height)
  chart:layout{ 40, 40, width - 80, height - 80 }
end
layout(ca.screen.width, ca.screen.height)
ca.on("resize", layout)
