return {
  layer = "cube",
  keyPaths = { "transform.rotation.x", "transform.rotation.y" },
  from = 0, to = 1.5,
  tolerance = 0.02,
}
