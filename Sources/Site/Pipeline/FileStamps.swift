import BuildCache
import Foundation
import SiteOutput

/// The stamps of every entry below some folders, digested into one value: each entry's path
/// and what `lstat` says of it (kind, permissions, device, inode, size, modification and change
/// times), so that a file written, replaced, added, removed or renamed gives another digest.
///
/// This is how `git status` and make tell an unchanged file without reading it. The change time
/// (`ctime`) is the kernel's and cannot be set back by a program, so a file rewritten with its
/// old modification time (`touch -d`, `cp -p`, `rsync -t`) is still seen as changed.
///
/// A stamp is trusted only when the file was last changed before the build read it
/// (``StampTrust``): a file changed in the same moment as the build read it might have changed
/// after it was read, with the same times (the racy-git problem), so such a digest is not made
/// at all (``digest`` is nil).
///
/// Version-control folders (`.git`, `.hg`, `.svn`) are never entered. A symbolic link is
/// stamped as a link, and its target too when the target is inside `root`; a link to a folder
/// inside `root` is walked as the folder, once. Nothing outside `root` is looked at.
struct FileStamps {
  /// The real path of the folder every path is below.
  let root: String
  /// Which entries' stamps are trusted; nil trusts any.
  let trust: StampTrust?
  private var bytes: [UInt8] = []
  private var isTrusted = true
  /// The stamp of each file and folder ``add(listed:known:)`` looked up, in the order looked up,
  /// when they are kept (``keepsEntries``): a list, not a table, as an up-to-date build never
  /// reads them and hashing 20,000 paths was a tenth of its time.
  private(set) var entries: [(path: String, stamp: WrittenStamp)] = []
  /// Whether ``entries`` are kept.
  var keepsEntries = false
  /// The folders walked, by device and inode, so a link loop or a folder linked twice is
  /// walked once.
  private var walked: Set<[UInt64]> = []

  /// Stamps below the folder `root` (followed if it is a link: the command line chose it).
  init(root: String, trusting trust: StampTrust? = nil) {
    self.root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    self.trust = trust
    bytes.reserveCapacity(4096)
  }

  /// The digest of every stamp added, or nil when an entry changed too recently to be trusted.
  var digest: ContentDigest? { isTrusted ? ContentDigest(of: bytes) : nil }

  /// Adds the entry at `relative` (a path below ``root``; empty for the root itself) and
  /// everything below it.
  mutating func add(_ relative: String) {
    let path = relative.isEmpty ? root : root + "/" + relative
    var info = stat()
    guard lstat(path, &info) == 0 else {
      append(relative, kind: "absent")
      return
    }
    stamp(relative, info)
    if info.st_mode & S_IFMT == S_IFDIR {
      walk(path, relative, info, depth: .max)
    } else if info.st_mode & S_IFMT == S_IFLNK {
      followLink(path, relative, depth: .max)
    }
  }

