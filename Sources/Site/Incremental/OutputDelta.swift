/// The site's files as the previous build left them, plus what this build wrote and removed.
///
/// Writing through it records the path and the bytes it held before, so a rebuild compares only
/// what it touched instead of every file of the site, and a failed rebuild can hand back the
/// previous files without having kept a second copy of them.
struct OutputDelta {
  /// Every output file, by path.
  private(set) var files: [String: [UInt8]]
  /// What each touched path held before this build (nil inside: it did not exist).
  private var previous: [String: [UInt8]?] = [:]
  /// Paths written while ``isGenerating`` was set: outputs rebuilt whole every time.
  private(set) var generated: Set<String> = []
  /// Whether writes now are whole-site outputs (feeds, assets, static files, aliases).
  var isGenerating = true
  /// The size of each file handed to the caller (``handOver()``) and not written since: its
  /// path stays in ``files``, with ``handedOverBytes`` in place of its bytes.
  private(set) var handedOver: [String: Int] = [:]

  /// What ``files`` holds for a file handed over: one array for them all, so that the link
  /// check and the sitemap still see the path while its bytes are the caller's alone.
  private static let handedOverBytes: [UInt8] = []

  init(files: [String: [UInt8]]) {
    self.files = files
  }

  /// The file at `path`; assigning writes it, assigning nil removes it.
  subscript(path: String) -> [UInt8]? {
    get { files[path] }
    set {
      if let newValue { set(path, newValue) } else { remove(path) }
    }
  }

  /// Every path.
  var keys: Dictionary<String, [UInt8]>.Keys { files.keys }

  /// Paths written or removed by this build.
  var touched: Dictionary<String, [UInt8]?>.Keys { previous.keys }

  /// Paths whose bytes differ from the previous build's, including added and removed files.
  var changedPaths: [String] {
    previous.compactMap { path, before in before != files[path] ? path : nil }
  }

  /// Paths that exist now and did not before, or the other way round.
  var appearedOrDisappeared: [String] {
    previous.compactMap { path, before in (before == nil) != (files[path] == nil) ? path : nil }
  }

  /// Makes room for `count` more paths written at once (a build's 10,000 laid-out pages),
  /// so that the tables are not grown and rehashed as they come.
  mutating func reserveCapacity(adding count: Int) {
    files.reserveCapacity(files.count + count)
    previous.reserveCapacity(previous.count + count)
  }

  /// Hands every file over to the caller (`folio build`'s writer, which lets the bytes go once
  /// they are written): the paths stay, the bytes are the caller's alone. At 100,000 pages
  /// the laid-out pages are 280 MB, which the build held to its end beside every page's content.
  mutating func handOver() -> [String: [UInt8]] {
    let handed = files
    handedOver = handed.mapValues(\.count)
    files = handed.mapValues { _ in OutputDelta.handedOverBytes }
    return handed
  }

  /// The files not handed over: the rest of the output, which the caller writes once the build
  /// is done.
  var filesNotHandedOver: [String: [UInt8]] {
    handedOver.isEmpty ? files : files.filter { handedOver[$0.key] == nil }
  }

  mutating func set(_ path: String, _ bytes: [UInt8]) {
    remember(path)
    if !handedOver.isEmpty { handedOver[path] = nil }
    files[path] = bytes
    if isGenerating { generated.insert(path) }
  }

  mutating func remove(_ path: String) {
    guard files[path] != nil else { return }
    remember(path)
    files[path] = nil
    if !handedOver.isEmpty { handedOver[path] = nil }
  }

  /// The files as they were before this build.
  mutating func reverted() -> [String: [UInt8]] {
    for (path, before) in previous { files[path] = before }
    previous = [:]
    return files
  }

  private mutating func remember(_ path: String) {
    if previous[path] == nil { previous[path] = .some(files[path]) }
  }
}
