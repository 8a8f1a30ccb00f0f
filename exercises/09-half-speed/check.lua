return {
  layer = "box",
  keyPaths = { "position.x" },
  from = 0, to = 3,
  tolerance = 0.02,
}
