/// What `folio new site --from-zenn DIR` writes into a Zenn repository so that `folio build`
/// builds it where it is: a folio.yaml that mounts `articles/` (and `books/`, when there is one)
/// and `images/` into the site's content, reads Zenn's `topics` as the site's tags and publishes
/// nothing with `published: false`; and a `.gitignore` for the output when the repository has
/// none. No file of the repository is moved or changed.
public enum ZennScaffold {
  /// The folders of a Zenn repository a site reads, in the order folio.yaml mounts them.
  public static let folders = ["articles", "books", "images"]

  /// The files to write, by path relative to the repository.
  /// - Parameters:
  ///   - title: The site's title.
  ///   - folders: The ones of ``folders`` the repository has (`articles` among them).
  ///   - hasGitignore: Whether the repository has a `.gitignore` already (it is left alone).
  public static func files(title: String, folders: [String], hasGitignore: Bool) -> [String: String] {
    var files = [
      "folio.yaml": """
      # Settings for this Zenn repository, built where it is: `folio build` reads the folders
      # below as folders of the site (articles/a.md is the page /articles/a/, images/x.png is
      # /images/x.png, the URL Zenn's own Markdown writes), and Zenn's front matter as it is
      # (`published: false` is a draft, `emoji` and `type` reach the templates).
      title: \(PageScaffold.quoted(title))
      baseURL: https://example.org/
      language: ja
      mounts: [\(folders.joined(separator: ", "))]
      # Zenn's `topics` are the site's tags: /tags/swift/ lists every article on Swift.
      taxonomies: [{name: tags, from: [tags, topics]}]

      """
    ]
    if !hasGitignore {
      files[".gitignore"] = """
        /public/
        /.folio/

        """
    }
    return files
  }
}
