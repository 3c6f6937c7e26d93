import Dispatch
import Foundation

/// Stops the server on SIGINT and SIGTERM by ending the watch loop, so the command returns
/// normally: the server's threads are joined and nothing is left half-written.
final class ShutdownSignals {
  private let sources: [any DispatchSourceSignal]

  init(_ stop: @escaping @Sendable () -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler(handler: stop)
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  func cancel() {
    for source in sources { source.cancel() }
  }
}
