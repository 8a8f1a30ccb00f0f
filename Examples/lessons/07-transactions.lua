-- Lesson 7: transactions and completion blocks.
--
-- Changes made between ca.Transaction.begin() and .commit() are committed together, with the
-- transaction's duration and timing function; its completion block runs once every animation
-- added inside it has finished. That is how animations are chained (seed 003 does exactly this):
-- start the next step in the completion block of the one before. ca.spawn and ca.await write the
-- same chain as straight-line code. The log on the right shows when each piece runs.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("7 · Transactions and completion",
  "Chained by completion blocks (orange, blue), and the same as a task with ca.await (yellow).")

local LEFT, RIGHT = 90, 430
local function lane(y, color, title)
  lesson.text(stage, title, { 40, y - 48, 420, 20 }, { font = "monospace", color = colors.code, fontSize = 12 })
  lesson.track(stage, LEFT, RIGHT, y)
  return lesson.box(stage, { position = { LEFT, y }, color = color })
end

local a = lane(160, colors.accent, "1. Transaction.begin() … commit(), 1 s")
local b = lane(290, colors.second, "2. begun in 1's completion block, 0.6 s")
local c = lane(420, colors.third, "3. ca.spawn: ca.await(step) three times")

-- The log: the last lines, newest at the bottom.
local logLayer = lesson.text(stage, "", { 480, 110, 300, 400 },
  { font = "monospace", fontSize = 12, color = colors.text })
local lines, started = {}, 0
local function log(message)
  lines[#lines + 1] = string.format("%5.2f  %s", ca.now() - started, message)
  while #lines > 22 do table.remove(lines, 1) end
  logLayer.string = table.concat(lines, "\n")
end

local function run()
  started = ca.now()
  lines = {}
  -- Put everything back at the left, at once (no implicit animation).
  ca.transaction(function()
    a.position, b.position, c.position = { LEFT, 160 }, { LEFT, 290 }, { LEFT, 420 }
  end, { disableActions = true })

  -- 1: an explicit transaction around implicit animations.
  ca.Transaction.begin()
  ca.Transaction.setAnimationDuration(1.0)
  ca.Transaction.setAnimationTimingFunction(ca.MediaTimingFunction("easeInEaseOut"))
  ca.Transaction.setCompletionBlock(function()
    log("1 completion block")
    -- 2: the next step, begun inside the completion block.
    ca.Transaction.begin()
    ca.Transaction.setAnimationDuration(0.6)
    ca.Transaction.setCompletionBlock(function()
      log("2 completion block")
    end)
    b.position = { RIGHT, 290 }
    ca.Transaction.commit()
    log("2 commit")
  end)
  a.position = { RIGHT, 160 }
  ca.Transaction.commit()
  log("1 commit")

  -- 3: the same kind of chain as a task. ca.await runs a transaction and waits for its
  -- completion; ca.wait pauses on the media clock.
  ca.spawn(function()
    local stops = { 200, 320, RIGHT }
    for i, x in ipairs(stops) do
      ca.await(function() c.position = { x, 420 } end, { duration = 0.5 })
      log("3 step " .. i .. " done")
      ca.wait(0.2)
    end
    log("3 task ends")
  end)
end

-- Start a moment after the boxes are on screen: layers created in the same transaction as a
-- change do not animate it (they have never been drawn anywhere else).
ca.after(0.5, function()
  run()
  ca.every(5, run)
end)

lesson.text(stage,
  "A completion block waits for every animation added while its transaction was open; "
  .. "with none, it runs at commit.",
  { 30, 535, 740, 40 }, { color = colors.dim })
