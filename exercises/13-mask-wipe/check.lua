return {
  layer = "wipe",
  keyPaths = { "bounds.size.width" },
  from = 0, to = 2,
  tolerance = 0.02,
}
