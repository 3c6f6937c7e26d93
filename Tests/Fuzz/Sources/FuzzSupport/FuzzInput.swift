/// The bytes libFuzzer hands a target, read from the front: option bits first, then the rest as
/// the document under test, so that one input fixes both and a crash replays exactly.
public struct FuzzInput {
  /// Every byte of the input.
  public let bytes: [UInt8]
  /// Where the next `takeByte()` reads.
  public private(set) var offset = 0

  /// Copies the `size` bytes at `data` (libFuzzer's buffer lives only for one call).
  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  }

  /// Creates an input over `bytes`, for tests and the regression replay.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next byte, or 0 past the end (a short input still picks options).
  public mutating func takeByte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// Everything not taken yet.
  public var rest: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }
}
