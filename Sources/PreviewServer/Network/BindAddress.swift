import Glibc

/// One numeric address to listen on.
struct BindAddress: Sendable, Hashable {
  /// The address family.
  enum Family: Sendable, Hashable {
    case ipv4
    case ipv6
  }

  /// The address in text form, as `inet_ntop` writes it.
  var text: String
  /// The family.
  var family: Family
  /// Whether failing to bind it (because the machine has no IPv6 loopback, say) is fine.
  var isOptional = false

  /// `text:port`, with brackets around IPv6 addresses.
  func authority(port: Int) -> String {
    family == .ipv6 ? "[\(text)]:\(port)" : "\(text):\(port)"
  }

  /// The addresses for a host as the user wrote it: `localhost` means both loopbacks (IPv6 only
  /// when the machine has it); anything else must be a numeric IPv4 or IPv6 address, brackets
  /// allowed. Host names are refused: resolving them could bind somewhere surprising.
  static func addresses(forHost host: String) -> [BindAddress]? {
    if host == "localhost" {
      return [
        BindAddress(text: "127.0.0.1", family: .ipv4),
        BindAddress(text: "::1", family: .ipv6, isOptional: true),
      ]
    }
    var literal = Substring(host)
    if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
    var ipv4 = in_addr()
    if inet_pton(AF_INET, String(literal), &ipv4) == 1 {
      return [BindAddress(text: String(literal), family: .ipv4)]
    }
    var ipv6 = in6_addr()
    if inet_pton(AF_INET6, String(literal), &ipv6) == 1 {
      return [BindAddress(text: String(literal), family: .ipv6)]
    }
    return nil
  }

  /// Whether the address is a loopback address, reachable only from this machine.
  var isLoopback: Bool {
    switch family {
    case .ipv4: text.hasPrefix("127.")
    case .ipv6: text == "::1"
    }
  }
}
