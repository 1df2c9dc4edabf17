import Dispatch
import Foundation
import Synchronization

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
    Watchdog.start()
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
  Watchdog.inputStarted.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
  FuzzTargets.selected?.run(bytes)
  Watchdog.inputStarted.store(0, ordering: .releasing)
  return 0
}

/// The per-input budget, kept by a thread of its own. libFuzzer's `-timeout` rides on SIGALRM,
/// which it honours only on the thread that runs its loop, and the kernel hands the signal to
/// any thread: while that thread waits for the main actor, a hang could go unreported. The
/// watchdog aborts the run instead, and libFuzzer's handler of the abort keeps the input.
enum Watchdog {
  /// When the input being run started (`DispatchTime` nanoseconds), 0 between inputs.
  static let inputStarted = Atomic<UInt64>(0)

  /// Starts watching when `FUZZ_BUDGET_SECONDS` (which `run.sh` sets to `-timeout`) is given.
  static func start() {
    guard let text = ProcessInfo.processInfo.environment["FUZZ_BUDGET_SECONDS"], let seconds = UInt64(text), seconds > 0 else { return }
    let watcher = Thread {
      while true {
        Thread.sleep(forTimeInterval: 0.1)
        let started = inputStarted.load(ordering: .acquiring)
        guard started != 0, DispatchTime.now().uptimeNanoseconds - started > seconds * 1_000_000_000 else { continue }
        FileHandle.standardError.write(Data("==fuzz== hang: one input ran past its budget of \(seconds) s\n".utf8))
        abort()
      }
    }
    watcher.start()
  }
}
