// Only what Swift cannot call itself: libmicrohttpd's variadic functions. No logic lives here.
#include "CMicroHTTPD.h"

struct MHD_Daemon *folio_mhd_start(unsigned int flags, int listen_fd,
                                   unsigned int thread_pool_size,
                                   unsigned int connection_limit,
                                   unsigned int connection_timeout,
                                   MHD_AccessHandlerCallback handler, void *handler_cls,
                                   folio_mhd_uri_log_callback uri_log, void *uri_log_cls,
                                   MHD_RequestCompletedCallback completed,
                                   void *completed_cls) {
  // Port 0 is ignored because MHD_OPTION_LISTEN_SOCKET hands over a bound socket.
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                          MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                          MHD_OPTION_END);
}
