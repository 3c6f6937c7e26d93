import Glibc

/// Opening listening sockets ourselves, rather than letting libmicrohttpd do it, lets the server
/// bind IPv4 and IPv6 loopback to the same port and tell "port in use" from other failures.
enum ListeningSocket {
  /// How many connections may wait to be accepted; load tests open 64 at once.
  static let backlog: Int32 = 1024

  /// A socket bound to `address` and `port` (0 picks a free one) and listening, non-blocking.
  static func open(_ address: BindAddress, port: Int) throws(SystemCallError) -> Int32 {
    let domain = address.family == .ipv4 ? AF_INET : AF_INET6
    let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw .current("socket") }
    do throws(SystemCallError) {
      var yes: Int32 = 1
      // SO_REUSEADDR lets a restarted server take its port back from TIME_WAIT sockets; on
      // Linux it does not let two live servers share a port.
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      if address.family == .ipv6 {
        setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
      }
      try bind(descriptor, to: address, port: port)
      guard listen(descriptor, backlog) == 0 else { throw SystemCallError.current("listen") }
      let flags = fcntl(descriptor, F_GETFL)
      guard fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
        throw SystemCallError.current("fcntl")
      }
      return descriptor
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// The port a bound socket listens on.
  static func port(of descriptor: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard result == 0 else { return 0 }
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port)) }
    case AF_INET6:
      return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port)) }
    default:
      return 0
    }
  }

  private static func bind(_ descriptor: Int32, to address: BindAddress, port: Int) throws(SystemCallError) {
    let networkPort = UInt16(clamping: port).bigEndian
    let result: Int32
    switch address.family {
    case .ipv4:
      var socketAddress = sockaddr_in()
      socketAddress.sin_family = sa_family_t(AF_INET)
      socketAddress.sin_port = networkPort
      inet_pton(AF_INET, address.text, &socketAddress.sin_addr)
      result = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    case .ipv6:
      var socketAddress = sockaddr_in6()
      socketAddress.sin6_family = sa_family_t(AF_INET6)
      socketAddress.sin6_port = networkPort
      inet_pton(AF_INET6, address.text, &socketAddress.sin6_addr)
      result = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard result == 0 else { throw .current("bind") }
  }
}
