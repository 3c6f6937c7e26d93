import Diagnostics
import Site

/// What a build gave: the site's files and its warnings, or the errors it failed with; what
/// the generated-edit tests compare between an incremental build and a fresh one.
enum BuildOutput: Equatable {
  /// Every output file by path, and the warnings as printed, in order.
  case built(files: [String: [UInt8]], warnings: [String])
  /// The errors as printed, in order.
  case failed(errors: [String])

  /// The output of `build`, or of the diagnostics it threw; any other error is rethrown.
  static func of(_ build: () throws -> SiteBuilder.Result) throws -> BuildOutput {
    do {
      let result = try build()
      return .built(files: result.files, warnings: result.warnings.map(\.description))
    } catch let error as DiagnosticError {
      return .failed(errors: error.diagnostics.map(\.description))
    }
  }

  /// A fresh build of the project `options` name, by ``SiteBuilder``: what every incremental
  /// build must equal.
  static func fresh(_ options: SiteBuilder.Options) throws -> BuildOutput {
    try of { try SiteBuilder(options: options).render() }
  }

  /// Whether the build failed.
  var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }
}
