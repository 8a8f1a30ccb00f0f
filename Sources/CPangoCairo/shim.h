/* Cairo, Pango (through pangocairo) and fontconfig from Debian's packages, for Render's text,
   shape, gradient and snowflake rasterisation, and charts as SVG or PNG. */
#ifndef SNOWGLOBE_CPANGOCAIRO_SHIM_H
#define SNOWGLOBE_CPANGOCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

/* PANGO_SCALE is a macro Swift imports as a plain constant only in some versions. */
static inline int snowglobe_pango_scale(void) { return PANGO_SCALE; }

/* g_object_unref through a typed pointer, since Swift sees GObject subclasses as opaque. */
static inline void snowglobe_g_object_unref(void *object) { g_object_unref(object); }

#endif
