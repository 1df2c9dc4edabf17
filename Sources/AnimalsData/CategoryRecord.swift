import GRDB

/// The row of the `category` table: a `Category` as the local database stores it.
struct CategoryRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "category"

  var categoryId: String
  var name: String
}

extension CategoryRecord {
  /// The row that stores `category`.
  init(_ category: Category) {
    self.init(categoryId: category.categoryId, name: category.name)
  }

  /// The value this row stores.
  var category: Category {
    Category(categoryId: self.categoryId, name: self.name)
  }
}
