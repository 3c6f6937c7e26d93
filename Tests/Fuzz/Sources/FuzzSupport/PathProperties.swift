/// The properties every path that reaches the file system must have, shared by the request
/// target and output path targets.
public enum PathProperties {
  /// What is wrong with `segments` as the parts of a path beneath a root, or nil: a segment
  /// that is empty, `.` or `..`, or holds `/`, `\`, NUL, a C0 control or DEL.
  public static func problem(in segments: [String]) -> String? {
    for segment in segments {
      if segment.isEmpty { return "an empty segment" }
      if segment == "." || segment == ".." { return "a '\(segment)' segment" }
      if segment.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\")
      }) {
        return "a segment with a separator or control byte (\(segment.debugDescription))"
      }
    }
    return nil
  }

  /// What is wrong with `segments` as the parts of a path that is published, or nil: besides
  /// ``problem(in:)``, a segment that a checkout on Linux, macOS or Windows reads as a
  /// version-control folder or Folio's marker, or that holds `?`, `#` or a percent-encoded
  /// `.`, `/` or `\`. Written apart from the code it checks (Git's own rules, as
  /// `is_hfs_dotgit` and `is_ntfs_dotgit` state them).
  public static func publishingProblem(in segments: [String]) -> String? {
    if let problem = problem(in: segments) { return problem }
    let reserved = [".git", ".hg", ".svn", ".bzr", "_darcs", ".jj", ".folio-output"]
    for segment in segments {
      var name = String(
        String.UnicodeScalarView(
          segment.unicodeScalars.prefix { $0 != ":" }.filter { scalar in
            ![0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF...0xFEFF].contains {
              $0.contains(scalar.value)
            }
          })
      ).lowercased()
      while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
      if reserved.contains(name) || name == "git~1" {
        return "a version-control name (\(segment.debugDescription))"
      }
      if segment.contains("?") || segment.contains("#") {
        return "a '?' or '#' (\(segment.debugDescription))"
      }
      let lowered = segment.lowercased()
      if ["%2e", "%2f", "%5c"].contains(where: { lowered.contains($0) }) {
        return "a percent-encoded separator (\(segment.debugDescription))"
      }
    }
    return nil
  }

  /// Whether `relative`, joined to a root folder and resolved by POSIX rules (`.` stays, `..`
  /// goes up one level, repeated slashes are one, a leading slash restarts at `/`), names the
  /// root or something beneath it.
  public static func staysBeneathRoot(_ relative: String) -> Bool {
    if relative.hasPrefix("/") { return false }
    var depth = 0
    for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        depth -= 1
        if depth < 0 { return false }
      default: depth += 1
      }
    }
    return true
  }
}
