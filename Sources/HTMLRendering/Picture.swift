/// The other encodings of an image that a browser may pick instead of the one its `<img>` names:
/// written as `<picture>` with a `<source>` per format around the `<img>`, so each reader gets
/// the smallest file its browser shows at the width the layout gives the image.
///
/// ```swift
/// var decorations = RenderDecorations()
/// decorations.pictures[identity] = Picture(
///   sources: [.init(type: "image/webp", candidates: [("/a/photo-480w.webp", 480)])],
///   sizes: "(min-width: 48rem) 44rem, 100vw")
/// // <picture><source type="image/webp" srcset="/a/photo-480w.webp 480w" sizes="…" /><img …
/// ```
public struct Picture: Sendable, Equatable {
  /// One format's files, best first in ``Picture/sources``.
  public struct Source: Sendable, Equatable {
    /// The media type (`image/avif`).
    public var type: String
    /// Each file's URL (written as it is, escaped) and its width in pixels.
    public var candidates: [Candidate]

    /// A format with its files.
    public init(type: String, candidates: [Candidate]) {
      self.type = type
      self.candidates = candidates
    }
  }

  /// One file of a source: its URL and width.
  public struct Candidate: Sendable, Equatable {
    /// The URL, as the page writes it (with the site's base path).
    public var url: String
    /// Its width in pixels.
    public var width: Int

    /// A file at `url`, `width` pixels wide.
    public init(url: String, width: Int) {
      self.url = url
      self.width = width
    }
  }

  /// The formats, in the order the browser tries them.
  public var sources: [Source]
  /// The `sizes` attribute: how wide the layout shows the image.
  public var sizes: String

  /// A picture with these sources and sizes.
  public init(sources: [Source], sizes: String) {
    self.sources = sources
    self.sizes = sizes
  }

  /// `<picture>` and a `<source>` per format, as the renderer writes them before an image's
  /// `<img>` (the `</picture>` follows the `<img>`).
  public func writeOpening(into writer: inout HTMLWriter) {
    writer.raw("<picture>")
    for source in sources where !source.candidates.isEmpty {
      writer.raw("<source type=\"")
      writer.text(source.type)
      writer.raw("\" srcset=\"")
      for (index, candidate) in source.candidates.enumerated() {
        if index > 0 { writer.raw(", ") }
        writer.text(candidate.url)
        writer.raw(" ")
        writer.number(candidate.width)
        writer.raw("w")
      }
      writer.raw("\" sizes=\"")
      writer.text(sizes)
      writer.raw("\" />")
    }
  }
}
