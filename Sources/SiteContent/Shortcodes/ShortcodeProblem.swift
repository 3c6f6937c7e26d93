import Diagnostics

/// What Folio could not render of a Hugo shortcode or a Liquid tag: each a warning at the tag,
/// worded here and nowhere else. The tag never reaches the page as text.
package enum ShortcodeProblem: Equatable, Sendable {
  /// A shortcode neither built in nor in `Templates/shortcodes/`.
  case unknownShortcode(String)
  /// `{{< name` (or `{%`, `{{`) without its end before the next tag.
  case unclosedTag(String)
  /// A closing tag (`{{< /name >}}`, `{% endraw %}`, as written) with no opening one open.
  case closesNothing(String)
  /// A paired shortcode (`highlight`, `details`) whose closing tag never comes.
  case neverClosed(String)
  /// Shortcodes inside more than ``ShortcodeExpander/maximumDepth`` others.
  case tooDeep(Int)
  /// A built-in shortcode without the argument it needs.
  case missingArgument(shortcode: String, argument: String)
  /// `{{< param name >}}` naming no front matter field.
  case unknownParameter(String)
  /// `details` written inside a line, where a `:::details` block cannot start.
  case blockInsideLine(String)
  /// Options of `highlight` that Folio's code blocks do not have.
  case ignoredOptions(shortcode: String, options: String)
  /// A Liquid tag Folio does not run.
  case unknownLiquidTag(String)
  /// A Liquid output (`{{ page.title }}`) Folio does not evaluate.
  case unknownLiquidOutput(String)
  /// A shortcode partial that failed to render (its template's error).
  case partialFailed(name: String, reason: String)
  /// Docsy's `readfile`: a page does not read other files into itself.
  case fileNotRead
  /// Docsy's `imgproc`: Folio does not resize or crop images.
  case imageNotProcessed

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .unknownShortcode(let name): "unknown shortcode '\(name)'; its tags are left out"
    case .unclosedTag(let start): "'\(start)' opens a tag that never ends; left out"
    case .closesNothing(let tag): "'\(tag)' closes nothing that is open; left out"
    case .neverClosed(let name): "the '\(name)' shortcode is never closed; left out"
    case .tooDeep(let limit): "shortcodes nested more than \(limit) deep; the tags deeper in are left out"
    case .missingArgument(let shortcode, let argument):
      "the '\(shortcode)' shortcode needs '\(argument)'; left out"
    case .unknownParameter(let name):
      "'param \(name)': neither the page's front matter nor folio.yaml's params has '\(name)'"
    case .blockInsideLine(let name): "the '\(name)' shortcode must stand on lines of its own; left out"
    case .ignoredOptions(let shortcode, let options):
      "'\(shortcode)' options '\(options)' are not supported; ignored"
    case .unknownLiquidTag(let tag): "Liquid tag '{% \(tag) %}' is not run by Folio; left out"
    case .unknownLiquidOutput(let expression):
      "Liquid output '{{ \(expression) }}' is not evaluated by Folio; left out"
    case .partialFailed(let name, let reason): "shortcode '\(name)' failed to render: \(reason)"
    case .fileNotRead:
      "the 'readfile' shortcode is not run: Folio does not read another file into a page; left out"
    case .imageNotProcessed:
      "the 'imgproc' shortcode is not run: Folio does not resize or crop images; its caption is kept"
    }
  }

  /// How to fix it.
  var hint: String {
    switch self {
    case .unknownShortcode(let name):
      "write a Mustache partial at Templates/shortcodes/\(name).mustache (see /docs/shortcodes/); its inner Markdown is kept"
    case .unclosedTag: "end it with '>}}', '%}}' or '%}', or write it in a code span to show it"
    case .closesNothing: "remove it, or add the opening tag before it"
    case .neverClosed(let name):
      "add its closing tag ('{{< /\(name) >}}', or '{% end\(name) %}' in Liquid) where it ends"
    case .tooDeep: "nest fewer shortcodes inside one another"
    case .missingArgument(let shortcode, let argument):
      "write it as {{< \(shortcode) \(argument)=\"…\" >}}"
    case .unknownParameter(let name):
      "add '\(name):' to the page's front matter or to folio.yaml's 'params:', or remove the shortcode"
    case .blockInsideLine: "put the opening and closing tags on lines of their own"
    case .ignoredOptions(let shortcode, _) where shortcode == "highlight":
      "Folio's code blocks take linenos, linenostart and hl_lines; see /docs/markdown/#code-blocks"
    case .ignoredOptions(let shortcode, _):
      "remove them, or write a partial at Templates/shortcodes/\(shortcode).mustache that uses them"
    case .unknownLiquidTag, .unknownLiquidOutput:
      "replace it with Markdown, or with a shortcode partial in Templates/shortcodes/ (see /docs/shortcodes/)"
    case .partialFailed(let name, _): "fix Templates/shortcodes/\(name).mustache"
    case .fileNotRead:
      "copy the file's text into the page (in a code block for code), or link to the file"
    case .imageNotProcessed: "write the image as ![alt](name.jpg =400x) with the size it should show at"
    }
  }

  /// The warning at `location`.
  package func diagnostic(at location: SourceLocation) -> Diagnostic {
    .warning(message, at: location, hint: hint)
  }
}
