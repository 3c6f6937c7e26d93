import Foundation
import Site
import TestSupport
import Testing

/// After any sequence of edits, the serve session gives exactly what a fresh build of the same
/// files gives: the same bytes at the same paths and the same warnings, or the same errors;
/// and after an edit that mends an error, the same site again.
///
/// The edits are generated from a seed (``EditGenerator``) over a small site written by
/// ``EditedSite``. CI runs a few seeds for a few dozen edits each; `scripts/edit-fuzz` runs
/// ``longRun()`` for thousands, through the environment:
///
/// - `FOLIO_EDIT_COUNT`: how many edits in all (the long run is skipped without it);
/// - `FOLIO_EDIT_SEED`: the first seed (1); each sequence takes the next;
/// - `FOLIO_EDIT_LENGTH`: edits per sequence (100), after which the next seed starts afresh;
/// - `FOLIO_EDIT_VARIANT`: `monolingual` or `multilingual` (both, in turn);
/// - `FOLIO_EDIT_KEEP`: a folder where a failing run writes the project before and after the
///   edit as fixture texts, and the paths it changed.
///
/// A failure names its seed, variant and edit, and the command that replays it.
@Suite struct GeneratedEditTests {
  /// Seeds and lengths the CI run uses: each run below makes a site that fails to build and
  /// mends it (checked), in well under a minute in all in a debug build.
  static let seeds: [UInt64] = [1, 2, 3]
  static let edits = 40

  @Test(arguments: EditedSite.Variant.allCases, seeds)
  func everyEditGivesWhatAFreshBuildGives(variant: EditedSite.Variant, seed: UInt64) throws {
    let outcome = try EditRun(seed: seed, variant: variant, edits: Self.edits).run()
    if let failure = outcome.failure { Issue.record(Comment(rawValue: failure)) }
    #expect(outcome.edits == Self.edits)
    // The run went through a failed build and out of it, so that path was compared too.
    #expect(outcome.failingEdits > 0 && outcome.recoveries > 0, "\(outcome)")
  }

  /// The long run `scripts/edit-fuzz` starts: `FOLIO_EDIT_COUNT` edits in sequences of
  /// `FOLIO_EDIT_LENGTH`, from seed `FOLIO_EDIT_SEED` on; prints the rate and every failure.
  @Test(.enabled(if: LongRun.fromEnvironment() != nil)) func longRun() throws {
    let run = try #require(LongRun.fromEnvironment())
    let clock = ContinuousClock()
    let start = clock.now
    var done = 0
    var failingEdits = 0
    var failures: [String] = []
    var seed = run.seed
    var lastSeed = seed
    var sequence = 0
    while done < run.count, failures.count < 20 {
      let variant = run.variant ?? EditedSite.Variant.allCases[sequence % 2]
      let length = min(run.length, run.count - done)
      let outcome = try EditRun(seed: seed, variant: variant, edits: length).run()
      lastSeed = seed
      done += outcome.edits
      failingEdits += outcome.failingEdits
      if let failure = outcome.failure {
        failures.append(failure)
        Issue.record(Comment(rawValue: failure))
      }
      sequence += 1
      if run.variant != nil || sequence % 2 == 0 { seed += 1 }
    }
    let seconds =
      Double((clock.now - start).components.seconds)
      + Double((clock.now - start).components.attoseconds) / 1e18
    print(
      "edit-fuzz: \(done) edits, seeds \(run.seed)...\(lastSeed), "
        + "\(run.variant.map(\.description) ?? "both variants"), \(run.length) edits a seed: "
        + String(format: "%.1f s, %.1f edits/s", seconds, Double(done) / max(seconds, 0.001))
        + ", \(failingEdits) edits left a failing site, \(failures.count) differences found")
  }
}

/// The long run's settings, from the environment.
struct LongRun {
  var count: Int
  var seed: UInt64
  var length: Int
  var variant: EditedSite.Variant?

  /// The settings, or nil when `FOLIO_EDIT_COUNT` is not set.
  static func fromEnvironment() -> LongRun? {
    let environment = ProcessInfo.processInfo.environment
    guard let count = environment["FOLIO_EDIT_COUNT"].flatMap({ Int($0) }) else { return nil }
    return LongRun(
      count: count, seed: environment["FOLIO_EDIT_SEED"].flatMap { UInt64($0) } ?? 1,
      length: max(1, environment["FOLIO_EDIT_LENGTH"].flatMap { Int($0) } ?? 100),
      variant: environment["FOLIO_EDIT_VARIANT"].flatMap { EditedSite.Variant(rawValue: $0) })
  }
}
