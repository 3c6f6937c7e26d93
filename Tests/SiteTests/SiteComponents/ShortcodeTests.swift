import Site
import TestSupport
import Testing

private let contentOnly = """
  -- Templates/page.mustache --
  {{{page.content}}}

  """

/// Hugo shortcodes and Liquid tags in a site build: off unless folio.yaml asks, then rendered or
/// warned about at their places, and never printed into a page.
@Suite struct ShortcodeTests {
  @Test func tagsAreTextUnlessFolioYAMLAsks() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- Content/a.md --
        See {{< figure src="a.png" >}} {% link b.md %}
        """)
    let built = try site.build()
    #expect(built.text("a/index.html") == "<p>See {{&lt; figure src=“a.png” &gt;}} {% link b.md %}</p>\n\n")
    #expect(built.warnings.isEmpty)
  }

  @Test func partialsBuiltInsAndWarningsInAPage() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown: { shortcodes: true }
        params: { version: "2.0" }
        -- Templates/shortcodes/notice.mustache --
        <div class="notice notice-{{0}}">{{{inner}}}</div>
        -- Templates/shortcodes/badge.mustache --
        <span class="badge">{{text}}</span>
        -- Content/b.md --
        B
        -- Content/a.md --
        ---
        title: A
        ---
        Version {{< param version >}}, see [B]({{< ref "b.md" >}}) {{< badge text="<new>" >}}.

        {{% notice warning %}}
        Back up **first** <script>alert(1)</script>.
        {{% /notice %}}

        1️⃣{{< tabbox >}}
        Kept *inner*.
        {{< /tabbox >}}
        """)
    let built = try site.build()
    #expect(
      built.text("a/index.html") == """
        <p>Version 2.0, see <a href="/b/">B</a> <span class="badge">&lt;new&gt;</span>.</p>
        <div class="notice notice-warning"><p>Back up <strong>first</strong> <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted -->.</p>
        </div>
        <p>Kept <em>inner</em>.</p>


        """)
    #expect(
      built.warnings == [
        "\(site.location("1️⃣")): warning: unknown shortcode 'tabbox'; its tags are left out\n"
          + "    hint: write a Mustache partial at Templates/shortcodes/tabbox.mustache (see /docs/shortcodes/); its inner Markdown is kept"
      ])
  }

  /// A Docsy page's tabs and alert become Folio's content tabs (code in each tab's language)
  /// and callout, with no partial written.
  @Test func themeShortcodesBecomeFolioComponents() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown: { shortcodes: true }
        -- Content/a.md --
        {{< tabpane >}}
        {{< tab header="hugo.toml" lang="toml" >}}
        x = 1
        {{< /tab >}}
        {{< tab header="hugo.yaml" lang="yaml" >}}
        x: 1
        {{< /tab >}}
        {{< /tabpane >}}

        {{% alert title="Note well" color=warning %}}
        Back up **first**.
        {{% /alert %}}
        """)
    let built = try site.build()
    let html = built.text("a/index.html")
    #expect(
      html.contains(
        "<label class=\"folio-tab-label\" id=\"folio-tab-2-label\" for=\"folio-tab-2\">hugo.toml</label>"))
    #expect(
      html.contains(
        "<label class=\"folio-tab-label\" id=\"folio-tab-4-label\" for=\"folio-tab-4\">hugo.yaml</label>"))
    #expect(html.contains("data-lang=\"toml\"") && html.contains("data-lang=\"yaml\""))
    #expect(html.contains("folio-callout-warning") && html.contains("Note well"))
    #expect(html.contains("<p>Back up <strong>first</strong>.</p>"))
    #expect(!html.contains("{{") && built.warnings.isEmpty)
  }

  /// The partials are read with the settings: an edit to one renders the pages again.
  @Test func editingAPartialReloadsTheSettings() {
    #expect(RebuildPlan.plan(for: ["Templates/shortcodes/notice.mustache"]).reloadsConfiguration)
    #expect(!RebuildPlan.plan(for: ["Templates/page.mustache"]).reloadsConfiguration)
  }

  @Test func aRefToAMissingFileIsABrokenLink() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        markdown: { shortcodes: true }
        -- Content/a.md --
        See [it]({{< relref "missing.md" >}}).
        """)
    #expect(site.buildError().contains("broken link to 'missing.md'"))
  }

  @Test func jekyllLinksResolveAgainstTheBasePath() throws {
    let site = try SiteFixture(
      contentOnly + """
        -- folio.yaml --
        baseURL: https://example.org/blog/
        markdown: { liquid: true }
        -- Content/_posts/2020-01-02-hi.md --
        Hi
        -- Content/a.md --
        [hi]({% post_url 2020-01-02-hi %}) [x]({{ site.baseurl }}/a/) {% raw %}{{ shown }}{% endraw %}
        """)
    let built = try site.build()
    #expect(
      built.text("a/index.html").hasPrefix(
        "<p><a href=\"/blog/_posts/hi/\">hi</a> <a href=\"/blog/a/\">x</a> {{ shown }}</p>"),
      "\(built.text("a/index.html"))")
  }
}
