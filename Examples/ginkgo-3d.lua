-- Falling ginkgo leaves: seed 002's closing idea (応用: 画像をイチョウの葉にしてパラメータを
-- 調整すればイチョウ吹雪にもなる — use ginkgo leaves and retune, and the snow becomes a
-- shower of leaves). The same generator as snowfall-3d.lua (Scripts/flurry.lua): a timer drops a
-- layer, it falls linearly while tumbling on three axes with m34 perspective, and its
-- transaction's completion block removes it. The leaves are drawn with ca.ShapeLayer, so no
-- image files are needed, and they come faster, fall quicker and spin harder than the snow.

local flurry = require "flurry"

local LEAF_SIZE = 40
local COLORS = { "#f6c63b", "#f2b01e", "#e9a31a", "#f8d85a" }

-- A ginkgo leaf in a LEAF_SIZE box: a wide fan on a short stem, its edge notched in the middle.
local function leafPath(size)
  local k = size / 40
  local path = ca.Path()
    :moveTo(19.2 * k, 36 * k):lineTo(20.8 * k, 36 * k):lineTo(20.8 * k, 22 * k)
    :curveTo(27 * k, 18 * k, 36 * k, 12 * k, 40 * k, 7 * k)
    :quadCurveTo(33 * k, -1 * k, 22 * k, 1.5 * k)
    :lineTo(20 * k, 7 * k)
    :lineTo(18 * k, 1.5 * k)
    :quadCurveTo(7 * k, -1 * k, 0, 7 * k)
    :curveTo(4 * k, 12 * k, 13 * k, 18 * k, 19.2 * k, 22 * k)
  return path:close()
end

local path = leafPath(LEAF_SIZE)

flurry.start{
  sky = { "#6fa8dc", "#e8f0f7" },   -- an autumn sky
  -- Instead of contents = image: a leaf-shaped ShapeLayer in one of four yellows.
  makeLayer = function()
    return ca.ShapeLayer{
      path = path,
      bounds = { 0, 0, LEAF_SIZE, LEAF_SIZE * 0.9 },
      fillColor = COLORS[math.random(#COLORS)],
      strokeColor = "#b9821499",
      lineWidth = 1,
    }
  end,
  interval = 0.4,            -- more leaves than flakes
  duration = 12,             -- they fall faster
  minScale = 0.6,
  spinDuration = { 0.8, 2.5 },
  perspective = 400,
}
