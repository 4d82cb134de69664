#include "pp_mhd_shims.h"
