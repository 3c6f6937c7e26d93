import Foundation
import Site
import TestSupport
import Testing

/// A written-out sequence of edits, each compared as ``EditRun`` compares generated ones: the
/// form in which every difference the generated edits found is kept as a regression case.
struct EditReplay {
  let fixture: SiteFixture
  let options: SiteBuilder.Options
  private var build: SessionBuild

  /// Writes the fixture `text`, builds it with the serve session and a fresh build, and
  /// records an issue when they differ.
  init(
    _ text: String, drafts: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    fixture = try SiteFixture(text)
    var options = SiteBuilder.Options(projectRoot: fixture.root, includesDrafts: drafts)
    options.context.checksAnchors = true
    options.defersSearchIndex = true
    self.options = options
    build = SessionBuild(options: options)
    let output = try build.start()
    try expectFresh(output, "the first build", sourceLocation: sourceLocation)
  }

  /// Writes each file of `files` (nil removes it), rebuilds with their paths and `folders`
  /// (folders created or removed, as a file watcher reports them), and records an issue when
  /// the session differs from a fresh build; returns the session's output.
  @discardableResult
  mutating func edit(
    _ files: KeyValuePairs<String, String?>, folders: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> BuildOutput {
    for (path, text) in files {
      if let text { try fixture.write(text, to: path) } else { try fixture.remove(path) }
    }
    let output = try build.apply(changedPaths: files.map(\.key) + folders)
    try expectFresh(output, "after \(files.map(\.key) + folders)", sourceLocation: sourceLocation)
    return output
  }

  private func expectFresh(_ output: BuildOutput, _ when: String, sourceLocation: Testing.SourceLocation)
    throws
  {
    let fresh = try BuildOutput.fresh(options)
    if let difference = OutputComparison.difference(fresh: fresh, other: output, name: build.name) {
      Issue.record(Comment(rawValue: "\(when): \(difference)"), sourceLocation: sourceLocation)
    }
  }
}
