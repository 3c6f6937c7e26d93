import BuildCache

/// What the last build's record says of the outputs a build replaces, handed to
/// ``StagedOutput/reuse(_:)`` before the first batch: the spare to start from, the output being
/// replaced, and whether that output is to become the next spare.
///
/// A build into a kept output folder keeps the output it replaces beside it
/// (`.NAME.folio-spare-PID`, ``StagingFolder``) rather than removing it. The next build moves
/// that spare to its staging folder, checks that it is as it was written, and writes only the
/// files whose bytes differ from it: on 10,000 pages one changed page writes a few dozen files
/// instead of 10,000, and removes nothing. The output stays atomic: the staging folder still takes
/// the output's place in one step.
///
/// A file whose bytes the output being replaced holds is a hard link to that output's file, not
/// a copy: the output and the spare share every file that did not change between them, so the
/// spare takes the disk of what changed, not of a second site. Folio never writes into a file
/// it has linked (it writes a new file in its place), so the output in place is never touched.
public struct OutputReuse: Sendable {
  /// The spare beside the output as the record describes it, or nil when the record describes
  /// none.
  public var spare: SpareGeneration?
  /// The output this build replaces as the record describes it, or nil when the record does not
  /// describe its bytes (nothing is linked from it then).
  public var replaced: SpareGeneration?
  /// Whether the record describes the output this build replaces, so that it can be the next
  /// build's spare; otherwise it is removed, as a spare nothing describes is of no use.
  public var keepsReplacedOutput: Bool

  /// A choice of spare, of the output to link unchanged files from, and of what becomes of the
  /// replaced output.
  public init(spare: SpareGeneration?, replaced: SpareGeneration? = nil, keepsReplacedOutput: Bool) {
    self.spare = spare
    self.replaced = replaced
    self.keepsReplacedOutput = keepsReplacedOutput
  }
}

/// A previous output (the spare, or the output in place) as a build wrote it: the digest of each
/// file's bytes, and how to check that a folder still holds exactly that.
public struct SpareGeneration: Sendable {
  /// The digest of each file's bytes (``ContentDigest``), by path relative to the folder; Folio's
  /// marker is not among them.
  public var digests: [String: ContentDigest]
  /// The stamps of the entries of the folder at the given path when it holds exactly what was
  /// written (the same entries with the same stamps, nothing added), or nil.
  public var verify: @Sendable (_ folder: String) -> [String: WrittenStamp]?

  /// A generation of `digests`, checked by `verify`.
  public init(
    digests: [String: ContentDigest],
    verify: @escaping @Sendable (_ folder: String) -> [String: WrittenStamp]?
  ) {
    self.digests = digests
    self.verify = verify
  }
}
