import Liquid

/// Reads a data file (JSON) into nodes with locations.
public enum DataFile {
  public static func read(atPath path: String, displayPath: String, fileSystem: any FileSystem)
    throws(Diagnostic) -> DataNode
  {
    let text = try fileSystem.readText(atPath: path, displayPath: displayPath)
    return try JSONReader.read(text, file: displayPath)
  }
}
