import BuildCache
import Diagnostics
import Foundation
import SiteComponents
import SiteContent
import Synchronization

/// The images stage's part of the session: what it made of the static files, kept between
/// rebuilds so that a save makes only the photos it changed (``ImageStage``).
extension SiteSession {
  /// Runs the images stage on the static files at `paths` (every one when nil) and keeps what
  /// it made; the pages' resolver then reads ``ImageState/photos``.
  func processImages(_ paths: Set<String>?, _ config: SiteConfiguration) {
    let changed = paths ?? Set(staticFiles.keys)
    if paths == nil {
      images = ImageState()
    } else {
      for path in changed { images.forget(path) }
    }
    var photos: [String: [UInt8]] = [:]
    for path in changed { if let bytes = staticFiles[path] { photos[path] = bytes } }
    guard !photos.isEmpty else { return }
    let cache = options.usesImageCache ? ImageCache(projectRoot: options.projectRoot) : nil
    let memory = rebuildsFollow ? images.memory : nil
    var stage = ImageStage(settings: config.images, cache: cache)
    stage.encodes = options.makesImageVariants
    stage.defers = options.defersImageVariants
    let outcome = stage.run(photos, memory: memory)
    images.record(outcome)
    images.stage = stage
    images.report = ImageReport(
      path: cache == nil ? nil : ".folio/cache/images", bytes: 0, entries: 0, reused: outcome.reused,
      encoded: outcome.encoded)
    // A newer job replaces the last: it was made from the photos as they are now.
    if let job = outcome.pending { pendingVariants = job }
  }

  /// The link preview images (``ImageVariant/card(for:size:stamp:)``) that the laid-out pages
  /// in `files` name (the default theme's `og:image`): found before the pages are handed to the
  /// writer, which lets their bytes go.
  func linkPreviewCards(_ config: SiteConfiguration, namedIn files: OutputDelta) -> [ImageVariant] {
    guard options.makesImageVariants, config.images.makesVariants, !images.photos.isEmpty else { return [] }
    let sizes = cache.links.imageSizes
    var candidates: [String: ImageVariant] = [:]
    for (path, photo) in images.photos {
      if let stamp = photo.stamp, let size = sizes[path],
        let card = ImageVariant.card(for: path, size: size, stamp: stamp)
      {
        candidates[card.path] = card
      }
    }
    guard !candidates.isEmpty else { return [] }
    // Only the cards a written page names: the default theme's head does (with a base URL),
    // a site's own layouts may not, and a card costs a decode of the photo.
    var needed: [String: ImageVariant] = [:]
    let rendered = cache.all
    for page in shownPages.values {
      guard let url = rendered[page.sourcePath]?.firstImage?.url, url.hasPrefix("/"),
        let card = candidates[String(url.dropFirst())], needed[card.path] == nil
      else { continue }
      let output =
        page.url.hasSuffix("/") ? page.url.dropFirst() + "index.html" : String(page.url.dropFirst())
      if let html = files[output], html.firstRange(of: Array(card.path.utf8)) != nil {
        needed[card.path] = card
      }
    }
    return needed.values.sorted { $0.path < $1.path }
  }

  /// Makes the link preview images `cards` (``linkPreviewCards(_:namedIn:)``) into `files`.
  func addLinkPreviewCards(
    _ cards: [ImageVariant], _ config: SiteConfiguration, into files: inout OutputDelta
  ) {
    guard !cards.isEmpty else { return }
    let stage =
      images.stage
      ?? ImageStage(
        settings: config.images,
        cache: options.usesImageCache ? ImageCache(projectRoot: options.projectRoot) : nil)
    let made = stage.cards(cards, photos: staticFiles, memory: rebuildsFollow ? images.memory : nil)
    for (path, bytes) in made { files[path] = bytes }
  }

