-- :KineticScroll [N] scrolls the current window N lines (default half a
-- window; negative: up) on a spring; :KineticScrollTo N puts line N at the
-- top, line by line on kinetic_scroll's step schedule (examples/nvim).
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
