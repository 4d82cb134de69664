#ifndef C_MICROHTTPD_H
#define C_MICROHTTPD_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>
#endif
