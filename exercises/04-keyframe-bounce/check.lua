return {
  layer = "ball",
  keyPaths = { "position.y" },
  from = 0, to = 1.5,
  tolerance = 0.02,
  requires = { animation = "KeyframeAnimation", keyPath = "position.y" },
  checkpoints = { { t = 0.4, keyPath = "position.y", value = 150, within = 2 } },
}
