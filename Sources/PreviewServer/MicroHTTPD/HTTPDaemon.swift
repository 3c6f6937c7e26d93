internal import CMicroHTTPD
import Glibc
import Synchronization

/// libmicrohttpd daemons, one per listening socket, sharing one context.
///
/// Each daemon runs an epoll loop on a small thread pool and parks idle live-reload streams with
/// MHD_suspend_connection, so a hundred open streams cost no threads.
final class HTTPDaemon: Sendable {
  /// How the daemons are tuned.
  struct Tuning: Sendable {
    /// Threads per daemon.
    var threads: Int
    /// Connections per daemon, open streams included.
    var connectionLimit: Int
    /// Seconds before an idle keep-alive connection is closed (suspended streams never time out).
    var idleTimeout: Int
  }

  private let daemons: Mutex<[OpaquePointer]>
  private let context: DaemonContext

  /// Starts a daemon on each socket in `listeners` (bound and listening). On success the daemons
  /// own the sockets; on failure every socket is closed.
  init(listeners: [Int32], context: DaemonContext, tuning: Tuning) throws(SystemCallError) {
    self.context = context
    let flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue
    let cls = Unmanaged.passUnretained(context).toOpaque()
    var started: [OpaquePointer] = []
    for (index, listener) in listeners.enumerated() {
      let daemon = folio_mhd_start(
        flags, listener, UInt32(max(1, tuning.threads)), UInt32(max(1, tuning.connectionLimit)),
        UInt32(max(0, tuning.idleTimeout)), Callbacks.handleRequest, cls, Callbacks.captureTarget,
        nil, Callbacks.requestCompleted, nil)
      guard let daemon else {
        for daemon in started { MHD_stop_daemon(daemon) }
        for remaining in listeners[index...] { close(remaining) }
        throw SystemCallError(call: "MHD_start_daemon", code: EINVAL)
      }
      started.append(daemon)
    }
    daemons = Mutex(started)
  }

  /// Stops every daemon and waits for its threads. Streams must have ended first: libmicrohttpd
  /// forbids stopping with suspended connections.
  func stop() {
    let running = daemons.withLock { daemons in
      defer { daemons = [] }
      return daemons
    }
    for daemon in running { MHD_stop_daemon(daemon) }
  }

  deinit {
    stop()
  }
}
