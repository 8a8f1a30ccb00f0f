-- Exercise 2: a delayed animation and its fill mode.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 120, 120 }, position = { 400, 300 },
  backgroundColor = "#ffb74d", cornerRadius = 16,
}
ca.root:addSublayer(box)

box:addAnimation(ca.BasicAnimation{
  keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
  beginTime = ca.now() + 1,
}, "fadeIn")
