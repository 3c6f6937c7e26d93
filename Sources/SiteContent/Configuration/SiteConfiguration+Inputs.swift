/// What a build reads below the project, in one list: what `folio serve` watches and what the
/// build record stamps (so that a folder a build starts reading is added once, here, and both
/// see it).
extension SiteConfiguration {
  /// A file or folder a build reads, relative to the project, and whether the folder is read
  /// through (a mount of the project's top reads only the files directly in it).
  public struct InputPath: Hashable, Sendable {
    /// The path, relative to the project; empty for the project's folder itself.
    public var path: String
    /// Whether everything below the folder is read, or only the files directly in it that a
    /// mount of the project's top reads (``ContentFiles/readsTopFile(_:)``: not its folders,
    /// where the output and Folio's caches are).
    public var descends: Bool
  }

  /// The files and folders a build reads: `folio.yaml`, `i18n/` (the labels), `Content/`,
  /// `Templates/`, the other settings files, and the mounted folders.
  public var inputPaths: [InputPath] {
    var paths = ["folio.yaml", "i18n", "Content", "Templates"].map { InputPath(path: $0, descends: true) }
    // The settings files are in those folders today (shortcodes in Templates/, labels in
    // i18n/); one elsewhere is listed itself.
    for file in settingsFiles
    where !paths.contains(where: { file == $0.path || file.hasPrefix($0.path + "/") }) {
      paths.append(InputPath(path: file, descends: true))
    }
    for mount in mounts {
      paths.append(
        mount.readsTopFilesOnly
          ? InputPath(path: "", descends: false) : InputPath(path: mount.source, descends: true))
    }
    return paths
  }
}
