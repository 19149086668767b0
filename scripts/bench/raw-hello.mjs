// The baseline for `npm run bench -- api`: the least a Node HTTP server can do per request.
import http from "node:http";

const body = JSON.stringify({ hello: "world" });
http
  .createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
