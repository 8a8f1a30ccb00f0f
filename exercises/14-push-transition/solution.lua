-- Exercise 14: transitions.
local card = ca.Layer{
  name = "card", bounds = { 0, 0, 240, 160 }, position = { 400, 300 },
  backgroundColor = "#e53935", cornerRadius = 12, masksToBounds = true,
}
ca.root:addSublayer(card)

ca.after(1, function()
  ca.transaction(function()
    card.backgroundColor = "#1e88e5"
    card:addAnimation(ca.Transition{ type = "push", subtype = "fromRight", duration = 0.5 })
  end, { disableActions = true })
end)
