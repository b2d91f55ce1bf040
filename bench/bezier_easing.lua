-- bench/bezier_easing.lua: the reference cubic-bezier baseline of the
-- benchmarks, required by bench_easing.lua and bench_css.lua.
--
-- The cubic-bezier of Lua animation code: ports of the npm package
-- bezier-easing (in LÖVE's flux remix "ease" and elsewhere).  Its
-- algorithm: x at u = 0, 0.1, ..., 1 tabulated once; for an input, the
-- table interval and a linear guess; then 4 Newton steps when the slope
-- there is at least 0.001, else bisection of the interval to 1e-7 (at most
-- 10 halvings).  The ports call helpers that rebuild the polynomial's
-- coefficients from x1, x2 on every call; here they are computed once,
-- which only makes this baseline faster.
return function(x1, y1, x2, y2)
  local ax, bx, cx = 1 - 3 * x2 + 3 * x1, 3 * x2 - 6 * x1, 3 * x1
  local ay, by, cy = 1 - 3 * y2 + 3 * y1, 3 * y2 - 6 * y1, 3 * y1
  local function x_at(u) return ((ax * u + bx) * u + cx) * u end
  local function y_at(u) return ((ay * u + by) * u + cy) * u end
  local function slope(u) return 3 * ax * u * u + 2 * bx * u + cx end
  local xs = {}
  for k = 0, 10 do xs[k] = x_at(k * 0.1) end
  local function u_for(t)
    local lo, k = 0, 1
    while k ~= 10 and xs[k] <= t do lo, k = lo + 0.1, k + 1 end
    k = k - 1
    local u = lo + (t - xs[k]) / (xs[k + 1] - xs[k]) * 0.1
    local d = slope(u)
    if d >= 0.001 then
      for _ = 1, 4 do
        d = slope(u)
        if d == 0 then break end
        u = u - (x_at(u) - t) / d
      end
      return u
    elseif d == 0 then
      return u
    end
    local hi = lo + 0.1
    for _ = 1, 10 do
      u = lo + (hi - lo) / 2
      local r = x_at(u) - t
      if r > 0 then hi = u else lo = u end
      if math.abs(r) <= 1e-7 then break end
    end
    return u
  end
  if x1 == y1 and x2 == y2 then return function(t) return t end end
  return function(t)
    if t == 0 or t == 1 then return t end
    return y_at(u_for(t))
  end
end
