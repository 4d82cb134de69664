#ifndef PP_MHD_SHIMS_H
#define PP_MHD_SHIMS_H
#include <microhttpd.h>
#endif
