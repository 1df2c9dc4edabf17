import ReplShell
import ShelfDomain

/// `shelfshell`: the shell of the shelf app.
@main struct ShelfShell: ReplShellApp {
  static let domains: [Domain] = [.shelf]
}
