/// A store could not be opened.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The root does not exist or is not a folder.
    case notADirectory
  }

  /// The path as the caller gave it.
  public var path: String
  /// What went wrong.
  public var reason: Reason

  /// A one-line message naming the path.
  public var description: String {
    switch reason {
    case .notADirectory: "\(path): not a folder"
    }
  }
}
