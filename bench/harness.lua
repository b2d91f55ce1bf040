-- Benchmark harness: ns per operation (median of several runs) for kinetic
-- and for a pure-Lua baseline doing the same work, measured in one process.
local M = {}

local clock = os.clock

-- Time fn(n) -- which must do n operations -- and return ns per operation.
local function time_once(fn, n)
  local t0 = clock()
  fn(n)
  return (clock() - t0) * 1e9 / n
end

local function median(xs)
  table.sort(xs)
  local k = #xs
  if k % 2 == 1 then return xs[(k + 1) / 2] end
  return (xs[k / 2] + xs[k / 2 + 1]) / 2
end

M.runs = tonumber(os.getenv("KINETIC_BENCH_RUNS")) or 7

-- Find n so that one run lasts about `target` seconds, from n = start
-- (default 1000; a row whose one operation takes milliseconds starts lower).
local function calibrate(fn, target, start)
  local n = start or 1000
  while true do
    local t0 = clock()
    fn(n)
    local dt = clock() - t0
    if dt >= target or n >= 1e9 then
      return math.max(1, math.floor(n * target / math.max(dt, 1e-9)))
    end
    n = n * 4
  end
end

-- row = { name, kinetic = fn(n), baseline = fn(n) [, per = k] [, start = n0] }
-- `per` divides the time when one operation does k units (e.g. 10000 springs);
-- `start` is where calibration starts (default 1000 operations).
function M.compare(row)
  local per = row.per or 1
  local n_k = calibrate(row.kinetic, 0.05, row.start)
  local n_b = calibrate(row.baseline, 0.05, row.start)
  local tk, tb = {}, {}
  for i = 1, M.runs do
    tk[i] = time_once(row.kinetic, n_k) / per
    tb[i] = time_once(row.baseline, n_b) / per
  end
  local k, b = median(tk), median(tb)
  return { name = row.name, kinetic = k, baseline = b, ratio = b / k }
end

function M.report(title, rows)
  print(string.format("%-44s %12s %12s %8s", title, "kinetic ns", "pure-Lua ns", "ratio"))
  for _, row in ipairs(rows) do
    local r = M.compare(row)
    local fmt = r.kinetic < 10 and "  %-42s %12.2f %12.2f %7.2fx" or "  %-42s %12.1f %12.1f %7.2fx"
    print(string.format(fmt, r.name, r.kinetic, r.baseline, r.ratio))
  end
end

-- Rows that count rather than time: row = { name, unit, kinetic = fn(),
-- baseline = fn() }, each fn returning its count (bytes allocated per call,
-- wake-ups of a host ...).  Printed as "  name  kinetic  baseline unit",
-- a whole count as an integer, one below 0.05 as 0.
function M.counts(title, rows)
  print(string.format("%-44s %12s %12s", title, "kinetic", "pure-Lua"))
  local function fmt(x)
    if x < 0.05 then return "0" end
    return string.format(x == math.floor(x) and "%d" or "%.1f", x)
  end
  for _, row in ipairs(rows) do
    print(string.format("  %-42s %12s %12s %s", row.name, fmt(row.kinetic()), fmt(row.baseline()),
                        row.unit))
  end
end

-- Bytes allocated per call of step(i), the collector stopped: a full
-- collection, then one loop of warm + count calls, counted over the last
-- `count` (LuaJIT compiles the loop in the warm-up, so that the counted
-- calls run its trace; the trace itself is allocated before the count).
function M.bytes_per_call(step, warm, count)
  collectgarbage("collect")
  collectgarbage("collect")
  collectgarbage("stop")
  local before
  for i = 1, warm + count do
    if i == warm + 1 then before = collectgarbage("count") end
    step(i)
  end
  local after = collectgarbage("count")
  collectgarbage("restart")
  return math.max(0, (after - before) * 1024 / count)
end

return M
