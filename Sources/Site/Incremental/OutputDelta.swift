/// The site's files as the previous build left them, plus what this build wrote and removed.
///
/// Writing through it records the path, so a rebuild compares only what it touched against the
/// previous build instead of every file of the site.
struct OutputDelta {
  /// Every output file, by path.
  private(set) var files: [String: [UInt8]]
  /// Paths written or removed by this build.
  private(set) var touched: Set<String> = []
  /// Paths written while ``isGenerating`` was set: outputs rebuilt whole every time.
  private(set) var generated: Set<String> = []
  /// Whether writes now are whole-site outputs (feeds, assets, static files, aliases).
  var isGenerating = true

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

  mutating func set(_ path: String, _ bytes: [UInt8]) {
    files[path] = bytes
    touched.insert(path)
    if isGenerating { generated.insert(path) }
  }

  mutating func remove(_ path: String) {
    if files.removeValue(forKey: path) != nil { touched.insert(path) }
  }
}
