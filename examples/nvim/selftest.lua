-- The Neovim self-test of kinetic, run by tools/test/test-hosts.sh:
--
--   nvim --headless -u NONE --cmd "set rtp^=<repo>" -c "luafile examples/nvim/selftest.lua"
--
-- Loads kinetic through Neovim's own loader (lua/kinetic/init.lua and
-- lua/kinetic/core.so on 'runtimepath', `make nvim`), opens a real floating
-- window and animates it with the example plugin (examples/nvim), driven by a
-- libuv timer: with a spring, a retargeted spring and a timeline.  Every
-- animation must end with the window exactly on its target cell.  Then
-- the example's smooth scroll: scroll_to moves whole lines on the step
-- schedule of kinetic.step_times (every line the window shows is recorded
-- with its time and checked against the schedule: whole lines in order, none
-- before its time, none more than 60 ms after it), and a new scroll_to or
-- scroll replaces a schedule from the line shown; the spring of scroll
-- (retargeted, the :KineticScroll command) runs on kinetic.nvim, the timer
-- that drives kinetic.animator.  Every scroll must end exactly on its target
-- line, with its timer running only while a scroll is in flight; a
-- callback's error is reported with vim.notify and the other
-- animations go on; fps, pause and resume.  The example's momentum
-- scrolling (wheel): a burst of wheel events 20 ms apart is ONE fling whose
-- velocity grows, writing whole, monotone top lines and ending at rest on
-- the motion's final position; a burst at the buffer's end springs back to
-- its last line, one at the start to line 1; a scroll replaces a fling;
-- :KineticScrollWheel maps the wheel (nothing is mapped before it).  Then
-- kinetic.nvim's sleeping timer: a window's top line scrolled 1 -> 9 in
-- 0.4 s with round = true, once on kn.animator() (which sleeps until
-- anim:next_change()) and once on kn.animator{ sleep = false } (a tick
-- every 60 fps frame), must show the same lines in the same order (every
-- one of 1 .. 9; both run again, at most 3 times, when a scheduler stall
-- skipped a line), end on line 9, and take strictly fewer wake-ups asleep
-- (both counts are printed); with vim.g.kinetic_reduced_motion = true the
-- scroll completes in one update; new work wakes a sleeping timer at once,
-- kn.wake after a handle's change, and a paused handle's a:resume() is seen
-- by a timer that looks again every 250 ms.  Last,
-- the example's highlight fade (kinetic_fade): a group faded frame by frame
-- on a plain animator shows kinetic.mix(from, to, E(p), "oklab"):hex() for
-- the eased progress of a:progress() on every frame, its bg and bold kept,
-- and ends exactly on its target; red to blue passes the OKLab midpoint,
-- not sRGB's #800080 (which color_space = "srgb" gives); an oklch() target
-- the longer way round; a second fade goes on from the colour shown; a
-- spring fade retargeted in flight rests on its new target; :KineticFade
-- and :KineticFade! on kinetic.nvim's timer; bad colours, an unknown group
-- and an integer (nvim's) colour in the state are errors naming the field.  Prints
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

  -- 6. scroll_to: whole lines on a step schedule ----------------------------------------
  -- Every write of the top line is recorded by the plugin's hook, with the
  -- window's real top line and cursor and the time (uv.hrtime) it happened.
  local recs = {}
  ks.on_frame = function(w, v)
    if w ~= win then return end
    local s = v.schedule
    local wtop, wlnum = view()
    recs[#recs + 1] = { line = v.written, top = wtop, lnum = wlnum, hr = uv.hrtime(), s = s,
                        now = s and s.now }
  end
  local function recs_of(s)
    local out = {}
    for _, r in ipairs(recs) do if r.s == s then out[#out + 1] = r end end
    return out
  end
  -- A finished schedule's writes against kinetic.step_times: whole lines only,
  -- one step after another (a jump of several lines only for steps that fell
  -- due together, between two wake-ups), each written no earlier than its t_k
  -- and no later than slack after the first step it shows, the last on the
  -- target line.
  local SLACK = 0.06
  local function check_schedule(name, s, easing, duration)
    local want = kinetic.step_times(easing, s.n, duration)
    local same = #s.times == #want
    for i = 1, #want do same = same and s.times[i] == want[i] end
    check(same, name .. ": its times are kinetic.step_times(easing, " .. s.n .. ", " .. duration .. ")")
    local rs, bad, prev_k, prev_now, jumps, late = recs_of(s), nil, 0, nil, 0, 0
    for i, r in ipairs(rs) do
      local t = (r.hr - s.started) / 1e9
      local k = (r.line - s.from) * s.dir
      local first = s.times[prev_k + 1]
      local why
      if r.line ~= math.floor(r.line) or r.top ~= r.line then
        why = "not the whole line the window shows (" .. r.line .. ", window " .. r.top .. ")"
      elseif r.lnum ~= r.top + (s.from_lnum - s.from) then
        why = "the cursor did not move with the view (" .. r.lnum .. ")"
      elseif k <= prev_k or k > s.n then
        why = "step " .. k .. " after step " .. prev_k
      elseif t < s.times[k] or r.now < s.times[k] then
        why = string.format("step %d written at %.4f s, due at %.4f s", k, t, s.times[k])
      elseif k < s.n and s.times[k + 1] <= r.now then
        why = string.format("step %d written at %.4f s while step %d was due (%.4f s)", k, r.now, k + 1,
                            s.times[k + 1])
      elseif k > prev_k + 1 and prev_now and first <= prev_now then
        why = string.format("steps %d..%d written together, but step %d was due at the wake-up before",
                            prev_k + 1, k, prev_k + 1)
      elseif t > first + SLACK then
        why = string.format("step %d written at %.4f s, due at %.4f s (more than %d ms late)", prev_k + 1,
                            t, first, SLACK * 1000)
      end
      if why and not bad then bad = "write " .. i .. ": " .. why end
      if k > prev_k + 1 then jumps = jumps + 1 end
      late = math.max(late, t - first)
      prev_k, prev_now = k, r.now
    end
    check(bad == nil and prev_k == s.n and #rs > 0 and rs[#rs].line == s.target,
          string.format("%s: %d writes of whole lines, %d -> %d on the schedule (%d jumps, latest %.1f ms "
                        .. "after its step): %s", name, #rs, s.from, rs[#rs] and rs[#rs].line or -1, jumps,
                        late * 1000, tostring(bad)))
    return rs
  end
  local function start(s)
    local top0, lnum0 = view()
    s.from_lnum = lnum0 + (s.from - top0)
    return s
  end

  -- 6a. line 1 -> 31: 30 lines, outCubic, 0.3 s
  local done
  local t0 = uv.hrtime()
  local s = start(ks.scroll_to(win, 31, { easing = "outCubic", duration = 0.3,
                                          on_done = function(_, top) done = top end }))
  check(getmetatable(s) ~= nil and s.from == 1 and s.target == 31 and s.n == 30 and s.dir == 1
        and not s:done(), "scroll_to: returns its schedule, 30 lines down from line 1")
  check(ks.busy() and not kn.running(anim), "scroll_to: busy on its own timer, not on the animator's")
  wait(3000, function() return done ~= nil end)
  local elapsed = seconds(t0)
  check(done == 31, "scroll_to: on_done with the top line 31, got " .. tostring(done))
  local top, lnum = view()
  check(top == 31 and lnum == 31, "scroll_to: the window's topline and cursor end on line 31, got "
        .. top .. ", " .. lnum)
  check(s:done() and s.state == "done" and not ks.busy() and ks.view(win) == nil,
        "scroll_to: the schedule is done, nothing busy, the view dropped (" .. s.state .. ")")
  check(s.times[30] > 0.29 and s.times[30] <= 0.3 and elapsed >= s.times[30],
        string.format("scroll_to: the last line is due when outCubic reaches 1 (%.6f s), took %.3f s",
                      s.times[30], elapsed))
  check_schedule("scroll_to 1 -> 31, outCubic", s, "outCubic", 0.3)
  local n_recs, idle = #recs, kn.frames(anim)
  wait(150)
  check(#recs == n_recs and kn.frames(anim) == idle and not kn.running(anim),
        "idle: no write and no tick in 150 ms")

  -- 6b. up, 31 -> 26 with an easing object: 5 steps 0.1 s apart, one wake-up each
  done = nil
  s = start(ks.scroll_to(win, 26, { easing = kinetic.easing("linear"), duration = 0.5,
                                    on_done = function(_, t) done = t end }))
  wait(3000, function() return done ~= nil end)
  local rs = check_schedule("scroll_to 31 -> 26, linear object", s, kinetic.easing("linear"), 0.5)
  local lines_up = {}
  for i, r in ipairs(rs) do lines_up[i] = r.line end
  check(done == 26 and s.dir == -1 and table.concat(lines_up, " ") == "30 29 28 27 26",
        "scroll_to up: line by line 30 .. 26, got " .. table.concat(lines_up, " "))
  check(s.wakes >= 5 and s.wakes <= 10, "scroll_to: sleeps until the next step (" .. s.wakes
        .. " wake-ups for 5 steps in 0.5 s; a 60 Hz poll would take 30)")

  -- 6c. interrupted: 26 -> 226 (linear, 0.4 s), replaced after 150 ms by -> 120
  local done1, done2
  local sa = start(ks.scroll_to(win, 226, { easing = "linear", duration = 0.4,
                                            on_done = function(_, t) done1 = t end }))
  wait(150)
  local shown = view()
  local t_int = uv.hrtime()
  local sb = start(ks.scroll_to(win, 120, { easing = "outCubic", duration = 0.2,
                                            on_done = function(_, t) done2 = t end }))
  check(sa.state == "replaced" and sa:done() and sa.k > 0 and sa.k < sa.n,
        "interrupt: the first schedule is replaced mid-way (" .. sa.state .. ", step " .. sa.k .. ")")
  check(sb.from == shown and sb.from == sa.from + sa.k and sb.target == 120
        and sb.n == math.abs(120 - shown),
        "interrupt: the new schedule starts from the whole line shown (" .. shown .. ", from " .. sb.from .. ")")
  check(ks.view(win).schedule == sb, "interrupt: the window's view follows the new schedule")
  wait(3000, function() return done2 ~= nil end)
  wait(60)
  local stray = 0
  for _, r in ipairs(recs_of(sa)) do if r.hr > t_int then stray = stray + 1 end end
  check(stray == 0 and done1 == nil, "interrupt: no write and no on_done from the replaced schedule ("
        .. stray .. ", " .. tostring(done1) .. ")")
  if sb.n > 0 then check_schedule("interrupt: the new schedule " .. shown .. " -> 120", sb, "outCubic", 0.2) end
  top, lnum = view()
  check(done2 == 120 and top == 120 and lnum == 120, "interrupt: ends exactly on line 120 (on_done "
        .. tostring(done2) .. ", window " .. top .. ", cursor " .. lnum .. ")")
  check(not ks.busy() and not kn.running(anim), "interrupt: nothing busy at the end")

  -- 7. a spring, retargeted in flight: 120 -> 150, then +30 more -> 180 ---------------
  done = nil
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

  -- 8b. a schedule replaced by a spring, a spring by a schedule; the command ----------
  local sd, pd
  s = ks.scroll_to(win, 226, { easing = "linear", duration = 0.4, on_done = function(_, t) sd = t end })
  wait(100)
  shown = view()
  local sp = ks.scroll(win, 10, { duration = 0.3, bounce = 0, on_done = function(_, t) pd = t end })
  check(s.state == "replaced" and ks.view(win).schedule == nil and ks.view(win).target == shown + 10,
        "scroll after scroll_to: replaces the schedule, target the line shown + 10 (" .. shown .. " + 10, got "
        .. tostring(ks.view(win).target) .. ")")
  wait(4000, function() return pd ~= nil end)
  top = view()
  check(pd == shown + 10 and top == shown + 10 and sd == nil and sp:done(),
        "scroll after scroll_to: the spring ends exactly on line " .. (shown + 10) .. " (on_done "
        .. tostring(pd) .. ", window " .. top .. "), the schedule's on_done not called")

  pd, sd = nil, nil
  sp = ks.scroll(win, 60, { duration = 0.4, bounce = 0, on_done = function(_, t) pd = t end })
  wait(80)
  local v8 = ks.view(win)
  shown = view()
  s = start(ks.scroll_to(win, 30, { easing = "outCubic", duration = 0.2, on_done = function(_, t) sd = t end }))
  check(sp:done() and s.from == shown and v8.written == shown,
        "scroll_to after scroll: stops the spring, the schedule starts from the line shown (" .. shown .. ")")
  wait(3000, function() return sd ~= nil end)
  wait(60)
  top = view()
  check(sd == 30 and top == 30 and pd == nil and not ks.busy() and not kn.running(anim),
        "scroll_to after scroll: ends exactly on line 30, the spring's on_done not called, nothing busy")
  check_schedule("scroll_to after scroll " .. shown .. " -> 30", s, "outCubic", 0.2)

  recs = {}
  vim.cmd("KineticScrollTo 50")
  check(ks.busy(), ":KineticScrollTo starts a schedule")
  s = start(ks.view(win).schedule)
  wait(3000, function() return not ks.busy() end)
  top = view()
  check(top == 50, ":KineticScrollTo 50 ends on line 50, got " .. top)
  check(s.n == 20 and s.from == 30, ":KineticScrollTo: 20 lines from 30")
  check_schedule(":KineticScrollTo 50 (defaults)", s, ks.easing, ks.duration)
  ks.on_frame = nil

  local bad_to = pcall(ks.scroll_to, win, 10, { duration = 0 })
  check(not bad_to and not ks.busy() and ks.view(win) == nil and view() == 50,
        "scroll_to with duration 0 raises and changes nothing")
  sd = nil
  s = ks.scroll_to(win, 50, { on_done = function(_, t) sd = t end })
  wait(1000, function() return sd ~= nil end)
  check(s.n == 0 and sd == 50 and s.state == "done" and not ks.busy(),
        "scroll_to the line shown: no step, on_done with line 50")
  vim.cmd("split")
  local win2 = api.nvim_get_current_win()
  s = ks.scroll_to(win2, 300, { easing = "linear", duration = 0.3 })
  wait(60)
  api.nvim_win_close(win2, true)
  wait(100)
  check(s.state == "replaced" and not ks.busy() and ks.view(win2) == nil,
        "a window closed mid-schedule: the schedule ends, its view is dropped (" .. s.state .. ")")
  api.nvim_set_current_win(win)

  -- 8c. momentum scrolling: ks.wheel --------------------------------------------------
  -- Every write during a fling is recorded with the fling moving the view;
  -- the window's top line, the cursor and the motion's fractional position.
  local wrecs = {}
  ks.on_frame = function(w, v)
    if w ~= win then return end
    local wtop, wlnum = view()
    wrecs[#wrecs + 1] = { line = v.written, top = wtop, lnum = wlnum, fling = v.fling, pos = v.topline }
  end
  local LAST = api.nvim_buf_line_count(buf)
  -- A burst of n wheel events of `step` lines, `gap` ms apart, from top line
  -- `from` (cursor on it): the flings returned, the velocity after each event,
  -- the highest and lowest position of the motion while it runs (sampled
  -- every 5 ms), the on_done line.
  local function burst(from, n, step, gap)
    api.nvim_win_call(win, function() vim.fn.winrestview({ topline = from, lnum = from }) end)
    wrecs = {}
    local b = { flings = {}, vels = {}, hi = -math.huge, lo = math.huge, timers = 0 }
    local new_timer = uv.new_timer                 -- count the timers the burst starts
    uv.new_timer = function(...) b.timers = b.timers + 1; return new_timer(...) end
    local function sample()
      local f = b.flings[1]
      if f then
        local x = f.motion:position()
        b.hi, b.lo = math.max(b.hi, x), math.min(b.lo, x)
      end
    end
    for i = 1, n do
      b.flings[i] = ks.wheel(win, step, { on_done = function(_, t) b.done = t end })
      b.vels[i] = b.flings[i].velocity
      if i < n then wait(gap, function() sample(); return false end) end
    end
    uv.new_timer = new_timer
    wait(5000, function() sample(); return b.flings[1]:done() end)
    wait(30)
    b.f = b.flings[1]
    local distinct, seen = 0, {}
    for _, f in ipairs(b.flings) do if not seen[f] then seen[f], distinct = true, distinct + 1 end end
    for _, r in ipairs(wrecs) do if not seen[r.fling] then seen[r.fling], distinct = true, distinct + 1 end end
    b.distinct = distinct
    -- the writes: whole lines the window shows, the cursor on the same line of
    -- the view, within [1, LAST]
    local bad
    for i, r in ipairs(wrecs) do
      if r.line ~= math.floor(r.line) or r.top ~= r.line or r.lnum ~= r.top or r.line < 1 or r.line > LAST then
        bad = bad or string.format("write %d: line %s, window %d, cursor %d", i, tostring(r.line), r.top, r.lnum)
      end
    end
    b.bad = bad
    return b
  end
  local function lines_of(recs_)
    local out = {}
    for i, r in ipairs(recs_) do out[i] = r.line end
    return table.concat(out, " ")
  end

  -- a burst of 5 events, 3 lines each, 20 ms apart, from line 50
  local b = burst(50, 5, 3, 20)
  local f = b.f
  check(getmetatable(f) ~= nil and b.distinct == 1 and f.events == 5 and b.timers == 1,
        "wheel: a burst of 5 events is ONE fling (" .. b.distinct .. " distinct, " .. tostring(f.events)
        .. " events on it, " .. b.timers .. " timer started)")
  check(anim:count() == 0 and not kn.running(anim), "wheel: no animation on the animator")
  check(b.vels[5] > b.vels[1] and b.vels[1] > 0,
        string.format("wheel: the velocity accumulates (%.3f lines/s after the 1st event, %.3f after the 5th)",
                      b.vels[1], b.vels[5]))
  local mono = true
  for i = 2, #wrecs do mono = mono and wrecs[i].line > wrecs[i - 1].line end
  check(b.bad == nil and #wrecs >= 3 and mono,
        "wheel: whole top lines, cursor following, monotone (" .. #wrecs .. " writes: " .. lines_of(wrecs) .. "): "
        .. tostring(b.bad))
  top, lnum = view()
  local final = f.motion:final_position()
  check(f.state == "done" and f.motion:done() and top == math.floor(final + 0.5) and top == 65
        and b.done == 65 and lnum == 65 and top >= 1 and top <= LAST,
        string.format("wheel: at rest on the motion's final position %.17g = line 65 (window %d, cursor %d, "
                      .. "on_done %s, %s)", final, top, lnum, tostring(b.done), f.state))
  check(not ks.busy() and ks.view(win) == nil and f.timer == nil, "wheel: nothing busy, the view dropped at rest")

  -- a burst at the end of the buffer: past the last line, springs back to it
  b = burst(LAST - 8, 5, 3, 20)
  f = b.f
  top = view()
  local hi_line = 0
  for _, r in ipairs(wrecs) do hi_line = math.max(hi_line, r.line) end
  check(b.distinct == 1 and b.timers == 1 and b.bad == nil and hi_line <= LAST,
        "wheel at the end: one fling, whole lines within the buffer (" .. lines_of(wrecs) .. "): " .. tostring(b.bad))
  check(b.hi > LAST and f.motion:final_position() == LAST and top == LAST and b.done == LAST and f.state == "done",
        string.format("wheel at the end: the motion goes past line %d (to %.3f) and springs back to it "
                      .. "(window %d, on_done %s)", LAST, b.hi, top, tostring(b.done)))

  -- and at the start, upwards
  b = burst(7, 5, -3, 20)
  top = view()
  check(b.distinct == 1 and b.bad == nil and b.lo < 1 and top == 1 and b.done == 1,
        string.format("wheel at the start: past line 1 (to %.3f), back to it (window %d, on_done %s): %s",
                      b.lo, top, tostring(b.done), tostring(b.bad)))

  -- an event the other way brakes the fling (the velocity held + the impulse)
  api.nvim_win_call(win, function() vim.fn.winrestview({ topline = 100, lnum = 100 }) end)
  f = ks.wheel(win, 30)
  wait(40)
  local v_held = f.motion:velocity()
  ks.wheel(win, -3)
  check(f.velocity < v_held and f.velocity > 0 and f.events == 2,
        string.format("wheel: an event upwards brakes the fling (%.3f -> %.3f lines/s)", v_held, f.velocity))
  -- a scroll replaces a fling from the line shown; a wheel replaces a spring
  wait(40)
  shown = view()
  pd = nil
  ks.scroll(win, 5, { duration = 0.2, bounce = 0, on_done = function(_, t) pd = t end })
  check(f.state == "replaced" and ks.view(win).fling == nil and ks.view(win).target == shown + 5,
        "scroll after wheel: replaces the fling, target the line shown + 5 (" .. shown .. ")")
  wait(4000, function() return pd ~= nil end)
  top = view()
  check(pd == shown + 5 and top == shown + 5, "scroll after wheel: ends on line " .. (shown + 5) .. ", got " .. top)
  sp = ks.scroll(win, 40, { duration = 0.4, bounce = 0 })
  wait(60)
  shown = view()
  local wd
  f = ks.wheel(win, 3, { on_done = function(_, t) wd = t end })
  check(sp:done() and f.events == 1, "wheel after scroll: stops the spring (" .. shown .. ")")
  wait(5000, function() return wd ~= nil end)
  top = view()
  check(wd == shown + 3 and top == shown + 3 and not ks.busy(),
        "wheel after scroll: one event from the line shown travels its 3 lines (" .. shown .. " -> " .. top .. ")")
  vim.cmd("split")
  local win3 = api.nvim_get_current_win()
  f = ks.wheel(win3, 30)
  wait(50)
  api.nvim_win_close(win3, true)
  wait(100)
  check(f.state == "replaced" and f.timer == nil and not ks.busy() and ks.view(win3) == nil,
        "a window closed mid-fling: the fling ends, its view is dropped (" .. f.state .. ")")
  api.nvim_set_current_win(win)
  ks.on_frame = nil

  -- the plugin: nothing mapped by default; :KineticScrollWheel maps the wheel
  check(vim.fn.exists(":KineticScrollWheel") == 2 and vim.fn.maparg("<ScrollWheelDown>", "n") == ""
        and vim.fn.maparg("<ScrollWheelUp>", "n") == "",
        "plugin: :KineticScrollWheel exists, the wheel is not mapped by default")
  vim.cmd("KineticScrollWheel")
  local mapped = vim.fn.maparg("<ScrollWheelDown>", "n", false, true)
  check(type(mapped) == "table" and next(mapped) ~= nil and vim.fn.maparg("<ScrollWheelUp>", "x") ~= "",
        ":KineticScrollWheel maps <ScrollWheelDown> and <ScrollWheelUp>")
  local top0 = view()
  wd = nil
  api.nvim_feedkeys(api.nvim_replace_termcodes("<ScrollWheelDown>", true, false, true), "mx", false)
  local fk = ks.view(win) and ks.view(win).fling
  check(fk ~= nil and fk.events == 1, "the mapped <ScrollWheelDown> starts a fling")
  wait(5000, function() return not ks.busy() end)
  top = view()
  check(top == top0 + 3, "the mapped <ScrollWheelDown>: 3 lines down (" .. top0 .. " -> " .. top .. ")")
  vim.cmd("KineticScrollWheel!")
  check(vim.fn.maparg("<ScrollWheelDown>", "n") == "" and vim.fn.maparg("<ScrollWheelUp>", "x") == "",
        ":KineticScrollWheel! removes the mappings")

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

-- kinetic.nvim sleeping until anim:next_change(): a scroll with round = true --
local function sleep_tests()
  local api = vim.api
  local kn = require("kinetic.nvim")
  local function wait(ms, cond) return vim.wait(ms, cond or function() return false end, 5) end

  local bad_ok, bad_err = pcall(kn.animator, { sleep = 1 })
  check(not bad_ok and tostring(bad_err):find("sleep", 1, true) ~= nil,
        "kn.animator rejects sleep = 1: " .. tostring(bad_err))

  -- a 100-line buffer in the current window
  vim.cmd("enew")
  local win, buf = api.nvim_get_current_win(), api.nvim_get_current_buf()
  local lines = {}
  for i = 1, 100 do lines[i] = "line " .. i end
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.wo[win].scrolloff = 0
  local function topline() return api.nvim_win_call(win, vim.fn.winsaveview).topline end
  local function set_top(n)
    api.nvim_win_call(win, function() vim.fn.winrestview({ topline = n, lnum = n }) end)
  end

  -- 14. the window's top line 1 -> 9 (linear, 0.4 s, round = true): a line
  -- every 50 ms.  Returns the distinct top lines the window showed, in
  -- order, the ticks the scroll took, whether it completed (and the timer
  -- stopped), and the first fractional value written, if any.
  local FROM, TO, DUR = 1, 9, 0.4
  local function scroll(anim)
    set_top(FROM)
    local view = { top = FROM }
    local shown, bad, done = { FROM }, nil, false
    local f0 = kn.frames(anim)
    anim:to(view, DUR, { top = TO }, { easing = "linear", round = true,
      on_update = function()
        if view.top ~= math.floor(view.top) then bad = bad or tostring(view.top) end
        set_top(view.top)
        local t = topline()
        if t ~= shown[#shown] then shown[#shown + 1] = t end
      end,
      on_complete = function() done = true end })
    wait(3000, function() return done and not kn.running(anim) end)
    return shown, kn.frames(anim) - f0, done and not kn.running(anim), bad
  end
  local full = {}
  for i = FROM, TO do full[#full + 1] = i end
  full = table.concat(full, " ")
  -- a scheduler stall of more than a line's 50 ms skips a line in either
  -- mode: then both run again (at most 3 times)
  local sleeping, ticking = kn.animator(), kn.animator{ sleep = false }
  local s_shown, s_wakes, s_done, s_bad, t_shown, t_wakes, t_done, t_bad
  local tries = 0
  repeat
    tries = tries + 1
    s_shown, s_wakes, s_done, s_bad = scroll(sleeping)
    t_shown, t_wakes, t_done, t_bad = scroll(ticking)
  until tries == 3 or (table.concat(s_shown, " ") == full and table.concat(t_shown, " ") == full)
  local s_seq, t_seq = table.concat(s_shown, " "), table.concat(t_shown, " ")
  say("kinetic.nvim: scroll ", FROM, " -> ", TO, " with round = true in ", DUR, " s: ", s_wakes,
      " wake-ups sleeping on next_change, ", t_wakes, " ticking at 60 fps",
      tries > 1 and (" (" .. tries .. " runs)") or "")
  check(s_done and t_done and s_bad == nil and t_bad == nil,
        "sleep: the rounded scroll completes in both modes, the timer stopped, whole lines written ("
        .. tostring(s_bad) .. ", " .. tostring(t_bad) .. ")")
  check(s_seq == t_seq and s_seq == full,
        "sleep: the window shows the same lines in the same order sleeping (" .. s_seq .. ") and at 60 fps ("
        .. t_seq .. "), every line of " .. full)
  check(s_shown[#s_shown] == TO and t_shown[#t_shown] == TO and topline() == TO,
        "sleep: both end on line " .. TO .. " (" .. s_shown[#s_shown] .. ", " .. t_shown[#t_shown] .. ")")
  check(s_wakes < t_wakes, "sleep: fewer wake-ups sleeping on next_change (" .. s_wakes .. ") than at 60 fps ("
        .. t_wakes .. ")")

  -- 15. vim.g.kinetic_reduced_motion: read at each tick, and when an animator is made
  vim.g.kinetic_reduced_motion = true
  local r_shown, r_wakes, r_done = scroll(sleeping)
  check(r_done and r_wakes == 1 and table.concat(r_shown, " ") == FROM .. " " .. TO
        and sleeping:reduced_motion() == true,
        "reduced motion: with vim.g.kinetic_reduced_motion the scroll completes in one update ("
        .. r_wakes .. " ticks, lines " .. table.concat(r_shown, " ") .. ")")
  check(kn.animator():reduced_motion() == true, "reduced motion: an animator made while it is set has it on")
  vim.g.kinetic_reduced_motion = nil
  local o = { x = 0 }
  sleeping:to(o, 0.1, { x = 1 })
  wait(1000, function() return kn.frames(sleeping) > 0 and o.x > 0 end)
  check(sleeping:reduced_motion() == false and o.x > 0 and o.x < 1,
        "reduced motion: off again at the next tick once the global is unset (x = " .. o.x .. ")")
  sleeping:stop()

  -- 16. new work wakes a sleeping timer; kn.wake after a handle's change
  local uv = vim.uv or vim.loop
  local slow, quick = { x = 0 }, { y = 0 }
  local f0 = kn.frames(sleeping)
  local h = sleeping:to(slow, 2, { x = 2 }, { easing = "linear", round = true })  -- first change at 0.5 s
  wait(100)
  local asleep = kn.frames(sleeping) - f0
  check(kn.running(sleeping) and asleep <= 2, "wake: asleep until x rounds to 1 (" .. asleep
        .. " ticks in its first 100 ms)")
  local ended
  local t0 = uv.hrtime()
  sleeping:to(quick, 0.1, { y = 1 }, { on_complete = function() ended = (uv.hrtime() - t0) / 1e9 end })
  wait(1000, function() return ended ~= nil end)
  check(ended and ended < 0.3 and quick.y == 1 and slow.x == 0,
        string.format("wake: a 0.1 s tween started while the timer sleeps runs at once (done after %.3f s, "
                      .. "y = %s, x = %s)", ended or -1, quick.y, slow.x))
  h:finish()
  check(rawequal(kn.wake(sleeping), sleeping), "kn.wake returns the animator")
  wait(200, function() return not kn.running(sleeping) end)
  check(slow.x == 2 and not kn.running(sleeping), "kn.wake after a:finish(): the timer stops within a frame")

  -- 17. an animation paused through its handle: the timer looks again every 250 ms
  o.x = 0
  h = sleeping:to(o, 0.1, { x = 1 }, { easing = "linear" })
  wait(40)
  h:pause()
  wait(30)
  f0 = kn.frames(sleeping)
  wait(400)
  local idle = kn.frames(sleeping) - f0
  check(kn.running(sleeping) and idle >= 1 and idle <= 4 and o.x < 1,
        "watch: a paused animation keeps the timer, asleep (" .. idle .. " ticks in 400 ms)")
  h:resume()
  wait(1000, function() return not kn.running(sleeping) end)
  check(o.x == 1 and not kn.running(sleeping), "watch: a:resume() through the handle plays it to its end (x = "
        .. o.x .. ")")
  vim.cmd("bwipeout! " .. buf)
end

-- kinetic_fade: a highlight group faded in OKLab ------------------------------
local function fade_tests(kinetic, here)
  local api = vim.api
  local kn = require("kinetic.nvim")
  local kfade = require("kinetic_fade")
  vim.cmd("source " .. vim.fn.fnameescape(here .. "/plugin/kinetic_fade.lua"))
  check(vim.fn.exists(":KineticFade") == 2, "plugin/kinetic_fade.lua defines :KineticFade")

  local G = "KineticFadeTest"
  -- the group as Neovim has it: fg and bg as "#rrggbb" (nvim_get_hl_by_name before 0.9)
  local function raw_hl()
    if api.nvim_get_hl then return api.nvim_get_hl(0, { name = G }) end
    local d = api.nvim_get_hl_by_name(G, true)
    return { fg = d.foreground, bg = d.background, bold = d.bold }
  end
  local function hl()
    local d = raw_hl()
    return d.fg and string.format("#%06x", d.fg), d.bg and string.format("#%06x", d.bg)
  end
  local function bold() return raw_hl().bold == true end
  api.nvim_set_hl(0, G, { fg = "#ff0000", bg = "#0000ff", bold = true })
  local fg, bg = hl()
  check(fg == "#ff0000" and bg == "#0000ff" and bold(), "fade: the group starts red on blue, bold ("
        .. tostring(fg) .. " on " .. tostring(bg) .. ")")

  -- 10. a tween, frame by frame on a plain animator: every frame is the OKLab mix
  -- at the eased progress
  local A = kinetic.animator()
  local E = kinetic.easing("outCubic")
  local DT = 1 / 60
  local done
  local a = kfade.fade(G, { fg = "#0000ff" }, { animator = A, duration = 0.5, easing = "outCubic",
                                                on_done = function(g) done = g end })
  check(tostring(a):match("^kinetic%.Animation") ~= nil and hl() == "#ff0000",
        "fade: returns the animation; nothing written before the first frame (" .. hl() .. ")")
  local nframes, bad, moved, prev_p = 0, nil, 0, -1
  for i = 1, 40 do
    A:update(DT)
    nframes = nframes + 1
    local p = a:progress()
    local want = kinetic.mix("#ff0000", "#0000ff", E:eval(p), "oklab"):hex()
    fg, bg = hl()
    if fg ~= want or bg ~= "#0000ff" or not bold() or p < prev_p
       or (i < 30 and not near(p, i * DT / 0.5, 1e-12)) then
      bad = bad or string.format("frame %d: p = %.17g, fg %s (mix %s), bg %s, bold %s", i, p, fg, want, bg,
                                 tostring(bold()))
    end
    if fg ~= "#ff0000" and fg ~= "#0000ff" then moved = moved + 1 end
    prev_p = p
  end
  check(bad == nil and moved >= 25, "fade: each of " .. nframes .. " frames shows kinetic.mix(from, to, "
        .. "outCubic(p), 'oklab'):hex(), bg and bold kept (" .. moved .. " in-between colours): " .. tostring(bad))
  fg = hl()
  check(fg == "#0000ff" and a:done() and a:progress() == 1 and done == G and A:count() == 0,
        "fade: ends exactly on the target #0000ff, on_done(group) (" .. fg .. ", " .. tostring(done) .. ")")

  -- the midpoint of red -> blue: OKLab's clear purple, not sRGB's muddy #800080
  local mid = kinetic.mix("#ff0000", "#0000ff", 0.5):hex()
  check(mid ~= "#800080" and kinetic.mix("#ff0000", "#0000ff", 0.5, "srgb"):hex() == "#800080",
        "mix: red/blue at 0.5 is " .. mid .. " in OKLab, #800080 in sRGB")
  api.nvim_set_hl(0, G, { fg = "#ff0000", bg = "#0000ff", bold = true })
  kfade.fade(G, { fg = "#0000ff" }, { animator = A, duration = 1, easing = "linear" })
  A:update(0.5)
  local shown_mid = hl()
  api.nvim_set_hl(0, G, { fg = "#ff0000", bg = "#0000ff", bold = true })
  A:stop()
  kfade.fade(G, { fg = "#0000ff" }, { animator = A, duration = 1, easing = "linear", color_space = "srgb" })
  A:update(0.5)
  check(shown_mid == mid and hl() == "#800080", "fade: halfway from red to blue the group is " .. shown_mid
        .. " (OKLab, want " .. mid .. "), and #800080 with color_space = 'srgb' (" .. hl() .. ")")
  A:update(0.5)

  -- bg to an oklch() colour, in OKLCh the longer way round
  local target = kinetic.color("oklch(0.7 0.1 200)"):hex()
  local fg0, bg0 = hl()
  a = kfade.fade(G, { bg = "oklch(0.7 0.1 200)" }, { animator = A, duration = 0.3, easing = "linear",
                                                     color_space = "oklch", hue = "longer" })
  bad = nil
  for i = 1, 25 do
    A:update(DT)
    local want = kinetic.mix(bg0, target, a:progress(), "oklch", "longer"):hex()
    fg, bg = hl()
    if bg ~= want or fg ~= fg0 then
      bad = bad or string.format("frame %d: bg %s (mix %s), fg %s", i, bg, want, fg)
    end
  end
  fg, bg = hl()
  check(bad == nil and bg == target and fg == fg0 and a:done(),
        "fade: bg to oklch(0.7 0.1 200) = " .. target .. " in OKLCh, hue 'longer', every frame the mix, fg kept: "
        .. tostring(bad))

  -- a second fade takes fg over from the colour shown
  api.nvim_set_hl(0, G, { fg = "#ff0000", bg = "#0000ff" })
  kfade.fade(G, { fg = "#0000ff" }, { animator = A, duration = 0.5 })
  for _ = 1, 10 do A:update(DT) end
  local shown = hl()
  local a2 = kfade.fade(G, { fg = "#00ff00" }, { animator = A, duration = 0.2, easing = "outCubic" })
  A:update(DT)
  local want = kinetic.mix(shown, "#00ff00", E:eval(a2:progress()), "oklab"):hex()
  check(hl() == want, "fade again mid-flight: goes on from the colour shown " .. shown .. " (" .. hl()
        .. ", want " .. want .. ")")
  for _ = 1, 20 do A:update(DT) end
  check(hl() == "#00ff00" and A:count() == 0, "fade again mid-flight: ends on #00ff00, got " .. hl())

  -- 11. a spring, retargeted in flight
  done = nil
  local s1 = kfade.fade(G, { fg = "#ff8800" }, { animator = A, spring = { preset = "gentle" },
                                                on_done = function(g) done = g end })
  for _ = 1, 15 do A:update(DT) end
  local mid_fg = hl()
  check(not s1:done() and mid_fg ~= "#00ff00" and mid_fg ~= "#ff8800",
        "spring fade: moving after 15 frames (" .. mid_fg .. ")")
  local s2 = kfade.fade(G, { fg = "#8800ff" }, { animator = A, spring = { preset = "gentle" },
                                                on_done = function(g) done = g end })
  check(rawequal(s1, s2), "spring fade: a second fade in flight retargets the same spring")
  local n = 0
  while A:count() > 0 and n < 1200 do A:update(DT); n = n + 1 end
  check(hl() == "#8800ff" and s1:done() and done == G,
        "spring fade: rests exactly on the new target #8800ff after " .. n .. " frames (" .. hl() .. ")")

  -- 12. the command, on kinetic.nvim's timer
  local uv = vim.uv or vim.loop
  local t0 = uv.hrtime()
  vim.cmd("KineticFade " .. G .. " fg=oklch(0.8 0.15 90) bg=#102030 0.2")
  check(kn.running(kfade.animator), ":KineticFade starts the animator's timer")
  vim.wait(3000, function() return not kn.running(kfade.animator) end, 5)
  fg, bg = hl()
  local yellow = kinetic.color("oklch(0.8 0.15 90)"):hex()
  check(fg == yellow and bg == "#102030" and (uv.hrtime() - t0) / 1e9 >= 0.2,
        ":KineticFade fg=oklch(0.8 0.15 90) bg=#102030 0.2: ends on " .. yellow .. " on #102030 ("
        .. fg .. " on " .. bg .. ")")
  vim.cmd("KineticFade! " .. G .. " #00ffff")
  vim.wait(200)
  vim.cmd("KineticFade! " .. G .. " white")
  vim.wait(5000, function() return not kn.running(kfade.animator) end, 5)
  check(hl() == "#ffffff", ":KineticFade! springs to #00ffff, retargeted to white, ends on #ffffff: " .. hl())

  -- 13. bad input
  local ok, err = pcall(kinetic.color, "#12")
  check(not ok and tostring(err):find("bad argument #1 to 'color'", 1, true) ~= nil,
        "kinetic.color('#12') fails: " .. tostring(err))
  ok, err = pcall(kfade.fade, G, { fg = "#12" })
  check(not ok and tostring(err):find("field 'fg'", 1, true) ~= nil, "fade rejects a bad colour: " .. tostring(err))
  ok, err = pcall(kfade.fade, "KineticFadeNoSuchGroup", { fg = "#ffffff" })
  check(not ok and tostring(err):find("highlight group", 1, true) ~= nil, "fade rejects an unknown group: "
        .. tostring(err))
  -- a highlight state holding nvim's integer colour, not a colour: update names the field
  local raw = raw_hl().fg
  local st = { fg = raw }
  A:to(st, 0.2, { fg = "#ff0000" })
  ok, err = pcall(A.update, A, DT)
  check(not ok and tostring(err):find("field 'fg'", 1, true) ~= nil and st.fg == raw and A:count() == 0,
        "an integer fg (" .. tostring(raw) .. ") raises from update naming the field: " .. tostring(err))
  local notes, notify = {}, vim.notify
  vim.notify = function(msg, level) notes[#notes + 1] = { msg = tostring(msg), level = level } end
  vim.cmd("KineticFade " .. G .. " #12")
  vim.notify = notify
  check(#notes == 1 and notes[1].level == vim.log.levels.ERROR and notes[1].msg:find("#12", 1, true) ~= nil,
        ":KineticFade with a bad colour reports it with vim.notify: " .. (notes[1] and notes[1].msg or ""))
end

local function run()
  local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
  vim.opt.runtimepath:append(here)   -- the example plugin: examples/nvim/{lua,plugin}

  -- 1. the module, through Neovim's loader --------------------------------------
  -- KINETIC_SELFTEST_BACKEND=lua: a checkout without `make nvim`, where
  -- kinetic must fall back to its Lua backend (tools/test/test-hosts.sh)
  local want_lua = os.getenv("KINETIC_SELFTEST_BACKEND") == "lua"
  if want_lua then
    local found = vim.api.nvim_get_runtime_file("lua/kinetic/core.so", true)
    check(#found == 0, "no lua/kinetic/core.so on 'runtimepath', found " .. table.concat(found, ", "))
  else
    local so = vim.api.nvim_get_runtime_file("lua/kinetic/core.so", false)
    check(#so == 1, "lua/kinetic/core.so on 'runtimepath' (run `make nvim`)")
  end
  local ok, kinetic = pcall(require, "kinetic")
  if not check(ok, "require('kinetic'): " .. tostring(kinetic)) then return end
  if want_lua then
    check(kinetic._backend == "lua" and package.loaded["kinetic.core"] == nil,
          "the Lua backend, kinetic.core not loaded (kinetic._backend: " .. tostring(kinetic._backend) .. ")")
  else
    check(kinetic._backend == "c" or kinetic._backend == "ffi",
          "the C core (kinetic._backend: " .. tostring(kinetic._backend) .. ")")
  end
  check(type(kinetic._VERSION) == "string" and kinetic._VERSION:match("^kinetic %d") ~= nil,
        "kinetic._VERSION is 'kinetic x.y.z', got " .. tostring(kinetic._VERSION))
  local v = vim.version()
  say("nvim ", v.major, ".", v.minor, ".", v.patch, ", ", jit and jit.version or _VERSION,
      kinetic._backend == "lua" and " (Lua backend)" or kinetic._ffi and " (FFI path)" or " (classic binding)",
      ", ", kinetic._VERSION)

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
  sleep_tests()
  fade_tests(kinetic, here)
end

local ok, err = xpcall(run, debug.traceback)
check(ok, "selftest raised: " .. tostring(err))
finish()
