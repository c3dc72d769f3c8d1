import SegueFiles
import SegueGeometry
import SegueJSON
import SegueMotion
import SeguePNG
import SegueRaster
import SegueScene

/// A scene read from disk and checked end to end: decoded, its transition planned, its timeline
/// laid out and its images decoded. The only file reading of the pipeline.
public struct LoadedScene: Sendable {
  /// The path as the user gave it.
  public let file: String
  /// The scene as the file gives it (a preset stays a preset).
  public let scene: Scene
  /// Its transition as a custom transition, resolved.
  public let plan: MotionPlan
  public let timeline: MotionTimeline
  /// Decoded PNGs by the path the scene gives them.
  public let images: [String: Pixmap]
  /// The device and variant this is the scene of (`plain` for a scene without either).
  public private(set) var run: SceneRun = .plain
  /// The run's folder inside the scene's (`iphone-se+card-low`), or nil for a scene with one run.
  public private(set) var runFolder: String?

  /// Where its frames, goldens and pages go below an output folder, and how messages name it:
  /// the scene's name, then its run's folder (`card-list/iphone-se+card-low`).
  public var folder: String { runFolder.map { scene.name + "/" + $0 } ?? scene.name }

  /// What is worth a warning but renders as asked (a spring cut short), as `FILE: message`.
  public var warnings: [String] { plan.warnings.map(\.description) }

  /// Overrides from the command line.
  public struct Overrides: Sendable {
    public var scale: Double?
    public var fps: Int?

    public init(scale: Double? = nil, fps: Int? = nil) {
      self.scale = scale
      self.fps = fps
    }
  }

