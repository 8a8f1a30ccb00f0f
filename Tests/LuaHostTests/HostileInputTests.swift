import TestSupport
import Testing
import LuaBridge
@testable import LuaHost

/// Every API function, property and method fed NaN, infinities, wrong types and wrong counts:
/// each call ends in a value or a clean Lua error, never a crash, and the scene keeps running.
struct HostileInputTests {
    @Test func theAPISurvivesEveryWrongInput() {
        var options = ScriptOptions()
        options.budget.timeLimit = 60
        let h = ScriptHarness(Self.sweep, options: options)
        #expect(h.start() == nil)
        h.run(until: 1)
        let summary = h.output.last ?? ""
        #expect(summary.hasPrefix("calls\t"))
        let numbers = summary.split(separator: "\t").compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[0] > 5000 && numbers[1] > 1000)
        #expect(h.eval("print(1 + 1)") == ["2"])
    }

    static let sweep = #"""
local bad = { 0/0, 1/0, -1, "x", true, {}, {x = 0/0, y = 1}, function() end, ca.root }
local count, errs = 0, 0
local function try(f, ...)
  count = count + 1
  local ok = pcall(f, ...)
  if not ok then errs = errs + 1 end
end
local props = {}
for _, name in ipairs({"bounds","position","anchorPoint","anchorPointZ","zPosition","transform","sublayerTransform","opacity","hidden",
  "backgroundColor","borderColor","borderWidth","cornerRadius","masksToBounds","doubleSided","contentsRect","contentsGravity",
  "shadowColor","shadowOpacity","shadowOffset","shadowRadius","speed","timeOffset","beginTime","name","data","sublayers",
  "superlayer","onTap","frame","contents","actions","nonexistent"}) do props[#props + 1] = name end
local kinds = { ca.Layer, ca.TextLayer, ca.ShapeLayer, ca.GradientLayer, ca.ReplicatorLayer, ca.EmitterLayer }
for _, make in ipairs(kinds) do
  local l = make{}
  ca.root:addSublayer(l)
  for _, p in ipairs(props) do
    for _, v in ipairs(bad) do
      try(function() l[p] = v end)
      try(function() return l[p] end)
      try(function() make{ [p] = v } end)
    end
  end
  for _, m in ipairs({"addSublayer","insertSublayer","removeFromSuperlayer","addAnimation","removeAnimation","removeAllAnimations",
                      "animationKeys","animation","presentation","hitTest","contains","convertPoint","convertTime"}) do
    for _, v in ipairs(bad) do
      try(function() l[m](l, v, v) end)
      try(function() l[m](v, v) end)
      try(function() l[m]() end)
    end
  end
end
local animProps = {"keyPath","fromValue","toValue","byValue","duration","beginTime","speed","timeOffset","repeatCount","repeatDuration",
  "autoreverses","fillMode","removedOnCompletion","timingFunction","onStart","onStop","additive","cumulative","values","keyTimes",
  "timingFunctions","calculationMode","path","rotationMode","tensionValues","mass","stiffness","damping","initialVelocity","animations"}
for _, make in ipairs({ca.BasicAnimation, ca.KeyframeAnimation, ca.SpringAnimation, ca.AnimationGroup}) do
  for _, keyPath in ipairs({"opacity", "transform.rotation.z", "nope"}) do
    local a = make{}
    pcall(function() a.keyPath = keyPath end)
    for _, p in ipairs(animProps) do
      for _, v in ipairs(bad) do
        try(function() a[p] = v end)
        try(function() local l = ca.Layer{}; ca.root:addSublayer(l); l:addAnimation(a, "k") end)
      end
    end
  end
end
for _, f in ipairs({ca.Color, ca.MediaTimingFunction, ca.Transform3D.scale, ca.Transform3D.rotation, ca.Transform3D.translation,
                    ca.Transform3D.affine, ca.Path.rect, ca.Path.ellipse, ca.Path.roundedRect, ca.Image.circle, ca.Image.rect, ca.Image.snowflake,
                    ca.Image.load, ca.Timer.scheduled, ca.every, ca.after, ca.DisplayLink, ca.spawn, ca.wait, ca.await, ca.on,
                    ca.transaction, ca.Transaction.setAnimationDuration, ca.Transaction.setCompletionBlock}) do
  for _, v in ipairs(bad) do
    try(f, v, v, v, v, v, v)
    try(f, v)
    try(f)
  end
end
local g = ca.AnimationGroup{}
pcall(function() g.animations = { g } end)
local p = ca.Path()
for _, v in ipairs(bad) do try(function() p:moveTo(v, v):lineTo(v, 1):arc(v, v, v, v, v, v):curveTo(v, v, v, v, v, v):close() end) end
print("calls", count, "errors", errs, "layers", #ca.root.sublayers)
"""#
}
