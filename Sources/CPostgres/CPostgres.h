#ifndef C_POSTGRES_H
#define C_POSTGRES_H
#include <libpq-fe.h>
#endif
