#pragma once
// Decoding a sound file with FFmpeg for its length and waveform (issue 26).
//
// Why this is C: FFmpeg's API is macros (AVERROR(EAGAIN), AVERROR_EOF, AV_TIME_BASE) and structs
// whose layout is the major version's (AVFrame, AVStream, AVCodecParameters), read field by field
// for every frame; the loop stays next to the headers it was compiled against, and Swift
// (AlbumAudio's AudioDecoder) sees one call with plain C types. libavformat, libavcodec and
// libavutil are loaded on first use (geoalbum_lazy.h): `ga_audio_load` first.
#include <stddef.h>
#include <stdint.h>

/// The most waveform peaks `ga_audio_decode` gives.
#define GA_AUDIO_MAX_PEAKS 1000

typedef struct {
    /// Decoded length in milliseconds (samples decoded / sample rate).
    int64_t duration_ms;
    /// What the container says the length is (0 when it does not say).
    int64_t declared_ms;
    int sample_rate;
    int channels;
    /// FFmpeg's codec name (`aac`, `opus`, `mp3`, `flac`, `pcm_s16le`).
    char codec[32];
    /// FFmpeg's container name (`mov,mp4,m4a,3gp,3g2,mj2`, `ogg`, `mp3`, `flac`, `wav`).
    char container[64];
    /// The loudest absolute sample of each of `peak_count` equal stretches, 0…255, scaled so the
    /// loudest stretch is 255 (all 0 for silence).
    uint8_t peaks[GA_AUDIO_MAX_PEAKS];
    int peak_count;
    /// The container's own title, artist and album (UTF-8, "" when absent): what TagLib's C API
    /// does not read (a WAV's RIFF INFO chunk).
    char title[256];
    char artist[256];
    char album[256];
    /// When and where it was recorded, as its tags say ("" when absent): the `date` tag (ID3
    /// TDRC, a Vorbis comment's DATE, m4a's ©day), the container's `creation_time` (an m4a's
    /// movie header, UTC) and its position (an m4a's ©xyz or QuickTime's ISO 6709 key, a
    /// `location` comment), as FFmpeg names them.
    char date[64];
    char creation_time[64];
    char location[128];
} ga_audio_facts;

/// Loads libavformat, libavcodec and libavutil (NULL: their sonames); NULL when loaded, else a
/// message naming the library and the Debian package. The first call decides.
const char *ga_audio_load(void);

/// Decodes the best audio stream of the file at `path`: its length, codec, container and
/// `peaks` peaks (1…GA_AUDIO_MAX_PEAKS). Stops with an error past `max_ms` (0: no limit).
/// Returns 0, or -1 with a one-line reason in `error` (not audio, no audio stream, corrupt,
/// truncated, over the limit).
int ga_audio_decode(const char *path, int peaks, int64_t max_ms, ga_audio_facts *out, char *error, size_t error_size);

/// The file `ga_taglib_load(NULL)` opens: TagLib's C API soname.
extern const char *const ga_taglib_soname;
extern const char *const ga_avformat_soname;
extern const char *const ga_avcodec_soname;
extern const char *const ga_avutil_soname;

/// Loads TagLib's C API from `file` (NULL: its soname), as `ga_heif_load` does libheif, and
/// turns TagLib's shared string list off (strings are freed one by one with `taglib_free`).
const char *ga_taglib_load(const char *file);
const char *ga_avformat_load(const char *file);
const char *ga_avcodec_load(const char *file);
const char *ga_avutil_load(const char *file);
