-- expect: fail wrongEasing
-- Exercise 10: 3D transforms.
local perspective = ca.Transform3D.identity
perspective.m34 = -1 / 500
ca.root.sublayerTransform = perspective

local card = ca.Layer{
  name = "card", bounds = { 0, 0, 220, 300 }, position = { 400, 300 },
  backgroundColor = "#4fc3f7", cornerRadius = 16,
}
ca.root:addSublayer(card)

card:addAnimation(ca.BasicAnimation{
  keyPath = "transform.rotation.y", fromValue = 0, toValue = 1, duration = 1,
  
}, "turn")
card:setValue(1, "transform.rotation.y")
