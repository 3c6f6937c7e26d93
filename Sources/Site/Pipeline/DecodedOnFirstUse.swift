import Synchronization

/// A value read from a file only when first asked for, then kept: the part of the build record
/// an up-to-date build never needs (the spare's 100,000 paths, each checked, were a tenth of
/// such a build at 100,000 pages) is not decoded for it.
final class DecodedOnFirstUse<Value: Sendable>: Sendable {
  private enum State {
    case decoded(Value)
    case encoded(@Sendable () -> Value)
  }

  private let state: Mutex<State>

  /// A value `decode` makes when first asked for (once: what it holds is let go then).
  init(decoding decode: @escaping @Sendable () -> Value) {
    state = Mutex(.encoded(decode))
  }

  /// A value already in hand.
  init(_ value: Value) {
    state = Mutex(.decoded(value))
  }

  /// The value, decoded now if it was not yet.
  var value: Value {
    state.withLock { state in
      switch state {
      case .decoded(let value): return value
      case .encoded(let decode):
        let value = decode()
        state = .decoded(value)
        return value
      }
    }
  }
}
