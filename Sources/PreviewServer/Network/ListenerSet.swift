import Glibc

/// The listening sockets of one server: every address of the host, all on the same port.
struct ListenerSet {
  /// The sockets, in the order of ``addresses``.
  var descriptors: [Int32]
  /// The addresses actually bound (an optional IPv6 loopback may be missing).
  var addresses: [BindAddress]
  /// The shared port.
  var port: Int

  /// The first port tried when the caller names none, as Hugo does.
  static let defaultFirstPort = 1313
  /// How many ports after the first are tried before giving up.
  static let portsToTry = 100

  /// Binds every address in `addresses` to `port`, or to the first port from `firstPort` on
  /// that is free on all of them when `port` is nil. Port 0 asks the system for any free port.
  static func open(_ addresses: [BindAddress], port: Int?, firstPort: Int = defaultFirstPort)
    throws(ServerError) -> ListenerSet
  {
    switch port {
    case nil:
      let last = min(65_535, firstPort + portsToTry - 1)
      for candidate in firstPort...last {
        if let set = try bind(addresses, port: candidate) { return set }
      }
      throw ServerError(.noFreePort(first: firstPort, count: last - firstPort + 1))
    case 0:
      // The system picks a port for the first address; another may hold it on the second.
      for _ in 0..<20 {
        if let set = try bind(addresses, port: 0) { return set }
      }
      throw ServerError(.noFreePort(first: 0, count: 20))
    case let port?:
      guard (1...65_535).contains(port) else { throw ServerError(.invalidPort(port)) }
      if let set = try bind(addresses, port: port) { return set }
      throw ServerError(.portInUse(port))
    }
  }

  /// The set, or nil when the port is taken on some address.
  private static func bind(_ addresses: [BindAddress], port: Int) throws(ServerError) -> ListenerSet? {
    var set = ListenerSet(descriptors: [], addresses: [], port: port)
    for address in addresses {
      do {
        let descriptor = try ListeningSocket.open(address, port: set.port)
        if set.port == 0 { set.port = ListeningSocket.port(of: descriptor) }
        set.descriptors.append(descriptor)
        set.addresses.append(address)
      } catch {
        if error.code == EADDRINUSE {
          set.close()
          return nil
        }
        if address.isOptional && [EADDRNOTAVAIL, EAFNOSUPPORT, EPROTONOSUPPORT].contains(error.code) {
          continue
        }
        set.close()
        throw ServerError(.cannotListen(address.authority(port: port), error.description))
      }
    }
    return set
  }

  /// Closes every socket (only needed when the daemons never took them over).
  func close() {
    for descriptor in descriptors { Glibc.close(descriptor) }
  }
}
