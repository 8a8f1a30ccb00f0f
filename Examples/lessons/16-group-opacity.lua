-- Lesson 16: group opacity.
--
-- A layer's opacity fades its sublayers too, but how? Since iOS 7 Core Animation's answer is
-- allowsGroupOpacity = true (the default): the layer and its sublayers are drawn together into
-- one image, offscreen, and that image is faded once, so an upper sublayer still hides the ones
-- below it. With allowsGroupOpacity = false each layer is faded on its own, and where they
-- overlap the lower ones show through the upper. Where nothing overlaps the two look the same.
-- A transform layer has no flat image to fade: it always fades each sublayer on its own.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("16 · Group opacity",
  "The same three circles in a layer fading 1 → 0.3 → 1: faded as one image, or each on its own.")

local Y = 270        -- the groups' centre
local SIZE = 104     -- a circle's diameter
local CIRCLES = {    -- each circle's offset from its group's centre, and its colour (bottom first)
  { -30, -24, colors.accent },
  { 30, -24, colors.second },
  { 0, 26, colors.third },
}

-- Thin stripes across the stage behind the groups: the stage shows through every group as it
-- fades; what differs is whether the circles show through one another.
for i = 0, 8 do
  stage:addSublayer(ca.Layer{ frame = { 30, Y - 96 + i * 24, 740, 2 }, backgroundColor = "#8b90a060" })
end

-- A group of `kind` ("Layer" or "TransformLayer") at x, holding the three circles; returns it.
local function group(kind, x, allowsGroupOpacity)
  local layer = ca[kind]{ bounds = { 0, 0, 200, 200 }, position = { x, Y } }
  if kind == "Layer" then layer.allowsGroupOpacity = allowsGroupOpacity end
  for _, c in ipairs(CIRCLES) do
    layer:addSublayer(ca.Layer{
      bounds = { 0, 0, SIZE, SIZE }, position = { 100 + c[1], 100 + c[2] },
      backgroundColor = c[3], cornerRadius = SIZE / 2,
    })
  end
  stage:addSublayer(layer)
  -- The fade: the whole group, not the circles, from opaque to 0.3 and back.
  layer:addAnimation(ca.BasicAnimation{
    keyPath = "opacity", fromValue = 1, toValue = 0.3, duration = 2,
    autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
  }, "fade")
  return layer
end

-- Above each group what it is, below it the line of code and what to look for.
local function labels(x, title, code, note)
  lesson.text(stage, title, { x - 120, 118, 240, 20 }, { align = "center" })
  lesson.code(stage, x, 390, code)
  lesson.text(stage, note, { x - 120, 412, 240, 40 }, { align = "center", color = colors.dim, fontSize = 13 })
end

-- 1: the default. Faded as one picture: the yellow circle still covers the others.
local faded = group("Layer", 135, true)
labels(135, "true (the default)", "allowsGroupOpacity = true", "one image, faded:\nthe top circle hides the rest")

-- 2: each circle faded by itself, so the overlaps mix their colours.
group("Layer", 400, false)
labels(400, "false", "allowsGroupOpacity = false", "each circle faded:\nthe lower ones show through")

-- 3: a transform layer keeps its sublayers apart (in 3D), so it can only fade them one by one.
group("TransformLayer", 665)
labels(665, "a transform layer", "ca.TransformLayer{ … }", "always each on its own,\nwhatever the flag says")

local readout = lesson.text(stage, "", { 30, 470, 740, 20 },
  { align = "center", font = "monospace", color = colors.code, fontSize = 13 })

lesson.text(stage,
  "At opacity 1 the three are alike. As they fade, only the first still looks like one flat "
  .. "picture going transparent; that is what you want for a card or a button.",
  { 30, 520, 740, 50 }, { color = colors.dim })

-- Every frame: the opacity the groups are drawn with now.
ca.DisplayLink(function()
  readout.string = string.format("group.opacity = %.2f", faded:presentation().opacity)
end)
