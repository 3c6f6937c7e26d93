/// One tag of another generator's template syntax found in a page's Markdown: a Hugo shortcode
/// (`{{< name args >}}`, `{{% name args %}}`, `{{< /name >}}`) or a Liquid tag (`{% name args %}`)
/// or output (`{{ expression }}`).
struct ShortcodeTag {
  /// How the tag is written.
  enum Form: Equatable {
    /// `{{< … >}}`: Hugo passes the inner text as it is and writes the output as HTML.
    case angle
    /// `{{% … %}}`: Hugo reads the inner text as Markdown.
    case percent
    /// `{% … %}`: a Liquid tag.
    case liquidTag
    /// `{{ … }}`: a Liquid output.
    case liquidOutput
  }

  /// One argument: `key="value"` (named) or `"value"` and bare words (positional).
  struct Argument: Equatable {
    var name: String?
    var value: String
  }

  var form: Form
  /// The tag's bytes in the page's Markdown.
  var range: Range<Int>
  /// The shortcode's or Liquid tag's name (`figure`, `blocks/cover`, `link`); for a Liquid
  /// output, the expression.
  var name: String
  /// `{{< /name >}}`.
  var isClosing = false
  /// `{{< name />}}`.
  var isSelfClosing = false
  /// `{{</* name */>}}`: Hugo writes it as `{{< name >}}`, for documentation about shortcodes.
  var isComment = false
  /// Inside a code span or block, where only comments and `{% raw %}` tags are read.
  var isInCode = false
  var arguments: [Argument] = []
  /// The tag as written between its delimiters, for messages and comments.
  var inside: String

  /// The named argument `name`, else the positional one at `position`.
  func argument(_ name: String, at position: Int? = nil) -> String? {
    if let named = arguments.first(where: { $0.name == name }) { return named.value }
    guard let position else { return nil }
    let positional = arguments.filter { $0.name == nil }
    return position < positional.count ? positional[position].value : nil
  }

  /// Whether the tag is Hugo's (not Liquid's).
  var isHugo: Bool { form == .angle || form == .percent }
}
