/// An action the reducer rejected, and how many actions the state had applied then: what
/// `shrink rejects` starts from.
public struct RejectedAction<Action> {
  /// The action the reducer refused.
  public let action: Action
  /// The action as the shell writes it.
  public let text: String
  /// The history's position when it was rejected: the actions before it.
  public let position: Int

  /// The rejection of `action`, written `text`, at history position `position`.
  public init(action: Action, text: String, position: Int) {
    self.action = action
    self.text = text
    self.position = position
  }
}
