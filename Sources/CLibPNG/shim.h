/// CLibPNG: libpng and zlib as the system provides them (pkg-config `libpng`; zlib ships with
/// macOS and comes with libpng-dev on Debian). Only the C target CSeguePNG uses it: Swift code
/// never calls libpng, whose errors longjmp (see CSeguePNG.h).
#ifndef C_LIB_PNG_SHIM_H
#define C_LIB_PNG_SHIM_H

#include <png.h>
#include <zlib.h>

#endif
