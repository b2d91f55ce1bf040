"""Tiny Lua table writer shared by the tools/gen/gen_*.py fixture generators.

Numbers are written with repr(), Python's shortest round-trip representation, so
tonumber() in Lua recovers the exact double.  Non-finite numbers are written as
0/0, 1/0, -1/0.  Lua 5.1 / LuaJIT limit the number of constants per function, so
large fixtures wrap items of big lists into their own closures: see `Chunk`.
"""
import math


class Table:
    """A Lua table with an array part (items) followed by named fields (ordered)."""

    def __init__(self, items=(), **fields):
        self.items = list(items)
        self.fields = dict(fields)

    def set(self, key, value):
        self.fields[key] = value
        return self


class Chunk:
    """Wraps a value so it is emitted as `(function() return <value> end)()`,
    giving it its own constant table (keeps LuaJIT/Lua 5.1 limits far away)."""

    def __init__(self, value):
        self.value = value


def num(x):
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    x = float(x)
    if math.isnan(x):
        return "0/0"
    if math.isinf(x):
        return "1/0" if x > 0 else "-1/0"
    r = repr(x)
    if r.endswith(".0") and abs(x) < 1e15:
        r = r[:-2]
        if r == "-0":
            r = "-0.0"
    return r


def string(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) > 126:
            for b in ch.encode("utf-8"):
                out.append("\\%03d" % b)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _is_ident(k):
    import keyword  # noqa
    lua_kw = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
              "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}
    return k.isidentifier() and k not in lua_kw and k.isascii()


def dump(v, indent=0, inline_depth=None):
    """Serialize v. Lists of scalars and short lists of short lists go on one line."""
    pad = "  " * indent
    if isinstance(v, Chunk):
        return "(function() return " + dump(v.value, indent) + " end)()"
    if v is None:
        return "nil"
    if isinstance(v, (bool, int, float)):
        return num(v)
    if isinstance(v, str):
        return string(v)
    if isinstance(v, dict):
        v = Table((), **v)
    if isinstance(v, (list, tuple)):
        v = Table(v)
    if isinstance(v, Table):
        parts = [dump(x, indent + 1) for x in v.items]
        for k, x in v.fields.items():
            key = k if _is_ident(k) else "[" + string(k) + "]"
            parts.append(key + " = " + dump(x, indent + 1))
        flat = "{ " + ", ".join(parts) + " }" if parts else "{}"
        if len(flat) <= 100 and "\n" not in flat:
            return flat
        inner = "  " * (indent + 1)
        # keep long runs of small scalar arrays compact: several per line
        lines = []
        cur = ""
        for p in parts:
            if "\n" in p or len(p) > 60:
                if cur:
                    lines.append(cur)
                    cur = ""
                lines.append(p)
            elif len(cur) + len(p) + 2 > 110 and cur:
                lines.append(cur)
                cur = p
            else:
                cur = (cur + ", " + p) if cur else p
        if cur:
            lines.append(cur)
        return "{\n" + ",\n".join(inner + l for l in lines) + ",\n" + pad + "}"
    raise TypeError("cannot serialize %r" % (v,))


def write(path, header_lines, value):
    with open(path, "w") as f:
        for line in header_lines:
            f.write("-- " + line + "\n" if line else "--\n")
        f.write("return " + dump(value) + "\n")
