/*
** names.c -- finding, listing and suggesting names, printing numbers
** (names.h).
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "names.h"

int kn_names_find(kn_name_fn *name, const char *s) {
  const char *k;
  int i;
  for (i = 0; (k = name(i)) != NULL; i++)
    if (strcmp(s, k) == 0) return i;
  return -1;
}

/* Append s[0..n) to buf[cap] at *at, cut to fit; *at counts every byte. */
static void append(char *buf, size_t cap, size_t *at, const char *s, size_t n) {
  if (*at < cap) {
    size_t room = cap - *at - 1;
    memcpy(buf + *at, s, n < room ? n : room);
  }
  *at += n;
}

size_t kn_names_text(char *buf, size_t cap, kn_name_fn *name, unsigned style) {
  const char *k;
  size_t at = 0;
  int i;
  if (style & KN_NAMES_ONEOF) append(buf, cap, &at, "one of ", 7);
  for (i = 0; (k = name(i)) != NULL; i++) {
    if (i > 0 && (style & KN_NAMES_OR) && name(i + 1) == NULL) append(buf, cap, &at, " or ", 4);
    else if (i > 0) append(buf, cap, &at, ", ", 2);
    if (style & KN_NAMES_QUOTED) append(buf, cap, &at, "'", 1);
    append(buf, cap, &at, k, strlen(k));
    if (style & KN_NAMES_QUOTED) append(buf, cap, &at, "'", 1);
  }
  if (cap > 0) buf[at < cap ? at : cap - 1] = '\0';
  return at;
}

/* The optimal string alignment distance of a[0..na) and b[0..nb) (both
   <= KN_NAMES_SUGGEST_MAX), row by row: cur[j] is the distance of a[0..i)
   and b[0..j), from the row before (prev) and the one before that
   (before, for a transposition). */
static int edit_distance(const char *a, size_t na, const char *b, size_t nb) {
  int rows[3][KN_NAMES_SUGGEST_MAX + 1];
  int *before = rows[0], *prev = rows[1], *cur = rows[2], *spare;
  size_t i, j;
  for (j = 0; j <= nb; j++) prev[j] = (int)j;
  for (i = 1; i <= na; i++) {
    cur[0] = (int)i;
    for (j = 1; j <= nb; j++) {
      int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < d) d = prev[j] + 1;
      if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          before[j - 2] + 1 < d)
        d = before[j - 2] + 1;
      cur[j] = d;
    }
    spare = before; before = prev; prev = cur; cur = spare;
  }
  return prev[nb];
}

int kn_names_nearest(const char *key, size_t len, const char *const *known, int n) {
  int i, best = -1, best_d = 0, limit = (int)(len / 3);
  if (limit < 1) limit = 1;
  if (limit > 2) limit = 2;
  if (len > KN_NAMES_SUGGEST_MAX) return -1;
  for (i = 0; i < n; i++) {
    size_t nk = strlen(known[i]);
    int d;
    if (nk > KN_NAMES_SUGGEST_MAX) continue;
    d = edit_distance(key, len, known[i], nk);
    if (d <= limit && (best < 0 || d < best_d)) { best = i; best_d = d; }
  }
  return best;
}

int kn_names_index(const char *s, size_t len, const char *const *known) {
  size_t i;
  int j;
  for (j = 0; known[j] != NULL; j++) {
    const char *k = known[j];
    for (i = 0; i < len && k[i] == s[i]; i++) {}
    if (i == len && k[i] == '\0') return j;
  }
  return -1;
}

void kn_names_unknown(char *buf, size_t cap, const char *key, size_t len,
                      const char *const *known) {
  int i, best;
  size_t n;
  for (i = 0; known[i] != NULL; i++) {}
  best = kn_names_nearest(key, len, known, i);
  buf[0] = '\0';
  if (best >= 0) {
    snprintf(buf, cap, "; did you mean '%s'?", known[best]);
  } else if (i > 0 && i <= KN_NAMES_LIST_MAX) {
    n = (size_t)snprintf(buf, cap, " (options: %s", known[0]);
    for (i = 1; known[i] != NULL && n < cap; i++)
      n += (size_t)snprintf(buf + n, cap - n, ", %s", known[i]);
    if (n < cap) snprintf(buf + n, cap - n, ")");
  }
}

const char *kn_names_num(char *buf, double x) {
  if (x != x) strcpy(buf, "nan");
  else if (isinf(x)) strcpy(buf, x > 0 ? "inf" : "-inf");
  else snprintf(buf, KN_NAMES_NUM_MAX, "%.14g", x);
  return buf;
}
