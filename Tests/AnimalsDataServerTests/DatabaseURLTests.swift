import AnimalsDataServerPostgres
import Testing

/// Reading `--database` and `DATABASE_URL` values.
@Suite struct DatabaseURLTests {
  @Test func aFullURLIsReadWithItsPasswordDecoded() throws {
    let url = try DatabaseURL("postgres://animals:p%40ss@db.example.com:6543/zoo?sslmode=require")
    #expect(url.host == "db.example.com")
    #expect(url.port == 6543)
    #expect(url.username == "animals")
    #expect(url.password == "p@ss")
    #expect(url.database == "zoo")
    #expect(url.tlsMode == .require)
    #expect(url.description == "postgres://animals@db.example.com:6543/zoo")
  }

  @Test func thePortAndTLSModeHaveLibpqsDefaults() throws {
    let url = try DatabaseURL("postgresql://animals@localhost/zoo")
    #expect(url.port == 5432)
    #expect(url.password == nil)
    #expect(url.tlsMode == .prefer)
  }

  @Test(arguments: [
    ("mysql://u@h/db", "mysql://u@h/db is not a database URL: the scheme must be postgres://"),
    ("postgres://h/db", "postgres://h/db is not a database URL: it names no user"),
    ("postgres://u:secret@h", "postgres://u:***@h is not a database URL: it must name one database after the host, as in /animals"),
    ("postgres://u@h/db?sslmode=maybe", "postgres://u@h/db?sslmode=maybe is not a database URL: the only parameter understood is sslmode=disable, prefer, require"),
    ("postgres://u@h:99999/db", "postgres://u@h:99999/db is not a database URL: the port must be between 1 and 65535"),
  ])
  func aBadURLSaysWhatIsWrong(_ text: String, _ message: String) {
    let error = #expect(throws: DatabaseURL.Error.self) { try DatabaseURL(text) }
    #expect(error?.description == message + "; expected postgres://user[:password]@host[:port]/dbname")
  }
}
