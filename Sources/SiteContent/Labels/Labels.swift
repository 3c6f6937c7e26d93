/// The words the default theme and the components show readers, in every language Folio knows:
/// the one table of them. Templates get them as `labels`; the read-more component takes its
/// default labels from here; `readMore` in folio.yaml overrides the read-more label per
/// language.
package enum Labels {
  /// The languages with labels of their own; any other falls back to English.
  static let languages = ["en", "ja"]

  /// Every label by language: the keys of the `labels` template object (docs/CONTRACTS.md),
  /// plus `readMoreInline`, the label of an inline read-more block.
  static let table: [String: [String: String]] = [
    "en": [
      "readMore": "Read more", "readMoreInline": "Read more", "previous": "Previous", "next": "Next",
      "tags": "Tags", "toc": "Contents", "skipToContent": "Skip to content", "notFound": "Page not found",
      "notFoundText": "The page you were looking for does not exist.", "home": "Home",
      "published": "Published", "updated": "Updated", "allTags": "All tags", "page": "Page", "menu": "Menu",
      "language": "Language",
      "editPage": "Edit this page", "docsPages": "Pages", "breadcrumb": "Breadcrumb",
      "calloutNote": "Note", "calloutTip": "Tip", "calloutImportant": "Important",
      "calloutWarning": "Warning",
      "calloutCaution": "Caution", "details": "Details", "mermaid": "Diagram (Mermaid)", "tabs": "Tabs",
      "search": "Search", "searchLabel": "Search this site", "searchButton": "Search",
      "searchNeedsScript": "Search needs JavaScript. Every page can be reached from these:",
      "searchSitemap": "Sitemap (every page)",
      "searchNone": "No pages found.", "searchMore": "More results",
      "searchLanguage": "Language", "searchFailed": "The search index could not be loaded.",
      "book": "This book", "bookRead": "Read as one page", "bookEPUB": "EPUB", "bookPDF": "PDF",
      "bookPart": "Part",
    ],
    "ja": [
      // Block read-more opens 続きを見る, an inline one 続きを読む (docs/CONTRACTS.md, readMore).
      "readMore": "続きを見る", "readMoreInline": "続きを読む", "previous": "前へ", "next": "次へ", "tags": "タグ",
      "toc": "目次", "skipToContent": "本文へ移動", "notFound": "ページが見つかりません",
      "notFoundText": "お探しのページは存在しません。", "home": "ホーム", "published": "公開", "updated": "更新",
      "allTags": "すべてのタグ", "page": "ページ", "menu": "メニュー", "language": "言語",
      "editPage": "このページを編集", "docsPages": "ページ一覧", "breadcrumb": "パンくずリスト",
      "calloutNote": "メモ", "calloutTip": "ヒント", "calloutImportant": "重要", "calloutWarning": "警告",
      "calloutCaution": "注意", "details": "詳細", "mermaid": "図（Mermaid）", "tabs": "タブ",
      "search": "検索", "searchLabel": "サイト内検索", "searchButton": "検索",
      "searchNeedsScript": "検索には JavaScript が必要です。すべてのページへは次からたどれます：",
      "searchSitemap": "サイトマップ（全ページ）",
      "searchNone": "ページが見つかりませんでした。", "searchMore": "さらに表示", "searchLanguage": "言語",
      "searchFailed": "検索インデックスを読み込めませんでした。",
      "book": "この本", "bookRead": "1 ページで読む", "bookEPUB": "EPUB", "bookPDF": "PDF", "bookPart": "部",
    ],
  ]

  /// The labels that hold a count, by language: the theme's counts of pages (a term's, in the
  /// list of terms and on its page) and of search results (`searchNone` is the text for none).
  /// A language's forms are the categories its plural rules use: Japanese has only `other`.
  static let pluralTable: [String: [String: PluralLabel]] = [
    "en": [
      "pageCount": PluralLabel([.one: "{count} page", .other: "{count} pages"]),
      "searchResults": PluralLabel([.one: "{count} page found.", .other: "{count} pages found."]),
    ],
    "ja": [
      "pageCount": PluralLabel([.other: "{count} 件"]),
      "searchResults": PluralLabel([.other: "{count} 件見つかりました。"]),
    ],
  ]

  /// Whether `key` is a built-in label that holds a count.
  package static func isPlural(_ key: String) -> Bool { pluralTable["en"]?[key] != nil }

  /// The built-in labels that hold a count for `language` (`ja`, `ja-JP` → Japanese; anything
  /// else English).
  package static func pluralLabels(in language: String) -> [String: PluralLabel] {
    pluralTable[tableLanguage(of: language)] ?? [:]
  }

  /// Whether `language` takes a built-in table: `en`, `ja` and their regional tags (`ja-JP`).
  package static func hasBuiltInTable(_ language: String) -> Bool {
    ["en", "ja"].contains { language == $0 || language.hasPrefix($0 + "-") }
  }

  /// The labels a language without a built-in table must name in `i18n/<code>.yaml`: every
  /// key of the tables, plain and plural.
  package static var required: [String] {
    ((table["en"] ?? [:]).keys.sorted() + (pluralTable["en"] ?? [:]).keys).sorted()
  }

  /// The language of the table whose labels `language` takes: `ja` for `ja`, `ja-JP`, …, else
  /// `en`.
  package static func tableLanguage(of language: String) -> String {
    language.hasPrefix("ja") ? "ja" : "en"
  }

  /// The labels for `language` (`ja`, `ja-JP` → Japanese; anything else English), with the
  /// site's own read-more label for that language when it has one.
  package static func labels(in language: String, readMore overrides: [String: String] = [:]) -> [String:
    String]
  {
    let base = tableLanguage(of: language)
    var labels = table[base] ?? [:]
    if let readMore = overrides[language] ?? overrides[base] { labels["readMore"] = readMore }
    return labels
  }

  /// One label for `language`; "" for a key the table lacks (a programming error the tests catch).
  package static func label(_ key: String, in language: String, readMore overrides: [String: String] = [:])
    -> String
  {
    labels(in: language, readMore: overrides)[key] ?? ""
  }
}
