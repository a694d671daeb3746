// Speech for transcripts: 16 kHz mono decoding and PocketSphinx. See geoalbum_speech.h for why.
#include "geoalbum_audio.h"
#include "audio_sample.h"
#include "geoalbum_speech.h"
#include "lazy_library.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: libswresample, loaded on first use with the stubs of lazy_library.h.

#define GA_SWRESAMPLE_FUNCTIONS(F, V)                                                                              \
    F(int, swr_alloc_set_opts2,                                                                                    \
      (struct SwrContext * *ps, AVChannelLayout *out_ch_layout, enum AVSampleFormat out_sample_fmt,          \
       int out_sample_rate, AVChannelLayout *in_ch_layout, enum AVSampleFormat in_sample_fmt,                \
       int in_sample_rate, int log_offset, void *log_ctx),                                                         \
      (ps, out_ch_layout, out_sample_fmt, out_sample_rate, in_ch_layout, in_sample_fmt, in_sample_rate, log_offset, \
       log_ctx))                                                                                                   \
    F(int, swr_init, (struct SwrContext * s), (s))                                                                 \
    V(swr_free, (struct SwrContext * *s), (s))                                                                     \
    F(int, swr_convert, (struct SwrContext * s, uint8_t * *out, int out_count, const uint8_t **in, int in_count),  \
      (s, out, out_count, in, in_count))

#define GA_SWRESAMPLE_SONAME "libswresample.so.4"
const char *const ga_swresample_soname = GA_SWRESAMPLE_SONAME;
#define GA_SPHINXBASE_SONAME "libsphinxbase.so.3"
#define GA_POCKETSPHINX_SONAME "libpocketsphinx.so.3"
const char *const ga_sphinxbase_soname = GA_SPHINXBASE_SONAME;
const char *const ga_pocketsphinx_soname = GA_POCKETSPHINX_SONAME;

GA_LAZY_LIBRARY(GA_SWRESAMPLE_FUNCTIONS, GA_SWRESAMPLE_SONAME, "transcripts", "libswresample4")

const char *ga_speech_audio_load(void) {
    const char *error = ga_audio_load();
    return error != NULL ? error : ga_lazy_load(&ga_lazy_this, NULL);
}

void ga_speech_free(void *pointer) { free(pointer); }

// The signed value of sample `i` of channel `ch`, -1…1, for every sample format.
static float ga_signed_sample(const AVFrame *f, int ch, int i, int channels) {
    double v = ga_sample_value(f, ch, i, channels);
    if (!(v == v)) return 0;  // NaN
    return (float)(v > 1 ? 1 : (v < -1 ? -1 : v));
}

static int ga_speech_fail(char *error, size_t size, const char *what, int code) {
    char reason[128] = "";
    if (code != 0) av_strerror(code, reason, sizeof reason);
    snprintf(error, size, code != 0 ? "%s (%s)" : "%s", what, reason);
    return -1;
}

typedef struct {
    int16_t *data;
    size_t count, capacity;
} ga_samples;

static int ga_samples_reserve(ga_samples *s, size_t more) {
    if (s->count + more <= s->capacity) return 0;
    size_t capacity = s->capacity > 0 ? s->capacity : 16000 * 8;
    while (capacity < s->count + more) capacity *= 2;
    int16_t *grown = realloc(s->data, capacity * sizeof(int16_t));
    if (grown == NULL) return -1;
    s->data = grown;
    s->capacity = capacity;
    return 0;
}

// Resamples `n` mono float samples (NULL: flush) onto the end of `s`.
static int ga_resample(struct SwrContext *swr, const float *in, int n, int in_rate, ga_samples *s) {
    int room = (int)((int64_t)n * 16000 / in_rate) + 256;
    if (ga_samples_reserve(s, (size_t)room) != 0) return -1;
    uint8_t *out = (uint8_t *)(s->data + s->count);
    const uint8_t *input = (const uint8_t *)in;
    int made = swr_convert(swr, &out, room, in != NULL ? &input : NULL, in != NULL ? n : 0);
    if (made < 0) return made;
    s->count += (size_t)made;
    return 0;
}

