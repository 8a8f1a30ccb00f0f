-- expect: fail missingAnimation
-- Exercise 15: transform layers.
local perspective = ca.Transform3D.identity
perspective.m34 = -1 / 600
ca.root.sublayerTransform = perspective

local cube = ca.TransformLayer{ name = "cube", bounds = { 0, 0, 160, 160 }, position = { 400, 300 } }
ca.root:addSublayer(cube)

local half = 80
local faces = {
  ca.Transform3D.translation(0, 0, half),
  ca.Transform3D.rotation(math.pi, 0, 1, 0):translated(0, 0, half),
  ca.Transform3D.rotation(math.pi / 2, 0, 1, 0):translated(0, 0, half),
  ca.Transform3D.rotation(-math.pi / 2, 0, 1, 0):translated(0, 0, half),
  ca.Transform3D.rotation(math.pi / 2, 1, 0, 0):translated(0, 0, half),
  ca.Transform3D.rotation(-math.pi / 2, 1, 0, 0):translated(0, 0, half),
}
for index, transform in ipairs(faces) do
  cube:addSublayer(ca.Layer{
    bounds = { 0, 0, 160, 160 }, position = { 80, 80 }, transform = transform,
    backgroundColor = { 0.2 + index * 0.1, 0.5, 0.9, 0.9 },
  })
end

cube:addAnimation(ca.BasicAnimation{
  keyPath = "transform.rotation.y", fromValue = 0, toValue = -0.6, duration = 1,
}, "tilt")
