import SessionProtocol
#if canImport(Glibc)
/// What an attached shell hands its inspector: the link to the app, and how to print in the
/// terminal what a line the page ran printed (the terminal shows it as a typed line's output).
public struct AttachedInspection: Sendable {
  /// The inspector's connection to the app.
  public let link: AttachedInspectionLink
  /// Prints a line's events behind the prompt, then the prompt the app gave (nil: the same).
  public let show: @Sendable (_ events: [SessionEvent], _ prompt: String?) -> Void

  /// Describes it.
  public init(link: AttachedInspectionLink, show: @escaping @Sendable ([SessionEvent], String?) -> Void) {
    self.link = link
    self.show = show
  }
}
#endif
