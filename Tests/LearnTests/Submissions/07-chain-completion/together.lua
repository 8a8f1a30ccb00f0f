-- expect: fail early
-- Exercise 7: transactions and completion blocks.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 500, 400 },
  backgroundColor = "#f06292", cornerRadius = 12, actions = false,
}
ca.root:addSublayer(box)

box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 500, duration = 1 }, "right")
box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 200, toValue = 400, duration = 1 }, "down")
