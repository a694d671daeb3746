// Typed, non-variadic entry points into libcurl for Swift. See geoalbum_curl.h for why.
#include "geoalbum_curl.h"
#include <curl/curl.h>

int ga_curl_easy_setopt_long(void *easy, int option, long value) {
    return (int)curl_easy_setopt((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_int64(void *easy, int option, int64_t value) {
    return (int)curl_easy_setopt((CURL *)easy, (CURLoption)option, (curl_off_t)value);
}

int ga_curl_easy_setopt_string(void *easy, int option, const char *value) {
    return (int)curl_easy_setopt((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_pointer(void *easy, int option, void *value) {
    return (int)curl_easy_setopt((CURL *)easy, (CURLoption)option, value);
}

int ga_curl_easy_setopt_data_callback(void *easy, int option, ga_curl_data_callback callback) {
    return (int)curl_easy_setopt((CURL *)easy, (CURLoption)option, callback);
}

int ga_curl_easy_setopt_progress_callback(void *easy, ga_curl_progress_callback callback) {
    // curl_xferinfo_callback takes curl_off_t, which is int64_t on every Linux target.
    return (int)curl_easy_setopt((CURL *)easy, CURLOPT_XFERINFOFUNCTION,
                                 (curl_xferinfo_callback)callback);
}

int ga_curl_easy_getinfo_long(void *easy, int info, long *value) {
    return (int)curl_easy_getinfo((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_easy_getinfo_int64(void *easy, int info, int64_t *value) {
    curl_off_t v = 0;
    CURLcode code = curl_easy_getinfo((CURL *)easy, (CURLINFO)info, &v);
    *value = (int64_t)v;
    return (int)code;
}

int ga_curl_easy_getinfo_double(void *easy, int info, double *value) {
    return (int)curl_easy_getinfo((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_easy_getinfo_string(void *easy, int info, const char **value) {
    char *v = NULL;
    CURLcode code = curl_easy_getinfo((CURL *)easy, (CURLINFO)info, &v);
    *value = v;
    return (int)code;
}

int ga_curl_easy_getinfo_pointer(void *easy, int info, void **value) {
    return (int)curl_easy_getinfo((CURL *)easy, (CURLINFO)info, value);
}

int ga_curl_multi_setopt_long(void *multi, int option, long value) {
    return (int)curl_multi_setopt((CURLM *)multi, (CURLMoption)option, value);
}

int ga_curl_global_init_default(void) {
    return (int)curl_global_init(CURL_GLOBAL_DEFAULT);
}
