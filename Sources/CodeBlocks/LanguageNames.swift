import SyntaxHighlighting

/// The language names writers type after a fence, each led to the closest syntax definition:
/// the definitions' own names and file extensions, and the aliases of GitHub Linguist,
/// Pygments and Chroma (`sh`, `js`, `yml`, `objc`, `c++`, `go-html-template`, …). Case is
/// ignored.
public struct LanguageNames: Sendable {
  /// What a written language name leads to.
  public enum Match: Hashable, Sendable {
    /// Highlight with the definition of this name.
    case definition(String)
    /// Plain text on purpose (`text`, `plain`, `none`, …): no highlighting and no warning.
    case plainText
    /// No definition has the name; `closest` is the nearest known one.
    case unknown(closest: Suggestion?)
  }

  /// A known language name near an unknown one, and the definition it leads to.
  public struct Suggestion: Hashable, Sendable {
    /// The name as the table knows it, lower case: `swift`, `py`.
    public var name: String
    /// The definition it leads to: `Swift`, `Python`.
    public var definition: String

    /// A suggestion.
    public init(name: String, definition: String) {
      self.name = name
      self.definition = definition
    }
  }

  /// Lower-cased name → definition name.
  private let names: [String: String]

  /// The names of `definitions` (a repository's), with the alias table.
  public init(definitions: [SyntaxDefinition]) {
    var names: [String: String] = [:]
    let available = Set(definitions.map(\.name))
    // File extensions and file names first, listed definitions before hidden ones, so that
    // names and aliases win over them.
    for definition in definitions.filter({ !$0.isHidden }) + definitions.filter(\.isHidden) {
      for pattern in definition.fileNamePatterns {
        let key = pattern.hasPrefix("*.") ? String(pattern.dropFirst(2)) : pattern
        guard !key.isEmpty, !key.contains("*"), !key.contains("?") else { continue }
        if names[key.lowercased()] == nil { names[key.lowercased()] = definition.name }
      }
    }
    for definition in definitions where definition.name != "None" {
      names[definition.name.lowercased()] = definition.name
    }
    for (alias, definition) in LanguageNames.aliases where available.contains(definition) {
      names[alias] = definition
    }
    for name in LanguageNames.plainNames { names.removeValue(forKey: name) }
    self.names = names
  }

  /// Where `written` leads.
  public func match(_ written: String) -> Match {
    let key = written.lowercased()
    if LanguageNames.plainNames.contains(key) { return .plainText }
    if let definition = names[key] { return .definition(definition) }
    return .unknown(closest: closest(to: key))
  }

  /// The known name nearest to `key` (at most a third of its length in edits, and at least 1),
  /// preferring shorter names on a tie.
  private func closest(to key: String) -> Suggestion? {
    let limit = max(1, key.count / 3)
    var best: (name: String, distance: Int)? = nil
    for name in names.keys {
      guard let distance = LanguageNames.distance(key, name, limit: limit) else { continue }
      if let current = best,
        (current.distance, current.name.count, current.name) <= (distance, name.count, name)
      {
        continue
      }
      best = (name, distance)
    }
    return best.map { Suggestion(name: $0.name, definition: names[$0.name]!) }
  }

