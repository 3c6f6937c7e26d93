import HTMLRendering

/// The hanging-indent list: semantic `<ul>`/`<ol>`/`<li>` with the glyph in its own element,
/// so the theme can hang continuation lines under the text whatever the glyph's width.
/// The markup is fixed in docs/CONTRACTS.md.
public enum BulletList {
  /// How a list looks.
  public struct Style: Hashable, Sendable {
    /// Glyphs per nesting level (level 1 first); deeper levels cycle through them again.
    public var bullets: [String]
    /// The gap between items, any CSS length, or nil for the theme's default.
    public var spacing: String?
    /// The language of the list's text when it differs from the page's (`lang` attribute).
    public var language: String?

    /// Creates a style.
    public init(bullets: [String] = ["•", "◦", "▪"], spacing: String? = nil, language: String? = nil) {
      self.bullets = bullets.isEmpty ? ["•"] : bullets
      self.spacing = spacing
      self.language = language
    }

    /// The glyph for nesting `level` (1-based); deeper levels start again from the first.
    public func bullet(atLevel level: Int) -> String {
      bullets[(max(level, 1) - 1) % bullets.count]
    }
  }

  static func open(
    ordered start: Int?, level: Int, style: Style, hasTasks: Bool, into writer: inout HTMLWriter
  ) {
    writer.newlineIfNeeded()
    writer.raw(start == nil ? "<ul" : "<ol")
    writer.raw(hasTasks ? " class=\"folio-list folio-tasks\"" : " class=\"folio-list\"")
    writer.raw(" data-level=\"")
    writer.number(level)
    writer.raw("\"")
    if let spacing = style.spacing {
      writer.raw(" data-spacing=\"")
      writer.text(spacing)
      writer.raw("\"")
    }
    if let language = style.language {
      writer.raw(" lang=\"")
      writer.text(language)
      writer.raw("\"")
    }
    if let start, start != 1 {
      writer.raw(" start=\"")
      writer.number(start)
      writer.raw("\"")
    }
    writer.raw(">\n")
  }

  static func openItem(marker: String, task: Bool?, identity: Int, into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    if let checked = task {
      writer.raw("<li class=\"folio-task\"><span class=\"folio-bullet\"><input type=\"checkbox\" disabled")
      if checked { writer.raw(" checked") }
      writer.raw(" aria-labelledby=\"task-")
      writer.number(identity)
      writer.raw("\"></span><div class=\"folio-item\" id=\"task-")
      writer.number(identity)
      writer.raw("\">")
    } else {
      writer.raw("<li><span class=\"folio-bullet\" aria-hidden=\"true\">")
      writer.text(marker)
      writer.raw("</span><div class=\"folio-item\">")
    }
  }

  static func closeItem(into writer: inout HTMLWriter) {
    writer.raw("</div></li>\n")
  }
}

extension BulletList.Style {
  /// This style with what a `<!-- list bullet=… lang=… spacing=… -->` directive sets: its
  /// bullet in place of the first level's, its language, its spacing; an empty value changes
  /// nothing.
  func applying(_ directive: ComponentDirectives.Marker) -> BulletList.Style {
    var style = self
    if let bullet = directive.attributes["bullet"], !bullet.isEmpty {
      style.bullets = [bullet] + bullets.dropFirst()
    }
    if let language = directive.attributes["lang"], !language.isEmpty { style.language = language }
    if let spacing = directive.attributes["spacing"], !spacing.isEmpty { style.spacing = spacing }
    return style
  }
}
