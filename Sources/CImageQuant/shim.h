/* libimagequant from Debian's libimagequant-dev, for the palettes of Render's GIF encoder. */
#ifndef SNOWGLOBE_CIMAGEQUANT_SHIM_H
#define SNOWGLOBE_CIMAGEQUANT_SHIM_H

#include <libimagequant.h>

/* libimagequant runs its loops on OpenMP (libgomp), whose threads spin between them; this sets
   how many it may use (declared here: clang does not see GCC's omp.h). */
void omp_set_num_threads(int count);

#endif
