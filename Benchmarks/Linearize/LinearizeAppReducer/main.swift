import Foundation
import Linearizability

// `LinearizeAppReducer MODEL FILE...`: checks each history as `replshell linearize --no-witness`
// does and prints its verdict line, with MODEL `register` or `kv` (the samples `linearize` ships)
// or `app-register` or `app-kv` (an app's own reducers in `ReducerModel`, `AppReducers`).
// `Linearize/run.sh` times it beside Porcupine in one run.
let arguments = Array(CommandLine.arguments.dropFirst())
let domains: [String: LinearizabilityDomain] = [
  "register": .register, "kv": .keyValue,
  "app-register": LinearizabilityDomain(name: "app-register", summary: "an app's register reducer", model: AppReducers.registerModel),
  "app-kv": LinearizabilityDomain(name: "app-kv", summary: "an app's key-value reducer", model: AppReducers.storeModel),
]
guard let name = arguments.first, let domain = domains[name], arguments.count > 1 else {
  print("usage: LinearizeAppReducer register|kv|app-register|app-kv FILE...")
  exit(64)
}
var run = LinearizeRun(domain: domain)
run.explains = false
// The files on every core, as `replshell linearize` checks them; their lines in the files' order.
run.check(paths: Array(arguments.dropFirst())) { report in
  for line in report.lines.prefix(1) { print(line) }
}
if name.hasPrefix("app-") { print("reducer calls: \(reducerCalls.load(ordering: .relaxed))") }
