/// Why the library could not load, render, read or write something, in the words the `segue`
/// command would print: `scenes/x.json: at 'transition.duration': expected a positive number
/// of seconds, got -1`. Several problems of one scene are one error, a line each.
public struct SegueError: Error, Equatable, CustomStringConvertible {
  /// One line per problem.
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
