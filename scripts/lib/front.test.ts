import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startFront } from "./front.mjs";

const servers: http.Server[] = [];
const upgraded: import("node:stream").Duplex[] = [];
afterEach(async () => {
  for (const socket of upgraded.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

/** A stand-in for workerd on a free port; returns its URL. */
async function upstream(handler: http.RequestListener, onUpgrade?: (req: http.IncomingMessage, socket: import("node:stream").Duplex) => void) {
  const server = http.createServer(handler);
  if (onUpgrade) server.on("upgrade", onUpgrade);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function front(target: URL) {
  const server = await startFront({ host: "127.0.0.1", port: 0, upstream: target });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the local store's front", () => {
  it("lets at most 16 requests reach workerd at once; the others wait their turn and are all answered", async () => {
    let inFlight = 0;
    let most = 0;
    const base = await front(
      await upstream((_req, res) => {
        most = Math.max(most, ++inFlight);
        setTimeout(() => {
          inFlight--;
          res.end("ok");
        }, 50);
      }),
    );
    const answers = await Promise.all(Array.from({ length: 120 }, () => fetch(`${base}/page`).then((r) => r.text())));
    expect(answers).toEqual(Array(120).fill("ok"));
    expect(most).toBe(16);
  });

  it("passes the request on unchanged (method, path, Host, body) and every header of the answer", async () => {
    let seen: { method?: string; url?: string; host?: string; body: string } = { body: "" };
    const base = await front(
      await upstream((req, res) => {
        req.setEncoding("utf8");
        req.on("data", (d: string) => (seen.body += d));
        req.on("end", () => {
          seen = { ...seen, method: req.method, url: req.url, host: req.headers.host };
          res.writeHead(
            303,
            [
              ["Location", "/cart"],
              ["Set-Cookie", "a=1; Path=/"],
              ["Set-Cookie", "b=2; Path=/"],
            ].flat(),
          );
          res.end();
        });
      }),
    );
    // Sent with node:http, since fetch may not set Host.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${base}/cart/add?x=1`, {
        method: "POST",
        headers: { Host: "localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
      });
      req.on("response", (r) => (r.resume(), resolve(r)));
      req.on("error", reject);
      req.end("productId=1");
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/cart");
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(seen).toEqual({ body: "productId=1", method: "POST", url: "/cart/add?x=1", host: "localhost:8787" });
  });

  it("joins a WebSocket upgrade to workerd, outside the limit, both ways", async () => {
    const base = await front(
      await upstream(
        (_req, res) => res.end(),
        (_req, socket) => {
          upgraded.push(socket);
          socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
          socket.on("data", (d) => socket.write(`echo:${d}`));
        },
      ),
    );
    const echoed = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${base}/api/auction/1/watch`, { headers: { Connection: "Upgrade", Upgrade: "websocket" } });
      req.on("upgrade", (res, socket) => {
        expect(res.statusCode).toBe(101);
        socket.once("data", (d) => (resolve(String(d)), socket.destroy()));
        socket.write("ping");
      });
      req.on("error", reject);
      req.end();
    });
    expect(echoed).toBe("echo:ping");
  });

  /** A stand-in that, like workerd after some answers, drops a connection when a second request arrives on it. */
  const served = new WeakSet<object>();
  const dropsTheNextRequest: http.RequestListener = (req, res) => {
    if (served.has(req.socket)) return req.socket.destroy();
    served.add(req.socket);
    setTimeout(() => res.end(`answered ${req.method} ${req.url}`), 20);
  };

  it("never sends a request on a connection that served another, even with requests waiting their turn", async () => {
    const base = await front(await upstream(dropsTheNextRequest));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${base}/cart/add`, { method: "POST", body: `x=${i}` }).then((r) => r.text())),
    );
    expect(answers).toEqual(Array(40).fill("answered POST /cart/add"));
  });

  it("sends a GET once more when workerd dropped its connection, never a POST", async () => {
    const calls: string[] = [];
    const base = await front(
      await upstream((req, res) => {
        calls.push(`${req.method} ${req.url}`);
        if (calls.filter((c) => c === `${req.method} ${req.url}`).length === 1) return req.socket.destroy();
        res.end("second try");
      }),
    );
    expect(await (await fetch(`${base}/products`)).text()).toBe("second try");
    expect((await fetch(`${base}/api/bids`, { method: "POST", body: "{}" })).status).toBe(502);
    expect(calls).toEqual(["GET /products", "GET /products", "POST /api/bids"]);
  });

  it("passes on an answer workerd gave before reading a large body, then closing the connection", async () => {
    const base = await front(
      await upstream((req, res) => {
        res.writeHead(413, { "Content-Type": "text/plain" });
        res.end("too large", () => req.socket.destroy());
      }),
    );
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/admin-dashboard/delivery`, { method: "POST", body: "x".repeat(4_000_000) });
      expect([res.status, await res.text()]).toEqual([413, "too large"]);
    }
  });
});
