import HTMLRendering
import RichText
import SiteContent

/// What a template needs to show a photo of the site as pages show theirs (`{{#picture}}` in
/// the layouts): each image file's size, what became of each photo, the `images:` settings and
/// the path the site is published under.
package struct PictureCatalog: Sendable {
  let sizes: [String: ImageSize]
  let photos: [String: PhotoState]
  let settings: ImageSettings
  let basePath: String

  /// The catalog of the files `resolver` knows, with `settings`.
  package init(_ resolver: LinkResolver, settings: ImageSettings) {
    sizes = resolver.imageSizes
    photos = resolver.photos
    self.settings = settings
    basePath = resolver.basePath
  }

  /// `<img>` for the site path `path` (`/images/hero.jpg`, without the base path) with `alt`,
  /// inside a `<picture>` with its variants when it is a photo that has them, with the file's
  /// `width` and `height` when known; loaded lazily unless `eager`. A path that is no file of
  /// the site is written as it is, escaped, and the link check does not see it: a template's
  /// own image is the theme's to get right.
  package func html(for path: String, alt: String, eager: Bool) -> String {
    let file = path.hasPrefix("/") ? String(path.dropFirst()) : path
    var writer = HTMLWriter()
    var picture: Picture? = nil
    if let size = sizes[file], let stamp = photos[file]?.stamp {
      picture = ImageVariant.picture(
        of: ImageVariant.plan(for: file, size: size, stamp: stamp, settings: settings), settings: settings,
        href: href)
    }
    picture?.writeOpening(into: &writer)
    writer.raw("<img src=\"")
    writer.text(path.hasPrefix("/") ? href(path) : path)
    writer.raw("\" alt=\"")
    writer.text(alt)
    writer.raw("\"")
    if let size = sizes[file], let width = size.width, let height = size.height {
      writer.raw(" width=\"")
      writer.number(width)
      writer.raw("\" height=\"")
      writer.number(height)
      writer.raw("\"")
    }
    if !eager { writer.raw(" loading=\"lazy\" decoding=\"async\"") }
    writer.raw(" />")
    if picture != nil { writer.raw("</picture>") }
    return writer.string
  }

  private func href(_ path: String) -> String {
    SiteConfiguration.href(path, under: basePath)
  }
}
