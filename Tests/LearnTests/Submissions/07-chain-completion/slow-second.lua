-- expect: fail slow
-- Exercise 7: transactions and completion blocks.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 500, 200 },
  backgroundColor = "#f06292", cornerRadius = 12, actions = false,
}
ca.root:addSublayer(box)

ca.transaction(function()
  box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 500, duration = 1 }, "right")
end, {
  completion = function()
    box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 200, toValue = 400, duration = 2 }, "down")
    box.position = { 500, 400 }
  end,
})
