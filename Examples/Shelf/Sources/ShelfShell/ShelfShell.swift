import ReplShell
import ShelfDomain

/// `shelfshell`: the shell for the shelf app.
@main struct ShelfShell: ReplShellApp {
  static let domains: [Domain] = [.shelf]
}
