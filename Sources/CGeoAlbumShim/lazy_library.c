// dlopen once, dlsym every name, keep the first answer. See geoalbum_lazy.h for why.
#include "lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

const char *ga_lazy_load(ga_lazy_library *library, const char *file) {
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 1) return NULL;
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        const char *path = file != NULL && file[0] != '\0' ? file : library->soname;
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        int state = 1;
        if (handle == NULL) {
            const char *why = dlerror();
            snprintf(library->error, sizeof library->error, "%s cannot be loaded (%s); %s need Debian's %s (apt-get install %s)",
                     path, why != NULL ? why : "unknown error", library->purpose, library->package, library->package);
            state = -1;
        } else {
            for (size_t i = 0; i < library->count; i++) {
                library->table[i] = dlsym(handle, library->names[i]);
                if (library->table[i] == NULL) {
                    snprintf(library->error, sizeof library->error,
                             "%s has no function %s (too old or not %s); %s need Debian's %s (apt-get install %s)",
                             path, library->names[i], library->soname, library->purpose, library->package, library->package);
                    state = -1;
                    break;
                }
            }
        }
        __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return library->state == 1 ? NULL : library->error;
}

void *ga_lazy_function(ga_lazy_library *library, size_t index) {
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) != 1) {
        const char *error = ga_lazy_load(library, NULL);
        if (error != NULL) {
            fprintf(stderr, "album: error: %s\n", error);
            abort();
        }
    }
    return library->table[index];
}
