// Renders the golden-liquid benchmark fixtures in-process many times and prints renders per
// second; when `ruby -rliquid` is available, runs Ruby Liquid on the same fixtures in the same
// run and prints the ratio. A benchmark, not a test: it never fails on a slow machine.
// Its arguments: `usage` below.

import DataFormats
import Liquid
import ModuleGen
import SystemLibrary

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct Fixture {
  var name: String
  var index: String
  var partials: [String: String]
  var data: LiquidObject
  var expected: String
}

func loadFixtures(_ directory: String) throws -> [Fixture] {
  let fs = LocalFileSystem()
  var fixtures: [Fixture] = []
  for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
    let base = directory + "/" + name
    guard fs.isDirectory(atPath: base) else { continue }
    var partials: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: base + "/templates")
    where file.hasSuffix(".liquid") {
      // Fixtures name partials with and without the extension.
      let text = try fs.readText(atPath: base + "/templates/" + file)
      partials[file] = text
      partials[String(file.dropLast(7))] = text
    }
    let dataNode = try DataFile.read(
      atPath: base + "/data.json", displayPath: base + "/data.json", fileSystem: fs)
    guard case .object(let data) = dataNode.liquidValue, let index = partials["index"] else {
      continue
    }
    fixtures.append(
      Fixture(
        name: name, index: index, partials: partials, data: data,
        expected: try fs.readText(atPath: base + "/expected_result.txt")))
  }
  return fixtures
}

/// Runs `body` repeatedly for about `seconds`; returns operations per second.
func measure(seconds: Double, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  try body()  // warm up
  var iterations = 0
  let start = clock.now
  var elapsed = Duration.zero
  repeat {
    for _ in 0..<10 { try body() }
    iterations += 10
    elapsed = clock.now - start
  } while elapsed < .milliseconds(Int64(seconds * 1000))
  let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return Double(iterations) / total
}

