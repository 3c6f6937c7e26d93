import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Prints a page of the site to PDF with headless Chromium, every file served from memory.
///
/// Each ``print(path:files:date:)`` starts one Chromium (some 1–2 s), talks DevTools to it over a
/// pipe, and ends its whole process group on every path out. Chromium never reaches the network:
/// every request is answered from the files or refused, and its host names resolve to nothing.
/// It writes only inside the profile folder, which it is given as its profile, home, XDG and
/// temporary folders, and what it wrote there is removed afterwards.
public struct PDFPrinter: Sendable {
  /// Chromium's executable (Debian's wrapper script by default).
  public let executable: String
  /// The folder Chromium may write to, such as `.folio/cache/chromium` in the project.
  public let profileFolder: URL
  /// How long one print may take, from start to PDF.
  public let timeout: Duration

  /// A printer with Chromium at `executable`, writing only in `profileFolder`.
  public init(executable: String = "/usr/bin/chromium", profileFolder: URL, timeout: Duration = .seconds(120))
  {
    self.executable = executable
    self.profileFolder = profileFolder
    self.timeout = timeout
  }

  /// Whether an executable file is at `executable`.
  public static func isAvailable(executable: String = "/usr/bin/chromium") -> Bool {
    access(executable, X_OK) == 0
  }

  /// Prints the page at `path` (a site path such as `/book/print/`, served as
  /// `book/print/index.html`) from `files` (output path → bytes), with `date` as the PDF's
  /// creation and modification date.
  public func print(path: String, files: [String: [UInt8]], date: PDFDate) throws(PDFPrintingProblem)
    -> PrintedPDF
  {
    guard Self.isAvailable(executable: executable) else { throw .chromiumMissing(executable: executable) }
    guard let page = MemoryFiles.outputPath(path) else {
      throw .pageFailedToLoad(path: path, reason: "a page's path starts with /")
    }
    guard files[page] != nil else {
      throw .pageFailedToLoad(path: path, reason: "\(page) is not among the site's files")
    }
    let folder = try ProfileFolder(profileFolder)
    defer { folder.removeWhatWasWritten() }
    let process = try ChromiumProcess(
      executable: executable, arguments: arguments(profile: folder.url.path),
      environment: environment(folder), folder: folder.url.path, timeout: timeout)
    defer { process.stop() }
    let session = PrintSession(DevToolsConnection(process), files: MemoryFiles(files: files))
    let pdf: [UInt8]
    do {
      pdf = try session.print(sitePath: path)
    } catch let problem as PDFPrintingProblem {
      throw problem
    } catch {
      throw .protocolError(method: "(message)", message: "\(error)")
    }
    return PrintedPDF(pdf: PDFStamp.stamped(pdf, date: date), refusedURLs: session.refusedURLs)
  }

  /// Chromium's command line.
  private func arguments(profile: String) -> [String] {
    var arguments = [
      "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
      "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-sync",
      "--disable-component-update", "--disable-breakpad", "--disable-crash-reporter",
      // Requests are all intercepted, but a preconnect or DNS prefetch is not a request: no name
      // resolves, so nothing can leave the machine.
      "--host-resolver-rules=MAP * ~NOTFOUND",
      "--user-data-dir=\(profile)",
    ]
    // Chromium refuses to start as root with its sandbox on (containers and CI run as root).
    if geteuid() == 0 { arguments.append("--no-sandbox") }
    return arguments
  }

  /// Chromium's whole environment: its folders inside the profile folder, the search path, a
  /// UTF-8 locale, and UTC, so that the dates it writes have a fixed zone.
  private func environment(_ folder: ProfileFolder) -> [String: String] {
    var environment = folder.environment
    environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = "UTC"
    return environment
  }
}
