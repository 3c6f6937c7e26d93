import RichText

// GFM tables, as cmark-gfm's table extension writes them: `<thead>` around the header row, a
// `<tbody>` opened by the first body row, and each cell's alignment from its column.
extension CMarkHTMLHandler {
  mutating func openTable(_ table: PresentationIntent.Component, columns: [PresentationIntent.TableColumn]) {
    writer.newlineIfNeeded()
    writer.raw("<table")
    sourcePosition(table)
    writer.raw(">")
    tableBodyOpen = false
    tableColumns = columns
  }

  mutating func openTableHeaderRow(_ row: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    inTableHeader = true
    writer.raw("<thead>")
    writer.newlineIfNeeded()
    writer.raw("<tr")
    sourcePosition(row)
    writer.raw(">")
  }

  mutating func openTableRow(_ row: PresentationIntent.Component) {
    writer.newlineIfNeeded()
    if !tableBodyOpen {
      writer.raw("<tbody>")
      writer.newlineIfNeeded()
      tableBodyOpen = true
    }
    writer.raw("<tr")
    sourcePosition(row)
    writer.raw(">")
  }

  mutating func openTableCell(_ cell: PresentationIntent.Component, column: Int) {
    writer.newlineIfNeeded()
    writer.raw(inTableHeader ? "<th" : "<td")
    alignment(ofColumn: column)
    sourcePosition(cell)
    writer.raw(">")
  }

  mutating func closeTableHeaderRow() {
    writer.newlineIfNeeded()
    writer.raw("</tr>")
    writer.newlineIfNeeded()
    writer.raw("</thead>")
    inTableHeader = false
  }

  mutating func closeTable() {
    if tableBodyOpen {
      writer.newlineIfNeeded()
      writer.raw("</tbody>")
      writer.newlineIfNeeded()
    }
    tableBodyOpen = false
    writer.newlineIfNeeded()
    writer.raw("</table>")
    writer.newlineIfNeeded()
  }

  private mutating func alignment(ofColumn column: Int) {
    guard column < tableColumns.count else { return }
    let name: StaticString
    switch tableColumns[column].alignment {
    case .none: return
    case .left: name = "left"
    case .center: name = "center"
    case .right: name = "right"
    }
    if options.alignsTableCellsWithClasses {
      writer.raw(" class=\"align-")
    } else {
      writer.raw(options.prefersStyleAttributesInTables ? " style=\"text-align: " : " align=\"")
    }
    writer.raw(name)
    writer.raw("\"")
  }
}
