-- :KineticFade {group} {colour} [duration] fades the highlight group's fg to
-- the colour in OKLab with kinetic_fade (examples/nvim); fg=colour and
-- bg=colour name the field (both may be given), and a colour may contain
-- spaces inside its parentheses ("oklch(0.7 0.1 200)").  :KineticFade! uses
-- a spring (kinetic_fade.spring) instead of the tween; run it again while
-- the colour moves and the spring is retargeted.
--
--   :KineticFade Comment #ff8800
--   :KineticFade Comment fg=oklch(0.75 0.12 140) bg=#202830 1.5
--   :KineticFade! CursorLine bg=navy
if vim.g.loaded_kinetic_fade then return end
vim.g.loaded_kinetic_fade = true

-- Words of the arguments; blanks inside parentheses do not split.
local function words(s)
  local out, cur, depth = {}, {}, 0
  for ch in s:gmatch(".") do
    if ch == "(" then depth = depth + 1 elseif ch == ")" then depth = math.max(0, depth - 1) end
    if depth == 0 and ch:match("%s") then
      if #cur > 0 then out[#out + 1] = table.concat(cur); cur = {} end
    else
      cur[#cur + 1] = ch
    end
  end
  if #cur > 0 then out[#out + 1] = table.concat(cur) end
  return out
end

vim.api.nvim_create_user_command("KineticFade", function(cmd)
  local w = words(cmd.args)
  local group, to, duration = w[1], {}, nil
  for i = 2, #w do
    local field, colour = w[i]:match("^(%a+)=(.+)$")
    if field then
      to[field] = colour
    elseif i == #w and i > 2 and tonumber(w[i]) then
      duration = tonumber(w[i])
    else
      to.fg = w[i]
    end
  end
  local ok, err = pcall(require("kinetic_fade").fade, group, to,
                        { duration = duration, spring = cmd.bang or nil })
  if not ok then vim.notify("KineticFade: " .. tostring(err), vim.log.levels.ERROR) end
end, { nargs = "+", bang = true, complete = "highlight",
       desc = "kinetic: fade a highlight group's fg (or fg=/bg=) to a colour in OKLab (!: on a spring)" })
