// libcurl, loaded on first use (decision 0057-speed), and typed, non-variadic entry points into it
// for Swift. See geoalbum_curl.h and geoalbum_lazy.h for why.
#include "geoalbum_curl.h"
#include "geoalbum_lazy.h"
#include "lazy_library.h"
#include <curl/curl.h>

#define GA_CURL_SONAME "libcurl.so.4"
const char *const ga_curl_soname = GA_CURL_SONAME;

// Every libcurl function AlbumNet calls (the variadic three are below: a stub cannot forward `...`).
#define GA_CURL_FUNCTIONS(F, V)                                                                              \
    F(CURLcode, curl_global_init, (long flags), (flags))                                                     \
    F(CURL *, curl_easy_init, (void), ())                                                                    \
    V(curl_easy_cleanup, (CURL *easy), (easy))                                                               \
    F(const char *, curl_easy_strerror, (CURLcode code), (code))                                             \
    F(CURLM *, curl_multi_init, (void), ())                                                                  \
    F(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))                                                \
    F(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *easy), (multi, easy))                          \
    F(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *easy), (multi, easy))                       \
    F(CURLMcode, curl_multi_perform, (CURLM *multi, int *running), (multi, running))                         \
    F(CURLMcode, curl_multi_poll,                                                                            \
      (CURLM *multi, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms, int *ret),     \
      (multi, extra_fds, extra_nfds, timeout_ms, ret))                                                       \
    F(CURLMcode, curl_multi_wakeup, (CURLM *multi), (multi))                                                 \
    F(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *left), (multi, left))                             \
    F(const char *, curl_multi_strerror, (CURLMcode code), (code))                                           \
    F(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *line), (list, line))     \
    V(curl_slist_free_all, (struct curl_slist *list), (list))

GA_LAZY_LIBRARY(GA_CURL_FUNCTIONS, GA_CURL_SONAME, "downloads (fetch, resume, worker, new-collection)", "libcurl4")

// The variadic setters and getter, resolved from the same library (dlopen returns the same
// handle) into a table of their own.
static const char *const ga_curl_variadic_names[] = {"curl_easy_setopt", "curl_easy_getinfo", "curl_multi_setopt"};
static void *ga_curl_variadic_table[3];
static ga_lazy_library ga_curl_variadic = {GA_CURL_SONAME, "downloads (fetch, resume, worker, new-collection)", "libcurl4",
                                           ga_curl_variadic_names, 3, ga_curl_variadic_table,
                                           PTHREAD_MUTEX_INITIALIZER, 0, {0}};
typedef CURLcode (*ga_easy_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*ga_easy_getinfo_fn)(CURL *, CURLINFO, ...);
typedef CURLMcode (*ga_multi_setopt_fn)(CURLM *, CURLMoption, ...);
#define GA_EASY_SETOPT ((ga_easy_setopt_fn)ga_lazy_function(&ga_curl_variadic, 0))
#define GA_EASY_GETINFO ((ga_easy_getinfo_fn)ga_lazy_function(&ga_curl_variadic, 1))
#define GA_MULTI_SETOPT ((ga_multi_setopt_fn)ga_lazy_function(&ga_curl_variadic, 2))

const char *ga_curl_load(const char *file) {
    const char *error = ga_lazy_load(&ga_lazy_this, file);
    return error != NULL ? error : ga_lazy_load(&ga_curl_variadic, file);
}

int ga_curl_easy_setopt_long(void *easy, int option, long value) {
    return (int)GA_EASY_SETOPT((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_int64(void *easy, int option, int64_t value) {
    return (int)GA_EASY_SETOPT((CURL *)easy, (CURLoption)option, (curl_off_t)value);
}

int ga_curl_easy_setopt_string(void *easy, int option, const char *value) {
    return (int)GA_EASY_SETOPT((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_pointer(void *easy, int option, void *value) {
    return (int)GA_EASY_SETOPT((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_data_callback(void *easy, int option, ga_curl_data_callback callback) {
    return (int)GA_EASY_SETOPT((CURL *)easy, (CURLoption)option, callback);
}

int ga_curl_easy_setopt_progress_callback(void *easy, ga_curl_progress_callback callback) {
    // curl_xferinfo_callback takes curl_off_t, which is int64_t on every Linux target.
    return (int)GA_EASY_SETOPT((CURL *)easy, CURLOPT_XFERINFOFUNCTION, (curl_xferinfo_callback)callback);
}

int ga_curl_easy_getinfo_long(void *easy, int info, long *value) {
    return (int)GA_EASY_GETINFO((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_easy_getinfo_int64(void *easy, int info, int64_t *value) {
    curl_off_t v = 0;
    CURLcode code = GA_EASY_GETINFO((CURL *)easy, (CURLINFO)info, &v);
    *value = (int64_t)v;
    return (int)code;
}

int ga_curl_easy_getinfo_double(void *easy, int info, double *value) {
    return (int)GA_EASY_GETINFO((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_easy_getinfo_string(void *easy, int info, const char **value) {
    char *v = NULL;
    CURLcode code = GA_EASY_GETINFO((CURL *)easy, (CURLINFO)info, &v);
    *value = v;
    return (int)code;
}

int ga_curl_easy_getinfo_pointer(void *easy, int info, void **value) {
    return (int)GA_EASY_GETINFO((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_multi_setopt_long(void *multi, int option, long value) {
    return (int)GA_MULTI_SETOPT((CURLM *)multi, (CURLMoption)option, value);
}

int ga_curl_global_init_default(void) {
    return (int)curl_global_init(CURL_GLOBAL_DEFAULT);
}
