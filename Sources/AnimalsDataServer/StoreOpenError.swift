/// The database file given with `--store` could not be opened.
struct StoreOpenError: Error, CustomStringConvertible {
  let path: String
  let underlying: any Error

  var description: String {
    "cannot open the store at \(self.path): \(self.underlying)"
  }
}
