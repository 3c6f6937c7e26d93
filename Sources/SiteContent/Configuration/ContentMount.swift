import Diagnostics
import YAML

/// A folder of the project read as a folder of the site's content (`mounts:` in folio.yaml), as
/// Hugo's module mounts put a folder where the site reads it: a Zenn repository's `articles/`
/// and `images/` are read as `Content/articles/` and `Content/images/` where they are, without
/// moving a file.
///
/// ```yaml
/// mounts:
///   - articles                              # articles/ is Content/articles/
///   - {source: images, target: images}      # the same, written out
/// ```
///
/// A source of `.` reads the project's top-level files alone (Jekyll's `about.md` beside
/// `_config.yml`), never a folder.
///
/// A target of `/` reads the folder as the whole content (Hugo's `content/`, MkDocs' `docs/`),
/// and several mounts may read into one place, as Hugo's union mounts do (`content/` and
/// `static/` both at `/`): two files that would land on one path are an error naming both.
///
/// Everything below a mount is read through ``SiteFiles`` as every other file (regular files
/// inside the project), pages become pages and other files are published under the target
/// (`images/a.png` at `/images/a.png`). Inside the build a mounted file is named by its content
/// path (`Content/articles/a.md`); diagnostics name it where it is (`articles/a.md`), through
/// ``SiteFiles/locatedInProject(_:)``.
public struct ContentMount: Hashable, Sendable {
  /// The folder in the project, relative to it (`articles`).
  public var source: String
  /// Where it is read in the content, relative to `Content/` (`articles`); empty for the
  /// content's top (`target: /`).
  public var target: String
  /// Files of the source left out, as patterns relative to it (`exclude: ['theme/**']`): an
  /// MkDocs theme folder inside `docs/`, what Jekyll's `exclude` lists.
  package var exclude: [PathPattern] = []
  /// Where folio.yaml names the mount, for the errors found when its folder is read; not part of
  /// what the mount is (two mounts of one folder at one target are equal).
  package var location: SourceLocation?

  /// A mount of `source` at `target`.
  public init(source: String, target: String) {
    self.source = source
    self.target = target
  }

  /// Whether both read the same folder into the same place.
  public static func == (lhs: ContentMount, rhs: ContentMount) -> Bool {
    lhs.source == rhs.source && lhs.target == rhs.target
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(target)
  }

  /// The project path that the content path `path` (`Content/articles/a.md`) is read from
  /// (`articles/a.md`), or nil when `path` is not below this mount.
  package func sourcePath(of path: String) -> String? {
    if readsTopFilesOnly {
      let folder = target.isEmpty ? "Content/" : "Content/" + target + "/"
      guard path.hasPrefix(folder) else { return nil }
      let name = path.dropFirst(folder.count)
      return name.contains("/") || name.isEmpty ? nil : String(name)
    }
    if target.isEmpty {
      guard path.hasPrefix("Content/") else { return nil }
      return source + path.dropFirst("Content".count)
    }
    let folder = "Content/" + target
    guard path.hasPrefix(folder) else { return nil }
    let rest = path.dropFirst(folder.count)
    guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
    return source + rest
  }

  /// Whether this mount reads the project's top-level files (`source: .`, Jekyll's pages beside
  /// `_config.yml`): the files alone, never a folder, so that neither Folio's own folders nor
  /// the output are read as content.
  package var readsTopFilesOnly: Bool { source == "." }

  /// The path of `relative` (a path below the mount's source) in the content: below the target.
  package func contentPath(of relative: String) -> String {
    target.isEmpty ? relative : target + "/" + relative
  }

  /// Folders a mount cannot read: the content itself, the templates and Folio's own.
  static let reservedSources: Set<String> = ["Content", "Templates", ".folio", "public"]

  /// `mounts:` — a list of folder names or `{source, target}` mappings.
  static func parse(_ value: YAMLValue, in path: String) throws -> [ContentMount] {
    var mounts: [ContentMount] = []
    for item in value.array ?? [value] {
      var mount: ContentMount
      if item.mapping == nil {
        let name = try item.expectString("mounts", in: path)
        mount = ContentMount(source: name, target: name)
      } else {
        var source: String? = nil
        var target: String? = nil
        var exclude: [PathPattern] = []
        for (option, setting) in item.stringEntries {
          switch option {
          case "source": source = try setting.expectString(option, in: path)
          case "target": target = try setting.expectString(option, in: path)
          case "exclude":
            exclude = try (setting.array ?? [setting]).map { item in
              PathPattern(try item.expectString("mounts.exclude", in: path))
            }
          default:
            throw SiteConfiguration.unknownKey(
              option, in: item, under: "mounts", known: ["source", "target", "exclude"])
          }
        }
        guard let source else { throw item.mismatch("a mapping with 'source'", "mounts") }
        mount = ContentMount(source: source, target: target ?? source)
        mount.exclude = exclude
      }
      mount.source = trimmedSlashes(mount.source)
      mount.target = trimmedSlashes(mount.target)
      mount.location = item.location
      try check(mount, at: item.location)
      mounts.append(mount)
    }
    return mounts
  }

  private static func trimmedSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }

  private static func check(_ mount: ContentMount, at location: SourceLocation?) throws {
    let segments = mount.source.split(separator: "/", omittingEmptySubsequences: false)
    guard mount.source != "." else {
      if !mount.target.isEmpty {
        try OutputPath.checkSegments(of: mount.target, named: "mount target", at: location)
      }
      return
    }
    guard !mount.source.hasPrefix("/"), !segments.isEmpty,
      segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") })
    else {
      throw ContentProblem.mountSourceOutsideTheProject(mount.source).error(at: location)
    }
    if let first = segments.first, reservedSources.contains(String(first)) {
      throw ContentProblem.mountSourceReserved(mount.source).error(at: location)
    }
    // `/` (trimmed to nothing) is the content's top.
    if !mount.target.isEmpty {
      try OutputPath.checkSegments(of: mount.target, named: "mount target", at: location)
    }
  }
}
