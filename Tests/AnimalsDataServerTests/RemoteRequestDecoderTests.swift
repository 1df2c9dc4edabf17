import AnimalsData
import AnimalsDataServerCore
import Foundation
import Testing

/// The decoder's lists of operation names match what `RemoteRequest` really decodes.
@Suite struct RemoteRequestDecoderTests {
  @Test(arguments: RemoteRequestDecoder.queryNames)
  func everyListedQueryNameDecodes(_ name: String) throws {
    let request = try RemoteRequestDecoder().decode(Data(#"{"query": [{"\#(name)": {}}]}"#.utf8))
    #expect(request.query?.count == 1)
  }

  @Test func everyListedMutationNameDecodes() throws {
    let bodies = [
      "addAnimal": #"{"name": "Eagle", "diet": "Carnivore", "categoryId": "Bird"}"#,
      "deleteAnimal": #"{"animalId": "Cat"}"#,
      "reloadSampleData": "{}",
      "updateAnimal": #"{"animalId": "Cat", "name": "Cat", "diet": "Carnivore", "categoryId": "Mammal"}"#,
    ]
    #expect(bodies.keys.sorted() == RemoteRequestDecoder.mutationNames)
    for (name, arguments) in bodies {
      let request = try RemoteRequestDecoder().decode(Data(#"{"mutation": [{"\#(name)": \#(arguments)}]}"#.utf8))
      #expect(request.mutation?.count == 1)
    }
  }

  @Test func aRequestRoundTripsThroughTheRemoteStoreEncoding() throws {
    let request = RemoteRequest(
      query: [.animals, .categories],
      mutation: [.addAnimal(name: "Eagle", diet: .carnivorous, categoryId: "Bird"), .reloadSampleData]
    )
    let url = try #require(URL(string: "http://127.0.0.1/animals/api"))
    let body = try #require(RemoteStore<URLSessionNetworkSession>.networkRequest(url: url, remoteRequest: request).httpBody)
    #expect(try RemoteRequestDecoder().decode(body) == request)
  }
}
