import CLI
import Diagnostics
import Dispatch
import Foundation
import PreviewServer
import Site
import SiteContent

/// Connects the watcher, the site session and the server: classify the changed files, rebuild
/// what they affect, swap the changed files into the store, then tell the browsers (never
/// before the new files are in place).
final class ServeLoop: @unchecked Sendable {
  // @unchecked: its mutable state (the session, what was reported) is touched only with
  // `sessionLock` held, by the watcher's thread and by the thread that makes image variants.

  let root: URL
  let session: SiteSession
  let store: InMemoryStore
  let server: PreviewHTTPServer
  let io: CommandIO
  /// The path the site is served under (`/` or `/project/`).
  let basePath: String
  private var showsError = false
  /// The warnings of the last good build, in order and as a set.
  private var reportedList: [Diagnostic] = []
  private var reportedWarnings: Set<Diagnostic> = []
  /// Held while the session is used: by a rebuild (the watcher's thread) and by the photos'
  /// variants arriving (a thread of their own).
  private let sessionLock = NSLock()

  init(
    root: URL, session: SiteSession, store: InMemoryStore, server: PreviewHTTPServer, basePath: String = "/",
    io: CommandIO
  ) {
    self.root = root
    self.basePath = basePath
    self.session = session
    self.store = store
    self.server = server
    self.io = io
  }

  func initialBuild() {
    sessionLock.lock()
    defer { sessionLock.unlock() }
    do {
      let result = try session.build()
      store.replaceContents(with: result.files)
      report(result.warnings)
      io.writeError("Built \(result.pageCount) pages\n")
      session.prepareForEdits()
      makeImageVariants()
    } catch let error as DiagnosticError {
      // Keep something to show, so the overlay has a page to appear on.
      store.replaceContents(with: [
        "index.html": Array(
          "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title></head><body><main><h1>Build failed</h1><p>Fix the error shown and save: this page reloads by itself.</p></main></body></html>\n"
            .utf8)
      ])
      fail(error)
    } catch {
      fail(DiagnosticError(.error("\(error)")))
    }
  }

  func rebuild(for absolutePaths: [String]) {
    let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
    let relative = absolutePaths.compactMap { path in
      path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
    let plan = RebuildPlan.plan(for: relative)
    guard !plan.isEmpty else { return }
    sessionLock.lock()
    defer { sessionLock.unlock() }
    let start = DispatchTime.now().uptimeNanoseconds
    do {
      let update = try session.rebuild(plan)
      var changes: [String: [UInt8]?] = [:]
      for path in update.changedPaths { changes[path] = update.result.files[path] }
      store.apply(changes: changes)
      if showsError {
        server.broadcast(.clear)
        showsError = false
      }
      let urls = update.changedPaths.map { basePath + Self.url(forOutputPath: $0).dropFirst() }
      if plan.changesOnlyStylesheets {
        server.broadcast(.css(paths: urls.filter { $0.hasSuffix(".css") }))
      } else if !urls.isEmpty {
        server.broadcast(.reload(paths: urls.count > 200 ? [] : urls))
      }
      session.prepareForEdits()
      report(update.result.warnings)
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let slowSteps = update.result.timings.filter { $0.seconds > 0.005 }
        .map { "\($0.step) \(String(format: "%.0f", $0.seconds * 1000)) ms" }
      io.writeError(
        "Rebuilt \(relative.joined(separator: ", ")): \(update.changedPaths.count) files changed in \(String(format: "%.1f", milliseconds)) ms"
          + (slowSteps.isEmpty ? "" : " (" + slowSteps.joined(separator: ", ") + ")") + "\n"
      )
      try finishSearchIndex()
      makeImageVariants()
    } catch let error as DiagnosticError {
      fail(error)
    } catch {
      fail(DiagnosticError(.error("\(error)")))
    }
  }

  /// Makes the photos' variants the build left to make (``SiteSession/takeImageVariants()``) on
  /// a thread of their own, so that no save waits for an encoder: the pages show each photo
  /// itself until then, and reload once the variants are in place. Called with the lock held.
  private func makeImageVariants() {
    guard let job = session.takeImageVariants() else { return }
    io.writeError("Making \(job.count) image variant\(job.count == 1 ? "" : "s") in the background\n")
    DispatchQueue.global(qos: .utility).async { [self] in
      let results = job.run()
      sessionLock.lock()
      defer { sessionLock.unlock() }
      let update = session.applyImageVariants(results)
      guard !update.files.isEmpty else { return }
      store.apply(changes: update.files.mapValues { Optional($0) })
      // Only the pages that show the photos: a reload elsewhere would lose the reader's place.
      if !update.pageURLs.isEmpty {
        server.broadcast(.reload(paths: update.pageURLs.map { basePath + $0.dropFirst() }))
      }
      io.writeError("Made \(update.files.count) image variant\(update.files.count == 1 ? "" : "s")\n")
    }
  }

  /// Writes the search index the rebuild left for after the reload (``SiteSession/finishSearchIndex()``)
  /// and reloads the search pages, so that none mixes the old index's files with the new one's.
  private func finishSearchIndex() throws {
    guard let index = try session.finishSearchIndex(), !index.changedPaths.isEmpty else { return }
    var changes: [String: [UInt8]?] = [:]
    for path in index.changedPaths { changes[path] = index.files[path] }
    store.apply(changes: changes)
    server.broadcast(
      .reload(paths: index.searchPages.map { basePath + Self.url(forOutputPath: $0).dropFirst() }))
  }

  private func fail(_ error: DiagnosticError) {
    io.writeError(DiagnosticError(error.diagnostics.map(naming.shown)).description + "\n")
    guard let first = error.diagnostics.first(where: { $0.severity == .error }) ?? error.diagnostics.first
    else { return }
    // Only a file the build itself may read: the error may be about a link to one it may not.
    let source = first.location.flatMap { SourceText.of($0.path, inProjectAt: root) }
    server.broadcast(.error(ErrorOverlay(first, source: source)))
    showsError = true
  }

  /// How the terminal names the project's files: from the folder `serve` runs in (the error
  /// overlay keeps the project's own paths).
  private var naming: PathNaming {
    PathNaming(projectRoot: root.path, currentDirectory: io.currentDirectory())
  }

  /// Prints the warnings not printed after the previous build, and how many printed ones still
  /// stand: a large site with many broken links would otherwise repeat them all on every save.
  private func report(_ warnings: [Diagnostic]) {
    // Compared as values and put into words only when new: a site cut from elsewhere can have
    // tens of thousands of standing warnings, and formatting each on every save cost more than
    // the rebuild. Most saves leave the list as it was (the same values, from the same storage).
    if !warnings.isEmpty, warnings == reportedList {
      io.writeError(
        "(\(warnings.count) warning\(warnings.count == 1 ? "" : "s") reported earlier still stand)\n")
      return
    }
    let current = Set(warnings)
    var standing = 0
    var fresh: [Diagnostic] = []
    for warning in warnings {
      if reportedWarnings.contains(warning) {
        standing += 1
      } else {
        fresh.append(warning)
      }
    }
    if !fresh.isEmpty { io.writeError(naming.listing(fresh)) }
    if standing > 0 {
      io.writeError("(\(standing) warning\(standing == 1 ? "" : "s") reported earlier still stand)\n")
    }
    reportedWarnings = current
    reportedList = warnings
  }

  /// `docs/cli/index.html` → `/docs/cli/`; other files keep their path.
  static func url(forOutputPath path: String) -> String {
    if path == "index.html" { return "/" }
    if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
    return "/" + path
  }
}
