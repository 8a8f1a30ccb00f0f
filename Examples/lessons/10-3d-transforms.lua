-- Lesson 10: 3D transforms and perspective.
--
-- A layer's transform is a 4 × 4 matrix (CATransform3D). Rotating about y with nothing else
-- only narrows the layer: there is no depth until m34 is set (-1 / distance to the eye, the
-- "おまじない" of seed 002). doubleSided = false hides a layer whose back faces you, which is
-- how a two-faced card is made from two layers. A sublayerTransform with m34 gives all the
-- sublayers one shared perspective, with one vanishing point: the middle of their superlayer.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("10 · 3D transforms and perspective",
  "Each card turns about y (transform.rotation.y); what differs is m34 and doubleSided.")

local CARD_W, CARD_H = 110, 140
local TURN = 4   -- seconds per turn

local function card(parent, color, text, position)
  local layer = ca.Layer{
    bounds = { 0, 0, CARD_W, CARD_H }, position = position,
    backgroundColor = color, cornerRadius = 10,
  }
  lesson.text(layer, text, { 0, CARD_H / 2 - 20, CARD_W, 40 },
    { align = "center", fontSize = 30, color = colors.stage })
  parent:addSublayer(layer)
  return layer
end

local function spin(layer, from)
  from = from or 0
  layer:addAnimation(ca.BasicAnimation{
    keyPath = "transform.rotation.y", fromValue = from, toValue = from + 2 * math.pi,
    duration = TURN, repeatCount = math.huge,
  }, "spin")
end

local function perspective(distance)
  local t = ca.Transform3D.identity
  t.m34 = -1 / distance
  return t
end

local function caption(x, text)
  lesson.text(stage, text, { x - 90, 285, 180, 40 },
    { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
end

-- 1: no perspective. The card only gets narrower and wider again.
spin(card(stage, colors.accent, "A", { 115, 200 }))
caption(115, "m34 = 0")

-- 2: m34 = -1/500 on the card's own transform: the near edge grows, the far edge shrinks.
local withDepth = card(stage, colors.second, "B", { 305, 200 })
withDepth.transform = perspective(500)
spin(withDepth)
caption(305, "m34 = -1/500")

-- 3: the same, but doubleSided = false: gone while its back faces you.
local oneSided = card(stage, colors.third, "C", { 495, 200 })
oneSided.transform = perspective(500)
oneSided.doubleSided = false
spin(oneSided)
caption(495, "doubleSided = false")

-- 4: a card with two faces: two one-sided layers, the back one half a turn ahead, in a
-- container whose sublayerTransform gives both the same perspective.
local flip = ca.Layer{ bounds = { 0, 0, CARD_W, CARD_H }, position = { 685, 200 } }
flip.sublayerTransform = perspective(500)
stage:addSublayer(flip)
local front = card(flip, colors.fourth, "front", { CARD_W / 2, CARD_H / 2 })
local back = card(flip, "#d68cff", "back", { CARD_W / 2, CARD_H / 2 })
front.doubleSided, back.doubleSided = false, false
spin(front, 0)
spin(back, math.pi)
caption(685, "two faces")

-- 5: one perspective for many: seven cards in a container with sublayerTransform m34, all
-- turned by the same angle; each looks different because they share one vanishing point.
local row = ca.Layer{ bounds = { 0, 0, 700, 150 }, position = { 400, 430 } }
row.sublayerTransform = perspective(400)
stage:addSublayer(row)
for i = 1, 7 do
  local c = ca.Layer{ bounds = { 0, 0, 70, 110 }, position = { 50 + (i - 1) * 100, 75 },
                      backgroundColor = i % 2 == 0 and colors.second or colors.accent, cornerRadius = 8 }
  row:addSublayer(c)
  c:addAnimation(ca.BasicAnimation{
    keyPath = "transform.rotation.y", fromValue = -1, toValue = 1,
    duration = 2.5, autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
  }, "turn")
end
lesson.text(stage, "container.sublayerTransform.m34 = -1/400: one vanishing point for all seven",
  { 30, 515, 740, 20 }, { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
