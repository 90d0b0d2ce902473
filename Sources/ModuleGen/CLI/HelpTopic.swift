/// A reference `modulegen help NAME` prints besides the commands' help: the keys of a file
/// modulegen reads, derived from their declarations (the same ones that decode the file), so
/// that the text on a user's machine matches the binary they run.
struct HelpTopic: Sendable {
  var name: String
  var summary: String
  var text: @Sendable () -> String

  static let all: [HelpTopic] = [
    HelpTopic(name: "config", summary: "The settings of .modulegen.yml (what 'init' writes).") {
      """
      OVERVIEW: The settings of .modulegen.yml, the project's config. Every key is optional;
      a command's options override them for one run.

      KEYS:
      \(ProjectConfig.keys.referenceText())
      """
    },
    HelpTopic(name: "spec", summary: "The keys of a module spec (--spec, YAML or JSON).") {
      """
      OVERVIEW: The keys of a module spec: one module, or a file of several ('modules').

      KEYS:
      \(ModuleSpec.keys.referenceText())
      A FILE OF SEVERAL MODULES:
      \(ModuleSpec.fileKeys.referenceText())
      """
    },
    HelpTopic(name: "template", summary: "The keys of a template's template.yml.") {
      """
      OVERVIEW: The keys of template.yml, a template's manifest ('templates new' writes
      one to start from).

      KEYS:
      \(TemplateManifest.keys.referenceText())
      EACH OF 'parameters':
      \(TemplateManifest.Parameter.keys.referenceText())
      EACH OF 'files':
      \(TemplateManifest.FileEntry.keys.referenceText())
      """
    },
  ]
}
