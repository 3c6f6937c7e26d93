import Diagnostics

/// Turns libyaml marks, which count characters from 0, into locations that count lines from 1 and
/// columns in UTF-8 bytes from 1, shifted by the caller's line offset.
struct SourceMapper {
  /// A place where the text given to libyaml is shorter than the user's file, so columns after it on
  /// the same line must grow by `delta` bytes.
  struct ColumnShift {
    /// The libyaml line (0-based) of the change.
    var line: Int
    /// The byte offset, in the text given to libyaml, from which the shift applies.
    var offset: Int
    var delta: Int
  }

  /// A position remembered as both a character count and a byte offset, moved in either direction.
  ///
  /// Events arrive in source order, so each conversion walks only the distance since the last one.
  private struct Cursor {
    var character = 0
    var byte = 0

    mutating func byteOffset(ofCharacter target: Int, in bytes: [UInt8]) -> Int {
      while character < target && byte < bytes.count {
        byte += 1
        while byte < bytes.count && bytes[byte] & 0xC0 == 0x80 { byte += 1 }
        character += 1
      }
      while character > target && byte > 0 {
        byte -= 1
        while byte > 0 && bytes[byte] & 0xC0 == 0x80 { byte -= 1 }
        character -= 1
      }
      return byte
    }
  }

  let bytes: [UInt8]
  let path: String
  let lineOffset: Int
  /// Shifts in offset order, each with the total of its line's shifts up to and including it.
  private let shifts: [(shift: ColumnShift, lineTotal: Int)]
  private var markCursor = Cursor()
  private var lineCursor = Cursor()

  /// - Parameter shifts: column shifts in increasing offset order.
  init(bytes: [UInt8], path: String, lineOffset: Int, shifts: [ColumnShift] = []) {
    self.bytes = bytes
    self.path = path
    self.lineOffset = lineOffset
    var totals: [(shift: ColumnShift, lineTotal: Int)] = []
    totals.reserveCapacity(shifts.count)
    for shift in shifts {
      let previous = totals.last.flatMap { $0.shift.line == shift.line ? $0.lineTotal : nil } ?? 0
      totals.append((shift, previous + shift.delta))
    }
    self.shifts = totals
  }

  /// The location of `mark` in the user's file.
  mutating func location(of mark: Mark) -> SourceLocation {
    let byte = byteOffset(of: mark)
    let lineStart = lineCursor.byteOffset(ofCharacter: mark.index - mark.column, in: bytes)
    let column = byte - lineStart + 1 + shiftedColumns(before: byte, line: mark.line)
    return SourceLocation(path: path, line: mark.line + 1 + lineOffset, column: column)
  }

  /// The bytes removed from `line` before `byte`, found by binary search.
  private func shiftedColumns(before byte: Int, line: Int) -> Int {
    var low = 0
    var high = shifts.count
    while low < high {
      let middle = (low + high) / 2
      if shifts[middle].shift.offset <= byte { low = middle + 1 } else { high = middle }
    }
    guard low > 0, shifts[low - 1].shift.line == line else { return 0 }
    return shifts[low - 1].lineTotal
  }

  /// The byte offset of `mark` in the text given to libyaml.
  mutating func byteOffset(of mark: Mark) -> Int {
    markCursor.byteOffset(ofCharacter: mark.index, in: bytes)
  }

  /// The location of a byte offset, for problems libyaml reports before it has counted lines.
  func location(ofByte offset: Int) -> SourceLocation {
    var line = 0
    var lineStart = 0
    var position = 0
    let end = min(offset, bytes.count)
    while position < end {
      if bytes[position] == UInt8(ascii: "\n")
        || (bytes[position] == UInt8(ascii: "\r")
          && (position + 1 >= bytes.count || bytes[position + 1] != UInt8(ascii: "\n")))
      {
        line += 1
        lineStart = position + 1
      }
      position += 1
    }
    let column = offset - lineStart + 1 + shiftedColumns(before: offset, line: line)
    return SourceLocation(path: path, line: line + 1 + lineOffset, column: column)
  }

  /// The byte at `mark`, if the mark is inside the text.
  mutating func byte(at mark: Mark) -> UInt8? {
    let offset = byteOffset(of: mark)
    return offset < bytes.count ? bytes[offset] : nil
  }
}
