-- Exercise 4: keyframes.
local ball = ca.Layer{
  name = "ball", bounds = { 0, 0, 60, 60 }, position = { 400, 400 },
  backgroundColor = "#e57373", cornerRadius = 30,
}
ca.root:addSublayer(ball)

ball:addAnimation(ca.KeyframeAnimation{
  keyPath = "position.y", values = { 400, 150, 400 }, keyTimes = { 0, 1 / 3, 1 },
  duration = 1.2,
}, "hop")
