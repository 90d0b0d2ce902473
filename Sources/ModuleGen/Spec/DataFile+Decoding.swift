import DataFormats
import Diagnostics

extension DataFile {
  /// The root of a document that a decoder goes on to validate: a syntax error is reported as
  /// the decoders report their problems, as a list for the file.
  static func root(_ text: String, file: String) throws(DiagnosticList) -> DataNode {
    do {
      return try parse(text, file: file)
    } catch {
      throw DiagnosticList([error], file: file)
    }
  }
}
