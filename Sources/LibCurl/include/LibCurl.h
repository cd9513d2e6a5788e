// LibCurl: the few calls of the system's libcurl that NetworkGateways makes, loaded at run time,
// the first time a process downloads.
//
// The toolchain's HTTP client links libcurl already, so every machine that runs the toolchain
// has it; but its headers (libcurl's development package) are not part of the toolchain, so
// this module declares what it uses itself, and finds the library with dlopen. Each call here
// is a plain C function: libcurl's own curl_easy_setopt and curl_easy_getinfo are variadic,
// which Swift cannot call, and which a caller must call as variadic.
#ifndef LIBCURL_SHIM_H
#define LIBCURL_SHIM_H

#include <stddef.h>

/// What libcurl calls with received bytes (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION):
/// returns `size * count` to go on, anything else to stop the transfer.
typedef size_t (*lc_data_callback)(char *data, size_t size, size_t count, void *context);

/// What libcurl calls while a transfer runs, at least once a second (CURLOPT_XFERINFOFUNCTION):
/// returns 0 to go on, anything else to stop the transfer.
typedef int (*lc_progress_callback)(void *context, long long downloadTotal, long long downloaded,
                                    long long uploadTotal, long long uploaded);

/// Loads libcurl and initialises it, once for the process, whichever thread calls first.
/// Returns 0, or -1 with the reason in `reason`.
int lc_load(char *reason, size_t reasonSize);

/// A new transfer handle, or NULL.
void *lc_easy_init(void);
/// Ends a transfer handle.
void lc_easy_cleanup(void *handle);
/// Sets an option whose value is a long. Returns libcurl's code.
int lc_setopt_long(void *handle, int option, long value);
/// Sets an option whose value is a pointer (a string, a list, a context). Returns libcurl's code.
int lc_setopt_pointer(void *handle, int option, const void *value);
/// Sets an option whose value is a 64-bit size. Returns libcurl's code.
int lc_setopt_size(void *handle, int option, long long value);
/// Sets a data callback option. Returns libcurl's code.
int lc_setopt_callback(void *handle, int option, lc_data_callback callback);
/// Sets the progress callback option. Returns libcurl's code.
int lc_setopt_progress(void *handle, int option, lc_progress_callback callback);
/// Runs the transfer to its end. Returns libcurl's code.
int lc_easy_perform(void *handle);
/// Reads a long of the transfer's information. Returns libcurl's code.
int lc_getinfo_long(void *handle, int info, long *value);
/// Reads a string of the transfer's information (owned by the handle, or NULL). Returns libcurl's code.
int lc_getinfo_string(void *handle, int info, const char **value);
/// Reads a 64-bit size of the transfer's information. Returns libcurl's code.
int lc_getinfo_size(void *handle, int info, long long *value);
/// libcurl's words for a code.
const char *lc_easy_strerror(int code);
/// A list of strings with one more (a request header), or NULL when it cannot grow.
void *lc_slist_append(void *list, const char *text);
/// Frees a list of strings.
void lc_slist_free_all(void *list);

#endif
