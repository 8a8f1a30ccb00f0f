return {
  layer = "row",
  keyPaths = { "instanceTransform" },
  from = 0, to = 1.5,
  tolerance = 0.02,
}
