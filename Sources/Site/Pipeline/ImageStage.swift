import BuildCache
import Diagnostics
import Dispatch
import ImageProcessing
import RichText
import SiteComponents
import SiteContent
import Synchronization

/// The images stage: each photo among the static files (a still JPEG, PNG or WebP) is published
/// without its metadata and, with `images:` on, also in the variants its pages offer
/// (``ImageVariant``), made by libvips (``ImageProcessor``).
///
/// It runs on the static files before any page is rendered, because its outcome is an input of
/// the pages: a photo whose variants could not be made has no stamp, so its pages show the file
/// as it is instead of a `<picture>` naming files that do not exist. Every variant is looked up
/// by its key, first in the session's memory (`folio serve`), then in `.folio/cache/images`
/// (``ImageCache``), and only then encoded: each photo is decoded once, as wide as its widest
/// variant, and its variants are made from those pixels; the photos run on every core.
struct ImageStage: Sendable {
  /// What the stage made of the static files.
  struct Outcome {
    /// Output files: the photos without their metadata (where that changed a byte) and the
    /// variants, by output path.
    var files: [String: [UInt8]] = [:]
    /// The static file each of ``files`` came from, by output path.
    var sources: [String: String] = [:]
    /// What became of each photo: the stamp of those whose variants are among ``files`` (or
    /// that need none), the reason for those whose variants could not be made.
    var photos: [String: PhotoState] = [:]
    /// Warnings and notes, by file.
    var diagnostics: [String: [Diagnostic]] = [:]
    /// Variants taken from memory or the cache, and variants encoded.
    var reused = 0
    var encoded = 0
    /// The variants left to make (``defers``).
    var pending: VariantJob?
  }

  /// What a variant is made of and with, digested into its key.
  struct Work: Sendable {
    var variant: ImageVariant
    /// The width the photo is decoded at: its widest variant's, which the others are made from.
    var decodedWidth: Int
    var key: ContentDigest
  }

  let settings: ImageSettings
  let cache: ImageCache?
  /// Whether variants are encoded (else only planned: `folio check`).
  var encodes = true
  /// Whether variants not yet made are left to a ``VariantJob`` (`folio serve`), the photo
  /// itself published in their place meanwhile.
  var defers = false
  let processor = ImageProcessor(
    limits: ImageLimits(maximumPixels: Limits.imagePixels, maximumBytes: Limits.fileBytes))