let rubyScript = #"""
  require "liquid"
  require "json"
  class MemoryFS
    def initialize(templates) @templates = templates end
    def read_template_file(name) @templates.fetch(name.delete_suffix(".liquid")) end
  end
  dir, seconds = ARGV[0], ARGV[1].to_f
  def measure(seconds)
    yield
    n = 0
    start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    loop do
      10.times { yield }
      n += 10
      elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - start
      return n / elapsed if elapsed >= seconds
    end
  end
  Dir.children(dir).sort.each do |name|
    base = File.join(dir, name)
    next unless File.directory?(base)
    templates = {}
    Dir.glob(File.join(base, "templates", "*.liquid")).each { |f| templates[File.basename(f, ".liquid")] = File.read(f) }
    data = JSON.parse(File.read(File.join(base, "data.json")))
    expected = File.read(File.join(base, "expected_result.txt"))
    fs = MemoryFS.new(templates)
    source = templates["index"]
    begin
      parse = lambda { t = Liquid::Template.parse(source); t.registers[:file_system] = fs; t }
      template = parse.call
      ok = template.render!(data.dup, registers: { file_system: fs }) == expected
      render_rate = measure(seconds) { template.render!(data.dup, registers: { file_system: fs }) }
      both_rate = measure(seconds) { parse.call.render!(data.dup, registers: { file_system: fs }) }
      puts [name, render_rate, both_rate, ok].join(" ")
    rescue StandardError, SyntaxError => e
      puts [name, "error", e.message.gsub(/\s+/, " ")].join(" ")
    end
  end
  """#

/// Ruby Liquid's rates per fixture, or nil when Ruby Liquid is not installed.
func rubyRates(_ directory: String, seconds: Double) -> [String: (
  render: Double, both: Double, ok: Bool, note: String?
)]? {
  guard system("ruby -rliquid -e '' >/dev/null 2>&1") == 0 else { return nil }
  let scriptPath = "/tmp/modulegen-liquid-bench-\(getpid()).rb"
  guard (try? Data(rubyScript.utf8).write(to: URL(fileURLWithPath: scriptPath))) != nil else {
    return nil
  }
  defer { try? FileManager.default.removeItem(atPath: scriptPath) }
  guard let pipe = popen("ruby '\(scriptPath)' '\(directory)' \(seconds)", "r") else { return nil }
  var output = ""
  var buffer = [CChar](repeating: 0, count: 4096)
  while fgets(&buffer, Int32(buffer.count), pipe) != nil {
    output += String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  pclose(pipe)
  var rates: [String: (Double, Double, Bool, String?)] = [:]
  for line in output.split(separator: "\n") {
    let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
    guard parts.count >= 2 else { continue }
    if parts[1] == "error" {
      rates[parts[0]] = (0, 0, false, parts.count > 2 ? parts[2] : "error")
    } else if parts.count == 3, let render = Double(parts[1]) {
      let rest = parts[2].split(separator: " ")
      rates[parts[0]] = (render, Double(rest.first ?? "") ?? 0, rest.last == "true", nil)
    }
  }
  return rates
}

func format(_ rate: Double) -> String {
  let rounded = Int(rate.rounded())
  return String(rounded)
}

func fixed(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)x"
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

let defaultDirectory = "Tests/LiquidTests/Fixtures/golden-liquid/benchmark_fixtures"
let usage = """
  USAGE: liquid-benchmark [FIXTURES_DIR] [--seconds N]
    FIXTURES_DIR  golden-liquid's benchmark fixtures (default: \(defaultDirectory))
    --seconds N   how long each measurement runs (default: 1)
    (swift run -c release liquid-benchmark, from the package's folder)

  """

/// Writes `text` to stderr.
func printError(_ text: String) {
  var bytes = Array(text.utf8)
  _ = write(2, &bytes, bytes.count)
}

/// Prints `message` and the usage on stderr and exits 64, as a wrong command line does.
func usageError(_ message: String) -> Never {
  printError("error: \(message)\n\n" + usage)
  exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage, terminator: "")
  exit(0)
}
var seconds = 1.0
if let i = arguments.firstIndex(of: "--seconds") {
  guard i + 1 < arguments.count, let value = Double(arguments[i + 1]), value > 0 else {
    usageError("--seconds needs a positive number")
  }
  seconds = value
  arguments.removeSubrange(i...(i + 1))
}
if let option = arguments.first(where: { $0.hasPrefix("-") }) {
  usageError("unknown option '\(option)'")
}
guard arguments.count <= 1 else { usageError("one fixtures folder at most") }
let directory = arguments.first ?? defaultDirectory
guard LocalFileSystem().isDirectory(atPath: directory) else {
  usageError("no fixtures folder at \(directory)")
}
let fixtures: [Fixture]
do {
  fixtures = try loadFixtures(directory)
} catch {
  printError("error: cannot read the fixtures in \(directory): \(error)\n")
  exit(1)
}
guard !fixtures.isEmpty else {
  printError("error: no fixtures in \(directory)\n")
  exit(1)
}

print(
  "Rendering \(fixtures.count) golden-liquid benchmark fixtures, about \(seconds) s per measurement."
)
let ruby = rubyRates(directory, seconds: seconds)
if ruby == nil {
  print("Ruby Liquid is not installed (apt-get install ruby ruby-liquid): Swift only.")
}
print("")
print(
  "fixture   render/s  parse+render/s"
    + (ruby == nil
      ? "" : "   ruby render/s  ruby parse+render/s   ratio render  ratio parse+render"))
var renderRatios: [Double] = []
var bothRatios: [Double] = []
for fixture in fixtures {
  // The fixtures were recorded in 2025 and print the year of `now`.
  let environment = LiquidEnvironment(
    filters: .moduleGen, partialLoader: DictionaryPartialLoader(fixture.partials),
    currentTime: 1_750_000_000)
  let template = try Template(parsing: fixture.index, name: "index", environment: environment)
  let output = try template.render(fixture.data)
  // The recorded results end with a newline the templates do not write.
  let correct = output == fixture.expected || output + "\n" == fixture.expected
  let render = try measure(seconds: seconds) { _ = try template.render(fixture.data) }
  let both = try measure(seconds: seconds) {
    _ = try Template(parsing: fixture.index, name: "index", environment: environment).render(
      fixture.data)
  }
  var line = pad(fixture.name, 7) + pad(format(render), 11) + pad(format(both), 16)
  if let r = ruby?[fixture.name] {
    if let note = r.note {
      line += "   ruby failed: \(note)"
    } else {
      let renderRatio = render / r.render
      let bothRatio = both / r.both
      renderRatios.append(renderRatio)
      bothRatios.append(bothRatio)
      line += pad(format(r.render), 16) + pad(format(r.both), 21)
      line += pad(fixed(renderRatio), 15) + pad(fixed(bothRatio), 20)
      if !r.ok { line += "  (ruby output differs)" }
    }
  }
  if !correct { line += "  (output differs from expected_result.txt)" }
  print(line)
}
if !renderRatios.isEmpty {
  func geometricMean(_ values: [Double]) -> Double {
    exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
  }
  print("")
  print(
    "Swift vs Ruby Liquid (geometric mean): render \(fixed(geometricMean(renderRatios))), "
      + "parse+render \(fixed(geometricMean(bothRatios))) (target: 5.0x)")
}
