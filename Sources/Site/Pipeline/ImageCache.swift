import BuildCache
import Foundation
import SiteComponents
import SiteOutput
import Synchronization

/// `.folio/cache/images`: the variants earlier builds made, one file per variant named by its
/// key (``ImageStage``), so that a build in a new process (CI with the folder restored) encodes
/// only the photos that changed.
///
/// A file per entry rather than one pack like the pages': a variant is read only when a page's
/// photo needs it, and photos are large (a pack would be read whole for one of them). Each file
/// is a header, the XXH3-128 of the image's bytes and the bytes: a file that does not match is
/// not used (a note says so) and the variant is made again, so a cache can never change an
/// output byte. Files are read and written through ``CacheFolder`` (no link followed, written
/// under a temporary name and renamed), and a file no build used in the last
/// ``buildsKept`` builds is deleted, as listed in the folder's `uses` file.
final class ImageCache: Sendable {
  /// How many builds an unused entry is kept for (a branch switched to and back).
  static let buildsKept = 3
  static let header = Array("folio-image-1\n".utf8)
  static let usesFile = "uses"

  private let folder: CacheFolder
  private let used = Mutex<Set<String>>([])
  private let notes = Mutex<[String]>([])

  /// The cache of the project at `projectRoot`.
  init(projectRoot: URL) {
    folder = CacheFolder(projectRoot: projectRoot, subfolder: "images")
  }

  /// The bytes kept for `key`, nil when there are none or the file is not whole.
  func entry(_ key: ContentDigest, format: ImageSettings.VariantFormat) -> [UInt8]? {
    let name = Self.name(key, format)
    let bytes: [UInt8]
    do throws(CacheFolder.Refusal) {
      guard let read = try folder.read(name) else { return nil }
      bytes = read
    } catch {
      notes.withLock { $0.append("\(CacheFolder.displayPath("images/" + name)) \(error.reason); made again") }
      return nil
    }
    let start = Self.header.count + 16
    guard bytes.count > start, bytes.starts(with: Self.header) else {
      notes.withLock { $0.append("\(CacheFolder.displayPath("images/" + name)) is not whole; made again") }
      return nil
    }
    let image = Array(bytes[start...])
    guard Array(bytes[Self.header.count..<start]) == Self.digestBytes(ContentDigest(of: image)) else {
      notes.withLock { $0.append("\(CacheFolder.displayPath("images/" + name)) is damaged; made again") }
      return nil
    }
    return image
  }

  /// Keeps `bytes` for `key`; a file that cannot be written is a note, never a failed build.
  func store(_ bytes: [UInt8], key: ContentDigest, format: ImageSettings.VariantFormat) {
    let name = Self.name(key, format)
    do throws(CacheFolder.Refusal) {
      try folder.write(name, Self.header + Self.digestBytes(ContentDigest(of: bytes)) + bytes)
    } catch {
      notes.withLock { $0.append("\(CacheFolder.displayPath("images/" + name)) \(error.reason)") }
    }
  }

  /// Records that this build used the entry of `key`.
  func markUsed(_ key: ContentDigest, format: ImageSettings.VariantFormat) {
    _ = used.withLock { $0.insert(Self.name(key, format)) }
  }

  /// Counts this build in the `uses` file and deletes the entries no build used in the last
  /// ``buildsKept``; returns the notes of the build (entries not used, files not written) and
  /// the size of what is kept.
  func finish() -> (notes: [String], entries: Int, bytes: Int) {
    var lastUse: [String: Int] = [:]
    var build = 1
    if let text = try? folder.read(Self.usesFile) {
      for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: " ")
        guard parts.count == 2, let number = Int(parts[1]) else { continue }
        if parts[0] == "build" { build = number + 1 } else { lastUse[String(parts[0])] = number }
      }
    }
    let usedNow = used.withLock { $0 }
    for name in usedNow { lastUse[name] = build }
    let present = (try? folder.names()) ?? []
    var kept: [String: Int] = [:]
    for name in present where name != Self.usesFile {
      let last = lastUse[name] ?? build
      if build - last >= Self.buildsKept {
        try? folder.remove(name)
      } else {
        kept[name] = last
      }
    }
    var text = "build \(build)\n"
    for (name, last) in kept.sorted(by: { $0.key < $1.key }) { text += "\(name) \(last)\n" }
    try? folder.write(Self.usesFile, Array(text.utf8))
    let bytes = kept.keys.reduce(0) { total, name in total + Self.size(of: name, in: folder) }
    return (notes.withLock { $0 }, kept.count, bytes)
  }

  static func name(_ key: ContentDigest, _ format: ImageSettings.VariantFormat) -> String {
    key.description + "." + format.rawValue
  }

  static func digestBytes(_ digest: ContentDigest) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: digest.high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: digest.low >> (56 - 8 * $0)) }
  }

  private static func size(of name: String, in folder: CacheFolder) -> Int {
    folder.size(of: name) ?? 0
  }
}
