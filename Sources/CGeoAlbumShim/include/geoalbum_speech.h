#pragma once
// Speech for transcripts (issue 32): a sound file decoded to 16 kHz mono, and CMU PocketSphinx.
//
// Why this is C: the decode loop is FFmpeg's (see geoalbum_audio.h), and PocketSphinx 5prealpha
// (Debian 12's 0.8+5prealpha) is configured by `cmd_ln_init`, a variadic function Swift cannot
// call. libswresample, libsphinxbase and libpocketsphinx are loaded on first use (dlopen, as
// libheif and TagLib are), so no other command needs them and a missing one is a one-line error.
#include <stddef.h>
#include <stdint.h>

/// The files loaded on first use: the sonames of the -dev packages' libraries (LibrarySonameTests).
extern const char *const ga_swresample_soname;
extern const char *const ga_sphinxbase_soname;
extern const char *const ga_pocketsphinx_soname;

/// Loads FFmpeg (`ga_audio_load`) and libswresample; NULL, or a message naming the package.
const char *ga_speech_audio_load(void);

/// Decodes the best audio stream of `path`, mixed to mono and resampled to 16 kHz signed 16-bit
/// samples by libswresample. Stops with an error past `max_ms` (0: no limit). Returns 0 with
/// `*samples` (free with `ga_speech_free`) and `*count`, or -1 with a one-line reason in `error`.
int ga_speech_decode(const char *path, int64_t max_ms, int16_t **samples, size_t *count, char *error, size_t error_size);

void ga_speech_free(void *pointer);

/// Loads libsphinxbase and libpocketsphinx (Debian 12's sonames .so.3); NULL, or a message naming
/// the packages. The first call decides.
const char *ga_pocketsphinx_load(void);

/// Transcribes 16 kHz mono samples with the acoustic model folder `hmm`, the language model `lm`
/// and the dictionary `dict`. Returns the text (malloc'd, "" for silence; free with
/// `ga_speech_free`), or NULL with a one-line reason in `error`.
char *ga_pocketsphinx_transcribe(const int16_t *samples, size_t count, const char *hmm, const char *lm, const char *dict,
                                 char *error, size_t error_size);
