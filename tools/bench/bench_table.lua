-- Turn the output of `make bench` (stdin) into the Markdown tables of
-- docs/performance.md: the C core's rows with the lua5.4 and luajit sides
-- next to each other, then the counting rows (bytes per call, wake-ups:
-- kinetic / pure Lua on every VM and backend), then the C core without
-- Lua, then the Lua backend's ratios on lua5.1, lua5.4 and luajit.
--   make bench | tee /tmp/bench.txt; lua5.4 tools/bench/bench_table.lua < /tmp/bench.txt
local vm, order, rows, c_rows = nil, {}, {}, {}
local count_order, counts = {}, {}
local LUA_VMS = { "lua5.1 (Lua backend)", "lua5.4 (Lua backend)", "luajit (Lua backend)" }
for line in io.lines() do
  local v = line:match("^== (.-)%s*$")
  if v then
    vm = v
  else
    local name, k, b, r = line:match("^  (.-)%s%s+(%d[%d.]*)%s+(%d[%d.]*)%s+(%d[%d.]*x)$")
    if name and vm then
      if not rows[name] then rows[name] = {}; order[#order + 1] = name end
      rows[name][vm] = { k = k, b = b, r = r }
    end
    local cname, ns = line:match("^  (.-)%s%s+(%d[%d.]*) ns$")
    if cname and vm == "C" then c_rows[#c_rows + 1] = { cname, ns } end
    local qname, qk, qb, unit = line:match("^  (.-)%s%s+(%d[%d.]*)%s+(%d[%d.]*) (%a+)$")
    if qname and vm and vm ~= "C" then
      local key = qname .. ", " .. unit
      if not counts[key] then counts[key] = {}; count_order[#count_order + 1] = key end
      counts[key][vm] = ("%s / %s"):format(qk, qb)
    end
  end
end
local function cell(row, v)
  local c = row[v]
  return c and ("%s / %s | %s"):format(c.k, c.b, c.r) or "– | –"
end
print("| row | lua5.4 kinetic / Lua ns | ratio | luajit kinetic / Lua ns | ratio |")
print("|---|---:|---:|---:|---:|")
for _, name in ipairs(order) do
  if rows[name]["lua5.4"] or rows[name].luajit then
    print(("| %s | %s | %s |"):format(name, cell(rows[name], "lua5.4"), cell(rows[name], "luajit")))
  end
end
if #count_order > 0 then
  print()
  print("| count, kinetic / pure Lua | lua5.4 | luajit | lua5.1 (Lua backend) | lua5.4 (Lua backend) "
        .. "| luajit (Lua backend) |")
  print("|---|---:|---:|---:|---:|---:|")
  for _, key in ipairs(count_order) do
    local c = counts[key]
    print(("| %s | %s | %s | %s | %s | %s |"):format(key, c["lua5.4"] or "–", c.luajit or "–",
          c[LUA_VMS[1]] or "–", c[LUA_VMS[2]] or "–", c[LUA_VMS[3]] or "–"))
  end
end
print()
print("| C core, no Lua | ns |")
print("|---|---:|")
for _, r in ipairs(c_rows) do print(("| %s | %s |"):format(r[1], r[2])) end
print()
print("| row (Lua backend) | lua5.1 | lua5.4 | luajit |")
print("|---|---:|---:|---:|")
for _, name in ipairs(order) do
  local row, cells, any = rows[name], {}, false
  for i, v in ipairs(LUA_VMS) do
    cells[i] = row[v] and row[v].r or "–"
    any = any or row[v] ~= nil
  end
  if any then print(("| %s | %s |"):format(name, table.concat(cells, " | "))) end
end
