/*
** CGSuite's notation for short partizan games, in and out.
**
** Input: integers and dyadic fractions of any size (3/4, -7/8); * and *n; ^ and v with
** a count (^3, v2) or repeated (^^^); the uptimals ^<n> = {0 | v[n-1]*} and
** ^[n] = ^<1> + ... + ^<n> = {^[n-1] | *}, v<n> and v[n] their negatives
** (n <= CG_UPTIMAL_MAX); juxtaposed parts add up (1/2*, ^*,
** 2v3*); {L|R} with comma-separated options and ||, ||| for nesting
** ({2||1|0} is {2|{1|0}}); +-x for {x|-x} and +-{a,b} for {a,b|-a,-b};
** Tiny(x) = {0||0|-x}, Miny(x) = {x|0||0}, after a number: 2Tiny(2) is
** 2 + Tiny(2);
** parentheses; sums and differences with + and -.
**
** Output: CGSuite's canonical print.
*/
#ifndef CGT_CORE_PNOTATION_H
#define CGT_CORE_PNOTATION_H

#include "pgame.h"

/* Limits of the parser: the length of a text, and how deeply braces,
** parentheses and +- may nest. */
#define CG_TEXT_MAX 100000000u
#define CG_PARSE_DEPTH 500u
/* The largest n of ^<n> and ^[n] the parser builds (printing recognises
** uptimals through about 900 levels of options). */
#define CG_UPTIMAL_MAX 500u

/* Parses text; on CGT_SYNTAX err says what and where (1-based position). */
cgt_rc cg_parse(cg_store *s, const char *text, cg_id *out, char *err, size_t errlen);

/* For parsers' errors: the position (from 1) of byte at of text, in
** characters (a UTF-8 character such as '±' counts once), and the message
** "what at position N in 'text'" (CGT_SYNTAX). */
size_t cg_text_position(const char *text, size_t len, size_t at);
cgt_rc cg_syntax_error(char *err, size_t errlen, const char *text, size_t len, size_t at, const char *what);

/* match[i]: the index of the bracket closing the '{' or '(' at i, or len
** (*match cgt_malloc'd, len + 1 entries). */
cgt_rc cg_match_brackets(cg_store *s, const char *text, size_t len, uint32_t **match);

/* The run of the most '|'s at the top level of text[from, to) (outside
** brackets; match from cg_match_brackets): where it starts (*at), its length
** (*bars, 0 for none) and how many runs that long there are; 0 when a
** bracket is not closed before to. */
int cg_top_bars(const char *text, const uint32_t *match, size_t from, size_t to, size_t *at, size_t *bars,
                size_t *count);

/* Prints the canonical form of g into a malloc'd string (*text). */
cgt_rc cg_print(cg_store *s, cg_id g, char **text);
/* Prints g as the lone option of a side: without the braces that its
** bars (*bars, 1 to 3: CGSuite's {a||b|c}) let the game around it drop;
** *bars 0 when it needs none or has its own. */
cgt_rc cg_print_lone(cg_store *s, cg_id g, char **text, int *bars);
/* Sorts v[0..n) in the order CGSuite prints options in. */
cgt_rc cg_sort_games(cg_store *s, cg_id *v, uint32_t n);

#endif
