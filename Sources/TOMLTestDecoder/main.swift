// toml-test's decoder interface for Tests/Conformance/toml_test.py: TOML on standard input,
// the document in toml-test's tagged JSON on standard output and exit 0; an error on standard
// error and exit 1 for a document the door refuses.
import Glibc
import TOML
import YAML

var input: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 65536)
while true {
  let count = read(0, &buffer, buffer.count)
  if count <= 0 { break }
  input += buffer[0..<count]
}

/// `text` as a JSON string literal.
func quoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// toml-test's JSON for a value: tables as objects, arrays as arrays, scalars as
/// `{"type": …, "value": "…"}`; dates arrive already tagged by the parser.
func json(_ value: YAMLValue) -> String {
  func tagged(_ type: String, _ text: String) -> String {
    "{\"type\":\(quoted(type)),\"value\":\(quoted(text))}"
  }
  switch value.kind {
  case .mapping(let mapping):
    // The parser's date wrappers are the only mappings whose keys were written nowhere.
    if mapping.count == 2, mapping.entries[0].key.location == nil, let type = mapping["type"]?.string,
      let text = mapping["value"]?.string
    {
      return tagged(type, text)
    }
    let members = mapping.entries.map { quoted($0.key.string ?? "") + ":" + json($0.value) }
    return "{" + members.joined(separator: ",") + "}"
  case .sequence(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
  case .string(let text): return tagged("string", text)
  case .int(let number): return tagged("integer", String(number))
  case .double(let number):
    let text = number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
    return tagged("float", text)
  case .bool(let flag): return tagged("bool", flag ? "true" : "false")
  case .null: return "null"
  }
}

do {
  let value = try TOMLParser().parse(input, path: "<stdin>", lineOffset: 0, tagsDates: true)
  print(json(value))
} catch {
  let message = Array("\(error)\n".utf8)
  _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}