  /// The edit distance of two short names, two swapped neighbours counting as one edit (the
  /// commonest typo: `swfit`), or nil above `limit`.
  static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
    let (x, y) = (Array(a), Array(b))
    guard abs(x.count - y.count) <= limit else { return nil }
    guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
    var rows = [[Int]](repeating: Array(0...y.count), count: x.count + 1)
    for i in 0...x.count { rows[i][0] = i }
    for i in 1...x.count {
      for j in 1...y.count {
        var cost = min(
          rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          cost = min(cost, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = cost
      }
    }
    return rows[x.count][y.count] <= limit ? rows[x.count][y.count] : nil
  }

  /// Names that mean "no highlighting": not worth a warning.
  static let plainNames: Set<String> = [
    "text", "txt", "plain", "plaintext", "none", "nohighlight", "output", "raw", "tree",
  ]

  /// Aliases from GitHub Linguist, Pygments and Chroma, lower case, to the closest definition
  /// Debian's KSyntaxHighlighting has. Only those whose definition exists are used.
  static let aliases: [String: String] = [
    // Shells and sessions.
    "sh": "Bash", "shell": "Bash", "bash": "Bash", "console": "Bash", "shellsession": "Bash",
    "shell-session": "Bash",
    "terminal": "Bash", "ksh": "Bash", "zsh": "Zsh", "fish": "Fish", "tcsh": "Tcsh", "csh": "Tcsh",
    "powershell": "PowerShell", "pwsh": "PowerShell", "ps1": "PowerShell", "posh": "PowerShell",
    "bat": "MS-DOS Batch", "batch": "MS-DOS Batch", "cmd": "MS-DOS Batch", "dosbatch": "MS-DOS Batch",
    // C family.
    "c": "C", "h": "C", "c++": "C++", "cpp": "C++", "cxx": "C++", "hpp": "C++", "cc": "C++",
    "objc": "Objective-C", "objectivec": "Objective-C", "objective-c": "Objective-C", "obj-c": "Objective-C",
    "objc++": "Objective-C++", "objcpp": "Objective-C++", "objective-c++": "Objective-C++",
    "cs": "C#", "csharp": "C#", "c#": "C#", "cuda": "C++", "arduino": "C++", "ino": "C++",
    // Web.
    "js": "JavaScript", "javascript": "JavaScript", "node": "JavaScript", "mjs": "JavaScript",
    "cjs": "JavaScript",
    "jsx": "JavaScript React (JSX)", "ts": "TypeScript", "typescript": "TypeScript",
    "tsx": "TypeScript React (TSX)",
    "html": "HTML", "xhtml": "HTML", "htm": "HTML", "vue": "HTML", "svelte": "HTML", "css": "CSS",
    "scss": "SCSS",
    "sass": "SASS", "less": "LESSCSS", "json": "JSON", "jsonc": "JSON", "json5": "JSON", "geojson": "JSON",
    "jsonl": "JSON", "xml": "XML", "svg": "XML", "plist": "XML", "xsl": "xslt", "xslt": "xslt",
    "php": "PHP/PHP", "php3": "PHP/PHP", "php4": "PHP/PHP", "php5": "PHP/PHP", "graphql": "GraphQL",
    "gql": "GraphQL",
    "erb": "Ruby/Rails/RHTML", "html+erb": "Ruby/Rails/RHTML", "rhtml": "Ruby/Rails/RHTML",
    "jinja": "Django HTML Template", "jinja2": "Django HTML Template", "django": "Django HTML Template",
    "html+django": "Django HTML Template", "twig": "Django HTML Template", "liquid": "Django HTML Template",
    "mustache": "Mustache/Handlebars (HTML)", "handlebars": "Mustache/Handlebars (HTML)",
    "hbs": "Mustache/Handlebars (HTML)", "go-html-template": "Django HTML Template",
    "go-text-template": "Django HTML Template", "gotmpl": "Django HTML Template", "pug": "Pug", "jade": "Pug",
    "haml": "Haml",
    // Data and configuration.
    "yml": "YAML", "yaml": "YAML", "toml": "TOML", "ini": "INI Files", "cfg": "INI Files",
    "conf": "INI Files",
    "dosini": "INI Files", "editorconfig": "INI Files", "gitconfig": "INI Files",
    "properties": "Java Properties",
    "csv": "CSV", "tsv": "TSV", "dockerfile": "Dockerfile", "docker": "Dockerfile",
    "containerfile": "Dockerfile",
    "make": "Makefile", "makefile": "Makefile", "mf": "Makefile", "mk": "Makefile", "cmake": "CMake",
    "apache": "Apache Configuration", "apacheconf": "Apache Configuration",
    "systemd": "systemd unit", "gitignore": "Git Ignore", "ignore": "Git Ignore", "nix": "Nix",
    "hcl": "Terraform",
    "terraform": "Terraform", "tf": "Terraform", "protobuf": "Protobuf", "proto": "Protobuf",
    "meson": "Meson",
    "ninja": "Ninja", "dotenv": "Bash", "env": "Bash", "sql": "SQL", "mysql": "SQL (MySQL)",
    "postgresql": "SQL (PostgreSQL)", "postgres": "SQL (PostgreSQL)", "psql": "SQL (PostgreSQL)",
    "plpgsql": "SQL (PostgreSQL)", "plsql": "SQL (Oracle)", "sqlite": "SQL", "tsql": "SQL",
    // Documents.
    "md": "Markdown", "markdown": "Markdown", "mkd": "Markdown", "gfm": "Markdown", "rst": "reStructuredText",
    "restructuredtext": "reStructuredText", "tex": "LaTeX", "latex": "LaTeX", "bib": "BibTeX",
    "bibtex": "BibTeX",
    "asciidoc": "AsciiDoc", "adoc": "AsciiDoc", "org": "Org Mode", "diff": "Diff", "patch": "Diff",
    "udiff": "Diff",
    "groff": "Roff", "man": "Troff Mandoc", "troff": "Roff", "dot": "dot", "graphviz": "dot",
    "gnuplot": "Gnuplot",
    "rmd": "R Markdown", "wiki": "MediaWiki", "mediawiki": "MediaWiki",
    // Languages.
    "swift": "Swift", "rust": "Rust", "rs": "Rust", "go": "Go", "golang": "Go", "python": "Python",
    "py": "Python",
    "python3": "Python", "py3": "Python", "pyi": "Python", "sage": "Python", "starlark": "Python",
    "bzl": "Python",
    "ipython": "Python", "rb": "Ruby", "ruby": "Ruby", "jruby": "Ruby", "gemfile": "Ruby", "podfile": "Ruby",
    "rake": "Ruby", "java": "Java", "kotlin": "Kotlin", "kt": "Kotlin", "kts": "Kotlin", "scala": "Scala",
    "groovy": "Groovy", "gradle": "Groovy", "dart": "Dart", "lua": "Lua", "perl": "Perl", "pl": "Perl",
    "raku": "Raku", "perl6": "Raku", "r": "R Script", "rscript": "R Script", "splus": "R Script",
    "julia": "Julia", "jl": "Julia", "haskell": "Haskell", "hs": "Haskell", "elixir": "Elixir",
    "ex": "Elixir",
    "exs": "Elixir", "erlang": "Erlang", "erl": "Erlang", "elm": "Elm", "clojure": "Clojure",
    "clj": "Clojure",
    "edn": "Clojure", "lisp": "Common Lisp", "common-lisp": "Common Lisp", "cl": "Common Lisp",
    "elisp": "Common Lisp",
    "emacs-lisp": "Common Lisp", "scheme": "Scheme", "racket": "Racket", "ocaml": "Objective Caml",
    "ml": "Objective Caml",
    "fsharp": "FSharp", "f#": "FSharp", "fs": "FSharp", "zig": "Zig", "nim": "Nim", "crystal": "Crystal",
    "cr": "Crystal", "d": "D", "fortran": "Fortran (Free Format)", "f90": "Fortran (Free Format)",
    "ada": "Ada",
    "pascal": "Pascal", "delphi": "Pascal", "objectpascal": "Pascal", "vala": "Vala", "solidity": "Solidity",
    "sol": "Solidity", "asm": "GNU Assembler", "assembly": "GNU Assembler", "gas": "GNU Assembler",
    "nasm": "Intel x86 (NASM)", "llvm": "LLVM", "glsl": "GLSL", "hlsl": "GLSL", "matlab": "Matlab",
    "octave": "Octave", "mathematica": "Mathematica", "wolfram": "Mathematica", "tcl": "Tcl/Tk", "awk": "AWK",
    "gawk": "AWK", "sed": "sed", "coffee": "CoffeeScript", "coffeescript": "CoffeeScript", "qml": "QML",
    "gdscript": "Godot", "godot": "Godot", "purescript": "PureScript", "idris": "Idris", "agda": "Agda",
    "prolog": "Prolog", "cobol": "COBOL", "abap": "ABAP", "haxe": "Haxe", "sml": "SML", "verilog": "Verilog",
    "systemverilog": "SystemVerilog", "vhdl": "VHDL", "m4": "GNU M4", "yacc": "Yacc/Bison",
    "bison": "Yacc/Bison",
    "lex": "Lex/Flex", "flex": "Lex/Flex", "gherkin": "Cucumber Gherkin feature",
    "cucumber": "Cucumber Gherkin feature",
    "email": "Email", "eml": "Email", "log": "Log File (simplified)", "gdb": "GDB", "pony": "Pony",
  ]
}
