import BuildCache
import Diagnostics
import Dispatch
import Foundation
import SiteContent
import SiteOutput
import Synchronization

/// What a finished `folio build` read and wrote, kept in `.folio/cache/build`, so that the next
/// build with the same inputs, into an output folder as this one left it, writes nothing and
/// says so (as make and ninja skip a target whose inputs did not change).
///
/// The record holds digests, not files: the settings and the run's choices (``ProjectKey``),
/// the stamps of every file below the folders a build reads (``FileStamps``: `folio.yaml`,
/// `i18n/`, `Content/`, `Templates/`, the mounted folders), the instant the site next changes by
/// itself (a page's `expiryDate`), the output folder and the stamps of every file in it, and
/// what the build reported (its warnings and counts), which an up-to-date build reports again.
///
/// A build that reads anything else is never recorded: Git dates (`lastUpdated: git`), books'
/// PDFs (Chromium's output), external links. The file is written and read through
/// ``CacheFolder`` as a ``CachePack`` (named writer, checksum), so a record from another Folio,
/// a damaged one or a planted link is not used.
public struct BuildRecord: Sendable {
  /// The name of the file in `.folio/cache/`.
  static let fileName = "build"

  /// The digest of the settings and the run's choices.
  var settings: ContentDigest
  /// The digest of the inputs' stamps, or nil when an input changed while the build read it:
  /// such a record never makes a build up to date, but still describes the output.
  var inputs: ContentDigest?
  /// The inputs' stamps being taken, for a record not yet kept.
  private var inputJob: StampJob? = nil
  /// Seconds since 1970 at which a page expires, so the site changes without an edit.
  var expires: Double
  /// The output folder's real path.
  var output: String
  /// The digest of the output folder's stamps as the build left it.
  var outputStamps = ContentDigest(high: 0, low: 0)
  /// The files the build wrote, relative to the output folder, Folio's marker included.
  var outputFiles: [String]
  /// The digest of each of ``outputFiles``' bytes, in the same order (the marker's is zero):
  /// what lets the output, once replaced, be the next build's spare (``OutputReuse``).
  var outputDigests: [ContentDigest] = []
  /// The output the build replaced, kept beside the output as the spare, as the previous
  /// record described it; nil when none is kept. Decoded from the record file when first asked
  /// for (an up-to-date build never is); a spare whose paths the record cannot vouch for is
  /// none.
  var spare: Generation? {
    get { spareSource.value }
    set { spareSource = DecodedOnFirstUse(newValue) }
  }
  private var spareSource = DecodedOnFirstUse<Generation?>(nil)
  /// The stamp of each entry of the output this record describes, by path, as the up-to-date
  /// check found them when they matched ``outputStamps`` (not stored): the next build links
  /// files from that output without looking them up again. Empty when not known.
  var outputEntries: [String: WrittenStamp] = [:]
  /// The digests of the runs of ``outputStamps`` as the up-to-date check found them (not stored).
  var outputChunks: [ContentDigest] = []

  /// An output as a build wrote it: its files, the digests of their bytes, and the digest of
  /// its entries' stamps (``outputStamps(of:files:known:)``).
  struct Generation: Sendable {
    var files: [String]
    var digests: [ContentDigest]
    var stamps: ContentDigest
    /// The digests of the runs ``stamps`` combines, when the up-to-date check took them (not
    /// stored): a build that changes a few entries digests again only the runs that hold them.
    var chunks: [ContentDigest] = []
  }

  /// What the build reported.
  var warnings: [Diagnostic]
  var pageCount: Int
  var fileCount: Int
  var byteCount: Int
  /// The project the record is for (not stored: the file is in it).
  let projectRoot: URL

  /// The stamps of every file a build of `project` reads below `root`, or nil when `trust`
  /// does not trust one of them (it may have changed while the build was reading it).
  ///
  /// With `lastUpdated: git`, the pages' dates come from the Git history too: `history` is what
  /// stands for it (``SourceHistory/recordKey(ofProjectAt:)``), and without one (a shallow clone)
  /// there is no digest.
  static func inputStamps(
    of configuration: SiteConfiguration, in root: URL, history: String?,
    trusting trust: StampTrust? = nil
  ) -> ContentDigest? {
    if configuration.lastUpdated != nil, history == nil { return nil }
    var stamps = FileStamps(root: root.path, trusting: trust)
    for input in configuration.inputPaths {
      if input.descends {
        stamps.add(input.path)
      } else {
        stamps.add(filesIn: input.path) { ContentFiles.readsTopFile($0) && !EditorDropping.isDropping($0) }
      }
    }
    guard let digest = stamps.digest else { return nil }
    guard configuration.lastUpdated != nil, let history else { return digest }
    return ContentDigest(combining: [digest, ContentDigest(of: history)])
  }

