import ArgumentParser

/// A size in bytes as `--mcp-max-line` takes it: `4194304`, `512KiB` or `16MiB` (`K`, `KB`,
/// `M` and `MB` mean the same binary units). At least one byte.
struct ByteCount: ExpressibleByArgument, Sendable, Equatable {
  let bytes: Int

  init(bytes: Int) {
    self.bytes = bytes
  }

  init?(argument: String) {
    let units: [(suffixes: [String], factor: Int)] = [
      (["KiB", "KB", "K", "k"], 1 << 10), (["MiB", "MB", "M"], 1 << 20), (["GiB", "GB", "G"], 1 << 30), ([""], 1),
    ]
    for unit in units {
      for suffix in unit.suffixes where argument.hasSuffix(suffix) {
        guard let number = Int(argument.dropLast(suffix.count)), number > 0 else { continue }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit.factor)
        guard !overflow else { return nil }
        self.bytes = bytes
        return
      }
    }
    return nil
  }

  var defaultValueDescription: String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20)MiB" : bytes % (1 << 10) == 0 ? "\(bytes >> 10)KiB" : "\(bytes)"
  }
}
