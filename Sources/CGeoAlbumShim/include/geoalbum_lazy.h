#pragma once
// Libraries loaded on first use (decision 0043-i13).
//
// Why this shim exists: libheif and cairo are linked by name at build time, but every `album`
// command loaded them (and their 40-odd dependencies: HEVC/AV1 codecs, X11, fontconfig) at
// start-up, and libheif's constructors alone ran ~25 M instructions (libde265's tables) before
// `main`. So the executable no longer links them: this shim defines each libheif and cairo
// function AlbumKit calls, with the header's own prototype, as a stub that calls the real
// function through a table filled by `dlopen` + `dlsym` on first use (the technique of
// Implib.so). The owners (`HEIFFile`, `CairoCanvas`, `CairoPNG`) call `ga_*_load` first, so a
// missing library or symbol becomes a thrown error naming the library and the Debian package.
// A stub reached without a successful load prints that message and aborts.
//
// The runtime names are the sonames of the libraries the -dev packages link against
// (libheif-dev's libheif.so → libheif.so.1, libcairo2-dev's libcairo.so → libcairo.so.2), checked
// by a test against the -dev symlinks.
#include <stddef.h>

/// The file `ga_heif_load(NULL)` opens: libheif's soname.
extern const char *const ga_heif_soname;
/// The file `ga_cairo_load(NULL)` opens: cairo's soname.
extern const char *const ga_cairo_soname;
/// The file `ga_curl_load(NULL)` opens: libcurl's soname (decision 0057-speed: every command
/// that downloads nothing starts without libcurl and its ~25 TLS, Kerberos and LDAP libraries).
extern const char *const ga_curl_soname;

/// Loads libheif from `file` (NULL: its soname) and resolves every function the stubs call.
/// The first call decides: later calls return its answer, whatever `file` they pass.
/// Returns NULL when loaded, else a message naming the library and what to install.
const char *ga_heif_load(const char *file);

/// Loads cairo, as `ga_heif_load` does libheif.
const char *ga_cairo_load(const char *file);

/// Loads libcurl, as `ga_heif_load` does libheif (`CurlGlobal` calls it before the first handle).
const char *ga_curl_load(const char *file);
