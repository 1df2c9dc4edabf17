#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single keys from the terminal on standard input, without waiting for Return, for
/// `--review`.
struct KeyReader {
  /// Whether standard input is a terminal to read keys from.
  static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

  /// The next key typed that is one of `keys`; nil at the end of input or on Ctrl-D.
  func readKey(among keys: Set<Character>) -> Character? {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) == 1, byte != 4 {
      let key = Character(Unicode.Scalar(byte))
      if keys.contains(key) { return key }
    }
    return nil
  }
}
