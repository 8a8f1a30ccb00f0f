return {
  layer = "box",
  keyPaths = { "opacity" },
  from = 0, to = 2.5,
  tolerance = 0.02,
  checkpoints = { { t = 0.5, keyPath = "opacity", value = 0, within = 0.01 } },
}
