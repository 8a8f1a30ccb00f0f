return {
  layer = "box",
  keyPaths = { "position.x" },
  from = 0, to = 3,
  tolerance = 0.02,
  checkpoints = { { t = 2.5, keyPath = "position.x", value = 500, within = 1 } },
}
