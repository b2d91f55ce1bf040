-- `make bench`: run every bench/bench_*.lua with the harness on this VM.
local harness = require("harness")
local kinetic = require("kinetic")
local vm = (type(jit) == "table" and jit.version) or _VERSION
print(string.format("%s on %s, median of %d runs", kinetic._VERSION, vm, harness.runs))

local files = {}
local p = io.popen("ls bench/bench_*.lua 2>/dev/null")
for file in p:lines() do files[#files + 1] = file end
p:close()
if #files == 0 then print("(no benchmarks yet)") end
for _, file in ipairs(files) do
  local suite = dofile(file)
  harness.report(suite.title, suite.rows)
end
