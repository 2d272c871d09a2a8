/*
** The heap family's binding as its files use it: the connection's caches
** of Grundy sequences (heap_cache.c) and of misère quotients and genera
** (heap_misere_cache.c), the arguments every heap function reads
** (heap_args.c), and the registration tables (heap_family.c lists them).
*/
#ifndef CGT_HEAP_BINDING_H
#define CGT_HEAP_BINDING_H

#include "../sqlite/binding.h"
#include "genus.h"
#include "heapseq.h"
#include "misere.h"

/* The largest heap whose Grundy value the heap functions compute from the
** values below it (the values are held in memory, 1 to 4 bytes each,
** heapvals.h); past it, only by a proven form. */
#define CGT_HEAP_MAX 2147483647u

/* Grundy values G(0..n) of the heap game rule, from the connection's cache
** of sequences or computed now for the function fname (n <= CGT_HEAP_MAX).  NULL on error, with
** *rc and a message in err (a bad rule names the rule and character).  The
** values stay valid until the next call into the heap cache (or
** cgt_conn_heap_release): a sequence over the cache's byte budget is not
** kept, only lent (heap_cache.c). */
const cgt_hvals *cgt_conn_heap_values(cgt_conn *conn, const char *rule, uint32_t n, const char *fname, int *rc,
                                     char *err, size_t errlen);
/* The proven form of the rule's sequence (heapform.h), looked for in
** its values up to heap upto (computed as needed, from
** cgt_heap_form_start growing eightfold; each search is cached with the
** sequence).  Returns the
** values, with *found and *f; NULL on error as above. */
const cgt_hvals *cgt_conn_heap_form(cgt_conn *conn, const char *rule, uint32_t upto, const char *fname,
                                   cgt_heap_form *f, int *found, int *rc, char *err, size_t errlen);
/* The values G(0..n) of rule kept by the connection (or lent), computing
** nothing: NULL when they are not there.  Valid as cgt_conn_heap_values'. */
const cgt_hvals *cgt_conn_heap_kept(cgt_conn *conn, const char *rule, uint32_t n);
/* Keeps a copy of G(0..g->have-1) of rule, computed elsewhere
** (heap_sequence), unless the connection keeps as many or it is over the
** cache's budget (a copy: the caller keeps g). */
void cgt_conn_heap_offer(cgt_conn *conn, const char *rule, const cgt_hvals *g);
/* Frees the sequence lent by the last call, if any: a heap function calls
** it when done with the values. */
void cgt_conn_heap_release(cgt_conn *conn);

/* The misère quotient (misere.h) of rule's heaps 1..n, from the
** connection's cache or computed now; when exact is 0, that of 1..n' for
** some n' from n to max, which decides the same sums.  NULL on error, with
** *rc, and *fail on CGT_LIMIT, or a bad rule's message in err (empty
** otherwise; errlen > 0); CGT_NOMEM when rule is NULL (the text of a value
** that could not be had) (heap_misere_cache.c). */
const cgt_mq *cgt_conn_misere_quotient(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, int exact,
                                       const char *fname, cgt_rc *rc, uint32_t *fail, char *err, size_t errlen);
/* The genera (genus.h) of rule's heaps 0..n (and maybe more, up to
** max) from the connection's cache or computed now; NULL on error as above. */
const cgt_genus *cgt_conn_heap_genera(cgt_conn *conn, const char *rule, uint32_t n, uint32_t max, const char *fname,
                                      cgt_rc *rc, uint32_t *fail, char *err, size_t errlen);

/* Parses the heap rule text into r (heaprule.h); returns 1, or 0
** after setting the error "cgt: fname: <what is wrong with the rule>" (out
** of memory when text is NULL: sqlite3_value_text of a non-NULL value
** returns NULL only then). */
int cgt_rule_arg(sqlite3_context *ctx, const char *text, const char *fname, cgt_rule *r);
/* Reads argument v (number argno) as a heap of at most limit counters:
** 1 with *n set, 0 for NULL, -1 after setting an error that names fname. */
int cgt_heap_arg(sqlite3_context *ctx, sqlite3_value *v, const char *fname, int argno, uint32_t limit, uint32_t *n);

extern const cgt_function cgt_nim_functions[];
extern const cgt_function cgt_heap_functions[];
extern const cgt_function cgt_closed_functions[];
extern const cgt_function cgt_misere_functions[];
extern const cgt_table_function cgt_heap_tables[];
extern const cgt_table_function cgt_misere_tables[];

#endif
