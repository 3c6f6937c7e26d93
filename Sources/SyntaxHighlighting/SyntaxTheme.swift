/// A colour from a theme, without transparency.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Creates a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The colour of a Qt `QRgb` (`0xAARRGGBB`), or nil for 0 (no colour set).
  init?(rgb: UInt32) {
    guard rgb != 0 else { return nil }
    self.init(
      red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
      blue: UInt8(truncatingIfNeeded: rgb))
  }

  /// `#rrggbb`, lower case.
  public var description: String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    for component in [red, green, blue] {
      text.append(digits[Int(component >> 4)])
      text.append(digits[Int(component & 15)])
    }
    return text
  }
}

/// How a theme shows one text style.
public struct ThemeStyle: Hashable, Sendable {
  /// The text colour, or nil for the theme's normal text colour.
  public var textColor: ThemeColor?
  /// The background colour, or nil for the code background.
  public var backgroundColor: ThemeColor?
  /// Bold text.
  public var isBold: Bool
  /// Italic text.
  public var isItalic: Bool
  /// Underlined text.
  public var isUnderline: Bool
  /// Struck-through text.
  public var isStrikeThrough: Bool

  /// Creates a style.
  public init(
    textColor: ThemeColor?, backgroundColor: ThemeColor? = nil, isBold: Bool = false, isItalic: Bool = false,
    isUnderline: Bool = false, isStrikeThrough: Bool = false
  ) {
    self.textColor = textColor
    self.backgroundColor = backgroundColor
    self.isBold = isBold
    self.isItalic = isItalic
    self.isUnderline = isUnderline
    self.isStrikeThrough = isStrikeThrough
  }
}

/// A colour theme the library ships (`GitHub Light`, `Breeze Dark`, …), as values.
public struct SyntaxTheme: Hashable, Sendable {
  /// The theme's name.
  public var name: String
  /// The editor background: the code block's background.
  public var background: ThemeColor?
  /// The colour of line numbers.
  public var lineNumbers: ThemeColor?
  /// The background of the current line, used for marked lines.
  public var currentLine: ThemeColor?
  /// Every text style, `TextStyle.allCases.count` of them, in `TextStyle` order.
  public var styles: [ThemeStyle]

  /// Creates a theme.
  public init(
    name: String, background: ThemeColor?, lineNumbers: ThemeColor?, currentLine: ThemeColor?,
    styles: [ThemeStyle]
  ) {
    precondition(styles.count == TextStyle.allCases.count, "a theme has a style for each text style")
    self.name = name
    self.background = background
    self.lineNumbers = lineNumbers
    self.currentLine = currentLine
    self.styles = styles
  }

  /// How the theme shows `style`.
  public subscript(style: TextStyle) -> ThemeStyle { styles[Int(style.rawValue)] }
}
