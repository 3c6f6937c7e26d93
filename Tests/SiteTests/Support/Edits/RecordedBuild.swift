import Diagnostics
import Foundation
import Site
import SiteOutput

/// `folio build` run again and again into the output folder it left (`public/`, kept between
/// builds, with the build cache and the build record): every build is a new session that writes
/// the folder only when something it reads or wrote changed, and a second build right after it
/// must find nothing changed, write nothing, and report the same warnings.
///
/// The edits write each changed file anew (``EditRun/write(_:over:into:)``: a new inode), so
/// the record trusts every stamp (``SiteBuilder/Options/stampMargin`` zero, no file-system
/// clock) and a missed change
/// is a difference, not a race of the clock.
struct RecordedBuild: IncrementalBuild {
  let name = "a folio build into the output folder the last one left"
  private let options: SiteBuilder.Options
  private let output: URL

  init(options: SiteBuilder.Options) {
    var options = options
    options.usesCache = true
    // Pages rendered anew go to .folio/cache/pages-recent while they are no more than the pages
    // file holds, as a sixteenth of a large site's would: the small site takes both ways.
    options.recentCacheShare = 1
    options.defersSearchIndex = false
    options.stampMargin = 0
    options.measuresStampsByFileSystemClock = false
    output = options.projectRoot.appendingPathComponent("public")
    options.outputFolder = output
    self.options = options
  }

  mutating func start() throws -> BuildOutput {
    try build()
  }

  mutating func apply(changedPaths: [String]) throws -> BuildOutput {
    try build()
  }

  private func build() throws -> BuildOutput {
    // As `folio build` writes: the laid-out pages into the staging folder while the build
    // finishes, the rest once it is done.
    let staged = try OutputDirectory(url: output, projectRoot: options.projectRoot).stage(digesting: true)
    var options = options
    options.laidOut = { staged.writeInBackground($0) }
    options.reusesOutput = { staged.reuse($0) }
    let result: SiteBuilder.Result
    do {
      result = try SiteBuilder(options: options).render()
    } catch let error as DiagnosticError {
      staged.discard()
      return .failed(errors: error.diagnostics.map(\.description))
    }
    if result.upToDate != nil {
      staged.discard()
    } else {
      try staged.finish(result.files, handedOver: result.handedOver)
      if let note = result.record?.save(afterFinishing: staged, in: output) {
        throw InconsistentBuild(description: "the build record was not kept: \(note)")
      }
      guard result.record != nil else {
        throw InconsistentBuild(description: "a build of this site made no record")
      }
      let again = try SiteBuilder(options: self.options).render()
      guard again.upToDate != nil else {
        throw InconsistentBuild(description: "a second build with nothing changed did the work again")
      }
      guard again.warnings == result.warnings, again.pageCount == result.pageCount else {
        throw InconsistentBuild(description: "a second build with nothing changed reported otherwise")
      }
    }
    return .built(files: try files(), warnings: result.warnings.map(\.description))
  }

  /// The output folder's files, but Folio's marker; an empty folder is an inconsistency.
  private func files() throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: output.path)
    while let path = enumerator?.nextObject() as? String {
      guard path != OutputDirectory.markerName else { continue }
      let url = output.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        files[path] = [UInt8](try Data(contentsOf: url))
      } else if try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty {
        // A fresh build makes no empty folder; one started from the spare must not leave one.
        throw InconsistentBuild(description: "the output holds an empty folder, \(path)")
      }
    }
    return files
  }
}
