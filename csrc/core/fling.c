/*
** fling.c -- the fling kinds behind one interface (fling.h).
*/
#include "fpcontract.h"
#include <math.h>

#include "fling.h"

const char *kn_fling_kind_name(int kind) {
  static const char names[4][9] = { "inertia", "bouncing", "clamping", "decay" };
  return kind >= 0 && kind <= KN_FLING_DECAY ? names[kind] : NULL;
}

static double bouncing_end(const kn_bouncing *b) {
  double y0, t0;
  if (b->spring_time == HUGE_VAL) {
    /* |v0| d^t = tol at t = ln(tol / |v0|) / ln d */
    if (fabs(b->v0) < KN_SCROLL_TOLERANCE) return 0.0;
    return (log(KN_SCROLL_TOLERANCE) - log(fabs(b->v0))) / b->friction.log_drag;
  }
  y0 = b->spring_x0 - b->spring_end;
  t0 = isfinite(b->spring_time) ? b->spring_time : 0.0;
  return t0 + kn_spring_rest_time(&b->spring, y0, b->spring_v0, KN_SCROLL_TOLERANCE,
                                  KN_SCROLL_TOLERANCE);
}

void kn_fling_finish_init(kn_fling *f) {
  const kn_inertia *m = &f->u.inertia;
  switch (f->kind) {
    case KN_FLING_INERTIA:
      f->end = m->handoff < HUGE_VAL ? m->handoff + m->spring_end : m->decay_end;
      break;
    case KN_FLING_BOUNCING: f->end = bouncing_end(&f->u.bouncing); break;
    case KN_FLING_CLAMPING: f->end = f->u.clamping.duration; break;
    default:                f->end = f->u.decay.duration; break;
  }
}

double kn_fling_final(const kn_fling *f) {
  switch (f->kind) {
    case KN_FLING_INERTIA:  return kn_inertia_final_position(&f->u.inertia);
    case KN_FLING_BOUNCING: return kn_bouncing_final_position(&f->u.bouncing);
    case KN_FLING_CLAMPING: return kn_clamping_final_position(&f->u.clamping);
    default:                return kn_decay_final_position(&f->u.decay);
  }
}

void kn_fling_at(const kn_fling *f, double t, double *x, double *v) {
  if (t >= f->end) { *x = kn_fling_final(f); *v = 0.0; return; }
  switch (f->kind) {
    case KN_FLING_INERTIA:  kn_inertia_at(&f->u.inertia, t, x, v); break;
    case KN_FLING_BOUNCING: kn_bouncing_at(&f->u.bouncing, t, x, v); break;
    case KN_FLING_CLAMPING: kn_clamping_at(&f->u.clamping, t, x, v); break;
    default:                kn_decay_at(&f->u.decay, t, x, v); break;
  }
}
