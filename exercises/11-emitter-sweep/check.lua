return {
  layer = "snow",
  keyPaths = { "emitterPosition" },
  from = 0, to = 4,
  tolerance = 0.02,
}
