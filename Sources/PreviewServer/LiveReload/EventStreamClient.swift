import Synchronization

/// One browser's live-reload stream: the bytes waiting to be sent and whether libmicrohttpd is
/// parked waiting for more.
///
/// libmicrohttpd pulls bytes through ``read(into:)`` on its own threads. When nothing is pending
/// the client suspends its connection (no thread blocks, no busy loop) and ``send(_:)`` resumes
/// it. Both happen under one lock, so a resume can never overtake the suspend it answers.
final class EventStreamClient: Sendable {
  /// What ``read(into:)`` produced.
  enum ReadResult: Equatable {
    /// This many bytes were copied.
    case bytes(Int)
    /// Nothing to send yet; the connection was suspended until ``send(_:)``.
    case suspended
    /// The stream is over.
    case finished
  }

  private struct State {
    var pending: [UInt8]
    var connection: (any SuspendableConnection)?
    var isSuspended = false
    var isClosed = false
  }

  /// A client that has sent nothing yet and holds more than this is too slow; it is dropped
  /// rather than letting its backlog grow without bound.
  static let backlogLimit = 1 << 20

  private let state: Mutex<State>

  /// Creates a client for `connection` that will first send `greeting`.
  init(connection: any SuspendableConnection, greeting: [UInt8]) {
    state = Mutex(State(pending: greeting, connection: connection))
  }

  /// Queues `bytes` and wakes the connection if it is parked. Returns false once the client is
  /// closed.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      if state.pending.count + bytes.count > Self.backlogLimit {
        state.isClosed = true
      } else {
        state.pending.append(contentsOf: bytes)
      }
      Self.wake(&state)
      return !state.isClosed
    }
  }

  /// Ends the stream after whatever is already queued.
  func close() {
    state.withLock { state in
      state.isClosed = true
      Self.wake(&state)
    }
  }

  /// Copies pending bytes into `buffer`, or suspends the connection when there are none.
  /// Called by libmicrohttpd's content reader callback only.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    state.withLock { state in
      if !state.pending.isEmpty {
        let count = min(buffer.count, state.pending.count)
        state.pending.withUnsafeBytes { source in
          buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<count]))
        }
        state.pending.removeFirst(count)
        return .bytes(count)
      }
      guard !state.isClosed, let connection = state.connection else { return .finished }
      state.isSuspended = true
      connection.suspend()
      return .suspended
    }
  }

  /// Forgets the connection once libmicrohttpd is done with the response; after this the client
  /// never touches the connection again.
  func detach() {
    state.withLock { state in
      state.connection = nil
      state.isClosed = true
      state.isSuspended = false
    }
  }

  /// Whether libmicrohttpd still holds the response.
  var isAttached: Bool {
    state.withLock { $0.connection != nil }
  }

  private static func wake(_ state: inout State) {
    guard state.isSuspended else { return }
    state.isSuspended = false
    state.connection?.resume()
  }
}
