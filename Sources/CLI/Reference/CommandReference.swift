/// What a subcommand's manual page and shell completions are made from: the name, one-line help
/// and option table its `--help` prints, so the three never disagree.
package struct CommandReference: Sendable {
  /// The subcommand, e.g. `build` (run as `folio build`).
  package var name: String
  /// The one-line help, as `folio --help` lists it.
  package var abstract: String
  /// The synopsis lines, e.g. `folio build [options]`.
  package var usage: [String]
  /// Every option, in help order; one a sub-parser repeats (`--title` of `new site` and `new
  /// page`) is listed once, with the first parser's help.
  package var options: [ArgumentParser.Option]
  /// The words a shell completes as the first argument, e.g. `site` and `page` for `new`; empty
  /// when the arguments are paths.
  package var arguments: [String]

  /// The reference for `name`, with the options of `parsers` (a command with sub-kinds such as
  /// `new site` and `new page` has one parser each).
  package init(
    name: String, abstract: String, usage: [String], parsers: [ArgumentParser], arguments: [String] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.usage = usage
    self.arguments = arguments
    var seen: Set<String> = []
    options = parsers.flatMap(\.options).filter { seen.insert($0.key).inserted }
  }
}

extension ArgumentParser.Option {
  /// What a shell should offer as this option's value: folders, files or nothing it knows.
  var valueKind: ValueKind {
    guard takesValue else { return .none }
    switch valueName {
    case "DIR": return .directory
    case "FILE", "PATH": return .file
    default: return .text
    }
  }

  /// The kinds of value ``valueKind`` tells apart.
  enum ValueKind { case none, directory, file, text }
}
