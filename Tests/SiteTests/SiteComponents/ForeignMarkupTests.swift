import Site
import TestSupport
import Testing

private let contentOnly = """
  -- Templates/page.mustache --
  {{{page.content}}}

  """

/// Markdown written for Hugo, Jekyll and MkDocs in a site build: admonitions and tabs in the
/// theme's markup, `{#id}` anchors, and a warning at whatever is not shown as written.
@Suite struct ForeignMarkupTests {
  @Test func admonitionsAndTabsGetTheThemeMarkup() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        !!! example "Try it"
            Body.

        ??? warning
            Hidden.

        === "One"
            1

        === "Two"
            2
        """)
    let built = try site.build()
    #expect(built.warnings == [])
    let html = built.text("a/index.html")
    #expect(
      html.contains(
        "<div class=\"folio-callout folio-callout-note\" role=\"note\">\n<p class=\"folio-callout-label\">Try it</p>"
      ))
    #expect(
      html.contains("<details class=\"folio-details folio-details-warning\">\n<summary>Warning</summary>"))
    #expect(
      html.contains(
        """
        <div class="folio-tabs">
        <span id="folio-tabs-5-name" hidden>Tabs</span>
        <input class="folio-tab-input" type="radio" name="folio-tabs-5" id="folio-tab-6" aria-labelledby="folio-tabs-5-name folio-tab-6-label" checked>
        <label class="folio-tab-label" id="folio-tab-6-label" for="folio-tab-6">One</label>
        <div class="folio-tab-panel">
        <p>1</p>
        </div>
        <input class="folio-tab-input" type="radio" name="folio-tabs-5" id="folio-tab-8" aria-labelledby="folio-tabs-5-name folio-tab-8-label">
        """))
  }

  @Test func aWrittenIDIsTheAnchorAndBadOnesAreWarned() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        # Intro {#start .wide}

        ## Start

        ## Again 1️⃣{#start}

        ## Slash 2️⃣{#a/b}

        ## Main 3️⃣{#main}

        ## 4️⃣Two ids {#a #b c}
        """)
    let built = try site.build()
    let html = built.text("a/index.html")
    #expect(html.contains("<h1 id=\"start\" class=\"wide\">Intro</h1>"))
    #expect(html.contains("<h2 id=\"start-1\">Start</h2>"))
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: heading id '#start' is already an earlier heading's on this page: this heading's id is 'again'\n"
          + "    hint: give each heading an id of its own",
        "\(site.location("2️⃣")): warning: heading id '#a/b' is not a valid anchor: the heading's id is 'slash'\n"
          + "    hint: write the id with letters, digits, '-', '_', '.' or ':', starting with a letter or digit",
        "\(site.location("3️⃣")): warning: heading id '#main' is one the theme uses on every page: the heading's id is 'main-1'\n"
          + "    hint: choose another id",
        "\(site.location("4️⃣")): warning: '{#a #b c}' at the end of this heading is no attribute list Folio can read: it shows as text\n"
          + "    hint: write it as {#id .class key=value} (words separated by spaces), or escape the brace as \\{",
      ])
    #expect(html.contains("<h2 id=\"two-ids-a-b-c\">Two ids {#a #b c}</h2>"))
  }

  @Test func droppedRawHTMLIconsAndBlockAttributesAreWarnedOnce() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        Summary.

        <!--more-->

        A 1️⃣<b>bold</b> word and 2️⃣:material-check: done.
        3️⃣{.lead}

        <div>x</div>
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("2️⃣")): warning: the icon ':material-check:' (Material for MkDocs) is not bundled with Folio: it shows as that text\n"
          + "    hint: replace it with a word, or with an image such as ![](icons/name.svg)",
        "\(site.location("3️⃣")): warning: the attribute list '{.lead}' is not applied: Folio reads attribute lists only at the end of a heading, and leaves this one out of the page\n"
          + "    hint: delete the line, or style the block in your theme's CSS",
        "\(site.location("1️⃣")): warning: 3 pieces of raw HTML are left out of this page (the first is here): Folio writes '<!-- raw HTML omitted -->' in its place\n"
          + "    hint: to write raw HTML as it is, set 'unsafeHTML: true' under 'markdown:' in folio.yaml; do that only when you trust everyone who writes the pages, since raw HTML can run scripts in your readers' browsers",
      ])
    #expect(!built.text("a/index.html").contains("{.lead}"))
  }

  /// Icons in a tab's label stay text, with a warning on its line.
  @Test func iconsInTabLabelsAreWarned() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        1️⃣=== ":fontawesome-brands-linux: Linux"
            x
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: the icon ':fontawesome-brands-linux:' (Material for MkDocs) is not bundled with Folio: it shows as that text\n"
          + "    hint: replace it with a word, or with an image such as ![](icons/name.svg)"
      ])
    #expect(built.text("a/index.html").contains(">:fontawesome-brands-linux: Linux</label>"))
  }

  /// kramdown's `* TOC` then `{:toc}`: the list is left out (the theme shows the contents list),
  /// with a warning. A `{:.no_toc}` line right under a heading is the heading's, as kramdown reads
  /// it, whether more text follows on the next line or not: the heading has the class and is left
  /// out of the contents, and nothing is printed or warned.
  @Test func kramdownsTableOfContentsMarkerIsLeftOutWithAWarning() throws {
    let site = try SiteFixture(
      """
      -- Templates/page.mustache --
      {{#page.toc}}[{{title}}]{{/page.toc}}
      {{{page.content}}}
      -- Content/a.md --
      ---
      title: A
      ---
      ## Contents
      {:.no_toc}
      Read on.

      * TOC
        1️⃣{:toc}

      ## Two
      {: .no_toc #second}

      ## One

      ## Three
      """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: kramdown's table of contents marker '{:toc}' is left out with the list or paragraph it ends: the theme shows the page's contents list at the top of the page when it has two or more headings\n"
          + "    hint: delete the '* TOC' and '{:toc}' lines"
      ])
    #expect(
      built.text("a/index.html")
        == "[One][Three]\n<h2 id=\"contents\" class=\"no_toc\">Contents</h2>\n<p>Read on.</p>\n"
        + "<h2 id=\"second\" class=\"no_toc\">Two</h2>\n<h2 id=\"one\">One</h2>\n<h2 id=\"three\">Three</h2>\n\n"
    )
  }

  /// An attribute line under a paragraph, or after a blank line under a heading, is not the
  /// heading's: it is left out with a warning.
  @Test func anAttributeLineAfterABlankLineIsNotTheHeadings() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        ---
        title: A
        ---
        ## Title

        1️⃣{:.no_toc}
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: the attribute list '{.no_toc}' is not applied: Folio reads attribute lists only at the end of a heading, and leaves this one out of the page\n"
          + "    hint: delete the line, or style the block in your theme's CSS"
      ])
    #expect(built.text("a/index.html") == "<h2 id=\"title\">Title</h2>\n\n")
  }

  /// Hugo's block attributes under a `<div>`: CommonMark reads the line as the HTML block's last.
  @Test func anAttributeLineEndingAnHTMLBlockIsCutFromIt() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown: { unsafeHTML: true }
        -- Content/a.md --
        <div class="note">
        Text
        </div>
        1️⃣{.border-0}
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: the attribute list '{.border-0}' is not applied: Folio reads attribute lists only at the end of a heading, and leaves this one out of the page\n"
          + "    hint: delete the line, or style the block in your theme's CSS"
      ])
    #expect(built.text("a/index.html") == "<div class=\"note\">\nText\n</div>\n\n")
  }

  /// Hugo's block attributes under a table: cmark-gfm reads the line as a last row.
  @Test func anAttributeLineUnderATableIsLeftOutWithAWarning() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        | A | B |
        |---|---|
        | 1 | 2 |
        1️⃣{.table .dark}
        """)
    let built = try site.build()
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: the attribute list '{.table .dark}' is not applied: Folio reads attribute lists only at the end of a heading, and leaves this one out of the page\n"
          + "    hint: delete the line, or style the block in your theme's CSS"
      ])
    let html = built.text("a/index.html")
    #expect(html.contains("<td>2</td>\n</tr>\n</tbody>"))
    #expect(!html.contains("{.table"))
  }
}
