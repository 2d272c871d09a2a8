/* Copying a canonical game from one store to another; see cg_import in pgame.h. */
#include "pgame.h"
#include "pnotation.h"

/* x of store from as a number of store to: by parts when small, else
** through its exact decimal text (the limbs of a large one live in the
** store's table of big numbers). */
static cgt_rc import_number(cg_store *to, cg_store *from, cg_dyadic x, cg_dyadic *out) {
  if (!x.big) return *out = x, CGT_OK;
  char *text = NULL, err[200];
  cg_id g;
  cgt_rc rc = cg_dyadic_text(cg_store_bigs(from), x, &text);
  if (rc == CGT_OK) rc = cg_parse(to, text, &g, err, sizeof err);
  if (rc == CGT_OK && !cg_is_number(to, g, out)) rc = CGT_RANGE;   /* (cannot happen: the text is a number) */
  cgt_free(text);
  return rc;
}

/* Imports a (and its options, depth first) into to; done[a] is 1 + the id
** made for a, 0 while not made.  One cg_descend per level of options. */
static cgt_rc import_one(cg_store *to, cg_store *from, cg_id a, cg_id *done) {
  if (done[a]) return CGT_OK;
  cg_dyadic x;
  int64_t ups;
  uint32_t star;
  cg_id id;
  cgt_rc rc;
  if (cg_is_nus(from, a, &x, &ups, &star)) {   /* by its parts, with no options made */
    if ((rc = import_number(to, from, x, &x))) return rc;
    if ((rc = cg_nus(to, x, ups, star, &id))) return rc;
    done[a] = id + 1;
    return CGT_OK;
  }
  const cg_id *L, *R;
  uint32_t nl, nr;
  if ((rc = cg_options(from, a, &L, &nl, &R, &nr))) return rc;   /* stored: from does not change */
  if ((rc = cg_descend(to))) return rc;
  for (uint32_t i = 0; i < nl + nr && rc == CGT_OK; i++) rc = import_one(to, from, i < nl ? L[i] : R[i - nl], done);
  cg_ascend(to);
  cg_id *o = rc ? NULL : cgt_malloc(((size_t)nl + nr) * sizeof *o);
  if (!rc && !o) rc = CGT_NOMEM;
  for (uint32_t i = 0; rc == CGT_OK && i < nl + nr; i++) o[i] = done[i < nl ? L[i] : R[i - nl]] - 1;
  if (rc == CGT_OK) rc = cg_game_canonical(to, o, nl, o + nl, nr, &id);
  if (rc == CGT_OK) done[a] = id + 1;
  cgt_free(o);
  return rc;
}

cgt_rc cg_import(cg_store *to, cg_store *from, cg_id a, cg_id *out) {
  cg_id *done = cgt_calloc(cg_store_size(from) + 1, sizeof *done);
  if (!done) return CGT_NOMEM;
  cgt_rc rc = import_one(to, from, a, done);
  if (rc == CGT_OK) *out = done[a] - 1;
  cgt_free(done);
  return rc;
}
