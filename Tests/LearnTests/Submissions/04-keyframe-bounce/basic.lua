-- expect: fail missingAnimation
-- Exercise 4: keyframes.
local ball = ca.Layer{
  name = "ball", bounds = { 0, 0, 60, 60 }, position = { 400, 400 },
  backgroundColor = "#e57373", cornerRadius = 30,
}
ca.root:addSublayer(ball)

ball:addAnimation(ca.BasicAnimation{
  keyPath = "position.y", fromValue = 400, toValue = 150, duration = 1.2,
}, "hop")
