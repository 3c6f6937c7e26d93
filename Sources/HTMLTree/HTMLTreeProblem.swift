/// Why a fragment was not parsed: a limit of ``HTMLLimits`` was passed.
public struct HTMLTreeProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong; a new case is not a breaking change.
  enum Reason: Sendable, Hashable {
    case tooLong(bytes: Int, limit: Int)
    case tooDeep(limit: Int)
    case tooManyNodes(limit: Int)
  }

  let reason: Reason

  init(_ reason: Reason) {
    self.reason = reason
  }

  /// The input was longer than ``HTMLLimits/maxBytes``.
  public var isTooLong: Bool {
    if case .tooLong = reason { return true }
    return false
  }

  /// Elements nested deeper than ``HTMLLimits/maxDepth``.
  public var isTooDeep: Bool {
    if case .tooDeep = reason { return true }
    return false
  }

  /// The tree had more nodes than ``HTMLLimits/maxNodes``.
  public var isTooManyNodes: Bool {
    if case .tooManyNodes = reason { return true }
    return false
  }

  /// The limit that was passed.
  public var limit: Int {
    switch reason {
    case .tooLong(_, let limit), .tooDeep(let limit), .tooManyNodes(let limit): limit
    }
  }

  /// The problem as one sentence.
  public var description: String {
    switch reason {
    case .tooLong(let bytes, let limit):
      "the HTML is \(bytes) bytes long, more than the \(limit) bytes a page may have"
    case .tooDeep(let limit):
      "the HTML nests elements more than \(limit) deep"
    case .tooManyNodes(let limit):
      "the HTML has more than \(limit) elements, texts and comments"
    }
  }
}
