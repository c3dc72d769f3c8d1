import SegueCLI

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

// The whole program lives in SegueCLI so tests can drive it; this only passes the arguments on.
// A reader that closes the pipe early (`segue list | head -1`) must not kill the process with
// SIGPIPE: writes then fail quietly instead.
signal(SIGPIPE, SIG_IGN)
exit(Segue.main(Array(CommandLine.arguments.dropFirst())))