  /// The bytes of the scene file at `file` (within the size limit) and the name a scene without
  /// one takes: the file's, without `.json`.
  static func read(_ file: String) throws(SceneErrors) -> (bytes: [UInt8], defaultName: String) {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(file, limit: SceneLimits.maxFileSize, what: "a scene")
    } catch {
      throw SceneErrors(SceneError(file: file, path: "", message: error.reason))
    }
    return (bytes, defaultName(of: file))
  }

  /// The name a scene read from `file` takes when it gives none: the file's, without `.json`.
  static func defaultName(of file: String) -> String {
    var baseName = Folder.name(of: file)
    if baseName.hasSuffix(".json") { baseName.removeLast(5) }
    return baseName
  }

  /// Reads, decodes and checks the scene at `file`: its first run (its first device, as
  /// written); with `loadImages` false images are only checked to be PNGs (for `validate`).
  public static func load(
    _ file: String, overrides: Overrides = Overrides(), loadImages: Bool = true
  ) throws(SceneErrors) -> LoadedScene {
    let (bytes, _) = try read(file)
    return try decode(bytes, file: file, overrides: overrides, loadImages: loadImages)
  }

  /// The warnings of a scene's runs, each once (most are the same in every run).
  public static func warnings(of runs: [LoadedScene]) -> [String] {
    var seen = Set<String>()
    return runs.flatMap(\.warnings).filter { seen.insert($0).inserted }
  }

  /// Which runs of a scene a command draws: `--device` and `--variant` (nil: all).
  public struct RunChoice: Sendable {
    public var device: String?
    public var variant: String?
    public init(device: String? = nil, variant: String? = nil) {
      self.device = device
      self.variant = variant
    }
  }

  /// Every run of the scene at `file` that `choice` picks, each read and checked, all held at
  /// once: for commands that need them together (a preview's page, a check's golden folders).
  /// Errors as `SceneRuns.forEach` reports them.
  public static func loadRuns(
    _ file: String, overrides: Overrides = Overrides(), choice: RunChoice = RunChoice(), loadImages: Bool = true
  ) throws(SceneErrors) -> [LoadedScene] {
    var loaded: [LoadedScene] = []
    try SceneRuns(file, overrides: overrides, choice: choice).forEach(loadImages: loadImages) { loaded.append($0) }
    return loaded
  }

  /// Names the run this is the scene of, and its folder.
  mutating func setRun(_ run: SceneRun, folder: String?) {
    self.run = run
    self.runFolder = folder
  }

  /// Decodes and checks a scene's JSON `bytes` as if read from `file`: `file` names the scene
  /// in messages, gives its default name, and images are found relative to its folder.
  public static func decode(
    _ bytes: [UInt8], file: String, overrides: Overrides = Overrides(), loadImages: Bool = true
  ) throws(SceneErrors) -> LoadedScene {
    var scene = try SceneDecoder.decode(
      bytes, file: file, defaultName: defaultName(of: file), scale: overrides.scale)
    if let fps = overrides.fps { scene.fps = fps }
    var images: [String: Pixmap] = [:]
    return try decode(scene, file: file, loadImages: loadImages, cache: &images)
  }

  /// A decoded scene with its images read (each path once over all runs, through `cache`),
  /// planned and laid out.
  static func decode(_ scene: Scene, file: String, loadImages: Bool, cache: inout [String: Pixmap])
    throws(SceneErrors) -> LoadedScene
  {
    let directory = Folder.parent(of: file)
    var images: [String: Pixmap] = [:]
    var errors: [SceneError] = []
    for (path, codingPath) in imageReferences(scene) where images[path] == nil {
      if let cached = cache[path] {
        images[path] = cached
        continue
      }
      let imageFile = path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
      do {
        let data = try FileReader.read(imageFile, limit: FileReader.imageLimit, what: "an image")
        if loadImages {
          images[path] = try PNGDecoder.decode(data, path: imageFile)
          cache[path] = images[path]
        } else {
          _ = try PNGDecoder.checkedSize(of: data, path: imageFile)
        }
      } catch let error as ReadError {
        errors.append(SceneError(file: file, path: codingPath, message: error.description))
      } catch let error as PNGError {
        errors.append(SceneError(file: file, path: codingPath, message: error.description))
      } catch {
        errors.append(SceneError(file: file, path: codingPath, message: "\(error)"))
      }
    }
    if !errors.isEmpty { throw SceneErrors(errors) }
    return try LoadedScene(scene: scene, file: file, images: images)
  }

  /// The files a render of this scene reads: the scene and the images it names.
  public var inputFiles: [String] {
    let directory = Folder.parent(of: file)
    let images = LoadedScene.imageReferences(scene).map { path, _ in
      path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
    }
    return [file] + images
  }

  /// Plans the transition and lays out the timeline of a decoded scene.
  /// - Parameter images: decoded PNGs by the path the scene gives them.
  public init(scene: Scene, file: String, images: [String: Pixmap] = [:]) throws(SceneErrors) {
    let plan = try MotionPlan(scene, file: file)
    let timeline = MotionTimeline(plan: plan, fps: scene.fps, interaction: scene.interaction)
    if let interaction = scene.interaction, let completion = timeline.completionDuration,
      let problem = interaction.completionCurve.problem(duration: completion)
    {
      throw SceneErrors(SceneError(file: file, path: "interaction.completionCurve", message: problem))
    }
    if timeline.clock.duration > SceneLimits.maxDuration {
      throw SceneErrors(
        SceneError(
          file: file, path: scene.interaction == nil ? "transition" : "interaction",
          message:
            "the timeline lasts \(JSONValue.format(timeline.clock.duration)) s; the limit is \(JSONValue.format(SceneLimits.maxDuration)) s"
        ))
    }
    self.file = file
    self.scene = scene
    self.plan = plan
    self.timeline = timeline
    self.images = images
  }

  /// Every image the scene uses, with the coding path that names it (first use wins).
  static func imageReferences(_ scene: Scene) -> [(String, String)] {
    var references: [(String, String)] = []
    for (role, screen) in [("from", scene.from), ("to", scene.to)] {
      if let image = screen.image { references.append((image, "\(role).image")) }
      for (path, layer) in screen.allLayers {
        guard let image = layer.image else { continue }
        references.append((image, role + path.map { ".layers.\($0)" }.joined() + ".image"))
      }
    }
    // Overlays drawn as layers, and their sublayers.
    if case .custom(let custom) = scene.transition.kind {
      for overlay in custom.overlays {
        guard let layer = overlay.layer else { continue }
        let here = "transition.overlays.\(overlay.name)"
        if let image = layer.image { references.append((image, here + ".image")) }
        for (path, sublayer) in Screen(layers: layer.layers).allLayers {
          guard let image = sublayer.image else { continue }
          references.append((image, here + path.map { ".layers.\($0)" }.joined() + ".image"))
        }
      }
    }
    return references
  }
}
