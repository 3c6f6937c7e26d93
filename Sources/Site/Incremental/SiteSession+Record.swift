import BuildCache
import Diagnostics
import Dispatch
import Foundation
import SiteContent
import SiteOutput
import Synchronization

/// The build record (``BuildRecord``): a `folio build` whose inputs and output folder are as the
/// last recorded build left them writes nothing, and reports what that build reported.
extension SiteSession {
  /// The result of the last recorded build when nothing it read or wrote has changed since, or
  /// nil when this build must do the work: no record, another output folder, another setting or
  /// run choice, a file added, removed or changed below the folders a build reads, a page past
  /// its `expiryDate`, or the output folder changed since it was written.
  ///
  /// A record file that is there but cannot be used (from another Folio, damaged, refused by
  /// the cache folder's rules) is named in `note`: the build does all its work, and says why.
  /// Without an output folder the record is not read: the build does all its work anyway, and
  /// the record it keeps replaces the one there.
  ///
  /// The record read is left in `previous`: what it says of the output and its spare lets the
  /// build write only what changed (``BuildRecord/reuse(writingTo:)``).
  func upToDateResult(
    writingTo output: URL, note: inout Diagnostic?, previous: inout BuildRecord?
  ) -> SiteBuilder.Result? {
    let started = Date()
    let root = options.projectRoot
    // No record (a first build, a cleaned cache), or no output folder (CI, where the cache is
    // restored and the output is not): nothing else is looked at. Stamping 10,000 inputs and
    // looking up 10,000 absent outputs took 4% of such a build.
    guard !BuildRecord.isSurelyAbsent(in: root), !BuildRecord.isSurelyAbsent(output: output) else {
      return nil
    }
    // The inputs are stamped on another thread while this one reads the record and stamps the
    // output folder (with every core), which needs the record's list of files. The record is
    // read here, not on a worker: a worker's heap grows a page at a time (a thousand `mprotect`
    // calls on 10,000 pages, most of the time the reading took).
    var clock = StepClock()
    // A settings error is the build's to report, in full.
    let project = try? openProject(&clock)
    let settings = project.flatMap { project in
      isRecordable(project)
        ? try? ProjectKey.digest(of: project.configuration, files: project.files, context: project.context)
        : nil
    }
    let inputStamps = Mutex<ContentDigest?>(nil)
    let walk = DispatchGroup()
    if let configuration = project?.configuration, settings != nil {
      DispatchQueue.global(qos: .userInitiated).async(group: walk) {
        let history = configuration.lastUpdated == nil ? nil : SourceHistory.recordKey(ofProjectAt: root.path)
        let stamps = BuildRecord.inputStamps(of: configuration, in: root, history: history)
        inputStamps.withLock { $0 = stamps }
      }
    }
    let (stored, problem) = BuildRecord.read(in: root)
    var outputStamps: ContentDigest? = nil
    var entries: [(path: String, stamp: WrittenStamp)] = []
    var chunks: [ContentDigest] = []
    if let stored, stored.output == BuildRecord.realPath(of: output),
      started.timeIntervalSince1970 < stored.expires,
      BuildRecord.holdsOnly(stored.outputFiles, in: stored.output)
    {
      // What the record lists, and nothing beside it at the top. Each entry's stamp is kept
      // when the output can be linked from (its bytes are described): a build that does the
      // work then need not look them up again.
      (outputStamps, entries, chunks) = BuildRecord.outputStamps(
        of: output, files: stored.outputFiles, keepingEntries: !stored.outputDigests.isEmpty)
    }
    walk.wait()
    let inputs = settings.map { (settings: $0, stamps: inputStamps.withLock { $0 }) }
    previous = stored
    if let problem {
      note = SiteSession.cacheNote(
        "the build record \(CacheFolder.displayPath(BuildRecord.fileName)) \(problem); the build does all its work"
      )
    }
    guard let record = stored, let outputStamps, outputStamps == record.outputStamps, let inputs,
      inputs.settings == record.settings, let stamps = inputs.stamps, stamps == record.inputs
    else {
      // What the build goes on with is the record's description of the outputs; its warnings
      // (220,000 at 100,000 pages of the bench) would only stay in memory. The entries found
      // are put in a table only now: an up-to-date build never looks one up.
      previous?.warnings = []
      if let outputStamps, outputStamps == stored?.outputStamps {
        previous?.outputEntries = Dictionary(entries, uniquingKeysWith: { first, _ in first })
        previous?.outputChunks = chunks
      }
      return nil
    }
    var result = SiteBuilder.Result(
      files: [:], warnings: record.warnings, pageCount: record.pageCount,
      timings: [("up to date", Date().timeIntervalSince(started))])
    result.upToDate = (record.fileCount, record.byteCount)
    return result
  }

  /// The record of the full build that just made `result`, started at `start`, to be kept once
  /// its files are in `output`; nil when the build read what no record can stand for. The
  /// output the record `previous` describes is the one this build replaces, kept as the spare.
  ///
  /// `clock` is the stamp of a file made as the build started, before it read anything
  /// (``CacheFolder/clockStamp()``): what a file's times are measured against (``StampTrust``).
  func record(
    of result: SiteBuilder.Result, startedAt start: timespec, clock: WrittenStamp?, output: URL,
    replacing previous: BuildRecord?
  ) -> BuildRecord? {
    guard let project, isRecordable(project),
      let settings = try? ProjectKey.digest(
        of: project.configuration, files: project.files, context: project.context)
    else { return nil }
    // A file changed as the build began, or since, may have changed after it was read with the
    // same times: its stamp does not vouch for what the build read.
    let trust = StampTrust(clock: clock, start: start, margin: options.stampMargin)
    // Taken on another thread while the caller writes the output; the record is kept only
    // once they are.
    let configuration = project.configuration
    let root = options.projectRoot
    // The history as it was when the dates were read: a commit made since makes the next build
    // do the work.
    let history = project.historyKey
    let inputs = StampJob {
      BuildRecord.inputStamps(of: configuration, in: root, history: history, trusting: trust)
    }
    let startSeconds = Double(start.tv_sec) + Double(start.tv_nsec) / 1e9
    let expires = pagesByPath.values.compactMap { PageLoader.expiry(of: $0, after: startSeconds) }.min()
    // Notes about the cache file are about this run's cache, not about the site.
    let notes = Set(cacheNotes)
    // Taken once: it sums the bytes of every file.
    let size = result.size
    var record = BuildRecord(
      settings: settings, inputs: inputs, expires: expires ?? .infinity,
      output: BuildRecord.realPath(of: output),
      // In the dictionary's order: the record is the file system's stamps, never the same
      // twice, so sorting 100,000 paths (a second of CPU time at 1 million) would buy nothing.
      outputFiles: result.paths + [OutputDirectory.markerName],
      warnings: result.warnings.filter { !notes.contains($0) }, pageCount: result.pageCount,
      fileCount: size.files, byteCount: size.bytes,
      projectRoot: options.projectRoot)
    if let previous, previous.output == BuildRecord.realPath(of: output) {
      record.spare = previous.generation
    }
    return record
  }

  /// Whether a build of `project` reads only what a record stands for: not Chromium's PDFs, not
  /// the network. Git's history (`lastUpdated: git`) is stood for by the commit its dates were
  /// read from (``BuildRecord/inputStamps(of:in:history:trusting:)``).
  func isRecordable(_ project: Project) -> Bool {
    !makesBookPDFs(project.configuration) && !project.context.collectsExternalLinks
  }
}
