import Foundation
import Mustache

/// The site's own shortcodes: Mustache partials in `Templates/shortcodes/NAME.mustache` (a name
/// may have folders: `blocks/cover`), read with folio.yaml when `markdown.shortcodes` is on.
package struct ShortcodeTemplates: Sendable {
  /// The folder they are read from, relative to the project.
  package static let folder = "Templates/shortcodes"

  private let library: TemplateLibrary
  /// The shortcode names there are partials for.
  package let names: Set<String>

  /// Parses the partials, by shortcode name; a template error is thrown at its place.
  package init(sources: [String: String]) throws {
    library = try TemplateLibrary(templates: sources)
    names = Set(sources.keys)
  }

  /// The output of shortcode `name`'s partial given `context`.
  func render(_ name: String, with context: TemplateValue) throws -> String {
    try library.render(name, with: context)
  }

  /// Reads `Templates/shortcodes/` through `files` (nil when there is no such folder): the
  /// partials and their paths, for the settings' digest.
  package static func read(from files: SiteFiles) throws -> (templates: ShortcodeTemplates, paths: [String])?
  {
    guard files.exists(folder) else { return nil }
    let url = URL(fileURLWithPath: files.rootPath).appendingPathComponent(folder)
    var sources: [String: String] = [:]
    var paths: [String] = []
    for relative in ContentFiles.listFiles(in: url.resolvingSymlinksInPath()).sorted()
    where relative.hasSuffix(".mustache") {
      let path = folder + "/" + relative
      sources[String(relative.dropLast(".mustache".count))] = String(
        decoding: try files.read(path), as: UTF8.self)
      paths.append(path)
    }
    return (try ShortcodeTemplates(sources: sources), paths)
  }
}
