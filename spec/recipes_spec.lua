-- Every recipe in examples/recipes/ runs to its end.  Each recipe asserts its
-- own outcome (final positions, the order of its callbacks) and prints one
-- line naming itself, so a recipe whose behaviour changes fails here.
--
-- A recipe runs in this Lua state, in an environment of its own whose
-- misses fall through to the globals: its print is captured, and the
-- globals a host stub may set (vim, love) are put back afterwards.  The list
-- below is explicit; a test checks that it matches the directory, so a new
-- recipe is not left out silently.  busted runs from the repository root.
local DIR = "examples/recipes/"

local RECIPES = {
  "camera_follower.lua",
  "cascade_cards.lua",
  "chain.lua",
  "color_keyframes.lua",
  "easing_in_other_library.lua",
  "fade_oklab.lua",
  "flick_list.lua",
  "fling_spring_back.lua",
  "follow_pointer.lua",
  "hover_spring.lua",
  "interrupt_tween.lua",
  "nvim_window.lua",
  "pause_slowmo.lua",
  "pixel_snapped_sprite.lua",
  "quick_pointer.lua",
  "reduced_motion.lua",
  "screen_shake.lua",
  "scroll_lines.lua",
  "scrub_replay.lua",
  "sequence_labels.lua",
  "spring_as_css.lua",
  "spring_group_tail.lua",
  "sprite_on_rail.lua",
  "terminal_scroll.lua",
  "zoom_world.lua",
}

-- The .lua files in the directory, sorted; nil where the VM cannot list it.
local function listing()
  local ok, p = pcall(io.popen, "ls " .. DIR .. " 2>/dev/null")
  if not ok or not p then return nil end
  local names = {}
  for line in p:lines() do
    if line:match("%.lua$") then names[#names + 1] = line end
  end
  p:close()
  if #names == 0 then return nil end
  table.sort(names)
  return names
end

local HOST_GLOBALS = { "vim", "love" }

-- run(name): loads and runs one recipe; returns ok, the error (with a
-- traceback), the printed lines and the names of any globals it left.
local function run(name)
  local lines = {}
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    lines[#lines + 1] = table.concat(parts, " ")
  end
  local chunk, err
  if setfenv then                             -- Lua 5.1, LuaJIT
    chunk, err = loadfile(DIR .. name)
    if chunk then setfenv(chunk, env) end
  else
    chunk, err = loadfile(DIR .. name, "t", env)
  end
  if not chunk then return false, err, lines, {} end

  local saved, before = {}, {}
  for _, g in ipairs(HOST_GLOBALS) do saved[g] = rawget(_G, g) end
  for k in pairs(_G) do before[k] = true end
  local ok, msg = xpcall(chunk, debug.traceback)
  for _, g in ipairs(HOST_GLOBALS) do rawset(_G, g, saved[g]) end
  local leaked = {}
  for k in pairs(_G) do
    if not before[k] then leaked[#leaked + 1] = tostring(k) end
  end
  for _, k in ipairs(leaked) do rawset(_G, k, nil) end
  return ok, msg, lines, leaked
end

describe("examples/recipes", function()
  it("the list of recipes is the directory's .lua files", function()
    local names = listing()
    if not names then
      pending("cannot list " .. DIR .. " on this system")
      return
    end
    local sorted = {}
    for i, n in ipairs(RECIPES) do sorted[i] = n end
    table.sort(sorted)
    assert.same(names, sorted)
    assert.is_true(#RECIPES >= 10)
  end)

  for _, name in ipairs(RECIPES) do
    it(name .. " runs and checks itself", function()
      local ok, msg, lines, leaked = run(name)
      assert(ok, name .. " failed:\n" .. tostring(msg))
      local base = name:gsub("%.lua$", "")
      assert.is_true(#lines >= 1, name .. " printed nothing")
      assert.truthy(lines[#lines]:find(base .. ": ", 1, true), "last line: " .. lines[#lines])
      assert.same({}, leaked)
      for _, g in ipairs(HOST_GLOBALS) do assert.is_nil(rawget(_G, g)) end
    end)
  end

  it("a recipe's header says what it shows and how to run it", function()
    for _, name in ipairs(RECIPES) do
      local f = assert(io.open(DIR .. name, "r"))
      local head = {}
      for line in f:lines() do
        if not line:match("^%-%-") then break end
        head[#head + 1] = line
      end
      f:close()
      local text = table.concat(head, "\n")
      assert.is_true(#head >= 3, name .. ": a comment block first")
      assert.truthy(text:find("Run:", 1, true), name .. ": how to run it")
      assert.truthy(text:find("Host:", 1, true), name .. ": its host")
    end
  end)
end)
