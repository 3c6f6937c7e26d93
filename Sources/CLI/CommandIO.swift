#if canImport(Glibc)
  import Glibc
#endif

/// Where a command reads and writes: the real terminal in the `folio` executable, buffers in
/// tests, so commands run in-process without spawning anything.
public struct CommandIO: Sendable {
  /// Reads all of standard input.
  public var readInput: @Sendable () -> [UInt8]
  /// Writes bytes to standard output.
  public var writeOutput: @Sendable ([UInt8]) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Looks up one environment variable.
  public var environmentVariable: @Sendable (String) -> String?
  /// The absolute path of the folder the command runs in, which relative paths on the command
  /// line start from and which `--format github` names files relative to.
  public var currentDirectory: @Sendable () -> String
  /// Whether standard error is a terminal (progress bars, colours).
  public var isTerminal: Bool
  /// Whether the process exits as soon as the command returns, so a command may leave what it
  /// built unfreed instead of spending a tenth of a large build freeing it, as compilers do
  /// (clang's `-disable-free`). True for ``standard``; false for in-process runs.
  public var exitsAfterCommand = false

  /// Creates an IO from its parts; `environment` holds every variable the command may read and
  /// `currentDirectory` is the absolute path it runs in.
  public init(
    readInput: @escaping @Sendable () -> [UInt8],
    writeOutput: @escaping @Sendable ([UInt8]) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    environment: [String: String],
    currentDirectory: String,
    isTerminal: Bool
  ) {
    self.readInput = readInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.environmentVariable = { environment[$0] }
    self.currentDirectory = { currentDirectory }
    self.isTerminal = isTerminal
  }

  /// The process's own standard streams, read and written with plain system calls: a
  /// `folio render` per file in a pipeline pays for every object set up before the first byte.
  public static var standard: CommandIO {
    var io = CommandIO(
      readInput: { FileDescriptorIO.readAll(from: 0) ?? [] },
      writeOutput: { bytes in FileDescriptorIO.write(bytes, to: 1) },
      writeError: { text in FileDescriptorIO.write(Array(text.utf8), to: 2) },
      environment: [:],
      currentDirectory: "/",
      isTerminal: isatty(2) == 1)
    // Only the variables asked for are read, not the whole environment into a dictionary, and
    // the folder only when a command asks: `folio render` needs neither.
    io.environmentVariable = { name in getenv(name).map { String(cString: $0) } }
    io.currentDirectory = { CommandIO.workingDirectory() ?? "/" }
    io.exitsAfterCommand = true
    return io
  }

  /// The process's working folder from `getcwd`, or nil when it cannot be named (removed, or a
  /// path longer than `PATH_MAX`).
  private static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Keeps `value` alive until the process exits when ``exitsAfterCommand``, so it is never
  /// freed; otherwise does nothing (it is freed as usual).
  package func keepUntilExit<Value>(_ value: Value) {
    guard exitsAfterCommand else { return }
    _ = Unmanaged.passRetained(Kept(value))
  }

  /// Writes a line of text to standard output.
  package func print(_ line: String) {
    writeOutput(Array((line + "\n").utf8))
  }
}

/// A box for ``CommandIO/keepUntilExit(_:)``, retained and never released.
private final class Kept<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}
