/// Placeholder entry point until the CLI lands.
public enum FolioCommand {
  /// Runs the command line.
  public static func main() async {}
}
