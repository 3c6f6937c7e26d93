import HTMLRendering
import RichText

/// cmark-gfm's default HTML for `text`, for tests that show a model difference as HTML.
func HTMLOf(_ text: AttributedText, options: HTMLRenderOptions = HTMLRenderOptions()) -> String {
  HTMLRenderer(options: options).render(text)
}
