-- The gallery: every curve kinetic knows, drawn by the library's own sampling.
--
--   lua5.4 examples/gallery.lua [out.svg]        (from the repository root)
--
-- Writes build/gallery.svg (or out.svg): every named easing of kinetic.easings(),
-- the steps() jump positions, linear() examples, the spring presets, the damping
-- regimes and the duration/bounce family, springs as easings and step schedules,
-- paths (kinetic.path) and colour ramps (kinetic.mix), each labelled.  Easings
-- are sampled with e:sample(n), springs with s:at(t), paths with p:sample(n),
-- p:at(u) and p:point(s), colours with kinetic.mix(...):hex(); nothing here
-- computes a curve or a colour itself.
-- Also usable as a module: dofile("examples/gallery.lua") writes the file and
-- returns { path = ..., curves = <count>, sections = {...} }.

local ok_k, kinetic = pcall(require, "kinetic")
if not ok_k then   -- run straight from a checkout: use the in-tree build
  local vm = jit and "luajit" or ("lua" .. _VERSION:match("%d+%.%d+"))
  package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
  package.cpath = "build/" .. vm .. "/?.so;" .. package.cpath
  kinetic = require("kinetic")
end

local out_path = (...) or "build/gallery.svg"
if type(out_path) ~= "string" or not out_path:match("%.svg$") then out_path = "build/gallery.svg" end

local COLS, CW, CH = 8, 165, 150        -- grid: columns, cell width, cell height
local PX, PY, PW, PH = 14, 12, 136, 92   -- plot box inside a cell
local MARGIN = 28
local WIDTH = MARGIN * 2 + COLS * CW
local N = 200                            -- samples per curve

