// One sample of a decoded FFmpeg frame as a double, for every sample format (interleaved or
// planar): the waveform's peaks (audio_decode.c) and speech's 16 kHz mix (speech.c) read samples
// through this one function. Not clipped; a float format may give NaN or values past ±1.
#ifndef GEOALBUM_AUDIO_SAMPLE_H
#define GEOALBUM_AUDIO_SAMPLE_H
#include <libavutil/frame.h>
#include <libavutil/samplefmt.h>
#include <stdint.h>

static inline double ga_sample_value(const AVFrame *f, int ch, int i, int channels) {
    int format = f->format;
    int planar = format == AV_SAMPLE_FMT_U8P || format == AV_SAMPLE_FMT_S16P || format == AV_SAMPLE_FMT_S32P ||
                 format == AV_SAMPLE_FMT_FLTP || format == AV_SAMPLE_FMT_DBLP || format == AV_SAMPLE_FMT_S64P;
    const uint8_t *base = planar ? f->extended_data[ch] : f->extended_data[0];
    int k = planar ? i : i * channels + ch;
    switch (format) {
    case AV_SAMPLE_FMT_U8: case AV_SAMPLE_FMT_U8P: return (((const uint8_t *)base)[k] - 128) / 128.0;
    case AV_SAMPLE_FMT_S16: case AV_SAMPLE_FMT_S16P: return ((const int16_t *)base)[k] / 32768.0;
    case AV_SAMPLE_FMT_S32: case AV_SAMPLE_FMT_S32P: return ((const int32_t *)base)[k] / 2147483648.0;
    case AV_SAMPLE_FMT_S64: case AV_SAMPLE_FMT_S64P: return (double)((const int64_t *)base)[k] / 9223372036854775808.0;
    case AV_SAMPLE_FMT_FLT: case AV_SAMPLE_FMT_FLTP: return ((const float *)base)[k];
    case AV_SAMPLE_FMT_DBL: case AV_SAMPLE_FMT_DBLP: return ((const double *)base)[k];
    default: return 0;
    }
}
#endif
