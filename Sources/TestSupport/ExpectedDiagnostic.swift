import Diagnostics
import Testing

/// The one diagnostic `body` throws as a `DiagnosticError`; records a test issue (at the caller)
/// when it returns normally, throws something else, or throws more than one diagnostic.
public func diagnostic<Value>(
  sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Value
) -> Diagnostic? {
  do {
    let value = try body()
    Issue.record("expected a DiagnosticError, got \(value)", sourceLocation: sourceLocation)
  } catch let error as DiagnosticError {
    #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
    return error.diagnostics.first
  } catch {
    Issue.record("expected a DiagnosticError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
