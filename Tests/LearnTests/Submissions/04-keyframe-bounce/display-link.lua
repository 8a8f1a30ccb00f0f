-- expect: fail missingAnimation
-- The right motion, but the exercise requires a KeyframeAnimation.
local ball = ca.Layer{
  name = "ball", bounds = { 0, 0, 60, 60 }, position = { 400, 400 },
  backgroundColor = "#e57373", cornerRadius = 30,
}
ca.root:addSublayer(ball)
ca.DisplayLink(function()
  local t = ca.now()
  local y = 400
  if t < 0.4 then y = 400 - 250 * t / 0.4 elseif t < 1.2 then y = 150 + 250 * (t - 0.4) / 0.8 end
  ball.position = { 400, y }
end)
