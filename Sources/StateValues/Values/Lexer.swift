/// Splits one line of the command language into tokens, each with its 1-based column.
public struct Lexer {
  /// One token of a line.
  public enum Token: Equatable {
    case identifier(String)
    case int(Int)
    case double(Double)
    case string(String)
    case punctuation(Character)
    /// `==`, `!=`, `<`, `<=`, `>` or `>=`.
    case comparison(String)
    case end
  }

  /// A token with the column it starts at.
  public struct Located: Equatable {
    public let token: Token
    public let column: Int
  }

  public static func tokenize(_ line: String, startColumn: Int = 1) throws(CommandError) -> [Located] {
    let characters = Array(line)
    var tokens: [Located] = []
    var index = 0
    func column(_ position: Int) -> Int { startColumn + position }
    while index < characters.count {
      let character = characters[index]
      if character.isSpace {
        index += 1
        continue
      }
      let start = index
      if character == "\"" {
        tokens.append(Located(token: .string(try readString(characters, &index, startColumn: startColumn)), column: column(start)))
      } else if character.isDecimalDigit
        || (character == "-" && index + 1 < characters.count && characters[index + 1].isDecimalDigit)
      {
        tokens.append(Located(token: try readNumber(characters, &index, startColumn: startColumn), column: column(start)))
      } else if character.isIdentifierStart {
        var word = ""
        while index < characters.count, characters[index].isIdentifierContinuation {
          word.append(characters[index])
          index += 1
        }
        tokens.append(Located(token: .identifier(word), column: column(start)))
      } else if "=!<>".contains(character) {
        let followedByEquals = index + 1 < characters.count && characters[index + 1] == "="
        switch (character, followedByEquals) {
        case ("=", false):
          throw CommandError("`=` does not compare: write `==`", column: column(start))
        case ("!", false):
          throw CommandError("unexpected character '!': write `!=` to compare", column: column(start))
        default:
          tokens.append(Located(token: .comparison(followedByEquals ? "\(character)=" : "\(character)"), column: column(start)))
          index += followedByEquals ? 2 : 1
        }
      } else if "().,:[]\\-".contains(character) {
        tokens.append(Located(token: .punctuation(character), column: column(start)))
        index += 1
      } else if character == "'" {
        throw CommandError("strings and quoted keys take double quotes: write \"…\" for '…'", column: column(start))
      } else {
        throw CommandError("unexpected character \(character.debugQuoted)", column: column(start))
      }
    }
    tokens.append(Located(token: .end, column: column(characters.count)))
    return tokens
  }

  private static func readString(_ characters: [Character], _ index: inout Int, startColumn: Int) throws(CommandError) -> String {
    let openColumn = startColumn + index
    index += 1
    var text = ""
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "\"":
        return text
      case "\\":
        guard index < characters.count else { break }
        let escaped = characters[index]
        index += 1
        switch escaped {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "0": text.append("\0")
        case "\"", "\\", "'": text.append(escaped)
        case "u":
          guard index < characters.count, characters[index] == "{",
            let close = characters[index...].firstIndex(of: "}"),
            let code = UInt32(String(characters[(index + 1)..<close]), radix: 16),
            let scalar = Unicode.Scalar(code)
          else {
            throw CommandError("malformed \\u{…} escape in string", column: startColumn + index - 2)
          }
          text.unicodeScalars.append(scalar)
          index = close + 1
        default:
          throw CommandError("unknown escape \\\(escaped) in string (use \\n, \\t, \\\", \\\\ or \\u{…})", column: startColumn + index - 2)
        }
      default:
        text.append(character)
      }
    }
    throw CommandError("unterminated string: add a closing \"", column: openColumn)
  }

  private static func readNumber(_ characters: [Character], _ index: inout Int, startColumn: Int) throws(CommandError) -> Token {
    let start = index
    var text = ""
    if characters[index] == "-" {
      text.append("-")
      index += 1
    }
    var isDouble = false
    while index < characters.count {
      let character = characters[index]
      if character.isDecimalDigit || character == "_" {
        if character != "_" { text.append(character) }
      } else if character == ".", !isDouble, index + 1 < characters.count, characters[index + 1].isDecimalDigit {
        isDouble = true
        text.append(character)
      } else if character == "e" || character == "E" {
        isDouble = true
        text.append("e")
        if index + 1 < characters.count, "+-".contains(characters[index + 1]) {
          index += 1
          text.append(characters[index])
        }
      } else {
        break
      }
      index += 1
    }
    if isDouble, let number = Double(text) {
      return .double(number)
    }
    if !isDouble, let number = Int(text) {
      return .int(number)
    }
    throw CommandError("malformed number \(text)", column: startColumn + start)
  }
}

extension Character {
  var isIdentifierStart: Bool {
    if let ascii = asciiValue {
      return (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A) || ascii == 0x5F
    }
    return isLetter
  }

  /// `0`…`9` only: other numerals would not read as a Swift number.
  var isDecimalDigit: Bool {
    guard let ascii = asciiValue else { return false }
    return ascii >= 0x30 && ascii <= 0x39
  }

  /// White space, checked cheaply for ASCII.
  public var isSpace: Bool {
    if let ascii = asciiValue {
      return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
    }
    return isWhitespace
  }

  public var isIdentifierContinuation: Bool {
    if let ascii = asciiValue {
      return (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x30 && ascii <= 0x39) || ascii == 0x5F
    }
    return isLetter || isNumber
  }
  /// The character quoted for an error message; one that holds what the printer escapes
  /// (`ValuePrinter.isEscaped`: a control, a bidirectional override) spelled out, `U+202E`.
  var debugQuoted: String {
    guard unicodeScalars.contains(where: ValuePrinter.isEscaped) else { return "'\(self)'" }
    return unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }.joined(separator: " ")
  }
}
