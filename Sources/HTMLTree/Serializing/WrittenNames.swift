/// The attribute names an element's start tag holds so far, so each is written once: a scan of
/// an array for the usual few, a set once there are many.
struct WrittenNames {
  private var few: [String] = []
  private var many: Set<String>?

  /// Adds `name`; false when it was there already.
  mutating func insert(_ name: String) -> Bool {
    if many != nil { return many!.insert(name).inserted }
    if few.contains(name) { return false }
    few.append(name)
    if few.count > 16 { many = Set(few) }
    return true
  }
}
