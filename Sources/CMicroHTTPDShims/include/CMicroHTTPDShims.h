/* Umbrella header of the libmicrohttpd shims; list every shim header here (see
 * COpenSSLShims.h for why the umbrella is explicit). */
#ifndef C_MICROHTTPD_SHIMS_H
#define C_MICROHTTPD_SHIMS_H
#include "pp_mhd_daemon.h"
#endif
