/*
** The pointer to SQLite's API through which every binding file calls SQLite
** (sqlite3ext.h turns each sqlite3_ call into a call through it), set by
** cgt_register (register.c), which sqlite3_cgt_init calls when SQLite loads
** the extension.  Built into SQLite (SQLITE_CORE), the calls are direct and
** the pointer is not made.
*/
#include "binding.h"

SQLITE_EXTENSION_INIT1