  /// Counts this build in the image cache and deletes what no recent build used, once nothing is
  /// left to make (a ``VariantJob`` does it when it ends); the report gets the cache's size.
  func finishImageCache() {
    guard pendingVariants == nil, let cache = images.stage?.cache else { return }
    let kept = cache.finish()
    images.notes = kept.notes.map { SiteSession.cacheNote($0) }
    images.report?.bytes = kept.bytes
    images.report?.entries = kept.entries
    images.stage = nil
  }
}

extension SiteSession {
  /// The variants the last build or rebuild left to make (``SiteBuilder/Options/defersImageVariants``),
  /// handed over once: nil when there are none.
  public func takeImageVariants() -> VariantJob? {
    defer { pendingVariants = nil }
    return pendingVariants
  }

  /// Puts what `results` made where the photos stood in for them, unless a later build planned
  /// other variants meanwhile; returns the output paths that changed, with their bytes, and the
  /// URLs of the pages that show those photos (for the browsers showing them to reload).
  public func applyImageVariants(_ results: VariantResults) -> ImageVariantUpdate {
    var update = ImageVariantUpdate()
    var sources: Set<String> = []
    for (source, outputs) in images.outputs {
      for path in outputs where results.files[path] != nil && files[path] != nil {
        let bytes = results.files[path]!
        images.files[path] = bytes
        files[path] = bytes
        update.files[path] = bytes
        sources.insert("/" + source)
      }
    }
    for (source, warning) in results.failed where images.photos[source] != nil {
      images.diagnostics[source, default: []].append(warning)
    }
    images.notes += results.notes.map { SiteSession.cacheNote($0) }
    for page in shownPages.values
    where findings.links(ofPageAt: page.sourcePath).contains(where: {
      $0.isImage && sources.contains($0.target)
    }) {
      update.pageURLs.append(page.url)
    }
    update.pageURLs.sort()
    return update
  }
}

/// What ``SiteSession/applyImageVariants(_:)`` put in place.
public struct ImageVariantUpdate: Sendable {
  /// The variants, by output path.
  public var files: [String: [UInt8]] = [:]
  /// The URLs of the pages that show their photos.
  public var pageURLs: [String] = []
}

/// What the images stage made, by the static file it came from.
struct ImageState {
  /// Output files (photos without metadata, variants) by output path.
  var files: [String: [UInt8]] = [:]
  /// The output paths each static file gave.
  var outputs: [String: [String]] = [:]
  /// What became of each photo (``PhotoState``).
  var photos: [String: PhotoState] = [:]
  /// Warnings and notes, by static file.
  var diagnostics: [String: [Diagnostic]] = [:]
  /// Notes about the image cache of the last run.
  var notes: [Diagnostic] = []
  /// The variants made in this process, by key (kept while rebuilds follow).
  let memory = VariantMemory()
  /// What the last run did.
  var report: ImageReport?
  /// The stage of the last run, with its cache, until the build that ran it ends.
  var stage: ImageStage?

  /// Forgets what `path` gave.
  mutating func forget(_ path: String) {
    for output in outputs.removeValue(forKey: path) ?? [] { files[output] = nil }
    photos[path] = nil
    diagnostics[path] = nil
  }

  /// Keeps `outcome`.
  mutating func record(_ outcome: ImageStage.Outcome) {
    for (path, bytes) in outcome.files {
      files[path] = bytes
      outputs[outcome.sources[path] ?? path, default: []].append(path)
    }
    photos.merge(outcome.photos) { _, new in new }
    diagnostics.merge(outcome.diagnostics) { _, new in new }
  }

  /// Every warning and note, ordered by file.
  var warnings: [Diagnostic] {
    diagnostics.sorted { $0.key < $1.key }.flatMap(\.value) + notes
  }
}

/// What the images stage did in a build, for `folio build --format json`.
public struct ImageReport: Sendable, Equatable {
  /// The cache folder, relative to the project; nil when the build used none.
  public var path: String?
  /// The bytes the cache holds after the build.
  public var bytes: Int
  /// The files the cache holds after the build.
  public var entries: Int
  /// Variants taken from the cache (or from memory in `folio serve`).
  public var reused: Int
  /// Variants encoded.
  public var encoded: Int
}
