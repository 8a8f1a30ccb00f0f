-- expect: fail slow missingAnimation
-- Exercise 14: transitions.
local card = ca.Layer{
  name = "card", bounds = { 0, 0, 240, 160 }, position = { 400, 300 },
  backgroundColor = "#e53935", cornerRadius = 12, masksToBounds = true,
}
ca.root:addSublayer(card)

ca.after(1, function()
  card.backgroundColor = "#1e88e5"
end)
