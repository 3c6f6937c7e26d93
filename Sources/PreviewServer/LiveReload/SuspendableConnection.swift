/// A connection that can be parked and woken; libmicrohttpd's, or a fake in tests.
protocol SuspendableConnection: Sendable {
  /// Stops polling the connection. Called only from the content reader callback.
  func suspend()
  /// Polls the connection again. Safe from any thread.
  func resume()
}
