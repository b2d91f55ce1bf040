/*
** fpcontract.h -- included first by every file of the numeric core.
**
** Every floating-point operation rounds on its own: no a*b + c fused into
** one FMA.  ISO C99 mode (-std=c99, the Makefile) already says so, but a
** GNU-mode build (LuaRocks' builtin type passes no -std) for a CPU with
** FMA (-march=native, x86-64-v3, arm64) would contract, and the results
** that kinetic guarantees to the bit -- a spring group against separate
** springs on every vector path, Rebound's RK4 and conversions, Chromium's
** steps() and linear() -- would change.
*/
#ifndef KINETIC_FPCONTRACT_H
#define KINETIC_FPCONTRACT_H

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize ("fp-contract=off")
#endif

#endif
