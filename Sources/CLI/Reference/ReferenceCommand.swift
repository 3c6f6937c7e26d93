/// The hidden `folio-serve --reference …` that scripts/package calls to write the manual pages
/// and completions: folio-serve is the one program that links every subcommand's option table.
package enum ReferenceCommand {
  /// Runs `arguments` (what follows `--reference`) over `commands` and returns the exit status:
  /// `names` prints each manual page's name, `man NAME` one page, `bash` and `zsh` a script.
  package static func run(_ arguments: [String], commands: [CommandReference], io: CommandIO) -> Int32 {
    // In the order `folio --help` lists them, render last.
    let order = FolioCommand.siteSubcommands.map(\.name)
    let commands = commands.sorted {
      (order.firstIndex(of: $0.name) ?? order.count) < (order.firstIndex(of: $1.name) ?? order.count)
    }
    switch arguments {
    case ["names"]:
      io.print((["folio"] + commands.map { "folio-" + $0.name }).joined(separator: "\n"))
    case ["man", "folio"]:
      io.writeOutput(Array(ManPage.overview(of: commands, version: FolioCommand.version).utf8))
    case let man where man.count == 2 && man[0] == "man":
      guard let command = commands.first(where: { "folio-" + $0.name == man[1] }) else {
        return FolioCommand.report(UsageError("no manual page '\(man[1])'"), from: "--reference", io: io)
      }
      io.writeOutput(Array(ManPage.page(for: command, version: FolioCommand.version).utf8))
    case ["bash"]: io.writeOutput(Array(ShellCompletion.bash(for: commands).utf8))
    case ["zsh"]: io.writeOutput(Array(ShellCompletion.zsh(for: commands).utf8))
    default:
      return FolioCommand.report(
        UsageError("expected 'names', 'man NAME', 'bash' or 'zsh' after --reference"), from: "--reference",
        io: io)
    }
    return 0
  }
}
