-- :KineticFloat opens a float that springs around the editor (examples/nvim).
if vim.g.loaded_kinetic_float then return end
vim.g.loaded_kinetic_float = true

vim.api.nvim_create_user_command("KineticFloat", function()
  require("kinetic_float").demo()
end, { desc = "kinetic: a spring-driven floating window" })
