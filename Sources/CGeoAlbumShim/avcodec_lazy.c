// FFmpeg's libavcodec, loaded on first use: what audio_decode.c calls. See geoalbum_lazy.h.
#include "geoalbum_audio.h"
#include "lazy_library.h"
#include <libavcodec/avcodec.h>

#define GA_AVCODEC_SONAME "libavcodec.so.59"
const char *const ga_avcodec_soname = GA_AVCODEC_SONAME;

#define GA_AVCODEC_FUNCTIONS(F, V)                                                                                 \
    F(AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))                                  \
    V(avcodec_free_context, (AVCodecContext **avctx), (avctx))                                                    \
    F(int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par))     \
    F(int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options)) \
    F(int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt))                   \
    F(int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame))                        \
    F(const char *, avcodec_get_name, (enum AVCodecID id), (id))                                                  \
    F(AVPacket *, av_packet_alloc, (void), ())                                                                    \
    V(av_packet_free, (AVPacket **pkt), (pkt))                                                                    \
    V(av_packet_unref, (AVPacket *pkt), (pkt))

GA_LAZY_LIBRARY(GA_AVCODEC_FUNCTIONS, GA_AVCODEC_SONAME, "sound files", "libavcodec59")

const char *ga_avcodec_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
