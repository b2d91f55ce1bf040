-- tools/test/windows_compare.lua [--strict] [--names=A,B] [--skip=PATTERN] LINUX WINDOWS: compare
-- two outputs of tools/test/windows_check.lua, line for line.  Labels and kinds must match, and
-- every value must be the same text -- for numbers, %.17g: the same double
-- -- except a number whose label a rule below names: those go through a C
-- library function that the mingw-w64 build gets from a different
-- implementation than glibc's, and compare within that rule's bound.
-- Prints one summary line; prints the differences and exits 1 otherwise.
--
-- The core.dll that `make windows` links takes its libm from mingw-w64's
-- static libmingwex (sin, cos, exp, exp2, expm1, log, log1p, pow, atan2,
-- cbrt, atanh: the same code on Windows as under wine) and only acos, asin,
-- atan and _hypot from msvcrt.dll.  Measured against glibc on 200000
-- arguments each (mingw-w64 10, wine 8): exp, exp2, log, log1p, atan2, and
-- wine's acos, atan, hypot within 1 ulp; expm1 within 2; cbrt within 3; pow
-- within 1 ulp for fractional exponents but not for integral ones, which it
-- multiplies out in doubles (x^n off by up to about 0.6 n ulps: 21 at
-- n = 30); sin and cos within 1 ulp except next to their zeros, where the
-- x87 fsin/fcos reduce by a 66-bit pi (sin(fl(3 pi)) has 12 right bits).
-- A rule is added for what the check shows, nothing else.
--
-- --strict applies no rule: every value must be the same text (what
-- tools/test/test-lovejs.sh asks of the Lua backend against the C backend
-- on one machine).  --names=A,B names the two outputs in the report of
-- differences (default linux,windows).  --skip=PATTERN leaves out the
-- values whose label matches the Lua pattern (counted in the summary).
--
-- A rule: `fn` the C function, `labels` a Lua pattern on the label,
-- `ulps` and `scale`: |a - b| <= ulps * ulp(max(|a|, |b|, scale)).
local RULES = {
  { fn = "pow, expm1", where = "friction", labels = "^friction%(", ulps = 32, scale = 0,
    why = "v0 * pow(drag, t) and expm1(t * log(drag)): pow(drag, 30) is off by up to 21 ulps" },
  { fn = "expm1, exp, pow", where = "the scroll motions", labels = "^%a+_scroll%(", ulps = 16, scale = 1,
    why = "x0 + v0 expm1(t ln d) / ln d, the spring's exp, x0 + d (1 - u^D): mingw-w64's expm1, "
          .. "exp and pow within an ulp or two, a few roundings after them" },
  { fn = "expm1, exp", where = "decay", labels = "^decay%(", ulps = 16, scale = 1,
    why = "x0 + v0 expm1(f t) / f and v0 e^(f t): as the scroll motions" },
  -- (every spelling: outSine, out-sine, flux's sineout)
  { fn = "sin", where = "step times of the Sine easings", labels = "^step_times%(easing%(.*[Ss]ine",
    ulps = 2 ^ 27, scale = 1,
    why = "where sin(pi t / 2) first rounds to 1: next to its maximum a 1-ulp difference in sin moves "
          .. "that t by up to sqrt(2 ulp), 1.5e-8" },
  { fn = "pow, cbrt, atan2, sin, cos", where = "lab and lch components", labels = "^color%(.*:to%(l[ac][bh]%)",
    ulps = 8, scale = 128,
    why = "CIE Lab's 116 f - 16 and 500 (fx - fy), f a cube root, and lch's hue by atan2: an ulp or three "
          .. "of f, times 500, on a scale of 128" },
  { fn = "pow, cbrt, atan2, sin, cos", where = "colours", labels = "^color", ulps = 8, scale = 1,
    why = "the transfer functions' pow, OKLab's cbrt, hues by atan2 and back by sin and cos, each within "
          .. "an ulp or three, then a 3 x 3 matrix" },
  -- (every spelling of them: inElastic, in-elastic, flux's elasticin, hump's elastic)
  { fn = "pow, sin", where = "Elastic easings", labels = "[Ee]lastic", ulps = 2, scale = 1,
    why = "A * pow(2, ..) * sin(..), sin at an argument next to k pi: an ulp of 1, the easing's "
          .. "scale, from each" },
  -- (inExpo, in-expo, flux's expoin ...)
  { fn = "pow", where = "Expo easings", labels = "[Ee]xpo", ulps = 1, scale = 1,
    why = "pow(2, 10 t - 10) and 1 - pow(2, -10 t): within 1 ulp of 1, the easing's scale" },
}

local frexp = math.frexp or function(x)          -- (LuaJIT and 5.1-5.3 have it)
  if x == 0 then return 0, 0 end
  local e = math.floor(math.log(x, 2)) + 1
  return x / 2 ^ e, e
end
-- one unit in the last place of |x| (the spacing of doubles at x)
local function ulp(x)
  x = math.abs(x)
  if x == 0 or x < 2 ^ -1021 then return 2 ^ -1074 end
  local _, e = frexp(x)
  return 2 ^ (e - 53)
end

local function read(path)
  local t = {}
  for line in assert(io.open(path, "rb")):lines() do
    local label, kind, value = line:gsub("\r$", ""):match("^(.-)\t(.-)\t(.*)$")
    assert(label, path .. ": not a check line: " .. line)
    t[#t + 1] = { label = label, kind = kind, value = value }
  end
  return t
end

local files, name_a, name_b, skip = {}, "linux", "windows", nil
for _, a in ipairs(arg) do
  if a == "--strict" then RULES = {}
  elseif a:match("^%-%-skip=") then skip = a:match("^%-%-skip=(.*)$")
  elseif a:match("^%-%-names=") then name_a, name_b = a:match("^%-%-names=([^,]*),(.*)$")
  else files[#files + 1] = a end
end
local A = read(assert(files[1], "usage: windows_compare.lua [--strict] [--names=A,B] LINUX WINDOWS"))
local B = read(assert(files[2], "usage: windows_compare.lua [--strict] [--names=A,B] LINUX WINDOWS"))
local width = math.max(#name_a, #name_b) + 2
local function pad(name) return name .. ":" .. (" "):rep(width - #name - 1) end
local same, bounded, skipped, bad, worst = 0, 0, 0, {}, {}
local function fail(i, why)
  bad[#bad + 1] = ("line %d: %s\n  %s%s\t%s\t%s\n  %s%s\t%s\t%s"):format(i, why,
    pad(name_a), A[i] and A[i].label, A[i] and A[i].kind, A[i] and A[i].value,
    pad(name_b), B[i] and B[i].label, B[i] and B[i].kind, B[i] and B[i].value)
end
for i = 1, math.max(#A, #B) do
  local a, b = A[i], B[i]
  if not a or not b then
    fail(i, "one output is longer")
  elseif a.label ~= b.label then
    fail(i, "different calls")
  elseif skip and a.label:find(skip) then
    skipped = skipped + 1
  elseif a.kind ~= b.kind then
    fail(i, "different kinds")
  elseif a.value == b.value then
    same = same + 1
  else
    local rule
    if a.kind == "number" then
      for _, r in ipairs(RULES) do
        if a.label:find(r.labels) then rule = r; break end
      end
    end
    local x, y = tonumber(a.value), tonumber(b.value)
    if rule and x and y then
      local u = ulp(math.max(math.abs(x), math.abs(y), rule.scale))
      local d = math.abs(x - y) / u
      if d <= rule.ulps then
        bounded = bounded + 1
        worst[rule] = math.max(worst[rule] or 0, d)
      else
        fail(i, ("%.3g ulps, more than the %d that %s allows"):format(d, rule.ulps, rule.fn))
      end
    else
      fail(i, "different values")
    end
  end
end

if #bad > 0 then
  for i = 1, math.min(#bad, 20) do print(bad[i]) end
  if #bad > 20 then print(("... %d more"):format(#bad - 20)) end
  print(("%d of %d values differ"):format(#bad, math.max(#A, #B)))
  os.exit(1)
end
local notes = {}
for _, r in ipairs(RULES) do
  if worst[r] then
    notes[#notes + 1] = ("%s in %s: %.2g ulp%s"):format(r.fn, r.where, worst[r],
      r.scale > 0 and (" of " .. r.scale) or "s")
  end
end
io.write(("%d values compared: %d bit for bit"):format(#A, same))
if bounded > 0 then io.write((", %d within bounds (%s)"):format(bounded, table.concat(notes, "; "))) end
if skipped > 0 then io.write((", %d left out (%s)"):format(skipped, skip)) end
io.write("\n")
