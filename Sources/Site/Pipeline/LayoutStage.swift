import BuildCache
import Mustache

/// The layout stage: one render job (a page, a list page, a term page) → its output file.
///
/// A layout reads nothing but its templates and the data it is given (``TemplateValue``):
/// Mustache has no other way in. So the stage's key is the digest of the site's templates, the
/// layout's name and that data itself, every member the layout could show: a job whose data and
/// templates are the same as last time writes the same bytes, and is not laid out again. No
/// list of which page fields which job shows is kept by hand; the data is the list.
///
/// The one thing in the data a digest cannot see into is a lambda (`{{#site.url}}`), which is
/// code: the ones Folio gives depend on the settings alone (`plural` and `inflect` on the
/// labels of `i18n/`, which are settings files, and on the page's language, which the data
/// holds as `page.lang`), and the session lays every job out afresh when the settings change.
enum LayoutStage {
  /// The key of the job laid out by `layout` over `value`, with templates whose digest is
  /// `templates` (``templatesDigest(_:)``).
  static func key(templates: ContentDigest, layout: String, value: TemplateValue) -> ContentDigest {
    templates.followed(by: ContentDigest(of: layout, seed: Seed.layout), seed: Seed.layout)
      .followed(by: digest(of: value), seed: Seed.key)
  }

  /// The digest of the site's own template files (`Templates/`, each path and its bytes; nil
  /// bytes: a file that could not be read as text). The default theme's templates are part of
  /// the executable, which the build cache's header names.
  static func templatesDigest(_ files: [(relativePath: String, bytes: [UInt8]?)]) -> ContentDigest {
    var digest = ContentDigest(of: "templates", seed: Seed.templates)
    for (path, bytes) in files.sorted(by: {
      $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8)
    }) {
      digest = digest.followed(by: ContentDigest(of: path, seed: Seed.string), seed: Seed.templates)
      let content = bytes.map { ContentDigest(of: $0) } ?? ContentDigest(of: "", seed: Seed.null)
      digest = digest.followed(by: content, seed: Seed.templates)
    }
    return digest
  }

  /// The digest of `value`: of each kind of value under a seed of its own (so `"1"` and `1`, or
  /// text and the same HTML, differ), of a list in order, of an object's members in any order
  /// (a dictionary's order changes from run to run, and a layout looks members up by name).
  static func digest(of value: TemplateValue) -> ContentDigest {
    switch value {
    case .null: return ContentDigest(high: Seed.null, low: 0)
    case .bool(let bool): return ContentDigest(high: Seed.bool, low: bool ? 1 : 0)
    case .int(let int): return ContentDigest(high: Seed.int, low: UInt64(bitPattern: Int64(int)))
    case .double(let double): return ContentDigest(high: Seed.double, low: double.bitPattern)
    case .string(let text): return ContentDigest(of: text, seed: Seed.string)
    case .safeHTML(let html): return ContentDigest(of: html, seed: Seed.html)
    case .array(let items):
      var digest = ContentDigest(high: Seed.array, low: UInt64(items.count))
      for item in items { digest = digest.followed(by: LayoutStage.digest(of: item), seed: Seed.array) }
      return digest
    case .object(let members):
      var sum = ContentDigest(high: 0, low: 0)
      for (name, member) in members { sum = sum &+ memberDigest(name, member) }
      return sum.followed(by: ContentDigest(high: Seed.object, low: UInt64(members.count)), seed: Seed.object)
    case .record(let record):
      // Rendered as an object is: the same digest as an object of the same members.
      var sum = ContentDigest(high: 0, low: 0)
      var count: UInt64 = 0
      record.forEachMember { name, member in
        sum = sum &+ memberDigest(name, member)
        count += 1
      }
      return sum.followed(by: ContentDigest(high: Seed.object, low: count), seed: Seed.object)
    case .lambda: return ContentDigest(high: Seed.lambda, low: 0)
    }
  }

  private static func memberDigest(_ name: String, _ value: TemplateValue) -> ContentDigest {
    ContentDigest(of: name, seed: Seed.name).followed(by: digest(of: value), seed: Seed.member)
  }

  /// One seed per kind of value and per way of joining digests.
  private enum Seed {
    static let null: UInt64 = 0x6e75_6c6c
    static let bool: UInt64 = 0x626f_6f6c
    static let int: UInt64 = 0x696e_74
    static let double: UInt64 = 0x646f_7562
    static let string: UInt64 = 0x7374_7269
    static let html: UInt64 = 0x6874_6d6c
    static let array: UInt64 = 0x6172_7261
    static let object: UInt64 = 0x6f62_6a65
    static let name: UInt64 = 0x6e61_6d65
    static let member: UInt64 = 0x6d65_6d62
    static let lambda: UInt64 = 0x6c61_6d62
    static let layout: UInt64 = 0x6c61_796f
    static let templates: UInt64 = 0x7465_6d70
    static let key: UInt64 = 0x6b65_79
  }
}
