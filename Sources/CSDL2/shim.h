/* SDL2, SDL2_image and SDL2_ttf for Swift, from Debian's packages. The headers are named by their
   folder, without pkg-config (see Package.swift); each includes the others by their own names,
   which the compiler finds beside it. */
#ifndef SNOWGLOBE_CSDL2_SHIM_H
#define SNOWGLOBE_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

#endif
