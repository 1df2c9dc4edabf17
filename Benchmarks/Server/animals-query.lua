-- wrk script: every request reads all animals.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"query":[{"animals":{}}]}'
