import Foundation
import Site
import TestSupport

/// One seeded sequence of generated edits on a fixture site, with every incremental build
/// compared with a fresh build after every edit: the same files byte for byte and the same
/// warnings, or the same errors.
///
/// When the site has failed to build for two edits running, the next edit is drawn, half the
/// time, as a return to the last site that built, so that every run also checks that a
/// session which failed builds again once the error is mended.
struct EditRun {
  /// What decides every edit.
  var seed: UInt64
  var variant: EditedSite.Variant
  /// How many edits, after the first build.
  var edits: Int
  /// The incremental builds to check, made for a project and the options of its builds.
  var builds: (SiteBuilder.Options) -> [any IncrementalBuild] = {
    [SessionBuild(options: $0), CachedBuild(options: $0), RecordedBuild(options: $0)]
  }

  /// What a run did.
  struct Outcome {
    /// How many edits were made and compared.
    var edits = 0
    /// How many of them left a site that fails to build.
    var failingEdits = 0
    /// How many of those were followed by an edit that made it build again.
    var recoveries = 0
    /// The first difference found, as a message that names how to replay it; nil when every
    /// build equalled the fresh one.
    var failure: String?
  }

  /// Runs the edits, stopping at the first difference.
  func run() throws -> Outcome {
    var generator = EditGenerator(seed: seed)
    var options = SiteBuilder.Options(projectRoot: URL(fileURLWithPath: "/"))
    // Drafts are shown in a third of the runs (`folio serve --drafts`).
    options.context.includesDrafts = generator.random.chance(1, in: 3)
    // As `folio serve` builds: the search index written after the reload. Anchors are checked
    // as serve checks them in half the runs, and not, as `folio build` does, in the other half,
    // where the cached builds take unchanged pages' link checks from `.folio/cache/link-checks`. By
    // the seed, not a draw, so the edits a seed makes stay the same; seeds 1, 2, 3, 4, … go
    // without, with, with, without, so the long run, which alternates the variants, has each
    // variant both ways.
    options.context.checksAnchors = seed % 4 == 2 || seed % 4 == 3
    options.defersSearchIndex = true
    let fixture = try SiteFixture("")
    options.projectRoot = fixture.root
    var site = EditedSite.initial(variant)
    var files = site.files()
    _ = try EditRun.write(files, over: [:], into: fixture)
    var builds = self.builds(options)
    var history: [String] = []
    var outcome = Outcome()
    var before: [String: String] = [:]
    var changed: [String] = []
    func failure(_ index: Int, _ build: any IncrementalBuild, _ difference: String) -> Outcome {
      var failed = outcome
      failed.failure = message(edit: index, options: options, history: history, build: build.name, difference)
      if let folder = EditRun.keptFolder(seed: seed, variant: variant) {
        // The project before and after the edit, as fixture texts, for a regression case.
        try? EditRun.keep(["before.txt": before, "after.txt": files], changed: changed, in: folder)
        failed.failure! += "\nkept: \(folder.path)"
      }
      return failed
    }

    let first = try BuildOutput.fresh(options)
    if case .failed(let errors) = first {
      outcome.failure = "the \(variant) fixture does not build: \(errors)"
      return outcome
    }
    for index in builds.indices {
      let output = try builds[index].start()
      if let difference = OutputComparison.difference(fresh: first, other: output, name: builds[index].name) {
        return failure(0, builds[index], difference)
      }
    }
    var lastGood = site
    var failingFor = 0
    for index in 1...max(1, edits) where index <= edits {
      var next = site
      var description: String
      if failingFor >= 2, generator.random.chance(1, in: 2) {
        next = lastGood
        description = "back to the last site that built"
      } else {
        description = generator.edit(&next)
      }
      let nextFiles = next.files()
      changed = try EditRun.write(nextFiles, over: files, into: fixture)
      // Now and then a file is saved as it was (a touch), alone or with the edit.
      if generator.random.chance(1, in: 12) {
        let touched = generator.random.pick(nextFiles.keys.sorted())
        try fixture.write(nextFiles[touched]!, to: touched)
        changed = Array(Set(changed + [touched])).sorted()
        description += "; \(touched) saved unchanged"
      }
      history.append(description)
      site = next
      before = files
      files = nextFiles
      outcome.edits = index

      let fresh = try BuildOutput.fresh(options)
      for build in builds.indices {
        let output: BuildOutput
        do {
          output = try builds[build].apply(changedPaths: changed)
        } catch {
          return failure(index, builds[build], "\(error)")
        }
        if let difference = OutputComparison.difference(fresh: fresh, other: output, name: builds[build].name)
        {
          return failure(index, builds[build], difference)
        }
      }
      if fresh.isFailure {
        outcome.failingEdits += 1
        failingFor += 1
      } else {
        if failingFor > 0 { outcome.recoveries += 1 }
        failingFor = 0
        lastGood = site
      }
    }
    return outcome
  }

