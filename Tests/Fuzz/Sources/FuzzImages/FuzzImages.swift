import FuzzSupport

@testable import ImageProcessing

/// Small limits, so that each input decodes in milliseconds.
private let images = ImageProcessor(limits: ImageLimits(maximumPixels: 1_000_000, maximumBytes: 65_536))

/// libFuzzer target: the image door, `ImageProcessor` over libvips, on any bytes.
///
/// The first byte picks the output format (its low two bits: JPEG, PNG, WebP, AVIF) and width
/// (8–71); the rest is the file. Properties, beyond no crash, no hang and no ASan report: a
/// description has both sides from 1 to the limit and an orientation from 1 to 8; a resize of
/// a described image is in the chosen format, as wide as asked or as the image when narrower,
/// and carries no metadata.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let choice = input.takeByte()
  let format = [ImageFormat.jpeg, .png, .webp, .avif][Int(choice & 3)]
  let width = 8 + Int(choice >> 2)
  let bytes = Array(input.rest)
  guard let found = try? images.describe(bytes) else { return 0 }
  guard found.width >= 1, found.height >= 1, found.width * found.height <= 1_000_000,
    (1...8).contains(found.orientation)
  else { FuzzFailure.fail("described as \(found)", input: input.bytes) }
  guard let output = try? images.resize(bytes, toWidth: width, as: format, quality: 50) else { return 0 }
  guard let copy = try? images.describe(output) else {
    FuzzFailure.fail("the \(format) copy of a \(found) does not decode", input: input.bytes)
  }
  guard copy.format == format, copy.width == min(width, found.width), !copy.hasMetadata, !copy.hasGPS else {
    FuzzFailure.fail("a \(format) copy \(width) wide of \(found) is \(copy)", input: input.bytes)
  }
  return 0
}
