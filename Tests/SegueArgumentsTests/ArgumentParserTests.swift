import Foundation
import Testing

@testable import SegueArguments

struct ArgumentParserTests {
  let spec = CommandSpec(
    name: "render", abstract: "Render.", usage: "render SCENE",
    options: [
      OptionSpec("output", short: "o", value: "DIR", help: "Folder."),
      OptionSpec("quiet", short: "q", help: "Quiet."),
    ],
    arguments: [("SCENE", "The scene.")], positionals: 1...1)

  @Test func readsEveryOptionForm() throws {
    for form in [["-o", "x"], ["-ox"], ["--output", "x"], ["--output=x"]] {
      let parsed = try ArgumentParser.parse(form + ["a.json"], spec: spec)
      #expect(parsed.value("output") == "x")
      #expect(parsed.positionals == ["a.json"])
    }
  }

  @Test func readsFlagsAndTheEndOfOptions() throws {
    let parsed = try ArgumentParser.parse(["-q", "--", "-weird.json"], spec: spec)
    #expect(parsed.has("quiet"))
    #expect(parsed.positionals == ["-weird.json"])
  }

  @Test func reportsMistakes() {
    #expect(throws: UsageError("unknown option '--ouput' (did you mean '--output'?)")) {
      try ArgumentParser.parse(["--ouput", "x", "a"], spec: spec)
    }
    #expect(throws: UsageError("option '--output' needs a value (DIR)")) {
      try ArgumentParser.parse(["a", "--output"], spec: spec)
    }
    #expect(throws: UsageError("option '--quiet' takes no value")) {
      try ArgumentParser.parse(["a", "--quiet=yes"], spec: spec)
    }
    #expect(throws: UsageError("missing argument: expected SCENE")) { try ArgumentParser.parse([], spec: spec) }
    #expect(throws: UsageError("unexpected argument 'b'")) { try ArgumentParser.parse(["a", "b"], spec: spec) }
  }

  @Test func helpNeedsNoArguments() throws {
    #expect(try ArgumentParser.parse(["--help"], spec: spec).has("help"))
    #expect(spec.help(program: "segue").contains("-o, --output DIR"))
  }
}
