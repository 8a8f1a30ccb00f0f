-- Exercise 5: springs.
local card = ca.Layer{
  name = "card", bounds = { 0, 0, 200, 120 }, position = { 400, 300 },
  backgroundColor = "#9575cd", cornerRadius = 14,
}
ca.root:addSublayer(card)

card:addAnimation(ca.SpringAnimation{
  keyPath = "position.y", fromValue = 100, toValue = 300,
  stiffness = 200, damping = 8,
}, "drop")
