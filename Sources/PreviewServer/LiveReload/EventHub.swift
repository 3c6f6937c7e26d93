import Synchronization

/// Every open live-reload stream, and the last error overlay so that late joiners see it too.
final class EventHub: Sendable {
  private struct State {
    var clients: [ObjectIdentifier: EventStreamClient] = [:]
    var currentError: ErrorOverlay?
    var isClosed = false
  }

  private let state = Mutex(State())
  private let greeting: [UInt8]

  /// Creates a hub whose streams start with `greeting`.
  init(greeting: [UInt8]) {
    self.greeting = greeting
  }

  /// A client for a new connection, already registered. After ``closeAll()`` the client only
  /// gets the greeting and then ends.
  func openStream(on connection: any SuspendableConnection) -> EventStreamClient {
    let (client, isClosed) = state.withLock { state in
      var greeting = greeting
      if let error = state.currentError {
        greeting += EventMessage.frame(for: .error(error))
      }
      let client = EventStreamClient(connection: connection, greeting: greeting)
      if !state.isClosed { state.clients[ObjectIdentifier(client)] = client }
      return (client, state.isClosed)
    }
    if isClosed { client.close() }
    return client
  }

  /// Forgets `client`; called when libmicrohttpd frees its response.
  func remove(_ client: EventStreamClient) {
    _ = state.withLock { $0.clients.removeValue(forKey: ObjectIdentifier(client)) }
  }

  /// Sends `event` to every stream, remembering or forgetting the overlay.
  func broadcast(_ event: ReloadEvent) {
    state.withLock { state in
      switch event {
      case .error(let overlay): state.currentError = overlay
      case .clear: state.currentError = nil
      case .reload, .css: break
      }
    }
    send(EventMessage.frame(for: event))
  }

  /// Sends a comment to every stream; this also makes libmicrohttpd notice closed sockets.
  func sendHeartbeat() {
    send(EventMessage.heartbeat)
  }

  /// The number of streams libmicrohttpd still holds.
  var count: Int {
    state.withLock { $0.clients.count }
  }

  /// Ends every stream and refuses new ones.
  func closeAll() {
    let clients = state.withLock { state in
      state.isClosed = true
      return Array(state.clients.values)
    }
    for client in clients { client.close() }
  }

  private func send(_ bytes: [UInt8]) {
    // Copy the list and send outside the hub lock: a send takes the client's lock and then
    // libmicrohttpd's, and the hub lock must never sit above those.
    // A client stays listed until libmicrohttpd frees its response, even when closed, so that
    // `count` tells shutdown how many connections are still in libmicrohttpd's hands.
    let clients = state.withLock { Array($0.clients.values) }
    for client in clients { client.send(bytes) }
  }
}
