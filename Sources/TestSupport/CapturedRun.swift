import CLI
import Foundation
import Synchronization

/// One in-process run of a command: its exit status and what it wrote, with `input` as its
/// standard input, so command tests read like a terminal session.
public struct CapturedRun: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var output: String
  /// Everything written to standard error.
  public var error: String

  /// Runs `command` with an IO that captures its streams, sees only `environment`, and runs in
  /// `currentDirectory` (default: the test process's own folder).
  public init(
    input: String = "", environment: [String: String] = [:], currentDirectory: String? = nil,
    _ command: (CommandIO) -> Int32
  ) {
    let streams = Streams()
    status = command(
      streams.io(
        input: input, environment: environment,
        currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath))
    (output, error) = streams.text
  }

  /// Runs the asynchronous `command` with an IO that captures its streams.
  public init(input: String = "", _ command: (CommandIO) async -> Int32) async {
    let streams = Streams()
    status = await command(
      streams.io(input: input, environment: [:], currentDirectory: FileManager.default.currentDirectoryPath))
    (output, error) = streams.text
  }
}

/// What a captured run wrote, from whichever thread wrote it.
private final class Streams: Sendable {
  let output = Mutex<[UInt8]>([])
  let error = Mutex("")

  func io(input: String, environment: [String: String], currentDirectory: String) -> CommandIO {
    CommandIO(
      readInput: { Array(input.utf8) },
      writeOutput: { bytes in self.output.withLock { $0 += bytes } },
      writeError: { text in self.error.withLock { $0 += text } },
      environment: environment,
      currentDirectory: currentDirectory,
      isTerminal: false)
  }

  var text: (output: String, error: String) {
    (output.withLock { String(decoding: $0, as: UTF8.self) }, error.withLock { $0 })
  }
}
