extension Domain {
  /// Every domain that ships with the shell, the default first.
  public static let all: [Domain] = [.counter, .animals, .quakes]
}
