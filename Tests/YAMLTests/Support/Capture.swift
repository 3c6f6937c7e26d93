import Diagnostics
import Testing

/// The single diagnostic `body` throws, recording an issue when it throws nothing or something else.
func diagnostic(
  sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Any
) -> Diagnostic? {
  do {
    let value = try body()
    Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
  } catch let error as DiagnosticError {
    #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
    return error.diagnostics.first
  } catch {
    Issue.record("expected a DiagnosticError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
