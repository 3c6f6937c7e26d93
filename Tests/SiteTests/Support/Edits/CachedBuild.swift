import Diagnostics
import Site

/// `folio build` as CI runs it with the build cache kept between runs: every build is a new
/// session (as a new process has) that reads the pages the last one left in `.folio/cache/pages`
/// and writes the file again. Its output must equal a build without the cache, and the cache
/// must never be the reason for a note (a file this Folio wrote is always read).
struct CachedBuild: IncrementalBuild {
  let name = "a cached folio build in a new session"
  private let options: SiteBuilder.Options

  /// A build of the project `options` name, as `folio build` makes it (without serve's deferred
  /// search index, which a one-shot build never defers).
  init(options: SiteBuilder.Options) {
    var options = options
    options.usesCache = true
    // Pages rendered anew go to .folio/cache/pages-recent while they are no more than the pages
    // file holds, as a sixteenth of a large site's would: the small site takes both ways.
    options.recentCacheShare = 1
    options.defersSearchIndex = false
    self.options = options
  }

  mutating func start() throws -> BuildOutput {
    try build()
  }

  mutating func apply(changedPaths: [String]) throws -> BuildOutput {
    try build()
  }

  private func build() throws -> BuildOutput {
    do {
      let result = try SiteBuilder(options: options).render()
      if let note = result.warnings.first(where: {
        $0.severity == .note && $0.message.contains("build cache")
      }) {
        throw InconsistentBuild(description: "the build did not use the cache it wrote: \(note)")
      }
      return .built(files: result.files, warnings: result.warnings.map(\.description))
    } catch let error as DiagnosticError {
      return .failed(errors: error.diagnostics.map(\.description))
    }
  }
}
