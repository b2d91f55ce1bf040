-- kinetic.pure.css_token: the part of CSS Syntax Level 3 tokenization that
-- easing and colour values need; csrc/core/css_token.c in Lua.
--
-- "4.3. Tokenizer Algorithms" of CSS Syntax 3: comments vanish, a run of
-- whitespace is one token, `\` escapes a character or gives a code point in
-- 1-6 hex digits (then one optional whitespace), a number followed by what
-- would start an identifier is a dimension.  Names are kept unescaped in
-- UTF-8.
--
-- A lexer (kn_css_lexer) is a table: src (the whole string), s (the cursor,
-- an index into src), e (one past the last byte: C's end).  Save and
-- restore a position by copying lx.s.  A token (kn_css_token) is a table:
-- type (the enum below), value, is_integer, delim (a byte), len, long_name,
-- too_long, name (the unescaped name, a string of len bytes), start and
-- stop (the token's text is src[start, stop), C's start and end).
local byte, char, sub, find, format, match = string.byte, string.char, string.sub,
                                             string.find, string.format, string.match
local tonumber = tonumber
local floor = math.floor

local M = {}

-- enum kn_css_tk
local TK_EOF, TK_WS, TK_IDENT, TK_FUNCTION, TK_NUMBER, TK_PERCENTAGE, TK_DIMENSION,
      TK_COMMA, TK_LPAREN, TK_RPAREN, TK_DELIM, TK_BAD = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
M.TK_EOF, M.TK_WS, M.TK_IDENT, M.TK_FUNCTION, M.TK_NUMBER, M.TK_PERCENTAGE,
  M.TK_DIMENSION, M.TK_COMMA, M.TK_LPAREN, M.TK_RPAREN, M.TK_DELIM, M.TK_BAD =
  TK_EOF, TK_WS, TK_IDENT, TK_FUNCTION, TK_NUMBER, TK_PERCENTAGE, TK_DIMENSION,
  TK_COMMA, TK_LPAREN, TK_RPAREN, TK_DELIM, TK_BAD

local NUMBER_MAX = 512   -- KN_CSS_NUMBER_MAX: bytes of the longest number read
local NAME_MAX = 48      -- KN_CSS_NAME_MAX: longest name kept
M.NUMBER_MAX, M.NAME_MAX = NUMBER_MAX, NAME_MAX
M.EXCERPT_MAX = 28

local function is_ws(c) return c == 32 or c == 9 or c == 10 or c == 13 or c == 12 end
local function is_nl(c) return c == 10 or c == 13 or c == 12 end
local function is_digit(c) return c >= 48 and c <= 57 end
local function is_hex(c)
  return (c >= 48 and c <= 57) or (c >= 97 and c <= 102) or (c >= 65 and c <= 70)
end
local function hexval(c)
  if c <= 57 then return c - 48 end
  if c >= 97 then return c - 87 end
  return c - 55
end
-- name-start: a letter, '_' or a non-ASCII code point (any byte >= 0x80).
local function is_name_start(c)
  return (c >= 97 and c <= 122) or (c >= 65 and c <= 90) or c == 95 or c >= 128
end
local function is_name(c) return is_name_start(c) or (c >= 48 and c <= 57) or c == 45 end

-- Byte i ahead of the cursor, -1 past the end.
local function peek(lx, i)
  local q = lx.s + i
  if q < lx.e then return byte(lx.src, q) end
  return -1
end

-- "Two code points are a valid escape": '\' not followed by a newline.
local function valid_escape(lx, i)
  return peek(lx, i) == 92 and not is_nl(peek(lx, i + 1))
end

-- "Three code points would start an ident sequence".
local function starts_ident(lx, i)
  local c = peek(lx, i)
  if c == 45 then
    local d = peek(lx, i + 1)
    return (d >= 0 and is_name_start(d)) or d == 45 or valid_escape(lx, i + 1)
  end
  if c >= 0 and is_name_start(c) then return true end
  return valid_escape(lx, i)
end

-- "Three code points would start a number".
local function starts_number(lx)
  local c, d = peek(lx, 0), peek(lx, 1)
  if c == 43 or c == 45 then
    if d >= 0 and is_digit(d) then return true end
    return d == 46 and peek(lx, 2) >= 0 and is_digit(peek(lx, 2))
  end
  if c == 46 then return d >= 0 and is_digit(d) end
  return c >= 0 and is_digit(c)
end

-- Append the bytes b to the name, unless that passes NAME_MAX (then the
-- name is marked long, and the bytes dropped, as C does).
local function name_put(tk, b)
  local n = #b
  if tk.len + n > NAME_MAX then tk.long_name = true; return end
  tk.name = tk.name .. b
  tk.len = tk.len + n
end

-- Consume an escaped code point (the cursor is after the '\'): 1-6 hex
-- digits and one optional whitespace, or any other single code point; a
-- zero, surrogate or out-of-range value (and the end) gives U+FFFD.
local function consume_escape(lx, tk)
  local cp = 0
  local c, n = peek(lx, 0), 0
  if c < 0 then
    cp = 0xFFFD
  elseif is_hex(c) then
    while n < 6 and peek(lx, 0) >= 0 and is_hex(peek(lx, 0)) do
      cp = cp * 16 + hexval(peek(lx, 0)); lx.s = lx.s + 1; n = n + 1
    end
    if peek(lx, 0) == 13 and peek(lx, 1) == 10 then lx.s = lx.s + 2
    elseif peek(lx, 0) >= 0 and is_ws(peek(lx, 0)) then lx.s = lx.s + 1 end
    if cp == 0 or (cp >= 0xD800 and cp <= 0xDFFF) or cp > 0x10FFFF then cp = 0xFFFD end
  else
    -- any other code point stands for itself: copy its UTF-8 bytes
    local len = 1
    if c >= 128 then
      while peek(lx, len) >= 128 and peek(lx, len) < 192 and len < 4 do len = len + 1 end
    end
    name_put(tk, sub(lx.src, lx.s, lx.s + len - 1))
    lx.s = lx.s + len
    return
  end
  if cp < 0x80 then
    name_put(tk, char(cp))
  elseif cp < 0x800 then
    name_put(tk, char(0xC0 + floor(cp / 64), 0x80 + cp % 64))
  elseif cp < 0x10000 then
    name_put(tk, char(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64))
  else
    name_put(tk, char(0xF0 + floor(cp / 262144), 0x80 + floor(cp / 4096) % 64,
                      0x80 + floor(cp / 64) % 64, 0x80 + cp % 64))
  end
end

-- "Consume an ident sequence" into tk.name: runs of name bytes at once (a
-- run appended byte by byte stops at NAME_MAX, as name_put would leave it).
local function consume_name(lx, tk)
  tk.len = 0
  tk.long_name = false
  tk.name = ""
  local src = lx.src
  while true do
    local c = peek(lx, 0)
    if c >= 0 and is_name(c) then
      local q = lx.s
      local _, z = find(src, "^[a-zA-Z0-9_%-\128-\255]+", q)
      if z >= lx.e then z = lx.e - 1 end
      local room = NAME_MAX - tk.len
      if z - q + 1 > room then
        tk.long_name = true
        if room > 0 then tk.name = tk.name .. sub(src, q, q + room - 1); tk.len = NAME_MAX end
      else
        tk.name = tk.name .. sub(src, q, z)
        tk.len = tk.len + (z - q + 1)
      end
      lx.s = z + 1
    elseif valid_escape(lx, 0) then lx.s = lx.s + 1; consume_escape(lx, tk)
    else return end
  end
end

-- LuaJIT reads no exponent beyond some millions: one of more than 6
-- digits is written as 999999, which gives the same inf or 0 (a mantissa
-- has at most NUMBER_MAX digits).
local function to_double(s, is_integer)
  if is_integer then
    s = s .. ".0"                         -- Lua 5.3+ would read an integer
  else
    local m, sign, digits = match(s, "^(.-[eE])([+-]?)0*(%d+)$")
    if m and #digits > 6 then s = m .. sign .. "999999" end
  end
  return tonumber(s) / 1
end
M.to_double = to_double

-- "Consume a number": its text, correctly rounded.  A number of NUMBER_MAX
-- bytes or more is not read (tk.too_long).
local function consume_number(lx, tk)
  local b = lx.s
  tk.is_integer = true
  if peek(lx, 0) == 43 or peek(lx, 0) == 45 then lx.s = lx.s + 1 end
  while peek(lx, 0) >= 0 and is_digit(peek(lx, 0)) do lx.s = lx.s + 1 end
  if peek(lx, 0) == 46 and peek(lx, 1) >= 0 and is_digit(peek(lx, 1)) then
    tk.is_integer = false
    lx.s = lx.s + 1
    while peek(lx, 0) >= 0 and is_digit(peek(lx, 0)) do lx.s = lx.s + 1 end
  end
  local c, d = peek(lx, 0), peek(lx, 1)
  if (c == 101 or c == 69) and
     ((d >= 0 and is_digit(d)) or ((d == 43 or d == 45) and peek(lx, 2) >= 0 and
                                    is_digit(peek(lx, 2)))) then
    tk.is_integer = false
    lx.s = lx.s + 2
    while peek(lx, 0) >= 0 and is_digit(peek(lx, 0)) do lx.s = lx.s + 1 end
  end
  local n = lx.s - b
  tk.value = 0.0
  if n >= NUMBER_MAX then tk.too_long = true; return end
  tk.value = to_double(sub(lx.src, b, lx.s - 1), tk.is_integer)
end

local name_is

local function consume_numeric(lx, tk)
  consume_number(lx, tk)
  if starts_ident(lx, 0) then
    consume_name(lx, tk)
    tk.type = TK_DIMENSION
  elseif peek(lx, 0) == 37 then
    lx.s = lx.s + 1
    tk.type = TK_PERCENTAGE
  else
    tk.type = TK_NUMBER
  end
end

local function consume_ident_like(lx, tk)
  consume_name(lx, tk)
  if peek(lx, 0) == 40 then
    lx.s = lx.s + 1
    tk.type = name_is(tk, "url") and TK_BAD or TK_FUNCTION
  else
    tk.type = TK_IDENT
  end
end

-- Comments: from a slash-star to the next star-slash, or to the end.
local function skip_comments(lx)
  while peek(lx, 0) == 47 and peek(lx, 1) == 42 do
    local q = find(lx.src, "*/", lx.s + 2, true)
    if q ~= nil and q + 1 < lx.e then lx.s = q + 2 else lx.s = lx.e end
  end
end

-- A lexer over the first len bytes of s (all of s when len is nil); lx a
-- table to fill, or nil for a new one.  Returns it.
function M.lexer_init(lx, s, len)
  lx = lx or {}
  lx.src = s
  lx.s = 1
  lx.e = (len or #s) + 1
  return lx
end

-- Delimiters that are tokens of their own; any other byte is a bad token.
local delims = {}
for c in ("+-*/.\\!%&=>?^|~$"):gmatch(".") do delims[byte(c)] = true end

-- The next token (comments skipped) into tk (a table, or nil for a new
-- one); TK_EOF at the end.  Returns tk.
function M.next(lx, tk)
  tk = tk or {}
  skip_comments(lx)
  tk.start = lx.s
  tk.len = 0
  tk.long_name = false
  tk.too_long = false
  tk.is_integer = false
  tk.name = ""
  tk.delim = 0
  local c = peek(lx, 0)
  if c < 0 then
    tk.type = TK_EOF
  elseif is_ws(c) then
    local _, z = find(lx.src, "^[ \t\n\r\f]+", lx.s)
    if z >= lx.e then z = lx.e - 1 end
    lx.s = z + 1
    tk.type = TK_WS
  elseif starts_number(lx) then
    consume_numeric(lx, tk)
  elseif c == 45 and peek(lx, 1) == 45 and peek(lx, 2) == 62 then
    lx.s = lx.s + 3; tk.type = TK_BAD
  elseif starts_ident(lx, 0) then
    consume_ident_like(lx, tk)
  else
    lx.s = lx.s + 1
    if c == 40 then tk.type = TK_LPAREN
    elseif c == 41 then tk.type = TK_RPAREN
    elseif c == 44 then tk.type = TK_COMMA
    elseif delims[c] then tk.type = TK_DELIM; tk.delim = c
    else tk.type = TK_BAD; tk.delim = c end   -- strings, hashes, ':' ';' '<' ...
  end
  tk.stop = lx.s
  return tk
end

-- Whether the token's name equals `lower` (lowercase ASCII) ignoring ASCII
-- case.
function name_is(tk, lower)
  if tk.long_name or #lower ~= tk.len then return false end
  local name = tk.name
  for i = 1, tk.len do
    local c = byte(name, i)
    if c >= 65 and c <= 90 then c = c + 32 end
    if c ~= byte(lower, i) then return false end
  end
  return true
end
M.name_is = name_is

-- s up to its first zero byte (what C's %s prints of it).
local function cstr(s)
  local z = find(s, "\0", 1, true)
  if z then return sub(s, 1, z - 1) end
  return s
end
M.cstr = cstr

-- The parsers' messages (kn_css_error): the text of format(fmt, ...) as C
-- writes it into err[errcap], cut to errcap - 1 bytes ("" when errcap is
-- 0).  Write "%s" with M.cstr(x) where C writes "%.*s" or "%s" of bytes
-- that may hold a zero.
function M.error(errcap, fmt, ...)
  if errcap == 0 then return "" end
  local msg = format(fmt, ...)
  if #msg > errcap - 1 then msg = sub(msg, 1, errcap - 1) end
  return msg
end

-- Up to 24 bytes of src[q, e) for a message, "..." appended when cut
-- (kn_css_excerpt; up to a zero byte, as C prints it).
function M.excerpt(src, q, e)
  local n = e - q
  if n > 24 then return cstr(sub(src, q, q + 23) .. "...") end
  return cstr(sub(src, q, e - 1))
end

return M
