-- Lesson 13: masks.
--
-- A layer's mask is another layer, in no tree of its own, placed in the masked layer's
-- coordinates as a sublayer would be. Where the mask is opaque the layer shows; where it is
-- clear the layer is gone, its sublayers, border and shadow with it. The mask is a layer like
-- any other: it animates, it has sublayers, its contents may be an image or text.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("13 · Masks",
  "layer.mask = ca.Layer{ … }: the mask's alpha decides what of the layer shows")

local function caption(x, y, text)
  lesson.code(stage, x, y, text)
end

-- A card of a colour with a word on it: what the masks below cut.
local function card(color, word, frame)
  local layer = ca.Layer{ frame = frame, backgroundColor = color, cornerRadius = 10 }
  lesson.text(layer, word, { 0, frame[4] / 2 - 16, frame[3], 32 }, { align = "center", fontSize = 24 })
  return layer
end

-- 1: a wipe. The "after" card lies over the "before" card, masked by a rectangle that slides
-- across it: a reveal, back and forth.
local before = card(colors.track, "before", { 40, 140, 320, 130 })
stage:addSublayer(before)
local after = card(colors.second, "after", { 40, 140, 320, 130 })
local wipe = ca.Layer{ bounds = { 0, 0, 320, 130 }, anchorPoint = { 1, 0 }, position = { 0, 0 },
                       backgroundColor = "white" }
after.mask = wipe
stage:addSublayer(after)
wipe:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = 0, toValue = 320, duration = 1.6,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "wipe")
caption(200, 285, "mask: a rectangle\nits position.x animates")

-- 2: a spotlight. A grid of dots, dim; the same grid, bright, masked by a soft disc that
-- travels an ellipse (a keyframe animation along a path, as any layer's position can).
local function grid(color, opacity)
  local dots = ca.ReplicatorLayer{ frame = { 420, 140, 320, 130 }, instanceCount = 10,
                                   instanceTransform = ca.Transform3D.translation(32, 0, 0), opacity = opacity }
  local column = ca.ReplicatorLayer{ frame = { 0, 0, 32, 130 }, instanceCount = 4,
                                     instanceTransform = ca.Transform3D.translation(0, 32, 0) }
  column:addSublayer(ca.Layer{ frame = { 6, 6, 20, 20 }, cornerRadius = 10, backgroundColor = color })
  dots:addSublayer(column)
  stage:addSublayer(dots)
  return dots
end
grid(colors.dim, 0.35)
local lit = grid(colors.third, 1)
local spot = ca.Layer{ bounds = { 0, 0, 130, 130 }, contents = ca.Image.circle{ radius = 65, softness = 0.5 } }
lit.mask = spot
spot:addAnimation(ca.KeyframeAnimation{
  keyPath = "position", path = ca.Path.ellipse{ 40, 25, 240, 80 }, calculationMode = "paced",
  duration = 4, repeatCount = math.huge,
}, "travel")
caption(580, 285, "mask: a soft disc (an image)\nmoving along a path")

-- 3: text cut out of a gradient: the mask is a text layer, so only the letters show. The
-- gradient holds its colours twice over twice the layer's width and slides by one round of
-- them, so colour runs through the word without a jump.
local sky = ca.GradientLayer{
  frame = { 40, 330, 320, 110 },
  colors = { colors.accent, colors.third, colors.fourth, colors.second,
             colors.accent, colors.third, colors.fourth, colors.second, colors.accent },
  startPoint = { -1, 0.5 }, endPoint = { 1, 0.5 },
}
sky.mask = ca.TextLayer{ frame = { 0, 10, 320, 100 }, string = "MASK", fontSize = 84, alignmentMode = "center",
                         foregroundColor = "white" }
sky:addAnimation(ca.BasicAnimation{
  keyPath = "startPoint.x", fromValue = -1, toValue = 0, duration = 3, repeatCount = math.huge,
}, "slideStart")
sky:addAnimation(ca.BasicAnimation{
  keyPath = "endPoint.x", fromValue = 1, toValue = 2, duration = 3, repeatCount = math.huge,
}, "slideEnd")
stage:addSublayer(sky)
caption(200, 455, "mask: a TextLayer\nover a sliding gradient")

-- 4: an iris. A card masked by a circle that opens and closes: the mask's bounds and
-- cornerRadius animate together, about its centre.
local iris = card(colors.accent, "iris", { 420, 330, 320, 110 })
local hole = ca.Layer{ bounds = { 0, 0, 20, 20 }, position = { 160, 55 }, cornerRadius = 10,
                       backgroundColor = "white" }
iris.mask = hole
local open = ca.AnimationGroup{ duration = 1.5, autoreverses = true, repeatCount = math.huge,
                                timingFunction = "easeInEaseOut", animations = {
  ca.BasicAnimation{ keyPath = "bounds.size", toValue = { 340, 340 } },
  ca.BasicAnimation{ keyPath = "cornerRadius", toValue = 170 },
} }
hole:addAnimation(open, "open")
stage:addSublayer(iris)
caption(580, 455, "mask: a circle\nbounds and cornerRadius grow")

lesson.text(stage, "A mask clips everything its layer draws. It is not in the tree: set it, "
  .. "don't add it.", { 30, 555, 740, 20 }, { color = colors.dim })
