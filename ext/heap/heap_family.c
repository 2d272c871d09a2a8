/*
** The heap family: heap games by rule (octal and hexadecimal codes,
** subtraction sets, named games), their sequences, periods and misère
** quotients, closed forms, and nim arithmetic.  cgt.c lists it.
*/
#include "heap_binding.h"

const cgt_family cgt_heap_family = {
    "heap",
    (const cgt_function *const[]){cgt_nim_functions, cgt_heap_functions, cgt_closed_functions, cgt_misere_functions,
                                  NULL},
    (const cgt_table_function *const[]){cgt_heap_tables, cgt_misere_tables, NULL}};
