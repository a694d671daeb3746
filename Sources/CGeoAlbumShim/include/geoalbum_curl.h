#pragma once
// Typed wrappers for libcurl's variadic setters and getters.
//
// Swift cannot call C variadic functions, so `curl_easy_setopt`, `curl_easy_getinfo` and
// `curl_multi_setopt` each get one wrapper per argument type. Handles are passed as `void *`
// (libcurl's `CURL` and `CURLM` are `void` typedefs) so this header needs no curl header and the
// curl types stay owned by the CCurl module. Options and infos are libcurl's enum values.
#include <stddef.h>
#include <stdint.h>

typedef size_t (*ga_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ga_curl_progress_callback)(void *context, int64_t dltotal, int64_t dlnow,
                                         int64_t ultotal, int64_t ulnow);

int ga_curl_easy_setopt_long(void *easy, int option, long value);
int ga_curl_easy_setopt_int64(void *easy, int option, int64_t value);
int ga_curl_easy_setopt_string(void *easy, int option, const char *value);
int ga_curl_easy_setopt_pointer(void *easy, int option, void *value);
int ga_curl_easy_setopt_data_callback(void *easy, int option, ga_curl_data_callback callback);
int ga_curl_easy_setopt_progress_callback(void *easy, ga_curl_progress_callback callback);

int ga_curl_easy_getinfo_long(void *easy, int info, long *value);
int ga_curl_easy_getinfo_int64(void *easy, int info, int64_t *value);
int ga_curl_easy_getinfo_double(void *easy, int info, double *value);
int ga_curl_easy_getinfo_string(void *easy, int info, const char **value);
int ga_curl_easy_getinfo_pointer(void *easy, int info, void **value);

int ga_curl_multi_setopt_long(void *multi, int option, long value);

/// `curl_global_init(CURL_GLOBAL_DEFAULT)`: CURL_GLOBAL_DEFAULT is a macro Swift does not import.
int ga_curl_global_init_default(void);
