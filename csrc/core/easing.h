/*
** easing.h -- the easing (timing function) type: a tagged union over every
** kind kinetic knows, its evaluation and its canonical text.
**
** A kn_easing is self-contained and position-independent: linear() points
** live in the trailing `points` array of the same block, so the block can
** be a Lua userdata handed as is to C (or to LuaJIT's FFI).
*/
#ifndef KINETIC_EASING_H
#define KINETIC_EASING_H

#include <stddef.h>

#include "bezier.h"
#include "steps.h"
#include "penner.h"
#include "spring_easing.h"

typedef struct kn_easing kn_easing;

enum kn_easing_kind {
  KN_E_LINEAR,      /* the identity (`linear` keyword, Penner's linear) */
  KN_E_BEZIER,      /* cubic-bezier() and the keywords ease, ease-in ... */
  KN_E_STEPS,       /* steps(), step-start, step-end */
  KN_E_LINEARFN,    /* CSS linear(<stops>) */
  KN_E_PENNER,      /* inQuad ... outInBounce */
  KN_E_ACCEL,       /* accelerate(v0): accel1 of accel.h */
  KN_E_ACCELDECEL,  /* accelerate-decelerate(v0): accel2 of accel.h */
  KN_E_CALLBACK,    /* a function the caller provides (kn_easing_init_callback) */
  KN_E_SPRING       /* a spring's exact motion (spring_easing.h) */
};

/* A caller's easing function: the output progress at input progress p,
   given the context the easing was made with.  The core calls it like any
   other easing, and keeps no state across the call: a binding to a
   scripting language can call a script function from it (with the
   interpreter state of the call that led here, reached through ctx). */
typedef double (*kn_easing_fn)(void *ctx, double p);

/* CSS keywords that serialize as themselves (`ease` stays `ease`). */
enum kn_keyword {
  KN_KW_NONE, KN_KW_EASE, KN_KW_EASE_IN, KN_KW_EASE_OUT, KN_KW_EASE_IN_OUT
};

struct kn_easing {
  int kind;                 /* enum kn_easing_kind */
  int keyword;              /* enum kn_keyword, for Bezier */
  size_t npoints;           /* linear(): number of points */
  size_t speclen;           /* bytes of source text after the points (the binding's), 0: none */
  union {
    kn_bezier bezier;
    kn_steps steps;
    kn_penner penner;
    double v0;              /* accelerate / accelerate-decelerate */
    struct { kn_easing_fn fn; void *ctx; } callback;
    kn_spring_curve spring;
  } u;
  double points[];          /* linear(): npoints {input %, output} pairs */
};

/* Bytes needed for an easing with n linear() points. */
#define kn_easing_size(n) (offsetof(kn_easing, points) + 2 * (size_t)(n) * sizeof(double))

/* The source text a parsed easing with a CSS form keeps after its points
   (speclen bytes and a NUL), and the size of the whole block. */
#define kn_easing_specified(e) ((const char *)((e)->points + 2 * (e)->npoints))
#define kn_easing_block_size(e) \
  (kn_easing_size((e)->npoints) + ((e)->speclen ? (e)->speclen + 1 : 0))

/* Output progress at input progress p; before_flag (0/1) only matters for
   steps().  Any finite p is allowed. */
double kn_easing_eval(const kn_easing *e, double p, int before_flag);

/* out[i] = eval(i/n) for i = 0..n (n + 1 values, n >= 1, last at p = 1). */
void kn_easing_sample(const kn_easing *e, size_t n, double *out);

/* The first input after p (p in [0, 1)) where the output may change
   direction or jump, or 1: on every interval between two such inputs the
   easing is monotone (steps() and the identity have none; a caller's
   function is not known and gets none). */
double kn_easing_next_break(const kn_easing *e, double p);

