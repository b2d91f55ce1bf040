-- The Neovim self-test of kinetic, run by tools/test-hosts.sh:
--
--   nvim --headless -u NONE --cmd "set rtp^=<repo>" -c "luafile examples/nvim/selftest.lua"
--
-- Loads kinetic through Neovim's own loader (lua/kinetic/init.lua and
-- lua/kinetic/core.so on 'runtimepath', `make nvim`), opens a real floating
-- window and animates it with the example plugin (examples/nvim), driven by a
-- libuv timer: with a spring, a retargeted spring and a timeline.  Every
-- animation must end with the window exactly on its target cell.  Then
-- kinetic.nvim, the timer that drives kinetic.animator: the example's smooth
-- scroll (a tween, a retargeted spring, the :KineticScroll command) must end
-- exactly on its target line, with the timer running only while a scroll is
-- in flight; a callback's error is reported with vim.notify and the other
-- animations go on; fps, pause and resume.  Prints
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

-- kinetic.nvim and the smooth scroll of examples/nvim -------------------------
local function scroll_tests(kinetic, here)
  local api = vim.api
  local uv = vim.uv or vim.loop
  local function wait(ms, cond) return vim.wait(ms, cond or function() return false end, 5) end
  local function seconds(t0) return (uv.hrtime() - t0) / 1e9 end

  -- 5. the helper module ---------------------------------------------------------
  local ok, kn = pcall(require, "kinetic.nvim")
  if not check(ok, "require('kinetic.nvim'): " .. tostring(kn)) then return end
  check(type(kinetic.animator) == "function", "kinetic.animator exists")
  local bad_ok, bad_err = pcall(kn.animator, { fsp = 30 })
  check(not bad_ok and tostring(bad_err):find("unknown option 'fsp'", 1, true) ~= nil,
        "kn.animator rejects an unknown option: " .. tostring(bad_err))
  bad_ok, bad_err = pcall(kn.animator, { fps = 0 })
  check(not bad_ok and tostring(bad_err):find("fps", 1, true) ~= nil,
        "kn.animator rejects fps = 0: " .. tostring(bad_err))

  local ks = require("kinetic_scroll")
  vim.cmd("source " .. vim.fn.fnameescape(here .. "/plugin/kinetic_scroll.lua"))
  check(vim.fn.exists(":KineticScroll") == 2 and vim.fn.exists(":KineticScrollTo") == 2,
        "plugin/kinetic_scroll.lua defines :KineticScroll and :KineticScrollTo")
  local anim = ks.animator
  check(tostring(anim):match("^kinetic%.Animator") ~= nil,
        "the driven animator prints as a kinetic.Animator: " .. tostring(anim))
  check(rawequal(anim:time_scale(1), anim), "a setter of the driven animator returns it")
  check(not kn.running(anim) and kn.frames(anim) == 0, "no timer before the first scroll")

  -- a 400-line buffer in the current window, cursor on line 1
  vim.cmd("enew")
  local win, buf = api.nvim_get_current_win(), api.nvim_get_current_buf()
  local lines = {}
  for i = 1, 400 do lines[i] = "line " .. i end
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.wo[win].scrolloff = 0
  api.nvim_win_set_cursor(win, { 1, 0 })
  local function view()
    local v = api.nvim_win_call(win, vim.fn.winsaveview)
    return v.topline, v.lnum
  end
  local written = {}
  ks.on_frame = function(w, v) if w == win then written[#written + 1] = v.written end end

  -- 6. a tween: line 1 -> 120 in 0.3 s -----------------------------------------------
  local done
  local t0 = uv.hrtime()
  local a = ks.scroll_to(win, 120, { duration = 0.3, on_done = function(_, top) done = top end })
  check(kn.running(anim), "scroll_to: the new animation starts the timer")
  wait(3000, function() return done ~= nil end)
  local elapsed = seconds(t0)
  check(done == 120, "scroll_to: the virtual topline ends exactly on 120, got " .. tostring(done))
  local top, lnum = view()
  check(top == 120 and lnum == 120, "scroll_to: the window's topline and cursor end on line 120, got "
        .. top .. ", " .. lnum)
  check(a:done(), "scroll_to: its animation is done")
  check(not kn.running(anim), "scroll_to: the timer stopped at the frame the scroll ended")
  check(elapsed >= 0.3, string.format("scroll_to: took its duration in real time (%.3f s)", elapsed))
  local monotonic = true
  for i = 2, #written do monotonic = monotonic and written[i] > written[i - 1] end
  check(#written >= 5 and monotonic and written[#written] == 120,
        "scroll_to: wrote the view over several frames, line after line down to 120 ("
        .. #written .. " frames: " .. table.concat(written, " ", 1, math.min(#written, 12)) .. ")")
  local idle = kn.frames(anim)
  wait(150)
  check(kn.frames(anim) == idle and not kn.running(anim), "idle: no tick in 150 ms ("
        .. idle .. " then " .. kn.frames(anim) .. ")")

  -- 7. a spring, retargeted in flight: 120 -> 150, then +30 more -> 180 ---------------
  written, done = {}, nil
  local params = { duration = 0.3, bounce = 0, on_done = function(_, t) done = t end }
  local s1 = ks.scroll(win, 30, params)
  check(kn.running(anim), "scroll: a new animation starts the timer again")
  wait(80)
  top = view()
  check(done == nil and top > 120 and top < 150, "scroll: mid-flight after 80 ms (topline " .. top .. ")")
  local s2 = ks.scroll(win, 30, params)
  check(rawequal(s1, s2), "scroll: a second scroll in flight retargets the same spring")
  wait(4000, function() return done ~= nil end)
  top, lnum = view()
  check(done == 180 and top == 180 and lnum == 180,
        "scroll: ends exactly on line 180 (view " .. tostring(done) .. ", window " .. top .. ", cursor " .. lnum .. ")")
  check(s1:done() and not kn.running(anim), "scroll: done, the timer stopped")
  check(ks.view(win) == nil, "scroll: the window's view is dropped when idle")

  -- 8. clamped at the first line; the command --------------------------------------
  done = nil
  ks.scroll(win, -1000, params)
  wait(4000, function() return done ~= nil end)
  top = view()
  check(done == 1 and top == 1, "scroll up past the top: ends exactly on line 1, got "
        .. tostring(done) .. ", " .. top)
  vim.cmd("KineticScroll 25")
  check(kn.running(anim), ":KineticScroll starts the timer")
  wait(4000, function() return not kn.running(anim) end)
  top = view()
  check(top == 26 and not kn.running(anim), ":KineticScroll 25 ends on line 26, got " .. top)

  -- 9. errors, callbacks that add work, fps, pause -----------------------------------
  local notes, notify = {}, vim.notify
  vim.notify = function(msg, level) notes[#notes + 1] = { msg = tostring(msg), level = level } end
  local an = kn.animator()
  local o1, o2, completed = { x = 0 }, { x = 0 }, 0
  an:to(o1, 0.05, { x = 1 }, { on_complete = function() error("on_complete raised on purpose") end })
  an:to(o2, 0.25, { x = 2 }, { on_complete = function() completed = completed + 1 end })
  wait(3000, function() return completed > 0 end)
  wait(50)
  vim.notify = notify
  check(#notes == 1 and notes[1].level == vim.log.levels.ERROR
        and notes[1].msg:find("on_complete raised on purpose", 1, true) ~= nil,
        "a raising callback is reported once with vim.notify at the ERROR level ("
        .. #notes .. ": " .. (notes[1] and notes[1].msg or "") .. ")")
  check(o1.x == 1 and o2.x == 2 and completed == 1,
        "after the error the other animation went on to its end (" .. o1.x .. ", " .. o2.x .. ")")
  check(not kn.running(an), "after the error: the timer stopped once the work was done")

  local chain = 0
  an:to(o1, 0.05, { x = 5 }, { on_complete = function()
    chain = 1
    an:to(o1, 0.05, { x = 6 }, { on_complete = function() chain = 2 end })
  end })
  wait(3000, function() return chain == 2 end)
  check(chain == 2 and o1.x == 6, "an on_complete that starts a new animation keeps the timer going ("
        .. chain .. ", x = " .. o1.x .. ")")
  check(not kn.running(an), "the chain's end stops the timer")

  local slow = kn.animator{ fps = 20 }
  local o3 = { x = 0 }
  slow:to(o3, 0.3, { x = 1 }, { easing = "linear" })
  check(kn.running(slow), "pause: the timer runs")
  slow:pause()
  check(not kn.running(slow), "pause: an animator paused has no timer")
  wait(120)
  check(o3.x == 0 and kn.frames(slow) == 0, "pause: nothing moved while paused (x = " .. o3.x .. ")")
  t0 = uv.hrtime()
  slow:resume()
  check(kn.running(slow), "resume: the timer runs again")
  wait(3000, function() return not kn.running(slow) end)
  elapsed = seconds(t0)
  local frames = kn.frames(slow)
  check(o3.x == 1, "fps = 20: the tween ends exactly on 1, got " .. o3.x)
  check(elapsed >= 0.3 - 1e-9, string.format("resume: the paused time was not handed out (%.3f s after resume)",
        elapsed))
  -- 50 ms ticks: about 6 for 0.3 s (fewer, longer ones on a busy machine; 60 Hz would give 18)
  check(frames >= 2 and frames <= 10, "fps = 20: about 6 ticks for 0.3 s, got " .. frames)
  vim.cmd("bwipeout! " .. buf)
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

  scroll_tests(kinetic, here)
end

local ok, err = xpcall(run, debug.traceback)
check(ok, "selftest raised: " .. tostring(err))
finish()
