/// The site the edits start from: sections with `_index.md`, a section without one, tags,
/// links between pages' files (one with an anchor), a link to a static file, a page bundle, a
/// bookmarks page and its data file, an alias, a summary field and a read-more cut, and the
/// site's own layouts and partial. It builds without an error or a warning.
extension EditedSite {
  /// The starting site of `variant`.
  static func initial(_ variant: Variant) -> EditedSite {
    var site = EditedSite(variant: variant)
    site.pages = [
      "_index.md": Page(title: "Home", paragraphs: ["Welcome to the edited site."]),
      "about.md": Page(
        title: "About", paragraphs: ["Who writes here.", "Read the notes."], links: [.url("/files/notes.txt")]
      ),
      "links.md": Page(title: "Links", paragraphs: ["Bookmarks."], bookmarks: EditedSite.bookmarkFile),
      "posts/_index.md": Page(title: "Posts", paragraphs: ["Every post."]),
      "posts/first.md": Page(
        title: "First", date: "2026-01-01", tags: ["swift"], paragraphs: ["The first post.", "More text."],
        links: [.file("docs/setup.md", anchor: "install")]),
      "posts/second.md": Page(
        title: "Second", date: "2026-01-02", tags: ["swift", "web"], paragraphs: ["The second post."],
        code: true),
      "posts/third.md": Page(
        title: "Third", date: "2026-01-03", tags: ["web"], summary: "Third, told short.",
        paragraphs: ["The third post."],
        links: [.file("posts/second.md", anchor: nil)]),
      "posts/fourth.md": Page(
        title: "Fourth", date: "2026-01-04", aliases: ["/old/fourth/"], more: true,
        paragraphs: ["The fourth post.", "Below the summary."]),
      "posts/fifth.md": Page(
        title: "Fifth", date: "2026-01-05", tags: ["notes"], paragraphs: ["The fifth post."],
        links: [.url("/posts/first/")]),
      "posts/trip/index.md": Page(
        title: "Trip", date: "2026-01-06", tags: ["travel"], paragraphs: ["A trip with a photo."],
        image: "photo.png"),
      "docs/_index.md": Page(title: "Docs", paragraphs: ["How to use it."]),
      "docs/setup.md": Page(
        title: "Setup", paragraphs: ["Set it up.", "Then configure it."], headings: ["Install", "Configure"]),
      "docs/usage.md": Page(
        title: "Usage", paragraphs: ["Use it."], links: [.file("docs/setup.md", anchor: "configure")]),
      "docs/faq.md": Page(
        title: "FAQ", layout: "custom", paragraphs: ["Questions & answers."], headings: ["Why"]),
      "notes/one.md": Page(title: "One", date: "2025-12-01", paragraphs: ["Note one."]),
      "notes/two.md": Page(title: "Two", date: "2025-12-02", tags: ["notes"], paragraphs: ["Note two."]),
    ]
    site.staticFiles = ["files/notes.txt": "Notes, version 1.\n", "posts/trip/photo.png": "PNG 1\n"]
    site.bookmarks = [
      Bookmark(title: "Example", url: "https://example.org/"),
      Bookmark(title: "Swift", url: "https://swift.org/"),
    ]
    if variant == .multilingual {
      site.settings.menu.append(MenuEntry(title: "Docs", url: "/docs/"))
      site.pages["about.md"]?.translationKey = "about"
      site.pages["_index.ja.md"] = Page(title: "ホーム", paragraphs: ["ようこそ。"])
      site.pages["posts/first.ja.md"] = Page(
        title: "最初", date: "2026-01-01", tags: ["swift"], paragraphs: ["最初の記事。"],
        links: [.file("docs/setup.ja.md", anchor: nil)])
      site.pages["docs/setup.ja.md"] = Page(title: "準備", paragraphs: ["準備する。"], headings: ["Install"])
      site.pages["watashi.md"] = Page(
        title: "私たち", lang: "ja", translationKey: "about", paragraphs: ["私たちについて。"])
      site.labels = ["readMore": "続きを見る 1"]
    }
    return site
  }
}
