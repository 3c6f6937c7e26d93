#if canImport(Glibc)
  import Glibc
#endif

/// A program installed in the same folder as the running one, as `git` finds its `git-*`
/// helpers: `folio build` runs `folio-site` from beside the real `folio` binary (symbolic links
/// resolved), never from `PATH`, so the two always come from the same build.
package struct SiblingExecutable {
  /// The file name, e.g. `folio-site`.
  package var name: String

  /// The program `name` beside this one.
  package init(named name: String) {
    self.name = name
  }

  /// The sibling's path, from `/proc/self/exe`; nil when the running binary cannot be found.
  var path: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = executable.lastIndex(of: "/") else { return nil }
    return executable[...slash] + name
  }

  /// Replaces this process with the sibling, passing `arguments`; returns only when that fails,
  /// with the exit status to use after saying why.
  package func replaceProcess(arguments: [String], io: CommandIO) -> Int32 {
    guard let path else {
      io.writeError("error: cannot find the folio executable's folder to run \(name)\n")
      return 1
    }
    var argv: [UnsafeMutablePointer<CChar>?] = ([name] + arguments).map { strdup($0) }
    argv.append(nil)
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    io.writeError(
      "error: cannot run \(path): \(reason)\n"
        + "'folio \(arguments.first ?? "")' needs \(name) installed in the same folder as folio (swift build --product \(name)).\n"
    )
    return 1
  }
}
