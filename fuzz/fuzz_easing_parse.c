/*
** fuzz_easing_parse.c -- the easing spec parser on arbitrary bytes.
** Checks: no crash/UB/leak (ASan+UBSan); when the parser accepts, the
** easing is finite at a few finite p, its text parses again and serializes
** identically (parse(serialize(e)) round trip) and describes the same easing;
** its specified and computed CSS texts are CSS values again; and its step schedule is exact (E(t_k) >= k/n, below at the double
** before t_k) and non-decreasing.
*/
#include "fuzz_common.h"
#include "easing_parse.h"
#include "step_times.h"

static char spec_buf[4096];
static kn_easing_text spec_text;

static kn_easing *parse(const char *s, size_t len, char *err, size_t errcap) {
  size_t cap = kn_easing_parse_maxpoints(s, len);
  kn_easing *e = (kn_easing *)malloc(kn_easing_size(cap ? cap : 1));
  CHECK(e != NULL, "malloc");
  spec_text.buf = spec_buf;
  spec_text.cap = sizeof spec_buf;
  if (!kn_easing_parse(s, len, e, cap, &spec_text, err, errcap)) {
    CHECK(errcap == 0 || memchr(err, '\0', errcap) != NULL, "error message not terminated");
    free(e);
    return NULL;
  }
  return e;
}

/* The specified and computed CSS texts of e (if any) are values again.
   (Not the same value: both round numbers to 6 decimals, as browsers do.) */
static void check_css(const kn_easing *e) {
  char c1[4096], sp[4096], err[128];
  size_t n = kn_easing_css(e, c1, sizeof c1), i;
  const char *again[2];
  kn_easing *e2;
  if (n == 0 || n >= sizeof c1 || spec_text.len == 0 || spec_text.len >= sizeof sp) return;
  memcpy(sp, spec_text.buf, spec_text.len);
  sp[spec_text.len] = '\0';
  again[0] = sp;
  again[1] = c1;
  for (i = 0; i < 2; i++) {
    e2 = parse(again[i], strlen(again[i]), err, sizeof err);
    CHECK(e2 != NULL, "CSS text rejected: '%s': %s", again[i], err);
    CHECK(kn_easing_css(e2, NULL, 0) > 0, "CSS text '%s' has no CSS form", again[i]);
    free(e2);
  }
}

/* Step schedules: exact and in order. */
static void check_steps(const kn_easing *e, size_t n) {
  double t[16];
  size_t k;
  if (!kn_step_times(e, n, 1.0, t)) return;
  for (k = 0; k < n; k++) {
    double L = (double)(k + 1) / (double)n;
    CHECK(t[k] >= 0.0 && t[k] <= 1.0, "step time %g outside [0, 1]", t[k]);
    CHECK(k == 0 || t[k] >= t[k - 1], "step times decrease at %d", (int)k);
    if (t[k] < 1.0 || kn_easing_eval(e, 1.0, 0) >= L) {
      CHECK(kn_easing_eval(e, t[k], 0) >= L, "E(t_%d) below %g", (int)k + 1, L);
      CHECK(t[k] == 0.0 || kn_easing_eval(e, nextafter(t[k], -1.0), 0) < L,
            "E reaches %g before t_%d = %.17g", L, (int)k + 1, t[k]);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const double ps[] = { 0, 1e-9, 0.25, 0.5, 0.75, 1 - 1e-9, 1, -0.5, 1.5, -1e6, 1e6 };
  char err[128], *s, t1[4096], t2[4096];
  kn_easing *e, *e2;
  size_t i, n1, n2;
  /* an exact-size copy without a NUL: any over-read is an ASan report */
  s = (char *)malloc(size ? size : 1);
  memcpy(s, data, size);
  e = parse(s, size, err, sizeof err);
  free(s);
  if (e == NULL) return 0;
  check_css(e);
  check_steps(e, 1 + size % 16);
  for (i = 0; i < sizeof ps / sizeof ps[0]; i++) {
    double y0 = kn_easing_eval(e, ps[i], 0), y1 = kn_easing_eval(e, ps[i], 1);
    /* inside [0,1] always finite; outside, extrapolation of a steep curve may
       legitimately be large, but never NaN */
    CHECK(!isnan(y0) && !isnan(y1), "NaN at p=%g", ps[i]);
    if (ps[i] >= 0 && ps[i] <= 1) CHECK(isfinite(y0) && isfinite(y1), "inf at p=%g", ps[i]);
  }
  n1 = kn_easing_tostring(e, t1, sizeof t1);
  if (n1 < sizeof t1) {
    CHECK(strlen(t1) == n1, "tostring length");
    e2 = parse(t1, n1, err, sizeof err);
    CHECK(e2 != NULL, "serialized form rejected: '%s': %s", t1, err);
    n2 = kn_easing_tostring(e2, t2, sizeof t2);
    CHECK(n1 == n2 && strcmp(t1, t2) == 0, "round trip differs: '%s' vs '%s'", t1, t2);
    CHECK(kn_easing_equal(e, e2), "round trip not equal: '%s'", t1);
    for (i = 0; i < sizeof ps / sizeof ps[0]; i++) {
      double a = kn_easing_eval(e, ps[i], 0), b = kn_easing_eval(e2, ps[i], 0);
      CHECK(a == b || (isnan(a) && isnan(b)), "round trip eval differs at %g: %.17g vs %.17g ('%s')",
            ps[i], a, b, t1);
    }
    free(e2);
  }
  free(e);
  return 0;
}
