import FuzzSupport

@testable import SiteContent

/// libFuzzer target (g): the output path authority, `OutputPath`, which every generated file's
/// path goes through.
///
/// The first byte picks the initializer (even: a site URL, odd: a relative path); the rest is
/// the value, as UTF-8 (invalid bytes become U+FFFD, as a `String` from a file would hold them).
/// Properties, whenever it does not throw: no segment is empty, `.` or `..`, or holds `/`, `\`,
/// NUL, a C0 control or DEL, `?`, `#` or a percent-encoded `.`, `/` or `\`; no segment is a
/// version-control name as macOS and Windows checkouts read it (`.GIT.`, `git~1`); the joined path resolved by POSIX rules under a root stays beneath
/// it; the segments are the relative path's parts; a URL ending in `/` gives its `index.html`;
/// and the same bytes give the same bytes back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutputPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let fromSiteURL = input.takeByte() % 2 == 0
  let value = String(decoding: input.rest, as: UTF8.self)
  func make() -> OutputPath? {
    fromSiteURL ? try? OutputPath(siteURL: value) : try? OutputPath(relative: value)
  }
  guard let path = make() else { return 0 }
  if let problem = PathProperties.publishingProblem(in: path.segments) {
    FuzzFailure.fail("OutputPath \(path.relative.debugDescription) has \(problem)", input: input.bytes)
  }
  if !PathProperties.staysBeneathRoot(path.relative) {
    FuzzFailure.fail("OutputPath \(path.relative.debugDescription) escapes the root", input: input.bytes)
  }
  let parts = path.relative.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
  if parts.map(Array.init) != path.segments.map({ Array($0.utf8) }) {
    FuzzFailure.fail("segments \(path.segments) are not the parts of \(path.relative)", input: input.bytes)
  }
  if fromSiteURL, value.utf8.last == UInt8(ascii: "/"), path.segments.last != "index.html" {
    FuzzFailure.fail("site URL \(value.debugDescription) became \(path.relative)", input: input.bytes)
  }
  guard let again = make(), Array(again.relative.utf8) == Array(path.relative.utf8) else {
    FuzzFailure.fail("the same value gave another path", input: input.bytes)
  }
  return 0
}
