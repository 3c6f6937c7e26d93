import Foundation

/// Where a command reads and writes: the real terminal in the `folio` executable, buffers in
/// tests, so commands run in-process without spawning anything.
public struct CommandIO: Sendable {
  /// Reads all of standard input.
  public var readInput: @Sendable () -> [UInt8]
  /// Writes bytes to standard output.
  public var writeOutput: @Sendable ([UInt8]) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// The environment variables.
  public var environment: [String: String]
  /// Whether standard error is a terminal (progress bars, colours).
  public var isTerminal: Bool

  /// Creates an IO from its parts.
  public init(
    readInput: @escaping @Sendable () -> [UInt8],
    writeOutput: @escaping @Sendable ([UInt8]) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    environment: [String: String],
    isTerminal: Bool
  ) {
    self.readInput = readInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.environment = environment
    self.isTerminal = isTerminal
  }

  /// The process's own standard streams.
  public static var standard: CommandIO {
    CommandIO(
      readInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
      writeOutput: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
      writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
      environment: ProcessInfo.processInfo.environment,
      isTerminal: isatty(2) == 1
    )
  }

  /// Writes a line of text to standard output.
  package func print(_ line: String) {
    writeOutput(Array((line + "\n").utf8))
  }
}
