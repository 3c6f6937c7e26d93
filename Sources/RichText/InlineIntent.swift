/// The inline containers a run sits in (emphasis, links, images, custom attributes…),
/// innermost first, each with a document-unique identity.
///
/// Foundation flattens these into bits and a `link` attribute, which loses the difference
/// between `<em>a</em><em>b</em>` and `<em>ab</em>`, and between `<em><strong>` and
/// `<strong><em>`. Folio keeps the chain, so HTML rendered from the model equals cmark-gfm's.
/// ``Run/inlinePresentationIntent`` gives the Foundation view.
///
/// ```swift
/// let run = MarkdownParser().parse("*[a](/u)*").runs[0]
/// run.inlineIntent?.components.map(\.kind)  // [.link(Link(url: "/u")), .emphasized]
/// run.link?.url                             // "/u"
/// ```
public struct InlineIntent: Hashable, Sendable, CustomStringConvertible {
  let storage: TextStorage
  let index: Int32

  init(storage: TextStorage, index: Int32) {
    self.storage = storage
    self.index = index
  }

  /// The innermost container.
  public var innermost: Component { storage.inlineComponent(at: index) }

  /// Every container from the innermost out.
  public var components: [Component] {
    var result: [Component] = []
    var cursor = index
    while cursor >= 0 {
      result.append(storage.inlineComponent(at: cursor))
      cursor = storage.inlines[Int(cursor)].parent
    }
    return result
  }

  /// Whether two intents are the same chain of containers: the same kinds, identities and
  /// spans from the innermost container out.
  public static func == (lhs: InlineIntent, rhs: InlineIntent) -> Bool {
    if lhs.storage === rhs.storage, lhs.index == rhs.index { return true }
    var left = lhs.index
    var right = rhs.index
    while left >= 0, right >= 0 {
      let a = lhs.storage.inlines[Int(left)]
      let b = rhs.storage.inlines[Int(right)]
      guard a.identity == b.identity, a.depth == b.depth, a.span == b.span, a.kind == b.kind else {
        return false
      }
      left = a.parent
      right = b.parent
    }
    return left == right
  }

  /// Hashes the innermost container and the depth, which equal chains share.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(innermost)
    hasher.combine(storage.inlines[Int(index)].depth)
  }

  /// The containers as `dump()` prints them, innermost first.
  public var description: String { components.map(\.description).joined(separator: ", ") }
}

extension InlineIntent {
  /// One inline container.
  public struct Component: Hashable, Sendable, CustomStringConvertible {
    /// What kind of container it is.
    public var kind: Kind
    /// A number unique within the document.
    public var identity: Int
    /// Where it is in the source, as cmark-gfm reports it.
    public var sourceSpan: SourceSpan

    /// Creates a component.
    public init(kind: Kind, identity: Int, sourceSpan: SourceSpan = .unknown) {
      self.kind = kind
      self.identity = identity
      self.sourceSpan = sourceSpan
    }

    /// `kind#identity`.
    public var description: String { "\(kind)#\(identity)" }
  }

  /// The kinds of inline container.
  public enum Kind: Hashable, Sendable, CustomStringConvertible {
    /// `*text*`
    case emphasized
    /// `**text**`
    case stronglyEmphasized
    /// `~~text~~`
    case strikethrough
    /// A link; its runs are the link text.
    case link(Link)
    /// An image; its runs are the alternative text.
    case image(Image)
    /// Apple's extended attribute syntax `^[text](key: value)`: custom attributes on the text.
    case attributes(CustomAttributes)
    /// A TeX formula within a line: `$…$` or `` $`…`$ `` (inline), `$$…$$` (display); its one
    /// run is the TeX exactly as written.
    case math(display: Bool)
    /// The attribute list at the end of a heading, `{#id .class key=value}` (Goldmark, kramdown,
    /// Pandoc, Python-Markdown's attr_list): one empty run where the list was written, which
    /// renders as nothing; the site makes the id the heading's anchor and writes the classes.
    case headingAttributes(HeadingAttributes)

    /// The kind as `dump()` prints it.
    public var description: String {
      switch self {
      case .emphasized: "emphasized"
      case .stronglyEmphasized: "stronglyEmphasized"
      case .strikethrough: "strikethrough"
      case .link(let link): "link(\(link))"
      case .image(let image): "image(\(image))"
      case .attributes(let attributes): "attributes(\(attributes))"
      case .math(let display): display ? "math(display)" : "math"
      case .headingAttributes(let attributes): "headingAttributes(\(attributes))"
      }
    }
  }
}

/// A link's destination and title, as written (entities decoded, not yet checked for safety).
///
/// The bytes are kept as parsed, so a destination with invalid UTF-8 renders exactly as
/// cmark-gfm renders it; ``url`` and ``title`` are the readable forms.
public struct Link: Hashable, Sendable, CustomStringConvertible {
  /// The destination's bytes.
  public var urlBytes: [UInt8]
  /// The title's bytes, empty when none was given.
  public var titleBytes: [UInt8]

  /// Creates a link from strings.
  public init(url: String, title: String = "") {
    self.init(urlBytes: Array(url.utf8), titleBytes: Array(title.utf8))
  }

  /// Creates a link from the bytes the parser saw.
  public init(urlBytes: [UInt8], titleBytes: [UInt8]) {
    self.urlBytes = urlBytes
    self.titleBytes = titleBytes
  }

  /// The destination.
  public var url: String { String(decoding: urlBytes, as: UTF8.self) }
  /// The title, empty when none was given.
  public var title: String { String(decoding: titleBytes, as: UTF8.self) }

  /// `"url"` or `"url" "title"`.
  public var description: String { title.isEmpty ? "\"\(url)\"" : "\"\(url)\" \"\(title)\"" }
}

/// An image's source and title; the runs inside it are its alternative text.
public struct Image: Hashable, Sendable, CustomStringConvertible {
  /// The source's bytes.
  public var sourceBytes: [UInt8]
  /// The title's bytes, empty when none was given.
  public var titleBytes: [UInt8]
  /// The width and height the writer asked for (Zenn's `![](a.png =250x)`), or nil.
  public var size: ImageSize? = nil

  /// Creates an image from strings.
  public init(source: String, title: String = "") {
    self.init(sourceBytes: Array(source.utf8), titleBytes: Array(title.utf8))
  }

  /// Creates an image from the bytes the parser saw.
  public init(sourceBytes: [UInt8], titleBytes: [UInt8]) {
    self.sourceBytes = sourceBytes
    self.titleBytes = titleBytes
  }

  /// The image URL.
  public var source: String { String(decoding: sourceBytes, as: UTF8.self) }
  /// The title, empty when none was given.
  public var title: String { String(decoding: titleBytes, as: UTF8.self) }

  /// `"source"` or `"source" "title"`.
  public var description: String {
    (title.isEmpty ? "\"\(source)\"" : "\"\(source)\" \"\(title)\"") + (size.map { " =\($0)" } ?? "")
  }
}

/// A reference to a footnote: the definition's label and which reference to it this is.
public struct FootnoteReference: Hashable, Sendable, CustomStringConvertible {
  /// The label of the definition, as written in the definition.
  public var label: String
  /// The footnote's number (order of first reference), which is also the run's text.
  public var index: Int
  /// 1 for the first reference to this footnote, 2 for the second…
  public var ordinal: Int

  /// Creates a footnote reference.
  public init(label: String, index: Int, ordinal: Int) {
    self.label = label
    self.index = index
    self.ordinal = ordinal
  }

  /// `^label #index.ordinal`.
  public var description: String { "^\(label) #\(index).\(ordinal)" }
}
