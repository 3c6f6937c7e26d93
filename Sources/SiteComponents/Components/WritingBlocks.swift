import Diagnostics
import HTMLRendering
import RichText
import SiteContent

/// The theme's markup for the blocks writers bring from Zenn, Qiita and GitHub: callouts
/// (`.folio-callout`, `role="note"`, a visible label in the page's language) and disclosures
/// (`<details class="folio-details">`); docs/CONTRACTS.md fixes it. ``FolioComponents`` wraps
/// each such block with it.
enum WritingBlocks {
  /// The words the blocks show, in one language.
  struct Words: Sendable {
    /// Each callout style's label.
    var callouts: [PresentationIntent.Callout.Style: String]
    /// The summary of a disclosure written without one.
    var details: String
    /// The caption of a Mermaid diagram's source.
    var mermaid: String
    /// The name of a group of content tabs, for screen readers.
    var tabs: String

    /// The words for `language`, from the one table of them (`Labels`); made once per
    /// language the table has, not once per page.
    init(language: String) {
      self = Labels.tableLanguage(of: language) == "ja" ? Self.japanese : Self.english
    }

    /// The words of a label table (a language's labels with its `i18n/<code>.yaml`).
    init(labels: [String: String]) {
      self.init(table: labels)
    }

    private static let english = Words(table: Labels.labels(in: "en"))
    private static let japanese = Words(table: Labels.labels(in: "ja"))

    private init(table: [String: String]) {
      var callouts: [PresentationIntent.Callout.Style: String] = [:]
      for style in PresentationIntent.Callout.Style.allCases {
        callouts[style] =
          table["callout" + style.rawValue.prefix(1).uppercased() + style.rawValue.dropFirst()] ?? ""
      }
      self.callouts = callouts
      details = table["details"] ?? ""
      mermaid = table["mermaid"] ?? ""
      tabs = table["tabs"] ?? ""
    }
  }

  /// Writes the opening of a callout, disclosure, tab group or tab (`group`: the tab's group's
  /// identity); false for any other kind.
  static func open(
    _ component: PresentationIntent.Component, group: Int? = nil, labels: Words, into writer: inout HTMLWriter
  ) -> Bool {
    switch component.kind {
    case .callout(let callout):
      writer.newlineIfNeeded()
      writer.raw("<div class=\"folio-callout folio-callout-")
      writer.raw(callout.style.rawValue)
      writer.raw("\" role=\"note\">\n")
      // An admonition's title replaces the label; `!!! note ""` has none.
      let label = callout.title ?? labels.callouts[callout.style] ?? ""
      if !label.isEmpty || callout.title == nil {
        writer.raw("<p class=\"folio-callout-label\">")
        writer.text(label)
        writer.raw("</p>\n")
      }
    case .disclosure(let disclosure):
      writer.newlineIfNeeded()
      writer.raw("<details class=\"folio-details")
      if let style = disclosure.style {
        writer.raw(" folio-details-")
        writer.raw(style.rawValue)
      }
      writer.raw(disclosure.isOpen ? "\" open>\n<summary>" : "\">\n<summary>")
      writer.text(disclosure.summary.isEmpty ? labels.details : disclosure.summary)
      writer.raw("</summary>\n<div class=\"folio-details-content\">\n")
    case .tabs:
      writer.newlineIfNeeded()
      // Every radio of the group is named by the group's name and its own label
      // (aria-labelledby, "Tabs Python"), so a screen reader says which control it belongs to;
      // the name is a hidden span, which aria-labelledby may point at.
      writer.raw("<div class=\"folio-tabs\">\n<span id=\"folio-tabs-\(component.identity)-name\" hidden>")
      writer.text(labels.tabs)
      writer.raw("</span>\n")
    case .tab(let label, let isSelected):
      // A radio button per tab and CSS only (the policy allows no script here): without the
      // stylesheet every panel shows under its label, in order, as sections.
      let id = "folio-tab-\(component.identity)"
      writer.newlineIfNeeded()
      writer.raw(
        "<input class=\"folio-tab-input\" type=\"radio\" name=\"folio-tabs-\(group ?? 0)\" id=\"\(id)\""
          + " aria-labelledby=\"folio-tabs-\(group ?? 0)-name \(id)-label\"")
      writer.raw(isSelected ? " checked>\n" : ">\n")
      writer.raw("<label class=\"folio-tab-label\" id=\"\(id)-label\" for=\"\(id)\">")
      writer.text(label)
      writer.raw("</label>\n<div class=\"folio-tab-panel\">\n")
    default:
      return false
    }
    return true
  }

  /// Writes a `mermaid` code block as Mermaid's own `<pre class="mermaid">` (which mermaid.js
  /// draws, when a site adds it), in a figure whose caption says what the text is.
  static func writeMermaid(_ block: HTMLBlockContext, labels: Words, into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    writer.raw("<figure class=\"folio-mermaid\">\n<figcaption>")
    writer.text(labels.mermaid)
    writer.raw("</figcaption>\n<pre class=\"mermaid\">")
    for run in block.runs { writer.text(bytes: run.utf8) }
    writer.raw("</pre>\n</figure>\n")
  }

  /// Writes the end of a block ``open(_:group:labels:into:)`` opened.
  static func close(_ kind: PresentationIntent.Kind, into writer: inout HTMLWriter) {
    writer.newlineIfNeeded()
    if case .disclosure = kind { writer.raw("</div>\n</details>\n") } else { writer.raw("</div>\n") }
  }

  /// A warning at the opening fence of each `:::` block without a closing fence.
  static func warnings(in text: AttributedText, path: String) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for record in text.blockRecords {
      let name: String
      switch record.kind {
      case .disclosure(let disclosure) where !disclosure.isClosed: name = "details"
      case .callout(let callout) where !callout.isClosed:
        name = callout.syntax == .qiitaNote ? "note" : "message"
      default: continue
      }
      warnings.append(UnclosedFence(name: name, at: record.span.start(in: path)).diagnostic)
    }
    return warnings
  }
}

/// A `:::` block whose closing fence is missing: the one place its warning is worded.
struct UnclosedFence {
  /// The block's name: `details`, `message`, `note`.
  var name: String
  /// Where its opening fence is.
  var location: SourceLocation

  init(name: String, at location: SourceLocation) {
    self.name = name
    self.location = location
  }

  /// `':::details' is not closed`, with what that means and how to close it.
  var diagnostic: Diagnostic {
    .warning(
      "':::\(name)' is not closed: it runs to the end of the block around it (or of the page)",
      at: location,
      hint: "end it with a line of ':::' (as many colons as it opened with, or more)")
  }
}
