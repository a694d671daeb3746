// Decoding a sound file with FFmpeg for its length and waveform. See geoalbum_audio.h for why.
#include "geoalbum_audio.h"
#include "audio_sample.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *ga_audio_load(void) {
    const char *error = ga_avutil_load(NULL);
    if (error == NULL) error = ga_avcodec_load(NULL);
    if (error == NULL) error = ga_avformat_load(NULL);
    if (error == NULL) av_log_set_level(AV_LOG_QUIET);  // errors come back as values, not on stderr
    return error;
}

// Peaks of blocks of `block_len` samples; when `blocks` is full, pairs merge and blocks double.
#define GA_BLOCKS 8192
typedef struct {
    float blocks[GA_BLOCKS];
    size_t count;
    int64_t block_len, in_block;
    float current;
} ga_peaks;

static void ga_peaks_add(ga_peaks *p, float v) {
    if (v > p->current) p->current = v;
    if (++p->in_block < p->block_len) return;
    if (p->count == GA_BLOCKS) {
        for (size_t i = 0; i < GA_BLOCKS / 2; i++) p->blocks[i] = fmaxf(p->blocks[2 * i], p->blocks[2 * i + 1]);
        p->count = GA_BLOCKS / 2;
        p->block_len *= 2;
    }
    p->blocks[p->count++] = p->current;
    p->current = 0;
    p->in_block = 0;
}

// The absolute value of sample `i` of channel `ch`, 0…1 (clipped), for every sample format.
static float ga_sample(const AVFrame *f, int ch, int i, int channels) {
    double v = fabs(ga_sample_value(f, ch, i, channels));
    return isfinite(v) ? (float)(v > 1 ? 1 : v) : 0;
}

static int ga_fail(char *error, size_t size, const char *what, int code) {
    char reason[128] = "";
    if (code != 0) av_strerror(code, reason, sizeof reason);
    snprintf(error, size, code != 0 ? "%s (%s)" : "%s", what, reason);
    return -1;
}

