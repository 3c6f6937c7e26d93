import Diagnostics
import Foundation
import SiteContent
import YAML

/// `images:` in folio.yaml — how the photos of pages are published. On by default: each JPEG,
/// PNG or WebP that a page shows with `![alt](file)` is also written in smaller widths and newer
/// formats, which the page offers in a `<picture>`; `false` publishes the files as they are
/// (still without their location, and with their sizes on the `<img>`).
///
/// ```yaml
/// images:
///   widths: [480, 960, 1440]   # never wider than the file
///   formats: [avif, webp]
///   quality: 75
///   keepMetadata: false        # true: keep camera data, still without the GPS position
///   sizes: "(min-width: 48rem) 44rem, 100vw"
///   decorative: false          # true: ![](x.png) without alt text is no warning
///   budget: 2MB                # a larger source file is a warning
/// ```
package struct ImageSettings: Sendable, Equatable {
  /// Whether variants are made (`images: false` turns it off).
  package var makesVariants = true
  /// The widths of the variants, smallest first.
  package var widths: [Int] = [480, 960, 1440]
  /// The formats of the variants, best first (the order of the `<source>`s).
  package var formats: [VariantFormat] = [.avif, .webp]
  /// The encoders' quality, 1–100.
  package var quality = 75
  /// Whether published originals keep their metadata other than the GPS position.
  package var keepsMetadata = false
  /// The `sizes` attribute: the default theme's text column (`--folio-measure`) on wide screens.
  package var sizes = "(min-width: 48rem) 44rem, 100vw"
  /// Whether an image without alt text is allowed (decorative) rather than warned about.
  package var allowsDecorativeImages = false
  /// Source files larger than this many bytes are warned about; nil: no limit.
  package var budget: Int? = nil

  /// A format variants are made in: AVIF and WebP for pages, JPEG for link previews (the one
  /// format every site that shows them reads).
  package enum VariantFormat: String, Sendable, Equatable, CaseIterable {
    case avif, webp, jpeg

    /// The media type of `<source type>`.
    package var mediaType: String { "image/" + rawValue }
  }

  /// The defaults.
  package init() {}
}

extension ImageSettings: SettingsSection {
  /// `images`.
  package static let key = "images"
  /// On, with the defaults.
  package static let defaultValue: ImageSettings? = ImageSettings()

  static let knownKeys = ["widths", "formats", "quality", "keepMetadata", "sizes", "decorative", "budget"]

  /// Reads `images:`.
  package static func read(_ value: YAMLValue, in path: String) throws -> ImageSettings? {
    var settings = ImageSettings()
    if let enabled = value.bool {
      settings.makesVariants = enabled
      return settings
    }
    guard value.mapping != nil else { throw value.mismatch("true, false or a mapping", "images") }
    for (option, setting) in value.stringEntries {
      switch option {
      case "widths":
        guard let list = setting.array, !list.isEmpty else {
          throw setting.mismatch("a list of widths", option)
        }
        settings.widths = try list.map { item in
          guard let width = item.int, (16...8192).contains(width) else {
            throw item.mismatch("a width from 16 to 8192 pixels", option)
          }
          return width
        }
        settings.widths = Array(Set(settings.widths)).sorted()
      case "formats":
        let list = setting.array ?? (setting.isNull ? [] : [setting])
        settings.formats = try list.map { item in
          guard let name = item.string, let format = VariantFormat(rawValue: name.lowercased()),
            format != .jpeg
          else {
            throw item.mismatch("avif or webp", option)
          }
          return format
        }
      case "quality":
        guard let quality = setting.int, (1...100).contains(quality) else {
          throw setting.mismatch("a whole number from 1 to 100", option)
        }
        settings.quality = quality
      case "keepMetadata": settings.keepsMetadata = try setting.expectBool(option)
      case "sizes": settings.sizes = try setting.expectString(option, in: path)
      case "decorative": settings.allowsDecorativeImages = try setting.expectBool(option)
      case "budget":
        guard let bytes = byteCount(setting) else {
          throw setting.mismatch("a size such as 500KB or 2MB", option)
        }
        settings.budget = bytes
      default:
        throw SiteConfiguration.unknownKey(option, in: value, under: "images", known: knownKeys)
      }
    }
    return settings
  }

  /// `500KB`, `2MB`, `1.5MB` or a number of bytes.
  static func byteCount(_ value: YAMLValue) -> Int? {
    if let int = value.int { return int > 0 ? int : nil }
    guard let text = value.string?.trimmingCharacters(in: .whitespaces).uppercased() else { return nil }
    let units: [(String, Double)] = [
      ("KIB", 1024), ("MIB", 1_048_576), ("KB", 1000), ("MB", 1_000_000), ("B", 1),
    ]
    for (unit, scale) in units where text.hasSuffix(unit) {
      let number = text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
      guard let amount = Double(number), amount > 0 else { return nil }
      return Int(amount * scale)
    }
    return nil
  }
}

extension SiteConfiguration {
  /// How pages' images are published (`images:`).
  package var images: ImageSettings { sections[ImageSettings.self] ?? ImageSettings() }
}
