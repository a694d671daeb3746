// cairo, loaded on first use: the functions the summary card calls. See geoalbum_lazy.h for why.
#include "geoalbum_lazy.h"
#include "lazy_library.h"
#include <cairo/cairo.h>

#define GA_CAIRO_SONAME "libcairo.so.2"
const char *const ga_cairo_soname = GA_CAIRO_SONAME;

#define GA_CAIRO_FUNCTIONS(F, V)                                                                                  \
    F(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t f, int w, int h), (f, w, h))                 \
    F(cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read, void *closure),     \
      (read, closure))                                                                                            \
    F(int, cairo_format_stride_for_width, (cairo_format_t f, int w), (f, w))                                      \
    F(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *s), (s))                                   \
    F(int, cairo_image_surface_get_width, (cairo_surface_t *s), (s))                                              \
    F(int, cairo_image_surface_get_height, (cairo_surface_t *s), (s))                                             \
    F(int, cairo_image_surface_get_stride, (cairo_surface_t *s), (s))                                             \
    F(cairo_status_t, cairo_surface_status, (cairo_surface_t *s), (s))                                            \
    V(cairo_surface_flush, (cairo_surface_t *s), (s))                                                             \
    V(cairo_surface_mark_dirty, (cairo_surface_t *s), (s))                                                        \
    F(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *s, cairo_write_func_t write, void *c), \
      (s, write, c))                                                                                              \
    V(cairo_surface_destroy, (cairo_surface_t *s), (s))                                                           \
    F(const char *, cairo_status_to_string, (cairo_status_t status), (status))                                    \
    F(cairo_t *, cairo_create, (cairo_surface_t *target), (target))                                               \
    V(cairo_destroy, (cairo_t *cr), (cr))                                                                         \
    V(cairo_save, (cairo_t *cr), (cr))                                                                            \
    V(cairo_restore, (cairo_t *cr), (cr))                                                                         \
    V(cairo_translate, (cairo_t *cr, double x, double y), (cr, x, y))                                             \
    V(cairo_scale, (cairo_t *cr, double x, double y), (cr, x, y))                                                 \
    V(cairo_rectangle, (cairo_t *cr, double x, double y, double w, double h), (cr, x, y, w, h))                   \
    V(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))                                               \
    V(cairo_clip, (cairo_t *cr), (cr))                                                                            \
    V(cairo_fill, (cairo_t *cr), (cr))                                                                            \
    V(cairo_paint, (cairo_t *cr), (cr))                                                                           \
    V(cairo_set_source_rgb, (cairo_t *cr, double r, double g, double b), (cr, r, g, b))                           \
    V(cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *s, double x, double y), (cr, s, x, y))             \
    F(cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr))                                                   \
    V(cairo_pattern_set_filter, (cairo_pattern_t *p, cairo_filter_t f), (p, f))                                   \
    F(cairo_font_options_t *, cairo_font_options_create, (void), ())                                              \
    V(cairo_font_options_destroy, (cairo_font_options_t *o), (o))                                                 \
    V(cairo_font_options_set_antialias, (cairo_font_options_t *o, cairo_antialias_t a), (o, a))                   \
    V(cairo_font_options_set_hint_style, (cairo_font_options_t *o, cairo_hint_style_t s), (o, s))                 \
    V(cairo_font_options_set_hint_metrics, (cairo_font_options_t *o, cairo_hint_metrics_t m), (o, m))             \
    V(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *o), (cr, o))                              \
    V(cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t s, cairo_font_weight_t w),     \
      (cr, family, s, w))                                                                                         \
    V(cairo_set_font_size, (cairo_t *cr, double size), (cr, size))                                                \
    V(cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *e), (cr, utf8, e))                \
    V(cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))

GA_LAZY_LIBRARY(GA_CAIRO_FUNCTIONS, GA_CAIRO_SONAME, "summary cards", "libcairo2")

const char *ga_cairo_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
