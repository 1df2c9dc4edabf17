import Foundation
import TestSupport

/// Headless Chromium driven through chromedriver's W3C WebDriver API on loopback: the real
/// browser, the real page. `make test` installs both (Debian packages `chromium chromium-driver`);
/// when they are missing the tests fail and say so, they do not skip.
final class WebDriver: Sendable {
  /// What went wrong talking to the browser.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let driver: ChildProcess
  /// A folder of this session's own in the temporary folder, removed by `quit()`: the browser's
  /// profile (chromedriver's own would be left behind whenever the driver is stopped) and the
  /// temporary folder of the driver and the browser, whose `org.chromium.Chromium.scoped_dir.*`
  /// stays behind whenever the browser is ended before it cleans up (a loaded machine).
  private let profile: URL
  /// chromedriver's port.
  private let base: Int
  private let session: String

  private init(driver: ChildProcess, profile: URL, base: Int, session: String) {
    self.profile = profile
    self.driver = driver
    self.base = base
    self.session = session
  }

  /// The browser's executable and the driver's, where Debian installs them.
  static let chromium = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
  static let chromedriver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Starts chromedriver and a headless browser session; the driver's log goes to `logPath`.
  static func start(logPath: String) async throws -> WebDriver {
    guard let chromium, let chromedriver else {
      throw Failure(description: "headless Chromium and chromedriver are missing: run `make test` (it installs the Debian packages chromium and chromium-driver) or `apt-get install chromium chromium-driver`")
    }
    let port = try LoopbackSocket.freePort()
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-profile-\(UUID().uuidString.prefix(8))")
    let userData = profile.appendingPathComponent("user-data")
    let temporary = profile.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: userData, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    let child = try ChildProcess.spawn(chromedriver, ["--port=\(port)"], environment: ["TMPDIR": temporary.path], outputPath: logPath)
    let base = port
    let deadline = ContinuousClock.now + PipedChild.hangGuard
    while ContinuousClock.now < deadline {
      if let status = try? await request("GET", base, "/status", nil) as? [String: Any], status["ready"] as? Bool == true { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    let capabilities: [String: Any] = [
      "capabilities": ["alwaysMatch": [
        "browserName": "chrome",
        // A script waits for what the page signals, not for a window of time (W3C's default is
        // 30 s): only the hang guard ends it, as every wait of these tests.
        "timeouts": ["script": Int(PipedChild.hangGuard.components.seconds) * 1000],
        "goog:chromeOptions": [
          "binary": chromium,
          "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900", "--user-data-dir=\(userData.path)"],
        ],
      ]]
    ]
    do {
      let created = try await request("POST", base, "/session", capabilities) as? [String: Any]
      guard let session = created?["sessionId"] as? String else { throw Failure(description: "chromedriver made no session: \(String(describing: created))") }
      return WebDriver(driver: child, profile: profile, base: base, session: session)
    } catch {
      child.send(SIGKILL)
      _ = await child.waitForExit()
      try? FileManager.default.removeItem(at: profile)
      throw error
    }
  }

  /// Runs `body` with a browser, then ends it, whatever happened.
  static func with<T>(logPath: String, _ body: (WebDriver) async throws -> T) async throws -> T {
    let driver = try await start(logPath: logPath)
    do {
      let result = try await body(driver)
      await driver.quit()
      return result
    } catch {
      await driver.quit()
      throw error
    }
  }

  /// Ends the browser session and the driver.
  func quit() async {
    _ = try? await Self.request("DELETE", base, "/session/\(session)", nil)
    driver.send(SIGTERM)
    let watchdog = Task { [driver] in
      try await Task.sleep(for: .seconds(5))
      driver.send(SIGKILL)
    }
    _ = await driver.waitForExit()
    watchdog.cancel()
    try? FileManager.default.removeItem(at: profile)
  }

  /// Opens `url` and returns once the page has loaded.
  func open(_ url: String) async throws {
    _ = try await command("POST", "url", ["url": url])
  }

  /// Sizes the window so that the page's viewport (`innerWidth` × `innerHeight`) is `width` ×
  /// `height`: the window is set, the browser's own frame measured, and the window set again.
  func setViewport(width: Int, height: Int) async throws {
    _ = try await command("POST", "window/rect", ["width": width, "height": height])
    let inner = try await run("return [window.innerWidth, window.innerHeight];")
    let sizes = (try JSONSerialization.jsonObject(with: Data(inner.utf8)) as? [Int]) ?? []
    guard sizes.count == 2 else { throw Failure(description: "the page did not say its viewport: \(inner)") }
    if sizes == [width, height] { return }
    _ = try await command("POST", "window/rect", ["width": 2 * width - sizes[0], "height": 2 * height - sizes[1]])
  }

  /// Runs `script` (a function body) in the page with `arguments`; returns its result as JSON text.
  @discardableResult
  func run(_ script: String, _ arguments: [Any] = []) async throws -> String {
    let value = try await command("POST", "execute/sync", ["script": "return JSON.stringify((() => { \(script) })())", "args": arguments])
    return value as? String ?? "null"
  }

  /// Runs `script`, whose last argument is a callback it calls with its result, as JSON text.
  func runAsync(_ script: String) async throws -> String {
    let wrapped = "const done = arguments[arguments.length - 1]; const finish = (v) => done(JSON.stringify(v)); \(script)"
    return try await command("POST", "execute/async", ["script": wrapped, "args": []]) as? String ?? "null"
  }

  /// Waits until `condition` (a JavaScript expression) is true in the page; fails after `timeout`,
  /// the hang guard unless a test says otherwise.
  func wait(until condition: String, timeout: Duration = PipedChild.hangGuard) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try await run("return Boolean(\(condition));") == "true" { return }
      try await Task.sleep(for: .milliseconds(25))
    }
    let page = try await run("return document.body ? document.body.innerText.slice(0, 2000) : '';")
    throw Failure(description: "the page never met `\(condition)` within \(timeout); it shows: \(page)")
  }

  /// Clicks the element `selector` finds.
  func click(_ selector: String) async throws {
    _ = try await command("POST", "element/\(try await element(selector))/click", [:])
  }

  /// Types `text` into the element `selector` finds, as keys (`\u{E007}` is Enter).
  func type(_ text: String, into selector: String) async throws {
    let id = try await element(selector)
    _ = try await command("POST", "element/\(id)/clear", [:])
    _ = try await command("POST", "element/\(id)/value", ["text": text])
  }

  /// The visible text of the element `selector` finds.
  func text(_ selector: String) async throws -> String {
    try await command("GET", "element/\(try await element(selector))/text", nil) as? String ?? ""
  }

  /// The page as PNG.
  func screenshot() async throws -> Data {
    guard let encoded = try await command("GET", "screenshot", nil) as? String, let data = Data(base64Encoded: encoded) else {
      throw Failure(description: "no screenshot")
    }
    return data
  }

  /// The elements each ARIA role may be found among: the roles are then read from Chromium's own
  /// accessibility tree (`computedrole`), as are the names (`computedlabel`). Chromium names the
  /// role of `role="img"` `image`, as ARIA 1.3 does.
  private static let candidates: [String: String] = [
    "button": "button, [role=button]", "slider": "input[type=range], [role=slider]", "checkbox": "input[type=checkbox]",
    "searchbox": "input[type=search]", "textbox": "input:not([type]), input[type=text], input[type=number]", "combobox": "select",
    "tree": "[role=tree]", "treeitem": "[role=treeitem]", "option": "[role=option]", "status": "[role=status], output",
    "list": "ol, ul", "table": "table", "region": "section", "search": "[role=search]", "group": "[role=group]", "img": "svg, img", "image": "svg, img",
  ]

  /// The first element of ARIA role `role` whose accessible name contains `name`, as a person
  /// using a screen reader finds it; fails with the names of that role there are.
  func element(role: String, name: String) async throws -> String {
    let css = Self.candidates[role] ?? "[role=\(role)]"
    let found = try await command("POST", "elements", ["using": "css selector", "value": css]) as? [[String: Any]] ?? []
    var names: [String] = []
    for item in found {
      guard let id = item.values.first as? String else { continue }
      guard try await command("GET", "element/\(id)/computedrole", nil) as? String == role else { continue }
      let label = try await command("GET", "element/\(id)/computedlabel", nil) as? String ?? ""
      if label.contains(name) { return id }
      names.append(label)
    }
    throw Failure(description: "no \(role) named “\(name)”; the \(role)s there are named \(names)")
  }

  /// Clicks the element of `role` named `name`.
  func click(role: String, name: String) async throws {
    _ = try await command("POST", "element/\(try await element(role: role, name: name))/click", [:])
  }

  /// Sends `keys` to the element of `role` named `name` as typed (`\u{E012}` Left, `\u{E014}` Right, `\u{E010}` End).
  func press(_ keys: String, role: String, name: String) async throws {
    _ = try await command("POST", "element/\(try await element(role: role, name: name))/value", ["text": keys])
  }

  /// Runs `script` with the element of `role` named `name` as `arguments[0]`; returns its result as JSON text.
  func run(_ script: String, onRole role: String, name: String) async throws -> String {
    let id = try await element(role: role, name: name)
    let value = try await command("POST", "execute/sync", ["script": "return JSON.stringify((() => { \(script) })())", "args": [["element-6066-11e4-a386-4a6b6b6e6f6e": id, "ELEMENT": id]]])
    return value as? String ?? "null"
  }

  /// Emulates the system's colour preference (`light` or `dark`) for `prefers-color-scheme`.
  func prefer(colorScheme: String) async throws {
    _ = try await command("POST", "goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia", "params": ["features": [["name": "prefers-color-scheme", "value": colorScheme]]]])
  }

  /// Picks `path` in the file field `selector`, as choosing the file in the browser's dialog does.
  func choose(file path: String, in selector: String) async throws {
    _ = try await command("POST", "element/\(try await element(selector))/value", ["text": path])
  }

  private func element(_ selector: String) async throws -> String {
    let found = try await command("POST", "element", ["using": "css selector", "value": selector]) as? [String: Any]
    guard let id = found?.values.first as? String else { throw Failure(description: "no element matches \(selector)") }
    return id
  }

  private func command(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> Any? {
    try await Self.request(method, base, "/session/\(session)/\(path)", body)
  }

  /// One WebDriver request; returns its `value`, or throws the driver's error message.
  private static func request(_ method: String, _ port: Int, _ path: String, _ body: [String: Any]?) async throws -> Any? {
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let reply = try await RawHTTP.exchange(port: port, method: method, target: path, host: "127.0.0.1:\(port)", body: data)
    let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
    let value = object?["value"]
    if let failure = value as? [String: Any], let error = failure["error"] as? String {
      throw Failure(description: "\(method) \(path): \(error): \(failure["message"] as? String ?? "")")
    }
    return value
  }
}

extension WebDriver {
  /// Saves the page as PNG under $INSPECTOR_SCREENSHOTS, when it is set.
  func keepScreenshot(named name: String) async throws {
    guard let folder = ProcessInfo.processInfo.environment["INSPECTOR_SCREENSHOTS"] else { return }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await screenshot().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
  }
}
