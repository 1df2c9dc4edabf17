/// An action the reducer rejected, and how many actions the state had applied then: what
/// `shrink rejects` starts from.
package struct RejectedAction<Action> {
  package let action: Action
  /// The action as the shell writes it.
  package let text: String
  /// The history's position when it was rejected: the actions before it.
  package let position: Int

  /// The rejection of `action`, written `text`, at history position `position`.
  package init(action: Action, text: String, position: Int) {
    self.action = action
    self.text = text
    self.position = position
  }
}
