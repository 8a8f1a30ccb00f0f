-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 500, 200 },
  backgroundColor = "#f06292", cornerRadius = 12, actions = false,
}
ca.root:addSublayer(box)

ca.Transaction.begin()
ca.Transaction.setCompletionBlock(function()
  box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.y", values = { 200, 400 }, duration = 1 }, "down")
  box.position = { 500, 400 }
end)
box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", values = { 100, 500 }, duration = 1 }, "right")
ca.Transaction.commit()
