import Synchronization

/// Lends ``SyntaxHighlighter``s to threads, one thread at a time each: how pages rendered in
/// parallel share KSyntaxHighlighting, whose repositories are not thread-safe.
///
/// A thread that asks while every highlighter is lent out gets a new one, so the pool grows to
/// the most threads that highlighted at once (the cores, in a build) and never shrinks. Each
/// repository reads a definition the first time it highlights with it, so a build reads each
/// language once per core. The definitions and themes are listed once, from the first one.
public final class SyntaxHighlighterPool: Sendable {
  /// The pool a process's site builds share.
  public static let shared = SyntaxHighlighterPool()

  private let idle = Mutex<[SyntaxHighlighter]>([])
  private let catalogue = Mutex<Catalogue?>(nil)

  /// Creates an empty pool.
  public init() {}

  /// What the library has: its definitions and theme names.
  public struct Catalogue: Sendable {
    /// Every definition, hidden ones included.
    public var definitions: [SyntaxDefinition]
    /// Every theme name.
    public var themeNames: [String]
  }

  /// Runs `body` with a highlighter no other thread is using, and takes it back.
  public func withHighlighter<Result>(_ body: (SyntaxHighlighter) throws -> Result) rethrows -> Result {
    let highlighter = idle.withLock { $0.popLast() } ?? SyntaxHighlighter()
    defer { idle.withLock { $0.append(highlighter) } }
    return try body(highlighter)
  }

  /// The definitions and theme names, listed the first time they are asked for.
  public var contents: Catalogue {
    if let known = catalogue.withLock({ $0 }) { return known }
    let listed = withHighlighter { Catalogue(definitions: $0.definitions(), themeNames: $0.themeNames()) }
    catalogue.withLock { $0 = listed }
    return listed
  }

  /// The theme named `name`, or nil.
  public func theme(named name: String) -> SyntaxTheme? {
    withHighlighter { $0.theme(named: name) }
  }
}