int ga_speech_decode(const char *path, int64_t max_ms, int16_t **samples, size_t *count, char *error, size_t error_size) {
    *samples = NULL;
    *count = 0;
    AVFormatContext *format = NULL;
    int code = avformat_open_input(&format, path, NULL, NULL);
    if (code < 0) return ga_speech_fail(error, error_size, "not a sound file FFmpeg can read", code);
    int result = -1;
    AVCodecContext *codec = NULL;
    AVPacket *packet = NULL;
    AVFrame *frame = NULL;
    struct SwrContext *swr = NULL;
    float *mono = NULL;
    int mono_capacity = 0;
    ga_samples out = {NULL, 0, 0};
    do {
        code = avformat_find_stream_info(format, NULL);
        if (code < 0) { ga_speech_fail(error, error_size, "not a sound file FFmpeg can read", code); break; }
        const AVCodec *decoder = NULL;
        int index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
        if (index < 0 || decoder == NULL) { ga_speech_fail(error, error_size, "holds no audio stream FFmpeg can decode", 0); break; }
        AVStream *stream = format->streams[index];
        codec = avcodec_alloc_context3(decoder);
        packet = av_packet_alloc();
        frame = av_frame_alloc();
        if (codec == NULL || packet == NULL || frame == NULL) { ga_speech_fail(error, error_size, "out of memory", 0); break; }
        code = avcodec_parameters_to_context(codec, stream->codecpar);
        if (code >= 0) code = avcodec_open2(codec, decoder, NULL);
        if (code < 0) { ga_speech_fail(error, error_size, "its audio cannot be decoded", code); break; }
        int rate = codec->sample_rate > 0 ? codec->sample_rate : stream->codecpar->sample_rate;
        if (rate <= 0) { ga_speech_fail(error, error_size, "its audio has no sample rate", 0); break; }
        AVChannelLayout layout = AV_CHANNEL_LAYOUT_MONO;
        code = swr_alloc_set_opts2(&swr, &layout, AV_SAMPLE_FMT_S16, 16000, &layout, AV_SAMPLE_FMT_FLT, rate, 0, NULL);
        if (code >= 0) code = swr_init(swr);
        if (code < 0) { ga_speech_fail(error, error_size, "libswresample refused the conversion to 16 kHz", code); break; }
        int64_t decoded = 0;
        int reading = 1, failed = 0, over = 0;
        while (!failed && !over) {
            if (reading) {
                code = av_read_frame(format, packet);
                if (code < 0) {
                    reading = 0;
                    code = avcodec_send_packet(codec, NULL);  // drain
                } else if (packet->stream_index != index) {
                    av_packet_unref(packet);
                    continue;
                } else {
                    code = avcodec_send_packet(codec, packet);
                    av_packet_unref(packet);
                    if (code < 0 && code != AVERROR(EAGAIN)) continue;  // a bad packet: skip it
                }
            }
            while ((code = avcodec_receive_frame(codec, frame)) >= 0) {
                int channels = frame->ch_layout.nb_channels > 0 ? frame->ch_layout.nb_channels : 1;
                if (frame->nb_samples > mono_capacity) {
                    float *grown = realloc(mono, (size_t)frame->nb_samples * sizeof(float));
                    if (grown == NULL) { failed = 1; break; }
                    mono = grown;
                    mono_capacity = frame->nb_samples;
                }
                for (int i = 0; i < frame->nb_samples; i++) {
                    float sum = 0;
                    for (int ch = 0; ch < channels; ch++) sum += ga_signed_sample(frame, ch, i, channels);
                    mono[i] = sum / (float)channels;
                }
                int n = frame->nb_samples;
                decoded += n;
                av_frame_unref(frame);
                if (ga_resample(swr, mono, n, rate, &out) != 0) { failed = 1; break; }
                if (max_ms > 0 && decoded * 1000 / rate > max_ms) { over = 1; break; }
            }
            if (code == AVERROR_EOF || (code == AVERROR(EAGAIN) && !reading)) break;
            if (code < 0 && code != AVERROR(EAGAIN) && !reading) break;
        }
        if (failed) { ga_speech_fail(error, error_size, "out of memory or libswresample failed", 0); break; }
        if (over) { snprintf(error, error_size, "is longer than the limit of %lld s", (long long)(max_ms / 1000)); break; }
        if (ga_resample(swr, NULL, 0, rate, &out) != 0) { ga_speech_fail(error, error_size, "libswresample failed", 0); break; }
        if (decoded == 0) { ga_speech_fail(error, error_size, "holds no audio that decodes", 0); break; }
        *samples = out.data;
        *count = out.count;
        out.data = NULL;
        result = 0;
    } while (0);
    free(out.data);
    free(mono);
    if (swr != NULL) swr_free(&swr);
    if (frame != NULL) av_frame_free(&frame);
    if (packet != NULL) av_packet_free(&packet);
    if (codec != NULL) avcodec_free_context(&codec);
    avformat_close_input(&format);
    return result;
}

// MARK: PocketSphinx 5prealpha, loaded on first use. Its own prototypes: no header is needed
// to build (libpocketsphinx-dev only installs the library and documents the API).

typedef struct ga_cmd_ln ga_cmd_ln;
typedef struct ga_ps_decoder ga_ps_decoder;
typedef struct ga_arg ga_arg;
typedef ga_cmd_ln *(*ga_cmd_ln_init_fn)(ga_cmd_ln *inout, const ga_arg *defn, int32_t strict, ...);
typedef int (*ga_cmd_ln_free_r_fn)(ga_cmd_ln *cmdln);
typedef const ga_arg *(*ga_ps_args_fn)(void);
typedef ga_ps_decoder *(*ga_ps_init_fn)(ga_cmd_ln *config);
typedef int (*ga_ps_start_utt_fn)(ga_ps_decoder *ps);
typedef int (*ga_ps_process_raw_fn)(ga_ps_decoder *ps, const int16_t *data, size_t n_samples, int no_search, int full_utt);
typedef int (*ga_ps_end_utt_fn)(ga_ps_decoder *ps);
typedef const char *(*ga_ps_get_hyp_fn)(ga_ps_decoder *ps, int32_t *out_best_score);
typedef int (*ga_ps_free_fn)(ga_ps_decoder *ps);

