/*
** css_token.c -- CSS Syntax 3 tokenization, the subset of css_token.h.
*/
#include "fpcontract.h"
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "css_token.h"

static int is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static int is_nl(int c) { return c == '\n' || c == '\r' || c == '\f'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_hex(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int hexval(int c) { return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }
/* name-start: a letter, '_' or a non-ASCII code point (any byte >= 0x80). */
static int is_name_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
static int is_name(int c) { return is_name_start(c) || is_digit(c) || c == '-'; }

/* Byte i ahead of the cursor, -1 past the end. */
static int peek(const kn_css_lexer *lx, size_t i) {
  return lx->s + i < lx->end ? (unsigned char)lx->s[i] : -1;
}

/* "Two code points are a valid escape": '\' not followed by a newline. */
static int valid_escape(const kn_css_lexer *lx, size_t i) {
  return peek(lx, i) == '\\' && !is_nl(peek(lx, i + 1));
}

/* "Three code points would start an ident sequence". */
static int starts_ident(const kn_css_lexer *lx, size_t i) {
  int c = peek(lx, i);
  if (c == '-') {
    int d = peek(lx, i + 1);
    return (d >= 0 && is_name_start(d)) || d == '-' || valid_escape(lx, i + 1);
  }
  if (c >= 0 && is_name_start(c)) return 1;
  return valid_escape(lx, i);
}

/* "Three code points would start a number". */
static int starts_number(const kn_css_lexer *lx) {
  int c = peek(lx, 0), d = peek(lx, 1);
  if (c == '+' || c == '-') {
    if (d >= 0 && is_digit(d)) return 1;
    return d == '.' && peek(lx, 2) >= 0 && is_digit(peek(lx, 2));
  }
  if (c == '.') return d >= 0 && is_digit(d);
  return c >= 0 && is_digit(c);
}

static void name_put(kn_css_token *tk, const char *b, size_t n) {
  if (tk->len + n > KN_CSS_NAME_MAX) { tk->long_name = 1; return; }
  memcpy(tk->name + tk->len, b, n);
  tk->len += n;
  tk->name[tk->len] = '\0';
}

/* Consume an escaped code point (the cursor is after the '\'): 1-6 hex
   digits and one optional whitespace, or any other single code point; a
   zero, surrogate or out-of-range value (and the end of input) gives
   U+FFFD.  Appended to the name in UTF-8. */
static void consume_escape(kn_css_lexer *lx, kn_css_token *tk) {
  unsigned long cp = 0;
  char u[4];
  int c = peek(lx, 0), n = 0;
  if (c < 0) cp = 0xFFFD;
  else if (is_hex(c)) {
    while (n < 6 && peek(lx, 0) >= 0 && is_hex(peek(lx, 0))) { cp = cp * 16 + (unsigned long)hexval(peek(lx, 0)); lx->s++; n++; }
    if (peek(lx, 0) == '\r' && peek(lx, 1) == '\n') lx->s += 2;
    else if (peek(lx, 0) >= 0 && is_ws(peek(lx, 0))) lx->s++;
    if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) cp = 0xFFFD;
  } else {
    /* any other code point stands for itself: copy its UTF-8 bytes */
    size_t len = 1;
    if (c >= 0x80) while (peek(lx, len) >= 0x80 && peek(lx, len) < 0xC0 && len < 4) len++;
    name_put(tk, lx->s, len);
    lx->s += len;
    return;
  }
  if (cp < 0x80) { u[0] = (char)cp; name_put(tk, u, 1); }
  else if (cp < 0x800) {
    u[0] = (char)(0xC0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3F)); name_put(tk, u, 2);
  } else if (cp < 0x10000) {
    u[0] = (char)(0xE0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    u[2] = (char)(0x80 | (cp & 0x3F)); name_put(tk, u, 3);
  } else {
    u[0] = (char)(0xF0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F));
    name_put(tk, u, 4);
  }
}

/* "Consume an ident sequence" into tk->name. */
static void consume_name(kn_css_lexer *lx, kn_css_token *tk) {
  tk->len = 0;
  tk->long_name = 0;
  tk->name[0] = '\0';
  for (;;) {
    int c = peek(lx, 0);
    if (c >= 0 && is_name(c)) { name_put(tk, lx->s, 1); lx->s++; }
    else if (valid_escape(lx, 0)) { lx->s++; consume_escape(lx, tk); }
    else return;
  }
}

/* "Consume a number": its text through strtod (correctly rounded), with
   the C locale's decimal point swapped in.  A number of KN_CSS_NUMBER_MAX
   bytes or more is not read (tk->too_long). */
