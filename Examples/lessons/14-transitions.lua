-- Lesson 14: transitions.
--
-- A CATransition animates a change that has no in-between: new text, another image, sublayers
-- added or removed. Add one to a layer in the same transaction as the change, and the layer as it
-- looked before the transaction gives way to how it looks after: "fade" cross-fades the two,
-- "moveIn" slides the new over the old, "push" slides both, "reveal" slides the old away. The
-- subtype says from which side. It runs under the key "transition", and the changes it covers
-- make no implicit animations of their own.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("14 · Transitions",
  "layer:addAnimation(ca.Transition{ type, subtype }), then change the layer")

-- 1: the idiom — a label whose text changes. The transition and the new string are set in the
-- same transaction (here, the timer's call); either order works.
local DAYS = { "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday" }
local label = ca.TextLayer{
  frame = { 250, 110, 300, 60 }, string = DAYS[1], fontSize = 40, alignmentMode = "center",
  foregroundColor = colors.text, backgroundColor = colors.track, cornerRadius = 10,
  masksToBounds = true,   -- a transition moves its images beyond the bounds unless they clip
}
stage:addSublayer(label)
lesson.text(stage, 'label:addAnimation(ca.Transition{ type = "push", subtype = "fromBottom" })\n'
  .. 'label.string = nextDay',
  { 100, 180, 600, 40 }, { align = "center", font = "monospace", color = colors.code, fontSize = 13 })

-- 2: the four types side by side. Each tile changes colour and number together; its caption
-- names the subtype it used.
local TYPES = { "fade", "moveIn", "push", "reveal" }
local SUBTYPES = { "fromLeft", "fromRight", "fromTop", "fromBottom" }
local TILE_COLORS = { colors.accent, colors.second, colors.third, colors.fourth }
local tiles = {}
for i, kind in ipairs(TYPES) do
  local x = 100 + (i - 1) * 200
  local tile = ca.Layer{
    bounds = { 0, 0, 160, 160 }, position = { x, 340 }, cornerRadius = 14,
    backgroundColor = TILE_COLORS[i], masksToBounds = true,
  }
  local number = ca.TextLayer{ frame = { 0, 40, 160, 80 }, string = "1", fontSize = 64, alignmentMode = "center",
                               foregroundColor = colors.stage }
  tile:addSublayer(number)
  stage:addSublayer(tile)
  lesson.text(stage, '"' .. kind .. '"', { x - 90, 430, 180, 24 },
    { align = "center", font = "monospace", color = colors.code, fontSize = 17 })
  local caption = lesson.text(stage, "", { x - 90, 456, 180, 24 },
    { align = "center", font = "monospace", color = colors.dim, fontSize = 14 })
  tiles[i] = { tile = tile, number = number, kind = kind, caption = caption }
end

local turn = 1
local function change()
  turn = turn + 1
  label:addAnimation(ca.Transition{ type = "push", subtype = "fromBottom", duration = 0.5,
                                    timingFunction = "easeInEaseOut" })
  label.string = DAYS[(turn - 1) % #DAYS + 1]
  local subtype = SUBTYPES[(turn - 2) % #SUBTYPES + 1]
  for i, t in ipairs(tiles) do
    -- The change first, then the transition: it still starts from the old appearance.
    t.tile.backgroundColor = TILE_COLORS[(i + turn - 2) % #TILE_COLORS + 1]
    t.number.string = tostring(turn)
    t.tile:addAnimation(ca.Transition{ type = t.kind, subtype = subtype, duration = 0.8,
                                       timingFunction = "easeInEaseOut" })
    t.caption.string = t.kind == "fade" and "(no subtype)" or subtype
  end
end

ca.after(0.5, function()
  change()
  ca.every(2, change)
end)

lesson.text(stage, "Before the transaction, after it: the transition draws both and moves between them.",
  { 30, 540, 740, 20 }, { color = colors.dim })
