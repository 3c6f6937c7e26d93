/// An entry's contents deflated ahead of libzip (raw deflate, no zlib or gzip wrapper), with
/// what its headers need: the CRC-32 and the length of the bytes before deflating.
struct DeflatedBytes: Sendable {
  /// The raw deflate stream.
  var bytes: [UInt8]
  /// The CRC-32 of the uncompressed bytes.
  var crc: UInt32
  /// The number of uncompressed bytes.
  var size: Int
}