static void consume_number(kn_css_lexer *lx, kn_css_token *tk) {
  const char *b = lx->s;
  char buf[KN_CSS_NUMBER_MAX];
  size_t n, i;
  tk->is_integer = 1;
  if (peek(lx, 0) == '+' || peek(lx, 0) == '-') lx->s++;
  while (peek(lx, 0) >= 0 && is_digit(peek(lx, 0))) lx->s++;
  if (peek(lx, 0) == '.' && peek(lx, 1) >= 0 && is_digit(peek(lx, 1))) {
    tk->is_integer = 0;
    lx->s++;
    while (peek(lx, 0) >= 0 && is_digit(peek(lx, 0))) lx->s++;
  }
  if ((peek(lx, 0) == 'e' || peek(lx, 0) == 'E') &&
      ((peek(lx, 1) >= 0 && is_digit(peek(lx, 1))) ||
       ((peek(lx, 1) == '+' || peek(lx, 1) == '-') && peek(lx, 2) >= 0 && is_digit(peek(lx, 2))))) {
    tk->is_integer = 0;
    lx->s += 2;
    while (peek(lx, 0) >= 0 && is_digit(peek(lx, 0))) lx->s++;
  }
  n = (size_t)(lx->s - b);
  tk->value = 0.0;
  if (n >= sizeof buf) { tk->too_long = 1; return; }
  memcpy(buf, b, n);
  buf[n] = '\0';
  if (lx->dp != '.') for (i = 0; i < n; i++) if (buf[i] == '.') buf[i] = lx->dp;
  tk->value = strtod(buf, NULL);
}

static void consume_numeric(kn_css_lexer *lx, kn_css_token *tk) {
  consume_number(lx, tk);
  if (starts_ident(lx, 0)) {
    consume_name(lx, tk);
    tk->type = KN_TK_DIMENSION;
  } else if (peek(lx, 0) == '%') {
    lx->s++;
    tk->type = KN_TK_PERCENTAGE;
  } else {
    tk->type = KN_TK_NUMBER;
  }
}

static void consume_ident_like(kn_css_lexer *lx, kn_css_token *tk) {
  consume_name(lx, tk);
  if (peek(lx, 0) == '(') {
    lx->s++;
    tk->type = kn_css_name_is(tk, "url") ? KN_TK_BAD : KN_TK_FUNCTION;
  } else {
    tk->type = KN_TK_IDENT;
  }
}

/* Comments: from a slash-star to the next star-slash, or to the end. */
static void skip_comments(kn_css_lexer *lx) {
  while (peek(lx, 0) == '/' && peek(lx, 1) == '*') {
    const char *q = lx->s + 2;
    while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/')) q++;
    lx->s = q + 1 < lx->end ? q + 2 : lx->end;
  }
}

void kn_css_lexer_init(kn_css_lexer *lx, const char *s, size_t len) {
  lx->s = s;
  lx->end = s + len;
  lx->dp = localeconv()->decimal_point[0];
}

void kn_css_next(kn_css_lexer *lx, kn_css_token *tk) {
  int c;
  skip_comments(lx);
  tk->start = lx->s;
  tk->len = 0;
  tk->long_name = 0;
  tk->too_long = 0;
  tk->name[0] = '\0';
  tk->delim = 0;
  c = peek(lx, 0);
  if (c < 0) tk->type = KN_TK_EOF;
  else if (is_ws(c)) {
    while (peek(lx, 0) >= 0 && is_ws(peek(lx, 0))) lx->s++;
    tk->type = KN_TK_WS;
  }
  else if (starts_number(lx)) consume_numeric(lx, tk);
  else if (c == '-' && peek(lx, 1) == '-' && peek(lx, 2) == '>') { lx->s += 3; tk->type = KN_TK_BAD; }
  else if (starts_ident(lx, 0)) consume_ident_like(lx, tk);
  else {
    lx->s++;
    switch (c) {
      case '(': tk->type = KN_TK_LPAREN; break;
      case ')': tk->type = KN_TK_RPAREN; break;
      case ',': tk->type = KN_TK_COMMA; break;
      case '+': case '-': case '*': case '/': case '.': case '\\': case '!': case '%':
      case '&': case '=': case '>': case '?': case '^': case '|': case '~': case '$':
        tk->type = KN_TK_DELIM; tk->delim = c; break;
      default:   /* strings, hashes, at-keywords, blocks, ':' ';' '<' ... */
        tk->type = KN_TK_BAD; tk->delim = c; break;
    }
  }
  tk->end = lx->s;
}

int kn_css_name_is(const kn_css_token *tk, const char *lower) {
  size_t i;
  if (tk->long_name || strlen(lower) != tk->len) return 0;
  for (i = 0; i < tk->len; i++) {
    int c = (unsigned char)tk->name[i];
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    if (c != (unsigned char)lower[i]) return 0;
  }
  return 1;
}

int kn_css_error(char *err, size_t errcap, const char *fmt, ...) {
  va_list ap;
  if (errcap == 0) return 0;
  va_start(ap, fmt);
  vsnprintf(err, errcap, fmt, ap);
  va_end(ap);
  return 0;
}

const char *kn_css_excerpt(const char *q, const char *end, char buf[KN_CSS_EXCERPT_MAX]) {
  size_t n = (size_t)(end - q);
  if (n > 24) n = 24;
  memcpy(buf, q, n);
  buf[n] = '\0';
  if ((size_t)(end - q) > 24) strcpy(buf + 24, "...");
  return buf;
}
