import Foundation

/// How a ``PreviewHTTPServer`` listens and behaves.
public struct ServerConfiguration: Sendable {
  /// Where to listen: `localhost` (the default) binds 127.0.0.1 and, when the machine has it,
  /// ::1. Any other value must be a numeric address; binding beyond loopback exposes the
  /// preview to the network, so callers should warn before doing it.
  public var host: String = "localhost"
  /// The port, or nil for the first free port from 1313 on. 0 picks any free port.
  public var port: Int?
  /// The path the site is served under, starting and ending with `/`: the path of the site's
  /// `baseURL`, so a site published at `https://user.github.io/project/` previews at
  /// `http://localhost:1313/project/`. A request for `/` is redirected there; the server's own
  /// resources stay at `/_folio/`.
  public var basePath = "/"
  /// Whether HTML pages get the live-reload script and overlay stylesheet.
  public var injectsLiveReload = true
  /// How often open live-reload streams get a comment, so dead ones are noticed.
  public var heartbeatInterval: Duration = .seconds(15)
  /// How long browsers wait before reconnecting (the `retry:` hint).
  public var reconnectDelay: Duration = .seconds(1)
  /// Sent in the `hello` message; browsers reload once when it changes across a reconnect.
  public var buildID = UUID().uuidString
  /// Threads per listening address. Requests are short, and open streams use no thread.
  public var threads = 4
  /// Connections per listening address, live-reload streams included.
  public var connectionLimit = 1000
  /// Seconds before an idle keep-alive connection is closed.
  public var idleTimeout = 60
  /// The `Content-Security-Policy` on every response. The default allows only same-origin
  /// resources, which the live-reload script and overlay are, and images from https hosts too:
  /// the policy the default theme's pages carry in their `<meta>` (a browser enforces both, so
  /// a narrower header would hide in the preview what the published site shows), plus
  /// `frame-ancestors`, which only a header can set.
  public var contentSecurityPolicy =
    "default-src 'self'; connect-src 'self'; img-src 'self' https: data:; object-src 'none'; "
    + "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

  /// The defaults: loopback, the first free port from 1313, live reload on.
  public init() {}

  /// The defaults with `host`, `port` and `basePath` set.
  public init(host: String = "localhost", port: Int?, basePath: String = "/") {
    self.host = host
    self.port = port
    self.basePath = basePath
  }
}
