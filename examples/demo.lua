-- `make demo`: a tour of what kinetic can do, printed to the terminal.
local kinetic = require("kinetic")

print(kinetic._VERSION)
local names = {}
for name, value in pairs(kinetic) do
  if name ~= "_VERSION" then names[#names + 1] = name .. " (" .. type(value) .. ")" end
end
table.sort(names)
print("module functions: " .. (#names > 0 and table.concat(names, ", ") or "none yet"))
