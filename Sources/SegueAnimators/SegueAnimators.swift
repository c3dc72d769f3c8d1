import PackagePlugin

/// A build-tool plugin that writes the UIKit animator of every scene (`*.json`) in a target's
/// folder with `segue swift` and compiles it into the target, so an app never commits generated
/// code and its animators can never drift from its scenes.
///
///     .target(name: "App", plugins: [.plugin(name: "SegueAnimators", package: "Segue")])
///
/// Each scene `Transitions/today-card.json` becomes `today-card.swift` in the plugin's work
/// folder (its class `TodayCardAnimator`); a scene changes, its animator is written again.
@main
struct SegueAnimators: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let segue = try context.tool(named: "segue")
    let scenes = target.sourceFiles(withSuffix: "json").map(\.url).sorted { $0.path < $1.path }
    return scenes.map { scene in
      let output = context.pluginWorkDirectoryURL.appending(
        path: scene.deletingPathExtension().lastPathComponent + ".swift")
      return .buildCommand(
        displayName: "segue swift \(scene.lastPathComponent)", executable: segue.url,
        arguments: ["swift", scene.path, "--output", output.path], inputFiles: [scene], outputFiles: [output])
    }
  }
}
