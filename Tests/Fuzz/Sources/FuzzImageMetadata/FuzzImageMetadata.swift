import FuzzSupport

@testable import SiteComponents

/// libFuzzer target: the metadata remover, `ImageMetadata`, which every JPEG, PNG and WebP
/// file in `Content/` may go through before it is published.
///
/// The first byte picks the policy (even: `.all`, odd: `.location`); the rest is the file.
/// Properties, beyond no crash and no hang on a truncated or malformed file: `changed` says
/// whether the bytes differ; what comes out is understood again, and a second pass changes
/// nothing and finds no position.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageMetadata(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let policy: MetadataPolicy = input.takeByte() % 2 == 0 ? .all : .location
  let bytes = Array(input.rest)
  guard let once = ImageMetadata.stripping(bytes, policy) else { return 0 }
  if once.changed != (once.bytes != bytes) {
    FuzzFailure.fail("changed is \(once.changed), the bytes say otherwise", input: input.bytes)
  }
  guard let twice = ImageMetadata.stripping(once.bytes, policy) else {
    FuzzFailure.fail("the stripped file is not understood again", input: input.bytes)
  }
  if twice.changed || twice.hadLocation {
    FuzzFailure.fail(
      "a second pass changed \(twice.changed), found a position \(twice.hadLocation)", input: input.bytes)
  }
  return 0
}
