-- expect: fail late
-- Exercise 12: replicators.
local row = ca.ReplicatorLayer{
  name = "row", bounds = { 0, 0, 300, 60 }, position = { 400, 300 },
  instanceCount = 5,
}
row:addSublayer(ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 30, 30 }, cornerRadius = 20,
                          backgroundColor = "#ba68c8" })
ca.root:addSublayer(row)

local spread = ca.Transform3D.translation(60, 0, 0)
row:addAnimation(ca.BasicAnimation{
  keyPath = "instanceTransform", fromValue = ca.Transform3D.identity, toValue = spread, duration = 1, beginTime = ca.now() + 0.3, fillMode = "backwards",
}, "fan")
row.instanceTransform = spread
