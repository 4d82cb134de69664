#ifndef C_SQLITE_H
#define C_SQLITE_H
#include <sqlite3.h>
#endif
