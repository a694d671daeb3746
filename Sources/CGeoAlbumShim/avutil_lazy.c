// FFmpeg's libavutil, loaded on first use: what audio_decode.c calls. See geoalbum_lazy.h.
#include "geoalbum_audio.h"
#include "lazy_library.h"
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>

#define GA_AVUTIL_SONAME "libavutil.so.57"
const char *const ga_avutil_soname = GA_AVUTIL_SONAME;

#define GA_AVUTIL_FUNCTIONS(F, V)                                                        \
    F(AVFrame *, av_frame_alloc, (void), ())                                             \
    V(av_frame_free, (AVFrame **frame), (frame))                                         \
    V(av_frame_unref, (AVFrame *frame), (frame))                                         \
    F(int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    V(av_log_set_level, (int level), (level))                                            \
    F(AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), \
      (m, key, prev, flags))

GA_LAZY_LIBRARY(GA_AVUTIL_FUNCTIONS, GA_AVUTIL_SONAME, "sound files", "libavutil57")

const char *ga_avutil_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
