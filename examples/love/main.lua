-- kinetic in LÖVE 11: springs following the mouse, every easing racing across
-- the screen, and a keyframe timeline.
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
-- dt of 1/60 s, checks that every animation reached its target, saves a
-- screenshot to $KINETIC_SCREENSHOT (when set) and quits with status 0, or 1
-- on any failure (including errors: no error screen waiting for a key).
--
-- Keys: space pauses, r restarts the race and the timeline, escape quits.

local SELFTEST = os.getenv("KINETIC_SELFTEST") == "1"
local SCREENSHOT = os.getenv("KINETIC_SCREENSHOT")
local SELFTEST_FRAMES = 540          -- 9 s at 60 Hz
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
    local x = 16 + col * 385
    race.racers[i] = {
      name = name, easing = kinetic.easing(name),
      label_x = x, x0 = x + 132, x1 = x + 372, y = top + row * row_h + row_h / 2,
      hue = (i - 1) / #names, pos = x + 132,
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

-- Self-test --------------------------------------------------------------------------
local checks, failures = 0, {}
local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures[#failures + 1] = what
    say("FAIL: ", what)
  end
end

local function scripted_mouse(f)
  -- a circle around (1030, 280) for 2.5 s, then a jump and stillness
  if f <= 150 then
    local a = f / 150 * 2 * math.pi
    return 1030 + 150 * math.cos(a), 280 + 100 * math.sin(a)
  end
  return 1100, 300
end

local function selftest_checks()
  check(kinetic._VERSION:match("^kinetic %d") ~= nil, "kinetic._VERSION: " .. tostring(kinetic._VERSION))
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
  if SELFTEST then
    say("love ", LOVE_VERSION, ", ", jit and jit.version or _VERSION,
        kinetic._ffi and " (FFI path)" or " (classic binding)", ", ", kinetic._VERSION, ", ",
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
  elseif paused then
    return
  end
  clock = clock + dt
  local mx, my
  if SELFTEST then mx, my = scripted_mouse(frame) else mx, my = love.mouse.getPosition() end
  race_update(dt)
  springs_update(dt, mx, my)
  timeline_update(dt)
end

function love.keypressed(key)
  if key == "escape" then love.event.quit(0)
  elseif key == "space" then paused = not paused
  elseif key == "r" then race.t = 0; timeline_init() end
end

local function draw_race()
  local g = love.graphics
  g.setFont(fonts.normal)
  g.setColor(1, 1, 1)
  g.print(string.format("every curve of kinetic.easings()  (%d curves, %.0f s)", #race.racers, race.duration), 16, 40)
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
  g.line(785, 40, 785, H - 10)
  draw_race()
  draw_timeline()
  draw_springs()
end