  /// The stamps of the output folder at `url`: of `files` in it and of the folders below it
  /// that hold them (whose times change when anything else is put in them). The folder's own
  /// stamp is not among them, as moving it changes it: ``holdsOnly(_:in:)`` lists it instead.
  ///
  /// The files are looked up in ``outputChunks`` runs on every core, each with its own digest;
  /// the runs are fixed by the list alone, so the same folder gives the same digest.
  ///
  /// An entry `known` holds is stamped as the build wrote it (``StagedOutput/stamps``), not
  /// looked up again: the same digest, without 20,000 look-ups after the output is in place.
  static func outputStamps(of url: URL, files: [String], known: [String: WrittenStamp] = [:])
    -> ContentDigest?
  {
    outputStamps(of: url, files: files, known: known, keepingEntries: false).digest
  }

  /// The stamps of the output folder at `url`, as ``outputStamps(of:files:known:)`` digests
  /// them, and, with `keepingEntries`, the stamp of each entry looked up, by path: what a build
  /// that links files from this output checks them against (``reuse(writingTo:)``). A path may
  /// be listed twice (a folder at the end of one run and the start of the next), with the same
  /// stamp unless it changed in between.
  static func outputStamps(
    of url: URL, files: [String], known: [String: WrittenStamp] = [:], keepingEntries: Bool
  ) -> (digest: ContentDigest?, entries: [(path: String, stamp: WrittenStamp)], chunks: [ContentDigest]) {
    let parts = Mutex<[(ContentDigest?, [(path: String, stamp: WrittenStamp)])?]>(
      Array(repeating: nil, count: outputChunks))
    DispatchQueue.concurrentPerform(iterations: outputChunks) { chunk in
      var stamps = FileStamps(root: url.path)
      stamps.keepsEntries = keepingEntries
      stamps.add(listed: files[chunkRange(chunk, of: files.count)], known: known)
      let part = (stamps.digest, stamps.entries)
      parts.withLock { $0[chunk] = part }
    }
    let found = parts.withLock { $0 }.compactMap { $0 }
    let entries = keepingEntries ? found.flatMap(\.1) : []
    let digests = found.compactMap(\.0)
    guard digests.count == outputChunks else { return (nil, entries, []) }
    return (ContentDigest(combining: digests), entries, digests)
  }

  /// The files of the run `chunk` of ``outputChunks``, among `count`: fixed by the count alone.
  private static func chunkRange(_ chunk: Int, of count: Int) -> Range<Int> {
    count * chunk / outputChunks..<count * (chunk + 1) / outputChunks
  }

  /// The digest of the stamps of the output `generation` describes, now at `url`, when the files
  /// at `changed` have the stamps `stamps` gives (every other entry as ``Generation/chunks``
  /// digested it): only the runs that hold a changed file are digested again, or all of them
  /// when the runs are not known, from `stamps` (an entry it lacks is looked up in `url`). Nil
  /// when a changed file is gone.
  static func outputStamps(
    of generation: Generation, changing changed: Set<String>, to stamps: [String: WrittenStamp], in url: URL
  ) -> ContentDigest? {
    guard changed.allSatisfy({ stamps[$0] != nil }) else { return nil }
    let knowsRuns = generation.chunks.count == outputChunks
    var chunks =
      knowsRuns ? generation.chunks : Array(repeating: ContentDigest(high: 0, low: 0), count: outputChunks)
    for chunk in 0..<outputChunks {
      let files = generation.files[chunkRange(chunk, of: generation.files.count)]
      guard !knowsRuns || files.contains(where: changed.contains) else { continue }
      var run = FileStamps(root: url.path)
      run.add(listed: files, known: stamps)
      guard let digest = run.digest else { return nil }
      chunks[chunk] = digest
    }
    return ContentDigest(combining: chunks)
  }

  /// How many runs the output's files are stamped in.
  static let outputChunks = 8

