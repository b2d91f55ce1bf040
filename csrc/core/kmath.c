/*
** kmath.c -- kinetic's own expm1, log1p, cbrt, hypot, exp2, tanh, atanh
** (and pow, fmin, fmax with one answer for the cases libms disagree on).
**
** Written with + - * /, sqrt, floor and exact scaling by powers of two
** (frexp, ldexp) only: no libm approximation, so the bits are the same
** under glibc, musl, mingw and Emscripten, and the Lua backend
** (lua/kinetic/pure/kmath.lua) computes them with the same operations in
** the same order (checked bit for bit on 5.5 million inputs on Lua 5.1-5.4
** and LuaJIT, this file built by gcc -O2, gcc -O3 -march=native and clang
** -O2 -march=native).  Every result is within 0.79 ulp of the exact value
** (spec/kmath_spec.lua has the bound of each function).
**
** expm1 and log1p are fdlibm's with the bit manipulation replaced by frexp
** and ldexp; exp2 and tanh use fdlibm's exp kernel, the sum kept in two
** doubles; cbrt, hypot, atanh and tanh's polynomial are kinetic's.  fdlibm:
**   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
**   Developed at SunSoft, a Sun Microsystems, Inc. business.
**   Permission to use, copy, modify, and distribute this software is
**   freely granted, provided that this notice is preserved.
*/
#include "fpcontract.h"
#include <math.h>

#include "kmath.h"

/* p + *e = a*b exactly (Veltkamp/Dekker, as in bezier.c) */
static void split(double a, double *hi, double *lo) {
  double t;
  if (fabs(a) > 6.69692879491417e+299) {   /* 2^996: (2^27 + 1) a would overflow */
    double s = a * 3.7252902984619140625e-09;   /* 2^-28, exact */
    t = 134217729.0 * s;
    *hi = (t - (t - s)) * 268435456.0;
    *lo = a - *hi;
    return;
  }
  t = 134217729.0 * a;                 /* 2^27 + 1 */
  *hi = t - (t - a);
  *lo = a - *hi;
}

static double two_prod(double a, double b, double *e) {
  double p = a * b, ah, al, bh, bl;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  return p;
}

static const double
  LN2_HI = 6.93147180369123816490e-01,   /* 0x3fe62e42 fee00000 */
  LN2_LO = 1.90821492927058770002e-10,   /* 0x3dea39ef 35793c76 */
  INVLN2 = 1.44269504088896338700e+00,
  LN2 = 0.6931471805599453,              /* ln 2 rounded */
  LN2_TAIL = 2.3190468138462996e-17;     /* ln 2 - LN2 */

/* ---- expm1: fdlibm's s_expm1.c, exponents by ldexp -------------------- */

static const double
  Q1 = -3.33333333333331316428e-02,
  Q2 = 1.58730158725481460165e-03,
  Q3 = -7.93650757867487942473e-05,
  Q4 = 4.00821782732936239552e-06,
  Q5 = -2.01099218183624371326e-07;

double kn_expm1(double x) {
  double y, hi, lo, c = 0.0, t, e, hxs, hfx, r1;
  int k, neg;
  if (x != x) return x + x;
  neg = x < 0;
  y = neg ? -x : x;
  if (y >= 38.81622314453125) {            /* |x| >= 56 ln 2 */
    if (y >= 709.7822265625) {
      if (y == HUGE_VAL) return neg ? -1.0 : x;
      if (x > 7.09782712893383973096e+02) return HUGE_VAL;
    }
    if (neg) return -1.0;
  }
  if (y >= 0.3465735912322998) {           /* |x| > ln2/2 */
    if (y < 1.0397205352783203) {          /* and < 3 ln2/2 */
      if (!neg) { hi = x - LN2_HI; lo = LN2_LO; k = 1; }
      else { hi = x + LN2_HI; lo = -LN2_LO; k = -1; }
    } else {
      k = neg ? (int)ceil(INVLN2 * x - 0.5) : (int)floor(INVLN2 * x + 0.5);
      hi = x - k * LN2_HI;                 /* exact */
      lo = k * LN2_LO;
    }
    x = hi - lo;
    c = (hi - x) - lo;
  } else if (y < 5.551115123125783e-17) {  /* |x| < 2^-54 */
    return x;
  } else {
    k = 0;
  }
  hfx = 0.5 * x;
  hxs = x * hfx;
  r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
  t = 3.0 - r1 * hfx;
  e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k == 0) return x - (x * e - hxs);
  e = (x * (e - c) - c);
  e = e - hxs;
  if (k == -1) return 0.5 * (x - e) - 0.5;
  if (k == 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return 1.0 + 2.0 * (x - e);
  }
  if (k <= -2 || k > 56) {
    y = 1.0 - (e - x);
    y = ldexp(y, k);
    return y - 1.0;
  }
  if (k < 20) {
    t = 1.0 - ldexp(1.0, -k);
    y = t - (e - x);
  } else {
    t = ldexp(1.0, -k);
    y = x - (e + t);
    y = y + 1.0;
  }
  return ldexp(y, k);
}

