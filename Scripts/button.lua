--- button — a push button: a rounded layer with a centred TextLayer title that calls a function
--- when it is clicked or touched, and bounces a little so that the press is seen.
---
--- ```lua
--- local button = require "button"
--- local start = button.new{ title = "Start", position = {400, 540}, onTap = function(b) … end }
--- ca.root:addSublayer(start)
--- button.setTitle(start, "Again")
--- ```
---
--- `button.new` returns the button's layer (a plain `ca.Layer`): add it, move it, hide it as any
--- layer. Its title is `layer.data.label`, a `ca.TextLayer`.

---@class ButtonOptions
---@field title string           the label (UTF-8; Japanese works)
---@field onTap fun(layer: Layer) called for each tap, after the press bounce has started
---@field position? number[]     where the button's centre goes, {x, y}; default {0, 0}
---@field fontSize? number       default 20
---@field width? number          default: wide enough for the title
---@field height? number         default: 2.2 × fontSize
---@field color? ca.Color        the fill; default "#2f6fdf"
---@field textColor? ca.Color    default "white"
---@field name? string           the layer's name, for finding it (tests, simulated taps)
---@field parent? Layer          when given, the button is added to it

local button = {}

local DEFAULT_COLOR = "#2f6fdf"

--- How many ems a string needs: CJK and other wide characters count 1, the rest 0.6.
local function ems(text)
  local n = 0
  for _, code in utf8.codes(text) do
    n = n + (code >= 0x2E80 and 1 or 0.6)
  end
  return n
end

--- Sizes and places the title inside the button: TextLayer draws from the top of its bounds, so
--- the label gets one line's height and is centred vertically by its frame.
local function layoutLabel(layer)
  local label = layer.data.label
  local bounds = layer.bounds
  local lineHeight = label.fontSize * 1.25
  label.frame = { 0, (bounds.height - lineHeight) / 2, bounds.width, lineHeight }
end

--- Makes a button (see ButtonOptions); returns its layer.
---@param options ButtonOptions
---@return Layer
function button.new(options)
  assert(type(options) == "table", "button.new takes a table of options")
  assert(type(options.title) == "string", "button.new: 'title' (a string) is required")
  assert(type(options.onTap) == "function", "button.new: 'onTap' (a function) is required")
  local fontSize = options.fontSize or 20
  local width = options.width or math.ceil(ems(options.title) * fontSize + 2 * fontSize)
  local height = options.height or math.ceil(fontSize * 2.2)

  local layer = ca.Layer{
    name = options.name,
    bounds = { 0, 0, width, height },
    position = options.position or { 0, 0 },
    backgroundColor = options.color or DEFAULT_COLOR,
    cornerRadius = height / 2,
    borderColor = "#ffffffcc",
    borderWidth = 2,
    shadowOpacity = 0.5,
    shadowRadius = 6,
    shadowOffset = { 0, 3 },
  }
  layer.data.label = ca.TextLayer{
    string = options.title,
    fontSize = fontSize,
    foregroundColor = options.textColor or "white",
    alignmentMode = "center",
  }
  layer:addSublayer(layer.data.label)
  layoutLabel(layer)

  local onTap = options.onTap
  layer.onTap = function(tapped)
    -- A press: squeeze and spring back (CAKeyframeAnimation on transform.scale).
    tapped:addAnimation(ca.KeyframeAnimation{
      keyPath = "transform.scale",
      values = { 1, 0.9, 1.05, 1 },
      keyTimes = { 0, 0.3, 0.7, 1 },
      duration = 0.3,
      timingFunction = "easeOut",
    }, "press")
    onTap(tapped)
  end

  if options.parent then options.parent:addSublayer(layer) end
  return layer
end

--- Changes a button's title, widening the button when the new title needs it.
---@param layer Layer a layer made by button.new
---@param title string
function button.setTitle(layer, title)
  local label = layer.data.label
  label.string = title
  local needed = math.ceil(ems(title) * label.fontSize + 2 * label.fontSize)
  if needed > layer.bounds.width then
    local b = layer.bounds
    layer.bounds = { 0, 0, needed, b.height }
  end
  layoutLabel(layer)
end

return button
