-- The Neovim self-test of kinetic, run by tools/test-hosts.sh:
--
--   nvim --headless -u NONE --cmd "set rtp^=<repo>" -c "luafile examples/nvim/selftest.lua"
--
-- Loads kinetic through Neovim's own loader (lua/kinetic/init.lua and
-- lua/kinetic/core.so on 'runtimepath', `make nvim`), opens a real floating
-- window and animates it with the example plugin (examples/nvim), driven by a
-- libuv timer: with a spring, a retargeted spring and a timeline.  Every
-- animation must end with the window exactly on its target cell.  Prints
-- "nvim selftest passed (N checks)" and quits 0, or prints the failures and
-- quits 1.  Any error, including a missing kinetic API, is a failure.
local checks, failures = 0, {}

local function say(...)
  io.stdout:write(table.concat({ ... }), "\n")
  io.stdout:flush()
end

local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures[#failures + 1] = what
    say("FAIL: ", what)
  end
  return ok
end

local function fmt(x)
  return string.format("%.17g", x)
end

local function finish()
  if #failures == 0 and checks > 0 then
    say("nvim selftest passed (", checks, " checks)")
    vim.cmd("qall!")
  else
    say("nvim selftest FAILED: ", #failures, " of ", checks, " checks failed")
    vim.cmd("cquit 1")
  end
end

-- Neovim 0.7 returns float fields of nvim_win_get_config as {[false] = value}.
local function num(v)
  if type(v) == "table" then return v[false] end
  return v
end

local function win_pos(win)
  local c = vim.api.nvim_win_get_config(win)
  return num(c.row), num(c.col)
end

-- Relative closeness for numbers that went through different splits of time.
local function near(a, b, tol)
  return math.abs(a - b) <= (tol or 1e-9) * math.max(1, math.abs(a), math.abs(b))
end

local function run()
  local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
  vim.opt.runtimepath:append(here)   -- the example plugin: examples/nvim/{lua,plugin}

  -- 1. the module, through Neovim's loader --------------------------------------
  local so = vim.api.nvim_get_runtime_file("lua/kinetic/core.so", false)
  check(#so == 1, "lua/kinetic/core.so on 'runtimepath' (run `make nvim`)")
  local ok, kinetic = pcall(require, "kinetic")
  if not check(ok, "require('kinetic'): " .. tostring(kinetic)) then return end
  check(type(kinetic._VERSION) == "string" and kinetic._VERSION:match("^kinetic %d") ~= nil,
        "kinetic._VERSION is 'kinetic x.y.z', got " .. tostring(kinetic._VERSION))
  local v = vim.version()
  say("nvim ", v.major, ".", v.minor, ".", v.patch, ", ", jit and jit.version or _VERSION,
      kinetic._ffi and " (FFI path)" or " (classic binding)", ", ", kinetic._VERSION)

  local kf = require("kinetic_float")
  vim.cmd("source " .. vim.fn.fnameescape(here .. "/plugin/kinetic_float.lua"))  -- -u NONE loads no plugins
  check(vim.fn.exists(":KineticFloat") == 2, "plugin/kinetic_float.lua defines :KineticFloat")

  -- 2. a spring: (1, 1) -> (10, 40), underdamped -------------------------------
  local params = { frequency = 2, damping_ratio = 0.4 }
  local frames = {}
  local f = kf.open{ row = 1, col = 1, width = 20, height = 3, lines = { "kinetic" },
                     on_frame = function(fl, row, col, t, resting)
                       local r, c = win_pos(fl.win)
                       frames[#frames + 1] = { t = t, row = row, col = col, wrow = r, wcol = c,
                                               resting = resting }
                     end }
  local done = false
  f:spring_to(10, 40, params, function() done = true end)
  local t0 = vim.loop.hrtime()
  vim.wait(8000, function() return done end, 5)
  local elapsed = (vim.loop.hrtime() - t0) / 1e9
  check(done, "spring animation finished within 8 s (on_done called)")
  check(not f:busy(), "the frame timer is stopped once the spring rests")
  local r, c = win_pos(f.win)
  check(r == 10 and c == 40, "spring: window config ends exactly at (10, 40), got ("
        .. fmt(r) .. ", " .. fmt(c) .. ")")
  local gp = vim.api.nvim_win_get_position(f.win)
  check(gp[1] == 10 and gp[2] == 40, "spring: window grid position is (10, 40), got ("
        .. gp[1] .. ", " .. gp[2] .. ")")
  check(#frames >= 10, "spring: animated over several frames, got " .. #frames)
  check(elapsed > 0.3, "spring: took real time (" .. string.format("%.3f", elapsed) .. " s)")
  -- The window really followed the spring: every frame, at whatever dt the
  -- timer delivered, equals the exact solution at that time (a fresh spring's
  -- at(t)), and the window config holds that value.
  local ref = kinetic.spring{ frequency = 2, damping_ratio = 0.4, from = { 1, 1 }, to = { 10, 40 } }
  local maxcol, bad = -math.huge, nil
  for i, fr in ipairs(frames) do
    if not fr.resting then
      local er, ec = ref:at(fr.t)
      if not (near(fr.row, er) and near(fr.col, ec)) and not bad then
        bad = string.format("frame %d t=%.6f: (%s, %s) vs at(t) = (%s, %s)", i, fr.t,
                            fmt(fr.row), fmt(fr.col), fmt(er), fmt(ec))
      end
    end
    if fr.wrow ~= fr.row or fr.wcol ~= fr.col then
      bad = bad or string.format("frame %d: window at (%s, %s), spring at (%s, %s)", i,
                                 fmt(fr.wrow), fmt(fr.wcol), fmt(fr.row), fmt(fr.col))
    end
    maxcol = math.max(maxcol, fr.col)
  end
  check(bad == nil, "spring: every frame is the exact spring position: " .. tostring(bad))
  check(maxcol > 40.5, "spring: an underdamped spring overshoots (max col " .. fmt(maxcol) .. ")")
  check(frames[#frames].resting == true, "spring: the last frame is the resting one")

  -- 3. retarget mid-flight: (10, 40) -> (2, 5), then -> (15, 60) ----------------
  frames = {}
  done = false
  f:spring_to(2, 5, { preset = "stiff" }, function() done = true end)
  vim.wait(120, function() return false end, 5)
  check(f:busy() and not done, "retarget: the first spring is still moving after 120 ms")
  local n_before = #frames
  f:spring_to(15, 60, nil, function() done = true end)
  vim.wait(8000, function() return done end, 5)
  check(done, "retarget: finished within 8 s")
  r, c = win_pos(f.win)
  check(r == 15 and c == 60, "retarget: window ends exactly at (15, 60), got ("
        .. fmt(r) .. ", " .. fmt(c) .. ")")
  -- continuity: no jump at the retarget (velocity kept), so the step right after
  -- it is as small as the steps right before it would suggest.
  if n_before >= 2 and #frames > n_before + 1 then
    local a, b, d = frames[n_before - 1], frames[n_before], frames[n_before + 1]
    local v1 = math.abs(b.col - a.col) / math.max(b.t - a.t, 1e-3)
    local v2 = math.abs(d.col - b.col) / math.max(d.t - b.t, 1e-3)
    check(v2 < 3 * v1 + 50, string.format("retarget: continuous motion (%.1f then %.1f cells/s)", v1, v2))
  else
    check(false, "retarget: frames around the retarget (" .. n_before .. ", " .. #frames .. ")")
  end

  -- 4. a timeline: (15, 60) -> (3, 10) -> (8, 30) -------------------------------
  frames = {}
  done = false
  local def = {
    { to = { 3, 10 }, duration = 0.3, easing = "ease-out" },
    { to = { 8, 30 }, duration = 0.2, easing = kinetic.bezier(0.2, 0, 0, 1) },
  }
  local tl = f:play(def, function() done = true end)
  t0 = vim.loop.hrtime()
  vim.wait(5000, function() return done end, 5)
  elapsed = (vim.loop.hrtime() - t0) / 1e9
  check(done, "timeline finished within 5 s")
  check(tl:done(), "timeline: tl:done()")
  check(tl:duration() == 0.5, "timeline: duration() is 0.5, got " .. tostring(tl:duration()))
  check(elapsed >= 0.5, "timeline: took at least its duration (" .. string.format("%.3f", elapsed) .. " s)")
  r, c = win_pos(f.win)
  check(r == 8 and c == 30, "timeline: window ends exactly at (8, 30), got (" .. fmt(r) .. ", " .. fmt(c) .. ")")
  gp = vim.api.nvim_win_get_position(f.win)
  check(gp[1] == 8 and gp[2] == 30, "timeline: grid position (8, 30), got (" .. gp[1] .. ", " .. gp[2] .. ")")
  check(#frames >= 10, "timeline: animated over several frames, got " .. #frames)
  -- each frame equals the pure tl:at(t) of the same definition
  local tl2 = kinetic.timeline{ from = { 15, 60 }, def[1], def[2] }
  bad = nil
  for i, fr in ipairs(frames) do
    local er, ec = tl2:at(fr.t)
    if not (near(fr.row, er) and near(fr.col, ec)) then
      bad = bad or string.format("frame %d t=%.6f: (%s, %s) vs at(t) = (%s, %s)", i, fr.t,
                                 fmt(fr.row), fmt(fr.col), fmt(er), fmt(ec))
    end
  end
  check(bad == nil, "timeline: every frame is tl:at(t): " .. tostring(bad))
  -- passes through the first keyframe's neighbourhood (3, 10) at t = 0.3
  local kr, kc = tl2:at(0.3)
  check(kr == 3 and kc == 10, "timeline: at(0.3) is the keyframe (3, 10), got (" .. fmt(kr) .. ", " .. fmt(kc) .. ")")

  f:close()
  check(not vim.api.nvim_win_is_valid(f.win), "float closed")
end

local ok, err = xpcall(run, debug.traceback)
check(ok, "selftest raised: " .. tostring(err))
finish()
