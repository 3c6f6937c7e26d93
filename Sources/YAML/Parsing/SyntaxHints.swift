/// Advice for libyaml's syntax errors, chosen from its problem text and the character it stopped at.
enum SyntaxHints {
  static func hint(problem: String, context: String?, character: UInt8?, lineStartsWithTab: Bool) -> String? {
    if character == UInt8(ascii: "\t") || problem.contains("tab character") || lineStartsWithTab {
      return "YAML does not allow tabs for indentation; indent with spaces"
    }
    switch problem {
    case "mapping values are not allowed in this context":
      return
        "if the value contains ': ', put the whole value in quotes; otherwise check this line's indentation"
    case "did not find expected key":
      return "check the indentation: the keys of one mapping must start in the same column"
    case "did not find expected '-' indicator":
      return "check the indentation: the items of one sequence must start in the same column"
    case "found unknown escape character", "did not find expected hexdecimal number":
      return
        "in double quotes a backslash starts an escape; write '\\\\' for a backslash, or use single quotes"
    case "found invalid Unicode character escape code":
      return "\\uD800 to \\uDFFF are only valid as a high surrogate followed by a low one"
    case "found character that cannot start any token"
    where character == UInt8(ascii: "@") || character == UInt8(ascii: "`"):
      return "'@' and '`' are reserved in YAML; put the value in quotes"
    case "did not find expected ',' or ']'":
      return "a '[' sequence must be closed with ']', with ',' between its items"
    case "did not find expected ',' or '}'":
      return "a '{' mapping must be closed with '}', with ',' between its pairs"
    case "could not find expected ':'":
      return "a key must be followed by ': '; check for an unclosed quote above"
    default:
      return nil
    }
  }
}
