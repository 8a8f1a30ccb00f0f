-- Lesson 6: animation groups.
--
-- A CAAnimationGroup runs several animations as one: they share the group's timeline, so each
-- child's beginTime and duration are measured inside the group (0 = the group's start), the
-- group's own timing (duration, repeatCount, speed …) applies to all of them at once, and a
-- child that runs past the group's duration is cut off there. The chart shows the children on
-- the group's timeline; the playhead is the group's time.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("6 · Groups",
  "ca.AnimationGroup{ duration = 4, animations = { … } }: children timed inside the group.")

local GROUP_DURATION = 4
local CHILDREN = {
  { label = "position.x   0 → 2.5 s",  color = colors.accent, begin = 0, duration = 2.5,
    animation = { keyPath = "position.x", fromValue = 160, toValue = 640, timingFunction = "easeInEaseOut" } },
  { label = "rotation.z   1 → 3 s",    color = colors.second, begin = 1, duration = 2,
    animation = { keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi / 2 } },
  { label = "scale        2 → 3.5 s",  color = colors.third, begin = 2, duration = 1.5,
    animation = { keyPath = "transform.scale", fromValue = 1, toValue = 1.8, timingFunction = "easeOut" } },
  { label = "opacity      3 → 6 s (cut off at 4)", color = colors.fourth, begin = 3, duration = 3,
    animation = { keyPath = "opacity", fromValue = 1, toValue = 0 } },
}

-- The actor, with a stripe so that its turning shows.
lesson.track(stage, 160, 640, 170)
local box = lesson.box(stage, { position = { 160, 170 }, size = 56, color = colors.text, marked = true })

-- The chart: one bar per child on the group's timeline, drawn to 6 s; the shaded part is the
-- group's duration.
local CHART_X, CHART_W, CHART_Y, CHART_SECONDS = 300, 450, 290, 6
local function timeToX(t) return CHART_X + CHART_W * t / CHART_SECONDS end

stage:addSublayer(ca.Layer{ frame = { CHART_X, CHART_Y - 10, timeToX(GROUP_DURATION) - CHART_X, #CHILDREN * 44 + 10 },
                            backgroundColor = "#00000033" })
for i = 0, CHART_SECONDS do
  stage:addSublayer(ca.Layer{ frame = { timeToX(i), CHART_Y - 10, 1, #CHILDREN * 44 + 10 },
                              backgroundColor = colors.track })
  lesson.text(stage, i .. " s", { timeToX(i) - 20, CHART_Y + #CHILDREN * 44 + 4, 40, 18 },
    { align = "center", color = colors.dim, fontSize = 12 })
end

local animations = {}
for i, child in ipairs(CHILDREN) do
  local y = CHART_Y + (i - 1) * 44
  lesson.text(stage, child.label, { 30, y + 4, 260, 20 }, { font = "monospace", color = colors.code, fontSize = 12 })
  local finish = math.min(child.begin + child.duration, GROUP_DURATION)
  stage:addSublayer(ca.Layer{ frame = { timeToX(child.begin), y + 4, timeToX(finish) - timeToX(child.begin), 20 },
                              backgroundColor = child.color, cornerRadius = 4 })
  if child.begin + child.duration > GROUP_DURATION then
    -- The part the group cuts off, drawn as an outline running off the chart.
    local stop = timeToX(child.begin + child.duration)
    stage:addSublayer(ca.Layer{ frame = { timeToX(finish), y + 4, stop - timeToX(finish), 20 },
                                borderColor = child.color, borderWidth = 1, cornerRadius = 4, opacity = 0.5 })
  end
  local spec = child.animation
  spec.beginTime = child.begin          -- inside the group: seconds after the group starts
  spec.duration = child.duration
  spec.fillMode = "both"                -- hold the start before beginTime and the end after
  animations[i] = ca.BasicAnimation(spec)
end

local playhead = ca.Layer{ bounds = { 0, 0, 2, #CHILDREN * 44 + 20 }, anchorPoint = { 0.5, 0 },
                           position = { CHART_X, CHART_Y - 15 }, backgroundColor = colors.text }
stage:addSublayer(playhead)

-- The group, repeating; and the playhead on the same clock.
box:addAnimation(ca.AnimationGroup{
  animations = animations,
  duration = GROUP_DURATION,
  repeatCount = math.huge,
}, "group")
playhead:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = CHART_X, toValue = timeToX(GROUP_DURATION),
  duration = GROUP_DURATION, repeatCount = math.huge,
}, "time")

lesson.text(stage,
  "The opacity child would last until 6 s, but the group ends at 4: the box never quite fades out.",
  { 30, 545, 740, 40 }, { color = colors.dim })
