--- lesson — what the scripts in Examples/lessons/ share: a stage drawn at a fixed design size
--- (800 × 600 points) and scaled to fit the window, kept centred when the window is resized; a
--- title and a line of explanation at its top; and small helpers for captions and boxes. In a
--- window much smaller than the stage, captions grow (and their frames with them) so that none
--- is drawn smaller than `lesson.MIN_TEXT_PIXELS`.
---
--- ```lua
--- local lesson = require "lesson"
--- local stage = lesson.stage("1 · Model and presentation", "What you set, and what is on screen.")
--- local box = lesson.box(stage, { position = { 100, 200 } })
--- lesson.text(stage, "a caption", { 40, 560, 720, 20 })
--- ```

---@class TextOptions
---@field fontSize? number       default 15
---@field color? ca.Color        default lesson.colors.text
---@field align? "left"|"center"|"right"  default "left"
---@field wrapped? boolean       default true
---@field font? string           e.g. "monospace" for code

---@class BoxOptions
---@field position? number[]     {x, y}; default {0, 0}
---@field size? number           the side; default 40
---@field color? ca.Color        default lesson.colors.accent
---@field name? string
---@field marked? boolean       a stripe across it, so that turning shows

local lesson = {}

lesson.WIDTH, lesson.HEIGHT = 800, 600

--- The smallest size, in pixels on screen, a caption is drawn at. With the viewer's `--ui-scale`
--- above 1 (`ca.screen.uiScale`) it is 12 times that scale, so that captions read from the
--- back of a room.
lesson.MIN_TEXT_PIXELS = 10

--- How much larger the viewer draws its own text.
local function uiScale()
  local scale = ca.screen.uiScale
  return type(scale) == "number" and scale > 0 and scale or 1
end

--- The stage's scale now (1 until a stage is made and fitted).
local stageScale = 1

--- Every caption, with the frame and font size it was made with.
local captions = {}

--- Sizes `caption` for the stage's scale: its font and frame grow by the factor that keeps the
--- text at least MIN_TEXT_PIXELS high on screen; the frame keeps its top and its alignment's
--- edge (or centre), and does not grow out of its parent (nor into the right margin when it
--- starts in the left one). Call with actions disabled.
local function fitCaption(caption)
  local grow = math.max(1, lesson.MIN_TEXT_PIXELS / (caption.fontSize * stageScale))
  local ui = uiScale()
  if ui > 1 then
    -- With a larger UI, no caption is drawn smaller than the usual 12-point caption scaled by
    -- it; one that fitted its frame's width grows only as far as it still does, so that the
    -- captions of a row of examples stay apart.
    local wanted = math.max(grow, 12 * ui / (caption.fontSize * stageScale))
    local natural = ca.measureText{ string = caption.layer.string, font = caption.layer.font,
                                    fontSize = caption.fontSize }.width
    local w = caption.frame[3]
    if natural > 0 and natural <= w then wanted = math.min(wanted, math.max(grow, 0.9 * w / natural)) end
    grow = wanted
  end
  local x, y, w, h = table.unpack(caption.frame)
  local room = caption.parent.bounds.width
  local width = w * grow
  if caption.align == "center" then
    local centre = x + w / 2
    width = math.max(w, math.min(width, 2 * math.min(centre, room - centre)))
    x = centre - width / 2
  elseif caption.align == "right" then
    width = math.max(w, math.min(width, x + w))
    x = x + w - width
  else
    -- As far from the right edge as from the left, up to the stage's 30-point margin.
    width = math.max(w, math.min(width, room - x - math.min(x, 30)))
  end
  -- A caption that could not widen as much wraps onto more lines: room for them below, as far
  -- as the parent's bottom.
  local lines = math.ceil(w * grow / width - 1e-9)
  local height = math.max(h, math.min(h * grow * lines, caption.parent.bounds.height - y))
  caption.layer.fontSize = caption.fontSize * grow
  caption.layer.frame = { x, y, width, height }
end

