-- Chapter: the gallery.  Writes build/gallery.svg (every curve, drawn by the
-- library's own sampling: examples/gallery.lua) and draws a few curves and a
-- spring right here in the terminal.
local kinetic = require("kinetic")

print("== Gallery")

-- plot(series, w, h): series = { {label, values} ... } side by side, values in
-- roughly [lo, hi]; one character cell per sample.
local function plot(series, w, h)
  local boxes = {}
  for si, s in ipairs(series) do
    local ys = s[2]
    local lo, hi = 0, 1
    for _, v in ipairs(ys) do lo, hi = math.min(lo, v), math.max(hi, v) end
    local rows = {}
    for r = 1, h do rows[r] = {} for c = 1, w do rows[r][c] = " " end end
    local function row_of(v) return math.floor((hi - v) / (hi - lo) * (h - 1) + 0.5) + 1 end
    for c = 1, w do rows[row_of(0)][c] = "." ; rows[row_of(1)][c] = "." end
    local prev
    for c = 1, w do   -- the curve, with its vertical runs filled in
      local r = row_of(ys[c])
      local a = r
      if prev and prev ~= r then a = prev + (r > prev and 1 or -1) end
      for rr = math.min(a, r), math.max(a, r) do rows[rr][c] = "*" end
      prev = r
    end
    boxes[si] = { label = s[1], rows = rows }
  end
  local line = {}
  for si, b in ipairs(boxes) do line[si] = string.format("%-" .. w .. "s", b.label:sub(1, w)) end
  print("  " .. table.concat(line, "   "))
  for r = 1, h do
    for si, b in ipairs(boxes) do line[si] = "|" .. table.concat(b.rows[r]) .. "|" end
    print(" " .. table.concat(line, " "))
  end
end

local W, H = 34, 9
local ok, err = pcall(function()
  local curves = {}
  for _, spec in ipairs{ "ease-in-out", "outBounce", "steps(4, jump-none)" } do
    local ys = kinetic.easing(spec):sample(W - 1)
    curves[#curves + 1] = { spec, ys }
  end
  plot(curves, W, H)
  print()
  local springs = {}
  for _, preset in ipairs{ "wobbly", "stiff", "molasses" } do
    local s = kinetic.spring{ preset = preset, from = 0, to = 1 }
    local ys = {}
    for c = 1, W do ys[c] = s:at(1.5 * (c - 1) / (W - 1)) end
    springs[#springs + 1] = { "spring " .. preset .. ", 0..1.5 s", ys }
  end
  plot(springs, W, H)
end)
if not ok then print("  (terminal curves unavailable: " .. tostring(err) .. ")") end

local gok, g = pcall(dofile, "examples/gallery.lua")
if gok then
  print(string.format("\n  wrote %s: %d curves in %d sections (%d bytes); open it in a browser",
                      g.path, g.curves, #g.sections, g.bytes))
else
  print("  (gallery unavailable: " .. tostring(g) .. ")")
end
