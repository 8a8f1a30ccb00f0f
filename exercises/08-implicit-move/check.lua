return {
  layer = "box",
  keyPaths = { "position.x" },
  from = 0, to = 2,
  tolerance = 0.02,
}
