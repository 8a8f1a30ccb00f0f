return {
  layer = "card",
  keyPaths = { "backgroundColor" },
  from = 0, to = 2,
  tolerance = 0.02,
  requires = { animation = "Transition" },
}
