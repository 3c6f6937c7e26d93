// Conformance adapter for ../shared/conformance/mustache/run_spec.py: reads one JSON request on
// standard input, renders its template with the Mustache module, and writes exactly the rendering
// to standard output. The `~lambdas` tests carry source code for other languages in their data;
// `SpecLambdas` supplies equivalent Swift closures by test index.

import Foundation
import Mustache

/// One test, as the runner sends it.
struct SpecRequest: Decodable {
  let template: String
  let data: TemplateValue
  let partials: [String: String]
  let spec: String
  let name: String
  let index: Int
}

do {
  let input = FileHandle.standardInput.readDataToEndOfFile()
  let request = try JSONDecoder().decode(SpecRequest.self, from: input)
  let data = SpecLambdas.replacingCode(in: request.data, spec: request.spec, index: request.index)
  let library = try TemplateLibrary(templates: request.partials)
  let template = try Template(parsing: request.template, named: "template")
  let output = try library.render(template, with: data)
  FileHandle.standardOutput.write(Data(output.utf8))
} catch {
  FileHandle.standardError.write(Data("mustache-spec: \(error)\n".utf8))
  exit(1)
}
