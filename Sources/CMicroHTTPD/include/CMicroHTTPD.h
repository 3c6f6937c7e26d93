// The C door to libmicrohttpd. Only PreviewServer/MicroHTTPD/ imports this module.
#ifndef FOLIO_CMICROHTTPD_H
#define FOLIO_CMICROHTTPD_H

// microhttpd.h expects these to be included first.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Signature of MHD_OPTION_URI_LOG_CALLBACK, which microhttpd.h does not name.
typedef void *(*folio_mhd_uri_log_callback)(void *cls, const char *uri,
                                            struct MHD_Connection *connection);

/// A fixed-arity wrapper around the variadic MHD_start_daemon, which Swift cannot call.
///
/// Starts a daemon on an already bound and listening socket with the given thread pool
/// size, connection limit and idle timeout (seconds), and the three callbacks Folio uses.
/// Returns NULL when libmicrohttpd refuses the configuration.
struct MHD_Daemon *folio_mhd_start(unsigned int flags, int listen_fd,
                                   unsigned int thread_pool_size,
                                   unsigned int connection_limit,
                                   unsigned int connection_timeout,
                                   MHD_AccessHandlerCallback handler, void *handler_cls,
                                   folio_mhd_uri_log_callback uri_log, void *uri_log_cls,
                                   MHD_RequestCompletedCallback completed,
                                   void *completed_cls);

#endif