static const char *const ga_sphinxbase_names[] = {"cmd_ln_init", "cmd_ln_free_r"};
static void *ga_sphinxbase_table[2];
static ga_lazy_library ga_sphinxbase = {GA_SPHINXBASE_SONAME, "transcripts",
                                        "libsphinxbase3 (with libpocketsphinx3 and pocketsphinx-en-us)",
                                        ga_sphinxbase_names, 2, ga_sphinxbase_table, PTHREAD_MUTEX_INITIALIZER, 0, {0}};
static const char *const ga_pocketsphinx_names[] = {"ps_args", "ps_init", "ps_start_utt", "ps_process_raw",
                                                    "ps_end_utt", "ps_get_hyp", "ps_free"};
static void *ga_pocketsphinx_table[7];
static ga_lazy_library ga_pocketsphinx = {GA_POCKETSPHINX_SONAME, "transcripts",
                                          "libpocketsphinx3 (with pocketsphinx-en-us)", ga_pocketsphinx_names, 7,
                                          ga_pocketsphinx_table, PTHREAD_MUTEX_INITIALIZER, 0, {0}};

const char *ga_pocketsphinx_load(void) {
    const char *error = ga_lazy_load(&ga_sphinxbase, NULL);
    return error != NULL ? error : ga_lazy_load(&ga_pocketsphinx, NULL);
}

char *ga_pocketsphinx_transcribe(const int16_t *samples, size_t count, const char *hmm, const char *lm, const char *dict,
                                 char *error, size_t error_size) {
    const char *load = ga_pocketsphinx_load();
    if (load != NULL) {
        snprintf(error, error_size, "%s", load);
        return NULL;
    }
    ga_cmd_ln_init_fn cmd_ln_init = (ga_cmd_ln_init_fn)ga_sphinxbase_table[0];
    ga_cmd_ln_free_r_fn cmd_ln_free_r = (ga_cmd_ln_free_r_fn)ga_sphinxbase_table[1];
    ga_ps_args_fn ps_args = (ga_ps_args_fn)ga_pocketsphinx_table[0];
    ga_ps_init_fn ps_init = (ga_ps_init_fn)ga_pocketsphinx_table[1];
    ga_ps_start_utt_fn ps_start_utt = (ga_ps_start_utt_fn)ga_pocketsphinx_table[2];
    ga_ps_process_raw_fn ps_process_raw = (ga_ps_process_raw_fn)ga_pocketsphinx_table[3];
    ga_ps_end_utt_fn ps_end_utt = (ga_ps_end_utt_fn)ga_pocketsphinx_table[4];
    ga_ps_get_hyp_fn ps_get_hyp = (ga_ps_get_hyp_fn)ga_pocketsphinx_table[5];
    ga_ps_free_fn ps_free = (ga_ps_free_fn)ga_pocketsphinx_table[6];

    // Its log (hundreds of lines) goes nowhere; failures come back as values.
    ga_cmd_ln *config = cmd_ln_init(NULL, ps_args(), 1, "-hmm", hmm, "-lm", lm, "-dict", dict, "-logfn", "/dev/null",
                                    (const char *)NULL);
    if (config == NULL) {
        snprintf(error, error_size, "PocketSphinx refused its configuration (model %s)", hmm);
        return NULL;
    }
    ga_ps_decoder *ps = ps_init(config);
    if (ps == NULL) {
        cmd_ln_free_r(config);
        snprintf(error, error_size, "PocketSphinx cannot load its model from %s (Debian's pocketsphinx-en-us)", hmm);
        return NULL;
    }
    char *text = NULL;
    if (ps_start_utt(ps) < 0) {
        snprintf(error, error_size, "PocketSphinx could not start");
    } else {
        // Fed in one-second pieces, as a recorder would.
        size_t at = 0;
        int failed = 0;
        while (at < count && !failed) {
            size_t n = count - at < 16000 ? count - at : 16000;
            if (ps_process_raw(ps, samples + at, n, 0, 0) < 0) failed = 1;
            at += n;
        }
        if (ps_end_utt(ps) < 0) failed = 1;
        if (failed) {
            snprintf(error, error_size, "PocketSphinx failed while decoding");
        } else {
            int32_t score = 0;
            const char *hyp = ps_get_hyp(ps, &score);
            text = strdup(hyp != NULL ? hyp : "");
            if (text == NULL) snprintf(error, error_size, "out of memory");
        }
    }
    ps_free(ps);
    cmd_ln_free_r(config);
    return text;
}
