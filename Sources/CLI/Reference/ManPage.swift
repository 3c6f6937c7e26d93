/// A manual page in roff (`man 7 man`), written from a ``CommandReference``: `folio-build(1)`
/// for each subcommand and `folio(1)` listing them.
package enum ManPage {
  /// The page for `command`, as `man folio-build` shows it; `version` goes in the footer.
  package static func page(for command: CommandReference, version: String) -> String {
    let title = "folio-" + command.name
    var lines = header(title: title, version: version)
    lines += [".SH NAME", "\(roff(title)) \\- \(roff(sentence(command.abstract)))"]
    lines += [".SH SYNOPSIS", ".nf"] + command.usage.map(roff) + [".fi"]
    lines += [".SH DESCRIPTION", roff(command.abstract)]
    if !command.options.isEmpty {
      lines.append(".SH OPTIONS")
      for option in command.options {
        var names = option.names.map { "\\fB" + roff($0) + "\\fR" }.joined(separator: ", ")
        if option.takesValue { names += " \\fI" + roff(option.valueName.lowercased()) + "\\fR" }
        lines += [".TP", names, roff(option.help)]
      }
    }
    lines += [".SH SEE ALSO", "\\fBfolio\\fR(1)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `folio(1)`: what Folio is, and each subcommand with the page that documents it.
  package static func overview(of commands: [CommandReference], version: String) -> String {
    var lines = header(title: "folio", version: version)
    lines += [".SH NAME", "folio \\- turn a folder of Markdown into a website"]
    lines += [
      ".SH SYNOPSIS", ".nf", "folio <subcommand> [options]", "folio \\-\\-help", "folio \\-\\-version", ".fi",
    ]
    lines += [
      ".SH DESCRIPTION",
      "Folio is a static site generator: it turns \\fIContent/\\fR into a website through the templates in \\fITemplates/\\fR.",
      "Each subcommand has its own page and prints its options with \\fB\\-\\-help\\fR.",
      ".SH SUBCOMMANDS",
    ]
    for command in commands {
      lines += [
        ".TP", "\\fB" + roff(command.name) + "\\fR",
        roff(command.abstract) + " See \\fBfolio\\-" + roff(command.name) + "\\fR(1).",
      ]
    }
    lines += [
      ".SH SEE ALSO", commands.map { "\\fBfolio\\-" + roff($0.name) + "\\fR(1)" }.joined(separator: ", "),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `.TH` line, without a date so that a build of the same commit writes the same page.
  private static func header(title: String, version: String) -> [String] {
    [".TH \(roff(title.uppercased())) 1 \"\" \"folio \(roff(version))\" \"Folio Manual\""]
  }

  /// `text` as roff prose: a backslash or hyphen taken literally, and a line that would start
  /// with `.` or `'` kept from being read as a request.
  static func roff(_ text: String) -> String {
    let escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
    return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
  }

  /// The abstract as whatis(1) wants it after the dash: no full stop, lower-case start.
  private static func sentence(_ abstract: String) -> String {
    var text = abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
    if let first = text.first { text = first.lowercased() + text.dropFirst() }
    return text
  }
}

extension String {
  /// This text with every `target` replaced by `replacement`; `folio` links no Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