  /// The outcome for `photos` (static files' bytes by path relative to `Content/`, only the
  /// ones that changed in a rebuild), with `memory`: variants made earlier in this process, by
  /// key, which the stage updates.
  func run(_ photos: [String: [UInt8]], memory: VariantMemory?) -> Outcome {
    var outcome = Outcome()
    var work: [Work] = []
    var sources: [String: [UInt8]] = [:]
    // Each photo looked at on every core: its metadata cut out, its bytes digested once.
    let paths = photos.keys.filter(ImageFileSize.isImage).sorted()
    let looks = Mutex([PhotoLook?](repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let look = self.look(at: paths[index], photos[paths[index]]!)
      looks.withLock { $0[index] = look }
    }
    for (path, look) in zip(paths, looks.withLock { $0 }) {
      guard let look else { continue }
      if let stripped = look.stripped {
        outcome.files[path] = stripped
        outcome.sources[path] = path
      }
      if !look.diagnostics.isEmpty { outcome.diagnostics[path] = look.diagnostics }
      outcome.photos[path] = look.photo
      guard !look.work.isEmpty else { continue }
      sources[path] = photos[path]
      work += look.work
    }
    if !encodes { work = [] }
    var missing: [Work] = []
    if defers {
      // The preview shows each photo itself under its variants' names until they are made
      // (``VariantJob``): browsers decode an image by its bytes, not by its name.
      for item in work {
        if let kept = memory?.variant(item.key) ?? cache?.entry(item.key, format: item.variant.format) {
          outcome.files[item.variant.path] = kept
          outcome.reused += 1
          cache?.markUsed(item.key, format: item.variant.format)
        } else {
          outcome.files[item.variant.path] = sources[item.variant.source]
          missing.append(item)
        }
        outcome.sources[item.variant.path] = item.variant.source
      }
      if !missing.isEmpty {
        outcome.pending = VariantJob(stage: self, work: missing, sources: sources, memory: memory)
      }
      return outcome
    }
    let made = make(work, sources: sources, memory: memory)
    var failed: [String: String] = [:]
    for (item, result, reused) in made {
      switch result {
      case .success(let bytes):
        outcome.files[item.variant.path] = bytes
        outcome.sources[item.variant.path] = item.variant.source
        if reused { outcome.reused += 1 } else { outcome.encoded += 1 }
      case .failure(let problem):
        if failed[item.variant.source] == nil { failed[item.variant.source] = problem.description }
      }
    }
    // A photo with a variant missing is shown as it is: its pages must not name the others.
    for (path, reason) in failed {
      outcome.photos[path] = .failed(reason)
      for item in work where item.variant.source == path {
        outcome.files[item.variant.path] = nil
        outcome.sources[item.variant.path] = nil
      }
    }
    return outcome
  }

  /// What the stage finds in one photo, before anything is encoded.
  struct PhotoLook: Sendable {
    /// The photo without its metadata, when that changed a byte.
    var stripped: [UInt8]?
    var diagnostics: [Diagnostic] = []
    /// What pages are told (nil: not a still photo).
    var photo: PhotoState?
    var work: [Work] = []
  }

  /// What `bytes` (the file at `path`, relative to `Content/`) are, and the variants to make of
  /// them. The size is the header's (``ImageFileSize``), which the pages plan with too, so both
  /// name the same files; libvips is not started for a photo whose variants are all kept.
  func look(at path: String, _ bytes: [UInt8]) -> PhotoLook? {
    guard ImageFileSize.isStillPhoto(bytes) else { return nil }
    var look = PhotoLook()
    let place = SourceLocation(path: "Content/" + path, line: 1, column: 1)
    if let budget = settings.budget, bytes.count > budget {
      look.diagnostics.append(
        ImageWarning.overBudget(file: path, bytes: bytes.count, budget: budget).diagnostic(at: place))
    }
    if let stripped = ImageMetadata.stripping(bytes, settings.keepsMetadata ? .location : .all) {
      if stripped.changed { look.stripped = stripped.bytes }
      if stripped.hadLocation {
        look.diagnostics.append(ImageWarning.locationRemoved(file: path).diagnostic(at: place))
      }
    }
    guard let size = ImageFileSize.read(bytes, name: path), let width = size.width, let height = size.height
    else {
      look.photo = .failed("its header gives no size")
      return look
    }
    guard width * height <= Limits.imagePixels else {
      look.photo = .failed(
        ImageProblem.tooManyPixels(width: width, height: height, limit: Limits.imagePixels).description)
      return look
    }
    let digest = ContentDigest(of: bytes)
    let stamp = LinkResolver.photoStamp(digest: digest)
    look.photo = .stamped(stamp)
    let variants = ImageVariant.plan(for: path, size: size, stamp: stamp, settings: settings)
    let decodedWidth = variants.map(\.width).max() ?? 0
    look.work = variants.map { variant in
      Work(
        variant: variant, decodedWidth: decodedWidth,
        key: key(of: variant, decodedWidth: decodedWidth, source: digest))
    }
    return look
  }

  /// Each of `work` taken from memory or the cache, else encoded, on every core; what is
  /// encoded is kept in both.
  func make(_ work: [Work], sources: [String: [UInt8]], memory: VariantMemory?) -> [(
    Work, Result<[UInt8], ImageProblem>, reused: Bool
  )] {
    let made = Mutex(
      [(Work, Result<[UInt8], ImageProblem>, reused: Bool)?](repeating: nil, count: work.count))
    // One job per photo and box (a photo's variants are together in `work`): the photo is
    // decoded once for all the variants that are neither in memory nor in the cache.
    var groups: [Range<Int>] = []
    for index in work.indices {
      if index > 0, work[index - 1].variant.source == work[index].variant.source,
        work[index - 1].variant.height == work[index].variant.height
      {
        groups[groups.count - 1] = groups[groups.count - 1].lowerBound..<(index + 1)
      } else {
        groups.append(index..<(index + 1))
      }
    }
    DispatchQueue.concurrentPerform(iterations: groups.count) { [groups] group in
      var missing: [Int] = []
      for index in groups[group] {
        let item = work[index]
        if let kept = memory?.variant(item.key) ?? cache?.entry(item.key, format: item.variant.format) {
          made.withLock { $0[index] = (item, .success(kept), true) }
          cache?.markUsed(item.key, format: item.variant.format)
        } else {
          missing.append(index)
        }
      }
      guard let first = missing.first.map({ work[$0] }) else { return }
      let copies = missing.map {
        ImageProcessor.Copy(width: work[$0].variant.width, format: Self.format(work[$0].variant.format))
      }
      let result = Result { () throws(ImageProblem) -> [[UInt8]] in
        try processor.resize(
          sources[first.variant.source]!, decodingAt: first.decodedWidth, height: first.variant.height,
          into: copies, quality: settings.quality)
      }
      for (position, index) in missing.enumerated() {
        let item = work[index]
        let one = result.map { $0[position] }
        if case .success(let bytes) = one {
          memory?.keep(bytes, for: item.key)
          cache?.store(bytes, key: item.key, format: item.variant.format)
          cache?.markUsed(item.key, format: item.variant.format)
        }
        made.withLock { $0[index] = (item, one, false) }
      }
    }
    return made.withLock { $0 }.compactMap { $0 }
  }

  /// The warning for a variant of `item`'s photo that could not be made.
  static func warning(_ problem: ImageProblem, _ item: Work) -> Diagnostic {
    let place = SourceLocation(path: "Content/" + item.variant.source, line: 1, column: 1)
    return ImageWarning.notProcessed(file: item.variant.source, reason: problem.description).diagnostic(
      at: place)
  }

  /// The link preview images (``ImageVariant/card(for:size:stamp:)``) at `paths` (output
  /// paths pages name in `og:image`), made from `photos` (bytes by path relative to `Content/`)
  /// or taken from memory or the cache; a card that cannot be made is left out.
  func cards(_ cards: [ImageVariant], photos: [String: [UInt8]], memory: VariantMemory?) -> [String: [UInt8]]
  {
    var sources: [String: [UInt8]] = [:]
    let work = cards.compactMap { card -> Work? in
      guard let bytes = photos[card.source] else { return nil }
      sources[card.source] = bytes
      return Work(
        variant: card, decodedWidth: card.width,
        key: key(of: card, decodedWidth: card.width, source: ContentDigest(of: bytes)))
    }
    var files: [String: [UInt8]] = [:]
    for (item, result, _) in make(work, sources: sources, memory: memory) {
      if case .success(let bytes) = result { files[item.variant.path] = bytes }
    }
    return files
  }

  /// The key of `variant` of the file whose bytes digest to `source`: the bytes, the operation
  /// (with the width the pixels it is made from were decoded at, and the box it was cut to), the
  /// settings that change the pixels and the libraries that make them.
  private func key(of variant: ImageVariant, decodedWidth: Int, source: ContentDigest) -> ContentDigest {
    let box = variant.height.map { "x\($0) centre" } ?? "w"
    let operation =
      "\(variant.width)\(box) of \(decodedWidth)w \(variant.format.rawValue) q\(settings.quality) "
      + ImageProcessor.versionText
    return source.followed(by: ContentDigest(of: operation, seed: 0x696D_6167), seed: 0x7661_7269)
  }

  static func format(_ format: ImageSettings.VariantFormat) -> ImageFormat {
    switch format {
    case .avif: .avif
    case .webp: .webp
    case .jpeg: .jpeg
    }
  }
}

/// The variants made in this process, by key: `folio serve` makes a photo once however often
/// its pages are saved.
final class VariantMemory: Sendable {
  private let variants = Mutex<[ContentDigest: [UInt8]]>([:])

