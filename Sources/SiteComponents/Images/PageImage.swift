import RichText

/// A page's first image, for the link previews its metadata gives (`og:image`): where it is
/// and, when known, its size.
package struct PageImage: Sendable, Equatable {
  /// A site path (`/posts/a/cover.png`, without the base path) or an http(s) URL.
  package var url: String
  /// The width written on its `<img>` (the file's, or the Markdown's), nil when unknown.
  package var width: Int?
  /// The height written on its `<img>`, nil when unknown.
  package var height: Int?

  /// An image at `url` of this size.
  package init(url: String, width: Int?, height: Int?) {
    self.url = url
    self.width = width
    self.height = height
  }

  /// Whether `url` (a path or an http(s) URL, with any query or fragment) names an SVG file.
  static func isSVG(_ url: String) -> Bool {
    ImageFileSize.isSVG(String(url.prefix { $0 != "?" && $0 != "#" }))
  }

  /// An image at `url` of `size`.
  init(url: String, size: ImageSize?) {
    self.init(url: url, width: size?.width, height: size?.height)
  }
}
