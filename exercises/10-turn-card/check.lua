return {
  layer = "card",
  keyPaths = { "transform.rotation.y" },
  from = 0, to = 1.5,
  tolerance = 0.02,
}
