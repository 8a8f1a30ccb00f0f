-- Exercise 8: implicit animations.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 100, 300 },
  backgroundColor = "#ffd54f", cornerRadius = 12,
}
ca.root:addSublayer(box)

ca.after(0.5, function()
  box.position = { 500, 300 }
end)
