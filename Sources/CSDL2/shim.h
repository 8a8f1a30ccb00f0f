/* SDL2, SDL2_image and SDL2_ttf for Swift, from Debian's packages through pkg-config (sdl2). */
#ifndef SNOWGLOBE_CSDL2_SHIM_H
#define SNOWGLOBE_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#endif
