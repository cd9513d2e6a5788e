#include "LibCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libcurl's functions, as its header declares them (curl/curl.h, curl/easy.h): the handle and
// the list are opaque, a code is an int (CURLcode), an option or an information a C int.
typedef int (*global_init_fn)(long flags);
typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *handle);
typedef int (*easy_setopt_fn)(void *handle, int option, ...);
typedef int (*easy_perform_fn)(void *handle);
typedef int (*easy_getinfo_fn)(void *handle, int info, ...);
typedef const char *(*easy_strerror_fn)(int code);
typedef void *(*slist_append_fn)(void *list, const char *text);
typedef void (*slist_free_all_fn)(void *list);

static struct {
  int loaded;
  easy_init_fn easy_init;
  easy_cleanup_fn easy_cleanup;
  easy_setopt_fn easy_setopt;
  easy_perform_fn easy_perform;
  easy_getinfo_fn easy_getinfo;
  easy_strerror_fn easy_strerror;
  slist_append_fn slist_append;
  slist_free_all_fn slist_free_all;
} curl;

static pthread_once_t load_control = PTHREAD_ONCE_INIT;
static char load_failure[256] = "cannot load libcurl";

static void load_once(void) {
  static const char *const names[] = {"libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"};
  void *library = NULL;
  for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
    library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) {
    const char *error = dlerror();
    snprintf(load_failure, sizeof load_failure, "cannot load libcurl: %s", error ? error : "not found");
    return;
  }
  global_init_fn global_init = (global_init_fn)dlsym(library, "curl_global_init");
  curl.easy_init = (easy_init_fn)dlsym(library, "curl_easy_init");
  curl.easy_cleanup = (easy_cleanup_fn)dlsym(library, "curl_easy_cleanup");
  curl.easy_setopt = (easy_setopt_fn)dlsym(library, "curl_easy_setopt");
  curl.easy_perform = (easy_perform_fn)dlsym(library, "curl_easy_perform");
  curl.easy_getinfo = (easy_getinfo_fn)dlsym(library, "curl_easy_getinfo");
  curl.easy_strerror = (easy_strerror_fn)dlsym(library, "curl_easy_strerror");
  curl.slist_append = (slist_append_fn)dlsym(library, "curl_slist_append");
  curl.slist_free_all = (slist_free_all_fn)dlsym(library, "curl_slist_free_all");
  if (!global_init || !curl.easy_init || !curl.easy_cleanup || !curl.easy_setopt || !curl.easy_perform
      || !curl.easy_getinfo || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all) {
    snprintf(load_failure, sizeof load_failure, "cannot load libcurl: a function is missing");
    return;
  }
  // CURL_GLOBAL_ALL: SSL and, on Windows, sockets.
  if (global_init(3) != 0) {
    snprintf(load_failure, sizeof load_failure, "cannot initialise libcurl");
    return;
  }
  curl.loaded = 1;
}

int lc_load(char *reason, size_t reasonSize) {
  // curl_global_init is not thread-safe: two downloads of one process may start at once.
  pthread_once(&load_control, load_once);
  if (curl.loaded) return 0;
  snprintf(reason, reasonSize, "%s", load_failure);
  return -1;
}

void *lc_easy_init(void) { return curl.easy_init(); }
void lc_easy_cleanup(void *handle) { curl.easy_cleanup(handle); }
int lc_setopt_long(void *handle, int option, long value) { return curl.easy_setopt(handle, option, value); }
int lc_setopt_pointer(void *handle, int option, const void *value) {
  return curl.easy_setopt(handle, option, value);
}
int lc_setopt_size(void *handle, int option, long long value) {
  return curl.easy_setopt(handle, option, value);
}
int lc_setopt_callback(void *handle, int option, lc_data_callback callback) {
  return curl.easy_setopt(handle, option, callback);
}
int lc_setopt_progress(void *handle, int option, lc_progress_callback callback) {
  return curl.easy_setopt(handle, option, callback);
}
int lc_easy_perform(void *handle) { return curl.easy_perform(handle); }
int lc_getinfo_long(void *handle, int info, long *value) { return curl.easy_getinfo(handle, info, value); }
int lc_getinfo_string(void *handle, int info, const char **value) {
  return curl.easy_getinfo(handle, info, value);
}
int lc_getinfo_size(void *handle, int info, long long *value) {
  return curl.easy_getinfo(handle, info, value);
}
const char *lc_easy_strerror(int code) { return curl.easy_strerror(code); }
void *lc_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void lc_slist_free_all(void *list) { curl.slist_free_all(list); }
