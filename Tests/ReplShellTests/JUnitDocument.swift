import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit report read back with Foundation's XML parser (libxml2), as a CI system reads it.
final class JUnitDocument: NSObject, XMLParserDelegate {
  /// One `testcase`: its name and the text of its `failure`, if any.
  struct TestCase: Equatable {
    var name: String
    var failureMessage: String?
    var failureText: String?
  }

  private(set) var suites: [[String: String]] = []
  private(set) var testCases: [TestCase] = []
  private var inFailure = false

  /// Parses `data`; nil when it is not well-formed XML.
  init?(_ data: Data) {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else { return nil }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch elementName {
    case "testsuite": suites.append(attributes)
    case "testcase": testCases.append(TestCase(name: attributes["name"] ?? ""))
    case "failure":
      inFailure = true
      testCases[testCases.count - 1].failureMessage = attributes["message"] ?? ""
      testCases[testCases.count - 1].failureText = ""
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inFailure {
      testCases[testCases.count - 1].failureText? += string
    }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if elementName == "failure" { inFailure = false }
  }
}
