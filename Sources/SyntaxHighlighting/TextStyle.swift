/// The 31 default text styles of KSyntaxHighlighting (`Theme::TextStyle`, in its order): what a
/// token is, which a theme gives colours.
public enum TextStyle: UInt32, CaseIterable, Hashable, Sendable {
  /// Text that is nothing in particular.
  case normal
  /// A keyword, such as `let` or `class`.
  case keyword
  /// A function name, in a definition or a call.
  case function
  /// A variable name.
  case variable
  /// A control-flow keyword, such as `if`, `return` or `break`.
  case controlFlow
  /// An operator, such as `+` or `&&`.
  case `operator`
  /// A built-in name from the language's standard library.
  case builtIn
  /// A name from a well-known extension or library.
  case `extension`
  /// A preprocessor directive.
  case preprocessor
  /// An attribute, such as `@available` or `#[derive]`.
  case attribute
  /// A character literal.
  case char
  /// An escape inside a string or character, such as `\n`.
  case specialChar
  /// A string literal.
  case string
  /// A verbatim or raw string.
  case verbatimString
  /// A special string, such as a regular expression or a path.
  case specialString
  /// An import, include or use statement.
  case `import`
  /// A type name.
  case dataType
  /// A decimal number.
  case decVal
  /// A number in another base (hexadecimal, octal, binary).
  case baseN
  /// A floating-point number.
  case float
  /// A constant, such as `true` or `nil`.
  case constant
  /// A comment.
  case comment
  /// A documentation comment.
  case documentation
  /// An annotation in a comment, such as `@param`.
  case annotation
  /// A variable named in a comment, such as the name after `@param`.
  case commentVar
  /// A region marker, such as `// MARK:` or `#region`.
  case regionMarker
  /// An information note in a comment, such as `NOTE`.
  case information
  /// A warning in a comment, such as `FIXME`.
  case warning
  /// An alert in a comment, such as `TODO`.
  case alert
  /// Text the definition marks as an error.
  case error
  /// Anything else the definition styles.
  case others
}
