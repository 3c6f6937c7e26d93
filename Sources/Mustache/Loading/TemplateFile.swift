/// The source of one template before parsing, with the names it goes by.
struct TemplateFile: Sendable {
  /// The name partials use: the path below the template directory, without the extension.
  let name: String
  /// The path diagnostics name.
  let path: String
  /// The template source.
  let text: String
}