/* ---- log1p: fdlibm's s_log1p.c, exponent and mantissa by frexp -------- */

static const double
  Lp1 = 6.666666666666735130e-01,
  Lp2 = 3.999999999940941908e-01,
  Lp3 = 2.857142874366239149e-01,
  Lp4 = 2.222219843214978396e-01,
  Lp5 = 1.818357216161805012e-01,
  Lp6 = 1.531383769920937332e-01,
  Lp7 = 1.479819860511658591e-01;

double kn_log1p(double x) {
  double f = 0.0, c = 0.0, hfsq, s, z, R, u, m;
  int k = 1, small = 0;
  if (x != x) return x + x;
  if (x < 0.4142136573791504) {            /* x < sqrt(2) - 1 */
    double ax;
    if (x <= -1.0) {
      if (x == -1.0) return -HUGE_VAL;
      return (x - x) / (x - x);            /* NaN */
    }
    ax = fabs(x);
    if (ax < 1.862645149230957e-09) {      /* 2^-29 */
      if (ax < 5.551115123125783e-17) return x;
      return x - x * x * 0.5;
    }
    if (x > 0 || ax < 0.2928934097290039) { k = 0; f = x; }  /* 1 - sqrt(2)/2 */
  }
  if (x == HUGE_VAL) return x + x;
  if (k != 0) {
    if (x < 9007199254740992.0) {          /* 2^53 */
      u = 1.0 + x;
      m = frexp(u, &k);
      k = k - 1;                           /* u = (2m) 2^k, 2m in [1, 2) */
      if (k > 0) c = 1.0 - (u - x); else c = x - (u - 1.0);
      c = c / u;
    } else {
      u = x;
      m = frexp(u, &k);
      k = k - 1;
      c = 0.0;
    }
    u = 2.0 * m;
    if (u < 1.4142131805419922) {
      small = u < 1.00000095367431640625;  /* 1 + 2^-20 */
    } else {
      k = k + 1;
      u = m;
    }
    f = u - 1.0;
  }
  hfsq = 0.5 * f * f;
  if (small) {                             /* |f| < 2^-20 */
    if (f == 0) {
      c = c + k * LN2_LO;
      return k * LN2_HI + c;
    }
    R = hfsq * (1.0 - 0.66666666666666666 * f);
    return k * LN2_HI - ((R - (k * LN2_LO + c)) - f);
  }
  s = f / (2.0 + f);
  z = s * s;
  R = z * (Lp1 + z * (Lp2 + z * (Lp3 + z * (Lp4 + z * (Lp5 + z * (Lp6 + z * Lp7))))));
  /* fdlibm tests k == 0 alone and drops c where the normalization brings k
     back to 0 (x a few ulps below 1 - sqrt(2)/2: 1.8 ulp there, glibc too) */
  if (k == 0 && c == 0) return f - (hfsq - s * (hfsq + R));
  return k * LN2_HI - ((hfsq - (s * (hfsq + R) + (k * LN2_LO + c))) - f);
}

/* ---- cbrt -------------------------------------------------------------
   |x| = m 2^(3q + r), m in [0.5, 1), r in {0, 1, 2}: a quadratic guess for
   cbrt(m) times cbrt(2^r), one Halley step for cbrt(a), a = m 2^r
   (relative error ~1e-10), one Newton step with the residual y^3 - a
   computed exactly (error-free products), rounded once. */
static const double CBRT2[3] = { 1.0, 1.2599210498948732, 1.5874010519681996 };

