import FoundationEssentials
import Glibc
import SegueCLI

// The whole program lives in SegueCLI so tests can drive it; this only passes the arguments on.
exit(Segue.main(Array(CommandLine.arguments.dropFirst())))