--- The palette every lesson uses.
lesson.colors = {
  background = "#15171c",
  stage = "#1d2029",
  text = "#e8e8ea",
  dim = "#8b90a0",
  code = "#9fd3ff",
  accent = "#ff7a45",
  second = "#4ea5d9",
  third = "#f3c13a",
  fourth = "#7bd389",
  track = "#2c303c",
}

--- Makes a TextLayer in `parent` at `frame` ({x, y, width, height}); returns it.
---@param parent Layer
---@param text string
---@param frame number[]
---@param options? TextOptions
---@return TextLayer
function lesson.text(parent, text, frame, options)
  options = options or {}
  local layer = ca.TextLayer{
    string = text,
    frame = frame,
    fontSize = options.fontSize or 15,
    foregroundColor = options.color or lesson.colors.text,
    alignmentMode = options.align or "left",
    wrapped = options.wrapped ~= false,
  }
  if options.font then layer.font = options.font end
  parent:addSublayer(layer)
  local caption = {
    layer = layer, parent = parent, frame = frame, fontSize = layer.fontSize, align = layer.alignmentMode,
  }
  captions[#captions + 1] = caption
  if stageScale < 1 or uiScale() ~= 1 then
    ca.transaction(function() fitCaption(caption) end, { disableActions = true })
  end
  return layer
end

--- A caption of code under an example: centred on `x`, its top at `y`, in the code colour.
---@param parent Layer
---@param x number
---@param y number
---@param text string
---@return TextLayer
function lesson.code(parent, x, y, text)
  return lesson.text(parent, text, { x - 170, y, 340, 40 },
    { align = "center", font = "monospace", color = lesson.colors.code, fontSize = 12 })
end

--- Makes a rounded square in `parent`; returns it.
---@param parent Layer
---@param options? BoxOptions
---@return Layer
function lesson.box(parent, options)
  options = options or {}
  local size = options.size or 40
  local layer = ca.Layer{
    name = options.name,
    bounds = { 0, 0, size, size },
    position = options.position or { 0, 0 },
    backgroundColor = options.color or lesson.colors.accent,
    cornerRadius = size / 5,
  }
  if options.marked then
    layer:addSublayer(ca.Layer{
      frame = { size * 0.15, size * 0.42, size * 0.7, size * 0.16 },
      backgroundColor = lesson.colors.stage,
      cornerRadius = size * 0.08,
    })
  end
  parent:addSublayer(layer)
  return layer
end

--- A thin line from (x1, y) to (x2, y): where a box travels.
---@param parent Layer
---@return Layer
function lesson.track(parent, x1, x2, y)
  local layer = ca.Layer{ frame = { x1, y - 1, x2 - x1, 2 }, backgroundColor = lesson.colors.track }
  parent:addSublayer(layer)
  return layer
end

--- Makes the stage: an 800 × 600 layer scaled to fit the window and centred in it (again on
--- every resize), with `title` and `subtitle` at its top. Draw everything else in it, in its
--- 800 × 600 coordinates.
---@param title string
---@param subtitle? string
---@return Layer
function lesson.stage(title, subtitle)
  ca.root.backgroundColor = lesson.colors.background
  local stage = ca.Layer{
    name = "stage",
    bounds = { 0, 0, lesson.WIDTH, lesson.HEIGHT },
    backgroundColor = lesson.colors.stage,
    cornerRadius = 12,
  }
  lesson.text(stage, title, { 30, 18, 740, 30 }, { fontSize = 24 })
  if subtitle then
    lesson.text(stage, subtitle, { 30, 52, 740, 40 }, { fontSize = 14, color = lesson.colors.dim })
  end
  ca.root:addSublayer(stage)

  local function fit(width, height)
    local scale = math.min(width / lesson.WIDTH, height / lesson.HEIGHT)
    stageScale = scale
    ca.transaction(function()
      stage.position = { width / 2, height / 2 }
      stage.transform = ca.Transform3D.scale(scale, scale, 1)
      for _, caption in ipairs(captions) do fitCaption(caption) end
    end, { disableActions = true })
  end
  fit(ca.root.bounds.width, ca.root.bounds.height)
  ca.on("resize", fit)
  return stage
end

return lesson
