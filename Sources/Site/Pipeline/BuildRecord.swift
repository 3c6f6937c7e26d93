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
  /// The key of the pack's one entry; a new layout of the record changes it.
  static let entryKey = ContentDigest(of: "build record 2")

  /// The digest of the settings and the run's choices.
  var settings: ContentDigest
  /// The digest of the inputs' stamps.
  var inputs: ContentDigest
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
  /// What the build reported.
  var warnings: [Diagnostic]
  var pageCount: Int
  var fileCount: Int
  var byteCount: Int
  /// The project the record is for (not stored: the file is in it).
  let projectRoot: URL

  /// The stamps of every file a build of `project` reads below `root`, or nil when one of them
  /// changed at or after `limit` (while the build may have been reading it).
  static func inputStamps(
    of configuration: SiteConfiguration, in root: URL, trustingChangesBefore limit: timespec? = nil
  ) -> ContentDigest? {
    var stamps = FileStamps(root: root.path, trustingChangesBefore: limit)
    for input in configuration.inputPaths {
      if input.descends {
        stamps.add(input.path)
      } else {
        stamps.add(filesIn: input.path) { ContentFiles.readsTopFile($0) && !EditorDropping.isDropping($0) }
      }
    }
    return stamps.digest
  }

  /// The stamps of the output folder at `url`: of `files` in it and of the folders that hold
  /// them (whose times change when anything else is put in them).
  ///
  /// The files are looked up in ``outputChunks`` runs on every core, each with its own digest;
  /// the runs are fixed by the list alone, so the same folder gives the same digest.
  static func outputStamps(of url: URL, files: [String]) -> ContentDigest? {
    let digests = Mutex<[ContentDigest?]>(Array(repeating: nil, count: outputChunks))
    DispatchQueue.concurrentPerform(iterations: outputChunks) { chunk in
      var stamps = FileStamps(root: url.path)
      stamps.add(listed: files[files.count * chunk / outputChunks..<files.count * (chunk + 1) / outputChunks])
      let digest = stamps.digest
      digests.withLock { $0[chunk] = digest }
    }
    let parts = digests.withLock { $0 }.compactMap { $0 }
    return parts.count == outputChunks ? ContentDigest(combining: parts) : nil
  }

  /// How many runs the output's files are stamped in.
  static let outputChunks = 8

  /// The real path of the output folder at `url`.
  static func realPath(of url: URL) -> String {
    url.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Keeps the record once the build's files are in the output folder at `url` (and only then:
  /// the record says what that folder holds). Returns a note when it could not be written,
  /// which only means the next build does the work again.
  public func save(afterWritingTo url: URL) -> Diagnostic? {
    var record = self
    if let inputJob {
      // An input changed during the build: nothing to keep.
      guard let inputs = inputJob.wait() else { return nil }
      record.inputs = inputs
    }
    guard realPath(of: url) == output, let stamps = BuildRecord.outputStamps(of: url, files: outputFiles)
    else {
      return nil
    }
    record.outputStamps = stamps
    do throws(CacheFolder.Refusal) {
      try CacheFolder(projectRoot: projectRoot).write(BuildRecord.fileName, record.encoded())
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
  static func stored(in root: URL) -> BuildRecord? {
    guard let bytes = try? CacheFolder(projectRoot: root).read(fileName),
      let pack = try? CachePack(decoding: bytes, writer: ProjectKey.writer),
      let payload = pack.payload(for: entryKey)
    else { return nil }
    var reader = CacheReader(payload)
    return try? BuildRecord(reading: &reader, projectRoot: root)
  }

  /// The record as the pack file that keeps it.
  func encoded() -> [UInt8] {
    var out = CacheWriter(capacity: 256 + warnings.count * 128)
    out.write(settings)
    out.write(inputs)
    out.write(expires.bitPattern)
    out.write(output)
    out.write(outputStamps)
    out.write(outputFiles) { $0.write($1) }
    out.write(pageCount)
    out.write(fileCount)
    out.write(byteCount)
    out.write(warnings) { out, warning in
      out.write(warning.severity.rawValue)
      out.write(warning.message)
      out.write(warning.location != nil)
      if let location = warning.location {
        out.write(location.path)
        out.write(location.line)
        out.write(location.column)
      }
      out.write(warning.hint)
      out.write(warning.notes) { $0.write($1) }
    }
    let payload = out.takeBytes()
    return CachePack.encode(
      [(key: BuildRecord.entryKey, lastUsed: 0, payload: payload[...])], build: 0, writer: ProjectKey.writer)
  }

  /// A record of the build that just ended, whose inputs are being stamped by `inputs`.
  init(
    settings: ContentDigest, inputs: StampJob, expires: Double, output: String, outputFiles: [String],
    warnings: [Diagnostic], pageCount: Int, fileCount: Int, byteCount: Int, projectRoot: URL
  ) {
    self.outputFiles = outputFiles
    self.settings = settings
    self.inputs = ContentDigest(high: 0, low: 0)
    self.inputJob = inputs
    self.expires = expires
    self.output = output
    self.warnings = warnings
    self.pageCount = pageCount
    self.fileCount = fileCount
    self.byteCount = byteCount
    self.projectRoot = projectRoot
  }

  private init(reading reader: inout CacheReader, projectRoot: URL) throws(CacheReader.Malformed) {
    settings = try reader.readDigest()
    inputs = try reader.readDigest()
    expires = Double(bitPattern: try reader.readUInt64())
    output = try reader.readString()
    outputStamps = try reader.readDigest()
    outputFiles = try reader.readArray { (reader) throws(CacheReader.Malformed) in try reader.readString() }
    pageCount = try reader.readInt()
    fileCount = try reader.readInt()
    byteCount = try reader.readInt()
    warnings = try reader.readArray { (reader) throws(CacheReader.Malformed) in
      guard let severity = Diagnostic.Severity(rawValue: try reader.readString()) else {
        throw CacheReader.Malformed()
      }
      let message = try reader.readString()
      var location: SourceLocation? = nil
      if try reader.readBool() {
        location = SourceLocation(
          path: try reader.readString(), line: try reader.readInt(), column: try reader.readInt())
      }
      let hint = try reader.readOptionalString()
      let notes = try reader.readArray { (reader) throws(CacheReader.Malformed) in try reader.readString() }
      return Diagnostic(severity, message, at: location, hint: hint, notes: notes)
    }
    guard reader.isAtEnd else { throw CacheReader.Malformed() }
    self.projectRoot = projectRoot
  }
}

/// Stamps taken on a thread of their own (``BuildRecord/inputStamps(of:in:trustingChangesBefore:)``),
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
