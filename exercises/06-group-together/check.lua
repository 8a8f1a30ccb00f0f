return {
  layer = "box",
  keyPaths = { "position.x", "opacity" },
  from = 0, to = 2.5,
  tolerance = 0.02,
  requires = { animation = "AnimationGroup" },
}