/* An upper bound of the number of those inputs in (0, 1): 4/P for an
   Elastic of period P (both halves of inOut and outIn, every turn),
   2 (beta D / pi + 2) for a spring ringing at beta for D seconds, the
   stops of a linear(); plus 16, which also bounds every other kind (at
   most 12, Bounce's in-out). */
double kn_easing_max_breaks(const kn_easing *e);

/* Initializers (parameters already validated by the caller). */
void kn_easing_init_linear(kn_easing *e);
void kn_easing_init_bezier(kn_easing *e, double x1, double y1, double x2, double y2);
void kn_easing_init_keyword(kn_easing *e, int keyword);
void kn_easing_init_steps(kn_easing *e, int n, int position);
void kn_easing_init_penner(kn_easing *e, int family, int mode);
void kn_easing_init_accel(kn_easing *e, int kind, double v0);
/* fn(ctx, p) for every p (steps' before flag does not reach it). */
void kn_easing_init_callback(kn_easing *e, kn_easing_fn fn, void *ctx);
void kn_easing_init_spring(kn_easing *e, const kn_spring_curve *c);
/* linear(): e->points must hold npoints pairs {input % or NaN, output}. */
void kn_easing_init_linearfn(kn_easing *e, size_t npoints);

/* The checks of the constructors' numbers (finite already), each 1 when
   they pass, else 0 with the reason in why[cap], numbers as kn_fmtnum
   writes them.  cubic-bezier from v = {x1, y1, x2, y2}: x1 and x2 in
   [0, 1], then |y1|, |y2| <= KN_BEZIER_YMAX, *bad the index in v of the
   first that fails; steps: n an integer >= 1 (>= 2 with jump-none) and at
   most 2147483646; accelerate: |v0| <= KN_ACCEL_V0MAX. */
int kn_easing_check_bezier(const double *v, int *bad, char *why, size_t cap);
int kn_easing_check_steps(double n, int position, char *why, size_t cap);
int kn_easing_check_accel(double v0, char *why, size_t cap);

/* A parsed easing that keeps its source text s[0..len) after its points
   (so that css("specified") can parse it again): kn_easing_keep_source
   sets e->speclen to len when e has a CSS form (kn_easing_css), else 0;
   kn_easing_store then copies e and that text, NUL-terminated, into o, a
   block of kn_easing_block_size(e) bytes. */
void kn_easing_keep_source(kn_easing *e, size_t len);
void kn_easing_store(kn_easing *o, const kn_easing *e, const char *s);

/* Canonical text (NUL-terminated, truncated to cap); returns the full
   length as snprintf does. */
size_t kn_easing_tostring(const kn_easing *e, char *buf, size_t cap);

/* The computed-value serialization browsers give for an easing with a CSS
   form (keywords stay keywords, steps(n) drops an end position, linear()
   lists every point with one input, numbers as kn_css_fmtnum), written
   as kn_easing_tostring writes; 0 (and buf untouched) for an easing with
   no CSS form (Penner's, accelerate, a spring's, a caller's function). */
size_t kn_easing_css(const kn_easing *e, char *buf, size_t cap);

/* A number as CSSOM serializes it: at most 6 decimals, no trailing zeros,
   no "-0"; magnitudes from 1e21 up in kn_fmtnum's exponent form.  buf
   needs 48 bytes. */
size_t kn_css_fmtnum(char *buf, double x);

/* 1 when both describe the same function (same kind and parameters; a
   keyword equals its cubic-bezier()). */
int kn_easing_equal(const kn_easing *a, const kn_easing *b);

/* Text written piece by piece into buf of cap + 1 bytes: what passes cap
   is cut, while len counts every byte asked for (a caller compares them to
   tell a cut text).  The caller ends the text with its '\0'. */
typedef struct kn_text { char *buf; size_t cap, len; } kn_text;
void kn_text_put(kn_text *t, const char *s);

/* Shortest of %.15g, %.16g, %.17g that reads back as the same double,
   always with '.' as decimal point.  buf needs 32 bytes. */
size_t kn_fmtnum(char *buf, double x);

#endif
