import Glibc

/// Which `Host` headers the preview answers, so that a page on another site cannot read it
/// through DNS rebinding.
///
/// A rebinding page is served from a name its attacker controls and then points that name at
/// 127.0.0.1; the browser still sends that name as `Host`. So the server answers only names
/// that cannot belong to someone else: `localhost`, a loopback address (`127.x.x.x`, `[::1]`,
/// `[::ffff:127.x.x.x]`), or the address given with `--host`, each with no port or the listening
/// port. When `--host` is a wildcard (`0.0.0.0`, `::`), the preview is meant to be reached at any
/// of the machine's addresses, so any address literal is answered: a page whose origin is an
/// address literal is this server itself, never a rebound name.
///
/// Not answered: subdomains of `localhost`. Chrome and Firefox resolve `*.localhost` to loopback
/// themselves, but other clients ask DNS, which the attacker may answer, and the preview never
/// prints such a name. Also not answered: `localhost.`, other spellings of addresses (`127.1`),
/// unbracketed IPv6, and a missing `Host` (every browser sends one; HTTP/1.1 requires it).
struct HostCheck: Sendable {
  /// An address in network byte order: 4 bytes for IPv4, 16 for IPv6.
  private typealias Address = [UInt8]

  /// The port the server listens on.
  let port: Int
  /// The address given with `--host`, when it is not `localhost`.
  private let configuredAddress: Address?

  /// The check for a server listening on `port`, started with `--host host`.
  init(host: String, port: Int) {
    self.port = port
    var literal = Substring(host)
    if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
    configuredAddress = Self.ipv4(literal) ?? Self.ipv6(literal)
  }

  /// Whether a request with `Host: host` (nil when absent) is for this server.
  func accepts(_ host: String?) -> Bool {
    guard let host, let (name, hostPort) = Self.split(host) else { return false }
    if let hostPort, hostPort != port { return false }
    if name.isEmpty { return false }
    let address: Address
    if name.first == "[" {
      guard let parsed = Self.ipv6(name.dropFirst().dropLast()) else { return false }
      address = parsed
    } else if let parsed = Self.ipv4(name) {
      address = parsed
    } else {
      return name.lowercased() == "localhost"
    }
    return Self.isLoopback(address) || address == configuredAddress
      || (configuredAddress.map { $0.allSatisfy { $0 == 0 } } ?? false)
  }

  /// `name` and the port of a `Host` value, or nil when the value is malformed: a port that is
  /// not all digits, or a colon outside brackets that does not start the port.
  private static func split(_ host: String) -> (name: Substring, port: Int?)? {
    let value = Substring(host)
    let nameEnd: Substring.Index
    if value.first == "[" {
      guard let close = value.firstIndex(of: "]") else { return nil }
      nameEnd = value.index(after: close)
    } else {
      nameEnd = value.firstIndex(of: ":") ?? value.endIndex
    }
    let rest = value[nameEnd...]
    guard !rest.isEmpty else { return (value[..<nameEnd], nil) }
    let digits = rest.dropFirst()
    guard rest.first == ":", !digits.isEmpty, digits.count <= 5,
      digits.allSatisfy({ ("0"..."9").contains($0) }),
      let port = Int(digits)
    else { return nil }
    return (value[..<nameEnd], port)
  }

  /// Whether `address` is 127.0.0.0/8, ::1 or IPv4-mapped 127.0.0.0/8.
  private static func isLoopback(_ address: Address) -> Bool {
    if address.count == 4 { return address[0] == 127 }
    let mappedPrefix: Address = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
    if address.starts(with: mappedPrefix) { return address[12] == 127 }
    return address == Array(repeating: 0, count: 15) + [1]
  }

  /// The IPv4 address `text` in dotted-quad form (no other spelling), or nil.
  private static func ipv4(_ text: Substring) -> Address? {
    var address = in_addr()
    guard inet_pton(AF_INET, String(text), &address) == 1 else { return nil }
    return withUnsafeBytes(of: &address) { Array($0) }
  }

  /// The IPv6 address `text`, without brackets, or nil.
  private static func ipv6(_ text: Substring) -> Address? {
    var address = in6_addr()
    guard inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
    return withUnsafeBytes(of: &address) { Array($0) }
  }
}
