import Diagnostics
import Site

/// The serve session as `folio serve` drives it (`ServeLoop`): a ``SiteSession`` rebuilt with
/// the plan of the changed paths, whose reported changed paths are all the browsers' copy of
/// the site is updated with, and whose deferred search index is written after each rebuild.
struct SessionBuild: IncrementalBuild {
  let name = "the serve session"
  let session: SiteSession
  /// The site as `folio serve` holds it: the first build, then only the changed paths.
  private var served: [String: [UInt8]] = [:]
  /// The last output, which an edit that plans nothing leaves as it was.
  private var last = BuildOutput.failed(errors: ["no build yet"])

  /// A session with `options` (``SiteBuilder/Options/defersSearchIndex`` as serve sets it), with
  /// the build cache, as `folio serve` reads and writes it on a full build.
  init(options: SiteBuilder.Options) {
    var options = options
    options.usesCache = true
    session = SiteSession(options: options)
  }

  mutating func start() throws -> BuildOutput {
    last = try BuildOutput.of { try session.build() }
    if case .built(let files, _) = last { served = files }
    session.prepareForEdits()
    return last
  }

  mutating func apply(changedPaths: [String]) throws -> BuildOutput {
    let plan = RebuildPlan.plan(for: changedPaths)
    guard !plan.isEmpty else { return last }
    let update: SiteSession.Update
    do {
      update = try session.rebuild(plan)
    } catch let error as DiagnosticError {
      last = .failed(errors: error.diagnostics.map(\.description))
      return last
    }
    for path in update.changedPaths { served[path] = update.result.files[path] }
    session.prepareForEdits()
    var files = update.result.files
    do {
      if let index = try session.finishSearchIndex() {
        for path in index.changedPaths { served[path] = index.files[path] }
        files = index.files
      }
    } catch let error as DiagnosticError {
      last = .failed(errors: error.diagnostics.map(\.description))
      return last
    }
    if let path = Set(files.keys).union(served.keys).sorted().first(where: { files[$0] != served[$0] }) {
      throw InconsistentBuild(
        description:
          "the rebuild changed '\(path)' but did not list it in its changed paths, so serve shows it stale")
    }
    last = .built(files: files, warnings: update.result.warnings.map(\.description))
    return last
  }
}
