import Diagnostics
import YAML

/// Turns the shim's flat records (CTOML.h) into a ``YAMLValue`` tree, copying every string out
/// before the shim's buffer is freed.
struct TOMLRecordReader {
  let records: UnsafeRawBufferPointer
  let path: String
  let lineOffset: Int
  let tagsDates: Bool
  private var offset = 0

  init(records: UnsafeRawBufferPointer, path: String, lineOffset: Int, tagsDates: Bool) {
    self.records = records
    self.path = path
    self.lineOffset = lineOffset
    self.tagsDates = tagsDates
  }

  /// The node at the reader's place; the shim checked the depth, so this recursion is bounded.
  mutating func node() -> YAMLValue {
    let tag = records[offset]
    offset += 1
    let location = self.location()
    switch tag {
    case UInt8(ascii: "t"):
      let count = Int(u32())
      var entries: [YAMLMapping.Entry] = []
      entries.reserveCapacity(count)
      for _ in 0..<count {
        let keyLocation = self.location()
        let key = YAMLValue(.string(text()), at: keyLocation)
        entries.append(YAMLMapping.Entry(key: key, value: node()))
      }
      // toml++ refuses a key defined twice, so the keys are unique.
      return YAMLValue(.mapping(YAMLMapping(uniqueEntries: entries)), at: location)
    case UInt8(ascii: "a"):
      let count = Int(u32())
      var elements: [YAMLValue] = []
      elements.reserveCapacity(count)
      for _ in 0..<count { elements.append(node()) }
      return YAMLValue(.sequence(elements), at: location)
    case UInt8(ascii: "i"):
      return YAMLValue(.int(Int(load(Int64.self))), at: location)
    case UInt8(ascii: "f"):
      return YAMLValue(.double(load(Double.self)), at: location)
    case UInt8(ascii: "b"):
      offset += 1
      return YAMLValue(.bool(records[offset - 1] != 0), at: location)
    case UInt8(ascii: "s"):
      return YAMLValue(.string(text()), at: location)
    default:
      let value = YAMLValue(.string(text()), at: location)
      guard tagsDates else { return value }
      let type =
        switch tag {
        case UInt8(ascii: "D"): "datetime"
        case UInt8(ascii: "L"): "datetime-local"
        case UInt8(ascii: "d"): "date-local"
        default: "time-local"
        }
      return YAMLValue(
        .mapping(
          YAMLMapping(uniqueEntries: [
            .init(key: YAMLValue(.string("type")), value: YAMLValue(.string(type))),
            .init(key: YAMLValue(.string("value")), value: value),
          ])), at: location)
    }
  }

  private mutating func location() -> SourceLocation {
    let line = Int(u32())
    let column = Int(u32())
    return SourceLocation(path: path, line: line + lineOffset, column: max(1, column))
  }

  private mutating func u32() -> UInt32 { load(UInt32.self) }

  private mutating func load<T>(_ type: T.Type) -> T {
    let value = records.loadUnaligned(fromByteOffset: offset, as: type)
    offset += MemoryLayout<T>.size
    return value
  }

  private mutating func text() -> String {
    let count = Int(u32())
    let bytes = UnsafeRawBufferPointer(rebasing: records[offset..<offset + count])
    offset += count
    return String(decoding: bytes, as: UTF8.self)
  }
}
