-- :KineticScroll [N] scrolls the current window N lines (default half a
-- window; negative: up) on a spring; :KineticScrollTo N puts line N at the
-- top, line by line on kinetic_scroll's step schedule (examples/nvim).
--
-- Momentum scrolling for the mouse wheel is opt-in: :KineticScrollWheel maps
-- <ScrollWheelDown> and <ScrollWheelUp> (normal and visual mode) to
-- kinetic_scroll's wheel() on the window under the mouse, each event an
-- impulse of g:kinetic_scroll_wheel_lines lines (default: the vertical
-- amount of 'mousescroll' where Neovim has it, else 3);
-- :KineticScrollWheel! removes those mappings.  With g:kinetic_scroll_wheel
-- set (true or 1) before this file runs, the mappings are made at start-up.
-- Nothing is mapped otherwise.
if vim.g.loaded_kinetic_scroll then return end
vim.g.loaded_kinetic_scroll = true

vim.api.nvim_create_user_command("KineticScroll", function(cmd)
  local n = tonumber(cmd.args) or vim.wo.scroll
  require("kinetic_scroll").scroll(0, n)
end, { nargs = "?", desc = "kinetic: scroll the window smoothly by N lines" })

vim.api.nvim_create_user_command("KineticScrollTo", function(cmd)
  local n = tonumber(cmd.args)
  if not n then
    vim.notify("KineticScrollTo: a line number expected", vim.log.levels.ERROR)
    return
  end
  require("kinetic_scroll").scroll_to(0, n)
end, { nargs = 1, desc = "kinetic: scroll line by line until line N is at the top" })

-- Lines per wheel event.
local function wheel_lines()
  local n = tonumber(vim.g.kinetic_scroll_wheel_lines)
  if n then return n end
  local ok, ms = pcall(function() return vim.o.mousescroll end)   -- Neovim 0.9+
  n = ok and type(ms) == "string" and tonumber(ms:match("ver:(%d+)"))
  return n or 3
end

-- The window under the mouse (getmousepos), else the current one.
local function mouse_win()
  local ok, pos = pcall(vim.fn.getmousepos)
  if ok and type(pos) == "table" and pos.winid and pos.winid ~= 0 then return pos.winid end
  return 0
end

local WHEEL = { ["<ScrollWheelDown>"] = 1, ["<ScrollWheelUp>"] = -1 }
local MODES = { "n", "x" }

local function map_wheel()
  for key, dir in pairs(WHEEL) do
    vim.keymap.set(MODES, key, function()
      require("kinetic_scroll").wheel(mouse_win(), dir * wheel_lines())
    end, { desc = "kinetic: momentum scrolling" })
  end
end

local function unmap_wheel()
  for key in pairs(WHEEL) do
    for _, mode in ipairs(MODES) do pcall(vim.keymap.del, mode, key) end
  end
end

vim.api.nvim_create_user_command("KineticScrollWheel", function(cmd)
  if cmd.bang then unmap_wheel() else map_wheel() end
end, { bang = true, nargs = 0, desc = "kinetic: map the mouse wheel to momentum scrolling (!: unmap)" })

if vim.g.kinetic_scroll_wheel == true or vim.g.kinetic_scroll_wheel == 1 then map_wheel() end
