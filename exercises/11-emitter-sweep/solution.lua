-- Exercise 11: particle emitters.
local snow = ca.EmitterLayer{
  name = "snow", frame = { 0, 0, 800, 600 },
  emitterPosition = { 100, 50 }, emitterShape = "point",
  emitterCells = {
    ca.EmitterCell{
      name = "flake", contents = ca.Image.circle{ radius = 4, color = "white" },
      birthRate = 40, lifetime = 6, velocity = 80, emissionLongitude = math.pi / 2,
      emissionRange = 0.4, scale = 1,
    },
  },
}
ca.root:addSublayer(snow)

snow:addAnimation(ca.BasicAnimation{
  keyPath = "emitterPosition", fromValue = { 100, 50 }, toValue = { 700, 50 }, duration = 3,
  timingFunction = "easeInEaseOut",
}, "sweep")
snow.emitterPosition = { 700, 50 }
