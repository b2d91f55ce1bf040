/*
** fuzz_easing_parse.c -- the easing spec parser on arbitrary bytes.
** Checks: no crash/UB/leak (ASan+UBSan); when the parser accepts, the
** easing is finite at a few finite p, its text parses again and serializes
** identically (parse(serialize(e)) round trip) and describes the same easing.
*/
#include "fuzz_common.h"
#include "easing_parse.h"

static kn_easing *parse(const char *s, size_t len, char *err, size_t errcap) {
  size_t cap = kn_easing_parse_maxpoints(s, len);
  kn_easing *e = (kn_easing *)malloc(kn_easing_size(cap ? cap : 1));
  CHECK(e != NULL, "malloc");
  if (!kn_easing_parse(s, len, e, cap, err, errcap)) {
    CHECK(errcap == 0 || memchr(err, '\0', errcap) != NULL, "error message not terminated");
    free(e);
    return NULL;
  }
  return e;
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
