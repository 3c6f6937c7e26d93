import Diagnostics
import Foundation
import SiteContent

/// `folio import`: reads the configuration of a Hugo, Jekyll or MkDocs repository and plans
/// the `folio.yaml` that builds it where it is. Nothing is written here; the command writes the
/// plan (never over an existing `folio.yaml`).
public enum SiteImporter {
  /// The plan for the repository at `root`.
  ///
  /// - Throws: an error when the folder holds no configuration Folio recognises, or the
  ///   configuration cannot be read (at its line and column).
  public static func plan(forRepositoryAt root: URL) throws -> ImportPlan {
    let reading = try ImportReading(root: root)
    guard
      let (tool, file) = ImportedTool.detect(exists: { path in
        reading.exists(path) && !reading.isFolder(path)
      })
    else {
      throw DiagnosticError(
        .error(
          "found no Hugo, Jekyll or MkDocs configuration in \(root.path)",
          hint: "folio import reads hugo.toml, config.toml, config/_default/, _config.yml or mkdocs.yml; "
            + "for a Zenn repository use 'folio new site --from-zenn DIR'"))
    }
    var plan: ImportPlan
    switch tool {
    case .hugo:
      var importer = HugoImport(reading: reading, file: file)
      plan = try importer.plan()
    case .jekyll:
      var importer = JekyllImport(reading: reading, file: file)
      plan = try importer.plan()
    case .mkdocs:
      var importer = MkDocsImport(reading: reading, file: file)
      plan = try importer.plan()
    }
    // In the order of the files and lines they are about, as a compiler lists them.
    plan.notes.sort { a, b in
      let left = a.location.map { ($0.path, $0.line, $0.column) } ?? ("", 0, 0)
      let right = b.location.map { ($0.path, $0.line, $0.column) } ?? ("", 0, 0)
      return left < right
    }
    if !reading.exists(".gitignore") {
      plan.gitignore = "/public/\n/.folio/\n"
    }
    return plan
  }
}
