#pragma once
// The loader behind the stubs of geoalbum_lazy.h: one `ga_lazy_library` per C library.
#include <pthread.h>
#include <stddef.h>

typedef struct {
    const char *soname;        // what dlopen opens by default
    const char *purpose;       // what the library does for album ("HEIC photos")
    const char *package;       // the Debian package that ships `soname`
    const char *const *names;  // the functions the stubs call, in table order
    size_t count;
    void **table;              // `count` function addresses, filled by `ga_lazy_load`
    pthread_mutex_t lock;
    int state;                 // 0 not tried, 1 loaded, -1 failed (then `error` says why)
    char error[512];
} ga_lazy_library;

/// Opens the library once and resolves every name; NULL, or the message of the first failure.
const char *ga_lazy_load(ga_lazy_library *library, const char *file);

/// The address of function `index`, loading the library by its soname if no load happened yet.
/// A library that cannot be loaded here is a programming error (the owner did not call
/// `ga_*_load` first): the message goes to stderr and the process aborts.
void *ga_lazy_function(ga_lazy_library *library, size_t index);

// A C file defines one lazily loaded library with `GA_LAZY_LIBRARY(LIST, soname, purpose,
// package)`, where LIST(F, V) names each function once with its header's prototype:
// `F(return type, name, (parameters), (arguments))`, or `V(name, (parameters), (arguments))`
// for one that returns void. The compiler checks every stub against the library's header.
#define GA_LAZY_INDEX(ret, name, params, args) ga_lazy_index_##name,
#define GA_LAZY_INDEX_V(name, params, args) ga_lazy_index_##name,
#define GA_LAZY_NAME(ret, name, params, args) #name,
#define GA_LAZY_NAME_V(name, params, args) #name,
#define GA_LAZY_STUB(ret, name, params, args)                                                     \
    ret name params {                                                                           \
        return ((__typeof__(&name))ga_lazy_function(&ga_lazy_this, ga_lazy_index_##name)) args; \
    }
#define GA_LAZY_STUB_V(name, params, args)                                                 \
    void name params {                                                                     \
        ((__typeof__(&name))ga_lazy_function(&ga_lazy_this, ga_lazy_index_##name)) args; \
    }
#define GA_LAZY_LIBRARY(LIST, soname, purpose, package)                                             \
    enum { LIST(GA_LAZY_INDEX, GA_LAZY_INDEX_V) ga_lazy_count };                                    \
    static const char *const ga_lazy_names[] = {LIST(GA_LAZY_NAME, GA_LAZY_NAME_V)};                \
    static void *ga_lazy_table[ga_lazy_count];                                                      \
    static ga_lazy_library ga_lazy_this = {soname,        purpose, package, ga_lazy_names,          \
                                           ga_lazy_count, ga_lazy_table, PTHREAD_MUTEX_INITIALIZER, \
                                           0,             {0}};                                     \
    LIST(GA_LAZY_STUB, GA_LAZY_STUB_V)
