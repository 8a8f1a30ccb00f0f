-- Exercise 1: the model and the presentation.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 100, 300 },
  backgroundColor = "#4fc3f7", cornerRadius = 12,
}
ca.root:addSublayer(box)

box:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = 100, toValue = 500, duration = 2,
}, "slide")
-- The model: where the box is once the animation is gone.
box.position = { 500, 300 }
