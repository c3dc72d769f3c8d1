import SegueArguments
import SegueFiles
import SegueGolden
import SegueKit
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `segue compare EXPECTED ACTUAL`: two PNGs, or two folders of frames.
///
/// Exit codes: 0 the same (within the tolerances), 1 different, 2 invalid input (an
/// unreadable, corrupt or non-PNG file, named in the message), 3 a diff not written.
struct CompareCommand: Command {
  let spec = CommandSpec(
    name: "compare", abstract: "Compare two PNGs, or two folders of frames.",
    usage: "compare EXPECTED ACTUAL [--diff PATH] [tolerances]",
    options: [
      OptionSpec("diff", value: "PATH", help: "Write the diff image here (a folder when comparing folders)."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print only differences."),
    ] + ToleranceOptions.specs,
    arguments: [("EXPECTED", "A PNG file or a folder of PNGs."), ("ACTUAL", "A PNG file or a folder of PNGs.")],
    positionals: 2...2)

  /// One pair's result: the lines to print (one message each), and what they mean for the exit
  /// code.
  struct Result: Sendable {
    enum Kind: Sendable, Hashable { case same, different, invalid, unwritable }
    let kind: Kind
    let lines: [String]
    /// A file in one of two compared folders only.
    var onlyInOneFolder = false

    init(kind: Kind, line: String, onlyInOneFolder: Bool = false) {
      self.init(kind: kind, lines: [line])
      self.onlyInOneFolder = onlyInOneFolder
    }

    init(kind: Kind, lines: [String]) {
      self.kind = kind
      self.lines = lines
    }
  }

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let options: ComparisonOptions
    let jobs: Int
    do throws(UsageError) {
      options = try ToleranceOptions.parse(arguments)
      jobs = try self.jobs(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let expected = arguments.positionals[0]
    let actual = arguments.positionals[1]
    let diff = arguments.value("diff")
    let expectedIsFolder = CompareCommand.isFolder(expected)
    let actualIsFolder = CompareCommand.isFolder(actual)
    // A diff never replaces what it compares: not either file, nor a file in either folder.
    if let diff {
      for (input, isFolder) in [(expected, expectedIsFolder), (actual, actualIsFolder)]
      where isFolder ? PathIdentity.isWithin(diff, folder: input) : PathIdentity.same(diff, input) {
        let message = "--diff \(diff) would write over \(input), which is compared; give another path"
        return Segue.usageFailure(UsageError(message), command: spec, console: console)
      }
    }
    // A diff of two files goes into a folder that exists; a folder of diffs is made.
    if let diff, !expectedIsFolder && !actualIsFolder {
      do {
        try AtomicFile.checkFileTarget(diff)
      } catch {
        console.error(error.description)
        return .cannotWrite
      }
    }
    var results: [Result]
    if expectedIsFolder || actualIsFolder {
      guard expectedIsFolder && actualIsFolder else {
        let (folder, file) = expectedIsFolder ? (expected, actual) : (actual, expected)
        console.error("\(folder) is a folder but \(file) is not: compare two files or two folders")
        return .invalidInput
      }
      results = CompareCommand.compareFolders(expected, actual, diff: diff, options: options, jobs: jobs)
    } else {
      results = [CompareCommand.comparePair(expected, actual, name: nil, diff: diff, options: options, jobs: jobs)]
    }
    // Two folders: what differs, then one summary line; a file that matches is only counted.
    let folders = expectedIsFolder
    for result in results {
      for line in result.lines {
        switch result.kind {
        case .same: if !arguments.has("quiet") && !folders { console.print(line) }
        case .different: console.print(line)
        case .invalid, .unwritable: console.error(line)
        }
      }
    }
    if folders { console.print(CompareCommand.summary(results)) }
    if results.contains(where: { $0.kind == .invalid }) { return .invalidInput }
    if results.contains(where: { $0.kind == .unwritable }) { return .cannotWrite }
    return results.contains(where: { $0.kind == .different }) ? .differences : .success
  }

  /// "compare: 35 of 37 files match; 1 differs, 1 is in only one folder".
  static func summary(_ results: [Result]) -> String {
    func count(_ kinds: Set<Result.Kind>, where test: (Result) -> Bool = { _ in true }) -> Int {
      results.filter { kinds.contains($0.kind) && test($0) }.count
    }
    let same = count([.same])
    let lonely = count([.different]) { $0.onlyInOneFolder }
    let differ = count([.different]) - lonely
    let unreadable = count([.invalid])
    let unwritten = count([.unwritable])
    var line = "compare: \(same) of \(results.count) file\(results.count == 1 ? "" : "s") "
    line += results.count == 1 ? "matches" : "match"
    var parts: [String] = []
    if differ > 0 { parts.append("\(differ) \(differ == 1 ? "differs" : "differ")") }
    if lonely > 0 { parts.append("\(lonely) \(lonely == 1 ? "is" : "are") in only one folder") }
    if unreadable > 0 { parts.append("\(unreadable) could not be read") }
    if unwritten > 0 { parts.append("\(unwritten) diff\(unwritten == 1 ? "" : "s") not written") }
    return parts.isEmpty ? line : line + "; " + parts.joined(separator: ", ")
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
  }

  /// Decodes both files (at once when `jobs` allows), then compares them on `jobs` threads.
  static func comparePair(
    _ expectedPath: String, _ actualPath: String, name: String?, diff: String?, options: ComparisonOptions, jobs: Int
  ) -> Result {
    let pair = Parallel.map(2, jobs: min(2, jobs)) { side -> Swift.Result<RGBAImage, GoldenStore.LoadError> in
      do throws(GoldenStore.LoadError) {
        return .success(try GoldenStore.load(side == 0 ? expectedPath : actualPath))
      } catch {
        return .failure(error)
      }
    }
    let problems = pair.compactMap { result -> String? in
      if case .failure(let error) = result { return error.description }
      return nil
    }
    if !problems.isEmpty { return Result(kind: .invalid, lines: problems) }
    guard case .success(let expected) = pair[0], case .success(let actual) = pair[1] else {
      return Result(kind: .invalid, line: "cannot read")
    }
    let label = name ?? "\(expectedPath) vs \(actualPath)"
    guard expected.width == actual.width, expected.height == actual.height else {
      return Result(
        kind: .different,
        line:
          "\(label): size differs: expected \(expected.width)x\(expected.height), actual \(actual.width)x\(actual.height)"
      )
    }
    let comparison = ImageComparator.compare(expected, actual, options: options, jobs: jobs)
    if let diff {
      do {
        try GoldenStore.write(DiffImage.make(expected: expected, actual: actual, comparison: comparison), to: diff)
      } catch {
        return Result(kind: .unwritable, line: error.description)
      }
    }
    if options.fails(differing: comparison.differingPixels, of: expected.pixelCount) {
      return Result(kind: .different, line: "\(label): \(comparison.summary); \(options.allowance)")
    }
    return Result(kind: .same, line: "\(label): same (\(comparison.summary))")
  }

  /// Compares the PNGs two folders share, in parallel; a PNG in only one folder is a difference.
  static func compareFolders(
    _ expected: String, _ actual: String, diff: String?, options: ComparisonOptions, jobs: Int
  ) -> [Result] {
    func pngs(_ folder: String) -> Set<String> {
      Set(
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
          $0.hasSuffix(".png") && !$0.hasPrefix(".")
        })
    }
    let left = pngs(expected)
    let right = pngs(actual)
    let names = left.union(right).sorted()
    // Threads the files leave idle (fewer files than jobs) go to each pair.
    let pairJobs = max(1, jobs / max(1, min(jobs, names.count)))
    return Parallel.map(names.count, jobs: jobs) { index -> Result in
      let name = names[index]
      if !right.contains(name) {
        return Result(kind: .different, line: "\(name): missing from \(actual)", onlyInOneFolder: true)
      }
      if !left.contains(name) {
        return Result(kind: .different, line: "\(name): not in \(expected)", onlyInOneFolder: true)
      }
      return comparePair(
        expected + "/" + name, actual + "/" + name, name: name, diff: diff.map { $0 + "/" + name }, options: options,
        jobs: pairJobs)
    }
  }
}
