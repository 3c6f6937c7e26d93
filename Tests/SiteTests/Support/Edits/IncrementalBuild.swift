/// A build that keeps work from one build to the next, told which files changed: the serve
/// session (``SessionBuild``), and any other kind of incremental build (such as `folio build`
/// in a new process over a persistent cache), which the generated-edit tests compare with a
/// fresh build after every edit (``EditRun``).
protocol IncrementalBuild {
  /// What failure messages call it ("the serve session").
  var name: String { get }

  /// Builds the project for the first time.
  mutating func start() throws -> BuildOutput

  /// Builds again after the files and folders at `changedPaths` (relative to the project, as
  /// the file watcher reports them) were written, created or removed.
  ///
  /// Throws when the build contradicts itself (such as a changed file it does not report);
  /// a build that fails with diagnostics returns them.
  mutating func apply(changedPaths: [String]) throws -> BuildOutput
}

/// A build that contradicts itself (``IncrementalBuild/apply(changedPaths:)``).
struct InconsistentBuild: Error, CustomStringConvertible {
  /// What it contradicts.
  var description: String
}
