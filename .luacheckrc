std = "max"
max_line_length = 120
files["spec"] = { std = "+busted" }
files["examples/love"] = { globals = { "love" } }
files["examples/nvim"] = { globals = { "vim" } }
exclude_files = { "build", ".install", "spec/fixtures" }
