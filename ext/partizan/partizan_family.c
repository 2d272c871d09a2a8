/*
** The partizan family: short partizan games in CGSuite's notation, their
** algebra and thermographs, and partizan games on stored graphs (values of
** positions, who wins by play with draws, Snort, Col, Hackenbush).  cgt.c lists it.
*/
#include "partizan_binding.h"

const cgt_family cgt_partizan_family = {
    "partizan",
    (const cgt_function *const[]){cgt_partizan_functions, cgt_algebra_functions, cgt_graphgame_functions, cgt_play_functions, cgt_loopy_functions, NULL},
    (const cgt_table_function *const[]){cgt_partizan_tables, cgt_algebra_tables, NULL}};
