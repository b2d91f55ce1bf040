std = "max"
max_line_length = 120
files["spec"] = { std = "+busted" }
files["examples/love"] = { globals = { "love" } }
files["examples/nvim"] = { globals = { "vim" } }
exclude_files = { "build", ".install", "spec/fixtures" }
-- `make love` copies the module next to the example game: not project source.
exclude_files[#exclude_files + 1] = "examples/love/kinetic"
-- LuaCATS definitions: empty bodies, arguments only documented.
files["types"] = { unused_args = false, ignore = { "241" } }  -- 241: class tables only declared
