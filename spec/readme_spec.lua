-- The README's quick start runs, and prints what its comments say.
--
-- The first ```lua block of the section headed "## Quick start" (or, in a
-- README that has none, "## Quick tour") is run as one chunk with print
-- replaced.  A line holding a "--> " comment states what it prints: the
-- arguments tostring'd and joined by single spaces, as the text after "--> "
-- reads once both are trimmed.  A "-->" comment alone on its line states
-- what the nearest code line above it printed.
--
-- Numbers print differently across VMs (100 on Lua 5.1, 5.2 and LuaJIT,
-- 100.0 on 5.3 and 5.4), and the README shows Lua 5.4: the comparisons run
-- on Lua 5.3 and 5.4; elsewhere the block must still run without error.
-- busted runs from the repository root.
local HEADINGS = { "## Quick start", "## Quick tour" }

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

local function read_readme()
  local f = assert(io.open("README.md", "r"))
  local text = f:read("*a")
  f:close()
  return text
end

-- The first ```lua block of the first heading found, as an array of lines,
-- and the heading it came from.
local function quick_block(text)
  local lines = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\r?\n") do lines[#lines + 1] = line end
  for _, heading in ipairs(HEADINGS) do
    local start
    for i, line in ipairs(lines) do
      if trim(line) == heading then start = i; break end
    end
    if start then
      local block, inside = {}, false
      for i = start + 1, #lines do
        local line = lines[i]
        if not inside and line:match("^## ") then break end   -- the next section
        if inside then
          if line:match("^```%s*$") then return block, heading end
          block[#block + 1] = line
        elseif line:match("^```lua%s*$") then
          inside = true
        end
      end
      error(heading .. " has no ```lua block")
    end
  end
  error("README.md has no section headed " .. table.concat(HEADINGS, " or "))
end

-- The expectations: { line = the line that prints, text = what it prints,
-- at = the line of the comment }.
local function expectations(block)
  local out = {}
  for i, line in ipairs(block) do
    local code, said = line:match("^(.-)%-%->%s?(.*)$")
    if code then
      local target = i
      if trim(code) == "" then                -- a comment line: the code line above
        target = nil
        for j = i - 1, 1, -1 do
          local above = block[j]
          local above_code = above:match("^(.-)%-%->") or above
          if trim(above_code) ~= "" and not trim(above_code):match("^%-%-") then target = j; break end
        end
        assert(target, "line " .. i .. " of the block: a --> comment with no code above it")
      end
      out[#out + 1] = { line = target, text = trim(said), at = i }
    end
  end
  return out
end

local CHUNK = "=README quick start"

-- Runs the block; returns ok, the error and what each line printed.
local function run(block)
  local printed = {}
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    local info = debug.getinfo(2, "Sl")
    local line = info and info.source == CHUNK and info.currentline or 0
    printed[line] = printed[line] or {}
    table.insert(printed[line], table.concat(parts, " "))
  end
  local source = table.concat(block, "\n")
  local chunk, err
  if setfenv then                             -- Lua 5.1, LuaJIT
    chunk, err = loadstring(source, CHUNK)
    if chunk then setfenv(chunk, env) end
  else
    chunk, err = load(source, CHUNK, "t", env)
  end
  if not chunk then return false, err, printed end
  local ok, msg = xpcall(chunk, debug.traceback)
  return ok, msg, printed
end

-- Lua 5.3 and 5.4 print numbers as the README shows them.
local function prints_as_readme()
  return math.type ~= nil and (_VERSION == "Lua 5.3" or _VERSION == "Lua 5.4")
end

describe("README.md", function()
  local block, heading = quick_block(read_readme())

  it(heading .. " runs", function()
    local ok, msg = run(block)
    assert(ok, heading .. " failed:\n" .. tostring(msg))
  end)

  it(heading .. " states what it prints on at least 5 lines", function()
    assert.is_true(#expectations(block) >= 5)
  end)

  if prints_as_readme() then
    it(heading .. " prints what its --> comments say", function()
      local ok, msg, printed = run(block)
      assert(ok, heading .. " failed:\n" .. tostring(msg))
      local compared, wrong = 0, {}
      for _, e in ipairs(expectations(block)) do
        local got = trim(table.concat(printed[e.line] or {}, "\n"))
        compared = compared + 1
        if got ~= e.text then
          wrong[#wrong + 1] = ("block line %d: %s\n  --> %s\n  printed: %s"):format(
            e.at, trim(block[e.line]), e.text, got)
        end
      end
      assert.is_true(compared >= 5, "at least 5 comparisons expected, made " .. compared)
      assert(#wrong == 0, #wrong .. " of " .. compared .. " --> comments differ:\n" .. table.concat(wrong, "\n"))
    end)
  end
end)
