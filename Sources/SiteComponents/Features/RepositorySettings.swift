import Diagnostics
import HTMLRendering
import SiteContent
import YAML

/// `repository:` in folio.yaml — where the site's files are hosted, for each page's "Edit this
/// page" link: `url` (`https://github.com/owner/name`), `branch` (`main` unless written) and
/// `path` (the project's folder inside the repository, none unless written), from which the
/// link is made as the host makes it (GitHub `/edit/`, GitLab `/-/edit/`, Bitbucket
/// `/src/…?mode=edit`, Codeberg, Gitea and Forgejo `/_edit/`); or `editURL`, the address a
/// file's project path is appended to, for any other host (as MkDocs' `edit_uri` and
/// Starlight's `editLink.baseUrl`). Off unless folio.yaml writes it.
package struct RepositorySettings: Sendable, Equatable {
  /// The address each page's project path (`Content/docs/a.md`) is appended to.
  package var editBase: String
  /// What follows the path (Bitbucket's `?mode=edit`).
  package var editSuffix = ""

  /// The link to edit the file at `projectPath` (relative to the project, `/`-separated).
  package func editURL(forProjectPath projectPath: String) -> String {
    editBase + RepositorySettings.escapedPath(projectPath) + editSuffix
  }

  /// `path` with each of its segments escaped (``escaped(_:)``).
  static func escapedPath(_ path: String) -> String {
    path.split(separator: "/").map { escaped($0) }.joined(separator: "/")
  }

  /// How each host links to its editor for a branch and a path, by the host's name.
  static func editPath(host: String, branch: String) -> String? {
    let branch = escapedPath(branch)
    if host == "github.com" || host.hasSuffix(".github.com") || host.hasPrefix("github.") {
      return "/edit/\(branch)/"
    }
    if host.contains("gitlab") { return "/-/edit/\(branch)/" }
    if host == "bitbucket.org" { return "/src/\(branch)/" }
    if host == "codeberg.org" || host.contains("gitea") || host.contains("forgejo") {
      return "/_edit/\(branch)/"
    }
    return nil
  }

  /// A path segment with what a URL path cannot hold escaped (`%20` for a space, UTF-8 bytes
  /// for other letters).
  static func escaped(_ segment: Substring) -> String {
    var out = ""
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return out
  }
}

extension RepositorySettings: SettingsSection {
  /// `repository`.
  package static let key = "repository"
  /// Off.
  package static let defaultValue: RepositorySettings? = nil

  /// Reads `repository:`.
  package static func read(_ value: YAMLValue, in path: String) throws -> RepositorySettings? {
    if value.bool == false { return nil }
    guard value.mapping != nil else {
      throw value.mismatch("a mapping with url (and branch, path) or editURL", "repository")
    }
    var url: (text: String, value: YAMLValue)? = nil
    var editURL: String? = nil
    var branch = "main"
    var folder = ""
    for (option, setting) in value.stringEntries {
      switch option {
      case "url": url = (try checkedURL(setting, "repository.url"), setting)
      case "editURL": editURL = try checkedURL(setting, "repository.editURL")
      case "branch": branch = try setting.expectString(option, in: path)
      case "path":
        folder = try setting.expectString(option, in: path).split(separator: "/").joined(separator: "/")
      default:
        throw SiteConfiguration.unknownKey(
          option, in: value, under: "repository", known: ["url", "branch", "path", "editURL"])
      }
    }
    if let editURL {
      return RepositorySettings(editBase: editURL.hasSuffix("/") ? editURL : editURL + "/")
    }
    guard let url else { throw value.mismatch("a mapping with url or editURL", "repository") }
    let trimmed = url.text.hasSuffix(".git") ? String(url.text.dropLast(4)) : url.text
    let repository = trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed
    let host =
      repository.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: true).dropFirst()
      .first.map { $0.lowercased() } ?? ""
    guard let edit = editPath(host: host, branch: branch) else {
      throw url.value.mismatch(
        "the address of a repository on GitHub, GitLab, Bitbucket, Codeberg, Gitea or Forgejo (for other hosts, write repository.editURL)",
        "repository.url")
    }
    let inRepository = folder.isEmpty ? "" : escapedPath(folder) + "/"
    var settings = RepositorySettings(editBase: repository + edit + inRepository)
    if host == "bitbucket.org" { settings.editSuffix = "?mode=edit" }
    return settings
  }

  /// `value` as an http or https address, else an error at it.
  private static func checkedURL(_ value: YAMLValue, _ key: String) throws -> String {
    let text = try value.expectString(key, in: "")
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
      case .allowed = URLPolicy().check(text)
    else { throw value.mismatch("an http or https address", key) }
    return text
  }
}

extension SiteConfiguration {
  /// Where the site's files are hosted (`repository:`), for "Edit this page" links; nil when
  /// folio.yaml does not say.
  package var repository: RepositorySettings? { sections[RepositorySettings.self] }
}
