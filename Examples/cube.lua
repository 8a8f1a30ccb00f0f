-- A turning cube: the CATransformLayer every Core Animation tutorial builds.
--
-- Six square faces, each moved half the cube's side towards the viewer and then turned into
-- place, are sublayers of one ca.TransformLayer. A plain layer would flatten them into its own
-- plane; a transform layer keeps each face where it is in 3D and draws them nearest last, so
-- the cube hides its own back. The cube turns about y while it tilts about x; the perspective
-- (m34 = -1 / 600) is its container's sublayerTransform, so the vanishing point is the middle.

local FACES = {   -- how each face is turned from the front, its colour and its label
  { turn = { 0, 0, 1, 0 },            color = "#ff6b4a", label = "1" },
  { turn = { math.pi / 2, 0, 1, 0 },  color = "#f3c13a", label = "2" },
  { turn = { math.pi, 0, 1, 0 },      color = "#4ea5d9", label = "6" },
  { turn = { -math.pi / 2, 0, 1, 0 }, color = "#7bd389", label = "5" },
  { turn = { math.pi / 2, 1, 0, 0 },  color = "#d68cff", label = "4" },
  { turn = { -math.pi / 2, 1, 0, 0 }, color = "#f2f2f2", label = "3" },
}
local TURN = 6   -- seconds per turn

ca.root.backgroundColor = "#14161c"

local title = ca.TextLayer{
  string = "CATransformLayer: six faces, one cube",
  foregroundColor = "#e8e8ea",
  alignmentMode = "center",
}
ca.root:addSublayer(title)

-- The container gives the cube its perspective: one vanishing point, at its middle.
local stage = ca.Layer{ name = "stage" }
local perspective = ca.Transform3D.identity
perspective.m34 = -1 / 600
stage.sublayerTransform = perspective
ca.root:addSublayer(stage)

local cube = ca.TransformLayer{ name = "cube" }
stage:addSublayer(cube)

local faces = {}
for i, f in ipairs(FACES) do
  local face = ca.Layer{ name = "face" .. f.label, backgroundColor = f.color, cornerRadius = 6,
                         borderColor = "#14161c", borderWidth = 2 }
  local label = ca.TextLayer{ string = f.label, foregroundColor = "#14161c", alignmentMode = "center" }
  face:addSublayer(label)   -- flattened into its face, as every plain layer is
  cube:addSublayer(face)
  faces[i] = { layer = face, label = label, turn = f.turn }
end

cube:addAnimation(ca.BasicAnimation{
  keyPath = "transform.rotation.y", fromValue = 0, toValue = 2 * math.pi, duration = TURN, repeatCount = math.huge,
}, "spin")
cube:addAnimation(ca.BasicAnimation{
  keyPath = "transform.rotation.x", fromValue = -0.5, toValue = 0.5, duration = TURN / 2,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "tilt")

-- Everything is placed from the window's size, again whenever it changes.
local function layout(width, height)
  local side = math.floor(math.min(width, height) * 0.36)
  local fontSize = math.max(12, math.min(28, width / 28))
  ca.transaction(function()
    title.fontSize = fontSize
    title.frame = { 0, height * 0.06, width, fontSize * 1.5 }
    stage.frame = { 0, 0, width, height }
    cube.bounds = { 0, 0, side, side }
    cube.position = { width / 2, height * 0.55 }
    for _, face in ipairs(faces) do
      local t = face.turn
      face.layer.bounds = { 0, 0, side, side }
      face.layer.position = { side / 2, side / 2 }
      -- CATransform3DTranslate(turn, 0, 0, side / 2): out to the front, then turned.
      face.layer.transform = ca.Transform3D.rotation(t[1], t[2], t[3], t[4]):translated(0, 0, side / 2)
      face.label.fontSize = side * 0.45
      face.label.frame = { 0, side * 0.2, side, side * 0.6 }
    end
  end, { disableActions = true })
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
