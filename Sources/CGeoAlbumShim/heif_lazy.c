// libheif, loaded on first use: the functions HEIFFile calls. See geoalbum_lazy.h for why.
#include "geoalbum_lazy.h"
#include "lazy_library.h"
#include <libheif/heif.h>

#define GA_HEIF_SONAME "libheif.so.1"
const char *const ga_heif_soname = GA_HEIF_SONAME;

#define GA_HEIF_FUNCTIONS(F, V)                                                                                     \
    F(struct heif_error, heif_init, (struct heif_init_params *p), (p))                                              \
    F(struct heif_context *, heif_context_alloc, (void), ())                                                        \
    V(heif_context_free, (struct heif_context *c), (c))                                                             \
    F(struct heif_error, heif_context_read_from_file,                                                               \
      (struct heif_context *c, const char *filename, const struct heif_reading_options *o), (c, filename, o))       \
    F(struct heif_error, heif_context_read_from_memory,                                                             \
      (struct heif_context *c, const void *mem, size_t size, const struct heif_reading_options *o), (c, mem, size, o)) \
    F(struct heif_error, heif_context_get_primary_image_handle, (struct heif_context *c, struct heif_image_handle **h), \
      (c, h))                                                                                                       \
    F(int, heif_image_handle_get_width, (const struct heif_image_handle *h), (h))                                   \
    F(int, heif_image_handle_get_height, (const struct heif_image_handle *h), (h))                                  \
    F(int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *h), (h))                    \
    F(int, heif_image_handle_get_list_of_thumbnail_IDs, (const struct heif_image_handle *h, heif_item_id *ids, int n), \
      (h, ids, n))                                                                                                  \
    F(struct heif_error, heif_image_handle_get_thumbnail,                                                           \
      (const struct heif_image_handle *h, heif_item_id id, struct heif_image_handle **out), (h, id, out))           \
    F(int, heif_image_handle_get_number_of_metadata_blocks, (const struct heif_image_handle *h, const char *type),   \
      (h, type))                                                                                                    \
    F(int, heif_image_handle_get_list_of_metadata_block_IDs,                                                        \
      (const struct heif_image_handle *h, const char *type, heif_item_id *ids, int n), (h, type, ids, n))           \
    F(const char *, heif_image_handle_get_metadata_content_type, (const struct heif_image_handle *h, heif_item_id id), \
      (h, id))                                                                                                      \
    F(size_t, heif_image_handle_get_metadata_size, (const struct heif_image_handle *h, heif_item_id id), (h, id))   \
    F(struct heif_error, heif_image_handle_get_metadata, (const struct heif_image_handle *h, heif_item_id id, void *out), \
      (h, id, out))                                                                                                 \
    V(heif_image_handle_release, (const struct heif_image_handle *h), (h))                                          \
    F(struct heif_error, heif_decode_image,                                                                         \
      (const struct heif_image_handle *h, struct heif_image **out, enum heif_colorspace cs, enum heif_chroma ch,     \
       const struct heif_decoding_options *o),                                                                      \
      (h, out, cs, ch, o))                                                                                          \
    F(int, heif_image_get_width, (const struct heif_image *i, enum heif_channel c), (i, c))                         \
    F(int, heif_image_get_height, (const struct heif_image *i, enum heif_channel c), (i, c))                        \
    F(const uint8_t *, heif_image_get_plane_readonly, (const struct heif_image *i, enum heif_channel c, int *stride), \
      (i, c, stride))                                                                                               \
    V(heif_image_release, (const struct heif_image *i), (i))

GA_LAZY_LIBRARY(GA_HEIF_FUNCTIONS, GA_HEIF_SONAME, "HEIC/HEIF photos", "libheif1")

const char *ga_heif_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
