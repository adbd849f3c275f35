// libFuzzer's entry point over permsim's harnesses (Scripts/fuzz builds this with -sanitize=fuzzer).
//
// Built by Scripts/fuzz (PERMSIM_LIBFUZZER) it hands its arguments to libFuzzer's driver, with the harness
// named by PERMSIM_FUZZ_TARGET (scenario, plist or strings). Built normally it replays files instead:
// `permsim-fuzz scenario|plist|strings FILE...`.
import Foundation
import Fuzzing

/// The harness libFuzzer's callback runs, chosen once from the environment.
let fuzzTarget: FuzzHarness.Target = {
  let name = ProcessInfo.processInfo.environment["PERMSIM_FUZZ_TARGET"] ?? "scenario"
  guard let target = FuzzHarness.Target(rawValue: name) else {
    FileHandle.standardError.write(Data("permsim-fuzz: PERMSIM_FUZZ_TARGET must be scenario, plist or strings\n".utf8))
    exit(2)
  }
  return target
}()

/// libFuzzer's callback: one input through the chosen harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzHarness.run(fuzzTarget, bytes)
  return 0
}

#if PERMSIM_LIBFUZZER
/// libFuzzer's driver (its own `main` stays out of the link: SwiftPM's executable defines `main`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

@main
struct PermsimFuzz {
  static func main() {
    #if PERMSIM_LIBFUZZER
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    #else
    replay(CommandLine.arguments.dropFirst())
    #endif
  }

  /// Replays files through a harness, as a regression check outside libFuzzer.
  static func replay(_ arguments: ArraySlice<String>) {
    guard let name = arguments.first, let target = FuzzHarness.Target(rawValue: name) else {
      print("usage: permsim-fuzz scenario|plist|strings FILE...")
      exit(2)
    }
    for path in arguments.dropFirst() {
      guard let data = FileManager.default.contents(atPath: path) else {
        print("permsim-fuzz: cannot read \(path)")
        exit(2)
      }
      FuzzHarness.run(target, [UInt8](data))
    }
    print("permsim-fuzz: \(arguments.count - 1) inputs replayed through the \(name) harness")
  }
}
