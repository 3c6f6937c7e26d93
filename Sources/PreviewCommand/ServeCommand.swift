import CLI
import Diagnostics
import Dispatch
import Foundation
import PreviewServer
import Site
import SiteComponents
import SiteContent

/// `folio serve`: builds the site in memory, serves it on 127.0.0.1 with live reload, and
/// rebuilds incrementally when files under `Content/`, `Templates/` or `i18n/`, or `folio.yaml`,
/// change.
/// A failed rebuild shows an overlay in every open page and keeps serving the last good site.
public enum ServeCommand {
  /// Runs `folio-serve [serve] OPTIONS` (as `folio serve` execs it) and exits with its status.
  public static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "serve" { arguments.removeFirst() }
    exit(await run(arguments, io: .standard))
  }

  /// Runs `folio serve` with `arguments` (what follows `serve`) and returns the exit status.
  public static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
    do {
      return try await serve(arguments, io: io)
    } catch {
      return FolioCommand.report(error, from: "serve", io: io)
    }
  }

  /// `--source`.
  static let sourceOption = ArgumentParser.Option.value(
    "-s", "--source", valueName: "DIR", help: "The project folder (default: the current folder).")
  /// `--host`.
  static let hostOption = ArgumentParser.Option.value(
    "--host", valueName: "ADDRESS", help: "Listen address (default: localhost = 127.0.0.1 and ::1).")
  /// `--port`.
  static let portOption = ArgumentParser.Option.value(
    "-p", "--port", valueName: "PORT", help: "Port (default: 1313 or the next free one; 0: any).")
  /// `--drafts`.
  static let draftsOption = ArgumentParser.Option.flag("--drafts", help: "Include pages marked draft: true.")
  /// `--help`.
  /// `--no-cache`.
  static let noCacheOption = ArgumentParser.Option.flag(
    "--no-cache",
    help: "Render every page at start, without reading or writing the build cache (.folio/cache/pages).")
  static let helpOption = ArgumentParser.Option.flag("-h", "--help", help: "Show this help.")

  static let parser = ArgumentParser(options: [
    sourceOption,
    hostOption,
    portOption,
    draftsOption,
    noCacheOption,
    helpOption,
  ])

  /// What `man folio-serve` and the completions say, from the same table as `--help`.
  package static let reference = CommandReference(
    name: "serve", abstract: FolioCommand.abstract(of: "serve"), usage: ["folio serve [options]"],
    parsers: [parser])

  static var help: String {
    "OVERVIEW: \(FolioCommand.abstract(of: "serve"))\n\nUSAGE: folio serve [options]\n\nOPTIONS:\n\(parser.helpText())"
  }

  static func serve(_ arguments: [String], io: CommandIO) async throws -> Int32 {
    let parsed = try parser.parse(arguments)
    if parsed.has(Self.helpOption) {
      io.print(help)
      return 0
    }
    guard parsed.positional.isEmpty else { throw UsageError("unexpected argument '\(parsed.positional[0])'") }
    var port: Int? = nil
    if let text = parsed.value(Self.portOption) {
      guard let value = Int(text), (0...65535).contains(value) else {
        throw UsageError("--port must be a number from 0 to 65535, got '\(text)'")
      }
      port = value
    }
    let root = URL(
      fileURLWithPath: parsed.value(Self.sourceOption) ?? FileManager.default.currentDirectoryPath
    )
    .standardizedFileURL
    let store = InMemoryStore()
    // The preview is served under the path the site is published at (its baseURL's path), so
    // that links written for a sub-path are tried as they will be used. A folio.yaml that does
    // not load now is reported by the first build.
    let basePath =
      (try? SiteConfiguration.load(fromProjectAt: root, sections: SiteFeatures.settingsSections))?.basePath
      ?? "/"
    let server: PreviewHTTPServer
    do {
      server = try PreviewHTTPServer(
        serving: store,
        configuration: ServerConfiguration(
          host: parsed.value(Self.hostOption) ?? "localhost", port: port, basePath: basePath))
    } catch {
      io.writeError("error: \(error)\n")
      return 1
    }
    if !server.isLoopbackOnly {
      io.writeError(
        "warning: listening on \(server.listeningAddresses.joined(separator: ", ")): other machines can read this preview\n"
      )
    }
    var options = SiteBuilder.Options(
      projectRoot: root, includesDrafts: parsed.has(Self.draftsOption), baseURL: server.url)
    // Writers see broken #anchors while they write; `folio build` leaves them to `folio check`.
    options.context.checksAnchors = true
    // A save reloads the page before the search index is merged again (ServeLoop).
    options.defersSearchIndex = true
    // The first build, and one after folio.yaml changes, takes the pages that did not change
    // from .folio/cache/pages, as `folio build` does, and keeps the file: a large site's
    // preview starts in about two thirds of the time. Its entries are the preview's own (anchors
    // checked, the preview's base URL), beside `folio build`'s.
    options.usesCache = !parsed.has(Self.noCacheOption)
    // Photos' variants made by earlier builds and previews are reused, and this one's kept.
    options.usesImageCache = true
    // No save waits for an encoder: the photos stand in for their variants until they are made.
    options.defersImageVariants = true
    let session = SiteSession(options: options)
    let loop = ServeLoop(
      root: root, session: session, store: store, server: server, basePath: basePath, io: io)
    loop.initialBuild()
    io.writeError("Serving \(root.path) at \(server.url) (Ctrl-C to stop)\n")

    let watcher: FileWatcher
    // Mounted folders (`mounts:`) are watched where they are, and a change in one is a change
    // to the content path the site reads it at. Mounts added later take a restart.
    let configuration = try? SiteConfiguration.load(
      fromProjectAt: root, sections: SiteFeatures.settingsSections)
    let mounts = configuration?.mounts ?? []
    // What a build reads (the list the build record stamps too); a mount of the project's top
    // is watched as the project's folder, whose files directly in it are the mount's.
    let watched =
      configuration?.inputPaths.map { $0.path.isEmpty ? "." : $0.path }
      ?? ["Content", "Templates", "folio.yaml", "i18n"]
    do {
      watcher = try FileWatcher(
        watching: watched.map { root.appendingPathComponent($0).path }, quietPeriod: .milliseconds(10))
    } catch {
      server.stop()
      io.writeError("error: \(error)\n")
      return 1
    }
    let signals = ShutdownSignals {
      watcher.stop()
    }
    var warnedAboutWatchLimit = Self.warnIfUnwatched(watcher, root: root.path, io: io)
    for await changes in watcher.changes {
      if !warnedAboutWatchLimit {
        warnedAboutWatchLimit = Self.warnIfUnwatched(watcher, root: root.path, io: io)
      }
      loop.rebuild(for: changes.map { Self.contentPath(of: $0.path, root: root.path, mounts: mounts) })
    }
    signals.cancel()
    server.stop()
    io.writeError("Stopped.\n")
    return 0
  }

  /// Says once that some folders are not watched, which folders and how to raise the limit, so
  /// that a writer whose saves do not reload knows why. Returns whether it said so. Written as
  /// a diagnostic: a folder's name is the author's, and its control characters are shown, not
  /// sent to the terminal.
  static func warnIfUnwatched(_ watcher: FileWatcher, root: String, io: CommandIO) -> Bool {
    let folders = watcher.unwatchedFolders
    guard let first = folders.first else { return false }
    let name = first.hasPrefix(root + "/") ? String(first.dropFirst(root.count + 1)) : first
    let others = folders.count == 1 ? "" : " and \(folders.count - 1) more"
    let warning = Diagnostic.warning(
      "cannot watch \(name)\(others): the system's limit on inotify watches is reached, so changes there"
        + " show only once watches come free",
      hint: "raise it with `sudo sysctl fs.inotify.max_user_watches=524288`")
    io.writeError(warning.description + "\n")
    return true
  }

  /// The path the site reads the changed file at: `/site/articles/a.md` is
  /// `/site/Content/articles/a.md` when `articles` is mounted there.
  static func contentPath(of path: String, root: String, mounts: [ContentMount]) -> String {
    for mount in mounts {
      if mount.readsTopFilesOnly {
        let name = path.dropFirst(root.count + 1)
        guard path.hasPrefix(root + "/"), !name.contains("/"), ContentFiles.readsTopFile(String(name)) else {
          continue
        }
        return root + "/Content" + (mount.target.isEmpty ? "" : "/" + mount.target) + "/" + name
      }
      let folder = root + "/" + mount.source
      guard path == folder || path.hasPrefix(folder + "/") else { continue }
      let rest = path.dropFirst(folder.count)
      return root + "/Content" + (mount.target.isEmpty ? "" : "/" + mount.target) + rest
    }
    return path
  }
}