  /// The real path of the output folder at `url`.
  static func realPath(of url: URL) -> String {
    url.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Keeps the record once `staged` has put the build's files in the output folder at `url`
  /// (and only then: the record says what that folder holds). Returns a note when it could not
  /// be written, which only means the next build does the work again.
  ///
  /// What the record keeps comes from the staged output: the stamps of the output's files and
  /// folders as the build wrote them (those it lacks are looked up), the digest of each file's
  /// bytes (with them the output can be the next build's spare once this one is replaced), and
  /// its paths in byte order, so that a file changed next time is in one run of the stamps.
  ///
  /// Of the spare, the output this build replaced, it takes the stamps as the build left them
  /// (``StagedOutput/replacedStamps``) and the entries whose stamps changed (the files the new
  /// output links to, or no longer does, changed their change times). With no entry changed the
  /// spare is as the last record described it; with a changed file gone, or with no stamps (the
  /// output replaced was not as its record said, and was not kept), the record describes no
  /// spare.
  public func save(afterFinishing staged: StagedOutput, in url: URL) -> Diagnostic? {
    var record = self
    let paths = staged.paths
    if paths.count + 1 == outputFiles.count { record.outputFiles = paths + [OutputDirectory.markerName] }
    let replaced = staged.replacedStamps
    let changed = staged.replacedChanges
    if replaced.isEmpty { record.spare = nil }
    if var spare = record.spare, !changed.isEmpty {
      // The runs that hold a changed file digested again, from what the build found of the
      // entries (anything not found there is looked up in the spare). A changed file gone means
      // no spare is described.
      if let stamps = BuildRecord.outputStamps(
        of: spare, changing: changed, to: replaced, in: OutputDirectory.spare(of: url))
      {
        spare.stamps = stamps
        record.spare = spare
      } else {
        record.spare = nil
      }
    }
    if let inputJob {
      // Nil when an input changed during the build: the next build does the work, and
      // starts from this one's output, which the record still describes.
      record.inputs = inputJob.wait()
    }
    guard realPath(of: url) == output,
      let stamps = BuildRecord.outputStamps(of: url, files: record.outputFiles, known: staged.stamps)
    else {
      return nil
    }
    record.outputStamps = stamps
    let zero = ContentDigest(high: 0, low: 0)
    let digests = staged.digests
    let files = record.outputFiles
    let described = files.allSatisfy { $0 == OutputDirectory.markerName || digests[$0] != nil }
    record.outputDigests = described ? files.map { digests[$0] ?? zero } : []
    do throws(CacheFolder.Refusal) {
      try CacheFolder(projectRoot: projectRoot).write(BuildRecord.fileName) {
        (append: ([UInt8]) throws(CacheFolder.Refusal) -> Void) throws(CacheFolder.Refusal) in
        // The pack writer keeps `append` only while it writes, inside this call.
        try withoutActuallyEscaping(append) { (append) throws(CacheFolder.Refusal) in
          try record.write(to: append)
        }
      }
      return nil
    } catch {
      return SiteSession.cacheNote(
        "the build record \(CacheFolder.displayPath(BuildRecord.fileName)) \(error.reason); the next build does the work again"
      )
    }
  }

  private func realPath(of url: URL) -> String { BuildRecord.realPath(of: url) }

  /// The record kept for the project at `root`, or nil when there is none, or it is from
  /// another Folio, damaged, or refused by the cache folder's rules.
  static func stored(in root: URL) -> BuildRecord? { read(in: root).record }

  /// Whether the project at `root` surely has no record: `.folio/cache/` holds no entry of its
  /// name, or one of those folders is absent. Looked up without following a link: where one is
  /// on the way, the record is not surely absent, and reading it (``read(in:)``) says why it is
  /// not used.
  static func isSurelyAbsent(in root: URL) -> Bool {
    var info = stat()
    var path = root.path
    for component in [".folio", "cache", fileName] {
      path += "/" + component
      if lstat(path, &info) != 0 { return errno == ENOENT }
      if component != fileName, info.st_mode & S_IFMT != S_IFDIR { return false }
    }
    return false
  }

  /// Whether the output folder at `url` is surely absent, so that no record can say it holds
  /// what a build would write: nothing there, not even a link.
  static func isSurelyAbsent(output url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) != 0 && errno == ENOENT
  }

