/*
** easing_parse.h -- the spec-string parser behind kinetic.easing(spec).
*/
#ifndef KINETIC_EASING_PARSE_H
#define KINETIC_EASING_PARSE_H

#include <stddef.h>

#include "easing.h"

/* An upper bound of the linear() points `s` can produce (size the
   kn_easing with kn_easing_size() of it). */
size_t kn_easing_parse_maxpoints(const char *s, size_t len);

/* A text being written: at most cap bytes go to buf (no NUL), len counts
   them all, so len > cap says how much room the whole text needs. */
typedef struct kn_easing_text {
  char *buf;
  size_t cap, len;
} kn_easing_text;

/* Parse s[0..len) into e, which has room for `cap` linear() points, and
   write the specified serialization of a CSS value to *specified (len 0
   for kinetic's own names, which have none; specified may be NULL).
   Returns 1, or 0 with a message naming the problem in err (NUL-terminated,
   at most errcap bytes); e is then unspecified. */
int kn_easing_parse(const char *s, size_t len, kn_easing *e, size_t cap,
                    kn_easing_text *specified, char *err, size_t errcap);

/* The specified serialization of a parsed easing that kept its source
   (e->speclen > 0, kn_easing_keep_source): that text parsed again -- it
   parsed once, so it parses again -- into tmp, which has room for
   kn_easing_specified_points(e) points, the text written to *out as
   kn_easing_parse writes it (out->len > out->cap: call again with room). */
size_t kn_easing_specified_points(const kn_easing *e);
void kn_easing_specified_text(const kn_easing *e, kn_easing *tmp, kn_easing_text *out);

/* The i-th accepted easing name (0-based), NULL past the end: first the
   canonical names (what tostring gives), then their other spellings
   (kebab-case, flux's, hump.timer's). */
const char *kn_easing_name(size_t i);

#endif
