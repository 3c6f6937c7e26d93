import Diagnostics

/// Why the site's files cannot be read, its outputs cannot be laid out, or its output folder
/// cannot be written: each a reason with what it is about; ``message`` and ``hint`` are the one
/// place these errors are put into words (as `TemplateError.Reason` is for templates,
/// ``LimitExceeded`` for limits and ``OutputPath/Problem`` for output names).
package enum SiteProblem: Equatable, Sendable {
  // MARK: Reading (SiteFiles, ContentFiles)

  /// The project folder cannot be opened.
  case projectUnreadable(path: String, reason: String)
  /// The project has no `Content/` folder.
  case noContentFolder(project: String, otherTool: ImportedTool?, configuration: String?)
  /// `Content/` is a symbolic link that leads out of the project.
  case contentOutsideTheSite(target: String)
  /// A folder `mounts:` names does not exist, or leads out of the project.
  case mountedFolderMissing(source: String)
  /// `Content/` holds a folder that a mount also reads into.
  case mountShadowsContent(target: String, source: String)
  /// Two files, in two mounted folders (or `Content/` and a mounted folder), that the site
  /// would read at one path (`path`, relative to `Content/`).
  case mountedFilesCollide(path: String, source: String, other: String)
  /// A text file of a mounted folder that opens with front matter: another tool's template.
  case otherToolsTemplate(path: String)
  /// A file is a symbolic link that leads out of the project.
  case linkOutsideTheSite(path: String, target: String)
  /// A file is, or is a symbolic link to (`target`, relative to the project), a file inside a
  /// version-control folder (`folder`).
  case insideVersionControl(path: String, target: String?, folder: String)
  /// Two files of `Content/` whose names differ only in Unicode normalisation (NFC and NFD).
  case sameNameInTwoForms(path: String, other: String)
  /// Two files of `Content/` whose names differ only in case (a warning).
  case sameNameInTwoCases(path: String, other: String)
  /// Neither folio.yaml nor the run gives a base URL (a warning, once a build).
  case noBaseURL
  /// A file is a folder, device, FIFO or socket (`kind` says which).
  case notARegularFile(path: String, kind: String)
  /// A file the build needs does not exist.
  case missingFile
  /// Reading a file failed.
  case unreadable(reason: String)

  // MARK: Laying out (SiteStructure)

  /// Two pages make the same URL.
  case twoPagesClaim(url: String, other: String)
  /// Two outputs would be written to one file (a section and a taxonomy both at `/tags/`).
  case twoOutputsClaim(url: String, first: String, second: String)
  /// A page, list or alias would replace a file the site writes itself (a feed, an asset, a
  /// static file).
  case replacesAGeneratedFile(url: String, first: String, second: String)
  /// A page whose layout is not `search` is at the URL of a search page.
  case pageTakesTheSearchPage(url: String)
  /// An alias would replace another output.
  case aliasReplaces(alias: String, url: String, owner: String)
  /// A page's alias is its own URL (Hugo's docs have them, from case or a trailing slash): the
  /// page is there already, so the alias is left out, with a warning.
  case aliasIsItsOwnURL(alias: String)
  /// A page's alias is another page's URL, or another page's alias: that page keeps the URL, as
  /// in Hugo, and the alias is left out, with a warning.
  case aliasTakenByAPage(alias: String, url: String, owner: String)
  /// A `redirects:` entry names a file that is no page of the site, or a URL no page has.
  case redirectToNothing(String)
  /// A static file would replace one of the theme's assets.
  case staticFileReplacesAnAsset(path: String)
  /// A static file would replace a file Folio writes (`owner`: a feed, the sitemap), which
  /// `setting` in folio.yaml turns off.
  case staticFileReplacesAGeneratedFile(path: String, owner: String, setting: String?)
  /// A page or list names a layout no template provides; `available` are the top-level ones.
  case unknownLayout(String, available: [String])

  // MARK: Writing (OutputDirectory)

  /// The output folder is, holds or is inside something Folio must never replace.
  case outputHoldsTheProject(output: String, what: String)
  /// The output folder is, holds or is inside a version-control folder.
  case outputIsVersionControl(output: String, reason: String)
  /// The default output folder (`public`) is a symbolic link: content chose where the site goes.
  case defaultOutputIsALink(output: String, target: String)
  /// An entry beside the output is named as one of Folio's staging folders, but Folio did not
  /// make it (`what` says what it is).
  case stagingNameTaken(path: String, what: String)
  /// The output folder holds files Folio did not write, and there was no `--force`.
  case outputNotFolios(output: String, entries: [String])
  /// The output path is a file.
  case outputIsAFile(output: String)
  /// An output path that ``OutputPath`` refuses (a bug: every path is checked where it is made).
  case outputPathRefused(path: String, explanation: String)
  /// The staging folder cannot be opened (`reason` is the system's).
  case cannotOpenFolder(folder: String, reason: String)
  /// A folder inside the staging folder cannot be made.
  case cannotCreateFolder(name: String, in: String, reason: String? = nil)
  /// A file inside the staging folder cannot be written.
  case cannotWriteFile(name: String, in: String, reason: String? = nil)

  /// What is wrong, in one sentence without a trailing period.
  var message: String {
    switch self {
    case .projectUnreadable(let path, let reason): "cannot open the project folder '\(path)': \(reason)"
    case .noContentFolder(let project, let tool?, let configuration?):
      "no Content/ folder in '\(project)', which holds a \(tool.rawValue) site (\(configuration))"
    case .noContentFolder(let project, _, _): "no Content/ folder in '\(project)'"
    case .contentOutsideTheSite(let target): "Content/ is a symbolic link to '\(target)', outside the site"
    case .mountedFolderMissing(let source):
      "the mounted folder '\(source)/' is not a folder inside the project"
    case .mountShadowsContent("", let source):
      "Content/ has files, and the mount of '\(source)/' reads into the whole content"
    case .mountShadowsContent(let target, let source):
      "Content/\(target)/ exists, and the mount of '\(source)/' reads into the same place"
    case .mountedFilesCollide(let path, let source, let other):
      "'\(source)' and '\(other)' are both read as Content/\(path), so one would hide the other"
    case .otherToolsTemplate(let path):
      "'\(path)' opens with front matter: it is another tool's template, which Folio does not run, so it is not published"
    case .linkOutsideTheSite(let path, let target):
      "'\(path)' is a symbolic link to '\(target)', outside the site"
    case .insideVersionControl(let path, let target?, let folder):
      "'\(path)' is a symbolic link to '\(target)', inside the version-control folder '\(folder)'"
    case .insideVersionControl(let path, nil, let folder):
      "'\(path)' is inside the version-control folder '\(folder)'"
    case .sameNameInTwoForms(let path, let other):
      "'Content/\(path)' and 'Content/\(other)' are one name in two Unicode forms (NFC and NFD), so they would make one URL"
    case .sameNameInTwoCases(let path, let other):
      "'Content/\(path)' and 'Content/\(other)' differ only in case: they are one file on macOS and Windows"
    case .noBaseURL:
      "no baseURL is set, so pages have no canonical link, og:url or og:image, and the feeds and sitemap name http://localhost/"
    case .notARegularFile(let path, let kind): "'\(path)' is \(kind), not a regular file"
    case .missingFile: "cannot read the file: it does not exist"
    case .unreadable(let reason): "cannot read the file: \(reason)"
    case .twoPagesClaim(let url, let other): "'\(url)' is claimed by two pages: this one and \(other)"
    case .twoOutputsClaim(let url, let first, let second),
      .replacesAGeneratedFile(let url, let first, let second):
      "'\(url)' is claimed by \(first) and \(second)"
    case .pageTakesTheSearchPage(let url):
      "this page is at '\(url)', where Folio writes the search page"
    case .aliasReplaces(let alias, let url, let owner):
      "the alias '\(alias)' would replace '\(url)', which \(owner) already claims"
    case .aliasIsItsOwnURL(let alias):
      "the alias '\(alias)' is this page's own URL; left out"
    case .aliasTakenByAPage(let alias, let url, let owner):
      "the alias '\(alias)' is left out: '\(url)' is \(owner)'s"
    case .redirectToNothing(let target):
      "the redirect sends readers to '\(target)', which is no page of this build"
    case .staticFileReplacesAnAsset(let path): "'Content/\(path)' would replace the theme's asset '/\(path)'"
    case .staticFileReplacesAGeneratedFile(let path, let owner, _):
      "'Content/\(path)' would replace \(owner), which Folio writes at '/\(path)'"
    case .unknownLayout(let layout, _): "unknown layout '\(layout)'"
    case .outputHoldsTheProject(let output, let what):
      "refusing to use '\(output)' as the output folder: it is, contains or is inside \(what)"
    case .outputIsVersionControl(let output, let reason):
      "refusing to use '\(output)' as the output folder: \(reason)"
    case .defaultOutputIsALink(let output, let target):
      "refusing to write the site through '\(output)': it is a symbolic link to '\(target)', and the default output must be a folder in the project"
    case .stagingNameTaken(let path, let what):
      "refusing to build: '\(path)' has the name of Folio's staging folders, but it is \(what), not a folder Folio made"
    case .outputNotFolios(let output, let entries):
      "refusing to replace '\(output)': Folio did not make it, and it holds "
        + entries.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        + (entries.count > 3 ? " and \(entries.count - 3) more" : "")
    case .outputIsAFile(let output): "'\(output)' exists and is not a folder"
    case .outputPathRefused(let path, let explanation):
      "internal error: the output path '\(path)' \(explanation)"
    case .cannotOpenFolder(let folder, let reason): "cannot open the folder '\(folder)': \(reason)"
    case .cannotCreateFolder(let name, let folder, let reason):
      "cannot create the folder '\(name)' in '\(folder)'" + (reason.map { ": \($0)" } ?? "")
    case .cannotWriteFile(let name, let folder, let reason):
      "cannot write '\(name)' in '\(folder)'" + (reason.map { ": \($0)" } ?? "")
    }
  }

  /// How to fix it, when there is something useful to say.
  var hint: String? {
    switch self {
    case .projectUnreadable: "pass the folder that holds folio.yaml and Content/ with --source"
    case .noContentFolder(_, nil, _): "run 'folio new site DIR' or pass --source"
    case .noContentFolder(_, .some, _):
      "run 'folio import' there: it writes a folio.yaml that builds the site where it is, content/ included"
    case .contentOutsideTheSite: "Folio reads only files inside the project folder; move the content into it"
    case .mountedFolderMissing: "create the folder, or take it out of 'mounts' in folio.yaml"
    case .mountShadowsContent: "give the mount another target, or move the files out of Content/"
    case .mountedFilesCollide:
      "rename or remove one of them (mounts that read into one folder share its names)"
    case .otherToolsTemplate:
      "Folio writes its own home page, feeds and 404 page; write a Mustache template in Templates/ for anything else it made"
    case .linkOutsideTheSite: "copy the file into the project, or link to a file inside it"
    case .insideVersionControl(_, .some, _):
      "Folio never reads or publishes version control (it holds the checkout's credentials); remove the link"
    case .insideVersionControl(_, nil, _):
      "Folio never reads or publishes version control (it holds the checkout's credentials); rename the folder"
    case .sameNameInTwoForms:
      "rename one of them (the two look alike but are different bytes; 'git ls-files' lists both)"
    case .sameNameInTwoCases: "rename one of them so the names differ in more than case"
    case .noBaseURL:
      "set 'baseURL:' in folio.yaml to the address the site is published at (https://example.org/), or pass --base-url"
    case .notARegularFile: "Folio reads only regular files; remove it or replace it with a file"
    case .missingFile, .unreadable, .outputPathRefused, .cannotOpenFolder, .cannotCreateFolder,
      .cannotWriteFile:
      nil
    case .twoPagesClaim: "give one of them another 'slug'"
    case .twoOutputsClaim: "give the page another 'slug' or rename its file"
    case .replacesAGeneratedFile: "give the page another 'slug' or rename the file"
    case .pageTakesTheSearchPage:
      "give it another 'slug', or 'layout: search' to make it the search page (it then shows the search box)"
    case .aliasReplaces: "remove the alias or point it at a URL no page uses"
    case .aliasIsItsOwnURL: "remove it from the page's aliases"
    case .aliasTakenByAPage: "remove the alias, or point it at a URL no page uses"
    case .redirectToNothing:
      "name a page's file as it is in the project (content/posts/a.md) or a page's URL; a draft is no page unless --drafts is given"
    case .staticFileReplacesAnAsset(let path):
      "to change the theme's file, put it in Templates/\(path); otherwise rename it"
    case .staticFileReplacesAGeneratedFile(_, _, let setting?):
      "rename or remove the file, or turn Folio's off with '\(setting)' in folio.yaml"
    case .staticFileReplacesAGeneratedFile(_, _, nil): "rename or remove the file"
    case .unknownLayout(let layout, let available):
      "add Templates/\(layout).mustache or use one of: \(available.joined(separator: ", "))"
    case .outputHoldsTheProject: "choose a separate folder such as 'public'"
    case .outputIsVersionControl:
      "choose a separate folder such as 'public'; --force does not replace version control"
    case .outputNotFolios:
      "choose another --output, or pass --force to replace it anyway (Folio marks its own output folders with \(OutputPath.markerName))"
    case .outputIsAFile: "remove it or choose another --output"
    case .defaultOutputIsALink:
      "remove the link, or pass --output DIR to choose where the site goes (an --output that is a link is written through)"
    case .stagingNameTaken:
      "remove it (Folio never renames, follows or deletes it), or pass --output DIR to build elsewhere"
    }
  }

  /// The problem as an error at `location` (a warning for the one that is only a warning).
  package func diagnostic(at location: SourceLocation? = nil) -> Diagnostic {
    switch self {
    case .sameNameInTwoCases, .otherToolsTemplate, .noBaseURL, .aliasIsItsOwnURL, .aliasTakenByAPage:
      return .warning(message, at: location, hint: hint)
    default: break
    }
    return .error(message, at: location, hint: hint)
  }

  /// The problem as an error at `location`, ready to throw.
  package func error(at location: SourceLocation? = nil) -> DiagnosticError {
    DiagnosticError(diagnostic(at: location))
  }
}
