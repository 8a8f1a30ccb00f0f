return {
  layer = "box",
  keyPaths = { "position.x", "position.y" },
  from = 0, to = 2.5,
  tolerance = 0.02,
}
