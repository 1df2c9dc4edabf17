-- wrk script: every request adds one animal.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"mutation":[{"addAnimal":{"name":"Bench","diet":"Omnivore","categoryId":"Bird"}}]}'