  /// The record kept for the project at `root`; when a file is there but is no record this
  /// Folio can use, nil and why, as the end of a sentence that starts with the file's path
  /// ("was written by Folio 0.9", "does not match its checksum (damaged)").
  static func read(in root: URL) -> (record: BuildRecord?, problem: String?) {
    let bytes: [UInt8]
    do throws(CacheFolder.Refusal) {
      guard let read = try CacheFolder(projectRoot: root).read(fileName) else { return (nil, nil) }
      bytes = read
    } catch {
      return (nil, error.reason)
    }
    let pack: CachePack
    do throws(CachePack.Unusable) {
      pack = try CachePack(decoding: bytes, writer: ProjectKey.writer)
    } catch {
      return (nil, error.explanation)
    }
    do throws(CacheReader.Malformed) {
      return (try BuildRecord(reading: pack, projectRoot: root), nil)
    } catch {
      return (nil, "holds no build record this Folio can read")
    }
  }

  /// How many warnings, and how many output paths, one entry of the pack holds: a record is
  /// written an entry at a time, so that 220,000 warnings (the 100,000-page bench) are never
  /// encoded whole beside the build's output (about 55 MB, and as much again for the copy).
  static let warningsPerEntry = 2048
  static let pathsPerEntry = 8192

  /// What this record, kept by the last build into the output folder at `url`, says of the
  /// outputs the next build replaces: the spare to start from, and whether the output now in
  /// place can be the next spare. Nil for another output folder.
  func reuse(writingTo url: URL) -> OutputReuse? {
    guard realPath(of: url) == output else { return nil }
    return OutputReuse(
      spare: self.spare.flatMap { BuildRecord.described($0) },
      replaced: generation.flatMap { BuildRecord.described($0, checked: outputEntries) },
      keepsReplacedOutput: !outputDigests.isEmpty)
  }

  /// An output as ``OutputReuse`` takes it: its files' digests by path, checked by their stamps
  /// (or, when `checked` holds them, as found by the up-to-date check); nil when its bytes are
  /// not known.
  private static func described(_ generation: Generation, checked: [String: WrittenStamp] = [:])
    -> SpareGeneration?
  {
    guard !generation.digests.isEmpty else { return nil }
    var digests: [String: ContentDigest] = [:]
    digests.reserveCapacity(generation.files.count)
    for (path, digest) in zip(generation.files, generation.digests) where path != OutputDirectory.markerName {
      digests[path] = digest
    }
    return SpareGeneration(digests: digests) { folder in
      checked.isEmpty ? BuildRecord.stamps(of: folder, holding: generation) : checked
    }
  }

  /// The output as written (the spare of the next build), or nil when its bytes' digests are
  /// not known.
  var generation: Generation? {
    outputDigests.isEmpty
      ? nil
      : Generation(files: outputFiles, digests: outputDigests, stamps: outputStamps, chunks: outputChunks)
  }

  /// The stamps of the entries of the folder at `path` when it holds exactly `generation`: its
  /// files and the folders that hold them, each with the stamp it had when written, and nothing
  /// else (a file added to a folder changes the folder's times; the top folder, whose times
  /// moving it changed, is listed instead). Nil otherwise.
  static func stamps(of path: String, holding generation: Generation) -> [String: WrittenStamp]? {
    guard holdsOnly(OutputDirectory.spareEntries(holding: generation.files), in: path) else { return nil }
    let entries = generation.files + OutputPath.folders(holding: generation.files)
    let stamps = OutputDirectory.stamps(of: entries, in: path)
    guard stamps.count == entries.count,
      outputStamps(of: URL(fileURLWithPath: path), files: generation.files, known: stamps)
        == generation.stamps
    else { return nil }
    return stamps
  }

  /// Whether the top of the folder at `path` holds only what `files` need there (their first
  /// names): what the folder's own stamp, left out of ``outputStamps(of:files:known:)``, would
  /// have shown. A name the list needs and the folder lacks is seen by the stamps.
  static func holdsOnly(_ files: [String], in path: String) -> Bool {
    // In byte order, a name's files come one after another: each is put in the set once.
    var top: Set<Substring> = []
    var last: Substring = ""
    for file in files {
      let name = file[..<(file.utf8.firstIndex(of: UInt8(ascii: "/")) ?? file.endIndex)]
      if name != last {
        top.insert(name)
        last = name
      }
    }
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else { return false }
    defer { close(folder) }
    return FolderListing.entries(of: folder).allSatisfy { top.contains(Substring($0.name)) }
  }