local parts = {}
local function emit(s) parts[#parts + 1] = s end

local function esc(s)
  return (tostring(s):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function f2(x) return string.format("%.2f", x) end

local PALETTE = { "#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#be185d", "#4d7c0f" }

-- One cell: a plot of ys (evenly spaced over the x range) with guides at 0 and 1.
-- opts: label, sub (second line), color, xlabel (text under the right end),
-- steps (true: the curve has jumps; drawn with square corners at full resolution).
local function cell(x, y, ys, opts)
  local lo, hi = 0, 1
  for _, v in ipairs(ys) do
    if v < lo then lo = v end
    if v > hi then hi = v end
  end
  local pad = (hi - lo) * 0.06
  lo, hi = lo - pad, hi + pad
  local function sx(i) return x + PX + PW * (i - 1) / (#ys - 1) end
  local function sy(v) return y + PY + PH * (hi - v) / (hi - lo) end
  emit(string.format('<g><rect x="%s" y="%s" width="%d" height="%d" class="box"/>', f2(x + PX), f2(y + PY), PW, PH))
  emit(string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" class="guide"/>',
                     f2(x + PX), f2(sy(0)), f2(x + PX + PW), f2(sy(0))))
  emit(string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" class="guide"/>',
                     f2(x + PX), f2(sy(1)), f2(x + PX + PW), f2(sy(1))))
  local pts = {}
  for i, v in ipairs(ys) do pts[#pts + 1] = string.format("%.1f,%.1f", sx(i), sy(v)) end
  emit(string.format('<polyline points="%s" class="curve" stroke="%s"/>', table.concat(pts, " "),
                     opts.color or PALETTE[1]))
  emit(string.format('<text x="%s" y="%s" class="label">%s</text>', f2(x + PX), f2(y + PY + PH + 17), esc(opts.label)))
  if opts.sub and opts.sub ~= opts.label then
    emit(string.format('<text x="%s" y="%s" class="sub">%s</text>', f2(x + PX), f2(y + PY + PH + 31), esc(opts.sub)))
  end
  if opts.xlabel then
    emit(string.format('<text x="%s" y="%s" class="tick" text-anchor="end">%s</text>',
                       f2(x + PX + PW - 2), f2(y + PY + PH - 4), esc(opts.xlabel)))
  end
  emit("</g>")
end

local ycur = 0
local sections = {}
local curves = 0

local function heading(title, note)
  ycur = ycur + 18
  emit(string.format('<text x="%d" y="%d" class="h2">%s</text>', MARGIN, ycur + 16, esc(title)))
  if note then
    emit(string.format('<text x="%d" y="%d" class="note">%s</text>', MARGIN, ycur + 34, esc(note)))
    ycur = ycur + 40
  else
    ycur = ycur + 26
  end
  sections[#sections + 1] = title
end

-- A section: items = { { ys = {...}, label = ..., sub = ..., color = ... }, ... }
local function grid(items)
  for i, it in ipairs(items) do
    local c = (i - 1) % COLS
    local r = math.floor((i - 1) / COLS)
    cell(MARGIN + c * CW, ycur + r * CH, it.ys, it)
    curves = curves + 1
  end
  ycur = ycur + math.ceil(#items / COLS) * CH
end

local function easing_item(spec, sub, color)
  local e = type(spec) == "string" and kinetic.easing(spec) or spec
  return { ys = e:sample(N), label = type(spec) == "string" and spec or tostring(e),
           sub = sub, color = color }
end

-- Sections ------------------------------------------------------------------------

local names = kinetic.easings()
local css_set = { linear = 1, ease = 2, ["ease-in"] = 3, ["ease-out"] = 4, ["ease-in-out"] = 5,
                  ["step-start"] = 6, ["step-end"] = 7 }
local DIRS = { "in", "out", "inOut", "outIn" }
local css, penner, others, aliases = {}, {}, {}, 0
local families, fam_seen = {}, {}
-- kinetic.easings() lists every accepted spelling: an alias (in-out-quad,
-- flux's quadinout, hump's quad) names a curve some earlier name gives.
local distinct = {}
local function is_alias(name)
  local e = kinetic.easing(name)
  for _, d in ipairs(distinct) do if d == e then return true end end
  distinct[#distinct + 1] = e
  return false
end
for _, name in ipairs(names) do
  local dir, fam = name:match("^(%l+%u?%l*)(%u%l+)$")
  if is_alias(name) then
    aliases = aliases + 1
  elseif css_set[name] then
    css[#css + 1] = name
  elseif dir and (dir == "in" or dir == "out" or dir == "inOut" or dir == "outIn") then
    penner[name] = true
    if not fam_seen[fam] then fam_seen[fam] = true; families[#families + 1] = fam end
  else
    others[#others + 1] = name
  end
end
table.sort(css, function(a, b) return css_set[a] < css_set[b] end)

local title = kinetic._VERSION .. " — gallery"
local intro = string.format("Every curve and colour below is computed by the library itself (e:sample(%d), "
  .. "s:at(t), p:sample(n), p:at(u), kinetic.mix); dashed lines mark 0 and 1. %d easing names "
  .. "(kinetic.easings()).", N, #names)

local items = {}
for i, name in ipairs(css) do
  items[#items + 1] = easing_item(name, tostring(kinetic.easing(name)), PALETTE[(i - 1) % 8 + 1])
end
items[#items + 1] = easing_item("cubic-bezier(0.2, 0, 0, 1)", "emphasized (Material 3)", PALETTE[8])
heading("CSS <easing-function> keywords",
        "kinetic.easing(name); the sub-label is tostring(e), the canonical CSS text, where it differs")
grid(items)

items = {}
for fi, fam in ipairs(families) do
  for _, dir in ipairs(DIRS) do
    local name = dir .. fam
    if penner[name] then items[#items + 1] = easing_item(name, nil, PALETTE[(fi - 1) % 8 + 1]) end
  end
end
heading("Penner's equations (easings.net), normalized to f(0) = 0, f(1) = 1",
        "in / out / inOut / outIn for each family" .. (aliases > 0 and string.format(
        "; %d more names (in-out-quad, flux's quadinout, hump's quad ...) are the same curves", aliases) or ""))
grid(items)

items = {}
for i, name in ipairs(others) do items[#items + 1] = easing_item(name, nil, PALETTE[(i - 1) % 8 + 1]) end
for _, spec in ipairs{ "outBack(1.70158)", "outBack(3)", "outElastic(1, 0.3)", "outElastic(1.5, 0.15)",
                       "accelerate(0)", "accelerate(1.5)", "accelerate-decelerate(0)", "accelerate-decelerate(1.5)" } do
  local ok, e = pcall(kinetic.easing, spec)
  if ok then items[#items + 1] = easing_item(spec, tostring(e), PALETTE[#items % 8 + 1]) end
end
if #items > 0 then
  heading("Parameterized easings", "Back overshoot, Elastic amplitude and period, accelerate(v0)")
  grid(items)
end

items = {}
for i, pos in ipairs{ "jump-start", "jump-end", "jump-none", "jump-both" } do
  local sub = "position " .. pos .. (pos == "jump-end" and " (default)" or "")
  items[#items + 1] = easing_item(kinetic.steps(4, pos), sub, PALETTE[i])
end
items[#items + 1] = easing_item(kinetic.steps(1, "start"), "= step-start", PALETTE[5])
items[#items + 1] = easing_item(kinetic.steps(1, "end"), "= step-end", PALETTE[6])
items[#items + 1] = easing_item(kinetic.steps(10), "ten steps", PALETTE[7])
items[#items + 1] = easing_item(kinetic.steps(2, "jump-none"), "the smallest jump-none", PALETTE[8])
heading("steps(): the four jump positions", "CSS steps(n, position); position \"end\" is the default")
grid(items)

items = {}
local LINEAR = {
  { kinetic.linear{ 0, { 0.25, 0.75 }, 1 }, "0.25 at 75%" },
  { kinetic.linear{ 0, 1.2, 0.9, 1 }, "inputs filled evenly" },
  { kinetic.linear{ 0, { 0, 0.5 }, { 1, 0.5 }, 1 }, "a jump at 50%" },
  { kinetic.linear{ 0, { 1, 0.25, 0.5 }, 0 }, "a hold from 25% to 50%" },
  { kinetic.easing("linear(0, 0.063, 0.25, 0.563, 1 36.4%, 0.812, 0.75, 0.813, 1 72.7%, "
                   .. "0.953, 0.938, 0.953, 1 90.9%, 0.984, 1 100%)"), "a bounce, as CSS text" },
}
do -- a spring exported as CSS linear(): s:linear(), within 1e-3 of the spring everywhere
  local l = kinetic.spring{ preset = "wobbly", from = 0, to = 1 }:linear()
  local n = select(2, tostring(l):gsub("%%", ""))
  LINEAR[#LINEAR + 1] = { l, string.format("wobbly spring, s:linear(): %d stops", n) }
end
for i, l in ipairs(LINEAR) do
  items[#items + 1] = easing_item(l[1], l[2], PALETTE[(i - 1) % 8 + 1])
  items[#items].label = #tostring(l[1]) <= 24 and tostring(l[1]) or tostring(l[1]):sub(1, 22) .. "…"
end
heading("linear(): piecewise-linear easings",
        "kinetic.linear(stops) or kinetic.easing(\"linear(...)\"); label: tostring(e)")
grid(items)

-- Springs: position over time from 0 to 1, with s:at(t) on one time axis per section.
local function spring_items(list, T)
  local res = {}
  for i, it in ipairs(list) do
    local opts = {}
    for k, v in pairs(it.opts) do opts[k] = v end
    opts.from, opts.to = 0, 1
    local s = kinetic.spring(opts)
    local ys = {}
    for j = 0, N do ys[j + 1] = s:at(T * j / N) end
    local p = s:params()
    local settle = s:settle_time()
    res[#res + 1] = {
      ys = ys, label = it.label, color = PALETTE[(i - 1) % 8 + 1],
      sub = it.sub or string.format("ζ %.2f, %.2f Hz, rest %.2f s", p.damping_ratio, p.frequency, settle),
      xlabel = string.format("%g s", T),
    }
  end
  return res
end

local presets = {}
for _, name in ipairs{ "default", "gentle", "wobbly", "stiff", "slow", "molasses" } do
  presets[#presets + 1] = { label = "preset = \"" .. name .. "\"", opts = { preset = name } }
end
heading("Spring presets (react-spring tension/friction), 0 → 1",
        "kinetic.spring{ preset = name }; sub-label: damping ratio and frequency from s:params(), "
        .. "rest = s:settle_time(); x axis 0 .. 2.5 s")
grid(spring_items(presets, 2.5))

local regimes = {}
for _, z in ipairs{ 0.05, 0.15, 0.3, 0.5, 0.7, 1, 1.5, 3 } do
  regimes[#regimes + 1] = {
    label = string.format("damping_ratio = %g", z), opts = { frequency = 1.5, damping_ratio = z },
    sub = (z < 1 and "underdamped" or z == 1 and "critically damped" or "overdamped")
          .. string.format(", %.2f s", kinetic.spring{ frequency = 1.5, damping_ratio = z }:settle_time()),
  }
end
heading("Damping regimes: frequency = 1.5 Hz", "ζ < 1 oscillates, ζ = 1 is the fastest without overshoot, "
        .. "ζ > 1 creeps; sub-label: settle time. x axis 0 .. 3 s")
grid(spring_items(regimes, 3))

local bounces = {}
for _, b in ipairs{ -0.5, 0, 0.15, 0.3, 0.5, 0.7 } do
  bounces[#bounces + 1] = { label = string.format("bounce = %g", b),
                            opts = { duration = 0.5, bounce = b } }
end
for _, r in ipairs{ 0.25, 0.55 } do
  bounces[#bounces + 1] = { label = string.format("response = %g", r),
                            opts = { response = r, damping_ratio = 0.6 } }
end
heading("Designer parameters: duration = 0.5 s with bounce (SwiftUI, Flutter); response with damping_ratio 0.6",
        "duration = the undamped period; bounce 0 = critically damped, > 0 springy, < 0 overdamped. x axis 0 .. 1.5 s")
grid(spring_items(bounces, 1.5))

-- Springs as easings and step schedules: s:easing() on [0, 1], s:linear()
-- within 1e-3 of it, and kinetic.step_times as the staircase it schedules.
items = {}
for i, o in ipairs{ { stiffness = 170, damping = 12 }, { duration = 0.5, bounce = 0.5 } } do
  local s = kinetic.spring(o)
  local e, l = s:easing(), s:linear()
  local n = select(2, tostring(l):gsub("%%", ""))
  items[#items + 1] = easing_item(e, string.format("s:easing(), %.2f s", s:settle_time()), PALETTE[i])
  items[#items].label = o.stiffness and "stiffness 170/12" or "bounce 0.5"
  items[#items + 1] = easing_item(l, string.format("s:linear(): %d stops", n), PALETTE[i])
  items[#items].label = "its linear()"
end
for i, spec in ipairs{ "outCubic", "ease-in-out", "outBack", "outBounce" } do
  local t, ys = kinetic.step_times(spec, 8), {}
  for j = 0, N do   -- the whole steps taken by p = j/N: how many t_k are <= p
    local k = 0
    while k < 8 and t[k + 1] <= j / N do k = k + 1 end
    ys[j + 1] = k / 8
  end
  items[#items + 1] = { ys = ys, label = spec, steps = true,
                        sub = "step_times(e, 8): 8 steps", color = PALETTE[i + 2] }
end
heading("Springs as easings; step schedules",
        "s:easing() and s:linear() (within 1e-3 everywhere); kinetic.step_times: the step k "
        .. "happens when the easing first reaches k/8")
grid(items)

-- Paths: each drawn from p:sample(N); the dots are p:at(i/n), equal steps of
-- arc length; the ticks point along the angle p:at gives.  One path also
-- shows p:point(i/n), equal steps of the curve's own parameter.
local PCOLS, PCW, PCH = 4, COLS * CW / 4, 236       -- path cells: four to a row
local PPX, PPY, PPW, PPH = 14, 12, COLS * CW / 4 - 28, 176
local NDOTS = 16

local function path_cell(x, y, it)
  local p, def = it.path, it.def
  local xy = p:sample(N)
  -- Fit the sampled curve and its defining points into the box, one scale for
  -- both axes (so the angles drawn are the angles p:at returns; y grows down).
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  local function grow(px, py)
    x0, x1 = math.min(x0, px), math.max(x1, px)
    y0, y1 = math.min(y0, py), math.max(y1, py)
  end
  for i = 1, #xy, 2 do grow(xy[i], xy[i + 1]) end
  for _, q in ipairs(def) do grow(q[1], q[2]) end
  local pad = 12
  local k = math.min((PPW - 2 * pad) / math.max(x1 - x0, 1e-9), (PPH - 2 * pad) / math.max(y1 - y0, 1e-9))
  local ox = x + PPX + (PPW - k * (x1 - x0)) / 2
  local oy = y + PPY + (PPH - k * (y1 - y0)) / 2
  local function sx(v) return ox + k * (v - x0) end
  local function sy(v) return oy + k * (v - y0) end
  local color = it.color
  emit(string.format('<g><rect x="%s" y="%s" width="%s" height="%d" class="box"/>', f2(x + PPX), f2(y + PPY),
                     f2(PPW), PPH))
  -- the definition: Bézier control polygons and spline handles dashed, every point a small square
  local function seg(a, b)
    emit(string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" class="ctrl"/>',
                       f2(sx(a[1])), f2(sy(a[2])), f2(sx(b[1])), f2(sy(b[2]))))
  end
  if it.kind == "bezier" then
    for i = 1, #def - 1 do seg(def[i], def[i + 1]) end
  elseif it.kind == "bezier-spline" then   -- anchors at 1, 4, 7, ...: handles anchor-control
    for i = 1, #def do
      if i % 3 == 1 then
        if def[i + 1] then seg(def[i], def[i + 1]) end
        local before = def[i - 1] or (it.closed and def[#def])
        if before then seg(before, def[i]) end
      end
    end
  end
  for _, q in ipairs(def) do
    emit(string.format('<rect x="%s" y="%s" width="5" height="5" class="pt"/>', f2(sx(q[1]) - 2.5),
                       f2(sy(q[2]) - 2.5)))
  end
  local pts = {}
  for i = 1, #xy, 2 do pts[#pts + 1] = string.format("%.1f,%.1f", sx(xy[i]), sy(xy[i + 1])) end
  emit(string.format('<polyline points="%s" class="curve" stroke="%s"/>', table.concat(pts, " "), color))
  local last = it.closed and NDOTS - 1 or NDOTS      -- closed: u = 1 is u = 0 again
  if it.params then   -- equal steps of the parameter, as rings
    for i = 0, last do
      local px, py = p:point(i / NDOTS)
      emit(string.format('<circle cx="%s" cy="%s" r="4.6" class="ring"/>', f2(sx(px)), f2(sy(py))))
    end
  end
  for i = 0, last do
    local px, py = p:at(i / NDOTS)
    emit(string.format('<circle cx="%s" cy="%s" r="2.7" fill="%s"/>', f2(sx(px)), f2(sy(py)), color))
  end
  for i = 0, 3 do   -- tangent ticks at u = 0, 1/4, 1/2, 3/4: the direction of motion
    local px, py, a = p:at(i / 4)
    local tx, ty = sx(px), sy(py)
    emit(string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" class="tan"/>', f2(tx), f2(ty),
                       f2(tx + 20 * math.cos(a)), f2(ty + 20 * math.sin(a))))
  end
  emit(string.format('<text x="%s" y="%s" class="label">%s</text>', f2(x + PPX), f2(y + PPY + PPH + 17),
                     esc(it.label)))
  emit(string.format('<text x="%s" y="%s" class="sub">%s</text>', f2(x + PPX), f2(y + PPY + PPH + 31),
                     esc(string.format("length %.1f; %s", p:length(), it.sub))))
  if it.sub2 then
    emit(string.format('<text x="%s" y="%s" class="sub">%s</text>', f2(x + PPX), f2(y + PPY + PPH + 44),
                       esc(it.sub2)))
  end
  emit("</g>")
end

local loop5 = { { 0, 0 }, { 120, 0 }, { 130, 10 }, { 60, 110 }, { -10, 80 } }
local PATHS = {
  { kind = "bezier", label = "cubic Bézier, uneven control points", params = true,
    sub = "● p:at(i/16): equal steps of arc length,",
    sub2 = "○ p:point(i/16): equal steps of the parameter",
    def = { { 0, 120 }, { 2, 117 }, { 30, 0 }, { 260, 0 } } },
  { kind = "catmull-rom", closed = true, alpha = 0.5, label = "catmull-rom, closed, alpha = 0.5",
    sub = "centripetal (the default)", def = loop5 },
  { kind = "catmull-rom", closed = true, alpha = 0, label = "the same points, alpha = 0",
    sub = "uniform: a kink where two points are close", def = loop5 },
  { kind = "catmull-rom", closed = true, alpha = 1, label = "the same points, alpha = 1",
    sub = "chordal: rounder, wider arcs", def = loop5 },
  { kind = "bezier-spline", label = "bezier-spline: p0, c, c, p1, c, c, p2 ...",
    sub = "three cubics, a corner at the last join",
    def = { { 0, 60 }, { 30, 0 }, { 70, 0 }, { 100, 60 }, { 130, 120 }, { 170, 120 }, { 200, 60 },
            { 200, 0 }, { 250, 0 }, { 260, 40 } } },
  { kind = "bezier-spline", closed = true, label = "bezier-spline, closed", sub = "two cubics back to p0",
    def = { { 100, 50 }, { 130, 0 }, { 220, 30 }, { 100, 170 }, { -20, 30 }, { 70, 0 } } },
  { kind = "linear", label = "linear: a polyline", sub = "dots evenly spaced across the corners",
    def = { { 0, 100 }, { 30, 0 }, { 60, 100 }, { 180, 20 }, { 200, 100 }, { 260, 60 } } },
  { kind = "bezier", label = "cubic Bézier with a loop", sub = "the tangent turns all the way round",
    def = { { 0, 100 }, { 260, 0 }, { -60, 0 }, { 200, 100 } } },
}
for i, it in ipairs(PATHS) do
  local t = { kind = it.kind, closed = it.closed, alpha = it.alpha }
  for j, q in ipairs(it.def) do t[j] = q end
  it.path = kinetic.path(t)
  it.color = PALETTE[(i - 1) % 8 + 1]
end
heading("Paths: kinetic.path{ kind = ..., {x, y}, ... }",
        string.format("curve: p:sample(%d); dots: p:at(i/%d), equal steps of arc length (constant speed); "
        .. "ticks: the angle from p:at at u = 0, ¼, ½, ¾; squares: the points given; length: p:length()", N, NDOTS))
for i, it in ipairs(PATHS) do
  local c = (i - 1) % PCOLS
  local r = math.floor((i - 1) / PCOLS)
  path_cell(MARGIN + c * PCW, ycur + r * PCH, it)
  curves = curves + 1
end
ycur = ycur + math.ceil(#PATHS / PCOLS) * PCH

-- Colours: kinetic.mix(a, b, t, space [, hue]) at t = i/(n-1), one rect each;
-- the ring marks t = 1/2, whose hex is written at the right end.
local RAMP_N, RAMP_W, RAMP_H = 21, 21, 20
local RAMP_LABEL = 112
local BLOCK_W = COLS * CW / 2
local ramps = 0
local SPACES = { { "srgb" }, { "oklab" }, { "oklch" }, { "oklch", "longer" } }
local PAIRS = {
  { "red", "blue" }, { "yellow", "blue" }, { "white", "black" },
  { "color(display-p3 0 1 0)", "oklch(0.5 0.2 300)" },
}
local function ramp_block(x, y, a, b)
  local ca, cb = kinetic.color(a), kinetic.color(b)
  emit(string.format('<text x="%s" y="%s" class="label">%s</text>', f2(x), f2(y + 12),
                     esc(string.format("%s → %s", a, b))))
  emit(string.format('<text x="%s" y="%s" class="sub">%s</text>', f2(x + RAMP_LABEL + RAMP_N * RAMP_W),
                     f2(y + 12), esc("t = ½")))
  for si, sp in ipairs(SPACES) do
    local ry = y + 20 + (si - 1) * (RAMP_H + 6)
    emit(string.format('<text x="%s" y="%s" class="sub">%s</text>', f2(x), f2(ry + RAMP_H - 6),
                       esc(sp[2] and (sp[1] .. ", hue " .. sp[2]) or sp[1])))
    for i = 0, RAMP_N - 1 do
      local c = kinetic.mix(ca, cb, i / (RAMP_N - 1), sp[1], sp[2])
      emit(string.format('<rect x="%s" y="%s" width="%d" height="%d" fill="%s"/>',
                         f2(x + RAMP_LABEL + i * RAMP_W), f2(ry), RAMP_W + 1, RAMP_H, c:hex()))
    end
    emit(string.format('<rect x="%s" y="%s" width="%d" height="%d" class="frame"/>', f2(x + RAMP_LABEL), f2(ry),
                       RAMP_N * RAMP_W, RAMP_H))
    local mid = kinetic.mix(ca, cb, 0.5, sp[1], sp[2]):hex()
    local mx = x + RAMP_LABEL + (RAMP_N - 1) / 2 * RAMP_W
    emit(string.format('<rect x="%s" y="%s" width="%d" height="%d" class="mid"/>', f2(mx - 1), f2(ry - 2),
                       RAMP_W + 2, RAMP_H + 4))
    emit(string.format('<rect x="%s" y="%s" width="16" height="%d" fill="%s"/>',
                       f2(x + RAMP_LABEL + RAMP_N * RAMP_W + 2), f2(ry), RAMP_H, mid))
    emit(string.format('<text x="%s" y="%s" class="hex">%s</text>', f2(x + RAMP_LABEL + RAMP_N * RAMP_W + 24),
                       f2(ry + RAMP_H - 6), mid))
    ramps = ramps + 1
  end
end
heading("Colours: kinetic.mix(a, b, t, space [, hue]) — CSS Color 4 interpolation",
        string.format("rows of kinetic.mix(a, b, i/%d, space):hex() (gamut-mapped to sRGB); framed and swatched: "
        .. "t = ½. In srgb, red → blue and yellow → blue go dark and grey halfway; oklab keeps the lightness even",
        RAMP_N - 1))
ycur = ycur + 6
local BLOCK_H = 20 + #SPACES * (RAMP_H + 6) + 16
for i, pair in ipairs(PAIRS) do
  local c = (i - 1) % 2
  local r = math.floor((i - 1) / 2)
  ramp_block(MARGIN + PX + c * BLOCK_W, ycur + r * BLOCK_H, pair[1], pair[2])
end
ycur = ycur + math.ceil(#PAIRS / 2) * BLOCK_H

-- The document -----------------------------------------------------------------------
local height = ycur + 30
local head = {
  '<?xml version="1.0" encoding="UTF-8"?>',
  string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">',
                WIDTH, height + 60, WIDTH, height + 60),
  '<style>',
  'text { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; fill: #1f2328; }',
  '.h1 { font-size: 26px; font-weight: bold; } .h2 { font-size: 17px; font-weight: bold; }',
  '.note { font-size: 12px; fill: #57606a; } .label { font-size: 11.5px; font-weight: bold; }',
  '.sub { font-size: 10px; fill: #57606a; } .tick { font-size: 9px; fill: #8c959f; }',
  '.box { fill: #f6f8fa; stroke: #d0d7de; stroke-width: 1; }',
  '.guide { stroke: #afb8c1; stroke-width: 0.8; stroke-dasharray: 3 3; }',
  '.curve { fill: none; stroke-width: 1.8; stroke-linejoin: round; stroke-linecap: round; }',
  '.ctrl { stroke: #afb8c1; stroke-width: 0.8; stroke-dasharray: 3 3; } .pt { fill: #8c959f; }',
  '.ring { fill: none; stroke: #ea580c; stroke-width: 1.3; } .tan { stroke: #1f2328; stroke-width: 1.6; }',
  '.frame { fill: none; stroke: #d0d7de; stroke-width: 1; }',
  '.mid { fill: none; stroke: #1f2328; stroke-width: 1.2; } .hex { font-size: 10px; font-family: monospace; }',
  '</style>',
  string.format('<rect width="%d" height="%d" fill="#ffffff"/>', WIDTH, height + 60),
  string.format('<text x="%d" y="40" class="h1">%s</text>', MARGIN, esc(title)),
  string.format('<text x="%d" y="62" class="note">%s</text>', MARGIN, esc(intro)),
  '<g transform="translate(0, 60)">',
}
local doc = table.concat(head, "\n") .. "\n" .. table.concat(parts, "\n") .. "\n</g>\n</svg>\n"

local function write(path, text)
  local fh = io.open(path, "wb")
  if not fh then
    local dir = path:match("^(.*)/[^/]*$")
    if dir then os.execute('mkdir -p "' .. dir .. '"') end
    fh = assert(io.open(path, "wb"))
  end
  fh:write(text)
  fh:close()
end
write(out_path, doc)

return { path = out_path, curves = curves, ramps = ramps, sections = sections, bytes = #doc }
