-- Lesson 15: transform layers.
--
-- Every layer is flattened into its superlayer's plane: a sublayer turned or pushed towards the
-- viewer is drawn in that plane, in sublayer order (zPosition first), however deep it is in 3D.
-- A CATransformLayer does not flatten: its sublayers keep their 3D places, and Core Animation
-- draws them (with those of transform layers inside it) nearest last. That is what makes six
-- faces a cube. A transform layer draws nothing of its own — no background, border, contents or
-- shadow — and its opacity applies to each face alone.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("15 · Transform layers",
  "The same six faces in a ca.Layer (flattened) and in a ca.TransformLayer (kept in 3D).")

local SIDE = 100
local TURN = 6   -- seconds per turn
local FACES = {  -- each face's turn from the front (angle, axis), colour and label
  { 0, 0, 1, 0, colors.accent, "1" },
  { math.pi / 2, 0, 1, 0, colors.third, "2" },
  { math.pi, 0, 1, 0, colors.second, "6" },
  { -math.pi / 2, 0, 1, 0, colors.fourth, "5" },
  { math.pi / 2, 1, 0, 0, "#d68cff", "4" },
  { -math.pi / 2, 1, 0, 0, colors.text, "3" },
}

local function perspective(distance)
  local t = ca.Transform3D.identity
  t.m34 = -1 / distance
  return t
end

-- A cube of `kind` ("Layer" or "TransformLayer") at `position`, turning; `opacity` and
-- `doubleSided` go to every face.
local function cube(kind, position, opacity, doubleSided)
  -- The holder's sublayerTransform gives the cube its perspective, centred on it.
  local holder = ca.Layer{ bounds = { 0, 0, 2 * SIDE, 2 * SIDE }, position = position,
                           sublayerTransform = perspective(500) }
  stage:addSublayer(holder)
  local box = ca[kind]{ bounds = { 0, 0, SIDE, SIDE }, position = { SIDE, SIDE } }
  holder:addSublayer(box)
  for _, f in ipairs(FACES) do
    local face = ca.Layer{
      bounds = { 0, 0, SIDE, SIDE }, position = { SIDE / 2, SIDE / 2 },
      backgroundColor = f[5], opacity = opacity, doubleSided = doubleSided,
      borderColor = colors.stage, borderWidth = 2,
      -- Out half a side to the front, then turned into place.
      transform = ca.Transform3D.rotation(f[1], f[2], f[3], f[4]):translated(0, 0, SIDE / 2),
    }
    lesson.text(face, f[6], { 0, 25, SIDE, 50 }, { align = "center", fontSize = 40, color = colors.stage })
    box:addSublayer(face)
  end
  box:addAnimation(ca.BasicAnimation{
    keyPath = "transform.rotation.y", fromValue = 0, toValue = 2 * math.pi,
    duration = TURN, repeatCount = math.huge,
  }, "spin")
  box:addAnimation(ca.BasicAnimation{
    keyPath = "transform.rotation.x", fromValue = -0.45, toValue = 0.45, duration = TURN / 2,
    autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
  }, "tilt")
  return box
end

local function caption(x, y, text)
  lesson.text(stage, text, { x - 180, y, 360, 40 },
    { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
end

-- 1: ca.Layer. Each face is flattened into the box's plane and drawn in order: the last face
-- drawn wins, whichever way the box has turned.
cube("Layer", { 200, 210 }, 1, true)
caption(200, 300, "ca.Layer{ … }\nflattened: drawn in sublayer order")

-- 2: ca.TransformLayer. The faces keep their 3D places and are drawn back to front.
cube("TransformLayer", { 600, 210 }, 1, true)
caption(600, 300, "ca.TransformLayer{ … }\nkept in 3D: nearest drawn last")

-- 3 and 4: see-through faces. Double-sided, the far faces show through the near ones (turned
-- away, mirrored); with doubleSided = false a face whose back is to you is not drawn at all.
cube("TransformLayer", { 200, 440 }, 0.6, true)
caption(200, 530, "opacity = 0.6\ndoubleSided = true: far faces show")
cube("TransformLayer", { 600, 440 }, 0.6, false)
caption(600, 530, "opacity = 0.6\ndoubleSided = false: turned away, gone")
