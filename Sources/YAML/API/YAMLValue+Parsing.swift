extension YAMLValue {
  /// Parses text holding at most one YAML or JSON document with the standard limits.
  ///
  /// Throws a `DiagnosticError` located in `path`; `lineOffset` counts the file's lines before
  /// `text`, such as the opening `---` of front matter.
  public static func parse(_ text: String, path: String, lineOffset: Int = 0) throws -> YAMLValue {
    try YAMLParser().parse(text, path: path, lineOffset: lineOffset)
  }

  /// Parses UTF-8 bytes holding at most one YAML or JSON document with the standard limits.
  public static func parse(_ bytes: some Sequence<UInt8>, path: String, lineOffset: Int = 0) throws
    -> YAMLValue
  {
    try YAMLParser().parse(bytes, path: path, lineOffset: lineOffset)
  }

  /// Parses every document of a `---`-separated stream with the standard limits.
  public static func parseDocuments(_ text: String, path: String, lineOffset: Int = 0) throws -> [YAMLValue] {
    try YAMLParser().parseDocuments(text, path: path, lineOffset: lineOffset)
  }
}
