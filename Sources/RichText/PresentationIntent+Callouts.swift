extension PresentationIntent {
  /// A callout: a block set apart with a label, such as "Note" or "Warning".
  ///
  /// Three syntaxes make one: GitHub's alerts (`> [!NOTE]` as the first line of a block quote),
  /// Zenn's `:::message` and `:::message alert`, and Qiita's `:::note info|warn|alert`. Each is
  /// read into one of GitHub's five styles; ``syntax`` keeps which one the writer used.
  ///
  /// ```swift
  /// let text = MarkdownParser(options: .init(callouts: true)).parse(":::message alert\n危険\n:::\n")
  /// text.runs[0].presentationIntent!.parent!.innermost.kind
  /// // .callout(Callout(style: .caution, syntax: .zennMessage, isClosed: true))
  /// ```
  public struct Callout: Hashable, Sendable, CustomStringConvertible {
    /// GitHub's five kinds of alert, which every callout is read as.
    public enum Style: String, Hashable, Sendable, CaseIterable {
      /// `[!NOTE]`, Zenn's `:::message`, Qiita's `:::note info` (or `:::note`).
      case note
      /// `[!TIP]`.
      case tip
      /// `[!IMPORTANT]`.
      case important
      /// `[!WARNING]`, Qiita's `:::note warn`.
      case warning
      /// `[!CAUTION]`, Zenn's `:::message alert`, Qiita's `:::note alert`.
      case caution
    }

    /// How the writer wrote the callout.
    public enum Syntax: String, Hashable, Sendable {
      /// A block quote whose first line is `[!NOTE]` (GitHub).
      case gitHubAlert
      /// `:::message` … `:::` (Zenn).
      case zennMessage
      /// `:::note info` … `:::` (Qiita).
      case qiitaNote
      /// `!!! type "Title"` and four-space-indented content (Python-Markdown, MkDocs).
      case admonition
    }

    /// What kind of callout it is.
    public var style: Style
    /// Which syntax it was written in.
    public var syntax: Syntax
    /// False for a `:::` callout whose closing fence is missing: it ended with the block around
    /// it or with the document. Alerts are always closed.
    public var isClosed: Bool
    /// The title the writer gave (an admonition's `"Title"`, or its type when it is no style's
    /// name, such as `Example`): shown instead of the style's label; empty for none at all
    /// (`!!! note ""`); nil for the style's label.
    public var title: String?

    /// Creates a callout.
    public init(style: Style, syntax: Syntax, isClosed: Bool = true, title: String? = nil) {
      self.style = style
      self.syntax = syntax
      self.isClosed = isClosed
      self.title = title
    }

    /// `note, zennMessage`, with `, unclosed` when the fence is missing and the title quoted.
    public var description: String {
      "\(style.rawValue), \(syntax.rawValue)\(isClosed ? "" : ", unclosed")"
        + (title.map { ", title: \($0.debugDescription)" } ?? "")
    }
  }

  /// A disclosure: a summary that opens to show the blocks inside (`:::details 概要` … `:::`,
  /// Zenn), rendered as HTML's `<details>`.
  public struct Disclosure: Hashable, Sendable, CustomStringConvertible {
    /// The summary as written after `details`, spaces trimmed; empty when there is none.
    public var summary: String
    /// False when the closing fence is missing.
    public var isClosed: Bool
    /// Whether it starts open (`???+ note`, pymdownx.details).
    public var isOpen: Bool
    /// The callout style of a collapsible admonition (`??? warning`), nil for a plain disclosure.
    public var style: Callout.Style?

    /// Creates a disclosure.
    public init(summary: String, isClosed: Bool = true, isOpen: Bool = false, style: Callout.Style? = nil) {
      self.summary = summary
      self.isClosed = isClosed
      self.isOpen = isOpen
      self.style = style
    }

    /// The summary as a Swift string literal, with `, unclosed` when the fence is missing, then
    /// `, open` and the style when there are.
    public var description: String {
      "\(summary.debugDescription)\(isClosed ? "" : ", unclosed")\(isOpen ? ", open" : "")"
        + (style.map { ", \($0.rawValue)" } ?? "")
    }
  }
}
