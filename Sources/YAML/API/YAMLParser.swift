/// Reads YAML 1.2 text (and JSON, which is YAML's flow syntax) into ``YAMLValue`` trees through libyaml.
///
/// Locations count lines from 1 and columns in UTF-8 bytes from 1. Every problem is thrown as a
/// `DiagnosticError` holding one error `Diagnostic` with the file, line and column.
public struct YAMLParser: Sendable {
  /// Bounds that keep hostile or broken documents from exhausting time, memory or the stack.
  public struct Limits: Sendable, Hashable {
    /// The deepest nesting of sequences and mappings, counting what aliases bring in.
    public var maximumDepth: Int
    /// How many nodes aliases may repeat in one parse, in total; this stops "billion laughs".
    public var maximumAliasExpansion: Int

    /// Creates limits.
    public init(maximumDepth: Int = 512, maximumAliasExpansion: Int = 100_000) {
      self.maximumDepth = maximumDepth
      self.maximumAliasExpansion = maximumAliasExpansion
    }

    /// 512 levels and 100,000 aliased nodes: far above real configuration and data files.
    public static let standard = Limits()
  }

  /// The bounds this parser enforces.
  public var limits: Limits
  /// Whether a tag other than YAML's own (`!!python/name:…` in an MkDocs configuration) is
  /// read as if it were not there, instead of being an error. Configuration written for another
  /// program carries its tags; Folio's own files never need one.
  public var ignoresApplicationTags = false

  /// Creates a parser with `limits`.
  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// Parses text that must hold at most one document; an empty text is `null`.
  ///
  /// - Parameters:
  ///   - text: The YAML or JSON text.
  ///   - path: The file's path as diagnostics should show it.
  ///   - lineOffset: Lines in the file before `text` (1 for front matter after a `---` line).
  public func parse(_ text: String, path: String, lineOffset: Int = 0) throws -> YAMLValue {
    try parse(Array(text.utf8), path: path, lineOffset: lineOffset)
  }

  /// Parses UTF-8 bytes (`[UInt8]`, `Data`, …) that must hold at most one document.
  public func parse(_ bytes: some Sequence<UInt8>, path: String, lineOffset: Int = 0) throws -> YAMLValue {
    let loader = DocumentLoader(
      limits: limits, path: path, lineOffset: lineOffset, ignoresApplicationTags: ignoresApplicationTags)
    return try loader.load(Array(bytes), singleDocument: true)[0]
  }

  /// Parses every document of a `---`-separated stream; an empty text has none.
  public func parseDocuments(_ text: String, path: String, lineOffset: Int = 0) throws -> [YAMLValue] {
    try parseDocuments(Array(text.utf8), path: path, lineOffset: lineOffset)
  }

  /// Parses every document of a stream of UTF-8 bytes.
  public func parseDocuments(_ bytes: some Sequence<UInt8>, path: String, lineOffset: Int = 0) throws
    -> [YAMLValue]
  {
    let loader = DocumentLoader(
      limits: limits, path: path, lineOffset: lineOffset, ignoresApplicationTags: ignoresApplicationTags)
    return try loader.load(Array(bytes), singleDocument: false)
  }
}
