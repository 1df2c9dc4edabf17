import Dispatch
import Foundation

/// The fuzz executable: `fuzz <target> [libFuzzer options] [corpus folders]`. libFuzzer's own
/// `main` is replaced by this one (SwiftPM names the executable's entry point), which hands the
/// fuzzing loop to a thread of its own through `LLVMFuzzerRunDriver` and gives the main thread to
/// the main actor: the shell, its session host and the MCP server run there, and the targets
/// wait for them from the fuzzing thread.
@main enum FuzzMain {
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, let target = FuzzTargets.named(arguments[1]) else {
      let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
      FileHandle.standardError.write(Data("usage: fuzz <target> [libFuzzer options] [corpus folders]; targets: \(names)\n".utf8))
      exit(2)
    }
    FuzzTargets.selected = target
    // Whatever a target makes lands in the working folder (`make fuzz` runs each target in a
    // scratch folder of its own): the attachment's socket, a shell's temporary files.
    let scratch = FileManager.default.currentDirectoryPath
    for variable in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "TMPDIR"] { setenv(variable, scratch, 1) }
    // A peer that closed its end is an error where it is written to, not a signal that ends the run.
    signal(SIGPIPE, SIG_IGN)
    let driver = Thread {
      // libFuzzer reads the options after the program name: drop the target's name from them.
      var passed = [arguments[0]] + arguments.dropFirst(2)
      var count = CInt(passed.count)
      var pointers: [UnsafeMutablePointer<CChar>?] = passed.indices.map { strdup(passed[$0]) } + [nil]
      let status = pointers.withUnsafeMutableBufferPointer { buffer in
        var vector = buffer.baseAddress
        return LLVMFuzzerRunDriver(&count, &vector, fuzzOneInput)
      }
      passed.removeAll()
      exit(status)
    }
    // The parser recurses as deep as the nesting limit allows.
    driver.stackSize = 64 << 20
    driver.start()
    dispatchMain()
  }
}

/// libFuzzer's driver, from the fuzzer runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One input, handed to the selected target as bytes. Named as libFuzzer names it: the runtime's
/// own `main`, linked but replaced, refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTargets.selected?.run(bytes)
  return 0
}
