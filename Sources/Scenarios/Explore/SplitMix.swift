/// The random numbers of `explore`: SplitMix64, fast and the same on every platform, so a seed
/// replays the same runs anywhere.
package struct SplitMix: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator started at `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0).
  package mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `numerator` in `denominator`.
  mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }

  /// The seed of run `index` of an explore started at `seed`.
  static func runSeed(_ seed: UInt64, run index: Int) -> UInt64 {
    var mixer = SplitMix(seed: seed ^ (UInt64(index) &* 0xD134_2543_DE82_EF95))
    return mixer.next()
  }
}