  /// The failure message: the seed, the variant, the edit and those before it, the difference,
  /// and the command that replays the run.
  private func message(
    edit index: Int, options: SiteBuilder.Options, history: [String], build: String, _ difference: String
  ) -> String {
    let drafts =
      (options.context.includesDrafts ? "drafts shown" : "drafts hidden")
      + (options.context.checksAnchors ? ", anchors checked" : "")
    let what = index == 0 ? "on the first build" : "after edit \(index) of \(edits) (\(history[index - 1]))"
    var text =
      "generated edits, seed \(seed), \(variant) site, \(drafts): \(what), \(build) differs from a fresh build:\n"
    text += difference + "\n"
    if !history.isEmpty {
      text += "edits:\n"
      let shown = history.enumerated().suffix(40)
      if shown.count < history.count { text += "  (\(history.count - shown.count) earlier edits)\n" }
      for (number, edit) in shown { text += "  \(number + 1). \(edit)\n" }
    }
    text +=
      "replay: FOLIO_EDIT_SEED=\(seed) FOLIO_EDIT_LENGTH=\(index) FOLIO_EDIT_COUNT=\(index) "
      + "FOLIO_EDIT_VARIANT=\(variant) swift test --filter GeneratedEditTests/longRun"
    return text
  }

  /// Writes the files of `new` that differ from `old` into `fixture` and removes those `old`
  /// had alone, with the folders they leave empty; returns what a file watcher reports: the
  /// paths of the files written or removed, and of the folders created or removed, sorted.
  static func write(_ new: [String: String], over old: [String: String], into fixture: SiteFixture) throws
    -> [String]
  {
    var changed: [String] = []
    for (path, text) in new where old[path] != text {
      // Written beside and renamed into place, as many editors save: a new file, so its stamp
      // differs from the old one's however soon after the last build (``RecordedBuild``).
      let file = fixture.url(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file, options: .atomic)
      changed.append(path)
    }
    for path in old.keys where new[path] == nil {
      try fixture.remove(path)
      changed.append(path)
    }
    let oldFolders = folders(of: old.keys)
    let newFolders = folders(of: new.keys)
    for folder in oldFolders.subtracting(newFolders).sorted(by: { $0.count > $1.count }) {
      if fixture.exists(folder) { try fixture.remove(folder) }
    }
    changed += oldFolders.symmetricDifference(newFolders)
    return changed.sorted()
  }

  /// Where a failed run keeps its project (`FOLIO_EDIT_KEEP`, a folder), or nil.
  private static func keptFolder(seed: UInt64, variant: EditedSite.Variant) -> URL? {
    ProcessInfo.processInfo.environment["FOLIO_EDIT_KEEP"].map {
      URL(fileURLWithPath: $0).appendingPathComponent("seed-\(seed)-\(variant)")
    }
  }

  /// Writes each project of `projects` as a fixture text (`-- path --` and the file), and the
  /// paths the edit changed, into `folder`.
  private static func keep(_ projects: [String: [String: String]], changed: [String], in folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, files) in projects {
      let text = files.keys.sorted().map { "-- \($0) --\n" + files[$0]! }.joined()
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    try Data(changed.map { $0 + "\n" }.joined().utf8).write(to: folder.appendingPathComponent("changed.txt"))
  }

  /// Every folder that holds one of `paths`, at any depth.
  private static func folders(of paths: some Sequence<String>) -> Set<String> {
    var folders: Set<String> = []
    for path in paths {
      var folder = EditedSite.folder(of: path)
      while !folder.isEmpty, folders.insert(folder).inserted {
        folder = EditedSite.folder(of: folder)
      }
    }
    return folders
  }
}
