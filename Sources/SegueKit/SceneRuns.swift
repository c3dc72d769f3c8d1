import SegueFiles
import SegueRaster
import SegueScene

/// The runs of one scene file that a command picks (its devices and variants), read and checked
/// one at a time.
///
/// A scene of 64 devices and 64 variants has 4,160 runs; each checked run holds its plan and
/// timeline, so holding them all would take memory that grows with the runs (a gigabyte for a
/// scene of 800 layers). Commands go through them in turn instead, keeping of each only what
/// they need (its folder, the files it reads, its frame count), and read a run again to draw it.
public struct SceneRuns: Sendable {
  /// The path as the user gave it.
  public let file: String
  let document: SceneDocument
  let overrides: LoadedScene.Overrides
  /// Every run of the scene, which decides the folder names.
  let all: [SceneRun]
  /// The runs picked, in the scene's order (devices outermost).
  public let runs: [SceneRun]

  /// Reads the scene file at `file` and picks its runs; nothing of any run is checked yet.
  public init(
    _ file: String, overrides: LoadedScene.Overrides = LoadedScene.Overrides(),
    choice: LoadedScene.RunChoice = LoadedScene.RunChoice()
  ) throws(SceneErrors) {
    let (bytes, defaultName) = try LoadedScene.read(file)
    let document = try SceneDocument.parse(bytes, file: file, defaultName: defaultName)
    switch document.runs(device: choice.device, variant: choice.variant) {
    case .success(let runs): self.runs = runs
    case .failure(let error): throw SceneErrors(error)
    }
    self.file = file
    self.document = document
    self.overrides = overrides
    self.all = document.runs
  }

  /// The folder of `run` inside the scene's (`iphone-se+card-low`), or nil for a scene of one run.
  public func folder(of run: SceneRun) -> String? { run.folderName(among: all) }

  /// Reads and checks one run; `cache` holds decoded images by path, shared by the runs.
  public func load(_ run: SceneRun, loadImages: Bool = true, cache: inout [String: Pixmap]) throws(SceneErrors)
    -> LoadedScene
  {
    var scene = try document.scene(run, scale: overrides.scale)
    if let fps = overrides.fps { scene.fps = fps }
    var loaded = try LoadedScene.decode(scene, file: file, loadImages: loadImages, cache: &cache)
    loaded.setRun(run, folder: folder(of: run))
    return loaded
  }

  /// Reads and checks every run in turn, handing each to `body` and letting it go before the
  /// next is read. The errors of all runs are thrown after the last: an error found in more than
  /// one run once, for the first; one only a later run has naming it (`on iphone-se+card-low: …`).
  public func forEach(loadImages: Bool = true, _ body: (LoadedScene) -> Void) throws(SceneErrors) {
    var images: [String: Pixmap] = [:]
    try forEach(loadImages: loadImages, cache: &images, body)
  }

  /// The same, with the images decoded kept in `cache` (each once, however many runs show it),
  /// for drawing the runs afterwards without decoding them again.
  public func forEach(loadImages: Bool = true, cache images: inout [String: Pixmap], _ body: (LoadedScene) -> Void)
    throws(SceneErrors)
  {
    var errors: [SceneError] = []
    var seen = Set<String>()
    for run in runs {
      do {
        body(try load(run, loadImages: loadImages, cache: &images))
      } catch {
        for var problem in error.errors where seen.insert(problem.path + "\u{0}" + problem.message).inserted {
          if let folder = folder(of: run), run != runs[0] {
            problem.message = "on \(folder): " + problem.message
          }
          errors.append(problem)
        }
      }
    }
    if !errors.isEmpty { throw SceneErrors(errors) }
  }
}
