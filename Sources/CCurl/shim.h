// libcurl's easy and multi interfaces, read only by the ExternalLinks target (its Curl/ folder).
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: these fixed-arity wrappers pass one typed argument each.
#include <curl/curl.h>
#include <string.h>

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

// The first bytes of a body, for the title of a page a link card shows: `capacity` bytes at
// most are kept in `bytes` (memory the caller owns), then the transfer stops as a refused body
// does, with CURLE_WRITE_ERROR once the headers are in.
typedef struct {
  char *bytes;
  size_t length;
  size_t capacity;
} folio_curl_body;

static size_t folio_curl_collect_body(char *data, size_t size, size_t count, void *context) {
  folio_curl_body *body = (folio_curl_body *)context;
  size_t offered = size * count;
  size_t room = body->capacity - body->length;
  size_t taken = offered < room ? offered : room;
  memcpy(body->bytes + body->length, data, taken);
  body->length += taken;
  return taken == offered ? offered : 0;
}

static inline CURLcode folio_curl_collect_bodies(CURL *handle, folio_curl_body *body) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, folio_curl_collect_body);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_WRITEDATA, (void *)body);
}
