import Dispatch

/// The steps of a build or rebuild, in the order they run; their names are what the build
/// report's timings show (`folio build --format json`).
enum BuildStep: String, Sendable, CaseIterable {
  case configure
  case readCache = "read cache"
  case discover
  case gitHistory = "git history"
  case images
  case templates
  case parse
  case settleLinks = "settle links"
  case patchStructure = "patch structure"
  case organise
  case render
  case findings
  case feeds
  case assets
  case linkPreviews = "link previews"
  case search
  case books
  case checkLinks = "check links"
  case keepOutputs = "keep outputs"
  case writeCache = "write cache"
  case changes
}

/// Times the steps of one build, in the order they ran.
struct StepClock {
  /// Each step run so far with the seconds it took.
  private(set) var timings: [(step: String, seconds: Double)] = []

  /// Runs `body` as `step`, recording how long it took (also when it throws).
  mutating func time<T>(_ step: BuildStep, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer {
      timings.append((step.rawValue, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
    }
    return try body()
  }
}
