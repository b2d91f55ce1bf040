-- Turn the output of `make bench` (stdin) into the Markdown table of
-- docs/performance.md: one line per row, the lua5.4 and luajit sides next
-- to each other, then the C core rows.
--   make bench | tee /tmp/bench.txt; lua5.4 tools/bench/bench_table.lua < /tmp/bench.txt
local vm, order, rows, c_rows = nil, {}, {}, {}
for line in io.lines() do
  local v = line:match("^== (%S+)")
  if v then
    vm = v
  else
    local name, k, b, r = line:match("^  (.-)%s%s+(%d[%d.]*)%s+(%d[%d.]*)%s+(%d[%d.]*x)$")
    if name and (vm == "lua5.4" or vm == "luajit") then
      if not rows[name] then rows[name] = {}; order[#order + 1] = name end
      rows[name][vm] = ("%s / %s | %s"):format(k, b, r)
    end
    local cname, ns = line:match("^  (.-)%s%s+(%d[%d.]*) ns$")
    if cname and vm == "C" then c_rows[#c_rows + 1] = { cname, ns } end
  end
end
print("| row | lua5.4 kinetic / Lua ns | ratio | luajit kinetic / Lua ns | ratio |")
print("|---|---:|---:|---:|---:|")
for _, name in ipairs(order) do
  print(("| %s | %s | %s |"):format(name, rows[name]["lua5.4"] or "– | –", rows[name].luajit or "– | –"))
end
print()
print("| C core, no Lua | ns |")
print("|---|---:|")
for _, r in ipairs(c_rows) do print(("| %s | %s |"):format(r[1], r[2])) end
