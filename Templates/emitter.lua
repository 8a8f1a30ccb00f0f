-- Confetti: a particle emitter that bursts where you click.
--
-- A CAEmitterLayer makes particles from its emitter cells. These cells have no birth rate of
-- their own, so nothing comes out until layer:emit(count) asks for a burst. Until the first
-- click, a burst goes off every second somewhere in the window.

local W, H = ca.screen.width, ca.screen.height
local dot = ca.Image.circle{ radius = 8, color = "white" }

-- One cell per colour; each particle is the white dot tinted with the cell's colour.
local function confettiCell(name, color)
  return ca.EmitterCell{
    name = name,
    contents = dot,
    color = color,
    lifetime = 2.5,
    velocity = 260,
    velocityRange = 120,
    emissionRange = 2 * math.pi,   -- every direction (radians)
    yAcceleration = 420,           -- gravity: points per second², y grows downwards
    scale = 0.6,
    scaleRange = 0.3,
    spin = 4,
    spinRange = 6,
    alphaSpeed = -0.35,            -- fades as it falls
  }
end

local confetti = ca.EmitterLayer{
  frame = { 0, 0, W, H },
  emitterCells = {
    confettiCell("red", "#e4572e"), confettiCell("blue", "#4ea5d9"),
    confettiCell("yellow", "#f3c13a"), confettiCell("green", "#7bd389"),
  },
}
ca.root.backgroundColor = "#15171c"
ca.root:addSublayer(confetti)

-- Moves the emitter to (x, y) and bursts there. Setting emitterPosition on a layer that is on
-- screen animates it (an implicit animation, as in Core Animation), and the burst would come
-- from where the emitter was; disableActions makes the move instant.
local function burst(x, y)
  ca.transaction(function()
    confetti.emitterPosition = { x, y }
  end, { disableActions = true })
  confetti:emit(30)   -- 30 of each cell
end

local demo = ca.every(1, function()
  burst(W * (0.2 + 0.6 * math.random()), H * (0.2 + 0.4 * math.random()))
end)
burst(W / 2, H / 3)

ca.on("mousedown", function(x, y)
  demo:invalidate()
  burst(x, y)
end)

-- Follow the window when it is resized.
ca.on("resize", function(width, height)
  W, H = width, height
  ca.transaction(function() confetti.frame = { 0, 0, W, H } end, { disableActions = true })
end)
