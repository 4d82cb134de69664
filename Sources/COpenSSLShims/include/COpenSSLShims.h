/* Umbrella header of the OpenSSL shims. A new shim header must be listed here:
 * an explicit umbrella (unlike an umbrella directory) changes when a header is
 * added, so clang's module cache is rebuilt instead of hiding the new header. */
#ifndef C_OPENSSL_SHIMS_H
#define C_OPENSSL_SHIMS_H
#include "pp_shims_base.h"
#include "pp_shims_cms.h"
#include "pp_shims_ec.h"
#include "pp_shims_kdf.h"
#include "pp_shims_mac.h"
#include "pp_shims_pkcs12.h"
#include "pp_shims_rsa.h"
#include "pp_shims_tls_client.h"
#include "pp_shims_tls_server.h"
#include "pp_shims_x509.h"
#endif
