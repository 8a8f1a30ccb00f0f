/* libimagequant from Debian's libimagequant-dev, for the palettes of Render's GIF encoder. */
#ifndef SNOWGLOBE_CIMAGEQUANT_SHIM_H
#define SNOWGLOBE_CIMAGEQUANT_SHIM_H

#include <libimagequant.h>

#endif
