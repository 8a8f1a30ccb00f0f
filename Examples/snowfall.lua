-- Snowfall: seed 000, first pattern ("SwiftのCoreAnimationを使って画面に雪を降らせてみた",
-- 途中の計算をCoreAnimationに任せるパターン: let Core Animation work out the in-between frames).
--
-- Tap the 「すのうふれいく」 button: 80 flakes appear at random places, each with three
-- animations: a CABasicAnimation on transform.translation.y and one on transform.rotation.z
-- (both ease-in sine) and a CAKeyframeAnimation on opacity (0 → 1 → 1 → 0). Tap again for more.
--
-- The functions below have the article's names (createSnows, createSnow, calculatePoint,
-- animateSnow, createTranslateAnimation, …) so that the two can be read side by side.
-- This is snowglobe's built-in default: it needs no other file.

local random, pi = math.random, math.pi

-- arc4random_uniform(n): a whole number from 0 to n - 1.
local function uniform(n)
  return random(0, n - 1)
end

-- UIImage(named: "snow"): a procedural ice crystal instead of an asset file.
local snowImage = ca.Image.snowflake{ size = 160, arms = 6, seed = 7, color = "white" }

-- The background: a deep winter night, so that white flakes show.
ca.root.backgroundColor = "#0b1a33"

-- 画面のどっかいい感じの位置取得: a random point in the view.
local function calculatePoint()
  local bounds = ca.root.bounds
  return { uniform(math.max(1, math.floor(bounds.width))), uniform(math.max(1, math.floor(bounds.height))) }
end

-- 雪いっこ作る: one flake, like UIImageView(image:) — as big as its image, centred on a random
-- point, scaled by 0…0.18 (imageView.transform.scaledBy), and invisible (layer.opacity = 0).
local function createSnow()
  local scale = uniform(10) / 50
  return ca.Layer{
    contents = snowImage,
    bounds = { 0, 0, snowImage.width, snowImage.height },
    position = calculatePoint(),
    transform = ca.Transform3D.scale(scale, scale, 1),
    opacity = 0,
  }
end

-- 移動アニメーション作成: CABasicAnimation(keyPath: "transform.translation.y"), 0 → 0…199 points.
local function createTranslateAnimation(duration)
  return ca.BasicAnimation{
    keyPath = "transform.translation.y",
    fromValue = 0,
    toValue = uniform(200),
    duration = duration,
    timingFunction = ca.Easing.easeIn.sine,   -- Easing.easeIn.sine.function
  }
end

-- 回転アニメーション作成: CABasicAnimation(keyPath: "transform.rotation.z"), one to four half
-- turns, clockwise for even flakes and counter-clockwise for odd ones.
local function createRotateAnimation(duration, sequence)
  return ca.BasicAnimation{
    keyPath = "transform.rotation.z",
    fromValue = 0,
    toValue = (uniform(4) + 1) * (sequence % 2 == 0 and pi or -pi),
    duration = duration,
    timingFunction = ca.Easing.easeIn.sine,
  }
end

-- 透過度アニメーション作成: CAKeyframeAnimation(keyPath: "opacity"): invisible at both ends,
-- fully visible between two random key times.
local function createOpacityAnimation(duration)
  local startRatio = uniform(4)
  local endRatio = uniform(5 - startRatio) + startRatio
  return ca.KeyframeAnimation{
    keyPath = "opacity",
    values = { 0.0, 1.0, 1.0, 0.0 },
    keyTimes = { 0.0, (startRatio + 2) / 10, (endRatio + 3) / 10, 1.0 },
    duration = duration,
    timingFunction = ca.Easing.easeInOut.sine,
  }
end

-- 雪のアニメーションを諸々作成し、付与: 6, 8, 10, 12 or 14 seconds, the three animations added
-- under their key paths (layer.add(_:forKey:)).
local function animateSnow(layer, sequence)
  local duration = (uniform(5) + 3) * 2
  local opacityAnimation = createOpacityAnimation(duration)
  -- Not in the article: its image views stay in the view, invisible, once their animations end.
  -- We remove each flake when its opacity animation stops (CAAnimationDelegate's
  -- animationDidStop), so that tapping again and again does not pile layers up.
  opacityAnimation.onStop = function()
    layer:removeFromSuperlayer()
  end
  layer:addAnimation(createTranslateAnimation(duration), "transform.translation.y")
  layer:addAnimation(createRotateAnimation(duration, sequence), "transform.rotation.z")
  layer:addAnimation(opacityAnimation, "opacity")
end

-- The flakes go in a layer of their own, behind the button.
local snowLayer = ca.Layer{ frame = ca.root.bounds, name = "snow" }
ca.root:addSublayer(snowLayer)

-- 雪いっぱい作って、動かす: 80 flakes.
local function createSnows()
  for sequence = 0, 79 do
    local layer = createSnow()
    snowLayer:addSublayer(layer)
    animateSnow(layer, sequence)
  end
end

-- The trigger: a button that says 「すのうふれいく」 (the article's UIButton and its
-- didTapStartButton action). A rounded layer with a TextLayer title, glowing softly so that it
-- asks to be pressed.
local BUTTON_WIDTH, BUTTON_HEIGHT, FONT_SIZE = 220, 56, 26

local startButton = ca.Layer{
  name = "startButton",
  bounds = { 0, 0, BUTTON_WIDTH, BUTTON_HEIGHT },
  backgroundColor = "#2f6fdf",
  cornerRadius = BUTTON_HEIGHT / 2,
  borderColor = "white",
  borderWidth = 2,
  shadowColor = "#9fd0ff",
  shadowRadius = 14,
  shadowOffset = { 0, 0 },
}
startButton:addSublayer(ca.TextLayer{
  string = "すのうふれいく",
  fontSize = FONT_SIZE,
  foregroundColor = "white",
  alignmentMode = "center",
  frame = { 0, (BUTTON_HEIGHT - FONT_SIZE * 1.25) / 2, BUTTON_WIDTH, FONT_SIZE * 1.25 },
})
startButton:addAnimation(ca.BasicAnimation{
  keyPath = "shadowOpacity", fromValue = 0.2, toValue = 0.9,
  duration = 1.2, autoreverses = true, repeatCount = math.huge,
  timingFunction = "easeInEaseOut",
}, "glow")

-- @IBAction didTapStartButton: make the snow (and squeeze the button a little, as a press).
startButton.onTap = function(button)
  button:addAnimation(ca.KeyframeAnimation{
    keyPath = "transform.scale", values = { 1, 0.92, 1 }, duration = 0.2,
  }, "press")
  createSnows()
end
ca.root:addSublayer(startButton)

-- The window can be resized: keep the button centred near the bottom, the snow layer full size.
local function layout(width, height)
  ca.transaction(function()
    startButton.position = { width / 2, height - BUTTON_HEIGHT / 2 - 32 }
    snowLayer.frame = { 0, 0, width, height }
  end, { disableActions = true })
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
