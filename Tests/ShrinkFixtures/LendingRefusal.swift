/// The reducer's refusals, so that a candidate that lends what is not there is left out.
public struct LendingRefusal: Error, CustomStringConvertible {
  public let description: String
}
