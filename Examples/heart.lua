-- The trembling heart: seed 001 ("フレーム駆動設計で複雑なアニメーションに立ち向かう").
--
-- One CAKeyframeAnimation on "transform": eight 変化フレーム (scale values, squashed and
-- stretched in turn) placed on ten 時間フレーム by keyTimes — two frames each for the slow
-- first half, one frame each for the quick second half — over 1.5 s with ease-in-ease-out,
-- repeating forever.
--
-- Below the heart, the article's table as a timeline: a tick for each of the ten time frames, a
-- dot at each keyTime, and a playhead with the same duration and timing function, so that it
-- crosses each dot as the heart reaches that frame's scale.

local S = ca.Transform3D.scale

-- The article's values (CATransform3DMakeScale) and keyTimes, side by side.
local FRAMES = {
  { scale = S(1.0, 1.0, 1.0),   keyTime = 0.0 },  --  0/10 通常の大きさ
  { scale = S(1.3, 0.7, 1.0),   keyTime = 0.2 },  --  2/10 縦を縮めて、横を伸ばす
  { scale = S(0.8, 1.2, 1.0),   keyTime = 0.4 },  --  4/10 横を縮めて、縦を伸ばす
  { scale = S(1.25, 0.85, 1.0), keyTime = 0.6 },  --  6/10
  { scale = S(0.93, 1.08, 1.0), keyTime = 0.7 },  --  7/10 (from here on, quickly)
  { scale = S(1.1, 0.9, 1.0),   keyTime = 0.8 },  --  8/10
  { scale = S(0.98, 1.03, 1.0), keyTime = 0.9 },  --  9/10
  { scale = S(1.0, 1.0, 1.0),   keyTime = 1.0 },  -- 10/10 通常の大きさ
}
local DURATION = 1.5
local TIMING = ca.MediaTimingFunction("easeInEaseOut")   -- kCAMediaTimingFunctionEaseInEaseOut

ca.root.backgroundColor = "#fff4f1"

-- A heart drawn with cubic curves in a box `size` wide and 0.9 × size high.
local function heartPath(size)
  local function p(x, y) return x * size / 100, y * size / 100 end
  local path = ca.Path():moveTo(p(50, 88))
  local curves = {
    { 20, 65, 0, 45, 0, 25 }, { 0, 8, 12, 0, 27, 0 }, { 38, 0, 47, 7, 50, 17 },
    { 53, 7, 62, 0, 73, 0 }, { 88, 0, 100, 8, 100, 25 }, { 100, 45, 80, 65, 50, 88 },
  }
  for _, c in ipairs(curves) do
    local c1x, c1y = p(c[1], c[2])
    local c2x, c2y = p(c[3], c[4])
    local x, y = p(c[5], c[6])
    path:curveTo(c1x, c1y, c2x, c2y, x, y)
  end
  return path:close()
end

local heart = ca.ShapeLayer{
  name = "heart",
  fillColor = "#ff3b6b",
  shadowColor = "#b0003a",
  shadowOpacity = 0.35,
  shadowRadius = 10,
  shadowOffset = { 0, 6 },
}
ca.root:addSublayer(heart)

-- let anim = CAKeyframeAnimation(keyPath: "transform") …
local values, keyTimes = {}, {}
for i, frame in ipairs(FRAMES) do
  values[i], keyTimes[i] = frame.scale, frame.keyTime
end
local anim = ca.KeyframeAnimation{ keyPath = "transform" }
anim.timingFunction = TIMING
anim.repeatCount = math.huge           -- .infinity
anim.duration = DURATION
anim.values = values
anim.keyTimes = keyTimes
heart:addAnimation(anim, "heart")
local epoch = ca.now()                 -- when the heart started: the playhead keeps in step

-- The timeline: a track, ten time frames, a dot per keyTime, and the playhead.
local timeline = ca.Layer{ name = "timeline" }
local track = ca.Layer{ backgroundColor = "#f3c5c5", cornerRadius = 2 }
timeline:addSublayer(track)
local ticks, dots = {}, {}
for i = 0, 10 do
  ticks[i] = ca.Layer{ backgroundColor = "#d49a9a", bounds = { 0, 0, 1, 10 } }
  timeline:addSublayer(ticks[i])
end
for i = 1, #FRAMES do
  dots[i] = ca.Layer{ backgroundColor = "#ff3b6b", bounds = { 0, 0, 10, 10 }, cornerRadius = 5 }
  timeline:addSublayer(dots[i])
end
local playhead = ca.Layer{ backgroundColor = "#5a1e2e", bounds = { 0, 0, 2, 26 }, cornerRadius = 1 }
timeline:addSublayer(playhead)
local caption = ca.TextLayer{
  string = "keyTimes 0 .2 .4 .6 .7 .8 .9 1 · 1.5 s · easeInEaseOut",
  foregroundColor = "#5a1e2e",
  alignmentMode = "center",
  wrapped = true,
}
timeline:addSublayer(caption)
ca.root:addSublayer(timeline)

-- Everything is placed from the window's size, again whenever it changes.
local function layout(width, height)
  local size = math.min(width, height) * 0.45
  local lineWidth = math.min(width * 0.8, 520)
  local fontSize = math.max(10, math.min(16, width / 45))
  ca.transaction(function()
    heart.path = heartPath(size)
    heart.bounds = { 0, 0, size, size * 0.9 }
    heart.position = { width / 2, height * 0.42 }

    timeline.frame = { (width - lineWidth) / 2, height * 0.76, lineWidth, height * 0.2 }
    track.frame = { 0, 11, lineWidth, 4 }
    for i = 0, 10 do
      ticks[i].position = { lineWidth * i / 10, 13 }
    end
    for i, frame in ipairs(FRAMES) do
      dots[i].position = { lineWidth * frame.keyTime, 13 }
    end
    playhead.position = { 0, 13 }
    caption.fontSize = fontSize
    caption.frame = { -20, 26, lineWidth + 40, fontSize * 2.6 }
  end, { disableActions = true })

  -- The playhead crosses the track in the heart's time: same duration, timing function and
  -- repeat, begun at the same moment (so a resize keeps it in step).
  playhead:addAnimation(ca.BasicAnimation{
    keyPath = "position.x", fromValue = 0, toValue = lineWidth,
    duration = DURATION, timingFunction = TIMING, repeatCount = math.huge,
    beginTime = epoch,
  }, "playhead")
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
