/*
** The Nim_k family: Moore's Nim_k on stored graphs (the rule and the exact
** search) and the odds that a random sum of tokens is a first-player win.
** cgt.c lists it.
*/
#include "nimk_binding.h"

const cgt_family cgt_nimk_family = {"nimk",
                                    (const cgt_function *const[]){cgt_nimk_functions, cgt_random_functions, NULL},
                                    NULL};
