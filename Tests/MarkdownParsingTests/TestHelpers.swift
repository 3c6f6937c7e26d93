import HTMLRendering
import RichText

/// cmark-gfm's default HTML for `text`, for tests that show a model difference as HTML.
func html(of text: AttributedText, options: HTMLRenderOptions = HTMLRenderOptions()) -> String {
  HTMLRenderer(options: options).render(text)
}