  /// How many entries `count` items take, `perEntry` to an entry.
  private static func entries(_ count: Int, _ perEntry: Int) -> Int { (count + perEntry - 1) / perEntry }

  /// The key of the pack's entry `index`: the entries are the record's parts in order.
  static func entryKey(_ index: Int) -> ContentDigest { ContentDigest(high: 0, low: UInt64(index)) }

  /// Writes the record as the pack file that keeps it, an entry at a time, through `emit`:
  /// first the fields and counts, then the output's paths and the warnings in runs.
  func write<Failure: Error>(to emit: @escaping ([UInt8]) throws(Failure) -> Void) throws(Failure) {
    // The output and the spare, each a list of paths with their bytes' digests (none when the
    // output is not described: the next build then keeps no spare).
    let current = Generation(files: outputFiles, digests: outputDigests, stamps: outputStamps)
    let generations = [current] + (spare.map { [$0] } ?? [])
    let pathEntries = generations.reduce(0) { $0 + Self.entries($1.files.count, Self.pathsPerEntry) }
    let warningEntries = Self.entries(warnings.count, Self.warningsPerEntry)
    var pack = CachePackWriter<Failure>(
      entryCount: 1 + pathEntries + warningEntries, build: 0, writer: ProjectKey.writer, emit: emit)
    var head = CacheWriter(capacity: 256)
    head.write(settings)
    head.write(inputs != nil)
    head.write(inputs ?? ContentDigest(high: 0, low: 0))
    head.write(expires.bitPattern)
    head.write(output)
    head.write(pageCount)
    head.write(fileCount)
    head.write(byteCount)
    head.write(warnings.count)
    head.write(generations.count)
    for generation in generations {
      head.write(generation.files.count)
      head.write(!generation.digests.isEmpty)
      head.write(generation.stamps)
    }
    try pack.append(key: Self.entryKey(0), lastUsed: 0, payload: head.takeBytes())
    var index = 1
    for generation in generations {
      let files = generation.files
      for start in stride(from: 0, to: files.count, by: Self.pathsPerEntry) {
        var out = CacheWriter(capacity: Self.pathsPerEntry * 56)
        for position in start..<min(start + Self.pathsPerEntry, files.count) {
          out.write(files[position])
          if !generation.digests.isEmpty { out.write(generation.digests[position]) }
        }
        try pack.append(key: Self.entryKey(index), lastUsed: 0, payload: out.takeBytes())
        index += 1
      }
    }
    for start in stride(from: 0, to: warnings.count, by: Self.warningsPerEntry) {
      var out = CacheWriter(capacity: Self.warningsPerEntry * 160)
      for warning in warnings[start..<min(start + Self.warningsPerEntry, warnings.count)] {
        out.write(warning)
      }
      try pack.append(key: Self.entryKey(index), lastUsed: 0, payload: out.takeBytes())
      index += 1
    }
    try pack.finish()
  }

  /// A record of the build that just ended, whose inputs are being stamped by `inputs`.
  init(
    settings: ContentDigest, inputs: StampJob, expires: Double, output: String, outputFiles: [String],
    warnings: [Diagnostic], pageCount: Int, fileCount: Int, byteCount: Int, projectRoot: URL
  ) {
    self.outputFiles = outputFiles
    self.settings = settings
    self.inputs = nil
    self.inputJob = inputs
    self.expires = expires
    self.output = output
    self.warnings = warnings
    self.pageCount = pageCount
    self.fileCount = fileCount
    self.byteCount = byteCount
    self.projectRoot = projectRoot
  }

