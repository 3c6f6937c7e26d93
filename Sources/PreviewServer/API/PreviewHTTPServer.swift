import Glibc
import Synchronization

/// The HTTP side of `folio serve`: serves a built site from an ``OutputStore`` over
/// libmicrohttpd and pushes ``ReloadEvent``s to browsers over Server-Sent Events.
///
/// The server starts listening in its initializer and keeps running until ``stop()``. It knows
/// nothing about how the site is built; the caller replaces the store's contents and calls
/// ``broadcast(_:)``.
///
/// ```swift
/// let store = InMemoryStore(files: ["index.html": Array("<h1>Hi</h1>".utf8)])
/// let server = try PreviewHTTPServer(serving: store)
/// print("Serving at \(server.url)")
/// store.replaceContents(with: newFiles)
/// server.broadcast(.reload(paths: ["/"]))
/// server.stop()
/// ```
public final class PreviewHTTPServer: Sendable {
  /// The port the server listens on.
  public let port: Int
  /// The address to open in a browser, such as `http://localhost:1313/`, with the base path
  /// (`http://localhost:1313/project/`).
  public let url: String
  /// Every address the server listens on, as `host:port` (IPv6 in brackets).
  public let listeningAddresses: [String]
  /// Whether every listening address is a loopback address, unreachable from other machines.
  public let isLoopbackOnly: Bool

  private let hub: EventHub
  private let daemon: HTTPDaemon
  private let heartbeat: Heartbeat
  private let isStopped = Mutex(false)

  /// Starts serving `store` as `configuration` says.
  public init(serving store: any OutputStore, configuration: ServerConfiguration = .init())
    throws(ServerError)
  {
    guard let addresses = BindAddress.addresses(forHost: configuration.host) else {
      throw ServerError(.invalidHost(configuration.host))
    }
    let listeners = try ListenerSet.open(addresses, port: configuration.port)
    hub = EventHub(
      greeting: EventMessage.greeting(buildID: configuration.buildID, retry: configuration.reconnectDelay))
    // `localhost` reaches whichever loopback the browser prefers; both are bound when present.
    let authority =
      configuration.host == "localhost"
      ? "localhost:\(listeners.port)" : listeners.addresses[0].authority(port: listeners.port)
    let basePath = Responder.basePathSegments(configuration.basePath)
    let url = "http://\(authority)/" + basePath.map { RequestTarget.percentEncoded($0) + "/" }.joined()
    let responder = Responder(
      store: store, injectsLiveReload: configuration.injectsLiveReload,
      contentSecurityPolicy: configuration.contentSecurityPolicy,
      hostCheck: HostCheck(host: configuration.host, port: listeners.port), url: url, basePath: basePath)
    do {
      daemon = try HTTPDaemon(
        listeners: listeners.descriptors, context: DaemonContext(responder: responder, hub: hub),
        tuning: HTTPDaemon.Tuning(
          threads: configuration.threads, connectionLimit: configuration.connectionLimit,
          idleTimeout: configuration.idleTimeout))
    } catch {
      throw ServerError(.cannotStart(error.description))
    }
    do {
      heartbeat = try Heartbeat(interval: configuration.heartbeatInterval) { [hub] in hub.sendHeartbeat() }
    } catch {
      daemon.stop()
      throw ServerError(.cannotStart(error.description))
    }
    port = listeners.port
    listeningAddresses = listeners.addresses.map { $0.authority(port: listeners.port) }
    isLoopbackOnly = listeners.addresses.allSatisfy(\.isLoopback)
    self.url = url
  }

  deinit {
    stop()
  }

  /// Sends `event` to every connected browser.
  public func broadcast(_ event: ReloadEvent) {
    hub.broadcast(event)
  }

  /// How many live-reload streams are open.
  public var liveReloadClientCount: Int {
    hub.count
  }

  /// Ends every live-reload stream, stops listening and waits for the server's threads to exit.
  /// Calling it again does nothing.
  public func stop() {
    let wasStopped = isStopped.withLock { stopped in
      defer { stopped = true }
      return stopped
    }
    guard !wasStopped else { return }
    heartbeat.stop()
    hub.closeAll()
    // libmicrohttpd must not be stopped while a stream is suspended. Closed streams resume at
    // once and finish within a poll cycle; the bound only matters if a client stalls.
    var waited = 0
    while hub.count > 0 && waited < 2000 {
      usleep(1000)
      waited += 1
    }
    daemon.stop()
  }
}
