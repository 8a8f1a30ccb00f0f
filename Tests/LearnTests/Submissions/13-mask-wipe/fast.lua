-- expect: fail fast
-- Exercise 13: masks.
local picture = ca.GradientLayer{
  name = "picture", bounds = { 0, 0, 400, 300 }, position = { 400, 300 },
  colors = { "#0d47a1", "#4fc3f7" }, startPoint = { 0, 0 }, endPoint = { 1, 1 },
}
local wipe = ca.Layer{
  name = "wipe", bounds = { 0, 0, 0, 300 }, anchorPoint = { 0, 0 }, position = { 0, 0 },
  backgroundColor = "white",
}
picture.mask = wipe
ca.root:addSublayer(picture)

wipe:addAnimation(ca.BasicAnimation{
  keyPath = "bounds.size.width", fromValue = 0, toValue = 400, duration = 0.75,
  timingFunction = "easeInEaseOut",
}, "reveal")
wipe.bounds = { 0, 0, 400, 300 }
