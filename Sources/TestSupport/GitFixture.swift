import Foundation

/// Runs the `git` command line in a folder with fixed names, dates and settings, so a test makes
/// a repository whose history it knows: `commit(at:)` commits everything with an author and a
/// committer date of its choosing. The user's own Git settings are not read.
public struct GitFixture: Sendable {
  /// The folder `git` runs in.
  public let folder: URL

  /// A runner in `folder` (which must exist).
  public init(in folder: URL) {
    self.folder = folder
  }

  /// Makes a repository in the folder, on a branch called `main`.
  @discardableResult
  public static func initialize(_ folder: URL) throws -> GitFixture {
    let git = GitFixture(in: folder)
    try git.run("init", "-q", "-b", "main")
    return git
  }

  /// Stages every change and commits it, authored at `date` and committed at `committed`
  /// (`date` when nil); dates as Git reads them, `2024-01-02T03:04:05+09:00`.
  public func commit(at date: String, committed: String? = nil, _ message: String = "change") throws {
    try run("add", "-A")
    try run(
      ["commit", "-q", "--allow-empty", "-m", message],
      environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": committed ?? date])
  }

  /// Runs `git` with `arguments`; returns its standard output, and throws when it fails.
  @discardableResult
  public func run(_ arguments: String...) throws -> String {
    try run(arguments, environment: [:])
  }

  /// Runs `git` with `arguments` and the variables `environment` besides the fixed ones.
  @discardableResult
  public func run(_ arguments: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments =
      ["-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", "-c", "protocol.file.allow=always"]
      + arguments
    process.currentDirectoryURL = folder
    var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
    variables["GIT_CONFIG_GLOBAL"] = "/dev/null"
    variables["GIT_CONFIG_NOSYSTEM"] = "1"
    for (name, value) in [
      "GIT_AUTHOR_NAME": "Ada", "GIT_AUTHOR_EMAIL": "ada@example.com", "GIT_COMMITTER_NAME": "Ada",
      "GIT_COMMITTER_EMAIL": "ada@example.com",
    ] {
      variables[name] = value
    }
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GitFixtureFailure(
        arguments: arguments, message: String(decoding: message, as: UTF8.self))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A `git` command of a ``GitFixture`` that failed, with what it printed.
public struct GitFixtureFailure: Error, CustomStringConvertible {
  /// The command's arguments.
  public var arguments: [String]
  /// Its standard error.
  public var message: String
  /// The command and its message.
  public var description: String { "git \(arguments.joined(separator: " ")): \(message)" }
}
