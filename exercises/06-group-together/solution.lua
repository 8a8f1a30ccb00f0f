-- Exercise 6: animation groups.
local box = ca.Layer{
  name = "box", bounds = { 0, 0, 100, 100 }, position = { 500, 300 }, opacity = 0.3,
  backgroundColor = "#4db6ac", cornerRadius = 12,
}
ca.root:addSublayer(box)

box:addAnimation(ca.AnimationGroup{
  duration = 2,
  animations = {
    ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 500, duration = 2 },
    ca.BasicAnimation{ keyPath = "opacity", fromValue = 1, toValue = 0.3, duration = 2 },
  },
}, "moveAndFade")
