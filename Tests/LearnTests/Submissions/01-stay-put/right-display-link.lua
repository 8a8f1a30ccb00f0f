-- expect: pass
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 80, 80 }, position = { 100, 300 },
  backgroundColor = "#4fc3f7", cornerRadius = 12,
}
ca.root:addSublayer(box)
local start = ca.now()
ca.DisplayLink(function()
  local progress = math.min((ca.now() - start) / 2, 1)
  box.position = { 100 + 400 * progress, 300 }
end)
