import Testing

@testable import CLI

/// Completion scripts written from the option tables: what pressing Tab after `folio` offers.
@Suite struct ShellCompletionTests {
  static let commands = [
    CommandReference(
      name: "build", abstract: "Build the site: into public/.", usage: ["folio build [options]"],
      parsers: [
        ArgumentParser(options: [
          .value("-s", "--source", valueName: "DIR", help: "The [project] folder."),
          .value("--format", valueName: "FORMAT", help: "text or json."),
          .flag("--drafts", help: "Drafts too."),
        ])
      ]),
    CommandReference(
      name: "new", abstract: "Create a site or a page.", usage: ["folio new site DIR"],
      parsers: [
        ArgumentParser(options: [.value("--title", valueName: "TITLE", help: "The site's title.")]),
        ArgumentParser(options: [.value("--title", valueName: "TITLE", help: "The page's title.")]),
      ], arguments: ["site", "page"]),
  ]

  @Test func bashOffersSubcommandsThenOptionsAndFoldersForDIR() {
    let script = ShellCompletion.bash(for: Self.commands)
    #expect(script.contains("compgen -W 'build new --help --version'"))
    #expect(script.contains("-s|--source) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;"))
    #expect(script.contains("--format) return ;;"))
    #expect(script.contains("compgen -W '-s --source --format --drafts'"))
    #expect(script.contains("compgen -W 'site page --title'"))
    #expect(script.hasSuffix("complete -o default -F _folio folio\n"))
  }

  @Test func zshDescribesSubcommandsAndEscapesHelp() {
    let script = ShellCompletion.zsh(for: Self.commands)
    #expect(script.hasPrefix("#compdef folio\n"))
    #expect(script.contains("'build:Build the site: into public/.'"))
    #expect(script.contains("'--source[The \\[project\\] folder.]:dir:_files -/'"))
    #expect(script.contains("'--title[The site'\\''s title.]:title: '"))
    #expect(script.contains("'1:kind:(site page)' ;;"))
  }
}