int ga_audio_decode(const char *path, int peaks, int64_t max_ms, ga_audio_facts *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (peaks < 1 || peaks > GA_AUDIO_MAX_PEAKS) return ga_fail(error, error_size, "bad peak count", 0);
    AVFormatContext *format = NULL;
    int code = avformat_open_input(&format, path, NULL, NULL);
    if (code < 0) return ga_fail(error, error_size, "not a sound file FFmpeg can read", code);
    int result = -1;
    AVCodecContext *codec = NULL;
    AVPacket *packet = NULL;
    AVFrame *frame = NULL;
    ga_peaks *p = NULL;
    do {
        code = avformat_find_stream_info(format, NULL);
        if (code < 0) { ga_fail(error, error_size, "not a sound file FFmpeg can read", code); break; }
        const AVCodec *decoder = NULL;
        int index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
        if (index < 0 || decoder == NULL) {
            ga_fail(error, error_size, index == AVERROR_DECODER_NOT_FOUND ? "no decoder for its audio" : "holds no audio stream", 0);
            break;
        }
        AVStream *stream = format->streams[index];
        snprintf(out->codec, sizeof out->codec, "%s", avcodec_get_name(stream->codecpar->codec_id));
        snprintf(out->container, sizeof out->container, "%s", format->iformat->name);
        const char *keys[3] = {"title", "artist", "album"};
        char *fields[3] = {out->title, out->artist, out->album};
        for (int k = 0; k < 3; k++) {
            AVDictionaryEntry *entry = av_dict_get(format->metadata, keys[k], NULL, 0);
            if (entry == NULL) entry = av_dict_get(stream->metadata, keys[k], NULL, 0);
            if (entry != NULL && entry->value != NULL) snprintf(fields[k], 256, "%s", entry->value);
        }
        // When and where: the first of its names FFmpeg gives, the file's own before the stream's.
        const char *when_where[5] = {"date", "creation_time", "location", "location-eng", "com.apple.quicktime.location.ISO6709"};
        char *targets[5] = {out->date, out->creation_time, out->location, out->location, out->location};
        size_t sizes[5] = {sizeof out->date, sizeof out->creation_time, sizeof out->location, sizeof out->location, sizeof out->location};
        for (int k = 0; k < 5; k++) {
            if (targets[k][0] != 0) continue;
            AVDictionaryEntry *entry = av_dict_get(format->metadata, when_where[k], NULL, 0);
            if (entry == NULL) entry = av_dict_get(stream->metadata, when_where[k], NULL, 0);
            if (entry != NULL && entry->value != NULL) snprintf(targets[k], sizes[k], "%s", entry->value);
        }
        if (stream->duration > 0 && stream->time_base.den > 0) {
            out->declared_ms = (int64_t)((double)stream->duration * stream->time_base.num * 1000 / stream->time_base.den);
        } else if (format->duration > 0) {
            out->declared_ms = format->duration / (AV_TIME_BASE / 1000);
        }
        codec = avcodec_alloc_context3(decoder);
        packet = av_packet_alloc();
        frame = av_frame_alloc();
        if (codec == NULL || packet == NULL || frame == NULL) { ga_fail(error, error_size, "out of memory", 0); break; }
        code = avcodec_parameters_to_context(codec, stream->codecpar);
        if (code >= 0) code = avcodec_open2(codec, decoder, NULL);
        if (code < 0) { ga_fail(error, error_size, "its audio cannot be decoded", code); break; }
        int rate = codec->sample_rate > 0 ? codec->sample_rate : stream->codecpar->sample_rate;
        if (rate <= 0) { ga_fail(error, error_size, "its audio has no sample rate", 0); break; }
        out->sample_rate = rate;
        out->channels = codec->ch_layout.nb_channels;
        ga_peaks local;
        memset(&local, 0, sizeof local);
        p = &local;
        p->block_len = rate / 100 > 0 ? rate / 100 : 1;  // 10 ms blocks to begin with
        int64_t samples = 0, packets = 0, failures = 0;
        int failure = 0, stopped = 0, reading = 1;
        while (!stopped) {
            if (reading) {
                code = av_read_frame(format, packet);
                if (code == AVERROR_EOF) {
                    reading = 0;
                    code = avcodec_send_packet(codec, NULL);  // drain
                } else if (code < 0) {
                    failure = code;
                    reading = 0;
                    code = avcodec_send_packet(codec, NULL);
                } else if (packet->stream_index != index) {
                    av_packet_unref(packet);
                    continue;
                } else {
                    packets++;
                    code = avcodec_send_packet(codec, packet);
                    av_packet_unref(packet);
                    if (code < 0 && code != AVERROR(EAGAIN)) {
                        failures++;
                        failure = code;
                        continue;
                    }
                }
            }
            while ((code = avcodec_receive_frame(codec, frame)) >= 0) {
                int channels = frame->ch_layout.nb_channels > 0 ? frame->ch_layout.nb_channels : 1;
                for (int i = 0; i < frame->nb_samples; i++) {
                    float v = 0;
                    for (int ch = 0; ch < channels; ch++) {
                        float s = ga_sample(frame, ch, i, channels);
                        if (s > v) v = s;
                    }
                    ga_peaks_add(p, v);
                }
                samples += frame->nb_samples;
                av_frame_unref(frame);
                if (max_ms > 0 && samples * 1000 / rate > max_ms) { stopped = 2; break; }
            }
            if (code == AVERROR_EOF || (code == AVERROR(EAGAIN) && !reading)) break;
            if (code < 0 && code != AVERROR(EAGAIN)) {
                failures++;
                failure = code;
                if (!reading) break;
            }
        }
        out->duration_ms = samples * 1000 / rate;
        if (stopped == 2) {
            snprintf(error, error_size, "is longer than the limit of %lld s", (long long)(max_ms / 1000));
            break;
        }
        if (samples == 0) {
            ga_fail(error, error_size, failure != 0 ? "no audio could be decoded: corrupt" : "holds no audio", failure);
            break;
        }
        if (failures * 10 > packets + 1) {
            ga_fail(error, error_size, "corrupt audio: most of it cannot be decoded", failure);
            break;
        }
        if (out->declared_ms > 2000 && out->duration_ms < out->declared_ms * 9 / 10 - 500) {
            snprintf(error, error_size, "truncated or corrupt: %.1f s of its %.1f s could be decoded",
                     out->duration_ms / 1000.0, out->declared_ms / 1000.0);
            break;
        }
        if (p->in_block > 0) {  // the last, partial block
            p->blocks[p->count < GA_BLOCKS ? p->count++ : GA_BLOCKS - 1] = p->current;
        }
        // `peaks` equal stretches of the blocks, each its loudest; then scaled to 0…255.
        size_t n = p->count;
        out->peak_count = (int)(n < (size_t)peaks ? n : (size_t)peaks);
        float loudest = 0, values[GA_AUDIO_MAX_PEAKS];
        for (int k = 0; k < out->peak_count; k++) {
            size_t from = n * (size_t)k / (size_t)out->peak_count, to = n * (size_t)(k + 1) / (size_t)out->peak_count;
            float v = 0;
            for (size_t b = from; b < to; b++) v = fmaxf(v, p->blocks[b]);
            values[k] = v;
            loudest = fmaxf(loudest, v);
        }
        for (int k = 0; k < out->peak_count; k++) {
            out->peaks[k] = loudest > 0 ? (uint8_t)lrintf(values[k] / loudest * 255) : 0;
        }
        result = 0;
    } while (0);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    return result;
}
