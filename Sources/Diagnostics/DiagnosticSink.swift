import Synchronization

/// Collects findings from any thread, so that parallel steps can report into one place.
public final class DiagnosticSink: Sendable {
  private let storage = Mutex<[Diagnostic]>([])

  /// Creates an empty sink.
  public init() {}

  /// Records a finding.
  public func report(_ diagnostic: Diagnostic) {
    storage.withLock { $0.append(diagnostic) }
  }

  /// Records several findings.
  public func report(contentsOf diagnostics: some Sequence<Diagnostic>) {
    storage.withLock { $0.append(contentsOf: diagnostics) }
  }

  /// Every finding so far, sorted by location so output is the same on every run.
  public var diagnostics: [Diagnostic] {
    storage.withLock { $0 }.sorted { lhs, rhs in
      switch (lhs.location, rhs.location) {
      case (let l?, let r?) where l != r: return l < r
      case (nil, _?): return true
      case (_?, nil): return false
      default: return lhs.message < rhs.message
      }
    }
  }

  /// Whether any finding is an error.
  public var hasErrors: Bool {
    storage.withLock { $0.contains { $0.severity == .error } }
  }
}