  /// Adds the files directly in the folder at `relative` whose names `includes` accepts (and
  /// the files links among them lead to, inside ``root``), but no folder: what a mount of the
  /// project's top reads. The project's top also holds the output and Folio's caches, which
  /// change with every build.
  mutating func add(filesIn relative: String, named includes: (String) -> Bool) {
    let path = relative.isEmpty ? root : root + "/" + relative
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else {
      append(relative, kind: "absent")
      return
    }
    defer { close(folder) }
    let names = FolderListing.entries(of: folder).filter { $0.kind != DT_DIR && includes($0.name) }.map(
      \.name
    )
    .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for name in names {
      let childRelative = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFREG: stamp(childRelative, info)
      case S_IFLNK:
        stamp(childRelative, info)
        // Depth zero: a link to a folder is not read as a folder here.
        followLink(path + "/" + name, childRelative, depth: 0)
      default: break
      }
    }
  }

  /// Adds the files at `paths` (below ``root``, as a build wrote them, in the order given) and
  /// every folder that holds them, each looked up by its path rather than found by listing
  /// folders. A folder is stamped where the first path of a run of paths inside it comes: in
  /// byte order (as the record lists them) that is once. A folder's stamp here keeps its times,
  /// which change when an entry is added to it or removed, so a file added beside the listed
  /// ones is seen without reading any folder.
  /// This is how the output folder is stamped: it has a folder per page, and listing 10,000
  /// folders took twice as long as looking up the files.
  ///
  /// A path `known` holds is stamped as it says (``WrittenStamp``: taken as the build wrote it),
  /// without a look-up.
  ///
  /// ``root``'s own stamp is left out: moving the folder (the staging folder into the output's
  /// place, the replaced output to the spare's) changes it. What it would show, an entry added
  /// at the top, is for the caller to see by listing it (``BuildRecord/holdsOnly(_:in:)``).
  mutating func add(listed paths: ArraySlice<String>, known: [String: WrittenStamp] = [:]) {
    let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else {
      append("", kind: "absent")
      return
    }
    defer { close(folder) }
    var previous = ""
    for path in paths {
      // The folders the previous path is in too were stamped with it: only those deeper than
      // the two paths' common folder are new.
      var end = FileStamps.endOfCommonFolder(path, previous)
      while let slash = path.utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
        let name = String(path[..<slash])
        var parentInfo = stat()
        if let written = known[name] {
          stamp(name, written, keepsFolderTimes: true)
        } else if fstatat(folder, name, &parentInfo, AT_SYMLINK_NOFOLLOW) == 0 {
          let found = WrittenStamp(parentInfo)
          if keepsEntries { entries.append((name, found)) }
          stamp(name, found, keepsFolderTimes: true)
        } else {
          append(name, kind: "absent")
        }
        end = path.utf8.index(after: slash)
      }
      previous = path
      var fileInfo = stat()
      if let written = known[path] {
        stamp(path, written)
      } else if fstatat(folder, path, &fileInfo, AT_SYMLINK_NOFOLLOW) == 0 {
        let found = WrittenStamp(fileInfo)
        if keepsEntries { entries.append((path, found)) }
        stamp(path, found)
      } else {
        append(path, kind: "absent")
      }
    }
  }

  /// Where, in `path`, the name after the deepest folder it shares with `other` starts (the
  /// index after that folder's slash; the start when they share none).
  static func endOfCommonFolder(_ path: String, _ other: String) -> String.Index {
    var end = path.utf8.startIndex
    var index = path.utf8.startIndex
    var otherIndex = other.utf8.startIndex
    while index != path.utf8.endIndex, otherIndex != other.utf8.endIndex,
      path.utf8[index] == other.utf8[otherIndex]
    {
      let isSlash = path.utf8[index] == UInt8(ascii: "/")
      index = path.utf8.index(after: index)
      otherIndex = other.utf8.index(after: otherIndex)
      if isSlash { end = index }
    }
    return end
  }

  private mutating func walk(_ path: String, _ relative: String, _ info: stat, depth: Int) {
    guard depth > 0, walked.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else { return }
    walk(folder, path, relative, device: info.st_dev, depth: depth)
  }

  /// Walks the open folder `folder` (closing it), at `path`. Entries are looked at through the
  /// folder's descriptor (`fstatat`), not by their whole path, and a subfolder's stamp is what
  /// its listing says (its inode): on 10,000 pages, each a folder of its own in the output, that
  /// halves the walk.
  private mutating func walk(_ folder: Int32, _ path: String, _ relative: String, device: dev_t, depth: Int) {
    guard let directory = fdopendir(folder) else {
      close(folder)
      return
    }
    var entries: [(name: [UInt8], type: UInt8, inode: UInt64)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if name == FileStamps.dot || name == FileStamps.dotDot { continue }
      if FileStamps.versionControlNames.contains(where: { $0.utf8.elementsEqual(name) }) { continue }
      entries.append((name, entry.pointee.d_type, UInt64(entry.pointee.d_ino)))
    }
    entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
    for entry in entries {
      let name = String(decoding: entry.name, as: UTF8.self)
      let childRelative = relative.isEmpty ? name : relative + "/" + name
      if entry.type == DT_DIR {
        stampFolder(childRelative, device: device, inode: entry.inode)
        guard depth > 1, walked.insert([UInt64(device), entry.inode]).inserted else { continue }
        let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if child >= 0 { walk(child, path + "/" + name, childRelative, device: device, depth: depth - 1) }
        continue
      }
      var childInfo = stat()
      guard fstatat(folder, name, &childInfo, AT_SYMLINK_NOFOLLOW) == 0 else {
        append(childRelative, kind: "gone")
        continue
      }
      stamp(childRelative, childInfo)
      switch childInfo.st_mode & S_IFMT {
      case S_IFDIR: walk(path + "/" + name, childRelative, childInfo, depth: depth - 1)
      case S_IFLNK: followLink(path + "/" + name, childRelative, depth: depth - 1)
      default: break
      }
    }
    closedir(directory)
  }

  private static let dot: [UInt8] = [0x2E]
  private static let dotDot: [UInt8] = [0x2E, 0x2E]

  /// Stamps what the link at `path` leads to when that is inside ``root``, and walks it when
  /// it is a folder.
  private mutating func followLink(_ path: String, _ relative: String, depth: Int) {
    guard let resolved = realpath(path, nil) else {
      append(relative, kind: "broken link")
      return
    }
    let target = String(cString: resolved)
    free(resolved)
    guard target == root || target.hasPrefix(root == "/" ? "/" : root + "/") else {
      append(relative, kind: "link out")
      return
    }
    var info = stat()
    guard stat(target, &info) == 0 else { return }
    stamp(relative + " ->", info)
    if info.st_mode & S_IFMT == S_IFDIR { walk(target, relative, info, depth: depth) }
  }

  /// A folder's stamp as its parent's listing gives it: the same as ``stamp(_:_:)`` makes of
  /// its `lstat`, for a folder whose permissions are left out.
  private mutating func stampFolder(_ relative: String, device: dev_t, inode: UInt64) {
    var info = stat()
    info.st_mode = S_IFDIR
    info.st_dev = device
    info.st_ino = __ino_t(inode)
    stamp(relative, info)
  }

  private mutating func stamp(_ relative: String, _ info: stat, keepsFolderTimes: Bool = false) {
    stamp(relative, WrittenStamp(info), keepsFolderTimes: keepsFolderTimes)
  }

  private mutating func stamp(_ relative: String, _ info: WrittenStamp, keepsFolderTimes: Bool = false) {
    let dropsTimes = info.mode & UInt64(S_IFMT) == UInt64(S_IFDIR) && !keepsFolderTimes
    // A folder's times change as entries come and go (an editor's swap file): its entries are
    // stamped themselves, so its own times are left out.
    if !dropsTimes, let trust, !trust.trusts(info) { isTrusted = false }
    bytes += relative.utf8
    bytes.append(0)
    // A tuple, not an array: no allocation for each of 100,000 entries.
    let fields = (
      info.mode.littleEndian, info.device.littleEndian, info.inode.littleEndian,
      (dropsTimes ? 0 : info.size).littleEndian,
      (dropsTimes ? 0 : UInt64(bitPattern: info.modified.seconds)).littleEndian,
      (dropsTimes ? 0 : info.modified.nanoseconds).littleEndian,
      (dropsTimes ? 0 : UInt64(bitPattern: info.changed.seconds)).littleEndian,
      (dropsTimes ? 0 : info.changed.nanoseconds).littleEndian
    )
    withUnsafeBytes(of: fields) { bytes += $0 }
  }

  private mutating func append(_ relative: String, kind: String) {
    bytes += relative.utf8
    bytes.append(0)
    bytes += kind.utf8
    bytes.append(0)
  }

  /// Folders a build never reads and no stamp looks into.
  static let versionControlNames: Set<String> = [".git", ".hg", ".svn"]
}
