/// Completion scripts for bash and zsh, written from each subcommand's ``CommandReference``:
/// subcommands first, then each one's options, with folders offered for `DIR` values.
package enum ShellCompletion {
  /// The bash script (`complete -F _folio folio`), installed in
  /// /usr/share/bash-completion/completions/folio.
  package static func bash(for commands: [CommandReference]) -> String {
    var lines = [
      "# bash completion for folio; written by folio-serve --reference bash.",
      "_folio() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  COMPREPLY=()",
      "  if [[ $COMP_CWORD -eq 1 ]]; then",
      "    COMPREPLY=($(compgen -W '\(commands.map(\.name).joined(separator: " ")) --help --version' -- \"$cur\"))",
      "    return",
      "  fi",
      "  case ${COMP_WORDS[1]} in",
    ]
    for command in commands {
      lines.append("    \(command.name))")
      let folders = command.options.filter { $0.valueKind == .directory }.flatMap(\.names)
      let others = command.options.filter { $0.takesValue && $0.valueKind != .directory }.flatMap(\.names)
      lines.append("      case $prev in")
      if !folders.isEmpty {
        lines.append(
          "        \(folders.joined(separator: "|"))) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;")
      }
      if !others.isEmpty { lines.append("        \(others.joined(separator: "|"))) return ;;") }
      lines.append("      esac")
      let words = (command.arguments + command.options.flatMap(\.names)).joined(separator: " ")
      if command.arguments.isEmpty {
        lines.append("      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(words)' -- \"$cur\")); fi")
      } else {
        lines.append("      COMPREPLY=($(compgen -W '\(words)' -- \"$cur\"))")
      }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "complete -o default -F _folio folio"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The zsh script (`#compdef folio`), installed in /usr/share/zsh/vendor-completions/_folio.
  package static func zsh(for commands: [CommandReference]) -> String {
    var lines = [
      "#compdef folio",
      "# zsh completion for folio; written by folio-serve --reference zsh.",
      "_folio() {",
      "  local -a subcommands",
      "  subcommands=(",
    ]
    // _describe splits at the first colon only, so the abstract stays as it is.
    lines += commands.map { "    " + quoted($0.name + ":" + $0.abstract) }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands 'folio subcommand' subcommands -- '(--help --version)'",
      "    return",
      "  fi",
      "  shift words",
      "  (( CURRENT-- ))",
      "  case $words[1] in",
    ]
    for command in commands {
      var specs = command.options.flatMap { option in
        option.names.map { name in
          let value: String
          switch option.valueKind {
          case .none: value = ""
          case .directory: value = ":" + option.valueName.lowercased() + ":_files -/"
          case .file: value = ":" + option.valueName.lowercased() + ":_files"
          case .text: value = ":" + option.valueName.lowercased() + ": "
          }
          return quoted(name + "[" + escaped(option.help) + "]" + value)
        }
      }
      specs.append(
        command.arguments.isEmpty
          ? quoted("*:file:_files") : quoted("1:kind:(\(command.arguments.joined(separator: " ")))"))
      lines.append("    \(command.name)) _arguments -s \\")
      lines += specs.dropLast().map { "        \($0) \\" } + ["        \(specs.last!) ;;"]
    }
    lines += ["  esac", "}", "_folio \"$@\""]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` inside single quotes for the shell.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  /// Help text as `_arguments` reads it between brackets and after a colon.
  private static func escaped(_ text: String) -> String {
    text.replacingAll("\\", with: "\\\\").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
      .replacingAll(":", with: "\\:")
  }
}
