-- expect: fail fast
-- Exercise 3: timing functions.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 600, 300 },
  backgroundColor = "#81c784", cornerRadius = 40,
}
ca.root:addSublayer(box)

box:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = 100, toValue = 600, duration = 1,
  timingFunction = "easeOut",
}, "glide")
