// TagLib's C API (libtag_c), loaded on first use: the functions AudioTags calls. See geoalbum_lazy.h.
#include "geoalbum_audio.h"
#include "lazy_library.h"
#include <taglib/tag_c.h>

#define GA_TAGLIB_SONAME "libtag_c.so.0"
const char *const ga_taglib_soname = GA_TAGLIB_SONAME;

#define GA_TAGLIB_FUNCTIONS(F, V)                                                                    \
    V(taglib_set_strings_unicode, (BOOL unicode), (unicode))                                          \
    V(taglib_set_string_management_enabled, (BOOL management), (management))                          \
    V(taglib_free, (void *pointer), (pointer))                                                        \
    F(TagLib_File *, taglib_file_new, (const char *filename), (filename))                             \
    V(taglib_file_free, (TagLib_File *file), (file))                                                  \
    F(BOOL, taglib_file_is_valid, (const TagLib_File *file), (file))                                  \
    F(TagLib_Tag *, taglib_file_tag, (const TagLib_File *file), (file))                               \
    F(const TagLib_AudioProperties *, taglib_file_audioproperties, (const TagLib_File *file), (file)) \
    F(char *, taglib_tag_title, (const TagLib_Tag *tag), (tag))                                       \
    F(char *, taglib_tag_artist, (const TagLib_Tag *tag), (tag))                                      \
    F(char *, taglib_tag_album, (const TagLib_Tag *tag), (tag))                                       \
    F(unsigned int, taglib_tag_year, (const TagLib_Tag *tag), (tag))                                  \
    F(int, taglib_audioproperties_length, (const TagLib_AudioProperties *p), (p))

GA_LAZY_LIBRARY(GA_TAGLIB_FUNCTIONS, GA_TAGLIB_SONAME, "audio tags", "libtagc0")

const char *ga_taglib_load(const char *file) {
    const char *error = ga_lazy_load(&ga_lazy_this, file);
    if (error == NULL) {
        // Strings are freed one by one (taglib_free), not by TagLib's global list, which two
        // threads reading tags at once would share.
        taglib_set_string_management_enabled(0);
        taglib_set_strings_unicode(1);
    }
    return error;
}
