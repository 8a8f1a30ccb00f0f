--- tap — simulated taps, for headless renders and demos where nobody is there to click.
---
--- A tap here does what a click in the viewer does: it hit-tests the layer tree at the point
--- (`ca.root:hitTest`) and calls the `onTap(layer, point)` of the frontmost layer there that has
--- one, looking up through its superlayers, with the point in that layer's coordinates. (The
--- viewer hit-tests what is on screen, `layer:hitTest` the model values: the same unless the
--- layers under the point are being animated.)
---
--- ```lua
--- local tap = require "tap"
--- ca.after(0.5, function() tap.named("start") end)  -- press the layer named "start"
--- tap.at{ 120, 300 }                                 -- or a point in root coordinates
--- ```

local tap = {}

--- Taps the point `{x, y}` (root coordinates). Returns the layer whose onTap ran, or nil.
---@param point number[]|ca.Point
---@return Layer?
function tap.at(point)
  local x, y = point.x or point[1], point.y or point[2]
  local layer = ca.root:hitTest{ x, y }
  while layer do
    local handler = layer.onTap
    if handler then
      handler(layer, ca.root:convertPoint({ x, y }, layer))   -- in the layer's own coordinates
      return layer
    end
    layer = layer.superlayer
  end
  return nil
end

--- The first layer named `name` in `layer`'s subtree (depth first), or nil.
---@param name string
---@param layer? Layer default ca.root
---@return Layer?
function tap.find(name, layer)
  layer = layer or ca.root
  if layer.name == name then return layer end
  for _, sublayer in ipairs(layer.sublayers) do
    local found = tap.find(name, sublayer)
    if found then return found end
  end
  return nil
end

--- Taps the centre of the first layer named `name`. Returns the layer whose onTap ran, or nil
--- (an error if there is no such layer).
---@param name string
---@return Layer?
function tap.named(name)
  local layer = tap.find(name)
  if not layer then error("tap.named: no layer named '" .. name .. "'", 2) end
  local b = layer.bounds
  return tap.at(layer:convertPoint({ b.x + b.width / 2, b.y + b.height / 2 }, nil))
end

return tap
