// FFmpeg's libavformat, loaded on first use: what audio_decode.c calls. See geoalbum_lazy.h.
#include "geoalbum_audio.h"
#include "lazy_library.h"
#include <libavformat/avformat.h>

#define GA_AVFORMAT_SONAME "libavformat.so.59"
const char *const ga_avformat_soname = GA_AVFORMAT_SONAME;

#define GA_AVFORMAT_FUNCTIONS(F, V)                                                                         \
    F(int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt,           \
                                 AVDictionary **options), (ps, url, fmt, options))                          \
    F(int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options))         \
    F(int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted, int related,       \
                                 const AVCodec **decoder, int flags), (ic, type, wanted, related, decoder, flags)) \
    F(int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt))                                    \
    V(avformat_close_input, (AVFormatContext **s), (s))

GA_LAZY_LIBRARY(GA_AVFORMAT_FUNCTIONS, GA_AVFORMAT_SONAME, "sound files", "libavformat59")

const char *ga_avformat_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