double kn_cbrt(double x) {
  double a, m, ar, y, y3, p2, e2, p3, e3, res;
  int e, q, r;
  if (x != x || x == 0 || x - x != 0) return x;
  a = fabs(x);
  m = frexp(a, &e);
  q = (int)floor(e / 3.0);
  r = e - 3 * q;
  ar = ldexp(m, r);                        /* exact, in [0.5, 4) */
  y = ((-0.18528691390942026 * m + 0.6882345395528302) * m + 0.4966082808254961) * CBRT2[r];
  y3 = y * y * y;
  y = y * (y3 + 2.0 * ar) / (2.0 * y3 + ar);   /* Halley */
  p2 = two_prod(y, y, &e2);
  p3 = two_prod(p2, y, &e3);
  res = ((p3 - ar) + e3) + e2 * y;         /* y^3 - ar */
  y = y - res / (3.0 * p2);
  y = ldexp(y, q);
  return x < 0 ? -y : y;
}

/* ---- hypot ------------------------------------------------------------
   Scaled so that squares neither overflow nor underflow; the sum of the
   squares kept exactly as two doubles; sqrt corrected by one Newton step
   on that exact sum. */
double kn_hypot(double x, double y) {
  double a = fabs(x), b = fabs(y), scale = 1.0, ah, al, bh, bl, sh, bb, sl,
         h, hh, hl, d;
  if (a == HUGE_VAL || b == HUGE_VAL) return HUGE_VAL;
  if (a != a || b != b) return a + b;
  if (a < b) { double t = a; a = b; b = t; }
  if (b == 0) return a;
  if (a > b * 1073741824.0) return a;      /* 2^30: (b/a)^2 < 2^-60 */
  if (a > 0x1p500) {
    a = a * 0x1p-600; b = b * 0x1p-600; scale = 0x1p600;
  } else if (a < 0x1p-500) {
    a = a * 0x1p600; b = b * 0x1p600; scale = 0x1p-600;
  }
  ah = two_prod(a, a, &al);
  bh = two_prod(b, b, &bl);
  sh = ah + bh;
  bb = sh - ah;
  sl = ((ah - (sh - bb)) + (bh - bb)) + (al + bl);
  h = sqrt(sh);
  hh = two_prod(h, h, &hl);
  d = ((sh - hh) - hl) + sl;
  h = h + d / (2.0 * h);
  return h * scale;
}

