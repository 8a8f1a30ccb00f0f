-- Exercise 12: replicators.
local row = ca.ReplicatorLayer{
  name = "row", bounds = { 0, 0, 300, 60 }, position = { 400, 300 },
  instanceCount = 5,
}
row:addSublayer(ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 30, 30 }, cornerRadius = 20,
                          backgroundColor = "#ba68c8" })
ca.root:addSublayer(row)
