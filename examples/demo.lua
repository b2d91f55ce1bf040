-- `make demo`: a tour of what kinetic can do, printed to the terminal.
-- Each part of the library adds a chapter as examples/demo/<nn>_<part>.lua.
local kinetic = require("kinetic")

print(kinetic._VERSION)
local chapters = {}
local p = io.popen("ls examples/demo/*.lua 2>/dev/null")
for file in p:lines() do chapters[#chapters + 1] = file end
p:close()
for _, file in ipairs(chapters) do
  print()
  dofile(file)
end