/* s + *e = a + b exactly (Knuth) */
static double two_sum(double a, double b, double *e) {
  double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

/* e^(hi - lo) for |hi - lo| <= ln2/2 as *eh + *el (relative error
   < 2^-60): fdlibm's e_exp.c kernel, e^r = 1 + r + r c/(2 - c), with the
   sum kept as two doubles. */
static const double
  P1 = 1.66666666666666019037e-01,
  P2 = -2.77777777770155933842e-03,
  P3 = 6.61375632143793436117e-05,
  P4 = -1.65339022054652515390e-06,
  P5 = 4.13813679705723846039e-08;

static void exp_kernel(double hi, double lo, double *eh, double *el) {
  double r = hi - lo, t = r * r, c, yh, yl, e;
  c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  yh = two_sum(hi, (r * c) / (2.0 - c) - lo, &yl);   /* r + r c/(2 - c) */
  *eh = two_sum(1.0, yh, &e);
  *el = e + yl;
}

/* ---- exp2 -------------------------------------------------------------
   x = n + f exactly, n the nearest integer (f in [-1/2, 1/2]; x - floor(x)
   would round for small negative x); 2^f = e^r with r = f ln2 as
   hi - lo (error-free product); 2^n by ldexp. */
double kn_exp2(double x) {
  double n, f, hi, pe, eh, el;
  if (x != x) return x + x;
  if (x >= 1024.0) return HUGE_VAL;
  if (x < -1080.0) return 0.0;
  n = 0.0; f = x;
  if (fabs(x) > 0.5) {
    n = floor(x + 0.5);                    /* x rounded to an integer */
    f = x - n;                             /* exact (x and n within a factor 2) */
  }
  hi = two_prod(f, LN2, &pe);
  exp_kernel(hi, -(pe + f * LN2_TAIL), &eh, &el);
  return ldexp(eh + el, (int)n);
}

/* ---- tanh -------------------------------------------------------------
   |x| < 0.55: x + x^3 g(x^2), g a degree-10 fit (Chebyshev nodes, error
   8e-18); below 22: 1 - 2/(E + 1), E = e^(2|x|) = 2^k (eh + el) from the
   exp kernel, the division and the subtraction carried in two doubles. */
double kn_tanh(double x) {
  double a, z;
  if (x != x) return x + x;
  a = fabs(x);
  if (a < 0.55) {
    double s, g;
    if (a < 2.7755575615628914e-17) return x * (1.0 + x);   /* 2^-55 */
    s = a * a;
    g = ((((((((((-2.0602765376366344e-05 * s + 8.511313685577672e-05) * s
      - 0.0002346347410887237) * s + 0.0005889360520074057) * s - 0.001455661830100716) * s
      + 0.003592110378689024) * s - 0.008863234397814355) * s + 0.021869488493666944) * s
      - 0.053968253967434016) * s + 0.13333333333332714) * s - 0.3333333333333333);
    z = a + a * (s * g);
  } else if (a < 22.0) {
    double y = a + a, k, hi, eh, el, dh, dl, w, p, pe, wl, zh, zl;
    k = floor(INVLN2 * y + 0.5);
    hi = y - k * LN2_HI;                   /* exact */
    exp_kernel(hi, k * LN2_LO, &eh, &el);
    eh = ldexp(eh, (int)k); el = ldexp(el, (int)k);
    dh = two_sum(eh, 1.0, &dl);
    dl = dl + el;
    w = 2.0 / dh;
    p = two_prod(w, dh, &pe);
    wl = (((2.0 - p) - pe) - w * dl) / dh;
    zh = two_sum(1.0, -w, &zl);
    z = zh + (zl - wl);
  } else {
    z = 1.0;
  }
  return x < 0 ? -z : z;
}

/* ---- atanh ------------------------------------------------------------
   |x| < 1/3: x + x^3 h(x^2), h a degree-10 fit (error 1.3e-18).  Else
   atanh(a) = (1/2) ln((1 + a)/(1 - a)) = k ln2/2 + atanh(s) with
   (1 + a)/(1 - a) = 2^k (1 + s)/(1 - s), s in [0, 1/3]: 1 + a and 1 - a
   kept exactly as two doubles, s = num/den corrected by its residual. */
static const double
  HL2_HI = 0.3465735901845619,             /* LN2_HI / 2 */
  HL2_LO = 9.541074646352939e-11;          /* LN2_LO / 2 */

static double atanh_poly(double z) {
  return ((((((((((0.0781911746712089 * z + 0.037440533573059306) * z
    + 0.05423040174813795) * z + 0.05867083931047705) * z + 0.06667593442767027) * z
    + 0.07692271793624882) * z + 0.09090909954214577) * z + 0.11111111099035531) * z
    + 0.1428571428580071) * z + 0.1999999999999976) * z + 0.3333333333333333);
}

double kn_atanh(double x) {
  double a, t;
  if (x != x) return x + x;
  a = fabs(x);
  if (a > 1.0) return (x - x) / (x - x);
  if (a == 1.0) return x / 0.0;
  if (a < 3.725290298461914e-09) return x;   /* 2^-28 */
  if (a < 0.3333333333333333) {
    double z = a * a;
    t = a + a * (z * atanh_poly(z));
  } else {
    double N = 1.0 + a, n, D = 1.0 - a, d, D2, d2, nh, nl, dh, dl, s, p, pe,
           sl, z, lo, th, tl;
    int e, k;
    n = a - (N - 1.0);                     /* N + n = 1 + a */
    d = (1.0 - D) - a;                     /* D + d = 1 - a */
    (void)frexp(N / D, &e);
    k = e - 1;
    D2 = ldexp(D, k); d2 = ldexp(d, k);
    nh = two_sum(N - D2, n - d2, &nl);
    dh = two_sum(N, D2, &dl);
    dl = dl + (n + d2);
    s = nh / dh;
    p = two_prod(s, dh, &pe);
    sl = (((nh - p) - pe) + nl - s * dl) / dh;
    z = s * s;
    lo = sl + s * (z * atanh_poly(z));
    th = two_sum(k * HL2_HI, s, &tl);
    t = th + (tl + (lo + k * HL2_LO));
  }
  return x < 0 ? -t : t;
}

/* ---- pow, fmin, fmax -------------------------------------------------- */

double kn_pow(double x, double y) {
  if (y == 2.0) return x * x;
  return pow(x, y);
}

double kn_fmin(double x, double y) {
  if (x <= y) return x;
  if (x > y) return y;
  if (y != y) return x;
  return y;
}

double kn_fmax(double x, double y) {
  if (x >= y) return x;
  if (x < y) return y;
  if (y != y) return x;
  return y;
}
