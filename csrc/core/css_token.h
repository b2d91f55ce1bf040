/*
** css_token.h -- the part of CSS Syntax Level 3 tokenization that easing
** values need: whitespace, comments, identifiers and functions (with
** escapes), numbers, percentages, dimensions, commas, parentheses and
** single-character delimiters.
**
** Follows "4.3. Tokenizer Algorithms" of CSS Syntax 3: comments vanish,
** a run of whitespace is one token, `\` escapes a character or gives a
** code point in 1-6 hex digits (then one optional whitespace), a number
** followed by what would start an identifier is a dimension.  Names are
** kept unescaped in UTF-8.
*/
#ifndef KINETIC_CSS_TOKEN_H
#define KINETIC_CSS_TOKEN_H

#include <stddef.h>

enum kn_css_tk {
  KN_TK_EOF, KN_TK_WS, KN_TK_IDENT, KN_TK_FUNCTION, KN_TK_NUMBER, KN_TK_PERCENTAGE,
  KN_TK_DIMENSION, KN_TK_COMMA, KN_TK_LPAREN, KN_TK_RPAREN, KN_TK_DELIM,
  KN_TK_BAD    /* an unterminated comment, a string, a bad escape ... */
};

/* Bytes of the longest number read (longer ones: `too_long`). */
#define KN_CSS_NUMBER_MAX 512

/* Longest name kept; longer ones are never keywords (`long_name` set). */
#define KN_CSS_NAME_MAX 48

typedef struct kn_css_token {
  int type;                  /* enum kn_css_tk */
  double value;              /* NUMBER, PERCENTAGE (the number before %), DIMENSION */
  int is_integer;            /* NUMBER written without '.' or exponent */
  int delim;                 /* DELIM: the byte */
  size_t len;                /* IDENT, FUNCTION, DIMENSION: name (unit) length */
  int long_name;             /* the name was longer than KN_CSS_NAME_MAX bytes */
  int too_long;              /* a number of KN_CSS_NUMBER_MAX bytes or more (value 0) */
  char name[KN_CSS_NAME_MAX + 1];
  const char *start, *end;   /* the token's text in the source */
} kn_css_token;

typedef struct kn_css_lexer {
  const char *s, *end;
  char dp;                   /* the C locale's decimal point, for strtod */
} kn_css_lexer;

void kn_css_lexer_init(kn_css_lexer *lx, const char *s, size_t len);

/* The next token (comments skipped); KN_TK_EOF at the end. */
void kn_css_next(kn_css_lexer *lx, kn_css_token *tk);

/* 1 when the token's name equals `lower` (lowercase ASCII) ignoring ASCII
   case. */
int kn_css_name_is(const kn_css_token *tk, const char *lower);

/* The parsers' messages.  kn_css_error writes a printf-style message into
   err (errcap bytes, NUL-terminated; nothing when errcap is 0) and returns
   0, a parser's failure.  kn_css_excerpt copies up to 24 bytes of the text
   [q, end) into buf for a message, "..." appended when it was cut. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int kn_css_error(char *err, size_t errcap, const char *fmt, ...);
#define KN_CSS_EXCERPT_MAX 28
const char *kn_css_excerpt(const char *q, const char *end, char buf[KN_CSS_EXCERPT_MAX]);

#endif
