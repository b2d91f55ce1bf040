-- tools/gen/check_fixtures.lua: load every fixture and cross-check the peers against each other and
-- against simple double-precision re-statements of the formulas. Run from the repository root:
--   lua5.4 tools/gen/check_fixtures.lua   (also works with lua5.1 / luajit)
-- Prints a summary; exits non-zero if a load fails or a check exceeds its bound.
local dir = "spec/fixtures/"
local failures = 0
local function check(ok, msg) if not ok then failures = failures + 1; print("FAIL " .. msg) end end
local function load(name)
  local ok, t = pcall(dofile, dir .. name)
  check(ok, name .. ": " .. tostring(t))
  return ok and t or nil
end
local abs, floor = math.abs, math.floor

local truth, chrome = load("bezier_truth.lua"), load("chromium_easing.lua")
local be, penner = load("bezier_easing_npm.lua"), load("penner.lua")
local rebound, exact = load("rebound.lua"), load("spring_exact.lua")
local pop, flutter = load("popmotion.lua"), load("flutter_physics.lua")
print(string.format("loaded (%s): truth %d curves, chromium %d cases, bezier-easing %d curves, penner %d functions,"
  .. " rebound %d runs, spring_exact %d cases, popmotion %d runs, flutter %d cases", _VERSION,
  #truth.curves, #chrome.cases, #be.curves, #penner.functions, #rebound.runs, #exact.cases, #pop.runs, #flutter.cases))

-- ---------------------------------------------------------------- beziers
local function key(a, b, c, d) return string.format("%.17g,%.17g,%.17g,%.17g", a, b, c, d) end
local T = {}
for _, c in ipairs(truth.curves) do
  local m = {}
  for _, q in ipairs(c.points) do m[q[1]] = q[2] end
  T[key(c[1], c[2], c[3], c[4])] = m
  if c.name then T[c.name] = m end
end
local function maxerr(pairs_, label, bound)
  local mx, where = 0, ""
  for _, e in ipairs(pairs_) do
    local d = abs(e[2] - e[3])
    if d > mx then mx, where = d, e[1] end
  end
  print(string.format("  %-46s max |diff| %.3g  %s", label, mx, where))
  if bound then check(mx <= bound, label .. " exceeds " .. bound) end
  return mx
end
do
  local cjs, esm = {}, {}
  for _, c in ipairs(be.curves) do
    local m = T[key(c[1], c[2], c[3], c[4])]
    for i, q in ipairs(c.points) do
      local lbl = string.format("(%s,%s,%s,%s) t=%.17g", c[1], c[2], c[3], c[4], q[1])
      cjs[#cjs + 1] = { lbl, q[2], m[q[1]] }
      esm[#esm + 1] = { lbl, c.points_esm[i][2], m[q[1]] }
    end
  end
  print("bezier-easing vs bezier_truth:")
  maxerr(cjs, "require() (classic 2.x), all t", nil)
  local mid = {}
  for _, e in ipairs(cjs) do
    local t = tonumber(e[1]:match("t=(%S+)"))
    if t >= 0.01 and t <= 0.99 then mid[#mid + 1] = e end
  end
  maxerr(mid, "require() (classic 2.x), t in [0.01,0.99]", 1e-9)
  maxerr(esm, "import() (closed form), all t", nil)
end
local function parse_cb(s)
  local a, b, c, d = s:match("^cubic%-bezier%(([^,]+),%s*([^,]+),%s*([^,]+),%s*([^)]+)%)$")
  if a then return key(tonumber(a), tonumber(b), tonumber(c), tonumber(d)) end
  if T[s] then return s end
end
do
  local inr, mid, outr = {}, {}, {}
  for _, c in ipairs(chrome.cases) do
    local k = parse_cb(c.easing)
    if k and T[k] then
      for _, q in ipairs(c.points) do
        local tv = T[k][q[1]]
        if tv then
          local e = { c.easing .. " t=" .. string.format("%.17g", q[1]) .. (q[2] == 1 and " before" or ""), q[3], tv }
          if q[1] < 0 or q[1] > 1 then outr[#outr + 1] = e else inr[#inr + 1] = e end
          if q[1] >= 0.01 and q[1] <= 0.99 then mid[#mid + 1] = e end
        end
      end
    end
  end
  print("chromium cubic-bezier/keywords vs bezier_truth:")
  maxerr(inr, "t in [0,1] (incl. before flag)", nil)
  maxerr(mid, "t in [0.01,0.99]", 1e-5)
  maxerr(outr, "t outside [0,1] (engine extrapolation rule)", 1e-13)
end

-- ---------------------------------------------------------------- steps (double formula of CSS Easing)
local function steps(n, pos, p, before)
  local step = floor(p * n)
  if pos == "jump-start" or pos == "start" or pos == "jump-both" then step = step + 1 end
  if before and (p * n) % 1 == 0 then step = step - 1 end
  if p >= 0 and step < 0 then step = 0 end
  local jumps = (pos == "jump-none") and n - 1 or (pos == "jump-both") and n + 1 or n
  if p <= 1 and step > jumps then step = jumps end
  return step / jumps
end
do
  local bad, total = 0, 0
  for _, c in ipairs(chrome.cases) do
    local n, pos = c.easing:match("^steps%((%d+),%s*([%w-]+)%)$")
    if not n then n = c.easing:match("^steps%((%d+)%)$"); pos = n and "end" end
    if c.easing == "step-start" then n, pos = 1, "start" elseif c.easing == "step-end" then n, pos = 1, "end" end
    if n then
      for _, q in ipairs(c.points) do
        total = total + 1
        local y = steps(tonumber(n), pos, q[1], q[2] == 1)
        if y ~= q[3] then
          bad = bad + 1
          if bad <= 5 then print("  steps mismatch", c.easing, q[1], q[2], q[3], y) end
        end
      end
    end
  end
  print(string.format("chromium steps(): %d of %d points differ from the double-precision CSS formula", bad, total))
  check(bad == 0, "steps formula")
end

-- ---------------------------------------------------------------- linear() (CSS Easing 2 algorithm, in double)
local function parse_linear(s)
  local body = s:match("^linear%((.*)%)$")
  if not body then return nil end
  local pts, largest = {}, -math.huge
  local stops = {}
  for item in (body .. ","):gmatch("%s*([^,]+),") do stops[#stops + 1] = item end
  for i, item in ipairs(stops) do
    local nums = {}
    for tok in item:gmatch("%S+") do nums[#nums + 1] = tok end
    local out = tonumber(nums[1])
    if #nums >= 2 then
      local x = math.max(tonumber(nums[2]:sub(1, -2)) / 100, largest); largest = x
      pts[#pts + 1] = { out, x }
      if nums[3] then
        x = math.max(tonumber(nums[3]:sub(1, -2)) / 100, largest); largest = x
        pts[#pts + 1] = { out, x }
      end
    else
      local x
      if i == 1 then x = 0; largest = math.max(largest, 0)
      elseif i == #stops then x = math.max(1, largest); largest = x end
      pts[#pts + 1] = { out, x }
    end
  end
  -- fill runs of missing inputs evenly
  local i = 1
  while i <= #pts do
    if pts[i][2] == nil then
      local j = i
      while pts[j][2] == nil do j = j + 1 end
      local a, b = pts[i - 1][2], pts[j][2]
      for k = i, j - 1 do pts[k][2] = a + (b - a) * (k - i + 1) / (j - i + 1) end
      i = j
    end
    i = i + 1
  end
  return pts
end
local function linear_eval(pts, p)
  local A = 1
  for k = 1, #pts do if pts[k][2] <= p then A = k end end
  if A == #pts then A = A - 1 end
  local B = A + 1
  if pts[A][2] == pts[B][2] then return pts[B][1] end
  return pts[A][1] + (p - pts[A][2]) / (pts[B][2] - pts[A][2]) * (pts[B][1] - pts[A][1])
end
do
  local e = {}
  for _, c in ipairs(chrome.cases) do
    local pts = parse_linear(c.easing)
    if pts then
      for _, q in ipairs(c.points) do e[#e + 1] = { c.easing .. " p=" .. q[1], q[3], linear_eval(pts, q[1]) } end
    end
  end
  print("chromium linear() vs CSS Easing 2 algorithm in double:")
  maxerr(e, "all points", 1e-14)
end

-- ---------------------------------------------------------------- penner
do
  local e = {}
  for _, f in ipairs(penner.functions) do
    for _, p in ipairs(f.points) do if p[3] then e[#e + 1] = { f.name .. " t=" .. p[1], p[2], p[3] } end end
  end
  print("penner truth vs " .. penner.npm .. ":")
  maxerr(e, "all points with an npm value", 1e-15)
end

-- ---------------------------------------------------------------- springs: closed form in double
local function spring_closed(m, k, c, from, to, v0)
  local d0 = from - to
  local w0 = math.sqrt(k / m)
  local z = c / (2 * math.sqrt(m * k))
  if c * c < 4 * m * k then
    local wd, a = w0 * math.sqrt(1 - z * z), z * w0
    local A, B = d0, (v0 + a * d0) / wd
    return function(t)
      local e, cs, sn = math.exp(-a * t), math.cos(wd * t), math.sin(wd * t)
      return to + e * (A * cs + B * sn), e * ((B * wd - a * A) * cs - (A * wd + a * B) * sn)
    end
  elseif c * c == 4 * m * k then
    local A, B = d0, v0 + w0 * d0
    return function(t) local e = math.exp(-w0 * t) return to + (A + B * t) * e, (B - w0 * (A + B * t)) * e end
  else
    local s = math.sqrt(z * z - 1)
    local r1, r2 = -w0 * (z - s), -w0 * (z + s)
    local C2 = (v0 - r1 * d0) / (r2 - r1)
    local C1 = d0 - C2
    return function(t)
      local e1, e2 = math.exp(r1 * t), math.exp(r2 * t)
      return to + C1 * e1 + C2 * e2, C1 * r1 * e1 + C2 * r2 * e2
    end
  end
end
do
  local e = {}
  for _, c in ipairs(exact.cases) do
    if not c.name:find("near_critical") and not c.name:find("next_double") and not c.name:find("tiny") then
      local f = spring_closed(c.mass, c.stiffness, c.damping, c.from, c.to, c.velocity)
      local scale = math.max(abs(c.to - c.from), abs(c.velocity), 1)
      for _, s in ipairs(c.samples) do
        local x = f(s[1])
        e[#e + 1] = { c.name .. " t=" .. s[1], s[2] / scale, x / scale }
      end
    end
  end
  print("spring_exact vs double closed form (relative to max(|to-from|, |v0|, 1)):")
  maxerr(e, "regular cases", 1e-11)
end
do
  local x1, x2, v1 = {}, {}, {}
  for _, r in ipairs(rebound.runs) do
    if r.dt == 0.001 and r.tension > 0 then
      local f = spring_closed(1, r.tension, r.friction, r.from, r.to, r.velocity)
      local scale = math.max(abs(r.to - r.from), abs(r.velocity), 1)
      for _, s in ipairs(r.samples) do
        if not r.rest_time or s[1] < r.rest_time then
          local x, v = f(s[1])
          x1[#x1 + 1] = { r.name .. " t=" .. s[1], s[2] / scale, x / scale }
          v1[#v1 + 1] = { r.name .. " t=" .. s[1], s[3] / scale, v / scale }
        end
      end
    elseif r.dts and r.tension > 0 then
      local f = spring_closed(1, r.tension, r.friction, r.from, r.to, r.velocity)
      local scale = math.max(abs(r.to - r.from), abs(r.velocity), 1)
      for _, s in ipairs(r.samples) do
        if not r.rest_time or s[1] < r.rest_time then
          local x = f(s[1])
          x2[#x2 + 1] = { r.name .. " t=" .. s[1], s[2] / scale, x / scale }
        end
      end
    end
  end
  print("rebound vs exact ODE (double closed form, relative to max(|to-from|, |v0|, 1), before rest):")
  maxerr(x1, "1 ms steps: position", 1e-6)
  maxerr(v1, "1 ms steps: velocity", 1e-5)
  maxerr(x2, "frame-stepped runs: position (lags ~1 ms)", nil)
end
do
  local e = {}
  for _, r in ipairs(pop.runs) do
    if not r.duration then
      local f = spring_closed(r.mass, r.stiffness, r.damping, r.from, r.to, r.velocity)
      local scale = math.max(abs(r.to - r.from), abs(r.velocity), 1)
      for _, s in ipairs(r.samples) do
        if s[3] == 0 then e[#e + 1] = { r.name .. " t=" .. s[1], s[2] / scale, (f(s[1])) / scale } end
      end
    end
  end
  print("popmotion (not done) vs closed form with velocity = +v0 (units/s):")
  maxerr(e, "all runs", 1e-9)
end
-- ---------------------------------------------------------------- WPT and Chromium
-- The transcribed Web Platform Tests and the Chromium run agree on what is a value:
-- no easing Chromium rejected is valid in WPT, no WPT-invalid easing was accepted.
do
  local wpt, crossings = load("wpt_easing.lua"), load("step_times.lua")
  local rejected, accepted, clash = {}, {}, 0
  for _, s in ipairs(chrome.invalid) do rejected[s] = true end
  for _, c in ipairs(chrome.cases) do accepted[c.easing] = true end
  for _, c in ipairs(wpt.valid) do
    if rejected[c.spec] then clash = clash + 1; print("  Chromium rejected " .. c.spec) end
  end
  for _, c in ipairs(wpt.invalid) do
    if accepted[c.spec] then clash = clash + 1; print("  Chromium accepted " .. c.spec) end
  end
  check(clash == 0, "WPT and Chromium disagree on " .. clash .. " easings")
  -- step_times truth: in [0, 1] and non-decreasing in k
  local bad = 0
  for _, c in ipairs(crossings.cases) do
    for k = 1, c.n do
      if not (c.t[k] >= 0 and c.t[k] <= 1 and (k == 1 or c.t[k] >= c.t[k - 1])) then bad = bad + 1 end
    end
  end
  check(bad == 0, bad .. " step_times truths out of order")
  print(string.format("wpt_easing: %d valid, %d invalid, %d outputs; chromium agrees; step_times: %d cases in order",
                      #wpt.valid, #wpt.invalid, #wpt.output, #crossings.cases))
end
-- ---------------------------------------------------------------- scroll and inertia
-- Flutter's curves and motion-dom's inertia against the formulas restated in doubles
do
  local fl, inr, dec = load("flutter_scroll.lua"), load("inertia.lua"), load("decay.lua")
  local worst, bad = 0, 0
  local D = math.log(0.78) / math.log(0.9)
  for _, c in ipairs(fl.curves) do
    if c.kind == "clamping" and c.params.velocity ~= 0 then
      local p = c.params
      local vref = p.friction * (9.80665 * 39.37 * 160 * 0.84) / 0.35
      local TT = D * 0.35 * (math.abs(p.velocity) / vref) ^ (1 / (D - 1))
      for _, s in ipairs(c.samples) do
        local u = math.max(0, math.min(1, 1 - s[1] / TT))
        local x = p.position + p.velocity * TT / D * (1 - u ^ D)
        worst = math.max(worst, math.abs(x - s[2]) / math.max(1, math.abs(p.velocity)))
      end
    end
  end
  check(worst < 1e-12, "flutter clamping curves off their formula by " .. worst)
  for _, c in ipairs(inr.cases) do
    if not c.own_defaults and c.min == nil and c.max == nil then
      for _, s in ipairs(c.motion_dom.samples) do
        local d = c.amplitude * math.exp(-s[1] / c.time_constant)
        local x = (s[3] == 1) and c.target or (s[1] == 0 and c.origin or c.target - d)
        if math.abs(x - s[2]) > 1e-9 * math.max(1, math.abs(c.amplitude)) then bad = bad + 1 end
      end
    end
  end
  check(bad == 0, bad .. " motion-dom decay samples off the formula")
  print(string.format("flutter_scroll: %d tests, %d curves (clamping off its formula by %.2g); inertia: %d cases;"
    .. " decay: %d cases", #fl.tests, #fl.curves, worst, #inr.cases, #dec.cases))
end
-- ---------------------------------------------------------------- paths
-- A polyline's point at a fraction of its length, restated in doubles
do
  local paths, worst = load("path.lua"), 0
  for _, c in ipairs(paths.cases) do
    local d = c.def
    if d.kind == "linear" then
      local pts, cum = {}, { 0 }
      for i = 1, #d do pts[i] = d[i] end
      if d.closed then pts[#pts + 1] = d[1] end
      for i = 2, #pts do
        cum[i] = cum[i - 1] + math.sqrt((pts[i][1] - pts[i - 1][1]) ^ 2 + (pts[i][2] - pts[i - 1][2]) ^ 2)
      end
      for _, r in ipairs(c.at) do
        local s, i = r[1] * cum[#cum], 2
        while i < #pts and cum[i] < s do i = i + 1 end
        local f = (s - cum[i - 1]) / (cum[i] - cum[i - 1])
        local x = pts[i - 1][1] + f * (pts[i][1] - pts[i - 1][1])
        local y = pts[i - 1][2] + f * (pts[i][2] - pts[i - 1][2])
        worst = math.max(worst, math.abs(x - r[2]) / c.scale, math.abs(y - r[3]) / c.scale)
      end
    end
  end
  check(worst < 1e-14, "polylines off their formula by " .. worst)
  print(string.format("path: %d cases (polylines off their formula by %.2g)", #paths.cases, worst))
end
-- ---------------------------------------------------------------- colour
-- color.lua (colorjs.io, CSS Color 4): it loads, and each hex is its rgba rounded to 8 bits
do
  local col = load("color.lua")
  if col then
    local bad = 0
    for _, e in ipairs(col.parse) do
      local want = "#"
      for i = 1, 3 do want = want .. string.format("%02x", floor(e.rgba[i] * 255 + 0.5)) end
      if e.alpha ~= 1 then want = want .. string.format("%02x", floor(e.alpha * 255 + 0.5)) end
      if want ~= e.hex and not e.hex_boundary then bad = bad + 1 end
    end
    check(bad == 0, bad .. " color.lua hex strings differ from their rgba")
    print(string.format("color: %d parse entries, %d invalid strings, %d mix cases; hex agrees with rgba",
                        #col.parse, #col.invalid, #col.mix))
  end
end
print(failures == 0 and "all checks passed" or (failures .. " check(s) failed"))
os.exit(failures == 0 and 0 or 1)