  private init(reading pack: CachePack, projectRoot: URL) throws(CacheReader.Malformed) {
    var index = 0
    func next() throws(CacheReader.Malformed) -> CacheReader {
      defer { index += 1 }
      return try BuildRecord.reader(of: pack, entry: index)
    }
    var head = try next()
    settings = try head.readDigest()
    let trustsInputs = try head.readBool()
    let inputs = try head.readDigest()
    self.inputs = trustsInputs ? inputs : nil
    expires = Double(bitPattern: try head.readUInt64())
    output = try head.readString()
    pageCount = try head.readInt()
    fileCount = try head.readInt()
    byteCount = try head.readInt()
    // Counts checked against what the pack holds before anything is allocated for them.
    let warningCount = try head.readInt()
    let generationCount = try head.readInt()
    guard warningCount >= 0, generationCount == 1 || generationCount == 2 else {
      throw CacheReader.Malformed()
    }
    var heads: [(count: Int, hasDigests: Bool, stamps: ContentDigest)] = []
    for _ in 0..<generationCount {
      let count = try head.readInt()
      let hasDigests = try head.readBool()
      guard count >= 0 else { throw CacheReader.Malformed() }
      heads.append((count, hasDigests, try head.readDigest()))
    }
    let pathEntries = heads.reduce(0) { $0 + Self.entries($1.count, Self.pathsPerEntry) }
    guard head.isAtEnd,
      pack.entries.count == 1 + pathEntries + Self.entries(warningCount, Self.warningsPerEntry)
    else { throw CacheReader.Malformed() }
    let current = try Self.generation(in: pack, from: 1, described: heads[0])
    index = 1 + Self.entries(heads[0].count, Self.pathsPerEntry)
    if heads.count == 2 {
      let first = index
      let spareHead = heads[1]
      spareSource = DecodedOnFirstUse {
        try? BuildRecord.generation(in: pack, from: first, described: spareHead)
      }
      index += Self.entries(spareHead.count, Self.pathsPerEntry)
    }
    var warnings: [Diagnostic] = []
    warnings.reserveCapacity(min(warningCount, pack.bytes.count))
    while warnings.count < warningCount {
      var reader = try next()
      while !reader.isAtEnd { warnings.append(try reader.readDiagnostic()) }
    }
    guard warnings.count == warningCount else { throw CacheReader.Malformed() }
    outputFiles = current.files
    outputDigests = current.digests
    outputStamps = current.stamps
    self.warnings = warnings
    self.projectRoot = projectRoot
  }

  /// A reader of the pack's entry `index` (the record's parts are its entries in order).
  private static func reader(of pack: CachePack, entry index: Int) throws(CacheReader.Malformed)
    -> CacheReader
  {
    guard let payload = pack.payload(for: entryKey(index)) else { throw CacheReader.Malformed() }
    return CacheReader(payload)
  }

  /// The generation whose paths the pack holds from its entry `first` on, as `head` describes
  /// it (how many paths, whether with their bytes' digests, the digest of their stamps).
  private static func generation(
    in pack: CachePack, from first: Int, described head: (count: Int, hasDigests: Bool, stamps: ContentDigest)
  ) throws(CacheReader.Malformed) -> Generation {
    var paths: [String] = []
    var digests: [ContentDigest] = []
    // Each path takes at least a byte of the file: no count reserves more than it could hold.
    paths.reserveCapacity(min(head.count, pack.bytes.count))
    var index = first
    while paths.count < head.count {
      var reader = try BuildRecord.reader(of: pack, entry: index)
      index += 1
      while !reader.isAtEnd {
        // The paths are looked up in the output folder and its spare: a planted record naming
        // `../x` or an absolute path would have the check look outside them. Only what the
        // output writer accepts (and its marker) is a path of a record.
        let path = try reader.readString()
        guard path == OutputDirectory.markerName || (try? OutputPath.check(decodedURLPath: path)) != nil
        else {
          throw CacheReader.Malformed()
        }
        paths.append(path)
        if head.hasDigests { digests.append(try reader.readDigest()) }
      }
    }
    guard paths.count == head.count else { throw CacheReader.Malformed() }
    return Generation(files: paths, digests: digests, stamps: head.stamps)
  }
}

/// Stamps taken on a thread of their own (``BuildRecord/inputStamps(of:in:history:trusting:)``),
/// waited for when the record is kept.
final class StampJob: Sendable {
  private let group = DispatchGroup()
  private let digest = Mutex<ContentDigest?>(nil)

  /// Starts `work` at once.
  init(_ work: @escaping @Sendable () -> ContentDigest?) {
    group.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let stamps = work()
      digest.withLock { $0 = stamps }
      group.leave()
    }
  }

  /// The stamps' digest once taken; nil when a file changed too recently to be trusted.
  func wait() -> ContentDigest? {
    group.wait()
    return digest.withLock { $0 }
  }
}
