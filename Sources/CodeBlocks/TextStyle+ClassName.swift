import SyntaxHighlighting

extension TextStyle {
  /// The class of a token of this style: Pandoc's short names (docs/CONTRACTS.md), nil for
  /// ``TextStyle/normal`` text, which gets no element.
  public var className: StaticString? {
    switch self {
    case .normal: nil
    case .keyword: "kw"
    case .function: "fu"
    case .variable: "va"
    case .controlFlow: "cf"
    case .operator: "op"
    case .builtIn: "bu"
    case .extension: "ex"
    case .preprocessor: "pp"
    case .attribute: "at"
    case .char: "ch"
    case .specialChar: "sc"
    case .string: "st"
    case .verbatimString: "vs"
    case .specialString: "ss"
    case .import: "im"
    case .dataType: "dt"
    case .decVal: "dv"
    case .baseN: "bn"
    case .float: "fl"
    case .constant: "cn"
    case .comment: "co"
    case .documentation: "do"
    case .annotation: "an"
    case .commentVar: "cv"
    case .regionMarker: "re"
    case .information: "in"
    case .warning: "wa"
    case .alert: "al"
    case .error: "er"
    case .others: "ot"
    }
  }
}
