/// The files `folio new site` writes: a small site that builds without warnings and shows
/// where things go (settings, the home page, a section with a first post, a plain page), and a
/// `.gitignore` that keeps the output and `.folio/` out of version control.
public enum SiteScaffold {
  /// The files of a new site, by path relative to the site folder.
  /// - Parameters:
  ///   - title: The site's title.
  ///   - date: The first post's date, `YYYY-MM-DD`.
  public static func files(title: String, date: String) -> [String: String] {
    let quotedTitle = PageScaffold.quoted(title)
    return [
      // The built site and Folio's caches (`folio check --external` keeps link results there).
      ".gitignore": """
      /public/
      /.folio/

      """,
      "folio.yaml": """
      # Settings for this site. Every key is optional; see the Folio documentation for all of them.
      title: \(quotedTitle)
      description: A new site made with Folio.
      baseURL: https://example.org/
      language: en
      menu: [{title: Posts, url: /posts/}, {title: About, url: /about/}]
      # A search index of every page and a /search/ page (search.code: true indexes code blocks).
      search: true

      """,
      "Content/_index.md": """
      ---
      title: \(quotedTitle)
      ---
      Welcome to your new site. Edit `Content/_index.md` to change this text.

      Add a post with `folio new page Content/posts/my-post.md`, then run `folio build`.

      """,
      "Content/posts/_index.md": """
      ---
      title: Posts
      ---
      Every Markdown file in `Content/posts/` is listed here, newest first.

      """,
      "Content/posts/first-post.md": """
      ---
      title: First post
      date: \(date)
      tags: [welcome]
      ---
      This is the first paragraph: lists and feeds show it as the summary.

      ## What to do next

      - Edit this file, or add pages next to it.
      - Read [about this site](/about/).
      - Put images and other files in `Content/`; they are copied as they are.

      """,
      "Content/about.md": """
      ---
      title: About
      ---
      Pages outside a section, like this one, get a URL from their file name: `/about/`.

      """,
    ]
  }
}
