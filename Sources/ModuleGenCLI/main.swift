import ModuleGen
import SystemLibrary

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .process))
