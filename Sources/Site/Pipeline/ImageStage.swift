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
struct ImageStage {
  /// What the stage made of the static files.
  struct Outcome {
    /// Output files: the photos without their metadata (where that changed a byte) and the
    /// variants, by output path.
    var files: [String: [UInt8]] = [:]
    /// The static file each of ``files`` came from, by output path.
    var sources: [String: String] = [:]
    /// The stamp of each photo whose variants are among ``files`` (or that needs none).
    var stamps: [String: String] = [:]
    /// Warnings and notes, by file.
    var diagnostics: [String: [Diagnostic]] = [:]
    /// Variants taken from memory or the cache, and variants encoded.
    var reused = 0
    var encoded = 0
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
  let processor = ImageProcessor(
    limits: ImageLimits(maximumPixels: Limits.imagePixels, maximumBytes: Limits.fileBytes))

  /// The outcome for `photos` (static files' bytes by path relative to `Content/`, only the
  /// ones that changed in a rebuild), with `memory`: variants made earlier in this process, by
  /// key, which the stage updates.
  func run(_ photos: [String: [UInt8]], memory: VariantMemory?) -> Outcome {
    var outcome = Outcome()
    var work: [Work] = []
    var sources: [String: [UInt8]] = [:]
    for (path, bytes) in photos.sorted(by: { $0.key < $1.key }) {
      guard ImageFileSize.isImage(path), let stamp = LinkResolver.photoStamp(of: bytes) else { continue }
      let place = SourceLocation(path: "Content/" + path, line: 1, column: 1)
      if let budget = settings.budget, bytes.count > budget {
        outcome.diagnostics[path, default: []].append(
          ImageWarning.overBudget(file: path, bytes: bytes.count, budget: budget).diagnostic(at: place))
      }
      if let stripped = ImageMetadata.stripping(bytes, settings.keepsMetadata ? .location : .all) {
        if stripped.changed {
          outcome.files[path] = stripped.bytes
          outcome.sources[path] = path
        }
        if stripped.hadLocation {
          outcome.diagnostics[path, default: []].append(
            ImageWarning.locationRemoved(file: path).diagnostic(at: place))
        }
      }
      let description: ImageDescription
      do throws(ImageProblem) {
        description = try processor.describe(bytes)
      } catch {
        outcome.diagnostics[path, default: []].append(
          ImageWarning.notProcessed(file: path, reason: error.description).diagnostic(at: place))
        continue
      }
      guard !description.isAnimated else { continue }
      let size = ImageSize(width: description.width, height: description.height)
      let variants = ImageVariant.plan(for: path, size: size, stamp: stamp, settings: settings)
      let source = ContentDigest(of: bytes)
      sources[path] = bytes
      outcome.stamps[path] = stamp
      let decodedWidth = variants.map(\.width).max() ?? 0
      for variant in variants {
        work.append(
          Work(
            variant: variant, decodedWidth: decodedWidth,
            key: key(of: variant, decodedWidth: decodedWidth, source: source)))
      }
    }
    if !encodes { work = [] }
    let made = Mutex(
      [(Work, Result<[UInt8], ImageProblem>, reused: Bool)?](repeating: nil, count: work.count))
    // One job per photo (its variants are together in `work`): the photo is decoded once for
    // all the variants that are neither in memory nor in the cache.
    var photoRanges: [Range<Int>] = []
    for index in work.indices {
      if index > 0, work[index - 1].variant.source == work[index].variant.source {
        photoRanges[photoRanges.count - 1] = photoRanges[photoRanges.count - 1].lowerBound..<(index + 1)
      } else {
        photoRanges.append(index..<(index + 1))
      }
    }
    DispatchQueue.concurrentPerform(iterations: photoRanges.count) { [work, sources, photoRanges] photo in
      var missing: [Int] = []
      for index in photoRanges[photo] {
        let item = work[index]
        if let kept = memory?.variant(item.key) ?? cache?.entry(item.key, format: item.variant.format) {
          made.withLock { $0[index] = (item, .success(kept), true) }
        } else {
          missing.append(index)
        }
      }
      guard let first = missing.first else { return }
      let copies = missing.map {
        ImageProcessor.Copy(width: work[$0].variant.width, format: Self.format(work[$0].variant.format))
      }
      let result = Result { () throws(ImageProblem) -> [[UInt8]] in
        try processor.resize(
          sources[work[first].variant.source]!, decodingAt: work[first].decodedWidth, into: copies,
          quality: settings.quality)
      }
      made.withLock { made in
        for (position, index) in missing.enumerated() {
          made[index] = (work[index], result.map { $0[position] }, false)
        }
      }
    }
    var failed: Set<String> = []
    for case (let item, let result, let reused)? in made.withLock({ $0 }) {
      switch result {
      case .success(let bytes):
        outcome.files[item.variant.path] = bytes
        outcome.sources[item.variant.path] = item.variant.source
        if reused {
          outcome.reused += 1
        } else {
          outcome.encoded += 1
          memory?.keep(bytes, for: item.key)
          cache?.store(bytes, key: item.key, format: item.variant.format)
        }
        cache?.markUsed(item.key, format: item.variant.format)
      case .failure(let problem):
        guard failed.insert(item.variant.source).inserted else { continue }
        let place = SourceLocation(path: "Content/" + item.variant.source, line: 1, column: 1)
        outcome.diagnostics[item.variant.source, default: []].append(
          ImageWarning.notProcessed(file: item.variant.source, reason: problem.description).diagnostic(
            at: place))
      }
    }
    // A photo with a variant missing is shown as it is: its pages must not name the others.
    for path in failed {
      outcome.stamps[path] = nil
      for item in work where item.variant.source == path {
        outcome.files[item.variant.path] = nil
        outcome.sources[item.variant.path] = nil
      }
    }
    return outcome
  }

  /// The key of `variant` of the file whose bytes digest to `source`: the bytes, the operation
  /// (with the width the pixels it is made from were decoded at), the settings that change the
  /// pixels and the libraries that make them.
  private func key(of variant: ImageVariant, decodedWidth: Int, source: ContentDigest) -> ContentDigest {
    let operation =
      "\(variant.width)w of \(decodedWidth)w \(variant.format.rawValue) q\(settings.quality) "
      + ImageProcessor.versionText
    return source.followed(by: ContentDigest(of: operation, seed: 0x696D_6167), seed: 0x7661_7269)
  }

  static func format(_ format: ImageSettings.VariantFormat) -> ImageFormat {
    switch format {
    case .avif: .avif
    case .webp: .webp
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
