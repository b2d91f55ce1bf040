/*
** steps.h -- CSS steps(n, <step-position>) and the before flag.
*/
#ifndef KINETIC_STEPS_H
#define KINETIC_STEPS_H

enum kn_step_position {
  KN_JUMP_START, KN_JUMP_END, KN_JUMP_NONE, KN_JUMP_BOTH, KN_START, KN_END
};

typedef struct kn_steps {
  int n;          /* >= 1, >= 2 for jump-none (the caller checks) */
  int position;   /* enum kn_step_position */
} kn_steps;

double kn_steps_eval(const kn_steps *s, double p, int before_flag);

/* Number of jumps: n, n - 1 (jump-none) or n + 1 (jump-both). */
int kn_steps_jumps(const kn_steps *s);

/* "jump-start" ... "end"; NULL for an unknown value. */
const char *kn_steps_position_name(int position);

#endif
