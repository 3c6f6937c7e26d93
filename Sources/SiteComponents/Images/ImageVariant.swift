import HTMLRendering
import RichText

/// A smaller or newer encoding of an image file of the site, which its pages offer in a
/// `<picture>`: where it is written and how it is made.
///
/// The plan is a function of the file alone (its path, pixel size and bytes' stamp) and the
/// `images:` settings, so a page's HTML and the output step that makes the files agree without
/// telling each other anything, and a page from the build cache names the same files.
package struct ImageVariant: Sendable, Hashable {
  /// The source file, relative to `Content/`.
  package var source: String
  /// The output path, relative to the output folder.
  package var path: String
  /// The width in pixels.
  package var width: Int
  /// The height in pixels when the photo is cut to a box (a link preview), else nil: the
  /// width decides.
  package var height: Int? = nil
  /// The format.
  package var format: ImageSettings.VariantFormat

  /// The variants of `source` (a JPEG, PNG or still WebP of `size` pixels whose bytes' stamp is
  /// `stamp`) that `settings` ask for, best format first and narrowest first within one.
  ///
  /// The widths are the settings' widths narrower than the file, then the file's own width when
  /// it is not wider than the widest setting: a variant is never wider than its source (an
  /// upscaled photo is larger and no sharper), and a photo between two widths is also offered
  /// whole in the new formats.
  package static func plan(
    for source: String, size: ImageSize, stamp: String, settings: ImageSettings
  ) -> [ImageVariant] {
    guard settings.makesVariants, let natural = size.width, natural > 0 else { return [] }
    var widths = settings.widths.filter { $0 < natural }
    if natural <= (settings.widths.last ?? 0) { widths.append(natural) }
    let slash = source.lastIndex(of: "/")
    let folder = slash.map { String(source[...$0]) } ?? ""
    let name = slash.map { String(source[source.index(after: $0)...]) } ?? source
    let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    return settings.formats.flatMap { format in
      widths.map { width in
        ImageVariant(
          source: source, path: "\(folder)\(stem)-\(width)w.\(stamp).\(format.rawValue)", width: width,
          format: format)
      }
    }
  }

  /// The size of a link preview's image (`og:image`): what Facebook, LinkedIn and X show best.
  package static let cardSize = (width: 1200, height: 630)

  /// The link preview image of `source` (a photo of `size` whose stamp is `stamp`): the photo
  /// cut around its centre to 1200×630, as a JPEG; nil when the photo is smaller than that.
  package static func card(for source: String, size: ImageSize, stamp: String) -> ImageVariant? {
    guard let width = size.width, let height = size.height, width >= cardSize.width, height >= cardSize.height
    else { return nil }
    let slash = source.lastIndex(of: "/")
    let folder = slash.map { String(source[...$0]) } ?? ""
    let name = slash.map { String(source[source.index(after: $0)...]) } ?? source
    let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    return ImageVariant(
      source: source, path: "\(folder)\(stem)-\(cardSize.width)x\(cardSize.height).\(stamp).jpg",
      width: cardSize.width, height: cardSize.height, format: .jpeg)
  }

  /// The `<picture>` sources for `variants` (``plan(for:size:stamp:settings:)``), each URL made
  /// by `href` from the variant's site path and written so that `srcset` cannot misread it.
  package static func picture(
    of variants: [ImageVariant], settings: ImageSettings, href: (String) -> String
  ) -> Picture? {
    guard !variants.isEmpty else { return nil }
    let sources = settings.formats.map { format in
      Picture.Source(
        type: format.mediaType,
        candidates: variants.filter { $0.format == format }.map {
          Picture.Candidate(url: srcsetSafe(href("/" + $0.path)), width: $0.width)
        })
    }
    return Picture(sources: sources, sizes: settings.sizes)
  }

  /// `url` with the characters that end a `srcset` candidate (spaces, commas) percent-encoded.
  static func srcsetSafe(_ url: String) -> String {
    guard url.contains(where: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }) else { return url }
    var safe = ""
    for character in url {
      switch character {
      case " ": safe += "%20"
      case ",": safe += "%2C"
      case "\t": safe += "%09"
      case "\n": safe += "%0A"
      default: safe.append(character)
      }
    }
    return safe
  }
}
