/* A presentation of a misère quotient by generators and relations
** (misere_present.h). */
#include "misere_present.h"

#include <string.h>

void cgt_mq_presentation_free(cgt_mq_presentation *pr) {
  cgt_free(pr->gen);
  cgt_free(pr->nf);
  cgt_free(pr->order);
  cgt_free(pr->rel);
  memset(pr, 0, sizeof *pr);
}

/* -1, 0 or 1 as u is before, equal to or after v (the later generators
** most significant). */
static int nf_cmp(const uint16_t *u, const uint16_t *v, uint32_t n) {
  for (uint32_t i = n; i-- > 0;)
    if (u[i] != v[i]) return u[i] < v[i] ? -1 : 1;
  return 0;
}

/* The element of exponent vector v. */
static uint32_t vec_element(const cgt_mq *q, const cgt_mq_presentation *pr, const uint16_t *v) {
  uint32_t x = 0;
  for (uint32_t i = 0; i < pr->ngen; i++)
    for (uint32_t k = 0; k < v[i]; k++) x = cgt_mq_mul(q, x, q->phi[pr->gen[i]]);
  return x;
}

cgt_rc cgt_mq_present(const cgt_mq *q, uint32_t n, cgt_mq_presentation *pr, cgt_stop *st) {
  memset(pr, 0, sizeof *pr);
  uint32_t N = q->size, nreach = 1, G;
  uint8_t *reach = cgt_calloc(N, 1);
  uint32_t *deg = cgt_malloc((size_t)N * sizeof *deg), *list = cgt_malloc((size_t)N * sizeof *list);
  pr->gen = cgt_malloc(((size_t)n + 1) * sizeof *pr->gen);
  cgt_rc rc = reach && deg && list && pr->gen ? CGT_OK : CGT_NOMEM;
  if (rc) goto done;
  /* generators: types whose element the earlier ones do not reach */
  reach[0] = 1;
  list[0] = 0;
  for (uint32_t t = 1; t <= n && nreach < N; t++) {
    uint32_t y = q->phi[t];
    if (reach[y]) continue;
    pr->gen[pr->ngen++] = t;
    for (uint32_t i = 0; i < nreach; i++)   /* close the reached set under the new generator */
      for (uint32_t z = cgt_mq_mul(q, list[i], y); !reach[z]; z = cgt_mq_mul(q, z, y)) reach[z] = 1, list[nreach++] = z;
    for (uint32_t i = 0; i < nreach; i++)   /* and under all of them again */
      for (uint32_t k = 0; k < pr->ngen; k++) {
        uint32_t z = cgt_mq_mul(q, list[i], q->phi[pr->gen[k]]);
        if (!reach[z]) reach[z] = 1, list[nreach++] = z;
      }
  }
  G = pr->ngen;
  pr->nf = cgt_calloc((size_t)N * (G ? G : 1), sizeof *pr->nf);
  pr->order = cgt_malloc((size_t)N * sizeof *pr->order);
  uint16_t *v = cgt_malloc(((size_t)G + 1) * sizeof *v);
  if (!pr->nf || !pr->order || !v) {
    cgt_free(v);
    rc = CGT_NOMEM;
    goto done;
  }
  /* normal forms, degree by degree: the least of nf(e) + e_j over e of the
  ** degree before */
  for (uint32_t x = 0; x < N; x++) deg[x] = UINT32_MAX;
  deg[0] = 0;
  pr->order[0] = 0;
  uint32_t done_n = 1, lo = 0;
  for (uint32_t d = 0; lo < done_n; d++) {
    uint32_t hi = done_n;
    for (uint32_t i = lo; i < hi; i++) {
      uint32_t e = pr->order[i];
      for (uint32_t j = 0; j < G; j++) {
        uint32_t f = cgt_mq_mul(q, e, q->phi[pr->gen[j]]);
        if (deg[f] < d + 1) continue;
        memcpy(v, pr->nf + (size_t)e * G, G * sizeof *v);
        if (v[j] == UINT16_MAX) {
          rc = CGT_LIMIT;
          cgt_free(v);
          goto done;
        }
        v[j]++;
        if (deg[f] == UINT32_MAX) {
          deg[f] = d + 1;
          pr->order[done_n++] = f;
        } else if (nf_cmp(v, pr->nf + (size_t)f * G, G) >= 0) {
          continue;
        }
        memcpy(pr->nf + (size_t)f * G, v, G * sizeof *v);
      }
      if (cgt_stop_charge(st, G + 1)) {
        rc = CGT_INTERRUPTED;
        cgt_free(v);
        goto done;
      }
    }
    /* this degree's elements in normal-form order (insertion sort) */
    for (uint32_t i = hi + 1; i < done_n; i++)
      for (uint32_t k = i; k > hi && nf_cmp(pr->nf + (size_t)pr->order[k] * G, pr->nf + (size_t)pr->order[k - 1] * G,
                                           G) < 0; k--) {
        uint32_t tmp = pr->order[k];
        pr->order[k] = pr->order[k - 1];
        pr->order[k - 1] = tmp;
      }
    lo = hi;
  }
  /* relations: minimal vectors nf(e) + e_j that are not normal forms, each
  ** once (from the largest generator of its support) */
  size_t cap = 0;
  for (uint32_t i = 0; i < N && !rc; i++) {
    uint32_t e = pr->order[i];
    for (uint32_t j = 0; j < G && !rc; j++) {
      memcpy(v, pr->nf + (size_t)e * G, G * sizeof *v);
      v[j]++;
      int top = 1, minimal = 1;
      for (uint32_t k = j + 1; k < G; k++)
        if (v[k]) top = 0;
      uint32_t f = cgt_mq_mul(q, e, q->phi[pr->gen[j]]);
      if (!top || nf_cmp(v, pr->nf + (size_t)f * G, G) == 0) continue;
      for (uint32_t k = 0; k < G && minimal; k++) {
        if (!v[k] || k == j) continue;
        v[k]--;
        minimal = nf_cmp(v, pr->nf + (size_t)vec_element(q, pr, v) * G, G) == 0;
        v[k]++;
      }
      if (!minimal) continue;
      uint16_t *r = cgt_grow(pr->rel, &cap, (size_t)pr->nrel + 1, 2 * (G ? G : 1) * sizeof *r, 16);
      if (!r) {
        rc = CGT_NOMEM;
        break;
      }
      pr->rel = r;
      memcpy(pr->rel + (size_t)2 * pr->nrel * G, v, G * sizeof *v);
      memcpy(pr->rel + (size_t)(2 * pr->nrel + 1) * G, pr->nf + (size_t)f * G, G * sizeof *v);
      pr->nrel++;
    }
    if (!rc && cgt_stop_charge(st, (uint64_t)G * G + 1)) rc = CGT_INTERRUPTED;
  }
  cgt_free(v);
done:
  cgt_free(reach);
  cgt_free(deg);
  cgt_free(list);
  if (rc) cgt_mq_presentation_free(pr);
  return rc;
}
