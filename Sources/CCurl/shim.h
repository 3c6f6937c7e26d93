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

// Addresses a check of untrusted links does not connect to unless the site allows it: a link
// is a request made from inside the network the check runs in (a CI runner's cloud metadata at
// 169.254.169.254, services on 10.0.0.0/8). Checked on the address libcurl is about to connect
// to, after DNS, so a public name that resolves to a private address is caught too, and on
// every hop of a redirect (each is a transfer of its own).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct {
  // Set when a connection was refused; `address` then holds the address, as text.
  int refused;
  char address[INET6_ADDRSTRLEN];
} folio_curl_guard;

static inline int folio_is_private_ipv4(uint32_t host) {
  uint32_t a = host >> 24, b = (host >> 16) & 0xFF;
  return a == 0 || a == 10 || a == 127 || (a == 100 && b >= 64 && b < 128) || (a == 169 && b == 254) ||
         (a == 172 && b >= 16 && b < 32) || (a == 192 && b == 168) || (a == 198 && (b == 18 || b == 19)) ||
         a >= 224;
}

// Loopback, unspecified, private (RFC 1918, unique local fc00::/7), shared (100.64.0.0/10),
// link-local, benchmarking, multicast and reserved addresses, and IPv4 ones mapped into IPv6.
static inline int folio_is_private_address(const struct sockaddr *address) {
  if (address->sa_family == AF_INET) {
    return folio_is_private_ipv4(ntohl(((const struct sockaddr_in *)address)->sin_addr.s_addr));
  }
  if (address->sa_family != AF_INET6) return 1;
  const unsigned char *bytes = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
  static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
  if (memcmp(bytes, mapped, 12) == 0) {
    return folio_is_private_ipv4(((uint32_t)bytes[12] << 24) | ((uint32_t)bytes[13] << 16) |
                                 ((uint32_t)bytes[14] << 8) | bytes[15]);
  }
  int zeros = 1;
  for (int i = 0; i < 15; i++) zeros &= bytes[i] == 0;
  if (zeros && (bytes[15] == 0 || bytes[15] == 1)) return 1;  // :: and ::1
  return (bytes[0] & 0xFE) == 0xFC || (bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80) || bytes[0] == 0xFF;
}

static curl_socket_t folio_curl_open_public_socket(void *context, curlsocktype purpose,
                                                   struct curl_sockaddr *address) {
  folio_curl_guard *guard = (folio_curl_guard *)context;
  if (purpose == CURLSOCKTYPE_IPCXN && folio_is_private_address(&address->addr)) {
    guard->refused = 1;
    const void *raw = address->family == AF_INET6 ? (const void *)&((struct sockaddr_in6 *)&address->addr)->sin6_addr
                                                  : (const void *)&((struct sockaddr_in *)&address->addr)->sin_addr;
    if (!inet_ntop(address->family, raw, guard->address, sizeof guard->address)) guard->address[0] = 0;
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

// Refuses connections to private addresses for `handle`, recording the refusal in `guard`
// (memory the caller owns, which must outlive the transfer).
static inline CURLcode folio_curl_refuse_private_addresses(CURL *handle, folio_curl_guard *guard) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, folio_curl_open_public_socket);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)guard);
}
