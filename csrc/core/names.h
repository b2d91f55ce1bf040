/*
** names.h -- the names of an enumeration (interpolation modes, after-end
** strategies, integrators ...) as the binding checks and lists them, and
** the nearest of a list of names to a misspelt one, and a number as the
** binding's messages print it.
**
** An enumeration's names are read through its accessor, a kn_name_fn:
** name(i) is the name of value i, NULL from the first value past the last
** (kn_interp_mode_name, kn_color_hue_name ...).  The core keeps each table
** in the file of its concept.
*/
#ifndef KINETIC_NAMES_H
#define KINETIC_NAMES_H

#include <stddef.h>

typedef const char *kn_name_fn(int i);

/* The value whose name is s (compared as C strings), -1 for none. */
int kn_names_find(kn_name_fn *name, const char *s);

/* How kn_names_text writes a list: each name quoted ('a'), the last two
   joined by " or " instead of ", ", "one of " in front. */
enum { KN_NAMES_QUOTED = 1, KN_NAMES_OR = 2, KN_NAMES_ONEOF = 4 };

/* Write the list of every name into buf[cap] (NUL-terminated, cut to fit),
   "one of 'a', 'b', 'c'", "'a', 'b' or 'c'", "a, b, c" ... by style;
   returns the length of the whole text. */
size_t kn_names_text(char *buf, size_t cap, kn_name_fn *name, unsigned style);

/* The index in known[0..n) of the name nearest to key[0..len), or -1: the
   least optimal string alignment distance (Damerau-Levenshtein: inserting,
   deleting or substituting a character, or transposing two adjacent ones,
   each counts 1, no substring edited twice), taken only within 1 edit for
   keys of up to 5 characters and 2 for longer ones, the first on a tie;
   names (and keys) longer than KN_NAMES_SUGGEST_MAX are never near. */
#define KN_NAMES_SUGGEST_MAX 64
int kn_names_nearest(const char *key, size_t len, const char *const *known, int n);

/* The index in known (NULL-terminated) of the name equal to all len bytes
   of s (a name with a '\0' inside matches none), -1 for none. */
int kn_names_index(const char *s, size_t len, const char *const *known);

/* What follows "unknown option 'key'" for key[0..len) (free of '\0') not
   in known (NULL-terminated), into buf[cap]: "; did you mean 'name'?" for
   the nearest name (kn_names_nearest), else " (options: a, b, c)" when
   known has 1 to KN_NAMES_LIST_MAX names, else nothing. */
#define KN_NAMES_LIST_MAX 20
void kn_names_unknown(char *buf, size_t cap, const char *key, size_t len,
                      const char *const *known);

/* x as every message prints it, the same on every Lua: "%.14g", "nan",
   "inf" or "-inf", into buf[KN_NAMES_NUM_MAX]; returns buf. */
#define KN_NAMES_NUM_MAX 32
const char *kn_names_num(char *buf, double x);

#endif
