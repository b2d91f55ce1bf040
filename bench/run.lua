-- `make bench`: run every bench/bench_*.lua with the harness on this VM.
local harness = require("harness")
local kinetic = require("kinetic")
local vm = (type(jit) == "table" and jit.version) or _VERSION
print(string.format("%s on %s, backend %s, median of %d runs", kinetic._VERSION, vm, kinetic._backend,
                    harness.runs))

local files = {}
local p = io.popen("ls bench/bench_*.lua 2>/dev/null")
for file in p:lines() do files[#files + 1] = file end
p:close()
if #files == 0 then print("(no benchmarks yet)") end
-- Every row's kinetic side and baseline side come from loads of the file of
-- their own.  LuaJIT attaches compiled traces to bytecode: sides or rows
-- that shared a loop function (one closure factory for a scalar and a
-- 2-vector spring, one loop for every easing ...) would run the trace
-- compiled for whichever came first and measure its side exits, while in a
-- program each call site has code of its own.  (A copy through string.dump
-- would not do: its upvalues lose the constant specialisation LuaJIT gives
-- closures.)  Harmless on PUC Lua.
for _, file in ipairs(files) do
  local suite = dofile(file)
  local rows = {}
  for i, row in ipairs(suite.rows) do
    rows[i] = { name = row.name, per = row.per, start = row.start,
                kinetic = dofile(file).rows[i].kinetic,
                baseline = dofile(file).rows[i].baseline }
  end
  harness.report(suite.title, rows)
  -- Counting rows (bytes per call, wake-ups), each side from a load of
  -- its own too.
  if suite.counts then
    local counts = {}
    for i, row in ipairs(suite.counts) do
      counts[i] = { name = row.name, unit = row.unit,
                    kinetic = dofile(file).counts[i].kinetic,
                    baseline = dofile(file).counts[i].baseline }
    end
    harness.counts(suite.counts_title or suite.title, counts)
  end
end
