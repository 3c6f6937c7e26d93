/// The server could not start.
public struct ServerError: Error, Sendable, CustomStringConvertible {
  enum Reason: Sendable, Hashable {
    case invalidHost(String)
    case invalidPort(Int)
    case portInUse(Int)
    case noFreePort(first: Int, count: Int)
    case cannotListen(String, String)
    case cannotStart(String)
  }

  let reason: Reason

  init(_ reason: Reason) {
    self.reason = reason
  }

  /// Whether the requested port was taken, so the caller can suggest another.
  public var isPortInUse: Bool {
    if case .portInUse = reason { return true }
    return false
  }

  /// One sentence saying what failed.
  public var description: String {
    switch reason {
    case .invalidHost(let host):
      "cannot listen on '\(host)': use 'localhost' or a numeric IPv4 or IPv6 address"
    case .invalidPort(let port):
      "port \(port) is out of range (1-65535)"
    case .portInUse(let port):
      "port \(port) is already in use"
    case .noFreePort(let first, let count):
      first == 0
        ? "could not find a free port" : "no free port between \(first) and \(first + count - 1)"
    case .cannotListen(let address, let detail):
      "cannot listen on \(address): \(detail)"
    case .cannotStart(let detail):
      "cannot start the HTTP server: \(detail)"
    }
  }
}
