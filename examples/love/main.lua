-- kinetic in LÖVE 11: a menu on kinetic.animator (staggered entrance,
-- spring hover, a fade-out with a callback), springs following the mouse,
-- every easing racing across the screen, and a keyframe timeline; on
-- screens of their own, a flick list (drag, fling with
-- kinetic.bouncing_scroll, rubber-banding past its edges) and sprites
-- going round a closed kinetic.path, turned to face where they go.
--
--   make love && love examples/love
--
-- `make love` puts kinetic/core.so (5.1 ABI, loads in LÖVE's LuaJIT) and
-- kinetic/init.lua next to this file, where LÖVE's loaders find them: a C
-- module cannot be loaded from inside a .love archive, only from a real
-- directory (the game's source directory or its save directory).
--
-- kinetic owns no clock: every animation here advances by the dt it is given.
-- With KINETIC_SELFTEST=1 the game runs a fixed number of frames at a fixed
-- dt of 1/60 s with a scripted mouse (it hovers a menu button and clicks
-- another), checks that every animation reached its target and that the
-- menu's fields hold, frame by frame, what the stagger formula, the easing
-- and a kinetic.spring driven alongside give, then opens the flick list and
-- drags and releases it through its own handlers, checking every frame of
-- each fling against the same kinetic.bouncing_scroll evaluated here, then
-- opens the path and checks every sprite, every frame, against p:at at the
-- progress worked out here; it saves a screenshot (of the demos) to
-- $KINETIC_SCREENSHOT (when set) and quits with status 0, or 1 on any
-- failure (including errors: no error screen waiting for a key).
--
-- Keys: m shows or hides the menu, f switches between the demos and the
-- flick list, p between the demos and the path, space pauses, r restarts
-- the race and the timeline (and the path, when shown), escape quits.  The
-- menu's buttons are clickable.

local SELFTEST = os.getenv("KINETIC_SELFTEST") == "1"
-- the backend the self-test must find: "lua" for a game shipped without
-- kinetic's C part (tools/test/test-hosts.sh); unset: the C core
local SELFTEST_BACKEND = os.getenv("KINETIC_SELFTEST_BACKEND")
local SCREENSHOT = os.getenv("KINETIC_SCREENSHOT")
local SELFTEST_FRAMES = 960          -- 16 s at 60 Hz
local SHOT_FRAME = 90                -- mid-race, springs trailing the moving target
local FIXED_DT = 1 / 60

local function say(...)
  io.stdout:write(table.concat({ ... }), "\n")
  io.stdout:flush()
end

if SELFTEST then
  -- No blue error screen waiting for input under Xvfb: report and exit 1.
  function love.errorhandler(msg)
    say("love selftest FAILED: error: ", debug.traceback(tostring(msg), 2))
    return function() return 1 end
  end
end

-- LÖVE loads C modules from real folders only, never from inside a .love
-- archive.  A game run from its .love copies the binary for this system
-- from the archive's kinetic/ folder to the save directory, where LÖVE's
-- require finds C modules too.  The copy is made anew at every start (an
-- older one, left by an earlier version of the game, is removed first: the
-- save directory shadows the archive).  A game run from a folder, or with
-- the binary beside its fused executable, loads it where it is.
local function install_kinetic_core()
  local lib = love.system.getOS() == "Windows" and "kinetic/core.dll" or "kinetic/core.so"
  local probe = io.open(love.filesystem.getSource() .. "/main.lua", "rb")
  if probe then probe:close(); return nil end        -- a folder: nothing to copy
  love.filesystem.remove(lib)
  local data = love.filesystem.read(lib)
  if not data then return nil end                    -- not in the archive
  love.filesystem.createDirectory("kinetic")
  assert(love.filesystem.write(lib, data))
  return love.filesystem.getSaveDirectory() .. "/" .. lib
end
local KINETIC_COPIED = install_kinetic_core()

local ok_kinetic, kinetic = pcall(require, "kinetic")
if not ok_kinetic then
  error("cannot load kinetic (run `make love` first: it puts kinetic/core.so and "
        .. "kinetic/init.lua next to main.lua):\n" .. tostring(kinetic), 0)
end

local W, H = 1280, 720
local fonts = {}
local paused = false
local frame = 0
local clock = 0                     -- the game's own clock (sum of dts)

local LOVE_VERSION = string.format("%d.%d.%d", love.getVersion())

local function hsv(h, s, v)
  h = (h % 1) * 6
  local i = math.floor(h)
  local f = h - i
  local p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
  if i == 0 then return v, t, p elseif i == 1 then return q, v, p
  elseif i == 2 then return p, v, t elseif i == 3 then return p, q, v
  elseif i == 4 then return t, p, v else return v, p, q end
end

-- The easing race ----------------------------------------------------------------
-- Every curve of kinetic.easings() runs along its own track; the dot's x is
-- x0 + width * e(p) with p the race progress in [0, 1].  The list holds
-- every accepted spelling: an alias (in-out-quad, flux's quadout) names a
-- curve an earlier name gives, and gets no track of its own.
local race = { duration = 2.0, hold = 1.0, t = 0, racers = {} }

local function distinct_easings()
  local names, curves = {}, {}
  for _, name in ipairs(kinetic.easings()) do
    local e, seen = kinetic.easing(name), false
    for _, c in ipairs(curves) do if c == e then seen = true; break end end
    if not seen then names[#names + 1], curves[#curves + 1] = name, e end
  end
  return names
end

local RACE_X = 204                   -- left of it: the menu

local function race_layout()
  local names = distinct_easings()
  local cols = 2
  local per_col = math.ceil(#names / cols)
  local top, bottom = 64, H - 14
  local row_h = math.min(26, (bottom - top) / per_col)
  race.racers = {}
  for i, name in ipairs(names) do
    local col = math.floor((i - 1) / per_col)
    local row = (i - 1) % per_col
    local x = RACE_X + col * 292
    race.racers[i] = {
      name = name, easing = kinetic.easing(name),
      label_x = x, x0 = x + 126, x1 = x + 278, y = top + row * row_h + row_h / 2,
      hue = (i - 1) / #names, pos = x + 126,
    }
  end
  race.row_h = row_h
end

local function race_update(dt)
  race.t = race.t + dt
  local cycle = race.duration + race.hold
  local t = race.t
  if not SELFTEST then t = t % cycle end
  local p = math.min(t / race.duration, 1)
  race.p = p
  for _, r in ipairs(race.racers) do
    r.pos = r.x0 + (r.x1 - r.x0) * r.easing(p)
  end
end

-- Springs following the mouse -----------------------------------------------------
-- One 2-vector kinetic.spring per react-spring preset, sent the mouse position
-- every frame (a moved target retargets, position and velocity kept); plus a tail of 10 links in a
-- kinetic.spring_group (20 scalar springs, x and y interleaved, one call per
-- frame), link i chasing where the mouse was 4·i frames ago.
local PRESETS = { "default", "gentle", "wobbly", "stiff", "slow", "molasses" }
local springs = {}
local tail = { links = 10, lag = 4 }
local target = { x = 1030, y = 280 }

local function springs_init()
  springs = {}
  for i, name in ipairs(PRESETS) do
    springs[i] = {
      name = name, hue = (i - 1) / #PRESETS,
      spring = kinetic.spring{ preset = name, from = { 1030, 120 }, to = { target.x, target.y } },
    }
  end
  local n = tail.links * 2
  local from = {}
  for i = 1, n, 2 do from[i], from[i + 1] = 1030, 120 end
  tail.group = kinetic.spring_group{ count = n, frequency = 3, damping_ratio = 0.9,
                                     from = from, to = from }
  tail.targets, tail.pos = {}, {}
  for i = 1, n do tail.targets[i] = from[i] end
  tail.history, tail.head = {}, 0        -- ring buffer of the last mouse positions
  tail.group:positions(tail.pos)
  tail.moving = n
end

local function springs_update(dt, mx, my)
  -- the target is sent every frame: an unchanged target changes nothing (the
  -- springs still come to rest), a moved one retargets keeping the velocity
  target.x, target.y = mx, my
  for _, s in ipairs(springs) do
    s.spring:set_target(mx, my)
    s.x, s.y = s.spring:update(dt)
  end
  -- link i's target is where the mouse was lag*i frames ago
  local hist, size = tail.history, tail.links * tail.lag + 1
  tail.head = tail.head % size + 1
  hist[tail.head] = { mx, my }
  local tg, group = tail.targets, tail.group
  for i = 1, tail.links do
    local h = hist[(tail.head - 1 - i * tail.lag) % size + 1] or hist[1]
    tg[2 * i - 1], tg[2 * i] = h[1], h[2]
  end
  group:set_targets(tg)
  tail.moving = group:update(dt)
  group:positions(tail.pos)
end

-- The timeline -------------------------------------------------------------------
-- Named properties through four keyframes; after = "reverse", 3 iterations:
-- forwards, backwards, forwards, then it holds the last keyframe.
local TL_DEF = {
  from = { x = 860, y = 500, angle = 0, size = 28, hue = 0.0 },
  { to = { x = 1200, y = 500, angle = 90, size = 48, hue = 0.25 }, duration = 0.6, easing = "outBack" },
  { to = { x = 1200, y = 660, angle = 180, size = 28, hue = 0.5 }, duration = 0.4, easing = "ease-in-out" },
  { to = { x = 860, y = 660, angle = 270, size = 56, hue = 0.75 }, duration = 0.6, easing = "outBounce" },
  { to = { x = 1030, y = 580, angle = 360, size = 36, hue = 1.0 }, duration = 0.4, easing = "steps(4, jump-end)" },
  after = "reverse", iterations = 3, delay = 0.25,
}
local tl, tl_state = nil, nil
local tl_values = {}

local function timeline_init()
  tl_state = { keyframes = 0, iterations = 0, completes = 0, last_keyframe = 0, flash = 0 }
  local def = {}
  for k, v in pairs(TL_DEF) do def[k] = v end
  def.on_keyframe = function(_, index)
    tl_state.keyframes = tl_state.keyframes + 1
    tl_state.last_keyframe = index
    tl_state.flash = 0.25
  end
  def.on_iteration = function(_, n) tl_state.iterations = n end
  def.on_complete = function() tl_state.completes = tl_state.completes + 1 end
  tl = kinetic.timeline(def)
  tl:at(0, tl_values)
end

local function timeline_update(dt)
  tl:update(dt, tl_values)
  tl_state.flash = math.max(0, tl_state.flash - dt)
  if not SELFTEST and tl:done() then
    tl_state.hold = (tl_state.hold or 0) + dt
    if tl_state.hold > 1.5 then timeline_init() end
  end
end

-- The flick list ------------------------------------------------------------------
-- A screen of its own (menu: "Flick list", key f): 60 rows scrolled by
-- dragging.  While the button is down the list follows the pointer 1:1
-- inside its extent, and by RUBBER of the pointer's movement beyond an edge.
-- On release it flings with kinetic.bouncing_scroll, one anim:fling on the
-- list's own animator (min = 0, the top; max = content height - view
-- height), at the velocity of the pointer samples of the last WINDOW
-- seconds.  Released past an edge, the motion starts outside its extent and
-- springs back to the edge.  A press stops the fling in flight
-- (handle:stop()) and the drag takes the list from where it is.
--
-- flick.offset is how far the content is scrolled: row i's top is at
-- FLICK.y + (i - 1) * FLICK.row_h - offset.  The handlers take the event's
-- time in seconds (love.timer.getTime() in the game, the self-test passes
-- its own); only differences of times matter.  The list's animator runs on
-- the game's dt: paused with the game, slowed by "Slow motion".
local FLICK = { x = 560, y = 64, w = 360, h = 616, rows = 60, row_h = 44, window = 0.05, rubber = 0.5 }
FLICK.min, FLICK.max = 0, FLICK.rows * FLICK.row_h - FLICK.h
local flick = {
  offset = 0,
  anim = kinetic.animator(),
  fling = nil,          -- the handle of the last fling (kept once done: the HUD shows it)
  drag = nil,           -- while the button is down: { y, raw, samples }
  velocity = 0,         -- offset units per second, for the HUD
  release = nil,        -- { position, velocity } the last fling started from
  flings = 0,
}
local screen = "demos"  -- or "flick", or "path"

-- The offset shown for a drag's raw offset (pointer movement 1:1), and back.
local function rubber(raw)
  if raw < FLICK.min then return FLICK.min + (raw - FLICK.min) * FLICK.rubber end
  if raw > FLICK.max then return FLICK.max + (raw - FLICK.max) * FLICK.rubber end
  return raw
end

local function unrubber(offset)
  if offset < FLICK.min then return FLICK.min + (offset - FLICK.min) / FLICK.rubber end
  if offset > FLICK.max then return FLICK.max + (offset - FLICK.max) / FLICK.rubber end
  return offset
end

-- The offset's velocity over the samples of the last WINDOW seconds (older
-- ones are dropped): 0 with fewer than two, or none apart in time.
local function drag_velocity(samples)
  local last = samples[#samples]
  while #samples > 1 and samples[1].t < last.t - FLICK.window do table.remove(samples, 1) end
  local first = samples[1]
  local span = last.t - first.t
  if span <= 0 then return 0 end
  return (last.offset - first.offset) / span
end

function flick.mousepressed(x, y, t)
  if x < FLICK.x or x >= FLICK.x + FLICK.w or y < FLICK.y or y >= FLICK.y + FLICK.h then return false end
  if flick.fling then flick.fling:stop() end            -- a done handle: nothing to stop
  flick.drag = { y = y, raw = unrubber(flick.offset), samples = { { t = t, offset = flick.offset } } }
  flick.velocity = 0
  return true
end

function flick.mousemoved(_, y, t)
  local d = flick.drag
  if not d then return end
  flick.offset = rubber(d.raw - (y - d.y))
  d.samples[#d.samples + 1] = { t = t, offset = flick.offset }
  flick.velocity = drag_velocity(d.samples)
end

function flick.mousereleased(x, y, t)
  if not flick.drag then return end
  flick.mousemoved(x, y, t)
  flick.drag = nil
  flick.release = { position = flick.offset, velocity = flick.velocity }
  flick.flings = flick.flings + 1
  flick.fling = flick.anim:fling(flick, "offset", flick.velocity,
                                 { kind = "bouncing", min = FLICK.min, max = FLICK.max })
end

local function flick_update(dt)
  local before = flick.offset
  flick.anim:update(dt)
  if not flick.drag and dt > 0 then flick.velocity = (flick.offset - before) / dt end
end

local function flick_state()
  if flick.drag then return "dragging" end
  if not flick.fling then return "still" end
  return flick.fling:done() and "done" or "flinging"
end

-- The path ------------------------------------------------------------------------
-- A screen of its own (menu: "Path", key p): sprites going round a closed
-- centripetal Catmull-Rom path (kinetic.path, alpha 0.5: it passes through
-- its points with no cusp or loop, however unevenly they are spaced).
-- p:at(u) is the point at the fraction u of the arc length and the
-- direction of motion there, so a linear easing is a constant speed, and
-- rotate = true writes that direction as the sprite's angle.  Three endless
-- animations (after = "restart") on the screen's own animator, each an
-- anim:to with the path as the value of a field:
--   - the orange car, linear: a lap in 6 s at constant speed;
--   - the blue car, inOutSine, its fields renamed x, y, r: slow off the
--     start line, fastest half a lap later; it meets the orange car on the
--     line at the end of every lap;
--   - a convoy of four arrows, faster (a lap in 5 s), one anim:to on the
--     list with stagger = 0.3: they leave the line 0.3 s apart, and the
--     group repeats as a whole (as GSAP 3 repeats a staggered tween), so
--     the first waits on the line for the last before the next lap.  Until
--     its delay ends an arrow keeps the place it was given, the line.
-- The track is one love.graphics.line through p:sample(PATH.samples); the
-- dots are the points the path was made from (p:point(k / 13), the curve's
-- own parameter, where its segments join), the ticks p:at(i / PATH.ticks),
-- equal lengths of track apart.  Each visit starts the sprites from the
-- line on a new animator, which runs on the game's dt (paused with the
-- game, slowed by "Slow motion") only while the screen is shown.
local PATH = {
  points = { { 640, 640 }, { 1000, 640 }, { 1180, 570 }, { 1190, 400 }, { 1060, 330 }, { 1080, 180 },
             { 940, 100 }, { 740, 110 }, { 620, 210 }, { 660, 340 }, { 540, 450 }, { 340, 410 },
             { 280, 600 } },
  duration = 6, convoy = 4, convoy_duration = 5, stagger = 0.3, samples = 400, ticks = 40,
}
do
  local def = { kind = "catmull-rom", closed = true }
  for i, q in ipairs(PATH.points) do def[i] = q end
  PATH.path = kinetic.path(def)
  PATH.length = PATH.path:length()
  PATH.track = PATH.path:sample(PATH.samples, {})
end
local circuit = { anim = nil, car = nil, sine = nil, convoy = nil }

-- The sprites' colours, {r, g, b}: CSS colours through kinetic.color where
-- the module has it, the arrows shading from green to teal by kinetic.mix
-- in oklch; plain hsv otherwise.
local function path_colour(what, i)
  if kinetic.color then
    if what == "car" then return { kinetic.color("oklch(0.76 0.16 60)"):rgba() } end
    if what == "sine" then return { kinetic.color("oklch(0.68 0.15 255)"):rgba() } end
    return { kinetic.mix("oklch(0.82 0.2 140)", "oklch(0.8 0.13 190)", (i - 1) / (PATH.convoy - 1), "oklch"):rgba() }
  end
  if what == "car" then return { hsv(0.08, 0.75, 1) } end
  if what == "sine" then return { hsv(0.6, 0.75, 1) } end
  return { hsv(0.3 + 0.05 * (i - 1), 0.75, 1) }
end

local function path_start()
  local p = PATH.path
  circuit.anim = kinetic.animator()
  circuit.car = { rgb = path_colour("car") }
  circuit.sine = { rgb = path_colour("sine") }
  circuit.convoy = {}
  for i = 1, PATH.convoy do
    local x, y, angle = p:at(0)                  -- on the start line until its delay ends
    circuit.convoy[i] = { x = x, y = y, angle = angle, rgb = path_colour("convoy", i) }
  end
  circuit.car_handle = circuit.anim:to(circuit.car, PATH.duration, { pos = p },
    { rotate = true, easing = "linear", after = "restart", iterations = math.huge })
  circuit.anim:to(circuit.sine, PATH.duration, { pos = p },
    { rotate = true, fields = { "x", "y", "r" }, easing = "inOutSine", after = "restart", iterations = math.huge })
  circuit.anim:to(circuit.convoy, PATH.convoy_duration, { pos = p },
    { rotate = true, stagger = PATH.stagger, easing = "linear", after = "restart", iterations = math.huge })
  circuit.running = circuit.anim:update(0)     -- writes the cars' fields: drawable at once
end

local function path_show(on)
  if on and screen ~= "path" then path_start() end
  screen = on and "path" or "demos"
end

local function path_update(dt)
  if screen == "path" then circuit.running = circuit.anim:update(dt) end
end

-- The menu ----------------------------------------------------------------------------
-- Ten buttons on one kinetic.animator.  They come in from the left, one
-- after another: a single anim:to on the list of buttons, staggered by
-- 0.05 s from the first, eased with outBack (the group's on_complete fires
-- once, after the last).  Hovering a button springs its scale to 1.1;
-- leaving sends the same spring back to 1 (a second anim:spring on a field a
-- spring drives retargets it, position and velocity kept).  Hiding fades
-- them out from the last one up, and the fade's on_complete hides the menu
-- (or brings it in again: "Replay menu").  "Wave" ripples out from the
-- middle (stagger from "center", after = "reverse"); "Slow motion" scales the
-- game's dt and the animator's time (anim:time_scale); "Flick list" and
-- "Path" switch to those screens and back.  The animator writes
-- the buttons' fields (x, alpha, scale); love.draw only reads them.
local anim = kinetic.animator()
local MENU = { x = 16, top = 78, w = 172, h = 40, gap = 12 }
MENU.hidden_x = -MENU.w - 24         -- off the screen, left
local INTRO = { duration = 0.4, each = 0.05, easing = "outBack" }
local FADE = { duration = 0.3, each = 0.03, easing = "inQuad", shift = 40 }
local HOVER = { scale = 1.1, preset = "wobbly" }
local speed = 1                      -- slow motion: 0.25
local menu = { state = "hidden", visible = false, hovered = nil, intros = 0, fades = 0,
               running = 0, fade_alphas = nil }
local buttons = {}

local function menu_intro()
  for _, b in ipairs(buttons) do b.x, b.alpha = MENU.hidden_x, 0 end
  menu.visible, menu.state = true, "intro"
  menu.intro = anim:to(buttons, INTRO.duration, { x = MENU.x, alpha = 1 }, {
    stagger = { each = INTRO.each, from = "start" }, easing = INTRO.easing,
    on_complete = function()
      menu.intros = menu.intros + 1
      if menu.state == "intro" then menu.state = "shown" end
    end,
  })
end

local function hover(b)
  if menu.hovered == b then return end
  if menu.hovered then   -- a spring drives its scale: this retargets it
    menu.hover_leave = anim:spring(menu.hovered, { scale = 1 }, { preset = HOVER.preset })
  end
  menu.hovered = b
  if b then menu.hover = anim:spring(b, { scale = HOVER.scale }, { preset = HOVER.preset }) end
end

-- Fade the buttons out, the last one first; after_fade() runs when the last
-- is gone (from the fade's on_complete, inside anim:update: a callback may
-- start new animations).
local function menu_fade(after_fade)
  if menu.state == "hidden" or menu.state == "fading" then return end
  hover(nil)
  -- An animation takes a field over when it starts, not when it is made: a
  -- button of the entrance still in its stagger delay would start after the
  -- fade and come back in.  Stopping the entrance (and a wave) first leaves
  -- each button where it is, for the fade to start from.
  if menu.intro then menu.intro:stop() end
  if menu.wave then menu.wave:stop() end
  menu.state = "fading"
  menu.fade = anim:to(buttons, FADE.duration, { alpha = 0, x = "-=" .. FADE.shift }, {
    stagger = { each = FADE.each, from = "end" }, easing = FADE.easing,
    on_complete = function()
      menu.fades = menu.fades + 1
      menu.fade_alphas = {}
      for i, b in ipairs(buttons) do menu.fade_alphas[i] = b.alpha end
      menu.visible, menu.state = false, "hidden"
      if after_fade then after_fade() end
    end,
  })
end

-- A wave through the buttons, from the middle out: out by 24 px and back
-- (the second pass of after = "reverse" ends on the start values).
local function menu_wave()
  if menu.state ~= "shown" or (menu.wave and not menu.wave:done()) then return end
  menu.wave = anim:to(buttons, 0.2, { x = "+=24" }, { stagger = { each = 0.04, from = "center" },
                      easing = "inOutSine", after = "reverse", iterations = 2 })
end

local BUTTONS = {
  { label = function() return paused and "Resume" or "Pause" end, action = function() paused = not paused end },
  { label = "Restart race", action = function() race.t = 0 end },
  { label = "Restart timeline", action = function() timeline_init() end },
  { label = function() return speed == 1 and "Slow motion" or "Full speed" end,
    action = function() speed = speed == 1 and 0.25 or 1; anim:time_scale(speed) end },
  { label = "Wave", action = menu_wave },
  { label = "Replay menu", action = function() menu_fade(menu_intro) end },
  { label = function() return screen == "flick" and "Back to demos" or "Flick list" end,
    action = function() screen = screen == "flick" and "demos" or "flick" end },
  { label = function() return screen == "path" and "Back to demos" or "Path" end,
    action = function() path_show(screen ~= "path") end },
  { label = "Hide menu (m)", action = function() menu_fade() end },
  { label = "Quit", action = function() love.event.quit(0) end },
}

local function menu_init()
  for i, def in ipairs(BUTTONS) do
    buttons[i] = { label = def.label, action = def.action, index = i,
                   x = MENU.hidden_x, y = MENU.top + (i - 1) * (MENU.h + MENU.gap),
                   w = MENU.w, h = MENU.h, alpha = 0, scale = 1 }
  end
end

local function button_at(mx, my)
  if menu.state ~= "intro" and menu.state ~= "shown" then return nil end
  for _, b in ipairs(buttons) do
    if mx >= b.x and mx < b.x + b.w and my >= b.y and my < b.y + b.h then return b end
  end
  return nil
end

local function menu_click(mx, my)
  local b = button_at(mx, my)
  if b then b.action() end
  return b ~= nil
end

local function menu_toggle()
  if menu.state == "hidden" then menu_intro() else menu_fade() end
end

local function menu_update(dt, mx, my)
  hover(button_at(mx, my))
  menu.running = anim:update(dt)
end

-- Self-test --------------------------------------------------------------------------
local checks, failures = 0, {}
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures[#failures + 1] = what
    say("FAIL: ", what)
  end
end

-- The menu's self-test: the scripted mouse hovers button 3 from frame
-- HOVER_IN to HOVER_OUT, and a click on "Replay menu" at frame CLICK fades the
-- menu out (its on_complete brings it in again).  Every frame the buttons'
-- fields are compared with values computed here without the animator: the
-- stagger delays from GSAP's distribute() formula, each button's easing at
-- its own time, and for the hover a kinetic.spring driven with the same dts
-- and retargeted at the same frame.
local ST = { hover_in = 200, hover_out = 230, click = 320, hover_button = 3, click_button = 6 }
local st = { intro_err = 0, intro_checked = 0, fade_err = 0, fade_checked = 0, hover_frames = 0,
             hover_off = 0, running = {} }

-- GSAP 3's distribute() for a flat list of n targets (the animator's stagger).
local function stagger_delays(n, each, from)
  local r = ({ start = 0, center = 0.5, edges = 0.5, ["end"] = 1 })[from]
  local o = n * r - 0.5
  local d, lo, hi = {}, math.huge, -math.huge
  for i = 1, n do
    d[i] = math.abs((i - 1) - o)
    lo, hi = math.min(lo, d[i]), math.max(hi, d[i])
  end
  local total, delays = each * (n - 1), {}
  for i = 1, n do
    local l = hi == lo and 0 or (d[i] - lo) / (hi - lo)
    delays[i] = (from == "edges" and 1 - l or l) * total
  end
  return delays
end

-- A field tweened from a to b: its value at time t of the animation, or
-- `before` while its delay runs.
local function tween_value(a, b, ease, delay, duration, t, before)
  local u = t - delay
  if u < 0 then return before end
  return a + (b - a) * ease(math.min(u / duration, 1))
end

local function rel_off(x, want)
  return math.abs(x - want) / math.max(1, math.abs(want))
end

local function menu_selftest_frame(f)
  local dt = FIXED_DT
  st.running[f] = menu.running
  -- the entrance: the group's clock is f * dt (made in love.load)
  if f <= 60 then
    local delays = stagger_delays(#buttons, INTRO.each, "start")
    local ease = kinetic.easing(INTRO.easing)
    for i, b in ipairs(buttons) do
      local x = tween_value(MENU.hidden_x, MENU.x, ease, delays[i], INTRO.duration, f * dt, MENU.hidden_x)
      local a = tween_value(0, 1, ease, delays[i], INTRO.duration, f * dt, 0)
      st.intro_err = math.max(st.intro_err, rel_off(b.x, x), rel_off(b.alpha, a))
      st.intro_checked = st.intro_checked + 1
    end
    if f == 60 then
      st.intro_end = {}
      for i, b in ipairs(buttons) do
        st.intro_end[i] = (b.x == MENU.x and b.alpha == 1) and "ok" or string.format("%.17g/%.17g", b.x, b.alpha)
      end
      st.intros_at_60 = menu.intros
    end
  end
  -- the hover: scale equals a kinetic.spring run alongside, retargeted on leaving
  local b = buttons[ST.hover_button]
  if f == ST.hover_in then
    st.hover_handle = menu.hover
    st.ref = kinetic.spring{ preset = HOVER.preset, from = 1, to = HOVER.scale }
  end
  if st.ref and not st.hover_done then
    if f == ST.hover_out then
      st.leave_handle = menu.hover_leave
      st.ref:set_target(1)
    end
    local want = st.ref:update(dt)
    st.hover_frames = st.hover_frames + 1
    st.hover_max = math.max(st.hover_max or 0, b.scale)
    if b.scale ~= want then
      st.hover_off = st.hover_off + 1
      st.hover_first_off = st.hover_first_off or string.format("frame %d: scale %.17g, spring %.17g", f, b.scale, want)
    end
    if st.hover_handle:done() or st.ref:at_rest() then
      st.hover_done = f
      st.hover_rest = { anim = st.hover_handle:done(), ref = st.ref:at_rest(), scale = b.scale }
    end
  end
  -- the fade: made at frame CLICK, before that frame's update
  if f == ST.click then st.fade_handle = menu.fade end
  if st.fade_handle and not st.fade_checked_done then
    local t = (f - ST.click + 1) * dt
    local delays = stagger_delays(#buttons, FADE.each, "end")
    local ease = kinetic.easing(FADE.easing)
    if t <= delays[1] + FADE.duration - dt then      -- up to the frame before the last button ends
      for i, btn in ipairs(buttons) do
        local a = tween_value(1, 0, ease, delays[i], FADE.duration, t, 1)
        local x = tween_value(MENU.x, MENU.x - FADE.shift, ease, delays[i], FADE.duration, t, MENU.x)
        st.fade_err = math.max(st.fade_err, rel_off(btn.alpha, a), rel_off(btn.x, x))
        st.fade_checked = st.fade_checked + 1
      end
    else
      st.fade_checked_done = true
    end
  end
end

local function menu_selftest_checks()
  local delays = stagger_delays(#buttons, INTRO.each, "start")
  local spaced = true
  for i = 1, #buttons do spaced = spaced and rel_off(delays[i], INTRO.each * (i - 1)) < 1e-12 end
  check(spaced, "distribute() from the start gives the delays 0.05 * (i - 1)")
  check(st.intro_checked == 60 * #buttons and st.intro_err < 1e-12, string.format(
        "menu entrance: every button, every frame, at its staggered outBack value (%d values, worst %.3g)",
        st.intro_checked, st.intro_err))
  check(st.intro_end and table.concat(st.intro_end, " ") == string.rep("ok", #buttons, " "),
        "menu entrance: every button exactly at x = " .. MENU.x .. ", alpha = 1 once done: "
        .. table.concat(st.intro_end or {}, " "))
  check(st.intros_at_60 == 1, "menu entrance: the group's on_complete fired once, got " .. tostring(st.intros_at_60))
  -- the entrance lasts 0.4 s + 9 * 0.05 s of stagger = 0.85 s, 51 frames
  check(st.running[1] == 1 and st.running[40] == 1 and st.running[55] == 0,
        string.format("anim:update counts the entrance as one animation while it runs (%s, %s, %s)",
                      tostring(st.running[1]), tostring(st.running[40]), tostring(st.running[55])))
  -- the hover spring
  check(st.hover_handle ~= nil and rawequal(st.hover_handle, st.leave_handle),
        "hover: leaving retargets the hover's spring (anim:spring returned the same animation)")
  check(st.hover_frames > 30 and st.hover_off == 0, "hover: scale equals a kinetic.spring with set_target at the "
        .. "same frame, every frame (" .. st.hover_frames .. " frames; " .. tostring(st.hover_first_off) .. ")")
  check((st.hover_max or 0) > 1.1, "hover: the wobbly spring overshoots 1.1 (max " .. tostring(st.hover_max) .. ")")
  check(st.hover_rest and st.hover_rest.anim and st.hover_rest.ref and st.hover_rest.scale == 1,
        "hover: the spring rests at the frame the reference does, scale exactly 1 ("
        .. (st.hover_rest and string.format("%s %s %.17g", tostring(st.hover_rest.anim),
            tostring(st.hover_rest.ref), st.hover_rest.scale) or "never") .. ")")
  check(st.running[ST.hover_in + 5] == 1, "hover: one animation running while the spring moves")
  -- the fade-out and the entrance it starts
  check(st.fade_checked >= 20 * #buttons and st.fade_err < 1e-12, string.format(
        "fade-out: every button, every frame, at its staggered (from the end) inQuad value (%d values, worst %.3g)",
        st.fade_checked, st.fade_err))
  local zeros = menu.fade_alphas and table.concat(menu.fade_alphas, " ")
  check(menu.fades == 1 and zeros == string.rep("0", #buttons, " "),
        "fade-out: on_complete ran once (" .. menu.fades .. ") with every alpha exactly 0 (" .. tostring(zeros) .. ")")
  check(menu.intros == 2 and menu.state == "shown", "the fade's on_complete brought the menu in again ("
        .. menu.intros .. " entrances, " .. menu.state .. ")")
  local final = {}
  for i, b in ipairs(buttons) do
    final[i] = (b.x == MENU.x and b.alpha == 1 and b.scale == 1) and "ok"
               or string.format("%d:%.17g/%.17g/%.17g", i, b.x, b.alpha, b.scale)
  end
  check(table.concat(final, " ") == string.rep("ok", #buttons, " "),
        "menu at the end: every button at x = 16, alpha = 1, scale = 1: " .. table.concat(final, " "))
  check(menu.running == 0 and anim:count() == 0, "menu at the end: nothing running (" .. menu.running .. ")")
end

-- The flick list's self-test: at frame FST.open a click on the menu's
-- "Flick list" button shows the list; from FST.start a script drives the
-- screen's own handlers, one frame at a time, with the times of those frames
-- (frame * dt), before each frame's flick_update:
--   1. a drag up, slow then fast, and a release while moving: during the
--      drag the offset is the pointer's movement exactly; after the release
--      every frame's offset is a kinetic.bouncing_scroll made here from the
--      release's position and velocity, at the same time (within 1e-9); the
--      fling overshoots max and ends exactly on it;
--   2. a drag past max, held still, then released: the offset beyond the
--      edge is max + RUBBER * the pointer's movement past it, the release
--      velocity is 0, and the list springs back to exactly max, never
--      crossing it; the same past the top, back to exactly 0;
--   3. a fling caught by a new press: the fling stops (its handle done,
--      nothing left on the list's animator), the list stays where it was
--      caught, and the drag moves it 1:1 from there.
-- Each phase waits for its fling to end (at most FST.cap frames).
local FST = { open = 100, start = 110, cap = 240, click_button = 7 }
local fst = { frame = 0 }

local function flick_script()
  local dt = FIXED_DT
  local X = FLICK.x + FLICK.w / 2
  local function now() return fst.frame * dt end
  local function step(n) for _ = 1, n or 1 do coroutine.yield() end end

  -- A drag: press at y, one move per frame by each delta, `hold` frames
  -- still, then the release (one more move by `last`, or none).  Every
  -- offset on the way is checked against want(raw), raw the offset the
  -- pointer's movement gives 1:1.  Returns the worst difference.
  local function drag(y, deltas, hold, last, want)
    local worst = 0
    local raw0 = unrubber(flick.offset)
    local function follow(p)
      worst = math.max(worst, math.abs(flick.offset - want(raw0 - (p - y))))
    end
    check(flick.mousepressed(X, y, now()), "flick list: a press inside the view starts a drag")
    follow(y)
    local p = y
    for _, d in ipairs(deltas) do
      step()
      follow(p)                                  -- nothing moves it between events
      p = p + d
      flick.mousemoved(X, p, now())
      follow(p)
    end
    step(hold)
    follow(p)
    step()
    if last then p = p + last end
    flick.mousereleased(X, p, now())
    follow(p)
    return worst
  end

  -- Every frame of the fling just started against the same motion made
  -- here; the result once the fling is done (or after FST.cap frames).
  local function fling_run()
    local r = flick.release
    local ref = kinetic.bouncing_scroll{ position = r.position, velocity = r.velocity,
                                         min = FLICK.min, max = FLICK.max }
    local h, t = flick.fling, 0
    local out = { worst = 0, frames = 0, hi = -math.huge, lo = math.huge, ref = ref, agree = true }
    for _ = 1, FST.cap do
      step()
      t = t + dt
      if h:done() then break end
      local want = ref:at(t)
      out.worst = math.max(out.worst, math.abs(flick.offset - want))
      out.frames = out.frames + 1
      out.hi, out.lo = math.max(out.hi, flick.offset), math.min(out.lo, flick.offset)
      out.agree = out.agree and not ref:done(t)
    end
    out.done, out.final, out.ref_done = h:done(), flick.offset, ref:done(t)
    return out
  end

  local function report(name, o, edge)
    check(o.done and o.frames > 10, string.format("flick %s: the fling ends (%d frames)", name, o.frames))
    check(o.worst <= 1e-9, string.format("flick %s: every frame at kinetic.bouncing_scroll{...}:at(t) "
          .. "(%d frames, worst %.3g)", name, o.frames, o.worst))
    check(o.agree and o.ref_done, "flick " .. name .. ": the fling is done at the frame the motion is")
    check(o.final == edge and o.ref:final_position() == edge,
          string.format("flick %s: exactly at %g once done, got %.17g", name, edge, o.final))
  end

  local function one_to_one(raw) return raw end

  -- 1. a fast fling towards the end
  check(flick.offset == 0 and screen == "flick", "flick list: shown from the menu, at the top")
  local slow, fast = {}, {}
  for i = 1, 10 do slow[i] = -20 end
  for i = 1, 5 do fast[i] = -80 end
  local moves = {}
  for _, d in ipairs(slow) do moves[#moves + 1] = d end
  for _, d in ipairs(fast) do moves[#moves + 1] = d end
  local worst = drag(600, moves, 0, -80, one_to_one)
  check(worst == 0, "flick drag: the offset is the pointer's movement, exactly (worst " .. worst .. ")")
  check(flick.release.position == 680, "flick drag: released at offset 680, got " .. flick.release.position)
  check(math.abs(flick.release.velocity - 80 / dt) <= 1e-9 * 80 / dt, string.format(
        "flick drag: the release velocity is the last 50 ms of the pointer's (%.17g, want %g)",
        flick.release.velocity, 80 / dt))
  local o = fling_run()
  report("fast fling", o, FLICK.max)
  check(o.hi > FLICK.max + 1, string.format("flick fast fling: overshoots max %g (peak %.2f)", FLICK.max, o.hi))

  -- 2. released past an edge, the bottom and then the top
  local function rubber_band(raw)     -- half the movement beyond an edge
    if raw > FLICK.max then return FLICK.max + (raw - FLICK.max) / 2 end
    if raw < FLICK.min then return FLICK.min + (raw - FLICK.min) / 2 end
    return raw
  end
  worst = drag(400, { -20, -20, -20, -20, -20 }, 6, nil, rubber_band)
  check(worst == 0 and flick.release.position == FLICK.max + 50, string.format(
        "flick past max: half the pointer's movement beyond the edge (at %.17g, worst %g)",
        flick.release.position, worst))
  check(flick.release.velocity == 0, "flick past max: held still, released at velocity 0, got "
        .. flick.release.velocity)
  o = fling_run()
  report("past max", o, FLICK.max)
  check(o.lo > FLICK.max, string.format("flick past max: springs back without crossing max (lowest %.17g)", o.lo))
  worst = drag(100, { FLICK.max, 40, 40, 40 }, 6, nil, rubber_band)
  check(worst == 0 and flick.release.position == -60, string.format(
        "flick past the top: half the pointer's movement beyond the edge (at %.17g, worst %g)",
        flick.release.position, worst))
  o = fling_run()
  report("past the top", o, FLICK.min)
  check(o.hi < FLICK.min, string.format("flick past the top: springs back without crossing 0 (highest %.17g)", o.hi))

  -- 3. a new press stops the fling in flight
  drag(600, { -60, -60, -60, -60 }, 0, -60, one_to_one)
  local handle = flick.fling
  step(12)
  check(not handle:done() and flick.anim:count() == 1, "flick catch: the fling is in flight")
  local caught = flick.offset
  check(flick.mousepressed(X, 500, now()), "flick catch: the press starts a drag")
  check(handle:done() and flick.anim:count() == 0, "flick catch: the press stopped the fling (handle:stop())")
  check(flick.offset == caught, "flick catch: the press leaves the list where it was")
  step(5)
  check(flick.offset == caught, "flick catch: the list stays while the button is down")
  flick.mousemoved(X, 530, now())
  check(flick.offset == caught - 30, string.format("flick catch: the drag moves it 1:1 from there (%.17g, want %.17g)",
        flick.offset, caught - 30))
  step(6)
  flick.mousereleased(X, 530, now())
  step()
  check(flick.fling:done() and flick.offset == caught - 30,
        "flick catch: released still inside the extent, the list stays where it is")
  fst.finished = fst.frame
end

local flick_script_step = coroutine.wrap(flick_script)

local function flick_selftest_frame(f)
  fst.frame = f
  if f >= FST.start and not fst.finished then flick_script_step() end
end

local function flick_selftest_checks()
  check(FLICK.max == 2024, "flick list: max = 60 rows * 44 - 616 = 2024, got " .. FLICK.max)
  check(fst.finished ~= nil, "flick list: the script ran to its end (frame " .. tostring(fst.finished) .. ")")
  check(flick.flings == 5, "flick list: 5 flings, got " .. flick.flings)
end

-- The path's self-test: at frame PST.open a click on the menu's "Path"
-- button shows the screen (its animations made in that frame, before the
-- frame's update).  From then to the end, every frame, every sprite is
-- compared with p:at evaluated here at the progress it should be at, worked
-- out from the frame number alone, t = (f - PST.open + 1) * dt:
--   the orange car   u = (t / D) mod 1                          (linear);
--   the blue car     u = (1 - cos(pi q)) / 2, q = (t / D) mod 1 (inOutSine,
--                    Penner's formula written out here);
--   arrow i          u = clamp((tau - (i - 1) * 0.3) / Dc, 0, 1), tau = t mod
--                    (Dc + 3 * 0.3), Dc = 5 s: a pass of the group lasts
--                    until the last arrow is back.  On a closed path u = 0
--                    and u = 1 are the same point, so an arrow waiting before
--                    or after its run is on the start line either way.
-- The run lasts more than a lap of the cars: both wrap round, and the
-- convoy waits on the line and starts its second pass.
local PST = { open = 490, click_button = 8, fine = 2000, on_samples = 4000 }
local pst = { frames = 0, car_err = 0, sine_err = 0, convoy_err = 0, tangent_err = 0,
              on_err = 0, waited = 0, wrong_screen = 0 }

-- |a - b| as angles (a turn apart is no difference)
local function angle_off(a, b)
  return math.abs((a - b + math.pi) % (2 * math.pi) - math.pi)
end

-- Tolerances from the path itself, made once when the screen opens.  The
-- animator's clock is the sum of the frames' dts, t here is a product: they
-- differ by rounding, under 1e-12 s over the run, so a sprite's u differs
-- from the u here by under 1e-12 / D.  The checks allow 1e-9 in u: a
-- position may be off by 1e-9 * L (L / 1e9, micro-pixels) and an angle by
-- 1e-9 * K, K the fastest turning of the heading per unit of u (from the
-- angles of p:at at PST.fine equal steps, doubled for what the steps miss).
-- A car one frame off would be L / (60 D), some 7 px, away.
local function path_selftest_init()
  local p, N = PATH.path, PST.fine
  local K, prev = 0, select(3, p:at(0))
  for i = 1, N do
    local a = select(3, p:at(i / N))
    K = math.max(K, angle_off(a, prev) * N)
    prev = a
  end
  pst.K = 2 * K
  pst.pos_tol = 1e-9 * PATH.length
  pst.angle_tol = 1e-9 * pst.K
  -- the curve through its own parameter (p:point, no arc length involved):
  -- a sprite on the track is within the sagitta of a chord between two of
  -- these, at most kappa * gap^2 / 8 with kappa = K / L the curvature
  local M, pts, gap = PST.on_samples, {}, 0
  for k = 0, M - 1 do
    local x, y = p:point(k / M)
    pts[2 * k + 1], pts[2 * k + 2] = x, y
    if k > 0 then gap = math.max(gap, math.sqrt((x - pts[2 * k - 1]) ^ 2 + (y - pts[2 * k]) ^ 2)) end
  end
  gap = math.max(gap, math.sqrt((pts[1] - pts[2 * M - 1]) ^ 2 + (pts[2] - pts[2 * M]) ^ 2))   -- closing the loop
  pst.on_pts, pst.gap = pts, gap
  pst.on_tol = pst.K / PATH.length * gap * gap / 8 + pst.pos_tol
end

-- The distance from (x, y) to the polyline through pst.on_pts (closed): to
-- the chords either side of the nearest sample.
local function off_track(x, y)
  local pts, M = pst.on_pts, PST.on_samples
  local best, bk = math.huge, 0
  for k = 0, M - 1 do
    local d = (pts[2 * k + 1] - x) ^ 2 + (pts[2 * k + 2] - y) ^ 2
    if d < best then best, bk = d, k end
  end
  local function seg(i, j)
    local ax, ay, bx, by = pts[2 * i + 1], pts[2 * i + 2], pts[2 * j + 1], pts[2 * j + 2]
    local dx, dy = bx - ax, by - ay
    local s = math.max(0, math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.sqrt((ax + s * dx - x) ^ 2 + (ay + s * dy - y) ^ 2)
  end
  return math.min(seg((bk - 1) % M, bk), seg(bk, (bk + 1) % M))
end

-- How far a sprite is from where p:at puts it at u: position, angle.
local function sprite_off(x, y, angle, u)
  local ex, ey, ea = PATH.path:at(u)
  return math.max(math.abs(x - ex), math.abs(y - ey)), angle_off(angle, ea)
end

-- Where the path goes at u, from p:at positions only (not its angle): the
-- chord from u - h to u + h.  It points as the path does somewhere in
-- between (a chord is parallel to the tangent at some point of its arc), so
-- within K h of the heading at u; as much again allows for the rounding of
-- the two points, 2 h L apart.
local TANGENT_H = 1e-5
local function tangent(u)
  local x0, y0 = PATH.path:at(u - TANGENT_H)
  local x1, y1 = PATH.path:at(u + TANGENT_H)
  return math.atan2(y1 - y0, x1 - x0)
end

local function path_selftest_frame(f)
  if f < PST.open then return end
  if f == PST.open then path_selftest_init() end
  if screen ~= "path" then pst.wrong_screen = pst.wrong_screen + 1; return end
  local D, p = PATH.duration, PATH.path
  local t = (f - PST.open + 1) * FIXED_DT
  local q = (t / D) % 1
  local function note(key, pos, ang)      -- the worst, as a fraction of its bound
    pst[key] = math.max(pst[key], pos / pst.pos_tol, ang / pst.angle_tol)
  end
  local function along(x, y, angle, u)
    pst.tangent_err = math.max(pst.tangent_err, angle_off(angle, tangent(u)))
    pst.on_err = math.max(pst.on_err, off_track(x, y))
  end
  local car, sine = circuit.car, circuit.sine
  note("car_err", sprite_off(car.x, car.y, car.angle, q))
  along(car.x, car.y, car.angle, q)
  local us = (1 - math.cos(math.pi * q)) / 2
  note("sine_err", sprite_off(sine.x, sine.y, sine.r, us))
  along(sine.x, sine.y, sine.r, us)
  pst.renamed = pst.renamed ~= false and sine.angle == nil and car.r == nil
  local Dc = PATH.convoy_duration
  local tau = t % (Dc + (PATH.convoy - 1) * PATH.stagger)
  local u1, u4
  for i, s in ipairs(circuit.convoy) do
    local u = math.max(0, math.min(1, (tau - (i - 1) * PATH.stagger) / Dc))
    note("convoy_err", sprite_off(s.x, s.y, s.angle, u))
    along(s.x, s.y, s.angle, u)
    if i == 1 then u1 = u elseif i == PATH.convoy then u4 = u end
  end
  -- the first arrow back on the line, waiting, while the last still runs
  if u1 == 1 and u4 > 0 and u4 < 1 then
    local x0, y0 = p:at(0)
    local s = circuit.convoy[1]
    if math.abs(s.x - x0) <= pst.pos_tol and math.abs(s.y - y0) <= pst.pos_tol then pst.waited = pst.waited + 1 end
  end
  -- the end of the first lap: both cars on the start line together
  if f == PST.open + D / FIXED_DT - 1 then
    local x0, y0 = p:at(0)
    pst.meet = math.max(math.abs(car.x - x0), math.abs(car.y - y0), math.abs(sine.x - x0), math.abs(sine.y - y0))
  end
  pst.frames = pst.frames + 1
end

local function path_selftest_checks()
  local p, n = PATH.path, PATH.samples
  local want_frames = SELFTEST_FRAMES - PST.open + 1
  check(pst.frames == want_frames and pst.wrong_screen == 0, string.format(
        "path: shown from the menu and checked every frame (%d of %d frames, %d elsewhere)",
        pst.frames, want_frames, pst.wrong_screen))
  local pass = PATH.convoy_duration + (PATH.convoy - 1) * PATH.stagger
  check(want_frames * FIXED_DT > math.max(PATH.duration, pass),
        "path: the run covers a lap of the cars and a pass of the convoy")
  local tols = string.format("of the bounds %.3g px, %.3g rad", pst.pos_tol or 0, pst.angle_tol or 0)
  check(pst.car_err <= 1, string.format("path: the linear car at p:at((t / D) mod 1), x, y and angle, "
        .. "every frame (worst %.3g %s)", pst.car_err, tols))
  check(pst.sine_err <= 1, string.format("path: the inOutSine car at p:at((1 - cos(pi q)) / 2), x, y and r, "
        .. "every frame (worst %.3g %s)", pst.sine_err, tols))
  check(pst.renamed == true, "path: fields = {\"x\", \"y\", \"r\"} writes r, not angle")
  check(pst.convoy_err <= 1, string.format("path: every arrow of the staggered convoy at its own u, x, y and "
        .. "angle, every frame (worst %.3g %s)", pst.convoy_err, tols))
  check(pst.waited >= 50, "path: the convoy's first arrow waits on the line for the last ("
        .. pst.waited .. " frames)")
  check(pst.meet and pst.meet <= pst.pos_tol, "path: both cars on the start line together after a lap (off "
        .. tostring(pst.meet) .. " px)")
  local tangent_tol = 2 * (pst.K or 0) * TANGENT_H
  check(pst.tangent_err <= tangent_tol, string.format("path: every sprite's angle is the direction the path "
        .. "goes there (chords of p:at positions; worst %.3g rad, bound %.3g)", pst.tangent_err, tangent_tol))
  check(pst.on_err <= (pst.on_tol or 0), string.format("path: every sprite on the curve p:point traces "
        .. "(worst %.3g px, bound %.3g px)", pst.on_err, pst.on_tol or 0))
  check(circuit.running == 3 and circuit.anim:count() == 3, "path: three endless animations live ("
        .. tostring(circuit.running) .. ")")
  -- the track: p:sample(n, out) fills out with n + 1 points, from p:at(0)
  local track, x0, y0 = PATH.track, p:at(0)
  local out = {}
  check(rawequal(p:sample(n, out), out) and #track == 2 * (n + 1) and track[1] == x0 and track[2] == y0
        and track[#track - 1] == x0 and track[#track] == y0, string.format(
        "path: p:sample(%d, out) fills out with %d numbers, from p:at(0) and (closed) back to it (%d)",
        n, 2 * (n + 1), #track))
  -- it passes through its points: p:point(k / n) is point k + 1
  local worst = 0
  for k, q in ipairs(PATH.points) do
    local x, y = p:point((k - 1) / #PATH.points)
    worst = math.max(worst, math.abs(x - q[1]), math.abs(y - q[2]))
  end
  check(worst <= pst.pos_tol, "path: p:point(k / n) is the path's point k + 1 (worst " .. worst .. " px)")
  -- constant speed: the points of p:sample(N) are L / N of track apart, so
  -- every chord is at most L / N (a chord is never longer than its arc),
  -- and the polylines through N and 2N of them fall short of p:length() by
  -- amounts in the ratio 4 : 1 (a polyline through a smooth curve: O(1/N^2))
  local function poly(N)
    local s, len, longest = p:sample(N), 0, 0
    for i = 1, 2 * N, 2 do
      local c = math.sqrt((s[i + 2] - s[i]) ^ 2 + (s[i + 3] - s[i + 1]) ^ 2)
      len, longest = len + c, math.max(longest, c)
    end
    return len, longest
  end
  local N = PST.fine
  local l1, c1 = poly(N)
  local l2, c2 = poly(2 * N)
  local L = PATH.length
  local ratio = (L - l1) / (L - l2)
  check(c1 <= L / N * (1 + 1e-9) and c2 <= L / (2 * N) * (1 + 1e-9) and ratio > 3.9 and ratio < 4.1,
        string.format("path: p:sample spaces its points by arc length (longest chords %.6g, %.6g of %.6g, %.6g); "
        .. "polylines short of p:length() = %.6f by %.3g, %.3g (ratio %.3f)", c1, c2, L / N, L / (2 * N),
        L, L - l1, L - l2, ratio))
  -- a bad definition is refused, naming the argument
  local ok, msg = pcall(kinetic.path, { kind = "catmull-rom", { 0, 0 } })
  check(not ok and tostring(msg):find("bad argument #1 to 'path'", 1, true) ~= nil,
        "path: kinetic.path with one point fails: " .. tostring(msg))
end

local function scripted_mouse(f)
  -- a circle around (1030, 280) for 2.5 s, a jump, a visit to a menu
  -- button, then stillness
  if f <= 150 then
    local a = f / 150 * 2 * math.pi
    return 1030 + 150 * math.cos(a), 280 + 100 * math.sin(a)
  end
  if f >= ST.hover_in and f < ST.hover_out then
    local b = buttons[ST.hover_button]
    return MENU.x + b.w / 2, b.y + b.h / 2
  end
  return 1100, 300
end

local function selftest_checks()
  check(kinetic._VERSION:match("^kinetic %d") ~= nil, "kinetic._VERSION: " .. tostring(kinetic._VERSION))
  if SELFTEST_BACKEND == "lua" then
    check(kinetic._backend == "lua" and package.loaded["kinetic.core"] == nil,
          "the Lua backend, kinetic.core not loaded (kinetic._backend: " .. tostring(kinetic._backend) .. ")")
  else
    check(kinetic._backend == "c" or kinetic._backend == "ffi",
          "the C core (kinetic._backend: " .. tostring(kinetic._backend) .. ")")
  end
  check(jit ~= nil, "LÖVE runs LuaJIT")
  -- the race: every easing ended exactly on the finish line
  check(#race.racers == #distinct_easings() and #race.racers >= 40,
        "one racer per distinct curve of kinetic.easings() (" .. #race.racers .. ")")
  local bad = {}
  for _, r in ipairs(race.racers) do
    if r.pos ~= r.x1 then bad[#bad + 1] = r.name .. "=" .. r.pos end
  end
  check(#bad == 0, "race: every racer exactly at the finish line; off: " .. table.concat(bad, ", "))
  -- the preset springs: at rest, exactly on the (final) mouse position
  for _, s in ipairs(springs) do
    local x, y = s.spring:position()
    check(s.spring:at_rest(), "spring '" .. s.name .. "' at rest")
    check(x == target.x and y == target.y, string.format("spring '%s' at the target (%.17g, %.17g), got (%.17g, %.17g)",
          s.name, target.x, target.y, x, y))
  end
  -- the spring_group tail: nothing moving, every link on the target
  check(tail.moving == 0, "spring_group tail: g:update returned 0 moving, got " .. tostring(tail.moving))
  local off = 0
  for i = 1, tail.links * 2, 2 do
    off = math.max(off, math.abs(tail.pos[i] - target.x), math.abs(tail.pos[i + 1] - target.y))
    check(tail.group:at_rest(i) and tail.group:at_rest(i + 1), "tail link " .. (i + 1) / 2 .. " at rest")
  end
  check(off == 0, "spring_group tail: every link exactly on the target (max off " .. off .. " px)")
  -- the timeline: done, holding exactly the last keyframe, callbacks fired
  check(tl:done(), "timeline done after " .. string.format("%.3f", tl:time()) .. " s")
  check(tl:total_duration() == 0.25 + 3 * tl:duration(), "timeline total_duration = delay + 3 iterations")
  local last = TL_DEF[#TL_DEF].to
  for k, v in pairs(last) do
    check(tl_values[k] == v, "timeline property " .. k .. " ends at " .. v .. ", got " .. tostring(tl_values[k]))
  end
  local obj = {}
  tl:apply(obj)
  check(obj.x == last.x and obj.angle == last.angle, "tl:apply writes the final values")
  check(tl_state.completes == 1, "on_complete fired once, got " .. tl_state.completes)
  check(tl_state.iterations >= 2, "on_iteration fired (last n = " .. tl_state.iterations .. ")")
  check(tl_state.keyframes >= #TL_DEF * 3 - 2, "on_keyframe fired for the keyframes (" .. tl_state.keyframes .. ")")
  menu_selftest_checks()
  flick_selftest_checks()
  path_selftest_checks()
  if SCREENSHOT and SCREENSHOT ~= "" then
    local fh = io.open(SCREENSHOT, "rb")
    local size = fh and #fh:read("*a") or 0
    if fh then fh:close() end
    check(size > 1000, "screenshot written to " .. SCREENSHOT .. " (" .. size .. " bytes)")
  end
end

local function save_screenshot(path)
  love.graphics.captureScreenshot(function(img)
    local data = img:encode("png"):getString()
    local fh, err = io.open(path, "wb")
    if not fh then
      say("FAIL: cannot write screenshot ", path, ": ", tostring(err))
      return
    end
    fh:write(data)
    fh:close()
  end)
end

-- LÖVE callbacks ---------------------------------------------------------------------
function love.load()
  fonts.small = love.graphics.newFont(11)
  fonts.normal = love.graphics.newFont(14)
  fonts.big = love.graphics.newFont(20)
  race_layout()
  springs_init()
  timeline_init()
  menu_init()
  menu_intro()
  if SELFTEST then
    say("love ", LOVE_VERSION, ", ", jit and jit.version or _VERSION,
        kinetic._backend == "lua" and " (Lua backend)" or kinetic._ffi and " (FFI path)" or " (classic binding)",
        ", ", kinetic._VERSION, ", ",
        #race.racers, " easings")
  end
end

function love.update(dt)
  if SELFTEST then
    frame = frame + 1
    dt = FIXED_DT
    if frame == SHOT_FRAME and SCREENSHOT and SCREENSHOT ~= "" then save_screenshot(SCREENSHOT) end
    if frame == SELFTEST_FRAMES + 1 then
      selftest_checks()
      if #failures == 0 then
        if KINETIC_COPIED then say("love: kinetic's C part loaded from ", KINETIC_COPIED) end
        say("love selftest passed (", checks, " checks)")
        love.event.quit(0)
      else
        say("love selftest FAILED: ", #failures, " of ", checks, " checks failed")
        love.event.quit(1)
      end
      return
    end
  end
  local mx, my
  if SELFTEST then mx, my = scripted_mouse(frame) else mx, my = love.mouse.getPosition() end
  if SELFTEST and frame == ST.click then       -- a click on "Replay menu"
    local b = buttons[ST.click_button]
    menu_click(b.x + b.w / 2, b.y + b.h / 2)
  end
  if SELFTEST and frame == FST.open then       -- a click on "Flick list"
    local b = buttons[FST.click_button]
    menu_click(b.x + b.w / 2, b.y + b.h / 2)
  end
  if SELFTEST and frame == PST.open then       -- a click on "Path"
    local b = buttons[PST.click_button]
    menu_click(b.x + b.w / 2, b.y + b.h / 2)
  end
  menu_update(dt, mx, my)                      -- the menu runs while the game is paused
  if SELFTEST then menu_selftest_frame(frame) end
  if paused then return end
  dt = dt * speed
  clock = clock + dt
  race_update(dt)
  springs_update(dt, mx, my)
  timeline_update(dt)
  if SELFTEST then flick_selftest_frame(frame) end   -- this frame's pointer events
  flick_update(dt)
  path_update(dt)
  if SELFTEST then path_selftest_frame(frame) end
end

function love.keypressed(key)
  if key == "escape" then love.event.quit(0)
  elseif key == "space" then paused = not paused
  elseif key == "m" then menu_toggle()
  elseif key == "f" then screen = screen == "flick" and "demos" or "flick"
  elseif key == "p" then path_show(screen ~= "path")
  elseif key == "r" then
    race.t = 0; timeline_init()
    if screen == "path" then path_start() end
  end
end

function love.mousepressed(x, y, button)
  if button ~= 1 or menu_click(x, y) then return end
  if screen == "flick" then flick.mousepressed(x, y, love.timer.getTime()) end
end

function love.mousemoved(x, y)
  flick.mousemoved(x, y, love.timer.getTime())        -- only while a drag is on
end

function love.mousereleased(x, y, button)
  if button == 1 then flick.mousereleased(x, y, love.timer.getTime()) end
end

local function draw_race()
  local g = love.graphics
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print(string.format("every curve of kinetic.easings()  (%d curves, %.0f s)", #race.racers, race.duration),
          RACE_X, 40)
  g.setFont(fonts.small)
  for _, r in ipairs(race.racers) do
    g.setColor(0.62, 0.66, 0.72)
    g.print(r.name, r.label_x, r.y - 7)
    g.setColor(0.25, 0.27, 0.32)
    g.line(r.x0, r.y, r.x1, r.y)
    g.setColor(0.5, 0.52, 0.58)
    g.line(r.x1, r.y - race.row_h * 0.4, r.x1, r.y + race.row_h * 0.4)
    g.setColor(hsv(r.hue, 0.65, 1))
    g.circle("fill", r.pos, r.y, math.min(5, race.row_h * 0.32))
  end
end

local function draw_springs()
  local g = love.graphics
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print("springs follow the mouse (react-spring presets)", 800, 40)
  g.setFont(fonts.small)
  for i, s in ipairs(springs) do
    g.setColor(hsv(s.hue, 0.7, 1))
    g.circle("fill", 806, 72 + (i - 1) * 16, 5)
    g.print(s.name, 818, 65 + (i - 1) * 16)
  end
  g.setColor(0.55, 0.9, 0.6)
  g.print("spring_group tail: " .. tail.moving .. " of " .. tail.links * 2 .. " moving", 930, 65)
  -- the tail, back to front
  local pos = tail.pos
  for i = tail.links * 2 - 1, 1, -2 do
    local k = (i + 1) / 2
    g.setColor(0.55, 0.9, 0.6, 1 - 0.07 * k)
    g.circle("fill", pos[i], pos[i + 1], 11 - 0.7 * k)
  end
  for _, s in ipairs(springs) do
    g.setColor(hsv(s.hue, 0.7, 1))
    g.circle("line", s.x or 0, s.y or 0, 14)
    g.circle("fill", s.x or 0, s.y or 0, 4)
  end
  g.setColor(1, 1, 1, 0.8)
  g.line(target.x - 8, target.y, target.x + 8, target.y)
  g.line(target.x, target.y - 8, target.x, target.y + 8)
end

local function draw_timeline()
  local g = love.graphics
  local v = tl_values
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print("a timeline: 4 keyframes, after = \"reverse\", 3 iterations", 800, 420)
  -- the keyframes' path
  g.setColor(0.3, 0.32, 0.38)
  local px, py = TL_DEF.from.x, TL_DEF.from.y
  for i = 1, #TL_DEF do
    local to = TL_DEF[i].to
    g.line(px, py, to.x, to.y)
    g.circle("line", to.x, to.y, 4)
    px, py = to.x, to.y
  end
  -- the animated square
  g.push()
  g.translate(v.x, v.y)
  g.rotate(math.rad(v.angle))
  g.setColor(hsv(v.hue, 0.6, 1))
  g.rectangle("fill", -v.size / 2, -v.size / 2, v.size, v.size, 4, 4)
  g.pop()
  -- progress bar over the whole run, with the iteration boundaries
  local x0, x1, y = 800, W - 20, 452
  local total = tl:total_duration()
  g.setColor(0.25, 0.27, 0.32)
  g.rectangle("fill", x0, y, x1 - x0, 6)
  g.setColor(0.9, 0.9, 0.95)
  g.rectangle("fill", x0, y, (x1 - x0) * math.min(tl:time() / total, 1), 6)
  g.setFont(fonts.small)
  g.print(string.format("t = %.2f / %.2f s   iteration %d   keyframe %d%s", tl:time(), total,
          tl_state.iterations, tl_state.last_keyframe, tl:done() and "   done" or ""), x0, y + 10)
  if tl_state.flash > 0 then
    g.setColor(1, 1, 0.6, tl_state.flash * 4)
    g.circle("line", v.x, v.y, v.size)
  end
end

local function draw_menu()
  local g = love.graphics
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print("kinetic.animator", MENU.x, 40)
  g.setFont(fonts.small)
  g.setColor(0.6, 0.62, 0.68)
  g.print(string.format("%d running%s", menu.running, speed ~= 1 and "   slow motion" or ""),
          MENU.x, H - 40)
  if not menu.visible then
    g.print("m: show the menu", MENU.x, MENU.top)
    return
  end
  g.setFont(fonts.normal)
  local fh = fonts.normal:getHeight()
  for _, b in ipairs(buttons) do
    local a = math.max(0, math.min(1, b.alpha))       -- outBack overshoots 1 on the way in
    local hot = b == menu.hovered
    g.push()
    g.translate(b.x + b.w / 2, b.y + b.h / 2)
    g.scale(b.scale)
    if hot then g.setColor(0.3, 0.36, 0.55, a) else g.setColor(0.17, 0.19, 0.25, a) end
    g.rectangle("fill", -b.w / 2, -b.h / 2, b.w, b.h, 6, 6)
    g.setColor(0.45, 0.52, 0.75, a)
    g.rectangle("line", -b.w / 2, -b.h / 2, b.w, b.h, 6, 6)
    g.setColor(1, 1, 1, a)
    local label = type(b.label) == "function" and b.label() or b.label
    g.printf(label, -b.w / 2, -fh / 2, b.w, "center")
    g.pop()
  end
end

local function draw_flick()
  local g = love.graphics
  local F = FLICK
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print("a flick list: drag it; the release flings with kinetic.bouncing_scroll", F.x - 140, 40)
  g.setFont(fonts.small)
  -- the rows in view, clipped to the view
  g.setScissor(F.x, F.y, F.w, F.h)
  local first = math.max(1, math.floor(flick.offset / F.row_h) + 1)
  local last = math.min(F.rows, math.ceil((flick.offset + F.h) / F.row_h))
  local fh = fonts.small:getHeight()
  for i = first, last do
    local y = F.y + (i - 1) * F.row_h - flick.offset
    g.setColor(hsv(i / F.rows, 0.35, i % 2 == 0 and 0.3 or 0.24))
    g.rectangle("fill", F.x, y, F.w, F.row_h - 2)
    g.setColor(1, 1, 1)
    g.print(string.format("row %d", i), F.x + 14, y + (F.row_h - fh) / 2)
    g.setColor(0.7, 0.72, 0.78)
    g.printf(string.format("y = %d", (i - 1) * F.row_h), F.x, y + (F.row_h - fh) / 2, F.w - 14, "right")
  end
  g.setScissor()
  g.setColor(0.45, 0.52, 0.75)
  g.rectangle("line", F.x - 0.5, F.y - 0.5, F.w + 1, F.h + 1)
  -- the scroll bar: where the view is in the content (clamped at the edges)
  local frac = math.max(0, math.min(1, (flick.offset - F.min) / (F.max - F.min)))
  local bar = F.h * F.h / (F.max + F.h)
  g.setColor(1, 1, 1, 0.5)
  g.rectangle("fill", F.x + F.w + 6, F.y + frac * (F.h - bar), 4, bar, 2, 2)
  -- the corner: the motion's state
  local x, y = W - 250, H - 96
  g.setColor(0.6, 0.62, 0.68)
  g.print(string.format("offset    %9.2f   (%g .. %g)", flick.offset, F.min, F.max), x, y)
  g.print(string.format("velocity  %9.2f px/s", flick.velocity), x, y + 16)
  g.print(string.format("release   %9.2f px/s", flick.release and flick.release.velocity or 0), x, y + 32)
  g.print(string.format("state     %s   done: %s", flick_state(), tostring(flick.fling ~= nil and flick.fling:done())),
          x, y + 48)
end

-- A sprite drawn at (x, y) turned by angle (radians, the direction of
-- motion): the shape points along +x.
local CAR = { body = { -14, -7, 10, -7, 14, -3, 14, 3, 10, 7, -14, 7 }, glass = { 2, -5, 7, -4, 7, 4, 2, 5 } }
local ARROW = { 9, 0, -7, -6, -7, 6 }

local function draw_sprite(x, y, angle, rgb, car)
  local g = love.graphics
  g.push()
  g.translate(x, y)
  g.rotate(angle)
  g.setColor(rgb[1], rgb[2], rgb[3])
  if car then
    g.polygon("fill", CAR.body)
    g.setColor(0.1, 0.12, 0.16)
    g.polygon("fill", CAR.glass)
  else
    g.polygon("fill", ARROW)
  end
  g.pop()
end

local function draw_path()
  local g = love.graphics
  local p = PATH.path
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print("a closed centripetal Catmull-Rom path: kinetic.path, followed by anim:to with rotate = true",
          RACE_X + 26, 40)
  -- the track: a wide band with its centre line, both through p:sample
  g.push("all")
  g.setLineWidth(26)
  g.setColor(0.15, 0.16, 0.2)
  g.line(PATH.track)
  g.pop()
  g.setColor(0.36, 0.38, 0.45)
  g.line(PATH.track)
  -- ticks at equal lengths of track (p:at), the start line the widest
  for i = 0, PATH.ticks - 1 do
    local x, y, a = p:at(i / PATH.ticks)
    local r = i == 0 and 15 or 6
    local nx, ny = -math.sin(a) * r, math.cos(a) * r
    if i == 0 then g.setColor(1, 1, 1) else g.setColor(0.5, 0.52, 0.6) end
    g.line(x - nx, y - ny, x + nx, y + ny)
  end
  -- the points the path was made from: p:point(k / n) lands on point k + 1
  g.setColor(0.95, 0.85, 0.4)
  local n = #PATH.points
  for k = 0, n - 1 do
    local x, y = p:point(k / n)
    g.circle("line", x, y, 4)
  end
  for _, s in ipairs(circuit.convoy) do draw_sprite(s.x, s.y, s.angle, s.rgb, false) end
  draw_sprite(circuit.sine.x, circuit.sine.y, circuit.sine.r, circuit.sine.rgb, true)
  draw_sprite(circuit.car.x, circuit.car.y, circuit.car.angle, circuit.car.rgb, true)
  -- the legend, top left, inside the loop the track leaves free
  local x, y = RACE_X + 26, 78
  g.setFont(fonts.small)
  local rows = {
    { circuit.car.rgb, true, string.format("linear: constant speed, a lap in %g s", PATH.duration) },
    { circuit.sine.rgb, true, "inOutSine, fields = {\"x\", \"y\", \"r\"}: slow" },
    { nil, nil, "at the line, where it meets orange every lap" },
    { circuit.convoy[1].rgb, false,
      string.format("%d arrows, a lap in %g s, stagger = %g:", PATH.convoy, PATH.convoy_duration, PATH.stagger) },
    { nil, nil, "each lap starts once the last is back" },
  }
  for i, row in ipairs(rows) do
    local ry = y + (i - 1) * 18
    if row[1] then draw_sprite(x + 12, ry + 7, 0, row[1], row[2]) end
    g.setColor(0.75, 0.77, 0.82)
    g.print(row[3], x + 34, ry)
  end
  g.setColor(0.6, 0.62, 0.68)
  local car = circuit.car_handle
  g.print(string.format("dots: the %d points  ticks: 1/%d of the length", n, PATH.ticks), x, y + 104)
  g.print(string.format("length %.1f px, %.0f px/s", PATH.length, PATH.length / PATH.duration), x, y + 122)
  g.print(string.format("lap %d   orange at u = %.3f   %d animations",
          math.floor(car:time() / PATH.duration) + 1, car:progress(), circuit.running), x, y + 140)
end

function love.draw()
  local g = love.graphics
  g.clear(0.07, 0.08, 0.1)
  g.setFont(fonts.big)
  g.setColor(1, 1, 1)
  g.print(kinetic._VERSION, 16, 8)
  g.setFont(fonts.small)
  g.setColor(0.6, 0.62, 0.68)
  g.print(string.format("LÖVE %s, %s   %s   t = %.2f s%s", LOVE_VERSION,
          jit and jit.version or _VERSION, SELFTEST and ("self-test frame " .. frame) or
          (love.timer.getFPS() .. " fps"), clock, paused and "   (paused)" or ""), 200, 16)
  g.setColor(0.2, 0.22, 0.26)
  g.line(RACE_X - 12, 40, RACE_X - 12, H - 10)
  if screen == "flick" then
    draw_flick()
  elseif screen == "path" then
    draw_path()
  else
    g.setColor(0.2, 0.22, 0.26)
    g.line(785, 40, 785, H - 10)
    draw_race()
    draw_timeline()
    draw_springs()
  end
  draw_menu()
end
