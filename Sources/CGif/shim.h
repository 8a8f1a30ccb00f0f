/* giflib from Debian's libgif-dev, for Render's animated GIF encoder (and tests that decode). */
#ifndef SNOWGLOBE_CGIF_SHIM_H
#define SNOWGLOBE_CGIF_SHIM_H

#include <gif_lib.h>

#endif
