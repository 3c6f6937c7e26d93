// libcurl's easy and multi interfaces, read only by the ExternalLinks target (its Curl/ folder).
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: these fixed-arity wrappers pass one typed argument each.
#include <curl/curl.h>

static inline CURLcode folio_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode folio_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode folio_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode folio_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

// The outcome of a finished transfer (a member of an anonymous union in CURLMsg).
static inline CURLcode folio_curl_message_result(const CURLMsg *message) {
  return message->data.result;
}

// A write callback that takes no body bytes: a GET stops at its first body byte with
// CURLE_WRITE_ERROR once the status line and headers are in, so a link check never downloads
// a page.
static size_t folio_curl_refuse_body(char *data, size_t size, size_t count, void *context) {
  (void)data;
  (void)size;
  (void)count;
  (void)context;
  return 0;
}

static inline CURLcode folio_curl_refuse_bodies(CURL *handle) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, folio_curl_refuse_body);
}
