return {
  layer = "card",
  keyPaths = { "position.y" },
  from = 0, to = 3,
  tolerance = 0.02,
}