  /// The variant kept for `key`.
  func variant(_ key: ContentDigest) -> [UInt8]? { variants.withLock { $0[key] } }

  /// Keeps `bytes` for `key`.
  func keep(_ bytes: [UInt8], for key: ContentDigest) { variants.withLock { $0[key] = bytes } }
}

/// Variants the preview left to make after its build (``ImageStage/defers``): run off the
/// serve loop's thread, then handed back to the session (``SiteSession/applyImageVariants(_:)``).
public final class VariantJob: Sendable {
  let stage: ImageStage
  let work: [ImageStage.Work]
  let sources: [String: [UInt8]]
  let memory: VariantMemory?

  init(stage: ImageStage, work: [ImageStage.Work], sources: [String: [UInt8]], memory: VariantMemory?) {
    self.stage = stage
    self.work = work
    self.sources = sources
    self.memory = memory
  }

  /// How many variants it makes.
  public var count: Int { work.count }

  /// Makes the variants (on every core; slow: call it off the loop that serves saves).
  public func run() -> VariantResults {
    let made = stage.make(work, sources: sources, memory: memory)
    var results = VariantResults()
    for (item, result, _) in made {
      switch result {
      case .success(let bytes): results.files[item.variant.path] = bytes
      case .failure(let problem):
        results.failed[item.variant.source] = ImageStage.warning(problem, item)
      }
    }
    if let cache = stage.cache { results.notes = cache.finish().notes }
    return results
  }
}

/// What a ``VariantJob`` made.
public struct VariantResults: Sendable {
  /// The variants, by output path.
  var files: [String: [UInt8]] = [:]
  /// A warning for each photo with a variant that could not be made (its pages keep showing the
  /// photo itself under the variant's name).
  var failed: [String: Diagnostic] = [:]
  /// Notes about the image cache.
  var notes: [String] = []
}
